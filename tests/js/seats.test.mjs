// What a seat shows, from every game's snapshots: its own cards to its player, never another's
// hidden ones; its flags; the hands it has made, as the server names them.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtures, page } from "./fixtures.mjs";

const { seatCards, seatFlags, seatHands, winnings } = await page("seats.js");
const { seatViewOf } = await page("snapshot.js");

const snapshots = (fixture) => [...fixture.states, fixture.end.last ? { ...fixture.end, view: fixture.end.last.view, dealt: fixture.end.last.dealt } : fixture.end];

for (const fixture of fixtures()) {
  test(`${fixture.game}: each seat shows what the viewer may see, and no more`, () => {
    for (const state of snapshots(fixture)) {
      const view = state.view;
      for (const sv of view.seats) {
        const { cards, backs } = seatCards(sv);
        const placed = Object.values(sv.placed).flat();
        const visible = new Set([...sv.up, ...(sv.down ?? [])]);
        for (const { card } of cards) assert.ok(visible.has(card), `${card} of seat ${sv.seat} is not the viewer's to see`);
        const placedUp = new Set(placed.filter((card) => card !== "??"));
        // Every card once: drawn in the seat, or in the rows it placed them into (Five-O's columns).
        assert.equal(cards.length, [...(sv.down ?? []), ...sv.up].filter((card) => !placedUp.has(card)).length);
        assert.equal(backs, sv.down === null ? Math.max(0, sv.down_count - (placed.length - placedUp.size)) : 0);
        if (sv.seat === view.viewer) assert.equal(backs, 0, "the viewer sees every card of its own");
      }
    }
  });

  test(`${fixture.game}: flags and hands as the snapshot says them`, () => {
    for (const state of snapshots(fixture)) {
      const view = state.view;
      for (const entry of state.seats) {
        const sv = seatViewOf(state, view, entry.seat);
        const flags = seatFlags(entry, sv);
        assert.equal(flags.includes("folded"), Boolean(sv?.folded));
        assert.equal(flags.includes("bot"), entry.bot);
        if (sv && sv.seat === view.viewer) assert.deepEqual(seatHands(view, sv, true), view.hands.map((judged) => judged.text));
      }
      for (const sv of view.seats) for (const text of seatHands(view, sv, false)) assert.ok(text.length > 0);
    }
  });

  test(`${fixture.game}: the winners the seats show are the result's`, () => {
    const state = { ...fixture.end, view: null };
    const won = winnings(state, null);
    const { result, dealt } = fixture.end.last;
    for (const [index, net] of result.net.entries()) assert.equal(won.get(dealt[index]), net > 0 ? net : undefined);
  });
}
