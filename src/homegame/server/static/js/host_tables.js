// The host page's tables, kept live from the server's feed: each table's seats (name, stack,
// status, connected) with the host's doors over a seat (a new invite, adjust, sit out, remove),
// the rebuys waiting, Start / Pause / Resume / Close, the ledger and the hand histories. An entry
// is made once and updated in place, so what the host is typing survives each update.

import { $, api, attempt, linkRow, saveLinks, savedLinks, toast, token } from "./host_common.js";
import { showLog, showMute, toggleMute } from "./host_talk.js";
import { newLinkButton, showRequests } from "./host_seating.js";
import { chips, el, fill } from "./util.js";

const STATUS = { waiting: "waiting for players", closing: "closing after this hand" };
const SEAT_STATUS = { empty: "not yet seated", reserved: "kept for a player (open link)", playing: "playing", sitting_out: "sitting out", left: "left" };

async function command(table, what) {
  if (await attempt(() => api("POST", `/api/tables/${table}/${what}`))) toast(what === "resume" ? "Dealing" : `Table ${what}d`);
}

async function ledger(table, box) {
  try {
    const data = await api("GET", `/api/tables/${table}/ledger`);
    const rows = (data.players ?? []).map((p) => el("tr", {}, el("td", {}, p.name), el("td", {}, chips(p.buy_in)), el("td", {}, chips(p.buy_out)), el("td", {}, chips(p.stack)), el("td", {}, `${p.net > 0 ? "+" : ""}${chips(p.net)}`)));
    const settle = (data.settle ?? []).map((t) => el("li", {}, `${t.from} pays ${t.to} ${chips(t.amount)}`));
    fill(
      box,
      el("table", { class: "ledger" }, el("thead", {}, el("tr", {}, ["Player", "Bought in", "Cashed out", "Stack", "Net"].map((h) => el("th", { scope: "col" }, h)))), el("tbody", {}, rows)),
      el("h4", {}, "Settle up"),
      settle.length ? el("ul", {}, settle) : el("p", { class: "muted" }, "Nobody owes anybody."),
      el("button", { type: "button", class: "act secondary", onclick: () => download(`/api/tables/${table}/ledger?format=csv`, `ledger-${table}.csv`) }, "Download CSV"),
    );
  } catch (error) {
    fill(box, String(error.message ?? error));
  }
}

// A file the host's secret opens (the ledger's CSV, the hand histories), saved under `name`.
async function download(path, name) {
  await attempt(async () => {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) {
      const text = await response.text();
      let message = text;
      try {
        message = JSON.parse(text).error ?? text;
      } catch {
        /* plain text */
      }
      throw new Error(message || `${response.status} ${response.statusText}`);
    }
    const blob = await response.blob();
    if (!blob.size) throw new Error("No hands finished yet.");
    const link = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    link.remove();
  });
}

async function rebuy(table, seat, approve) {
  if (await attempt(() => api("POST", `/api/tables/${table}/rebuys/${seat}`, { approve }))) toast(approve ? "Rebuy approved" : "Rebuy refused");
}

// A new invite for a seat: shown (and kept) in place of the old link, which stops working.
async function invite(entry, seat) {
  const answer = await attempt(() => api("POST", `/api/tables/${entry.dataset.table}/seats/${seat}/invite`));
  if (!answer) return;
  saveLinks(entry.dataset.table, null, seat, answer.invite);
  showLinks(entry);
  toast(`A new invite for seat ${seat + 1}: the old link no longer works`);
}

async function adjust(table, seat, input) {
  const amount = Number(input.value);
  if (!Number.isInteger(amount) || amount === 0) {
    toast("Adjust by a whole number of chips: 50 adds, -50 takes away", "error");
    return;
  }
  if (await attempt(() => api("POST", `/api/tables/${table}/seats/${seat}/adjust`, { amount }))) {
    input.value = "";
    toast(`Seat ${seat + 1}: ${amount > 0 ? "+" : ""}${chips(amount)} (made between hands)`);
  }
}

