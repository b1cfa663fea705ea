// The controls that pick cards: naming some of the seat's cards (`cards`: draw, discard, pass, roll),
// and dividing them into hands (`divide`: Pi Gow's five and two, Chinese poker's rows).

import { cardElement, wildKind } from "./cards.js";
import { isAllIn, sendChecked } from "./sending.js";
import { chips, el, words } from "./util.js";

/** A cards button's label once `count` cards are picked: "Draw 2", "Stand pat", "Pass: tap 3 more", with the price. */
export function cardsLabel(d, count) {
  let label = `${words(d.kind)} ${count}`;
  if (d.kind === "draw" && count === 0) label = "Stand pat";
  else if (count < d.min) label = `${words(d.kind)}: tap ${d.min - count} more`; // not "Pass 0", disabled
  return d.price * count ? `${label} (${chips(d.price * count)})` : label;
}

export function cardsControls(ctx, descriptors) {
  // One selection for every card action of this turn; each button checks its own bounds.
  const group = el("div", { class: "action-group cards", dataset: { form: "cards" } });
  const selectable = new Set(descriptors.flatMap((d) => d.cards));
  ctx.pickable(selectable);
  const selected = [...ctx.selection].filter((card) => selectable.has(card));
  const hint = descriptors
    .map((d) => {
      const count = d.min === d.max ? `${d.min}` : `${d.min} to ${d.max}`;
      const price = d.price;
      return `${words(d.kind)}: tap ${count} card${d.max === 1 ? "" : "s"}${price ? ` (${price} a card)` : ""}`;
    })
    .join(" · ");
  group.append(el("p", { class: "hint" }, hint));
  // Cards the hand does not show (rare) are offered here.
  const extra = [...selectable].filter((card) => !ctx.shown.has(card));
  if (extra.length) {
    const row = el("div", { class: "pick-row" });
    for (const card of extra) {
      row.append(cardElement(card, { wild: wildKind(card, ctx.wild), selected: ctx.selection.has(card), onclick: () => ctx.toggle(card) }));
    }
    group.append(row);
  }
  const row = el("div", { class: "action-row" });
  for (const d of descriptors) {
    const own = new Set(d.cards);
    const chosen = selected.filter((card) => own.has(card));
    const ok = chosen.length === selected.length && chosen.length >= d.min && chosen.length <= d.max;
    const price = d.price * chosen.length;
    const label = cardsLabel(d, chosen.length);
    row.append(
      el(
        "button",
        {
          type: "button",
          class: `act act-${d.kind}`,
          dataset: { action: d.kind, min: d.min, max: d.max },
          disabled: !ok,
          "aria-label": label,
          onclick: () => {
            ctx.selection.clear();
            sendChecked(ctx, { kind: d.kind, cards: chosen }, price > 0 && isAllIn(ctx, price), label);
          },
        },
        label,
      ),
    );
  }
  group.append(row);
  return group;
}

/** The words over a split: the hands asked for, as the rules name them, and the rule the server states. */
export function splitHint(d) {
  const names = d.names?.length === d.sizes.length ? d.names : null;
  const into = names ? d.sizes.map((size, i) => `the ${names[i]} (${size})`).join(", ") : `hands of ${d.sizes.join(" + ")}`;
  return [`Split your cards into ${into}.`, d.rule ?? "", "Pick a hand, then tap cards."].filter(Boolean).join(" ");
}

/** A card of the split, marked "down" when it is one of the seat's down cards (a rule may ask for one). */
function splitCard(card, down, options) {
  const node = cardElement(card, { ...options, label: down.has(card) ? `${options.label ?? card} (down card)` : options.label });
  if (down.has(card)) node.classList.add("down");
  return node;
}

