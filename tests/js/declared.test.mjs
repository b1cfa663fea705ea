// A declare game's result says who declared what, seat by seat ([data-declared]), in the server's
// words, and why a "both" got nothing.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FakeElement, textOf, walk } from "./fakedom.mjs";
import { fixtures, page, scene } from "./fixtures.mjs";

const { declaredLines, drawResult } = await page("result.js");

test("each seat's declaration is a line of the result, marked with its side", () => {
  const last = scene("declare");
  const box = new FakeElement("section");
  drawResult(box, { ...last, name: (seat) => `seat ${seat}` }, "Hand 1: result", null);
  const lines = walk(box).filter((node) => node.dataset?.declared);
  assert.deepEqual(
    lines.map((node) => [Number(node.dataset.seat), node.dataset.declared]),
    [
      [0, "both"],
      [1, "low"],
      [2, "high"],
      [3, "high"],
    ],
  );
  const revealed = last.events.find((e) => e.type === "revealed");
  assert.deepEqual(lines.map((node) => [Number(node.dataset.seat), node.dataset.declared]), revealed.sides);
  assert.equal(textOf(lines[0]), "you declared both, lost high to cy; lost low to bob: nothing");
  assert.equal(textOf(lines[1]), "bob declared low");
});

test("every fixture's result draws one line a declaration it holds, none without", () => {
  for (const fixture of fixtures()) {
    const { result } = fixture.end.last;
    assert.deepEqual(
      declaredLines(result).map((d) => d.side),
      result.declared.map((d) => d.side),
    );
    const box = new FakeElement("section");
    drawResult(box, { ...fixture.end.last, name: (seat) => `seat ${seat}` }, "result", null);
    assert.equal(walk(box).filter((node) => node.dataset?.declared).length, result.declared.length, fixture.game);
  }
});
