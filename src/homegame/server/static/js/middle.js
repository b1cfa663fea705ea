// The middle of the table: the board and the other rows of cards, the pot, what is wild; between
// hands, what the table waits for. Pure decisions (middleRows, potText, wildNote), then the drawing.

import { cardElement, rankPlural, wildKind } from "./cards.js";
import { nameOfTable, rowLabel, wildOf } from "./snapshot.js";
import { chips, el, words } from "./util.js";

/** The rows of community cards as [{name, cards: [{card, price}]}], the board first; a card
 * offered for sale (the Grocery Store) with its price from the seat's `buy` descriptor. */
export function middleRows(view) {
  const prices = new Map();
  for (const legal of view.legal) {
    if (legal.kind === "buy") for (const choice of legal.choices) if (choice.price) prices.set(choice.name, choice.price);
  }
  const rows = Object.entries(view.rows).filter(([, cards]) => cards.length);
  rows.sort(([a], [b]) => (b === "board") - (a === "board"));
  return rows.map(([name, cards]) => ({ name, cards: cards.map((card) => ({ card, price: prices.get(card) ?? 0 })) }));
}

/** The second board of a hand run twice (its cards), else null: the first is the board itself. */
export function secondBoard(view) {
  return view.runouts?.length === 2 ? view.runouts[1] : null;
}

/** The pot as the table says it: "Pot 40", with the main and side pots when there are several. */
export function potText(view) {
  const text = [`Pot ${chips(view.pot)}`];
  if (view.pots.length > 1) text.push(view.pots.map((pot, i) => `${i === 0 ? "main" : `side ${i}`} ${chips(pot.amount)}`).join(" · "));
  return text.join(" — ");
}

/** What is wild, in words: "threes, nines wild · jokers wild". */
export function wildNote(wild) {
  if (!wild) return "";
  const text = [];
  if (wild.ranks.length) text.push(`${wild.ranks.map(rankPlural).join(", ")} wild`);
  if (wild.cards.length) text.push(`${wild.cards.join(" ")} wild`);
  if (wild.jokers) text.push("jokers wild");
  else if (wild.bug) text.push("the joker is the bug");
  return text.join(" · ");
}

/** Between hands: what the table waits for. */
export function waitingText(state, you) {
  if (state.status === "waiting") return "Waiting for players…";
  if (state.status === "paused") return "Paused by the host";
  if (state.choosing) return state.choosing.seat === you ? "Your deal: choose the game" : `${nameOfTable(state, state.choosing.seat)} is choosing the game…`;
  return "";
}

export function drawMiddle(middle, state, view, you) {
  middle.replaceChildren();
  if (!view) {
    const text = waitingText(state, you);
    if (text) middle.append(el("p", { class: "waiting" }, text));
    return;
  }
  const wild = wildOf(view);
  const others = el("div", { class: "other-rows" });
  for (const { name, cards } of middleRows(view)) {
    const drawn = cards.map(({ card, price }) => {
      const node = cardElement(card, { wild: wildKind(card, wild), size: name === "board" ? "" : "small" });
      return price ? el("span", { class: "priced" }, node, el("span", { class: "price" }, chips(price))) : node;
    });
    const label = name === "board" ? null : el("span", { class: "row-label" }, words(rowLabel(name)));
    const row = el("div", { class: `row row-${name}`, dataset: { row: name } }, label, el("div", { class: "row-cards" }, drawn));
    (name === "board" ? middle : others).append(row);
  }
  const second = secondBoard(view);
  if (second) {
    const cards = second.map((card) => cardElement(card, { wild: wildKind(card, wild) }));
    const label = el("span", { class: "row-label" }, "Second board");
    middle.append(el("div", { class: "row row-board runout", dataset: { board: "2" } }, label, el("div", { class: "row-cards" }, cards)));
  }
  if (others.children.length) middle.append(others);
  middle.append(el("div", { class: "pot", "aria-label": `pot ${view.pot}` }, potText(view)));
  const note = wildNote(wild);
  if (note) middle.append(el("div", { class: "wild-note" }, note));
}

// The kill game (rules document 004, variation 4): "Kill ×2" while the stakes of the game in play
// (or the next deal) are doubled; a quiet note while the killer's run doubles nothing.
export const KILL_RULE = "a player who wins two pots in a row doubles the next fixed-limit hand's stakes";

export function drawKill(badge, state) {
  const kill = state.kill;
  badge.hidden = !kill;
  badge.dataset.doubled = kill ? String(kill.doubled) : "";
  badge.title = kill?.doubled ? "This hand's stakes are twice the game's" : kill ? "Kill game: no kill this hand" : "";
  badge.replaceChildren(...(!kill ? [] : kill.doubled ? ["Kill ×2", el("span", { class: "who" }, `: ${kill.name} killed`)] : [`${kill.name} has won two in a row`]));
}
