// All-in odds: while no more betting is possible and cards are still to come, the server sends each
// hand's chance in words (`state.odds`, null otherwise); the page shows them as they are.

import { nameOfTable } from "./snapshot.js";
import { el } from "./util.js";

/** The odds' lines, [{seat, name, text}] one a hand still in, and how they were worked out. */
export function oddsLines(state) {
  const odds = state.odds;
  if (!odds) return { lines: [], how: "" };
  return { lines: odds.seats.map((seat) => ({ seat: seat.seat, name: nameOfTable(state, seat.seat), text: seat.text })), how: odds.how };
}

/** Append the odds to `box` (nothing when there are none). */
export function drawOdds(box, state) {
  const { lines, how } = oddsLines(state);
  if (!lines.length) return;
  box.append(
    el(
      "div",
      { class: "odds", dataset: { odds: "" }, "aria-label": "all-in odds" },
      lines.map((line) => el("div", { class: "odds-line", dataset: { seat: String(line.seat) } }, el("span", { class: "who" }, line.name), " ", line.text)),
      el("p", { class: "odds-how" }, how),
    ),
  );
}
