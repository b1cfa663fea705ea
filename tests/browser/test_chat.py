"""Chat in Debian's Chromium, two players in two browser contexts: one sends a message holding
HTML from the chat panel, the other (on a phone-sized screen) sees the unread count, opens the
panel and reads the message as text: no element is made from it, no handler of it runs; then hides
that player's chat on their own screen."""

from __future__ import annotations

from conftest import Pages, Server

SCRIPT = '<img src=x onerror="document.body.dataset.pwned = 1">'


def test_a_chat_reaches_the_other_player_as_text(server: Server, pages: Pages) -> None:
    created = server.api("POST", "/api/tables", {"game": "holdem", "seats": 2, "stack": 100})
    server.opened.append(created["table"])
    ann = pages.open(created["invites"][0])
    bo = pages.open(created["invites"][1], width=390, height=844)
    for page in (ann, bo):
        page.wait_for_selector("body[data-connection='connected']")
    ann.click("#open-chat")
    ann.fill("#chat-text", SCRIPT)
    ann.click("#chat-send")
    ann.locator("#chat-list .chat-text", has_text="onerror").wait_for()
    bo.locator("#chat-unread", has_text="1").wait_for()
    bo.click("#open-chat")
    line = bo.locator("#chat-list .chat-text")
    line.wait_for()
    assert line.inner_text() == SCRIPT
    assert bo.locator("#chat-list img").count() == 0
    assert bo.locator("#chat-unread").is_hidden()
    assert bo.evaluate("document.body.dataset.pwned") is None
    assert bo.locator("#chat-list .chat-who").inner_text() == "player 1"
    bo.click("#chat-list .chat-hide")  # bo hides ann's chat on bo's own screen only
    bo.locator("#chat-unhide").wait_for()
    assert bo.locator("#chat-list .chat-text").count() == 0
    assert ann.locator("#chat-list .chat-text").count() == 1
