// The seats around the felt and the player's own seat: each seat's cards, stack, bet and flags, as
// the snapshot says them (docs/protocol.md). The decisions are pure functions (seatCards, seatFlags,
// seatHands, winnings), the drawing uses them.

import { cardElement, wildKind } from "./cards.js";
import { rowLabel, seatViewOf, tableSeatOf, wildOf } from "./snapshot.js";
import { chips, el } from "./util.js";

/**
 * What a seat shows of its cards, but those placed into rows (drawn there): `cards` [{card, up}]
 * it may see (its own, or shown), `backs` the count of down cards it may not.
 */
export function seatCards(sv) {
  if (!sv) return { cards: [], backs: 0 };
  const placed = Object.values(sv.placed).flat();
  const placedUp = new Set(placed.filter((card) => card !== "??"));
  const placedDown = placed.length - placedUp.size;
  const down = sv.down === null ? [] : sv.down.filter((card) => !placedUp.has(card)).map((card) => ({ card, up: false }));
  const up = sv.up.filter((card) => !placedUp.has(card)).map((card) => ({ card, up: true }));
  return { cards: [...down, ...up], backs: sv.down === null ? Math.max(0, sv.down_count - placedDown) : 0 };
}

/** The words under a seat: folded, all in, declared, sitting out, owing blinds, offline, a bot. */
export function seatFlags(entry, sv) {
  const flags = [];
  if (sv?.folded) flags.push("folded");
  if (sv?.all_in) flags.push("all in");
  if (sv?.declared) flags.push(`declared ${sv.declared}`);
  else if (sv?.has_declared) flags.push("declared");
  if (entry.status === "sitting_out") flags.push("sitting out");
  if (entry.waiting) flags.push("waits for the big blind");
  else if (entry.owes.length) {
    // What the seat puts in when next dealt in (protocol.md): "owes the big blind: posts 2".
    const what = entry.owes.length > 1 ? "blinds" : entry.owes[0].name.replace("dead_", "").replaceAll("_", " ");
    flags.push(`owes the ${what}: posts ${entry.owes.map((owed) => chips(owed.amount)).join(" + ")}`);
  }
  if (entry.status === "left") flags.push("left");
  if (entry.status === "reserved") flags.push("kept for a player on the way");
  else if (!entry.connected && entry.status !== "empty") flags.push("offline");
  if (entry.bot) flags.push("bot");
  return flags;
}

/** The hands a seat has made, as the server says them: the viewer's own so far, another's once shown. */
export function seatHands(view, sv, mine) {
  if (!view || !sv) return [];
  if (mine) return view.hands.map((judged) => judged.text);
  return view.events.filter((e) => e.type === "shown" && e.seat === sv.seat).flatMap((e) => e.hands.map((judged) => judged.text));
}

/** The hand whose result the seats show: this one once over, else the last one (with its seats). */
function resultShown(state, view) {
  if (view?.over && view.result) return { result: view.result, dealt: state.dealt };
  if (!view && state.last?.result) return { result: state.last.result, dealt: state.last.dealt };
  return null;
}

/** Table seat -> the chips it won in the hand just ended (its net, when above nothing). */
export function winnings(state, view) {
  const won = new Map();
  const shown = resultShown(state, view);
  if (!shown) return won;
  shown.result.net.forEach((net, seat) => {
    if (net > 0) won.set(shown.dealt[seat], net);
  });
  return won;
}

/** Seat `offset` of `count` around the oval, spaced evenly along its edge, you (0) at the bottom. */
function aroundTable(offset, count) {
  const [rx, ry, wide] = [43, 37, 2.3]; // percent of the felt's width and height; its width / height
  const steps = 720;
  const lengths = [0];
  for (let i = 1; i <= steps; i += 1) {
    const [a, b] = [Math.PI / 2 + ((i - 1) * 2 * Math.PI) / steps, Math.PI / 2 + (i * 2 * Math.PI) / steps];
    lengths.push(lengths[i - 1] + Math.hypot((Math.cos(b) - Math.cos(a)) * rx * wide, (Math.sin(b) - Math.sin(a)) * ry));
  }
  const goal = (lengths[steps] * offset) / count;
  let i = 0;
  while (i < steps && lengths[i] < goal) i += 1;
  const angle = Math.PI / 2 + (i * 2 * Math.PI) / steps;
  return [50 + rx * Math.cos(angle), 48 + ry * Math.sin(angle)];
}

function cardsOfSeat(sv, wild, size) {
  const { cards, backs } = seatCards(sv);
  const out = [];
  if (backs > 4) {
    // Many cards face down (Chinese poker's thirteen): one back and how many.
    const node = cardElement("??", { size, label: `${backs} face-down cards` });
    out.push(el("span", { class: "stack-of", "aria-label": `${backs} face-down cards` }, node, el("span", { class: "count" }, `×${backs}`)));
  } else {
    for (let i = 0; i < backs; i += 1) out.push(cardElement("??", { size }));
  }
  for (const { card, up } of cards) {
    const node = cardElement(card, { wild: wildKind(card, wild), size });
    if (up) node.classList.add("up");
    out.push(node);
  }
  return out;
}

