// Show or muck. The seat that won a hand nobody called may show its cards, one or all: the snapshot's
// `muck.show` lists those it may show, while the finished hand is on the table. A seat mucks at the
// showdown what the rules do not make it show when its switch in the menu is on (`muck.on`, kept
// by the table for its next hands; `muck.allowed` false: the table shows every hand). The server
// decides who must show (the winner, the last to bet or raise): the page judges nothing.

import { cardElement, cardName } from "./cards.js";
import { el } from "./util.js";

/** What the winner may show, as buttons: each card alone, then all of them ([] when none). */
export function showChoices(muck) {
  const cards = muck?.show ?? [];
  const alone = cards.map((card) => ({ cards: [card], label: `Show the ${cardName(card)}` }));
  if (cards.length < 2) return alone;
  return [...alone, { cards, label: cards.length === 2 ? "Show both" : "Show all" }];
}

/** The menu's switch: shown where the table lets a seat muck, ticked while this seat mucks. */
export function muckSwitch(muck) {
  return { hidden: !muck?.allowed, checked: Boolean(muck?.allowed && muck.on) };
}

/** The winner's row of Show buttons (`send(cards)`), or null when there is nothing to show. */
export function showRow(muck, send) {
  const choices = showChoices(muck);
  if (!choices.length) return null;
  const buttons = choices.map((choice) => {
    const data = { show: choice.cards.join(" ") }; // not a data-action: no turn of the hand is waiting
    if (choice.cards.length === 1) {
      const card = cardElement(choice.cards[0], { onclick: () => send(choice.cards), label: choice.label });
      Object.assign(card.dataset, data);
      return card;
    }
    return el("button", { type: "button", class: "act secondary", dataset: data, onclick: () => send(choice.cards) }, choice.label);
  });
  return el("div", { class: "action-row show-cards" }, el("span", { class: "hint" }, "Nobody called: show your cards?"), ...buttons);
}
