// Table talk and table options past chat, wired into the page: what the host's mute means on this
// screen, and reactions by the seats. table.js calls `heard` with each message the server sends
// (true: it was talk's) and `drew` after each snapshot it draws.

import { showMuted } from "./chat.js";
import { createReactions, drawReactionBar, drawReactions, heardReaction } from "./reactions.js";

/**
 * Wire the talk: `$` finds an element by id, `send` sends a message (false: not connected),
 * `record` gives the page's one record (state.js's `current`).
 */
export function setupTalk($, send, record) {
  const showing = createReactions();
  const redrawReactions = () => drawReactions([$("felt"), $("me")], showing, Date.now());
  drawReactionBar($("reaction-bar"), send);
  return {
    heard(data) {
      if (data.type !== "react") return false;
      heardReaction(showing, data, Date.now());
      redrawReactions();
      setTimeout(redrawReactions, 4100); // gone once its time is up (a later one keeps its own)
      return true;
    },
    drew(state) {
      const you = record().you;
      showMuted($, you !== null && state.seats[you]?.muted === true);
      redrawReactions();
    },
  };
}
