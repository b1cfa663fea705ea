"""The README's screenshots: ``python tests/browser/readme_shots.py`` writes docs/img/*.png.

Each picture is a real table of ``homegame serve`` (you and bots), played by the test driver
until the moment worth showing, then taken with Debian's Chromium.
"""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

from conftest import CHROMIUM, Server
from playwright.sync_api import sync_playwright
from tabledriver import connected, play_turn, wait_turn_or_end

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SHOTS = [
    # file, game, seats, viewport, the moment (a JavaScript condition, on your turn)
    ("holdem.png", "holdem", 6, LAPTOP, "document.querySelectorAll('.row-board [data-card]').length >= 4"),
    ("follow-the-queen.png", "follow-the-queen", 5, LAPTOP, "document.querySelectorAll('#me [data-wild]').length > 0"),
    ("phone-draw.png", "2-7-triple-draw", 4, PHONE, "document.querySelector('#controls [data-action=draw]')"),
]


def main() -> None:
    IMG.mkdir(parents=True, exist_ok=True)
    with TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = Server(db=Path(tmp) / "shots.sqlite")
        server.start()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            for name, game, seats, viewport, moment in SHOTS:
                table = server.table(game=game, seats=seats, stack=200, bots=seats - 1, names=["ann"])
                context = browser.new_context(
                    viewport=viewport, device_scale_factor=1, bypass_csp=True
                )  # see Pages.open
                page = context.new_page()
                page.goto(table["invites"][0])
                connected(page)
                for _ in range(400):
                    wait_turn_or_end(page, 10**6)
                    if page.evaluate(f"() => Boolean({moment})"):
                        break
                    play_turn(page)
                page.screenshot(path=IMG / name)
                print(IMG / name)
                context.close()
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
