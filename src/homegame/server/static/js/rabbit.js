// The rabbit hunt: after a hand that ended before its last card, a seat may ask to see the cards
// that would have come; the server says whether there is one (`state.rabbit`, null: none) and,
// once asked, the cards. Shown to all, marked as not played. rabbitLines decides, drawRabbit draws.

import { cardElement } from "./cards.js";
import { nameOfTable } from "./snapshot.js";
import { el } from "./util.js";

/** Whether this page may ask for the rabbit: one is offered, nobody has asked, the page is a seat's. */
export function rabbitOffered(state, you) {
  return Boolean(state.rabbit) && state.rabbit.seat === null && you !== null && you !== undefined;
}

/** The rabbit's lines, [{label, cards}]: "Board" for a row's cards, the seat's name for a seat's. */
export function rabbitLines(state) {
  const rabbit = state.rabbit;
  if (!rabbit || rabbit.seat === null) return [];
  return rabbit.deals.map((deal) => ({ label: deal.seat === null ? (deal.row === "board" ? "Board" : deal.row) : nameOfTable(state, deal.seat), cards: deal.cards }));
}

/** Append the rabbit (or the button asking for it) to `box`; `ask()` sends the question. */
export function drawRabbit(box, state, you, ask) {
  if (rabbitOffered(state, you)) {
    box.append(el("button", { type: "button", class: "act secondary rabbit-ask", dataset: { rabbit: "ask" }, onclick: ask }, "Show the rabbit"));
    return;
  }
  const lines = rabbitLines(state);
  if (!lines.length) return;
  const who = `${state.rabbit.name} asked: the cards that would have come (not played)`;
  box.append(
    el(
      "div",
      { class: "rabbit", dataset: { rabbit: String(state.rabbit.hand) }, "aria-label": who },
      el("p", { class: "rabbit-head" }, who),
      lines.map((line) => el("div", { class: "rabbit-line" }, el("span", { class: "row-label" }, line.label), line.cards.map((card) => cardElement(card, { size: "small" })))),
    ),
  );
}
