"""The user guide's pictures of table talk: ``python tests/browser/talk_shots.py`` writes
docs/img/chat-phone-unread.png and docs/img/chat-phone.png (a phone, 390x844: the unread count on
the Chat button, then the panel open with a reaction by the sender's seat).

A real table of ``homegame serve`` (two people and two bots), taken with Debian's Chromium; the
emoji need a colour emoji font (Debian: ``apt-get install fonts-noto-color-emoji``).
"""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

from conftest import CHROMIUM, Server
from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
CHATS = ("evening all", "who brought the chips?", "<b>bold</b> claims stay text")


def main() -> None:
    with TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = Server(db=Path(tmp) / "shots.sqlite")
        server.start()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            table = server.table(game="holdem", seats=4, stack=200, bots=2, bot_level="caller", names=["ann", "bo"])
            laptop = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True).new_page()
            phone = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
            laptop.goto(table["invites"][0])
            phone.goto(table["invites"][1])
            for page in (laptop, phone):
                page.wait_for_selector("body[data-connection='connected']")
            laptop.click("#open-chat")
            for text in CHATS:
                laptop.fill("#chat-text", text)
                laptop.click("#chat-send")
                laptop.locator("#chat-list .chat-text", has_text=text.split()[0]).first.wait_for()
            phone.locator("#chat-unread", has_text=str(len(CHATS))).wait_for()
            phone.screenshot(path=str(IMG / "chat-phone-unread.png"))
            phone.click("#open-chat")
            phone.fill("#chat-text", "me! deal me in")
            phone.click("#chat-send")
            phone.locator("#chat-list .chat-text", has_text="deal me in").wait_for()
            laptop.click("#reaction-bar [data-emoji='😂']")
            phone.locator(".reaction").first.wait_for()
            phone.wait_for_timeout(600)  # the reaction's pop-in done
            phone.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
            phone.screenshot(path=str(IMG / "chat-phone.png"))
        finally:
            browser.close()
            server.close_tables()
            server.stop()


if __name__ == "__main__":
    main()
