// The finished hand stays on the felt until the next deal: the felt draws the snapshot's `last`
// (its view, its seats mapped by `last.dealt`) once no hand is in progress, and the result shows
// the board the hand ended with, the board first, then the other rows.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtures, page } from "./fixtures.mjs";

const { feltOf, seatViewOf } = await page("snapshot.js");
const { resultRows } = await page("result.js");

for (const fixture of fixtures()) {
  const { last } = fixture.end;

  test(`${fixture.game}: the result shows every row the hand ended with, the board first`, () => {
    const rows = resultRows(last.view);
    const dealt = Object.entries(last.view.rows).filter(([, cards]) => cards.length);
    assert.deepEqual(Object.fromEntries(rows.map(({ name, cards }) => [name, cards])), Object.fromEntries(dealt));
    if (last.view.board.length) assert.deepEqual(rows[0], { name: "board", cards: last.view.board });
    else assert.ok(rows.every((row) => row.name !== "board"));
  });

  test(`${fixture.game}: between hands the felt draws the hand just finished, its seats as it dealt them`, () => {
    const between = { ...fixture.end, view: null, dealt: [] };
    const felt = feltOf(between);
    assert.equal(felt.view, last.view);
    assert.deepEqual(felt.state.dealt, last.dealt);
    for (const [index, seat] of last.dealt.entries()) assert.equal(seatViewOf(felt.state, felt.view, seat), last.view.seats[index]);
    for (const state of fixture.states) assert.equal(feltOf(state).view, state.view, "a hand in progress is drawn as it is");
  });
}

test("no finished hand, no hand: nothing on the felt, and a result without a view has no board", () => {
  const state = { view: null, last: null, dealt: [] };
  assert.deepEqual(feltOf(state), { state, view: null });
  assert.deepEqual(resultRows(null), []);
  assert.deepEqual(resultRows(undefined), []);
});

test("an all-in runout's board, whole in the result", () => {
  const view = { rows: { board: ["8h", "As", "7h", "4h", "3h"] }, legal: [], board: ["8h", "As", "7h", "4h", "3h"] };
  assert.deepEqual(resultRows(view), [{ name: "board", cards: ["8h", "As", "7h", "4h", "3h"] }]);
  const twoRows = { rows: { bad: ["2c"], board: ["Kd", "Kh"], empty: [] }, legal: [] };
  assert.deepEqual(resultRows(twoRows).map((row) => row.name), ["board", "bad"]);
});
