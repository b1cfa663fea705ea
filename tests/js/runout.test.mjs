// Run it twice, rabbit hunt and all-in odds on the page: the page shows what the server sends.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./fixtures.mjs";

const { secondBoard } = await page("middle.js");

const view = (runouts) => ({ rows: { board: ["As", "Kd", "7c", "2h", "3s"] }, legal: [], runouts });

test("the second board is the second of the runouts, and none when the board was run once", () => {
  assert.deepEqual(secondBoard(view([["As", "Kd", "7c", "2h", "3s"], ["As", "Kd", "7c", "Qh", "Jc"]])), ["As", "Kd", "7c", "Qh", "Jc"]);
  assert.equal(secondBoard(view([])), null);
  assert.equal(secondBoard({ rows: {}, legal: [] }), null);
});

const { rabbitLines, rabbitOffered } = await page("rabbit.js");

const seats = [{ name: "ann" }, { name: "bo" }];

test("the rabbit is offered to a seat until someone asks, then shown by board and seat", () => {
  const offered = { seats, rabbit: { hand: 3, seat: null, name: null, deals: [] } };
  assert.equal(rabbitOffered(offered, 0), true);
  assert.equal(rabbitOffered(offered, null), false); // a spectator only watches
  assert.deepEqual(rabbitLines(offered), []);
  const shown = { seats, rabbit: { hand: 3, seat: 1, name: "bo", deals: [{ seat: null, row: "board", cards: ["7d", "8h", "9s"] }, { seat: 0, row: "board", cards: ["Kc"] }] } };
  assert.equal(rabbitOffered(shown, 0), false);
  assert.deepEqual(rabbitLines(shown), [{ label: "Board", cards: ["7d", "8h", "9s"] }, { label: "ann", cards: ["Kc"] }]);
  assert.equal(rabbitOffered({ seats, rabbit: null }, 0), false);
});

const { oddsLines } = await page("odds.js");

test("the odds are the server's words for each hand, and none when there are none", () => {
  const state = {
    seats,
    odds: { exact: false, deals: 3000, how: "a sample of 3,000 deals", contests: 1, seats: [{ seat: 1, equity: 820, win: 810, split: 20, text: "82% (win 81%, tie 2%)" }, { seat: 0, equity: 180, win: 170, split: 20, text: "18% (win 17%, tie 2%)" }] },
  };
  assert.deepEqual(oddsLines(state), {
    lines: [{ seat: 1, name: "bo", text: "82% (win 81%, tie 2%)" }, { seat: 0, name: "ann", text: "18% (win 17%, tie 2%)" }],
    how: "a sample of 3,000 deals",
  });
  assert.deepEqual(oddsLines({ seats, odds: null }), { lines: [], how: "" });
});

const { resultRows } = await page("result.js");

test("a finished hand run twice keeps its first board as the result's board (the second drawn under it)", () => {
  const first = ["As", "Kd", "7c", "2h", "3s"];
  const second = ["As", "Kd", "7c", "Qh", "Jc"];
  const view = { rows: { board: first }, legal: [], runouts: [first, second] };
  assert.deepEqual(resultRows(view), [{ name: "board", cards: first }]);
  assert.deepEqual(secondBoard(view), second);
});
