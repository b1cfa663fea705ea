// The chat panel's decisions: a message's text and name are drawn as text (never parsed as HTML),
// chats from others arriving while the panel is closed are counted unread, and a welcome's chats
// stand for all before them.

import assert from "node:assert/strict";
import { test } from "node:test";
import { FakeElement, FakeText, walk } from "./fakedom.mjs";
import { page } from "./fixtures.mjs";

const { MAX_CHARS, chatLine, createChat, draftProblem, drawChat, hear, setOpen, toggleHidden, unreadLabel } = await page("chat.js");

const SCRIPT = '<img src=x onerror="alert(1)">';
const said = (seat, text, name = `player ${seat + 1}`) => ({ type: "chat", seat, name, text, at: 1_800_000_000_000 });

test("a message holding HTML is drawn as text nodes, with no element made from it", () => {
  const chat = hear(createChat(), [said(1, SCRIPT, "<b>bo</b>")], 0, true);
  const list = new FakeElement("ol");
  drawChat(list, chat, 0);
  const nodes = walk(list);
  assert.deepEqual(
    nodes.filter((node) => node instanceof FakeElement).map((node) => node.tag),
    ["ol", "li", "span", "b", "span"],
  );
  assert.ok(nodes.every((node) => !(node instanceof FakeElement) || node.innerHTML === null));
  const texts = nodes.filter((node) => node instanceof FakeText).map((node) => node.data);
  assert.ok(texts.includes(SCRIPT) && texts.includes("<b>bo</b>"));
});

test("chats from others count unread while the panel is closed; opening it reads them", () => {
  const chat = createChat();
  hear(chat, [said(1, "one"), said(0, "mine"), said(2, "two")], 0);
  assert.equal(chat.unread, 2);
  assert.equal(unreadLabel(chat.unread), "2");
  setOpen(chat, true);
  assert.equal(chat.unread, 0);
  hear(chat, [said(1, "seen at once")], 0);
  assert.equal(chat.unread, 0);
  setOpen(chat, false);
  hear(chat, Array.from({ length: 12 }, (_, i) => said(1, `n${i}`)), 0);
  assert.equal(unreadLabel(chat.unread), "9+");
  assert.equal(unreadLabel(0), "");
});

test("a welcome's chats replace those kept and are not unread; a spectator counts every chat", () => {
  const chat = hear(createChat(), [said(1, "old")], null);
  assert.equal(chat.unread, 1);
  hear(chat, [said(0, "a"), said(1, "b")], null, true);
  assert.deepEqual(
    chat.entries.map((entry) => entry.text),
    ["a", "b"],
  );
  assert.equal(chat.unread, 0);
});

test("a line names you or the player, and a draft too long or empty is stopped before sending", () => {
  assert.equal(chatLine(said(0, "x"), 0).who, "You");
  assert.equal(chatLine(said(1, "x", "bo"), 0).who, "bo");
  assert.equal(draftProblem("   "), "Type a message first.");
  assert.match(draftProblem("x".repeat(MAX_CHARS + 1)), /at most 500/);
  assert.equal(draftProblem("x".repeat(MAX_CHARS)), null);
});

test("a seat hidden on this screen is neither drawn nor counted unread, and shows again when unhidden", () => {
  const chat = createChat([2]);
  hear(chat, [said(1, "shown"), said(2, "hidden")], 0);
  assert.equal(chat.unread, 1);
  const list = new FakeElement("ol");
  const hid = [];
  drawChat(list, chat, 0, (seat) => hid.push(seat));
  const texts = () => walk(list).filter((node) => node instanceof FakeText).map((node) => node.data);
  assert.ok(texts().includes("shown") && !texts().includes("hidden"));
  toggleHidden(chat, 2);
  drawChat(list, chat, 0, (seat) => hid.push(seat));
  assert.ok(texts().includes("hidden"));
  const buttons = walk(list).filter((node) => node.tag === "button"); // a hide button by each other seat's line
  assert.equal(buttons.length, 2);
  buttons[1].attributes.onclick();
  assert.deepEqual(hid, [2]);
});