export function divideControls(ctx, d) {
  const cards = d.cards;
  const sizes = d.sizes;
  const splits = d.splits ?? [];
  const state = ctx.divide;
  if (!state.hands || state.hands.length !== sizes.length) {
    state.hands = sizes.map(() => []);
    state.active = 0;
  }
  const placed = new Set(state.hands.flat());
  const complete = state.hands.every((hand, i) => hand.length === sizes[i]);
  const key = (hands) => hands.map((hand) => [...hand].sort().join(" ")).join("/");
  // A complete arrangement is judged by the server (the page never ranks a hand): what each part
  // makes and whether it is a mis-set. One question per arrangement; the answer names its cards,
  // so an answer to an arrangement since changed is never shown.
  const arranged = complete ? key(state.hands) : "";
  if (arranged && state.asked !== arranged && ctx.ask) {
    state.asked = arranged;
    ctx.ask({ type: "preview", hands: state.hands.map((hand) => [...hand]) });
  }
  const parts = state.preview?.parts ?? [];
  const answered = parts.length === sizes.length && key(parts.map((part) => part.cards)) === arranged;
  const judged = arranged && answered ? state.preview : null;
  const group = el("div", { class: "action-group divide", dataset: { form: "divide" } });
  const names = d.names?.length === sizes.length ? d.names : null; // as the rules name them (Pi Gow's five and two)
  const title = (index) => (names ? words(names[index]) : `Hand ${index + 1}`);
  const down = new Set(ctx.me?.up?.length ? ctx.me.down : []); // marked only where some cards are up (stud)
  group.append(el("p", { class: "hint" }, splitHint(d)));
  const handsRow = el("div", { class: "hands" });
  sizes.forEach((size, index) => {
    const hand = state.hands[index];
    const slot = el(
      "div",
      { class: `hand-slot${state.active === index ? " active" : ""}`, dataset: { hand: index } },
      el(
        "button",
        {
          type: "button",
          class: "slot-title",
          "aria-pressed": state.active === index ? "true" : "false",
          "aria-label": `${title(index)}: ${size} cards`,
          onclick: () => {
            state.active = index;
            ctx.rerender();
          },
        },
        `${title(index)}: ${hand.length}/${size}`,
      ),
      el("div", { class: "slot-cards" }, hand.map((card) =>
        splitCard(card, down, {
          wild: wildKind(card, ctx.wild),
          size: "small",
          selected: true,
          label: `take back ${card}`,
          onclick: () => {
            state.hands[index] = hand.filter((c) => c !== card);
            ctx.rerender();
          },
        }),
      )),
      judged ? el("p", { class: "made" }, judged.parts[index].made) : null,
    );
    handsRow.append(slot);
  });
  group.append(handsRow);
  const free = el("div", { class: "pick-row" });
  for (const card of cards) {
    if (placed.has(card)) continue;
    free.append(
      splitCard(card, down, {
        wild: wildKind(card, ctx.wild),
        onclick: () => {
          let target = state.active;
          if (state.hands[target].length >= sizes[target]) target = sizes.findIndex((s, i) => state.hands[i].length < s);
          if (target < 0) return;
          state.hands[target].push(card);
          if (state.hands[target].length >= sizes[target]) {
            const next = sizes.findIndex((s, i) => state.hands[i].length < s);
            if (next >= 0) state.active = next;
          }
          ctx.rerender();
        },
      }),
    );
  }
  group.append(free);
  const allowed = !splits.length || splits.some((split) => key(split) === key(state.hands));
  let problem = "";
  if (judged?.refused) problem = `Not allowed: ${judged.refused}.`;
  else if (judged?.dead) problem = `Mis-set: ${judged.dead} — this hand would be dead.`; // the Split still goes
  else if (complete && !allowed) problem = "That split is not allowed here.";
  group.append(el("p", { class: "problem", role: "alert" }, problem));
  const row = el("div", { class: "action-row" });
  if (splits.length && splits.length <= 24) {
    const select = el("select", { "aria-label": "Allowed splits", class: "splits" }, el("option", { value: "" }, "Allowed splits…"));
    splits.forEach((split, index) => select.append(el("option", { value: index }, split.map((h) => h.join(" ")).join(" / "))));
    select.addEventListener("change", () => {
      if (select.value === "") return;
      state.hands = splits[Number(select.value)].map((hand) => [...hand]);
      ctx.rerender();
    });
    row.append(select);
  }
  row.append(
    el("button", { type: "button", class: "act", "aria-label": "Clear the split", onclick: () => { state.hands = null; ctx.rerender(); } }, "Clear"),
    el(
      "button",
      {
        type: "button",
        class: `act act-${d.kind}`,
        dataset: { action: d.kind },
        disabled: !(complete && allowed),
        "aria-label": "Split",
        onclick: () => {
          const hands = state.hands.map((hand) => [...hand]);
          state.hands = null;
          ctx.send({ kind: d.kind, hands });
        },
      },
      "Split",
    ),
  );
  group.append(row);
  return group;
}

