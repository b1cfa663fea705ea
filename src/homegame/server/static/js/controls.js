// The action controls, built from the legal descriptors alone (docs/wire.md): never per game.
//
// Every descriptor has a `kind` (the action's name as the engine spells it) and a `form`:
//   plain   one button                               {kind}
//   amount  a slider, presets and a button           {kind, amount}      (min..max)
//   cards   tap min..max of `cards`, then the button  {kind, cards}       (maybe a price per card)
//   choice  one button per named option              {kind, <field>: option} (maybe with prices)
//   divide  put `cards` into hands of `sizes`         {kind, hands}       (maybe a list of allowed splits)
//   place   one of `cards` into one of `rows`         {kind, card, row}
// Hooks: data-action (kind), data-choice (option), data-amount (the amount input), data-card.

import { cardElement, wildKind } from "./cards.js";
import { cardsControls, divideControls } from "./divide.js";
import { isAllIn, sendChecked } from "./sending.js";
import { chips, el, words } from "./util.js";

const CHOICE_FIELDS = { declare: "side", buy: "item" };
const PLAIN_LABELS = { bring_in: "Bring in", complete: "Complete", decline: "Decline", keep: "Keep", push: "Push" };
const CHOICE_LABELS = { high: "High", low: "Low", both: "Both ways", in: "In", out: "Out" };

/**
 * The controls for one seat's turn. `ctx`: {legal, view, me (the seat's view), send(action),
 * ask(message) (a question to the server: a complete split's `preview`, answered into ctx.divide.preview),
 * confirm(text) -> Promise<boolean>, selection (a Set of card notations shared with the hand),
 * wild, rerender()}. Returns the node; the hand's cards become pickers through ctx.pickable.
 */
export function buildControls(ctx) {
  const { legal } = ctx;
  const box = el("div", { class: "controls-inner" });
  if (!legal || legal.length === 0) return box;
  const byForm = groupByForm(legal);
  // What the decision asks, in the server's words (whom a pushed card goes to, what rolling does).
  if (ctx.view?.prompt) box.append(el("p", { class: "hint prompt", dataset: { prompt: "" } }, ctx.view.prompt.says));

  if (byForm.cards.length) box.append(cardsControls(ctx, byForm.cards));
  if (byForm.divide.length) for (const d of byForm.divide) box.append(divideControls(ctx, d));
  if (byForm.place.length) for (const d of byForm.place) box.append(placeControls(ctx, d));
  if (byForm.choice.length) for (const d of byForm.choice) box.append(choiceControls(ctx, d));
  if (byForm.plain.length) {
    const row = el("div", { class: "action-row plain", dataset: { form: "plain" } });
    for (const d of byForm.plain) row.append(plainButton(ctx, d));
    box.append(row);
  }
  if (byForm.amount.length) for (const d of byForm.amount) box.append(amountControls(ctx, d));
  return box;
}

/** The descriptors by `form`, in the order the controls show them. */
export function groupByForm(legal) {
  const byForm = { plain: [], amount: [], cards: [], choice: [], divide: [], place: [] };
  for (const descriptor of legal) byForm[descriptor.form].push(descriptor);
  return byForm;
}

/** A plain descriptor's button label: "Call 2", "Push (3)", "Fold". */
export function plainLabel(d) {
  // `amount`, when given, is what the action takes from the stack (a call, a bring-in, a push's price).
  const label = PLAIN_LABELS[d.kind] ?? words(d.kind);
  if (!d.amount) return label;
  return ["call", "bring_in", "complete"].includes(d.kind) ? `${label} ${chips(d.amount)}` : `${label} (${chips(d.amount)})`;
}

function plainButton(ctx, d) {
  const amount = d.amount ?? 0;
  const label = plainLabel(d);
  const classes = `act act-${d.kind}${d.kind === "fold" ? " danger" : ""}`;
  return el(
    "button",
    {
      type: "button",
      class: classes,
      dataset: { action: d.kind },
      "aria-label": label,
      onclick: () => sendChecked(ctx, { kind: d.kind }, isAllIn(ctx, amount), label),
    },
    label,
  );
}

/**
 * The preset amounts of an amount descriptor as [label, amount]: the least, half the pot and the
 * pot (the server's `pot_sizes`, already within the bounds), the most ("All in" when it is the stack).
 */
export function presets(ctx, d) {
  const [half, pot] = ctx.view.pot_sizes;
  const pots = [["½ pot", half], ["Pot", pot]];
  // The most is "All in" only when it takes the whole stack; at a pot limit it is the pot, at a
  // fixed limit the cap. A pot preset that lands on the least or the most says nothing more.
  const top = isAllIn(ctx, d.max - (ctx.me?.bet ?? 0)) ? "All in" : pots[1][1] === d.max ? "Pot" : "Max";
  return [["Min", d.min], ...pots.filter(([, value]) => value !== d.min && value !== d.max), [top, d.max]];
}

