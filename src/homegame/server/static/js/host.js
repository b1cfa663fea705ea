// The host's page: create tables, hand out the invite links, run the tables (pause, close,
// rebuys, sit-outs) and read the ledger with its settle-up. The host secret is the URL fragment.

import { chips, el, fill } from "./util.js";

const $ = (id) => document.getElementById(id);
const KEY = "homegame.host";
const LINKS = "homegame.host.links";

function secret() {
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (fragment) {
    try {
      sessionStorage.setItem(KEY, fragment);
    } catch {
      /* kept in the page only */
    }
    history.replaceState(null, "", location.pathname);
    return fragment;
  }
  try {
    return sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

const token = secret();

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new Error(data?.error ?? `${response.status} ${response.statusText}`);
  return data;
}

function toast(text, kind = "info") {
  const node = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  $("toasts").append(node);
  setTimeout(() => node.remove(), 4000);
}

function savedLinks() {
  try {
    return JSON.parse(localStorage.getItem(LINKS) ?? "{}");
  } catch {
    return {};
  }
}

function saveLinks(table, answer) {
  const all = savedLinks();
  all[table] = { invites: answer.invites, spectate: answer.spectate };
  try {
    localStorage.setItem(LINKS, JSON.stringify(all));
  } catch {
    /* the links stay on screen only */
  }
}

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Copied");
  } catch {
    input.select();
    toast("Selected: copy it with Ctrl+C");
  }
}

function linkRow(label, url) {
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
  return el("li", {}, el("span", { class: "muted" }, label), input, el("button", { type: "button", class: "act secondary", "aria-label": `Copy ${label}`, onclick: () => copy(url, input) }, "Copy"));
}

// ---- the new-table form ----

let games = [];

async function loadGames() {
  games = await (await fetch("/api/games")).json();
  const select = $("game");
  const plain = games.filter((g) => !g.mix);
  const mixes = games.filter((g) => g.mix);
  select.append(el("optgroup", { label: "Games" }, plain.map((g) => el("option", { value: g.name }, `${g.title}`))));
  if (mixes.length) select.append(el("optgroup", { label: "Mixes" }, mixes.map((g) => el("option", { value: g.name }, g.title))));
  select.value = games.some((g) => g.name === "holdem") ? "holdem" : plain[0]?.name;
  fill(
    $("game-list"),
    games.map((g) => el("label", { class: "check", title: g.summary ?? "" }, el("input", { type: "checkbox", value: g.name, name: "many", dataset: { mix: g.mix ? "true" : "false" } }), g.mix ? `${g.title} (mix)` : g.title)),
  );
}