/** The rows a seat has placed cards into (Five-O's columns). */
export function placedRows(sv, wild, size) {
  const rows = Object.entries(sv?.placed ?? {});
  if (!rows.length) return null;
  return el(
    "div",
    { class: "placed" },
    rows.map(([name, cards]) =>
      el("div", { class: "placed-row", dataset: { row: name } }, el("span", { class: "row-label" }, rowLabel(name)), cards.map((card) => cardElement(card, { wild: wildKind(card, wild), size }))),
    ),
  );
}

/** One seat's box: name, button, stack, cards, bet, flags, winnings, hands, the clock. */
export function seatBox(entry, sv, view, { acting, x, y, won, button, me = false }) {
  const seat = entry.seat;
  const empty = entry.status === "empty";
  const classes = ["seat", acting && "acting", sv?.folded && "folded", empty && "empty", me && "mine", won && "winner"].filter(Boolean);
  const stack = sv?.stack ?? entry.stack;
  const wild = wildOf(view);
  const box = el(
    "section",
    {
      class: classes.join(" "),
      dataset: { seat },
      style: x === undefined ? undefined : `--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}`,
      "aria-label": `${me ? "Your seat" : `Seat ${seat + 1}`}: ${entry.name || "empty"}${acting ? ", to act" : ""}`,
    },
    el(
      "div",
      { class: "seat-head" },
      el("span", { class: "name" }, empty ? "empty" : entry.name || `seat ${seat + 1}`),
      button === seat ? el("span", { class: "button-disc", title: "the button (dealer)", "aria-label": "dealer button" }, "D") : null,
    ),
    el("div", { class: "seat-stack", "aria-label": `stack ${stack}` }, chips(stack)),
  );
  if (!me && !sv?.folded) {
    const cards = cardsOfSeat(sv, wild, "small");
    if (cards.length) box.append(el("div", { class: "seat-cards" }, cards));
    const placed = placedRows(sv, wild, "tiny");
    if (placed) box.append(placed);
  }
  if (sv?.bet) box.append(el("div", { class: "seat-bet", "aria-label": `bet ${sv.bet}` }, `bet ${chips(sv.bet)}`));
  const flags = seatFlags(entry, sv);
  if (flags.length) box.append(el("div", { class: "seat-flags" }, flags.join(" · ")));
  if (won) box.append(el("div", { class: "seat-won" }, `+${chips(won)}`));
  for (const text of me ? [] : seatHands(view, sv, false)) box.append(el("div", { class: "seat-hand" }, text));
  if (acting) box.append(el("div", { class: "clock", dataset: { clockSeat: seat } }));
  return box;
}

/** The other seats around the felt, the viewer's at the bottom (not drawn here: see drawMe). */
export function drawSeats(ring, felt, state, view, you) {
  ring.replaceChildren();
  const seats = state.seats;
  const acting = new Set((view?.to_act ?? []).map((seat) => tableSeatOf(state, seat)));
  const won = winnings(state, view);
  const n = seats.length;
  for (const entry of seats) {
    if (entry.seat === you) continue;
    const [x, y] = aroundTable((((entry.seat - (you ?? 0)) % n) + n) % n, n);
    const sv = seatViewOf(state, view, entry.seat);
    ring.append(seatBox(entry, sv, view, { acting: acting.has(entry.seat), x, y, won: won.get(entry.seat), button: state.button }));
  }
  felt.classList.toggle("crowded", n > 6);
  felt.classList.toggle("heads-up", n === 2); // the one other seat is at the top
}

/**
 * The viewer's own seat and cards, large; the cards the controls let it pick (`pickable`) toggle
 * in `selection` through `toggle(card)`. Returns the cards shown.
 */
export function drawMe(mine, state, view, { you, pickable, selection, toggle }) {
  mine.replaceChildren();
  const shown = new Set();
  if (you === null) return shown;
  const entry = state.seats[you];
  const sv = seatViewOf(state, view, you);
  const acting = (view?.to_act ?? []).map((seat) => tableSeatOf(state, seat)).includes(you);
  const wild = wildOf(view);
  mine.append(seatBox(entry, sv, view, { acting, won: null, button: state.button, me: true }));
  const hand = el("div", { class: "my-cards", "aria-label": "your cards" });
  for (const { card, up } of seatCards(sv).cards) {
    shown.add(card);
    const canPick = pickable.has(card);
    const node = cardElement(card, { wild: wildKind(card, wild), size: "large", selected: selection.has(card), onclick: canPick ? () => toggle(card) : null });
    if (up) node.classList.add("up");
    if (canPick) node.classList.add("pickable");
    hand.append(node);
  }
  mine.append(hand);
  const placed = placedRows(sv, wild, "small");
  if (placed) mine.append(placed);
  const names = seatHands(view, sv, true);
  if (names.length) mine.append(el("div", { class: "my-hand-name" }, names.join(" · ")));
  return shown;
}
