"""Table talk and table options in Debian's Chromium: the menu's sound switch and looks are kept
across a reload (on this device only), the host mutes a seat from the host page and the seat's
chat form says so, the host and the player read the game log (a chat holding HTML in it as
text), and reactions show by the sender's
seat on the other player's screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import Pages, Server

SCRIPT = '<img src=x onerror="document.body.dataset.pwned = 1">'

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"


def _two(server: Server, pages: Pages, phone: bool = False) -> tuple[dict[str, Any], Any, Any]:
    created = server.table(game="holdem", seats=2, stack=100, names=["ann", "bo"])
    ann = pages.open(created["invites"][0])
    bo = pages.open(created["invites"][1], **({"width": 390, "height": 844} if phone else {}))
    for page in (ann, bo):
        page.wait_for_selector("body[data-connection='connected']")
    return created, ann, bo


def test_the_sound_switch_and_the_looks_are_kept_across_a_reload(server: Server, pages: Pages) -> None:
    _, ann, bo = _two(server, pages)
    ann.click("#open-menu")
    assert ann.is_checked("#sound-on") and not ann.is_checked("#big-index")
    ann.uncheck("#sound-on")
    ann.check("#big-index")
    ann.select_option("#felt-theme", "blue")
    ann.click("#menu-close")
    assert ann.evaluate("document.body.className").split() >= ["big-index"]
    ann.reload()
    ann.wait_for_selector("body[data-connection='connected']")
    classes = set(ann.evaluate("document.body.className").split())
    assert {"big-index", "felt-blue"} <= classes
    ann.click("#open-menu")
    assert not ann.is_checked("#sound-on") and ann.input_value("#felt-theme") == "blue"
    bo_classes = set(bo.evaluate("document.body.className").split())
    assert not bo_classes & {"big-index", "felt-blue"}, "nobody else's screen changes"
    bo.click("#open-menu")
    assert bo.is_checked("#sound-on")


def test_the_host_mutes_a_seat_from_the_host_page(server: Server, pages: Pages) -> None:
    created, ann, bo = _two(server, pages)
    table = created["table"]
    ann.click("#open-chat")
    ann.fill("#chat-text", SCRIPT)
    ann.click("#chat-send")
    ann.locator("#chat-list .chat-text", has_text="onerror").wait_for()
    ann.click("#open-chat")
    host = pages.open(f"{server.url}/host#{server.token}")
    row = host.locator(f"[data-table='{table}'] [data-seat-row='0']")
    button = row.locator("[data-action=mute]")
    button.wait_for()
    assert button.inner_text() == "Mute"
    button.click()
    row.locator("[data-action=mute]", has_text="Unmute").wait_for()
    ann.wait_for_selector("#chat-form[data-muted='true']", state="attached")
    ann.click("#open-chat")
    assert "muted" in ann.inner_text("#chat-problem") and ann.is_disabled("#chat-text")
    bo.click("#open-chat")
    assert bo.is_enabled("#chat-text")
    button.click()
    row.locator("[data-action=mute]", has_text="Mute").wait_for()
    ann.wait_for_selector("#chat-form[data-muted='false']", state="attached")
    assert ann.is_enabled("#chat-text")
    host.locator(f"[data-table='{table}'] [data-action=log]").click()
    logged = host.locator(f"[data-table='{table}'] .game-log .log-text")
    logged.filter(has_text="the host unmutes ann's chat").wait_for()
    assert "the host mutes ann's chat" in logged.all_inner_texts()
    ann.click("#open-menu")
    ann.click("#open-log")  # a player's own view of the same log
    ann.locator("#game-log-list .log-text", has_text="the host unmutes ann's chat").wait_for()
    said = f"ann: {SCRIPT}"
    assert said in ann.locator("#game-log-list .log-text").all_inner_texts() and said in logged.all_inner_texts()
    for page in (ann, host):  # drawn as text: no element made of it, no handler of it run
        assert page.locator(".game-log img").count() == 0 and page.evaluate("document.body.dataset.pwned") is None


def test_a_reaction_shows_by_the_senders_seat(server: Server, pages: Pages) -> None:
    _, ann, bo = _two(server, pages, phone=True)
    ann.click("#open-chat")
    ann.click("#reaction-bar [data-emoji='🔥']")
    shown = bo.locator("#felt [data-seat='0'] .reaction, #me [data-seat='0'] .reaction")
    shown.first.wait_for()
    assert shown.first.inner_text() == "🔥"
    shown.first.wait_for(state="detached")  # gone after its few seconds
