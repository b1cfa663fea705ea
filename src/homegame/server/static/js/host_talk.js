// The host page's doors over table talk: mute or unmute a seat's chat (the seat's row shows
// "Mute" or "Unmute" as the server's listing says it is).

import { api, attempt, toast } from "./host_common.js";
import { fill } from "./util.js";

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
