// Reading a snapshot (docs/protocol.md): which table seat a view's seat is, names, wild cards.
// Pure functions of the snapshot: no DOM, no state of their own.

/** The table seat of the view's seat `viewSeat` (the snapshot's `dealt` maps them). */
export function tableSeatOf(state, viewSeat) {
  return state?.dealt?.[viewSeat] ?? viewSeat;
}

/** The view's seat of table seat `tableSeat`, or null when it is not dealt in. */
export function viewSeatOf(state, tableSeat) {
  const index = (state?.dealt ?? []).indexOf(tableSeat);
  return index >= 0 ? index : null;
}

/**
 * What the felt shows: the hand in progress (or the street of an all-in runout being dealt), else
 * the hand just finished, every card shown at its showdown, until the next deal. Returns {state,
 * view}: the snapshot with `dealt` mapping that view's seats, and the view (null: nothing dealt).
 */
export function feltOf(state) {
  if (state.view || !state.last?.view) return { state, view: state.view ?? null };
  return { state: { ...state, dealt: state.last.dealt }, view: state.last.view };
}

/** The view of table seat `tableSeat` in `view` (null when it is not dealt in). */
export function seatViewOf(state, view, tableSeat) {
  const index = viewSeatOf(state, tableSeat);
  return view && index !== null ? (view.seats[index] ?? null) : null;
}

/** The name of table seat `seat`, `seat N` (from 1) while empty-named. */
export function nameOfTable(state, seat) {
  return state?.seats?.[seat]?.name || `seat ${seat + 1}`;
}

/** The names of a hand's seats by view seat, "(you)" after this page's: for labels, never for text. */
export function handNames(state, dealt, you) {
  const names = {};
  for (const [index, seat] of (dealt ?? []).entries()) names[index] = seat === you ? `${nameOfTable(state, seat)} (you)` : nameOfTable(state, seat);
  return names;
}

/** The view's wild cards ({ranks, cards, jokers, bug}), or none. */
export function wildOf(view) {
  return view?.wild ?? null;
}

/** A row's label: Five-O's numbered columns as "col N", other rows by name. */
export function rowLabel(name) {
  return String(Number(name)) === name ? `col ${name}` : name.replaceAll("-", " ");
}