// The house rules the chosen game offers (name=default, and what it does), under the box they are typed in.
async function showHouseRules() {
  const box = $("house-rules");
  const name = mode() === "game" ? $("game").value : "";
  box.hidden = true;
  if (!name) return;
  const response = await fetch(`/api/games/${encodeURIComponent(name)}`);
  const game = response.ok ? await response.json() : null;
  if (!game?.options?.length || name !== $("game").value || mode() !== "game") return;
  fill(box.querySelector("summary"), `House rules of ${game.title}`);
  fill(
    box.querySelector("ul"),
    game.options.map((option) =>
      el("li", {}, el("code", {}, `${option.name}=${option.default}`), ` ${option.doc}${option.choices?.length ? ` (${option.choices.join(", ")})` : ""}`),
    ),
  );
  box.hidden = false;
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

function showMode() {
  $("one-game").hidden = mode() !== "game";
  $("many-games").hidden = mode() === "game";
  $("every-field").hidden = mode() !== "rotation";
  $("every").disabled = mode() !== "rotation"; // a hidden box's bad value must not block the form unseen
  // A rotation plays games in turn; a mix is a rotation of its own, so it is picked as the one game.
  for (const box of document.querySelectorAll("input[name=many][data-mix=true]")) {
    box.disabled = mode() === "rotation";
    if (box.disabled) box.checked = false;
  }
  fill($("new-error"), "");
  showHouseRules();
}

// "name=value" lines into an object: whole numbers and true/false as such, the rest as text
// (the server names a bad name or value).
function pairs(text) {
  const out = {};
  for (const line of text.split("\n")) {
    const [key, ...rest] = line.split("=");
    if (!key.trim() || !rest.length) continue;
    const value = rest.join("=").trim();
    out[key.trim()] = /^-?\d+$/.test(value) ? Number(value) : value === "true" ? true : value === "false" ? false : value;
  }
  return out;
}

function body() {
  const seats = Number($("seats").value);
  const clock = Number($("clock").value);
  const out = {
    seats,
    stack: Number($("stack").value),
    bots: Number($("bots").value),
    bot_level: $("bot-level").value,
    spectators: $("spectators").value,
    missed_blinds: $("missed-blinds").value,
    clock: clock > 0 ? { seconds: clock, bank: Number($("bank").value) } : null,
  };
  const names = $("names").value.split(",").map((n) => n.trim()).filter(Boolean);
  if (names.length) out.names = names;
  const options = pairs($("options").value);
  if (Object.keys(options).length) out.options = options;
  const title = $("title").value.trim();
  if (title) out.title = title;
  const stakes = pairs($("stakes").value.replaceAll(",", "\n"));
  if (Object.keys(stakes).length) out.stakes = stakes;
  if ($("kill").checked) out.kill = true;
  const picked = [...document.querySelectorAll("input[name=many]:checked")].map((n) => n.value);
  if (mode() === "game") out.game = $("game").value;
  else if (mode() === "choice") out.choice = picked;
  else {
    out.rotation = picked;
    out.every = Number($("every").value);
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  fill($("new-error"), "");
  const picked = document.querySelectorAll("input[name=many]:checked").length;
  if (mode() !== "game" && !picked) {
    fill($("new-error"), mode() === "rotation" ? "Tick the games to play in turn." : "Tick the games the dealer may choose from.");
    return;
  }
  try {
    const answer = await api("POST", "/api/tables", body());
    saveLinks(answer.table, answer);
    toast(`Table ${answer.table} created`);
    $("title").value = ""; // the next table's name and players are its own; the settings stay
    $("names").value = "";
    await refresh();
  } catch (error) {
    fill($("new-error"), String(error.message ?? error));
  }
}

// ---- the tables ----

async function command(table, what) {
  try {
    await api("POST", `/api/tables/${table}/${what}`);
    await refresh();
  } catch (error) {
    toast(String(error.message ?? error), "error");
  }
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
      el("button", { type: "button", class: "act secondary", onclick: () => csv(table) }, "Download CSV"),
    );
  } catch (error) {
    fill(box, String(error.message ?? error));
  }
}

// A file the host's secret opens (the ledger's CSV, the hand histories), saved under `name`.
async function download(path, name) {
  try {
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
  } catch (error) {
    toast(String(error.message ?? error), "error");
  }
}

const csv = (table) => download(`/api/tables/${table}/ledger?format=csv`, `ledger-${table}.csv`);

async function rebuy(table, seat, approve) {
  try {
    await api("POST", `/api/tables/${table}/rebuys/${seat}`, { approve });
    toast(approve ? "Rebuy approved" : "Rebuy refused");
    await refresh();
  } catch (error) {
    toast(String(error.message ?? error), "error");
  }
}

async function sitOut(table, seat) {
  try {
    await api("POST", `/api/tables/${table}/seats/${seat}/sit-out`);
    toast(`Seat ${seat + 1} sits out from the next hand`);
  } catch (error) {
    toast(String(error.message ?? error), "error");
  }
}

const STATUS = { waiting: "waiting for players", closing: "closing after this hand" };

