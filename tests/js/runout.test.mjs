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
