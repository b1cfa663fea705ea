// When it becomes your turn: the tab's title says so, and while the tab is hidden a phone
// vibrates and a Notification is shown (where the player allowed it: the menu's switch asks the
// browser, and is kept on this device, "homegame.notify").

import { readPref, writePref } from "./prefs.js";

export const NOTIFY_KEY = "homegame.notify";
const TURN_MARK = "● Your turn · ";

/** The tab's title: the game (or table), and first that it is your turn. */
export function pageTitle(myTurn, title) {
  return `${myTurn ? TURN_MARK : ""}${title} · homegame`;
}

/** Whether to notify when the tab is hidden (the menu's switch, kept on this device). */
export function notifyOn(storage) {
  return readPref(storage, NOTIFY_KEY, false);
}

/** Turn notifications on (asking the browser's permission) or off; whether they are on. */
export async function setNotify(storage, on) {
  let allowed = on;
  if (on && globalThis.Notification) allowed = (await Notification.requestPermission()) === "granted";
  else if (on) allowed = false; // no Notification here: a vibration still comes
  writePref(storage, NOTIFY_KEY, allowed);
  return allowed;
}

/** It has just become your turn: while the tab is hidden, vibrate and (if allowed) notify. */
export function alertTurn(title, storage) {
  if (!document.hidden) return;
  navigator.vibrate?.([200, 100, 200]);
  if (notifyOn(storage) && globalThis.Notification?.permission === "granted") {
    try {
      const note = new Notification("Your turn", { body: title, tag: "homegame-turn" });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch {
      /* a browser that shows notifications only from a service worker (Chrome on Android): the vibration stays */
    }
  }
}
