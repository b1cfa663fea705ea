// The house rules a dealer calls with the game: the call holds only what the dealer changed from
// what the table plays, each value typed as the option's, and a result names the rules in words.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./fixtures.mjs";

const { called, calledWords, valueOf } = await page("calls.js");

const QUALIFIER = { name: "qualifier", default: "8", choices: ["none", "8"] };
const CAP = { name: "cap", default: 4, choices: [], bounds: null };
const LIFT = { name: "lift_cap_heads_up", default: true, choices: [] };

test("a control's value is the option's type", () => {
  assert.equal(valueOf(CAP, { value: "5" }), 5);
  assert.equal(valueOf(LIFT, { checked: false }), false);
  assert.equal(valueOf(QUALIFIER, { value: "none" }), "none");
});

test("the call is what the dealer changed from the table's rules, over the game's defaults", () => {
  const options = [QUALIFIER, CAP, LIFT];
  assert.deepEqual(called(options, [{ value: "8" }, { value: "4" }, { checked: true }], {}), {});
  assert.deepEqual(called(options, [{ value: "none" }, { value: "4" }, { checked: false }], {}), { qualifier: "none", lift_cap_heads_up: false });
  // the table plays a cap of 5: leaving it at 5 calls nothing, setting 4 calls 4
  assert.deepEqual(called(options, [{ value: "8" }, { value: "5" }, { checked: true }], { cap: 5 }), {});
  assert.deepEqual(called(options, [{ value: "8" }, { value: "4" }, { checked: true }], { cap: 5 }), { cap: 4 });
});

test("a result names the house rules in words", () => {
  assert.equal(calledWords({ qualifier: "none", lift_cap_heads_up: false, cap: 5 }), "qualifier none · lift cap heads up off · cap 5");
  assert.equal(calledWords({}), "");
  assert.equal(calledWords(undefined), "");
});
