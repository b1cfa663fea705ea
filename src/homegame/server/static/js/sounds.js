// Sounds of the table, made with Web Audio (no sound files): your turn, a deal, chips into the pot,
// a pot you win. What happened is read from two snapshots in a row (`cues`): the page works out
// no pot and no winner, it reads them from the wire. Sounds are on by default; the menu's switch
// is kept on this device ("homegame.sound").

import { readPref, writePref } from "./prefs.js";

export const SOUND_KEY = "homegame.sound";

/**
 * What of a snapshot the cues compare: the hand, whether it is your turn, the pot (null between
 * hands), and the last finished hand you won a pot of (its number; null: none), as `last` says.
 */
export function summary(state, you, hand) {
  const view = state?.view ?? null;
  const legal = view?.legal ?? [];
  const last = state?.last ?? null;
  const mine = last && you !== null ? last.dealt.indexOf(you) : -1;
  const won = mine >= 0 && (last.result?.awards ?? []).some((award) => award.seat === mine);
  return {
    hand,
    turn: legal.length > 0 || (state?.choosing != null && state.choosing.seat === you),
    pot: view?.pot ?? null,
    won: won ? last.hand : null,
  };
}

/** The sounds for the change from snapshot summary `before` to `after` (none after a first snapshot). */
export function cues(before, after) {
  if (before === null) return [];
  const out = [];
  const dealt = after.hand !== before.hand && after.pot !== null;
  if (dealt) out.push("deal");
  else if (after.pot !== null && before.pot !== null && after.pot > before.pot) out.push("chips");
  if (after.won !== null && after.won !== before.won) out.push("win");
  if (after.turn && !before.turn) out.push("turn");
  return out;
}

/** Whether sounds are on (the menu's switch, kept on this device). */
export function soundOn(storage) {
  return readPref(storage, SOUND_KEY, true);
}

/** Turn sounds on or off on this device. */
export function setSound(storage, on) {
  writePref(storage, SOUND_KEY, on);
}

// Each sound: notes of [frequency Hz, start s, length s, wave], short and quiet.
const NOTES = {
  turn: [[660, 0, 0.12, "sine"], [880, 0.13, 0.18, "sine"]],
  deal: [[1400, 0, 0.04, "triangle"], [1100, 0.06, 0.04, "triangle"]],
  chips: [[2200, 0, 0.03, "square"], [2600, 0.05, 0.03, "square"], [2400, 0.1, 0.03, "square"]],
  win: [[523, 0, 0.12, "sine"], [659, 0.12, 0.12, "sine"], [784, 0.24, 0.25, "sine"]],
};

let context = null;

/** Play a sound by its name (a browser without Web Audio plays nothing). */
export function play(name) {
  const Audio = globalThis.AudioContext ?? globalThis.webkitAudioContext;
  if (!Audio || !NOTES[name]) return;
  context ??= new Audio();
  if (context.state === "suspended") context.resume();
  const now = context.currentTime;
  for (const [frequency, start, length, wave] of NOTES[name]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.12, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
}
