// The split's controls (Pi Gow's five and two, Chinese poker's rows): the rule in the server's
// words (not "strongest first"), and the seat's down cards marked, since a rule may ask for one.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FakeElement, textOf, walk } from "./fakedom.mjs";
import { fixtures, page } from "./fixtures.mjs";

const { divideControls, splitHint } = await page("divide.js");
const { seatViewOf } = await page("snapshot.js");

const splitting = fixtures().flatMap((fixture) =>
  fixture.states.flatMap((state) => state.view.legal.filter((d) => d.form === "divide").map((d) => ({ game: fixture.game, state, d }))),
);

test("the games that split are in the fixtures", () => {
  assert.deepEqual([...new Set(splitting.map((s) => s.game))].sort(), ["chinese-poker", "pi-gow-stud"]);
});

for (const { game, state, d } of splitting) {
  test(`${game}: the split states the game's rule, shows every card and marks the down ones among up cards`, () => {
    assert.ok(d.rule.length > 0, "the server states the rule");
    assert.ok(splitHint(d).includes(d.rule) && !splitHint(d).includes("strongest first"), splitHint(d));
    if (game === "pi-gow-stud") assert.match(d.rule, /^The five must beat the two .*the two must hold a down card\.$/);
    const me = seatViewOf(state, state.view, 0);
    const ctx = { me, wild: state.view.wild, divide: {}, rerender() {}, send() {} };
    const box = divideControls(ctx, d);
    assert.equal(textOf(walk(box).find((node) => node.className === "hint")), splitHint(d));
    const cards = walk(box).filter((node) => node instanceof FakeElement && node.dataset.card);
    assert.equal(cards.length, d.cards.length, "every card of the split is shown");
    const marked = cards.filter((node) => node.className.split(" ").includes("down")).map((node) => node.dataset.card);
    const expected = me.up.length ? d.cards.filter((card) => me.down.includes(card)) : []; // all down (Chinese poker): no marks
    assert.deepEqual(marked.sort(), expected.sort());
    if (game === "pi-gow-stud") assert.ok(marked.length > 0);
  });
}