function amountControls(ctx, d) {
  const verb = d.kind === "bet_to" ? "Bet" : d.kind === "raise_to" ? "Raise to" : words(d.kind);
  const myBet = ctx.me?.bet ?? 0;
  if (d.min === d.max) {
    const button = el(
      "button",
      {
        type: "button",
        class: `act act-${d.kind}`,
        dataset: { action: d.kind },
        "aria-label": `${verb} ${d.min}`,
        onclick: () => sendChecked(ctx, { kind: d.kind, amount: d.min }, isAllIn(ctx, d.min - myBet), `${verb} ${d.min}`),
      },
      `${verb} ${chips(d.min)}`,
    );
    return el("div", { class: "action-row amount", dataset: { form: "amount" } }, button);
  }
  const id = `amount-${d.kind}`;
  // With a `step` only min, min + step, ... max are allowed (stud's open pair: the small or the big bet).
  const step = d.step || 1;
  const allowed = (value) => Number.isInteger(value) && value >= d.min && value <= d.max && (value - d.min) % step === 0;
  const snap = (value) => Math.max(d.min, Math.min(d.max, d.min + Math.round((value - d.min) / step) * step));
  // The amount being chosen survives the snapshots that arrive meanwhile (they redraw the controls).
  const kept = ctx.amounts?.[d.kind];
  const start = allowed(kept) ? kept : d.min;
  const number = el("input", {
    type: "number", id, min: d.min, max: d.max, step, value: start, inputmode: "numeric",
    dataset: { amount: d.kind }, "aria-label": `${verb} amount`,
  });
  const slider = el("input", {
    type: "range", min: d.min, max: d.max, step, value: start, class: "slider",
    "aria-label": `${verb} amount slider`,
  });
  const button = el("button", { type: "button", class: `act act-${d.kind}`, dataset: { action: d.kind } });
  const setLabel = () => {
    const value = Number(number.value);
    if (ctx.amounts) ctx.amounts[d.kind] = value;
    button.textContent = `${verb} ${chips(value)}`;
    button.setAttribute("aria-label", `${verb} ${value}`);
    button.disabled = !allowed(value);
  };
  const set = (wanted) => {
    const value = snap(wanted);
    number.value = String(value);
    slider.value = String(value);
    setLabel();
  };
  number.addEventListener("input", () => {
    slider.value = number.value;
    setLabel();
  });
  slider.addEventListener("input", () => {
    number.value = slider.value;
    setLabel();
  });
  button.addEventListener("click", () => {
    const amount = Number(number.value);
    if (!allowed(amount)) return;
    sendChecked(ctx, { kind: d.kind, amount }, isAllIn(ctx, amount - myBet), `${verb} ${amount}`);
  });
  const presetRow = el("div", { class: "presets" });
  for (const [label, value] of presets(ctx, d)) {
    presetRow.append(
      el("button", { type: "button", class: "preset", dataset: { preset: label }, "aria-label": `${label} (${value})`, onclick: () => set(value) }, label),
    );
  }
  setLabel();
  return el(
    "div",
    { class: "action-group amount", dataset: { form: "amount" } },
    presetRow,
    el("div", { class: "action-row amount" }, slider, number, button),
    el("div", { class: "bounds" }, `${chips(d.min)} to ${chips(d.max)}`),
  );
}

/** A choice's button label: "Both ways", "Buy option (3)". */
export function choiceLabel(d, option) {
  const label = d.kind === "buy" ? `Buy ${option.name}` : CHOICE_LABELS[option.name] ?? words(option.name);
  return option.price ? `${label} (${chips(option.price)})` : label;
}

function choiceControls(ctx, d) {
  const field = CHOICE_FIELDS[d.kind];
  const row = el("div", { class: "action-row choice" });
  const secret = d.kind === "declare";
  for (const option of d.choices) {
    const label = choiceLabel(d, option);
    row.append(
      el(
        "button",
        {
          type: "button",
          class: `act act-${d.kind}`,
          dataset: { action: d.kind, choice: option.name },
          "aria-label": secret ? `Declare ${label} (secret)` : label,
          onclick: () => sendChecked(ctx, { kind: d.kind, [field]: option.name }, option.price && isAllIn(ctx, option.price), label),
        },
        label,
      ),
    );
  }
  const title = secret ? "Declare in secret" : d.kind === "buy" ? "Buy" : words(d.kind);
  return el("div", { class: "action-group choice", dataset: { form: "choice" } }, el("p", { class: "hint" }, title), row);
}

function placeControls(ctx, d) {
  const cards = d.cards;
  const state = ctx.place;
  if (!cards.includes(state.card)) state.card = cards[0];
  const group = el("div", { class: "action-group place", dataset: { form: "place" } });
  if (cards.length > 1) {
    const pick = el("div", { class: "pick-row" });
    for (const card of cards) {
      pick.append(cardElement(card, { wild: wildKind(card, ctx.wild), selected: card === state.card, onclick: () => { state.card = card; ctx.rerender(); } }));
    }
    group.append(el("p", { class: "hint" }, "Pick a card, then where it goes"), pick);
  } else {
    group.append(el("p", { class: "hint" }, "Place ", cardElement(cards[0], { size: "small", wild: wildKind(cards[0], ctx.wild) }), " in:"));
  }
  const buttons = el("div", { class: "action-row choice" });
  for (const row of d.rows) {
    const label = String(Number(row)) === row ? `Column ${row}` : words(row);
    buttons.append(
      el(
        "button",
        {
          type: "button",
          class: `act act-${d.kind}`,
          dataset: { action: d.kind, choice: row },
          "aria-label": `Place ${state.card} in ${label}`,
          onclick: () => ctx.send({ kind: d.kind, card: state.card, row }),
        },
        label,
      ),
    );
  }
  group.append(buttons);
  return group;
}
