// The previous hands: those this tab has seen (kept across reloads) and those the server keeps for
// the seat (its `history` answers, so a new device has them too), and the replay of one, step by
// step: the cards as the events dealt and showed them, the pot as each event says it (`pot`).

import { cardElement } from "./cards.js";
import { rowLabel } from "./snapshot.js";
import { chips, el, words } from "./util.js";

/**
 * The table after the first `step` events of a hand (1: after the first), as one seat saw them:
 * `rows` of community cards, `seats` (view seat -> {down, up, hidden, shown, folded, won}), the
 * `pot` the step's event says, and `now`, the event in words.
 */
export function replayStep(events, step) {
  const table = { rows: {}, seats: new Map(), pot: events[step - 1].pot, now: events[step - 1].text };
  const seat = (n) => {
    if (!table.seats.has(n)) table.seats.set(n, { down: [], up: [], hidden: 0, shown: null, folded: false, won: [] });
    return table.seats.get(n);
  };
  for (const event of events.slice(0, step)) {
    if (event.type === "dealt") {
      if (event.seat === null) table.rows[event.row] = [...(table.rows[event.row] ?? []), ...(event.cards.length ? event.cards : Array(event.hidden).fill("??"))];
      else if (event.up) seat(event.seat).up.push(...event.cards);
      else if (event.cards.length) seat(event.seat).down.push(...event.cards);
      else seat(event.seat).hidden += event.hidden;
    } else if (event.type === "acted" && event.action.kind === "fold") seat(event.seat).folded = true;
    else if (event.type === "drew" && event.drawn.length) {
      const mine = seat(event.seat);
      mine.down = [...mine.down.filter((card) => !event.discarded.includes(card)), ...event.drawn];
    } else if (event.type === "turned_up") table.rows[event.row] = event.cards;
    else if (event.type === "shown") seat(event.seat).shown = event.cards;
    else if (event.type === "won") seat(event.seat).won.push(event.amount);
  }
  return table;
}

const MAX_KEPT = 50;

/** Keep a finished hand (the snapshot's `last`, with `names` by view seat) in `history`, and the last ones in the tab's storage. */
export function remember(history, key, last) {
  if (history.has(last.hand)) return;
  history.set(last.hand, last);
  try {
    sessionStorage.setItem(key, JSON.stringify([...history.values()].slice(-MAX_KEPT)));
  } catch {
    /* the panel keeps this page's hands only */
  }
}

/**
 * `history` with the `hands` of a `history` answer (each the shape of the snapshot's `last`, most
 * recent first), each given its players' names (`names(dealt)`): a new map, oldest hand first.
 */
export function mergeHistory(history, hands, names) {
  const merged = new Map(history);
  for (const last of hands) if (!merged.has(last.hand)) merged.set(last.hand, { ...last, names: names(last.dealt) });
  return new Map([...merged.entries()].sort((a, b) => a[0] - b[0]));
}

/** The hands kept in the tab's storage. */
export function loadHistory(key) {
  const history = new Map();
  try {
    for (const last of JSON.parse(sessionStorage.getItem(key) ?? "[]")) history.set(last.hand, last);
  } catch {
    history.clear();
  }
  return history;
}

/** The name of a view seat of a kept hand. */
export function keptName(last) {
  return (seat) => last.names[seat] ?? `seat ${seat + 1}`;
}

/** The list of previous hands, newest first, each with its awards and a Replay button; `older()`, when given, asks for more. */
export function drawHistory(list, history, title, replay, older = null) {
  list.replaceChildren();
  const hands = [...history.values()].reverse();
  if (!hands.length) list.append(el("li", { class: "muted none" }, "No hands yet."));
  for (const last of hands) {
    const awards = last.result ? last.result.awards.map((award) => award.text) : [];
    list.append(
      el(
        "li",
        { class: "past-hand" },
        el("strong", {}, `#${last.hand} ${title(last.game)}`),
        el("div", {}, awards.join("; ")),
        el("button", { type: "button", class: "act secondary", "aria-label": `Replay hand ${last.hand}`, onclick: () => replay(last) }, "Replay"),
      ),
    );
  }
  if (older && hands.length) list.append(el("li", {}, el("button", { type: "button", class: "act secondary", dataset: { action: "older" }, onclick: older }, "Older hands")));
}

/** Replay a kept hand in the `#replay` dialog, one event a step. */
export function replay(last, $) {
  const events = last.events;
  const name = keptName(last);
  let step = 1;
  const small = (card) => cardElement(card, { size: "small" });
  const show = () => {
    $("replay-title").replaceChildren(`Hand ${last.hand} (${last.game}): step ${step} of ${events.length}`);
    const table = replayStep(events, step);
    const seats = [...table.seats.entries()].sort((a, b) => a[0] - b[0]);
    $("replay-body").replaceChildren(
      el("p", { class: "replay-now" }, table.now),
      el(
        "div",
        { class: "replay-table" },
        Object.entries(table.rows).map(([row, cards]) => el("div", { class: "replay-row" }, el("span", { class: "row-label" }, words(rowLabel(row))), cards.map(small))),
        seats.map(([index, seat]) =>
          el(
            "div",
            { class: `replay-seat${seat.folded ? " folded" : ""}`, dataset: { seat: index } },
            el("span", { class: "name" }, name(index)),
            (seat.shown ?? [...seat.down, ...Array(seat.hidden).fill("??")]).map(small),
            seat.shown ? null : seat.up.map(small),
            seat.won.length ? el("span", { class: "seat-won" }, seat.won.map((amount) => `+${chips(amount)}`).join(" ")) : null,
          ),
        ),
        el("div", { class: "pot", dataset: { pot: table.pot } }, `Pot ${chips(table.pot)}`),
      ),
      el("ol", { class: "replay-log" }, events.slice(0, step).map((e, i) => el("li", { class: i === step - 1 ? "current" : "" }, e.text))),
    );
    $("replay-body").querySelector(".replay-log li.current")?.scrollIntoView({ block: "nearest" });
  };
  const go = (to) => {
    step = Math.max(1, Math.min(events.length, to));
    show();
  };
  $("replay-prev").onclick = () => go(step - 1);
  $("replay-next").onclick = () => go(step + 1);
  $("replay-all").onclick = () => go(events.length);
  show();
  $("replay").showModal();
}
