// A live straddle before the deal, in words: the straddler is told it may straddle, everyone is
// told once it does, and nobody hears of an offer not taken.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./fixtures.mjs";

const { straddleText } = await page("middle.js");

const seats = [{ seat: 0, name: "ann" }, { seat: 1, name: "bob" }, { seat: 2, name: "cy" }];

test("the straddler may straddle; the others hear nothing until it does", () => {
  const state = { seats, straddle: { seat: 2, name: "cy", amount: 4, posted: false } };
  assert.equal(straddleText(state, 2), "You may straddle 4 before the deal");
  assert.equal(straddleText(state, 0), "");
  const posted = { seats, straddle: { ...state.straddle, posted: true } };
  assert.equal(straddleText(posted, 2), "You straddle 4 next hand");
  assert.equal(straddleText(posted, 0), "cy straddles 4 next hand");
  assert.equal(straddleText({ seats, straddle: null }, 0), "");
});