function tableEntry(entry, links) {
  const id = entry.table;
  const live = !["closing", "closed"].includes(entry.status);
  const paused = entry.status === "paused";
  const ledgerBox = el("div", { class: "ledger-box" });
  const seatInput = el("input", { type: "number", min: 1, max: entry.seats, value: 1, "aria-label": "Seat number" });
  const seat = () => Number(seatInput.value) - 1;
  const rebuys = (entry.rebuys ?? []).map((r) =>
    el("li", {}, `${r.name ?? `Seat ${r.seat + 1}`} (seat ${r.seat + 1}) asks to rebuy ${chips(r.amount)} `,
      el("button", { type: "button", class: "act", dataset: { action: "approve" }, onclick: () => rebuy(id, r.seat, true) }, "Approve"),
      el("button", { type: "button", class: "act danger", dataset: { action: "refuse" }, onclick: () => rebuy(id, r.seat, false) }, "Refuse")),
  );
  return el(
    "article",
    { class: "table-entry", dataset: { table: id } },
    el("h3", {}, `${entry.title} `, el("span", { class: "muted" }, `(${id}) · ${entry.seats} seats · ${entry.hands} ${entry.hands === 1 ? "hand" : "hands"} · ${STATUS[entry.status] ?? entry.status}`)),
    links ? el("ul", { class: "links" }, links.invites.map((url, i) => linkRow(`Invite ${i + 1}`, url)), links.spectate ? linkRow("Spectators", links.spectate) : null) : el("p", { class: "muted" }, "The invite links were shown when the table was made (on another browser)."),
    links?.spectate ? el("div", { class: "action-row" }, el("a", { class: "act secondary", href: links.spectate, target: "_blank", rel: "noopener" }, "Watch")) : null,
    rebuys.length ? el("ul", { class: "rebuys" }, rebuys) : null,
    el(
      "div",
      { class: "action-row" },
      // Only what the table can still do: pause or resume, close; a closing table keeps its records.
      live && !paused ? el("button", { type: "button", class: "act secondary", dataset: { action: "pause" }, onclick: () => command(id, "pause") }, "Pause") : null,
      live && paused ? el("button", { type: "button", class: "act secondary", dataset: { action: "resume" }, onclick: () => command(id, "resume") }, "Resume") : null,
      live ? el("button", { type: "button", class: "act danger", dataset: { action: "close" }, onclick: () => { if (confirm("Close the table after this hand?")) command(id, "close"); } }, "Close") : null,
      el("button", { type: "button", class: "act secondary", onclick: () => ledger(id, ledgerBox) }, "Ledger"),
      el("button", { type: "button", class: "act secondary", dataset: { action: "phh" }, onclick: () => download(`/api/tables/${id}/history?format=phh&full=1`, `hands-${id}.phh`) }, "Hands (PHH)"),
      el("button", { type: "button", class: "act secondary", dataset: { action: "pokerstars" }, onclick: () => download(`/api/tables/${id}/history?format=pokerstars`, `hands-${id}.txt`) }, "Hands (PokerStars)"),
    ),
    !live ? null : el(
      "div",
      { class: "action-row" },
      el("label", { class: "seat-pick" }, "Seat ", seatInput),
      el("button", { type: "button", class: "act secondary", onclick: () => rebuy(id, seat(), true) }, "Approve rebuy"),
      el("button", { type: "button", class: "act secondary", onclick: () => rebuy(id, seat(), false) }, "Refuse rebuy"),
      el("button", { type: "button", class: "act secondary", onclick: () => sitOut(id, seat()) }, "Sit out"),
    ),
    ledgerBox,
  );
}

async function refresh() {
  try {
    const tables = await api("GET", "/api/tables");
    const links = savedLinks();
    $("host-state").dataset.state = "connected";
    fill($("host-state"), "Host");
    fill($("tables"), tables.length ? tables.map((t) => tableEntry(t, links[t.table])) : el("p", { class: "muted" }, "No tables yet."));
  } catch (error) {
    $("host-state").dataset.state = "closed";
    fill($("host-state"), token ? String(error.message ?? error) : "Open the host link the server printed.");
  }
}

document.querySelectorAll("input[name=mode]").forEach((n) => n.addEventListener("change", showMode));
$("game").addEventListener("change", showHouseRules);
$("new-table").addEventListener("submit", create);
$("new-table").addEventListener("input", () => fill($("new-error"), "")); // an old complaint goes once the form changes
$("refresh").addEventListener("click", refresh);
showMode();
loadGames().then(() => {
  showHouseRules();
  return refresh();
});