// A bomb pot for the next hand with a flop: every seat antes the amount.
async function bomb(table, input) {
  const amount = Number(input.value);
  if (!Number.isInteger(amount) || amount <= 0) {
    toast("A bomb pot needs a whole number of chips each seat antes", "error");
    return;
  }
  const answer = await attempt(() => api("POST", `/api/tables/${table}/bomb`, { amount }));
  if (answer) toast(answer.bomb.text);
}

async function remove(table, seat, name) {
  if (!confirm(`Remove ${name} from seat ${seat + 1}? Their stack is cashed out and the seat freed.`)) return;
  if (await attempt(() => api("POST", `/api/tables/${table}/seats/${seat}/remove`))) toast(`${name} is cashed out at the end of the hand`);
}

function button(action, text, onclick, kind = "secondary") {
  return el("button", { type: "button", class: `act ${kind}`, dataset: { action }, onclick }, text);
}

function seatRow(entry, seat) {
  const table = entry.dataset.table;
  const amount = el("input", { type: "number", step: 1, placeholder: "±chips", "aria-label": `Adjust seat ${seat + 1} by`, dataset: { amount: "" } });
  const name = () => entry.querySelector(`[data-seat-row="${seat}"] .seat-name`).textContent;
  return el(
    "tr",
    { dataset: { seatRow: seat } },
    el("td", {}, `${seat + 1}`),
    el("td", { class: "seat-name" }),
    el("td", { class: "seat-stack" }),
    el("td", { class: "seat-status" }),
    el("td", { class: "seat-connected" }),
    el(
      "td",
      { class: "seat-actions" },
      button("invite", "New invite", () => invite(entry, seat)),
      amount,
      button("adjust", "Adjust", () => adjust(table, seat, amount)),
      button("sit-out", "Sit out", () => attempt(() => api("POST", `/api/tables/${table}/seats/${seat}/sit-out`))),
      button("remove", "Remove", () => remove(table, seat, name()), "danger"),
      button("mute", "Mute", (event) => toggleMute(table, seat, event.target.closest("tr"))),
    ),
  );
}

function updateRow(row, player, bot) {
  const seated = ["playing", "sitting_out"].includes(player.status);
  fill(row.querySelector(".seat-name"), player.name, bot ? " (bot)" : "");
  fill(row.querySelector(".seat-stack"), chips(player.stack));
  fill(row.querySelector(".seat-status"), SEAT_STATUS[player.status] ?? player.status);
  fill(row.querySelector(".seat-connected"), bot ? "" : player.connected ? "connected" : "offline");
  Object.assign(row.dataset, { status: player.status, connected: String(player.connected), name: player.name });
  row.querySelector("[data-action=invite]").hidden = bot;
  row.querySelector("[data-action=remove]").hidden = bot || !seated;
  row.querySelector("[data-action=sit-out]").hidden = player.status !== "playing";
  row.querySelector("[data-action=adjust]").disabled = !seated;
  showMute(row, player, bot);
}

function showLinks(entry) {
  const links = savedLinks()[entry.dataset.table];
  fill(
    entry.querySelector(".links"),
    links ? [...links.invites.map((url, i) => (url ? linkRow(`Invite ${i + 1}`, url) : null)), links.spectate ? linkRow("Spectators", links.spectate) : null, links.join ? linkRow("Table link", links.join) : null] : el("li", { class: "muted" }, "The invite links were shown when the table was made (on another browser): make a new one for a seat below."),
  );
}

function bombRow(id) {
  const amount = el("input", { type: "number", min: 1, step: 1, placeholder: "chips each", "aria-label": "Bomb pot: each seat antes", dataset: { bombAmount: "" } });
  return el("div", { class: "action-row bomb-row" }, amount, button("bomb", "Bomb pot next hand", () => bomb(id, amount)), el("span", { class: "muted bomb-text" }));
}

function makeEntry(id) {
  const entry = el("article", { class: "table-entry", dataset: { table: id } }, el("h3"), el("ul", { class: "links" }));
  entry.append(
    el("table", { class: "seat-rows" }, el("thead", {}, el("tr", {}, ["Seat", "Player", "Stack", "Status", "Connected", ""].map((h) => el("th", { scope: "col" }, h)))), el("tbody")),
    el("ul", { class: "rebuys" }),
    el("ul", { class: "seat-requests" }),
    bombRow(id),
    el("div", { class: "action-row commands" }),
    el("div", { class: "ledger-box" }),
  );
  showLinks(entry);
  return entry;
}

