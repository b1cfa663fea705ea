// Table talk and table options past chat, wired into the page: what the host's mute means on this
// screen. table.js calls `heard` with each message the server sends (true: it was talk's) and
// `drew` after each snapshot it draws.

import { showMuted } from "./chat.js";

/**
 * Wire the talk: `$` finds an element by id, `send` sends a message (false: not connected),
 * `record` gives the page's one record (state.js's `current`).
 */
export function setupTalk($, send, record) {
  return {
    heard(data) {
      return false;
    },
    drew(state) {
      const you = record().you;
      showMuted($, you !== null && state.seats[you]?.muted === true);
    },
  };
}
