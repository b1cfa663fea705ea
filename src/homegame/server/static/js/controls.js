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

import { cardElement, isWild, notation } from "./cards.js";
import { chips, el, words } from "./util.js";

const FORMS = {
  bet_to: "amount", raise_to: "amount",
  draw: "cards", discard: "cards", roll: "cards", pass: "cards",
  declare: "choice", buy: "choice",
  split: "divide", place: "place",
};
const CHOICE_FIELDS = { declare: "side", buy: "item" };
const PLAIN_LABELS = { bring_in: "Bring in", complete: "Complete", decline: "Decline", keep: "Keep", push: "Push" };

/** The descriptor's form, from its `form` field or (until every server sends one) its kind. */
export function formOf(legal) {
  return legal.form ?? FORMS[legal.kind] ?? "plain";
}

/** The named options of a choice or place descriptor as [{name, price}]. */
export function optionsOf(legal) {
  const raw = legal.options ?? legal.choices ?? legal.rows ?? [];
  const prices = legal.prices ?? legal.amounts ?? [];
  return raw.map((option, index) => {
    if (option && typeof option === "object") {
      return { name: String(option.name ?? option.value ?? option.choice), price: option.price ?? prices[index] };
    }
    return { name: String(option), price: prices.length === raw.length ? prices[index] : undefined };
  });
}

function cardsOf(legal) {
  return (legal.cards ?? []).map(notation);
}

function pricePerCard(legal) {
  if (legal.price !== undefined) return legal.price;
  const prices = legal.prices ?? legal.amounts ?? [];
  return prices.length ? prices[0] : 0;
}

function allowedSplits(legal) {
  const splits = legal.splits ?? (formOf(legal) === "divide" ? legal.choices : null) ?? [];
  return splits.map((split) =>
    typeof split === "string"
      ? split.split("/").map((part) => part.trim().split(/\s+/).filter(Boolean))
      : split.map((hand) => hand.map(notation)),
  );
}

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
  const byForm = { plain: [], amount: [], cards: [], choice: [], divide: [], place: [] };
  for (const descriptor of legal) (byForm[formOf(descriptor)] ?? byForm.plain).push(descriptor);

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

function isAllIn(ctx, putIn) {
  const stack = ctx.me?.stack ?? Infinity;
  return stack > 0 && putIn >= stack;
}

async function sendChecked(ctx, action, allIn, what) {
  if (allIn && !(await ctx.confirm(`${what}: that puts all your chips in. All in?`))) return;
  ctx.send(action);
}

