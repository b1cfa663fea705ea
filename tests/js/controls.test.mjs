// Which controls a descriptor gives, over every descriptor of every game's decisions: each lands
// in its form's group, and the labels, presets and card buttons say what the action does.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtures, page } from "./fixtures.mjs";

const { choiceLabel, groupByForm, plainLabel, presets } = await page("controls.js");
const { cardsLabel } = await page("divide.js");
const { seatViewOf } = await page("snapshot.js");

const FORMS = ["plain", "amount", "cards", "choice", "divide", "place"];
const seen = new Set();

for (const fixture of fixtures()) {
  test(`${fixture.game}: every descriptor gets the controls of its form`, () => {
    for (const state of fixture.states) {
      const legal = state.view.legal;
      const groups = groupByForm(legal);
      assert.deepEqual(Object.keys(groups), FORMS);
      assert.equal(Object.values(groups).flat().length, legal.length);
      const ctx = { view: state.view, me: seatViewOf(state, state.view, 0) };
      for (const d of legal) {
        seen.add(d.form);
        if (d.form === "plain") {
          const label = plainLabel(d);
          assert.ok(label.length > 0);
          if (d.amount) assert.ok(label.includes(d.amount.toLocaleString("en-US")), label);
        } else if (d.form === "amount") {
          const amounts = presets(ctx, d);
          assert.deepEqual(amounts[0], ["Min", d.min]);
          assert.equal(amounts.at(-1)[1], d.max);
          for (const [, amount] of amounts) {
            assert.ok(amount >= d.min && amount <= d.max && (amount - d.min) % (d.step || 1) === 0, `${amount} in ${d.min}..${d.max}`);
          }
        } else if (d.form === "choice") {
          for (const choice of d.choices) assert.equal(choiceLabel(d, choice).includes(`(${choice.price})`), choice.price > 0);
        } else if (d.form === "cards") {
          assert.equal(cardsLabel(d, d.min).includes("more"), false);
          if (d.min > 0) assert.match(cardsLabel(d, d.min - 1), /tap 1 more/);
          if (d.kind === "draw" && d.min === 0) assert.equal(cardsLabel(d, 0), "Stand pat");
          if (d.price) assert.ok(cardsLabel(d, d.max).endsWith(`(${d.price * d.max})`));
        }
      }
    }
  });
}

test("the games' decisions cover every form", () => {
  assert.deepEqual([...seen].sort(), [...FORMS].sort());
});
