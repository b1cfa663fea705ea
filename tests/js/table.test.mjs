// The middle of the table and the result, from every game's snapshots: the pot as the view says
// it, the rows with the board first, the awards in the server's words, divided hands by part.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtures, page } from "./fixtures.mjs";

const { middleRows, potText, wildNote } = await page("middle.js");
const { explaining, resultLines, shownParts } = await page("result.js");

const DIVIDED = new Set(["chinese-poker", "five-o", "pi-gow-stud"]);
const dividedShown = new Set();

for (const fixture of fixtures()) {
  test(`${fixture.game}: the middle shows the view's pot and rows`, () => {
    for (const state of [...fixture.states, { ...fixture.end, view: fixture.end.last.view }]) {
      const view = state.view;
      assert.ok(potText(view).startsWith(`Pot ${view.pot.toLocaleString("en-US")}`));
      assert.equal(potText(view).includes("side 1"), view.pots.length > 1);
      const rows = middleRows(view);
      assert.deepEqual(rows.map((row) => row.name).sort(), Object.keys(view.rows).filter((name) => view.rows[name].length).sort());
      if (rows.some((row) => row.name === "board")) assert.equal(rows[0].name, "board");
      for (const row of rows) assert.deepEqual(row.cards.map((c) => c.card), view.rows[row.name]);
      assert.equal(wildNote(view.wild) === "", !(view.wild.ranks.length || view.wild.cards.length || view.wild.jokers || view.wild.bug));
    }
  });

  test(`${fixture.game}: the result in the server's words`, () => {
    const { result, events } = fixture.end.last;
    const lines = resultLines(result, (seat) => `seat ${seat}`);
    for (const [index, award] of result.awards.entries()) assert.equal(lines[index].text, award.text);
    assert.equal(lines.at(-1).text.includes("carried over"), result.carried > 0);
    for (const event of explaining(events)) assert.ok(event.text.length > 0);
    for (const shown of events.filter((e) => e.type === "shown")) {
      const parts = shownParts(shown);
      if (parts) dividedShown.add(fixture.game);
      if (parts) assert.deepEqual(parts.flatMap((part) => part.cards).sort(), [...shown.cards].sort());
      else assert.ok(!DIVIDED.has(fixture.game) || shown.hands.length < 2, `${fixture.game}: a divided hand drawn whole`);
    }
  });
}

test("hands divided into parts are drawn by part in the games that divide them", () => {
  assert.ok(dividedShown.size > 0 && [...dividedShown].every((game) => DIVIDED.has(game)), [...dividedShown].join(", "));
});
