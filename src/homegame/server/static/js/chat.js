// Table talk: the chats the table sent (the welcome's last 50, then each `chat` message), drawn as
// text and never as HTML (a message's text and name become text nodes: `<img onerror>` stays
// letters), with the count of chats not yet seen on the Chat button (a phone shows the panel only
// when asked). A player may hide another seat's chats on their own screen (kept on this device,
// for this table; nobody else's screen changes). The server checks every chat again
// (docs/protocol.md "Chat").

import { el, fill } from "./util.js";

/** The longest chat the server takes, in characters. */
export const MAX_CHARS = 500;
/** The chats the page keeps, the oldest forgotten first. */
export const KEEP = 200;

/** A chat panel's record: the chats kept, how many arrived unseen, whether the panel is open, the seats hidden. */
export function createChat(hidden = []) {
  return { entries: [], unread: 0, open: false, hidden: new Set(hidden) };
}

/**
 * Take chats the server sent: `replace` (a welcome's) stands for all kept so far, unread by nobody;
 * otherwise each is added, and counted unread when the panel is closed and another seat said it.
 */
export function hear(chat, entries, you, replace = false) {
  if (replace) {
    chat.entries = [...entries];
    chat.unread = 0;
  } else {
    chat.entries.push(...entries);
    if (!chat.open) chat.unread += entries.filter((entry) => entry.seat !== you && !chat.hidden.has(entry.seat)).length;
  }
  chat.entries = chat.entries.slice(-KEEP);
  return chat;
}

/** Open or close the panel: opened, every chat is seen. */
export function setOpen(chat, open) {
  chat.open = open;
  if (open) chat.unread = 0;
  return chat;
}

/** Hide a seat's chats on this screen, or show them again. */
export function toggleHidden(chat, seat) {
  if (chat.hidden.has(seat)) chat.hidden.delete(seat);
  else chat.hidden.add(seat);
  return chat;
}

/** The badge of the Chat button: nothing, a count, or "9+". */
export function unreadLabel(unread) {
  if (unread <= 0) return "";
  return unread > 9 ? "9+" : String(unread);
}

/** One chat as the panel says it: who (you, or the name), its text as sent, and the time. */
export function chatLine(entry, you) {
  const time = new Date(entry.at);
  const clock = `${String(time.getHours()).padStart(2, "0")}:${String(time.getMinutes()).padStart(2, "0")}`;
  return { who: entry.seat === you ? "You" : entry.name, text: entry.text, time: clock, mine: entry.seat === you };
}

/** Why a draft would be refused (the server's own rules), or null: send it. */
export function draftProblem(text) {
  if (!text.trim()) return "Type a message first.";
  if (text.length > MAX_CHARS) return `A message is at most ${MAX_CHARS} characters (this one has ${text.length}).`;
  return null;
}

/**
 * Draw the chats into `list` (text nodes only), those of hidden seats left out; `onHide(seat)`,
 * when given, puts a button to hide each other seat's chats by its lines.
 */
export function drawChat(list, chat, you, onHide = null) {
  const shown = chat.entries.filter((entry) => !chat.hidden.has(entry.seat));
  fill(
    list,
    shown.map((entry) => {
      const line = chatLine(entry, you);
      const hide = onHide && !line.mine ? el("button", { type: "button", class: "chat-hide", "aria-label": `Hide ${line.who}'s chat`, onclick: () => onHide(entry.seat) }, "hide") : null;
      return el("li", { class: line.mine ? "chat-line mine" : "chat-line" }, el("span", { class: "chat-time" }, line.time), " ", el("b", { class: "chat-who" }, line.who), ": ", el("span", { class: "chat-text" }, line.text), hide && " ", hide);
    }),
  );
}

/**
 * Wire the panel: `$` finds an element by id, `send` sends a message (false: not connected), `you`
 * gives the viewer's seat, `key` names where this table's hidden seats are kept on this device.
 * Returns `heard(entries, replace)`, for each welcome and chat message.
 */
export function setupChat($, send, you, key) {
  const chat = createChat(readHidden(key));
  const hide = (seat) => {
    toggleHidden(chat, seat);
    localStorage.setItem(key, JSON.stringify([...chat.hidden]));
    redraw();
  };
  const redraw = () => {
    const label = unreadLabel(chat.unread);
    fill($("chat-unread"), label);
    $("chat-unread").hidden = !label;
    $("open-chat").setAttribute("aria-expanded", String(chat.open));
    $("chat").hidden = !chat.open;
    $("chat-unhide").hidden = chat.hidden.size === 0;
    if (chat.open) {
      drawChat($("chat-list"), chat, you(), hide);
      $("chat-list").scrollTop = $("chat-list").scrollHeight;
    }
  };
  $("open-chat").addEventListener("click", () => {
    setOpen(chat, !chat.open);
    redraw();
  });
  $("chat-unhide").addEventListener("click", () => {
    for (const seat of [...chat.hidden]) toggleHidden(chat, seat);
    localStorage.setItem(key, "[]");
    redraw();
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const problem = draftProblem(input.value);
    $("chat-problem").textContent = problem ?? "";
    if (problem === null && send({ type: "chat", text: input.value })) input.value = "";
  });
  return (entries, replace = false) => {
    hear(chat, entries, you(), replace);
    redraw();
  };
}

function readHidden(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(kept) ? kept.filter(Number.isInteger) : [];
  } catch {
    return []; // a value another version kept: nothing hidden
  }
}

/** The host muted this seat's chat (`muted`), or gave it back: the form says so and sends nothing. */
export function showMuted($, muted) {
  const form = $("chat-form");
  if (form.dataset.muted === String(muted)) return;
  form.dataset.muted = String(muted);
  for (const control of form.elements) control.disabled = muted;
  $("chat-problem").textContent = muted ? "The host has muted your chat: nobody sees what you send." : "";
}
