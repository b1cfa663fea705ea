// Sending an action: one that puts every chip of the stack in asks first.

/** True when putting `putIn` chips in takes the seat's whole stack (`ctx.me`, the seat's view). */
export function isAllIn(ctx, putIn) {
  const stack = ctx.me?.stack ?? Infinity;
  return stack > 0 && putIn >= stack;
}

/** Send `action`, after the player confirms when it is `allIn`. */
export async function sendChecked(ctx, action, allIn, what) {
  if (allIn && !(await ctx.confirm(`${what}: that puts all your chips in. All in?`))) return;
  ctx.send(action);
}


/**
 * The action to send again once connected again: the one last sent (`record.sentAct`), when the
 * welcome's snapshot `state` shows its decision still open (the same `turn`: it may never have
 * arrived). The server applies an action for a `hand` and `seq` once, so sending it twice is safe.
 */
export function resendAfterWelcome(record, state) {
  const { sentAct, sentTurn } = record;
  return sentAct && sentTurn !== null && state.turn === sentTurn ? sentAct : null;
}
