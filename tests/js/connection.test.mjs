// The connection's heartbeat, on fake timers: the page pings once a heartbeat (the welcome says how
// often), answers the server's pings, and gives up a connection silent for two heartbeats (a stalled
// network closes nothing) to connect again; an action sent into the stall is sent again once the
// welcome shows its decision still open; the server's pages of previous hands join the tab's.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./fixtures.mjs";

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static made = [];
  constructor(url) {
    Object.assign(this, { url, readyState: FakeSocket.CONNECTING, sent: [], listeners: {}, closed: false });
    FakeSocket.made.push(this);
  }
  addEventListener(kind, listener) {
    (this.listeners[kind] ??= []).push(listener);
  }
  emit(kind, event = {}) {
    for (const listener of this.listeners[kind] ?? []) listener(event);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.emit("open");
  }
  say(data) {
    this.emit("message", { data: JSON.stringify(data) });
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
}

const stored = new Map();
Object.assign(globalThis, {
  WebSocket: FakeSocket,
  location: { pathname: "/t/abc", hash: "#s3cret", protocol: "http:", host: "127.0.0.1:8000" },
  localStorage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, value) },
});

let loaded = 0;
/** A fresh copy of connection.js (its state is the module's own), connected, its first socket open and welcomed. */
async function connected(heartbeatMs) {
  loaded += 1;
  const connection = await import(new URL(`../../src/homegame/server/static/js/connection.js?${loaded}`, import.meta.url));
  const heard = [];
  const statuses = [];
  FakeSocket.made = [];
  connection.connect(
    (data) => {
      heard.push(data);
      if (data.type === "welcome") connection.welcomed(data.heartbeat_ms);
    },
    (state) => statuses.push(state),
  );
  const socket = FakeSocket.made[0];
  socket.open();
  socket.say({ type: "welcome", heartbeat_ms: heartbeatMs, token: "t2" });
  return { connection, heard, statuses, socket };
}

const kinds = (socket) => socket.sent.map((message) => message.type);

test("a connection silent for two heartbeats is given up, and the page connects again", async (t) => {
  t.mock.timers.enable({ apis: ["setInterval", "setTimeout", "Date"] });
  const { heard, statuses, socket } = await connected(1000);
  assert.deepEqual(kinds(socket), ["hello"]);
  t.mock.timers.tick(1000);
  assert.deepEqual(kinds(socket), ["hello", "ping"]); // once a heartbeat
  socket.say({ type: "ping", table: "abc", hand: 0, seq: 0 });
  assert.deepEqual(kinds(socket).at(-1), "pong"); // the server's ping answered, and not passed on
  assert.deepEqual(heard.map((data) => data.type), ["welcome"]);
  t.mock.timers.tick(2000); // two heartbeats since the last word: not yet more than two
  assert.equal(socket.closed, false);
  assert.deepEqual(statuses, []);
  t.mock.timers.tick(500);
  assert.equal(socket.closed, true); // given up without waiting for a close that never comes
  assert.deepEqual(statuses, ["reconnecting"]);
  socket.say({ type: "state", state: {} }); // what it says late is not heard
  assert.deepEqual(heard.map((data) => data.type), ["welcome"]);
  t.mock.timers.tick(250);
  assert.equal(FakeSocket.made.length, 2); // connected again
  const again = FakeSocket.made[1];
  t.mock.timers.tick(2500); // that one never opens either (the network still stalled): given up too
  assert.equal(again.closed, true);
  assert.deepEqual(statuses, ["reconnecting", "reconnecting"]);
});

test("a connection that answers is kept, however long", async (t) => {
  t.mock.timers.enable({ apis: ["setInterval", "setTimeout", "Date"] });
  const { statuses, socket } = await connected(1000);
  for (let second = 0; second < 60; second += 1) {
    t.mock.timers.tick(1000);
    socket.say({ type: "pong", table: "abc", hand: 0, seq: 0 });
  }
  assert.equal(socket.closed, false);
  assert.deepEqual(statuses, []);
  assert.ok(kinds(socket).filter((kind) => kind === "ping").length >= 59);
});

test("until a welcome says otherwise, the heartbeat is five seconds", async (t) => {
  t.mock.timers.enable({ apis: ["setInterval", "setTimeout", "Date"] });
  const { socket } = await connected(undefined);
  t.mock.timers.tick(10_000);
  assert.equal(socket.closed, false);
  t.mock.timers.tick(2_500);
  assert.equal(socket.closed, true);
});

test("an action sent into a stall is sent again while its decision is open", async () => {
  const { resendAfterWelcome } = await page("sending.js");
  const sentAct = { type: "act", hand: 3, seq: 40, action: { kind: "call" } };
  assert.equal(resendAfterWelcome({ sentAct, sentTurn: 38 }, { turn: 38 }), sentAct);
  assert.equal(resendAfterWelcome({ sentAct, sentTurn: 38 }, { turn: 41 }), null); // another decision: it arrived
  assert.equal(resendAfterWelcome({ sentAct, sentTurn: 38 }, { turn: null }), null); // nothing to decide
  assert.equal(resendAfterWelcome({ sentAct: null, sentTurn: null }, { turn: 38 }), null);
});

test("the server's pages of previous hands join the tab's, oldest first, named", async () => {
  const { mergeHistory } = await page("history.js");
  const kept = new Map([[7, { hand: 7, dealt: [0, 1], names: ["you", "bo"] }]]);
  const merged = mergeHistory(kept, [9, 8, 7, 6].map((hand) => ({ hand, dealt: [1, 0] })), (dealt) => dealt.map(String));
  assert.deepEqual([...merged.keys()], [6, 7, 8, 9]);
  assert.deepEqual(merged.get(9).names, ["1", "0"]);
  assert.deepEqual(merged.get(7).names, ["you", "bo"]); // a hand the tab holds already is kept as it was
  assert.equal(kept.size, 1); // a new map: the record's own is not changed in place
});

