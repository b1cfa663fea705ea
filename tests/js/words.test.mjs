// Words the server sends for what the page could not say: why High Card Poker's pot carries over.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FakeElement, textOf, walk } from "./fakedom.mjs";
import { page, scene } from "./fixtures.mjs";

const { drawResult, explaining } = await page("result.js");

test("High Card Poker's result says two survivors carry the pot, and calls no loser a survivor", () => {
  const last = scene("carry");
  assert.equal(last.result.awards.length, 0);
  assert.ok(last.result.carried > 0);
  const why = explaining(last.events).filter((e) => e.type === "knockout_tie");
  assert.equal(why.length, 1);
  const box = new FakeElement("section");
  drawResult(box, { ...last, name: (seat) => `seat ${seat}` }, "Hand 1: result", null);
  const how = walk(box).find((node) => node.className === "how");
  assert.match(textOf(how), /you and bob survive all 5 cards: two survivors carry the pot over to the next deal/);
  const shown = walk(box).filter((node) => node.className === "shown-name").map(textOf);
  assert.equal(shown.length, 3);
  assert.ok(shown.every((text) => !text.includes("last survivor")), shown.join(" | "));
});
