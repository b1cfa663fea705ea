// Looks: a player picks the deck's indices (large, for a phone) and the felt from a few themes in
// the menu (the four-colour deck is the menu's switch beside them). The choice is kept on this
// device and changes nothing for anyone else: it is a class on <body> that table.css draws.

import { readPref, writePref } from "./prefs.js";

/** The felts a player may pick, the first the table's own. */
export const FELTS = ["green", "blue", "red", "charcoal"];
const BIG_KEY = "homegame.bigIndex";
const FELT_KEY = "homegame.felt";

/** The looks kept on this device: `{bigIndex, felt}`. */
export function readLooks(storage) {
  return { bigIndex: readPref(storage, BIG_KEY, false), felt: readPref(storage, FELT_KEY, FELTS[0], FELTS) };
}

/** Keep the looks on this device. */
export function writeLooks(storage, looks) {
  writePref(storage, BIG_KEY, looks.bigIndex);
  writePref(storage, FELT_KEY, FELTS.includes(looks.felt) ? looks.felt : FELTS[0]);
}

/** The classes on <body> that draw `looks` (the table's own felt needs none). */
export function lookClasses(looks) {
  return [looks.bigIndex ? "big-index" : null, looks.felt !== FELTS[0] ? `felt-${looks.felt}` : null].filter(Boolean);
}

/** Put `looks` on `body`, replacing the looks before. */
export function applyLooks(body, looks) {
  for (const name of [...body.classList]) if (name === "big-index" || name.startsWith("felt-")) body.classList.remove(name);
  body.classList.add(...lookClasses(looks));
}

/** Wire the menu's deck and felt controls to the looks kept in `storage`. */
export function setupLooks($, storage) {
  const looks = readLooks(storage);
  applyLooks(document.body, looks);
  $("big-index").checked = looks.bigIndex;
  $("felt-theme").value = looks.felt;
  const changed = () => {
    const chosen = { bigIndex: $("big-index").checked, felt: $("felt-theme").value };
    writeLooks(storage, chosen);
    applyLooks(document.body, chosen);
  };
  $("big-index").addEventListener("change", changed);
  $("felt-theme").addEventListener("change", changed);
}
