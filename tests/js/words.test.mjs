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

const { buildControls } = await page("controls.js");
const { seatViewOf } = await page("snapshot.js");
const { fixtures } = await import("./fixtures.mjs");

const prompted = fixtures().flatMap((fixture) => fixture.states.filter((state) => state.view.prompt).map((state) => ({ game: fixture.game, state })));

test("Push, The Option, Guts and the rolls say what their decision asks, in the server's words", () => {
  const games = new Set(prompted.map((p) => p.game));
  for (const game of ["push", "the-option", "guts"]) assert.ok(games.has(game), `${game}: no decision with words`);
  for (const { game, state } of prompted) {
    const view = state.view;
    const ctx = {
      legal: view.legal, view, me: seatViewOf(state, view, state.you ?? 0), wild: view.wild, selection: new Set(), shown: new Set(),
      divide: {}, place: {}, amounts: {}, pickable() {}, rerender() {}, send() {},
    };
    const box = buildControls(ctx);
    const words = walk(box).filter((node) => node.dataset && "prompt" in node.dataset);
    assert.equal(words.length, 1, game);
    assert.equal(textOf(words[0]), view.prompt.says);
    if (game === "push" && view.prompt.to !== null) assert.ok(!view.prompt.says.includes("{to}") && view.prompt.says.includes("push it on to "), view.prompt.says);
    if (game === "the-option") assert.match(view.prompt.says, /wild for you alone/);
    if (view.legal.some((d) => d.kind === "roll")) assert.match(view.prompt.says, /^Roll: .*turn face up/);
    if (game === "guts") assert.match(view.prompt.says, /^In: .* Out: /);
  }
});
