// The result of a hand: its board, the awards as the server says them, how it came about when no
// hand name says it, and the hands shown at the showdown. resultRows, resultLines and shownParts
// are the pure decisions.

import { calledWords } from "./calls.js";
import { cardElement } from "./cards.js";
import { middleRows, secondBoard } from "./middle.js";
import { rowLabel } from "./snapshot.js";
import { chips, el, words } from "./util.js";

// The events that say how a result came about when no hand name does: Chinese poker's scores
// and a mis-set hand, Five-O's columns, High Card Poker's knock-outs (and why its pot carries
// over), a guts loser matching the pot; and a hand mucked unseen at the showdown.
const EXPLAINS = new Set(["scored", "paid_units", "set_shown", "column_judged", "columns_won", "knocked_out", "knockout_tie", "matched", "mucked"]);

/**
 * The lines of a result: [{seat, text, cards}] one an award (its `text` from the server, the
 * winning hand's cards); a game settled in units (Chinese poker) says each seat's net instead.
 * `name(viewSeat)` names a seat.
 */
export function resultLines(result, name) {
  const lines = result.awards.map((award) => ({ seat: award.seat, text: award.text, cards: award.judged?.made.cards ?? [] }));
  if (!lines.length) {
    result.net.forEach((net, seat) => {
      if (net) lines.push({ seat, text: `${name(seat)} ${net > 0 ? "wins" : "loses"} ${chips(Math.abs(net))}`, cards: [] });
    });
    if (!lines.length) lines.push({ seat: null, text: "No chips changed hands", cards: [] });
  }
  if (result.carried) lines.push({ seat: null, text: `${chips(result.carried)} carried over to the next deal`, cards: [] });
  return lines;
}

/**
 * Each seat's declaration, as the server says it: [{seat, side, text}] (side: high, low, both or
 * the game's word; text: who declared what, and why a "both" got nothing).
 */
export function declaredLines(result) {
  return (result.declared ?? []).map((d) => ({ seat: d.seat, side: d.side, text: d.text }));
}

/**
 * The community cards a finished hand ended with, from its view (the snapshot's `last.view`):
 * [{name, cards}] one a row dealt, the board first; none without a view or a row.
 */
export function resultRows(view) {
  return view ? middleRows(view).map(({ name, cards }) => ({ name, cards: cards.map(({ card }) => card) })) : [];
}

/** The result's board (`data-board`) and other rows (`data-row`: Good and Bad, the extra hand). */
function resultBoard(view) {
  const rows = resultRows(view);
  if (!rows.length) return null;
  return el(
    "div",
    { class: "result-board" },
    rows.map(({ name, cards }) =>
      el(
        "div",
        { class: "result-row", dataset: name === "board" ? { board: "" } : { row: name } },
        name === "board" ? null : el("span", { class: "row-label" }, words(rowLabel(name))),
        cards.map((card) => cardElement(card, { size: "small" })),
      ),
    ),
    runoutRow(view),
  );
}

/** A hand run twice: its second board, under the first (`data-board="2"`); else nothing. */
function runoutRow(view) {
  const second = secondBoard(view);
  if (!second) return null;
  const label = el("span", { class: "row-label" }, "Second board");
  return el("div", { class: "result-row runout", dataset: { board: "2" } }, label, second.map((card) => cardElement(card, { size: "small" })));
}

/** The events that explain a result (a dead set only when it is dead). */
export function explaining(events) {
  return events.filter((e) => EXPLAINS.has(e.type) && (e.type !== "set_shown" || e.dead));
}

/**
 * A shown hand divided into parts (Chinese poker's rows, Five-O's columns, Pi Gow's five and two):
 * [{side, label, cards, name}] one a part; null when the hand is one hand judged in each contest.
 */
export function shownParts(event) {
  const parts = event.hands.filter((hand) => hand.held.length);
  if (parts.length < 2 || !parts.every((hand) => hand.held.length < event.cards.length)) return null;
  return parts.map((hand) => ({ side: hand.side, label: rowLabel(hand.side), cards: hand.held, name: hand.made.name }));
}

function shownHand(event, name) {
  const tiny = (card) => cardElement(card, { size: "tiny" });
  const parts = shownParts(event);
  if (parts) {
    return el(
      "div",
      { class: "shown-hand divided", dataset: { seat: event.seat } },
      el("span", { class: "who" }, `${name(event.seat)}:`),
      parts.map((part) =>
        el("span", { class: "part", dataset: { side: part.side } }, el("span", { class: "row-label" }, part.label), part.cards.map(tiny), el("span", { class: "part-name" }, part.name)),
      ),
    );
  }
  const names = event.hands.map((judged) => judged.text);
  return el(
    "span",
    { class: "shown-hand", dataset: { seat: event.seat } },
    `${name(event.seat)}: `,
    event.cards.map(tiny),
    names.length ? el("span", { class: "shown-name" }, names.join(" · ")) : null,
  );
}

/**
 * Draw the result of `done` ({hand, events, result, name, view}, null: none) into `box`; `title` is
 * its heading, `onReplay` (or null) replays it. `view`, the hand's view at its end, gives its board.
 */
export function drawResult(box, done, title, onReplay) {
  if (!done) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.hand = done.hand;
  const shown = done.events.filter((e) => e.type === "shown");
  const how = explaining(done.events);
  const replay = onReplay
    ? el("button", { type: "button", class: "act secondary replay", "aria-label": `Replay hand ${done.hand}`, onclick: onReplay }, "Replay")
    : null;
  box.replaceChildren(
    el("h2", { class: "result-head" }, title, replay),
    el(
      "ul",
      {},
      resultLines(done.result, done.name).map((line) =>
        el("li", { class: "award" }, line.text, line.cards.length ? el("span", { class: "award-cards" }, line.cards.map((c) => cardElement(c, { size: "tiny" }))) : null),
      ),
    ),
  );
  const board = resultBoard(done.view);
  if (board) box.firstElementChild.after(board); // under the heading
  const rules = calledWords(done.options);
  if (rules) box.append(el("p", { class: "house-called", dataset: { options: JSON.stringify(done.options) } }, `House rules: ${rules}`));
  const declared = declaredLines(done.result);
  if (declared.length) box.append(el("ul", { class: "declared" }, declared.map((d) => el("li", { dataset: { seat: d.seat, declared: d.side } }, d.text))));
  if (how.length) box.append(el("ul", { class: "how" }, how.map((e) => el("li", {}, e.text))));
  if (shown.length) box.append(el("div", { class: "shown" }, shown.map((e) => shownHand(e, done.name))));
}