function plainButton(ctx, d) {
  // `amount`, when given, is what the action takes from the stack (a call, a bring-in, a push's price).
  const amount = d.amount ?? 0;
  let label = PLAIN_LABELS[d.kind] ?? words(d.kind);
  if (amount) label += ["call", "bring_in", "complete"].includes(d.kind) ? ` ${chips(amount)}` : ` (${chips(amount)})`;
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

function presets(ctx, d) {
  const view = ctx.view;
  const bets = (view?.seats ?? []).map((seat) => seat.bet ?? 0);
  const maxBet = Math.max(0, ...bets);
  const myBet = ctx.me?.bet ?? 0;
  const toCall = Math.max(0, maxBet - myBet);
  const pot = view?.pot ?? 0;
  const potAfterCall = view?.pot_after_call ?? pot + toCall;
  const step = d.step || 1;
  const clamp = (value) => Math.max(d.min, Math.min(d.max, d.min + Math.round((value - d.min) / step) * step));
  const pots = [["½ pot", clamp(maxBet + potAfterCall / 2)], ["Pot", clamp(maxBet + potAfterCall)]];
  // The most is "All in" only when it takes the whole stack; at a pot limit it is the pot, at a
  // fixed limit the cap. A pot preset that lands on the least or the most says nothing more.
  const top = isAllIn(ctx, d.max - myBet) ? "All in" : pots[1][1] === d.max ? "Pot" : "Max";
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
    sendChecked(ctx, { kind: d.kind, amount }, isAllIn(ctx, amount - myBet) || amount === d.max && d.all_in, `${verb} ${amount}`);
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

function cardsControls(ctx, descriptors) {
  // One selection for every card action of this turn; each button checks its own bounds.
  const group = el("div", { class: "action-group cards", dataset: { form: "cards" } });
  const selectable = new Set(descriptors.flatMap(cardsOf));
  ctx.pickable(selectable);
  const selected = [...ctx.selection].filter((card) => selectable.has(card));
  const hint = descriptors
    .map((d) => {
      const count = d.min === d.max ? `${d.min}` : `${d.min} to ${d.max}`;
      const price = pricePerCard(d);
      return `${words(d.kind)}: tap ${count} card${d.max === 1 ? "" : "s"}${price ? ` (${price} a card)` : ""}`;
    })
    .join(" · ");
  group.append(el("p", { class: "hint" }, hint));
  // Cards the hand does not show (rare) are offered here.
  const extra = [...selectable].filter((card) => !ctx.shown.has(card));
  if (extra.length) {
    const row = el("div", { class: "pick-row" });
    for (const card of extra) {
      row.append(cardElement(card, { wild: isWild(card, ctx.wild), selected: ctx.selection.has(card), onclick: () => ctx.toggle(card) }));
    }
    group.append(row);
  }
  const row = el("div", { class: "action-row" });
  for (const d of descriptors) {
    const own = new Set(cardsOf(d));
    const chosen = selected.filter((card) => own.has(card));
    const ok = chosen.length === selected.length && chosen.length >= d.min && chosen.length <= d.max;
    const price = pricePerCard(d) * chosen.length;
    let label = `${words(d.kind)} ${chosen.length}`;
    if (d.kind === "draw" && chosen.length === 0) label = "Stand pat";
    else if (chosen.length < d.min) label = `${words(d.kind)}: tap ${d.min - chosen.length} more`; // not "Pass 0", disabled
    if (price) label += ` (${chips(price)})`;
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

function choiceControls(ctx, d) {
  const field = d.field ?? CHOICE_FIELDS[d.kind] ?? "choice";
  const row = el("div", { class: "action-row choice" });
  const secret = d.kind === "declare";
  for (const option of optionsOf(d)) {
    let label = d.kind === "buy" ? `Buy ${option.name}` : CHOICE_LABELS[option.name] ?? words(option.name);
    if (option.price) label += ` (${chips(option.price)})`;
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

function divideControls(ctx, d) {
  const cards = cardsOf(d);
  const sizes = d.sizes ?? [];
  const splits = allowedSplits(d);
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
  const answered = parts.length === sizes.length && key(parts.map((part) => part.cards.map(notation))) === arranged;
  const judged = arranged && answered ? state.preview : null;
  const group = el("div", { class: "action-group divide", dataset: { form: "divide" } });
  const names = d.names?.length === sizes.length ? d.names : null; // as the rules name them (Pi Gow's five and two)
  const title = (index) => (names ? words(names[index]) : `Hand ${index + 1}`);
  const into = names ? sizes.map((size, i) => `the ${names[i]} (${size})`).join(", ") : `hands of ${sizes.join(" + ")}`;
  group.append(el("p", { class: "hint" }, `Split your cards into ${into}, strongest first: pick a hand, then tap cards.`));
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
        cardElement(card, {
          wild: isWild(card, ctx.wild),
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
      cardElement(card, {
        wild: isWild(card, ctx.wild),
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

function placeControls(ctx, d) {
  const cards = cardsOf(d);
  const rows = optionsOf({ ...d, choices: d.rows ?? d.choices });
  const state = ctx.place;
  if (!cards.includes(state.card)) state.card = cards[0];
  const group = el("div", { class: "action-group place", dataset: { form: "place" } });
  if (cards.length > 1) {
    const pick = el("div", { class: "pick-row" });
    for (const card of cards) {
      pick.append(cardElement(card, { wild: isWild(card, ctx.wild), selected: card === state.card, onclick: () => { state.card = card; ctx.rerender(); } }));
    }
    group.append(el("p", { class: "hint" }, "Pick a card, then where it goes"), pick);
  } else {
    group.append(el("p", { class: "hint" }, "Place ", cardElement(cards[0], { size: "small", wild: isWild(cards[0], ctx.wild) }), " in:"));
  }
  const row = el("div", { class: "action-row choice" });
  for (const option of rows) {
    const label = /^\d+$/.test(option.name) ? `Column ${option.name}` : words(option.name);
    row.append(
      el(
        "button",
        {
          type: "button",
          class: `act act-${d.kind}`,
          dataset: { action: d.kind, choice: option.name },
          "aria-label": `Place ${state.card} in ${label}`,
          onclick: () => ctx.send({ kind: d.kind, card: state.card, row: option.name }),
        },
        label,
      ),
    );
  }
  group.append(row);
  return group;
}
