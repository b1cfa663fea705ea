// The connection: the seat's secret, the socket, reconnecting, sending (docs/protocol.md).
//
// The secret comes from the invite link's fragment; the server rotates it at each `welcome` and the
// page keeps the new one in local storage, so a reload or a reconnect speaks with the secret in force.
//
// The heartbeat: a stalled network passes nothing and closes nothing, so the page pings the server
// every `heartbeat_ms` (the welcome says how often; the server pings as often, answered here) and
// takes a connection that has said nothing for two heartbeats for gone: it drops it without
// waiting for a close that may never come, and connects again.

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
const storeKey = `homegame.seat.${tableId}`;

let socket = null;
let attempts = 0;
let handlers = { message: () => {}, status: () => {} };
let stopped = false;
let beat = { every: 5000, heard: 0, pinged: 0, timer: null }; // the heartbeat: its ms, the last word heard and ping sent

function loadSecret() {
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(storeKey) ?? "null");
  } catch {
    kept = null;
  }
  if (fragment && (!kept || kept.invite !== fragment)) return { invite: fragment, token: fragment };
  return kept;
}

/** Keep the rotated secret for reloads and reconnects (the invite it came from too). */
export function keepSecret(token) {
  const kept = loadSecret() ?? { invite: "" };
  try {
    localStorage.setItem(storeKey, JSON.stringify({ invite: kept.invite, token }));
  } catch {
    /* private mode: reloads will need the link again */
  }
}

/** The table's id (from the page's address). */
export function tableName() {
  return tableId;
}

/**
 * Connect, and keep connecting: `onMessage(data)` for each message from the server, `onStatus(state,
 * text)` for `connecting`, `connected`, `reconnecting` and `closed`.
 */
export function connect(onMessage, onStatus) {
  handlers = { message: onMessage, status: onStatus };
  listen();
  open();
}

function open() {
  const secret = loadSecret();
  if (!secret?.token) {
    handlers.status("closed", "No seat: open your invite link.");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const opened = new WebSocket(`${scheme}://${location.host}/ws`);
  socket = opened;
  beat.heard = Date.now(); // a connection that never opens is given two heartbeats too
  opened.addEventListener("open", () => opened.send(JSON.stringify({ type: "hello", token: secret.token, protocol: 1 })));
  opened.addEventListener("message", (message) => {
    if (socket !== opened) return; // a connection given up: what it says late is not heard
    beat.heard = Date.now();
    const data = message.data ? JSON.parse(message.data) : null;
    if (data?.type === "ping") opened.send(JSON.stringify({ type: "pong" }));
    else if (data && data.type !== "pong") handlers.message(data);
  });
  opened.addEventListener("close", () => {
    if (socket !== opened) return;
    socket = null;
    if (!stopped) retry();
  });
}

function retry() {
  attempts += 1;
  if (attempts > 500) {
    handlers.status("closed", "Disconnected: reload the page to try again.");
    return;
  }
  handlers.status("reconnecting");
  setTimeout(open, Math.min(4000, 250 * 2 ** Math.min(attempts - 1, 4)));
}

/** The server welcomed this connection (`heartbeatMs`: how often it pings): start counting reconnections afresh. */
export function welcomed(heartbeatMs) {
  attempts = 0;
  if (heartbeatMs > 0 && heartbeatMs !== beat.every) {
    beat.every = heartbeatMs;
    listen();
  }
}

/** Look at the connection every half heartbeat: ping once a heartbeat, give it up after two silent. */
function listen() {
  clearInterval(beat.timer);
  beat.timer = setInterval(heartbeat, beat.every / 2);
}

/** One look (see `listen`). */
function heartbeat() {
  const now = Date.now();
  if (!socket || stopped) return;
  if (now - beat.heard > 2 * beat.every) {
    giveUp();
    return;
  }
  if (socket.readyState === WebSocket.OPEN && now - beat.pinged >= beat.every) {
    beat.pinged = now;
    socket.send(JSON.stringify({ type: "ping" }));
  }
}

/** Drop a connection that says nothing (a stalled network) and connect again at once. */
function giveUp() {
  const silent = socket;
  socket = null;
  try {
    silent.close();
  } catch {
    /* closing a connection that never opened */
  }
  retry();
}

/** The server closed this seat's socket for good (taken over, a bad secret): stop reconnecting. */
export function stop() {
  stopped = true;
}

/** Send a message; false when not connected (the caller says so). */
export function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

/** True once the server has closed this seat's socket for good. */
export function isStopped() {
  return stopped;
}
