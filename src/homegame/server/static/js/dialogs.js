// The dialogs and notes over the table: toasts, the confirmation, the rules of a game, the ledger,
// the dealer's choice of game.

import { houseRules } from "./calls.js";
import { KILL_RULE } from "./middle.js";
import { chips, el, fill, words } from "./util.js";

const $ = (id) => document.getElementById(id);

/** A short note in the corner for five seconds (`error`: as an alert). */
export function toast(text, kind = "info") {
  const box = $("toasts");
  const node = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
  box.append(node);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => node.remove(), 5000);
}

/** Ask before an all in or leaving; resolves to true on confirm. */
export function confirmDialog(text) {
  const dialog = $("confirm");
  fill($("confirm-text"), text);
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.close();
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      resolve(answer);
    };
    $("confirm-yes").onclick = () => done(true);
    $("confirm-no").onclick = () => done(false);
    dialog.oncancel = () => done(false);
    dialog.showModal();
    $("confirm-yes").focus();
  });
}

let games = null;

/** The catalogue's games (fetched once, when first needed). */
export function catalogue() {
  games ??= fetch("/api/games")
    .then((response) => (response.ok ? response.json() : []))
    .catch(() => []);
  return games;
}

/** A game's title from the catalogue (`list`, once fetched), else its name in words. */
export function gameTitle(list, name) {
  return list?.find((game) => game.name === name)?.title ?? words(name.replaceAll("-", " "));
}

const described = new Map();

/** One game's catalogue entry with its rules and house rules (fetched once a game; null: none). */
export function describeGame(name) {
  if (!described.has(name)) {
    described.set(
      name,
      fetch(`/api/games/${encodeURIComponent(name)}`)
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null),
    );
  }
  return described.get(name);
}

/**
 * The dealer's choice: one row a game allowed, with its rules, the house rules the dealer may call
 * with it (`house`: the table's, NAME: value) and a Deal button: `choose(name, called)`.
 */
export function gamePicker(choosing, choose, rules, house = {}) {
  const list = el("ul", { class: "games" });
  const box = el("div", { class: "picker", role: "group", "aria-label": "Choose the game" }, el("h2", {}, "Your deal: choose the game"), list);
  catalogue().then((known) => {
    for (const name of choosing.games) {
      const game = known.find((entry) => entry.name === name) ?? { name, title: name, summary: "" };
      const calls = game.mix ? null : houseRules(name, describeGame, house);
      list.append(
        el(
          "li",
          { class: "game" },
          el("div", { class: "game-text" }, el("strong", {}, game.title), el("span", { class: "summary" }, game.summary), calls?.box),
          el("button", { type: "button", class: "act secondary", "aria-label": `Rules of ${game.title}`, onclick: () => rules(name) }, "Rules"),
          el("button", { type: "button", class: "act", dataset: { action: "choose", choice: name }, "aria-label": `Deal ${game.title}`, onclick: () => choose(name, calls?.call() ?? {}) }, "Deal"),
        ),
      );
    }
  });
  return box;
}

/** The rules of game `name` in the `#rules` dialog, with the house rules and stakes in force at this table (`state`). */
export async function showRules(name, state) {
  const dialog = $("rules");
  fill($("rules-title"), name);
  fill($("rules-body"), "Loading…");
  dialog.showModal();
  try {
    const game = await describeGame(name);
    if (!game) throw new Error("no such game");
    fill($("rules-title"), game.title ?? name);
    const paragraphs = String(game.rules ?? "").split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, " ").trim()).filter(Boolean);
    const body = [el("div", { class: "rules-text" }, paragraphs.map((p) => el("p", {}, p)))];
    // The house rules in force at this table: the game in play says its own; for another game,
    // the host's settings over the game's defaults.
    const here = state.game?.name === name ? state.game : null;
    const house = state.house ?? {};
    const inForce = (o) => (here?.options && o.name in here.options ? here.options[o.name] : house.options?.[o.name] ?? o.default);
    const rules = (game.options ?? []).map((o) => {
      const value = inForce(o);
      const changed = JSON.stringify(value) !== JSON.stringify(o.default);
      return el("li", { dataset: { option: o.name } }, el("code", {}, `${o.name} = ${JSON.stringify(value)}`), changed ? el("strong", {}, ` (the host's; usually ${JSON.stringify(o.default)})`) : "", " ", o.doc ?? "");
    });
    if (house.kill) rules.push(el("li", { dataset: { house: "kill" } }, el("strong", {}, "Kill game:"), ` ${KILL_RULE}.`));
    if (rules.length) {
      body.push(el("h3", {}, "House rules at this table"));
      body.push(el("ul", { class: "options" }, rules));
    }
    const stakes = here?.stakes ?? (Object.keys(house.stakes ?? {}).length ? house.stakes : null);
    if (stakes && Object.keys(stakes).length) {
      // game.stakes are the stakes before the kill: a kill hand plays every one of them doubled.
      const killed = here && state.kill?.doubled ? state.kill : null;
      body.push(el("h3", {}, here ? "Stakes at this table" : "The host's stakes (over the game's own)", killed ? el("span", { class: "kill", dataset: { doubled: "true" } }, `Kill ×2: ${killed.name} killed`) : ""));
      body.push(el("ul", { class: "stakes" }, Object.entries(stakes).map(([k, v]) => el("li", { dataset: { stake: k } }, `${words(k)}: ${chips(killed ? 2 * v : v)}`, killed ? el("span", { class: "muted" }, ` (usually ${chips(v)})`) : ""))));
    }
    fill($("rules-body"), body);
  } catch {
    fill($("rules-body"), "The rules could not be loaded.");
  }
}

function signed(amount) {
  return `${amount > 0 ? "+" : ""}${chips(amount)}`;
}

/** The ledger and the settle-up (the server's, the same for everyone at the table). */
export function drawLedger(ledger) {
  const rows = ledger.players.map((p) =>
    el("tr", {}, el("td", {}, p.name), el("td", {}, chips(p.buy_in)), el("td", {}, chips(p.buy_out)), el("td", {}, chips(p.stack)), el("td", {}, signed(p.net))));
  const settle = ledger.settle.map((t) => el("li", {}, `${t.from} pays ${t.to} ${chips(t.amount)}`));
  fill(
    $("ledger-body"),
    el("table", { class: "ledger" },
      el("thead", {}, el("tr", {}, ["Player", "Bought in", "Cashed out", "Stack", "Net"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)),
    ledger.carried ? el("p", { class: "muted" }, `${chips(ledger.carried)} carried in the pot to the next hand.`) : null,
    el("h3", {}, "Settle up"),
    settle.length ? el("ul", { class: "settle" }, settle) : el("p", { class: "muted" }, ledger.carried ? "Once the carried pot is won." : "Nobody owes anybody."),
  );
}
