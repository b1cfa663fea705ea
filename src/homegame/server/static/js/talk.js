// Table talk and table options past chat, wired into the page: what the host's mute means on this
// screen, reactions by the seats, the sounds and the turn's alerts, the looks, the game log. table.js calls
// `heard` with each message the server sends (true: it was talk's) and `drew` after each
// snapshot it draws.

import { alertTurn, notifyOn, setNotify } from "./alerts.js";
import { showMuted } from "./chat.js";
import { setupLog } from "./gamelog.js";
import { setupLooks } from "./looks.js";
import { createReactions, drawReactionBar, drawReactions, heardReaction } from "./reactions.js";
import { cues, play, setSound, soundOn, summary } from "./sounds.js";

/**
 * Wire the talk: `$` finds an element by id, `send` sends a message (false: not connected),
 * `record` gives the page's one record (state.js's `current`), `table` the table's name.
 */
export function setupTalk($, send, record, table) {
  const storage = globalThis.localStorage;
  const heardLog = setupLog($, send, table);
  const showing = createReactions();
  const redrawReactions = () => drawReactions([$("felt"), $("me")], showing, Date.now());
  drawReactionBar($("reaction-bar"), send);
  setupLooks($, storage);
  $("sound-on").checked = soundOn(storage);
  $("sound-on").addEventListener("change", (event) => {
    setSound(storage, event.target.checked);
    if (event.target.checked) play("turn"); // a sample, and the browser lets sounds play from now on
  });
  $("notify-on").checked = notifyOn(storage);
  $("notify-on").addEventListener("change", async (event) => {
    event.target.checked = await setNotify(storage, event.target.checked);
  });
  let before = null;
  return {
    heard(data) {
      if (data.type === "log") heardLog(data);
      if (data.type !== "react") return data.type === "log";
      heardReaction(showing, data, Date.now());
      redrawReactions();
      setTimeout(redrawReactions, 4100); // gone once its time is up (a later one keeps its own)
      return true;
    },
    drew(state) {
      const { you, hand } = record();
      showMuted($, you !== null && state.seats[you]?.muted === true);
      redrawReactions();
      const after = summary(state, you, hand);
      const heard = cues(before, after);
      before = after;
      if (soundOn(storage)) for (const name of heard) play(name);
      if (heard.includes("turn")) alertTurn(state.game?.title ?? state.title, storage);
    },
  };
}
