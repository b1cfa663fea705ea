// The page's one record of what it knows, and the one way to change it.
//
// Everything the page draws comes from `current()`: the last snapshot the server sent and what this
// tab adds to it (which seat it is, the hands it has seen, the decision being arranged). `update()`
// makes a new record from the old one and the changes; nothing else assigns to it. The scratch of
// the decision in progress (`selection`, `divide`, `place`, `amounts`) is replaced whole at each new
// decision, and the controls fill it in while the player arranges an answer.

let record = Object.freeze({
  state: null, // the last snapshot (docs/protocol.md)
  you: null, // the table seat of this page (null: a spectator)
  hand: 0,
  seq: 0,
  turn: null, // the snapshot's turn: when my decision began (null when I have none)
  sentTurn: null, // the turn my last action answered, until a state of another decision comes
  sentAct: null, // that action's message, sent again on connecting again while its decision is open
  historyMore: false, // the server may keep older hands than those in `history` (its last page was full)
  connection: "connecting",
  stopped: false, // the server closed this seat's socket for good
  ledgerHand: -1,
  rebuyAsked: null, // the seat's rebuy waiting for the host ({amount, stack}), to tell the answer
  history: new Map(), // hand number -> the `last` of that hand, with the seats' names
  games: null, // the catalogue, once fetched
  turnKey: "",
  selection: new Set(),
  divide: {},
  place: {},
  amounts: {},
  preview: null, // the server's judgement of the split being arranged
  pickable: new Set(),
  shownCards: new Set(),
});

/** The record as it stands. */
export function current() {
  return record;
}

/** A new record: the one before with `changes`. */
export function update(changes) {
  record = Object.freeze({ ...record, ...changes });
  return record;
}
