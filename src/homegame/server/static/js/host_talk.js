// The host page's doors over table talk: mute or unmute a seat's chat (the seat's row shows
// "Mute" or "Unmute" as the server's listing says it is), and the table's game log.

import { drawLog } from "./gamelog.js";
import { api, attempt, toast } from "./host_common.js";
import { el, fill } from "./util.js";

/** Mute (`muted` false now) or unmute a seat's chat. */
export async function toggleMute(table, seat, row) {
  const mute = row.dataset.muted !== "true";
  if (await attempt(() => api("POST", `/api/tables/${table}/seats/${seat}/mute`, { mute }))) toast(`Seat ${seat + 1}: chat ${mute ? "muted" : "unmuted"}`);
}

/** Show a seat row's mute button as the listing's `player` says (a bot's seat has none). */
export function showMute(row, player, bot) {
  const muted = player.muted === true;
  row.dataset.muted = String(muted);
  const button = row.querySelector("[data-action=mute]");
  button.hidden = bot;
  button.setAttribute("aria-pressed", String(muted));
  fill(button, muted ? "Unmute" : "Mute");
}

/** Show a table's game log in `box`, with a button that downloads it as text (`download(path, name)`). */
export async function showLog(table, box, download) {
  const answer = await attempt(() => api("GET", `/api/tables/${table}/log`));
  if (!answer) return;
  const list = el("ol", { class: "game-log" });
  drawLog(list, answer.lines);
  fill(box, el("h4", {}, "Game log"), list, el("button", { type: "button", class: "act secondary", dataset: { action: "log-download" }, onclick: () => download(`/api/tables/${table}/log?format=text`, `log-${table}.txt`) }, "Download as text"));
}
