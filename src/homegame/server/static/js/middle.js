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
  if (state.status === "paused") return ["Paused by the host", straddleText(state, you)].filter(Boolean).join(" · ");
  if (state.choosing) return state.choosing.seat === you ? "Your deal: choose the game" : `${nameOfTable(state, state.choosing.seat)} is choosing the game…`;
  return straddleText(state, you);
}

/** A live straddle offered before the deal, in words: who straddles, or that you may. */
export function straddleText(state, you) {
  const offer = state.straddle;
  if (!offer) return "";
  const who = offer.seat === you ? "You" : nameOfTable(state, offer.seat);
  if (offer.posted) return `${who} ${offer.seat === you ? "straddle" : "straddles"} ${chips(offer.amount)} next hand`;
  return offer.seat === you ? `You may straddle ${chips(offer.amount)} before the deal` : "";
}

/** The straddler's button before the deal: post the straddle, or take it back (`send(post)`). */
export function straddleButton(offer, send) {
  const label = offer.posted ? "Take back the straddle" : `Straddle ${chips(offer.amount)}`;
  return el("div", { class: "action-row" }, el("button", { type: "button", class: "act", dataset: { action: "straddle", choice: String(!offer.posted) }, onclick: () => send(!offer.posted) }, label));
}

/** The middle of the felt: the view's rows, its pot and what is wild; a finished hand's board (the
 * result is beside the felt) with what the table waits for; between hands with none, that alone. */
export function drawMiddle(middle, state, view, you) {
  middle.replaceChildren();
  const text = waitingText(state, you);
  const waiting = text ? el("p", { class: "waiting" }, text) : null;
  if (!view) {
    if (waiting) middle.append(waiting);
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
  if (others.children.length) middle.append(others);
  if (!view.over) middle.append(el("div", { class: "pot", "aria-label": `pot ${view.pot}` }, potText(view)));
  const note = wildNote(wild);
  if (note) middle.append(el("div", { class: "wild-note" }, note));
  if (view.over && waiting) middle.append(waiting);
}

// The kill game (rules document 004, variation 4): "Kill ×2" while the stakes of the game in play
// (or the next deal) are doubled; a quiet note while the killer's run doubles nothing.
export const KILL_RULE = "a player who wins two pots in a row doubles the next fixed-limit hand's stakes";

/** The bomb pot the host called, waiting (the server's words in the title): a badge, else hidden. */
export function drawBomb(badge, state) {
  badge.hidden = !state.bomb;
  badge.title = state.bomb?.text ?? "";
  badge.dataset.amount = state.bomb?.amount ?? "";
  badge.replaceChildren(state.bomb ? `Bomb pot ${state.bomb.amount.toLocaleString("en-US")}` : "");
}

export function drawKill(badge, state) {
  const kill = state.kill;
  badge.hidden = !kill;
  badge.dataset.doubled = kill ? String(kill.doubled) : "";
  badge.title = kill?.doubled ? "This hand's stakes are twice the game's" : kill ? "Kill game: no kill this hand" : "";
  badge.replaceChildren(...(!kill ? [] : kill.doubled ? ["Kill ×2", el("span", { class: "who" }, `: ${kill.name} killed`)] : [`${kill.name} has won two in a row`]));
}
