// The clock counts the decision's time down, then the bank.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./fixtures.mjs";

const { clockLeft } = await page("clock.js");

test("the decision's seconds, then the bank's", () => {
  const clock = { seat: 1, deadline_ms: 28000, bank_ms: 120000 };
  assert.deepEqual(clockLeft(clock, 0), { seconds: 28, bank: false, low: false });
  assert.deepEqual(clockLeft(clock, 19000), { seconds: 9, bank: false, low: true });
  assert.deepEqual(clockLeft(clock, 30000), { seconds: 118, bank: true, low: true });
  assert.deepEqual(clockLeft(clock, 10 ** 6), { seconds: 0, bank: true, low: true });
});
