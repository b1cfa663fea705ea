// The replay shows, at each step, the pot the server says once that event has happened: right in
// every catalogue game (the engine's own account is the fixture's `truth`).

import assert from "node:assert/strict";
import { test } from "node:test";
import { fixtures, page } from "./fixtures.mjs";

const { replayStep } = await page("history.js");

for (const fixture of fixtures()) {
  test(`${fixture.game}: the replay's pot at each step is the engine's`, () => {
    const events = fixture.end.last.events;
    assert.equal(events.length, fixture.truth.pots.length);
    events.forEach((event, index) => {
      const step = replayStep(events, index + 1);
      assert.equal(step.pot, fixture.truth.pots[index], `step ${index + 1}: ${event.text}`);
      assert.equal(step.now, event.text);
    });
  });

  test(`${fixture.game}: the replay's last step shows the board and the hands shown`, () => {
    const { events, view } = fixture.end.last;
    const last = replayStep(events, events.length);
    if (view.rows.board?.length) assert.deepEqual(last.rows.board, view.rows.board);
    for (const shown of events.filter((e) => e.type === "shown")) assert.deepEqual(last.seats.get(shown.seat).shown, shown.cards);
    const folded = events.filter((e) => e.type === "acted" && e.action.kind === "fold").map((e) => e.seat);
    for (const seat of folded) assert.ok(last.seats.get(seat).folded, `seat ${seat} folded`);
  });
}
