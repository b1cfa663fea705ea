// The host's page: create tables, hand out the invite links, and run the tables, kept live from
// the server's feed (js/host_tables.js). The host secret is the URL fragment.

import { $, api, toast, token } from "./host_common.js";
import { made, showTables } from "./host_tables.js";
import { el, fill } from "./util.js";

const RETRY_MS = 2000;

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
  if ($("paused").checked) out.paused = true;
  if ($("auto-approve").checked) out.auto_approve = true;
  const between = $("between-hands").value.trim(); // empty: the server's serve --between-hands
  if (between !== "") out.between_hands = Number(between);
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
    made(answer);
    toast(`Table ${answer.table} created`);
    $("title").value = ""; // the next table's name and players are its own; the settings stay
    $("names").value = "";
    await refresh();
  } catch (error) {
    fill($("new-error"), String(error.message ?? error));
  }
}

// ---- the tables, live ----

function state(name, text) {
  $("host-state").dataset.state = name;
  fill($("host-state"), text);
}

async function refresh() {
  try {
    showTables(await api("GET", "/api/tables"));
    return true;
  } catch (error) {
    state("closed", token ? String(error.message ?? error) : "Open the host link the server printed.");
    return false;
  }
}

// The server's feed of the tables (server-sent events). EventSource sends no header, so the host's
// secret buys a ticket that opens the feed once; when the feed breaks, a new ticket after a pause.
let source = null;

async function listen() {
  source?.close();
  source = null;
  try {
    const { ticket } = await api("POST", "/api/events/ticket");
    source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    source.addEventListener("tables", (event) => {
      state("connected", "Host · live");
      showTables(JSON.parse(event.data));
    });
    source.addEventListener("error", () => {
      state("reconnecting", "Host · reconnecting");
      source?.close();
      setTimeout(listen, RETRY_MS);
    });
  } catch {
    setTimeout(listen, RETRY_MS);
  }
}

document.querySelectorAll("input[name=mode]").forEach((n) => n.addEventListener("change", showMode));
$("game").addEventListener("change", showHouseRules);
$("new-table").addEventListener("submit", create);
$("new-table").addEventListener("input", () => fill($("new-error"), "")); // an old complaint goes once the form changes
$("refresh").addEventListener("click", refresh);
showMode();
loadGames().then(async () => {
  showHouseRules();
  if (await refresh()) listen();
});
