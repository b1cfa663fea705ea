// Reactions on the page: only the fixed set is shown, each by its seat for SHOW_MS, a later one
// from the same seat in place of the earlier, and every one gone once its time is up.

import assert from "node:assert/strict";
import { test } from "node:test";
import { EMOJI, SHOW_MS, createReactions, heardReaction, liveReactions } from "../../src/homegame/server/static/js/reactions.js";

test("a reaction shows by its seat until its time is up", () => {
  const showing = createReactions();
  heardReaction(showing, { seat: 2, emoji: "🔥" }, 1000);
  heardReaction(showing, { seat: 0, emoji: "👍" }, 2000);
  assert.deepEqual(liveReactions(showing, 1000 + SHOW_MS - 1), [[2, "🔥"], [0, "👍"]]);
  assert.deepEqual(liveReactions(showing, 1000 + SHOW_MS), [[0, "👍"]]);
  assert.deepEqual(liveReactions(showing, 2000 + SHOW_MS), []);
  assert.equal(showing.size, 0, "the reactions past their time are forgotten");
});

test("a seat's later reaction takes the place of its earlier one, with its own time", () => {
  const showing = createReactions();
  heardReaction(showing, { seat: 1, emoji: "😂" }, 0);
  heardReaction(showing, { seat: 1, emoji: "😮" }, SHOW_MS - 10);
  assert.deepEqual(liveReactions(showing, SHOW_MS + 10), [[1, "😮"]]);
});

test("only the fixed set of eight is shown", () => {
  assert.equal(EMOJI.length, 8);
  const showing = createReactions();
  heardReaction(showing, { seat: 1, emoji: "<img src=x onerror=alert(1)>" }, 0);
  assert.deepEqual(liveReactions(showing, 1), []);
});
