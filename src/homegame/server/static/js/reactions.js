// Reactions: a seat shows one emoji of a small fixed set by its seat for a few seconds. The server
// checks the set and paces them (docs/protocol.md "Reactions"); nothing of them is kept. Each is
// drawn as text by the seat it came from, again after every redraw of the seats while it lasts.

import { el, fill } from "./util.js";

/** The reactions a seat may show: the server's own set (homegame.server.reactions.EMOJI). */
export const EMOJI = ["👍", "👏", "😂", "😮", "😢", "😡", "🔥", "🤔"];
/** How long a reaction shows by its seat, in ms. */
export const SHOW_MS = 4000;

/** The reactions showing: by table seat, its emoji and until when (ms). */
export function createReactions() {
  return new Map();
}

/** A `react` message heard at `now` (ms): its seat shows it, in place of the one before. */
export function heardReaction(showing, message, now) {
  if (EMOJI.includes(message.emoji)) showing.set(message.seat, { emoji: message.emoji, until: now + SHOW_MS });
  return showing;
}

/** The reactions still to show at `now`, `[seat, emoji]` (those past their time forgotten). */
export function liveReactions(showing, now) {
  for (const [seat, shown] of showing) if (shown.until <= now) showing.delete(seat);
  return [...showing].map(([seat, shown]) => [seat, shown.emoji]);
}

/** Draw each live reaction by its seat's box (found under `roots`, the first that has it). */
export function drawReactions(roots, showing, now) {
  for (const root of roots) for (const old of root.querySelectorAll(".reaction")) old.remove();
  for (const [seat, emoji] of liveReactions(showing, now)) {
    const box = roots.map((root) => root.querySelector(`[data-seat="${seat}"]`)).find(Boolean);
    box?.append(el("span", { class: "reaction", role: "img", "aria-label": `reacts ${emoji}` }, emoji));
  }
}

/** The buttons a player reacts with (`send` sends the message). */
export function drawReactionBar(bar, send) {
  fill(
    bar,
    EMOJI.map((emoji) => el("button", { type: "button", class: "react", "aria-label": `React ${emoji}`, dataset: { emoji }, onclick: () => send({ type: "react", emoji }) }, emoji)),
  );
}
