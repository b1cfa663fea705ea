// Show or muck on the page: the winner of a hand nobody called is offered each card alone and all
// of them (what the server's `muck.show` lists, nothing more), the menu's switch follows the
// table's word, a hand mucked is told in the result, and a card shown after the hand reaches the
// hands the page keeps.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./fixtures.mjs";

const { muckSwitch, showChoices } = await page("showmuck.js");
const { explaining } = await page("result.js");
const { remember, replayStep } = await page("history.js");

test("the winner may show each card alone or both, and nobody else is offered anything", () => {
  assert.deepEqual(showChoices({ allowed: true, on: false, show: ["As", "Kd"] }), [
    { cards: ["As"], label: "Show the ace of spades" },
    { cards: ["Kd"], label: "Show the king of diamonds" },
    { cards: ["As", "Kd"], label: "Show both" },
  ]);
  assert.equal(showChoices({ allowed: true, on: false, show: ["As", "Kd", "2c", "3c"] }).at(-1).label, "Show all");
  assert.deepEqual(showChoices({ allowed: true, on: false, show: ["Kd"] }), [{ cards: ["Kd"], label: "Show the king of diamonds" }]);
  assert.deepEqual(showChoices({ allowed: true, on: true, show: [] }), []);
  assert.deepEqual(showChoices(null), []); // a spectator
});

test("the muck switch is shown where the table lets a seat muck, ticked as the table says", () => {
  assert.deepEqual(muckSwitch({ allowed: true, on: true, show: [] }), { hidden: false, checked: true });
  assert.deepEqual(muckSwitch({ allowed: true, on: false, show: [] }), { hidden: false, checked: false });
  assert.deepEqual(muckSwitch({ allowed: false, on: false, show: [] }), { hidden: true, checked: false });
  assert.deepEqual(muckSwitch(null), { hidden: true, checked: false });
});

test("a hand mucked is told in the result's words", () => {
  const events = [{ type: "shown", seat: 0, text: "ann shows As Ah" }, { type: "mucked", seat: 1, text: "bob mucks" }];
  assert.deepEqual(explaining(events).map((e) => e.text), ["bob mucks"]);
});

test("a card shown after the hand reaches the hands kept", () => {
  const history = new Map();
  const last = { hand: 4, events: [{ type: "won", seat: 1, amount: 3 }] };
  remember(history, "k", last);
  remember(history, "k", { ...last, events: [...last.events, { type: "shown", seat: 1, cards: ["Ah"] }] });
  assert.equal(history.get(4).events.length, 2);
  remember(history, "k", last); // an older frame does not take it back
  assert.equal(history.get(4).events.length, 2);
});

test("a replay shows every card the winner showed, one at a time", () => {
  const events = [
    { type: "won", seat: 1, amount: 3 },
    { type: "shown", seat: 1, cards: ["Ah"] },
    { type: "shown", seat: 1, cards: ["As"] },
  ];
  assert.deepEqual(replayStep(events, events.length).seats.get(1).shown, ["Ah", "As"]);
});