function update(entry, table) {
  const id = table.table;
  const live = !["closing", "closed", "damaged"].includes(table.status);
  const paused = table.status === "paused";
  const fresh = paused && table.hands === 0;
  entry.dataset.status = table.status;
  const about = table.status === "damaged" ? `(${id}) · damaged: ${table.reason}` : `(${id}) · ${table.seats} seats · ${table.hands} ${table.hands === 1 ? "hand" : "hands"} · ${fresh ? "not started" : STATUS[table.status] ?? table.status}`;
  fill(entry.querySelector("h3"), `${table.title ?? id} `, el("span", { class: "muted" }, about));
  const body = entry.querySelector(".seat-rows tbody");
  for (const player of table.players ?? []) {
    let row = body.querySelector(`[data-seat-row="${player.seat}"]`);
    if (!row) body.append((row = seatRow(entry, player.seat)));
    updateRow(row, player, player.bot);
  }
  fill(
    entry.querySelector(".rebuys"),
    (table.rebuys ?? []).map((r) => el("li", {}, `${r.name ?? `Seat ${r.seat + 1}`} (seat ${r.seat + 1}) asks to rebuy ${chips(r.amount)} `, button("approve", "Approve", () => rebuy(id, r.seat, true), ""), button("refuse", "Refuse", () => rebuy(id, r.seat, false), "danger"))),
  );
  showRequests(entry.querySelector(".seat-requests"), table);
  const bombs = entry.querySelector(".bomb-row");
  bombs.hidden = !live || !table.flop;
  fill(bombs.querySelector(".bomb-text"), table.bomb?.text ?? "");
  const links = savedLinks()[id];
  fill(
    entry.querySelector(".commands"),
    // Only what the table can still do: start, pause or resume, close; a closing table keeps its records.
    live && fresh ? button("start", "Start", () => command(id, "resume"), "") : null,
    live && !paused ? button("pause", "Pause", () => command(id, "pause")) : null,
    live && paused && !fresh ? button("resume", "Resume", () => command(id, "resume")) : null,
    live ? button("close", "Close", () => { if (confirm("Close the table after this hand?")) command(id, "close"); }, "danger") : null,
    live ? newLinkButton(id, () => showLinks(entry)) : null,
    links?.spectate ? el("a", { class: "act secondary", href: links.spectate, target: "_blank", rel: "noopener" }, "Watch") : null,
    el("button", { type: "button", class: "act secondary", onclick: () => ledger(id, entry.querySelector(".ledger-box")) }, "Ledger"),
    button("phh", "Hands (PHH)", () => download(`/api/tables/${id}/history?format=phh&full=1`, `hands-${id}.phh`)),
    button("pokerstars", "Hands (PokerStars)", () => download(`/api/tables/${id}/history?format=pokerstars`, `hands-${id}.txt`)),
    button("log", "Game log", () => showLog(id, entry.querySelector(".ledger-box"), download)),
  );
}

/** Draw the tables as the server lists them (GET /api/tables, or the live feed's `tables`). */
export function showTables(tables) {
  const box = $("tables");
  const kept = new Map([...box.querySelectorAll(".table-entry")].map((entry) => [entry.dataset.table, entry]));
  const entries = tables.map((table) => {
    const entry = kept.get(table.table) ?? makeEntry(table.table);
    update(entry, table);
    return entry;
  });
  if (!entries.length) {
    fill(box, el("p", { class: "muted" }, "No tables yet."));
    return;
  }
  box.querySelector(":scope > p")?.remove();
  entries.forEach((entry, index) => {
    if (box.children[index] !== entry) box.insertBefore(entry, box.children[index] ?? null);
  });
  for (const [id, entry] of kept) if (!tables.some((t) => t.table === id)) entry.remove();
}

/** A table just made: its links kept and shown (the feed may have drawn its entry already). */
export function made(answer) {
  saveLinks(answer.table, answer);
  const entry = $("tables").querySelector(`[data-table="${answer.table}"]`);
  if (entry) showLinks(entry);
}
