// Events and results in words, from their JSON (docs/wire.md); names come from the table's seats.

import { notation } from "./cards.js";
import { chips, words } from "./util.js";

const cardList = (cards) => (cards ?? []).map(notation).join(" ");

function actionText(action) {
  if (!action) return "";
  if (typeof action === "string") return action.replaceAll("_", " ");
  const kind = (action.kind ?? "").replaceAll("_", " ");
  if (action.amount !== undefined) return `${kind} ${chips(action.amount)}`;
  if (action.cards) return `${kind} ${cardList(action.cards)}`.trim();
  if (action.side) return `${kind} ${action.side}`;
  if (action.item) return `${kind} ${action.item}`;
  if (action.hands) return `${kind} ${action.hands.map(cardList).join(" / ")}`;
  if (action.card) return `${kind} ${notation(action.card)} in ${action.row}`;
  return kind;
}

/** The engine's line with "seat 2" told as that seat's name and "raise_to" as "raise to". */
export function withNames(text, name) {
  return String(text)
    .replace(/\bseat (\d+)/g, (_, seat) => name(Number(seat)))
    .replaceAll("_", " ");
}

/** One event as a line of text; `name(viewSeat)` gives a seat's name. */
export function describeEvent(event, name) {
  if (!event || typeof event !== "object") return String(event ?? "");
  if (event.text) return withNames(event.text, name);
  const type = String(event.type ?? event.event ?? event.kind ?? "").toLowerCase();
  const who = event.seat === null || event.seat === undefined ? "" : name(event.seat);
  switch (type) {
    case "posted":
      return `${who} posts ${words(event.blind ?? "").toLowerCase()} ${chips(event.amount)}`;
    case "dealt": {
      const target = who || (event.row ?? "board");
      const what = event.cards?.length ? cardList(event.cards) : `${event.hidden ?? 0} card${event.hidden === 1 ? "" : "s"}`;
      return `${target}: dealt ${what}${event.up ? " up" : " down"}`;
    }
    case "burned":
      return `burn ${event.count}`;
    case "acted":
      return `${who} ${actionText(event.action)}${event.put_in && !event.action?.amount ? ` (${chips(event.put_in)})` : ""}`;
    case "drew":
      if (!event.count) return `${who} stands pat`;
      return event.drawn?.length
        ? `${who} discards ${cardList(event.discarded)}, draws ${cardList(event.drawn)}`
        : `${who} draws ${event.count}`;
    case "reshuffled":
      return `${event.count} discards reshuffled`;
    case "declared":
      return `${who} declares${event.side ? ` ${event.side}` : ""}`;
    case "revealed":
      return `declarations: ${(event.sides ?? []).map((pair) => (Array.isArray(pair) ? `${name(pair[0])} ${pair[1]}` : `${name(pair.seat)} ${pair.side}`)).join(", ")}`;
    case "returned":
      return `uncalled ${chips(event.amount)} returned to ${who}`;
    case "shown":
      return `${who} shows ${cardList(event.cards)}`;
    case "won":
      return wonText(event, name);
    case "carried_over":
    case "carriedover":
      return `${chips(event.amount)} carried over to the next deal`;
    case "turned_up":
    case "turnedup":
      return `${event.row} turned up: ${cardList(event.cards)}`;
    case "knocked_out":
    case "knockedout":
      return `${who} knocked out at card ${event.position}: ${notation(event.card)} does not beat ${notation(event.against)}`;
    case "split_up":
    case "splitup":
      return event.hands?.length ? `${who} splits ${event.hands.map(cardList).join(" / ")}` : `${who} splits`;
    default: {
      const parts = Object.entries(event)
        .filter(([key]) => !["type", "event", "kind"].includes(key))
        .map(([key, value]) => `${key} ${Array.isArray(value) ? cardList(value) : typeof value === "object" ? JSON.stringify(value) : value}`);
      return `${words(type || "event")}${who ? ` (${who})` : ""}: ${parts.join(", ")}`;
    }
  }
}

function wonText(award, name) {
  const where = !award.pot ? "the pot" : `side pot ${award.pot}`;
  const hand = award.hand || award.judged?.made?.name || "";
  const side = award.side ? `${award.side}` : "";
  const how = hand ? ` (${side ? `${side}: ` : ""}${hand})` : side ? ` (${side})` : "";
  return `${name(award.seat)} wins ${chips(award.amount)} from ${where}${how}`;
}

/** The awards of a result (or the won events of a hand) as lines of text. */
export function describeResult(result, events, name) {
  const awards = result?.awards ?? (events ?? []).filter((e) => String(e.type ?? e.event ?? "").toLowerCase() === "won");
  const lines = awards.map((award) => ({ seat: award.seat, amount: award.amount, text: award.text ? withNames(award.text, name) : wonText(award, name), cards: award.judged?.made?.cards ?? award.cards }));
  if (!lines.length && result?.net) {
    // Games that settle in units rather than pots (Chinese poker): each seat's net.
    result.net.forEach((net, seat) => {
      if (net) lines.push({ seat: net > 0 ? seat : null, amount: Math.max(0, net), text: `${name(seat)} ${net > 0 ? "wins" : "loses"} ${chips(Math.abs(net))}` });
    });
    if (!lines.length) lines.push({ seat: null, amount: 0, text: "No chips changed hands" });
  }
  if (result?.carried) lines.push({ seat: null, amount: result.carried, text: `${chips(result.carried)} carried over to the next deal` });
  return lines;
}

/**
 * The table as it stood after the first `step` events of a hand (as one seat saw them): the rows,
 * each seat's cards (down, up, and what it showed), who had folded, and the pot.
 */
export function replayState(events, step) {
  const table = { rows: {}, seats: new Map(), pot: 0 };
  const seat = (n) => {
    if (!table.seats.has(n)) table.seats.set(n, { down: [], up: [], hidden: 0, shown: null, folded: false, won: 0 });
    return table.seats.get(n);
  };
  for (const event of events.slice(0, step)) {
    const type = String(event.type ?? "");
    if (type === "posted") table.pot += event.amount ?? 0;
    else if (type === "dealt") {
      const cards = (event.cards ?? []).map(notation);
      if (event.seat === null || event.seat === undefined) {
        const row = event.row ?? "board";
        table.rows[row] = [...(table.rows[row] ?? []), ...(cards.length ? cards : Array(event.hidden ?? 0).fill("??"))];
      } else if (event.up) seat(event.seat).up.push(...cards);
      else if (cards.length) seat(event.seat).down.push(...cards);
      else seat(event.seat).hidden += event.hidden ?? 0;
    } else if (type === "acted") {
      table.pot += event.put_in ?? 0;
      if (event.action?.kind === "fold") seat(event.seat).folded = true;
    } else if (type === "drew" && event.drawn?.length) {
      const mine = seat(event.seat);
      const thrown = new Set((event.discarded ?? []).map(notation));
      mine.down = [...mine.down.filter((card) => !thrown.has(card)), ...event.drawn.map(notation)];
    } else if (type === "turned_up") table.rows[event.row] = (event.cards ?? []).map(notation);
    else if (type === "shown") seat(event.seat).shown = (event.cards ?? []).map(notation);
    else if (type === "returned") table.pot -= event.amount ?? 0;
    else if (type === "won") {
      table.pot -= event.amount ?? 0;
      seat(event.seat).won += event.amount ?? 0;
    } else if (event.put_in) table.pot += event.put_in;
  }
  return table;
}
