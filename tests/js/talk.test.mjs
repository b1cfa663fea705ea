// The table's sounds, alerts and looks: which sounds two snapshots in a row call for, the sound
// switch and the looks kept on this device (a storage that refuses keeps the defaults), and the
// tab's title on your turn.

import assert from "node:assert/strict";
import { test } from "node:test";
import { alertTurn, notifyOn, pageTitle, setNotify } from "../../src/homegame/server/static/js/alerts.js";
import { FELTS, applyLooks, lookClasses, readLooks, writeLooks } from "../../src/homegame/server/static/js/looks.js";
import { cues, setSound, soundOn, summary } from "../../src/homegame/server/static/js/sounds.js";
import { logText, utcTime } from "../../src/homegame/server/static/js/gamelog.js";

class Storage {
  constructor(kept = {}) {
    this.kept = { ...kept };
  }
  getItem(key) {
    return key in this.kept ? this.kept[key] : null;
  }
  setItem(key, value) {
    this.kept[key] = String(value);
  }
}
const refusing = {
  getItem() {
    throw new Error("SecurityError");
  },
  setItem() {
    throw new Error("QuotaExceededError");
  },
};

// Snapshots as the wire has them, only the fields the cues read.
const between = (last = null) => ({ view: null, dealt: [], choosing: null, last });
const inHand = (pot, legal = []) => ({ view: { pot, legal }, dealt: [2, 0], choosing: null, last: null });
const won = (hand, seat) => ({ hand, dealt: [2, 0], result: { awards: [{ seat, amount: 10 }] } });

test("no sound for the first snapshot; a deal, chips, your turn and a pot you win each have theirs", () => {
  const you = 0; // the hand's seat 1
  const seen = [];
  let before = null;
  for (const [state, hand] of [
    [between(), 0],
    [inHand(3), 1],
    [inHand(3), 1],
    [inHand(7, [{ kind: "call" }]), 1],
    [inHand(17), 1],
    [between(won(1, 1)), 1],
    [between(won(1, 1)), 1],
    [inHand(3), 2],
    [between(won(2, 0)), 2],
  ]) {
    const after = summary(state, you, hand);
    seen.push(cues(before, after));
    before = after;
  }
  assert.deepEqual(seen, [[], ["deal"], [], ["chips", "turn"], ["chips"], ["win"], [], ["deal"], []]);
});

test("the dealer's choice is your turn too", () => {
  const choosing = { ...between(), choosing: { seat: 1, games: ["holdem"] } };
  assert.deepEqual(cues(summary(between(), 1, 3), summary(choosing, 1, 3)), ["turn"]);
  assert.deepEqual(cues(summary(between(), 0, 3), summary(choosing, 0, 3)), []);
});

test("the sound switch is on at first and kept on this device", () => {
  const storage = new Storage();
  assert.equal(soundOn(storage), true);
  setSound(storage, false);
  assert.equal(storage.kept["homegame.sound"], "0");
  assert.equal(soundOn(new Storage(storage.kept)), false, "a reload reads it back");
  setSound(storage, true);
  assert.equal(soundOn(storage), true);
  assert.equal(soundOn(new Storage({ "homegame.sound": "loud" })), true, "a value of another version: the default");
  assert.equal(soundOn(refusing), true);
  setSound(refusing, false); // a storage that refuses: no error
  assert.equal(notifyOn(new Storage()), false, "notifications only once asked for");
});

test("the tab's title says it is your turn first", () => {
  assert.equal(pageTitle(true, "Razz"), "● Your turn · Razz · homegame");
  assert.equal(pageTitle(false, "Razz"), "Razz · homegame");
});

test("the looks are kept on this device and drawn as classes on the body", () => {
  const storage = new Storage();
  assert.deepEqual(readLooks(storage), { bigIndex: false, felt: "green" });
  assert.deepEqual(lookClasses(readLooks(storage)), []);
  writeLooks(storage, { bigIndex: true, felt: "blue" });
  const again = readLooks(new Storage(storage.kept));
  assert.deepEqual(again, { bigIndex: true, felt: "blue" });
  assert.deepEqual(lookClasses(again), ["big-index", "felt-blue"]);
  assert.deepEqual(readLooks(new Storage({ "homegame.felt": "<script>" })).felt, "green");
  assert.deepEqual(readLooks(refusing), { bigIndex: false, felt: "green" });
  assert.deepEqual(FELTS, ["green", "blue", "red", "charcoal"]);
  const classes = new Set(["four-colour", "felt-red", "spectator"]);
  const body = { classList: { add: (...names) => names.forEach((n) => classes.add(n)), remove: (n) => classes.delete(n), [Symbol.iterator]: () => classes.values() } };
  applyLooks(body, again);
  assert.deepEqual([...classes].sort(), ["big-index", "felt-blue", "four-colour", "spectator"]);
});

test("the game log downloads as the server's text: the time in UTC, then the line", () => {
  const lines = [
    { at: Date.UTC(2027, 0, 15, 8, 0, 0), text: "ann sits down with 100" },
    { at: Date.UTC(2027, 0, 15, 8, 0, 7, 900), text: "ann: <b>gl</b>" },
  ];
  assert.equal(utcTime(lines[1].at), "2027-01-15 08:00:07 UTC");
  assert.equal(logText(lines), "2027-01-15 08:00:00 UTC  ann sits down with 100\n2027-01-15 08:00:07 UTC  ann: <b>gl</b>\n");
  assert.equal(logText([]), "");
});

test("your turn in a hidden tab vibrates and notifies (once allowed); a visible tab does neither", async () => {
  const buzzed = [];
  const shown = [];
  Object.defineProperty(globalThis, "navigator", { value: { vibrate: (pattern) => buzzed.push(pattern) }, configurable: true });
  globalThis.Notification = class {
    static permission = "granted";
    static requestPermission = async () => "granted";
    constructor(title, options) {
      shown.push([title, options.body]);
    }
  };
  const storage = new Storage();
  globalThis.document = { hidden: false };
  alertTurn("Razz", storage);
  assert.deepEqual([buzzed.length, shown.length], [0, 0]);
  globalThis.document = { hidden: true };
  alertTurn("Razz", storage);
  assert.deepEqual([buzzed.length, shown], [1, []], "a vibration; no notification until asked for");
  assert.equal(await setNotify(storage, true), true);
  alertTurn("Razz", storage);
  assert.deepEqual(shown, [["Your turn", "Razz"]]);
  globalThis.Notification = class {
    static permission = "granted";
    constructor() {
      throw new TypeError("Illegal constructor");
    }
  };
  alertTurn("Razz", storage); // Chrome on Android: only the vibration, no error
  assert.equal(buzzed.length, 3);
  delete globalThis.Notification;
  delete globalThis.document;
});
