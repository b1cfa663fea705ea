"""What spoiled a game night in the browser (issue 29, 10): the host's link boxes showed an invite's
``_`` as a space, and on a phone the result's Replay button was squeezed out of shape by a long
heading (the last hand's game named while the dealer chooses the next)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabledriver import connected, play_turn, wait_turn_or_end

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import Pages, Server

MAX_DECISIONS = 300
PHONE = {"width": 390, "height": 844}
LONG_TITLES = ["omaha-hi-lo", "stud-declare"]
"""Games whose titles make the result's heading wrap on a phone."""


def test_the_host_link_boxes_show_an_underscore(server: Server, pages: Pages, artifacts: Path) -> None:
    # The same box drawn with underscores and with spaces must differ: Chromium clipped the "_"
    # below an input's line (font: with line-height normal), so an invite read "8sFv40 HjN8" for "8sFv40_HjN8".
    host = pages.open(f"{server.url}/host#{server.token}")
    host.wait_for_selector("#game option[value=holdem]", state="attached")
    host.fill("#seats", "2")
    host.fill("#bots", "1")
    host.fill("#clock", "0")
    host.click("[data-action=create]")
    box = host.locator(".table-entry .links input").first
    box.wait_for()
    drawn = {}
    for text in ("_" * 24, " " * 24):
        box.evaluate("(input, text) => { input.value = text; }", text)
        drawn[text] = box.screenshot(path=artifacts / "host-link-box.png")
    assert drawn["_" * 24] != drawn[" " * 24], "the link box draws an underscore as a space"


def test_the_phone_result_keeps_its_replay_button_whole(server: Server, pages: Pages, artifacts: Path) -> None:
    table = server.table(choice=LONG_TITLES, seats=2, stack=500, bots=1, bot_level="caller", names=["ann"])
    page = pages.open(table["invites"][0], **PHONE)
    connected(page)
    for _ in range(MAX_DECISIONS):  # on until ann chooses a game, a hand finished before
        wait_turn_or_end(page, 10**6)
        if page.locator("#controls [data-action=choose]").count() and page.locator("#result .replay").count():
            break
        play_turn(page)
    heading = page.locator("#result .result-head")
    page.wait_for_function("document.querySelector('#result .result-head').textContent.includes('(')")
    replay = page.locator("#result .replay")
    replay.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "phone-result-replay.png")
    box = replay.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"Replay outside the screen: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"Replay outside the screen: {box}"
    squeezed = replay.evaluate("(node) => node.scrollWidth > node.clientWidth")
    assert not squeezed, f"Replay squeezed by the heading {heading.inner_text()!r}"


def test_the_pi_gow_split_shows_the_cards_marks_the_down_ones_and_states_the_rule(
    server: Server, pages: Pages, artifacts: Path
) -> None:
    table = server.table(game="pi-gow-stud", seats=3, stack=500, bots=2, bot_level="caller", names=["ann"])
    page = pages.open(table["invites"][0])
    connected(page)
    for _ in range(MAX_DECISIONS):  # check and call on to the split
        wait_turn_or_end(page, 10**6)
        if page.locator("#controls [data-form=divide]").count():
            break
        play_turn(page)
    split = page.locator("#controls [data-form=divide]")
    page.screenshot(path=artifacts / "pi-gow-split.png")
    hint = split.locator(".hint").inner_text()
    assert "The five must beat the two" in hint and "down card" in hint and "strongest first" not in hint, hint
    mine = page.locator("#me .my-cards [data-card]")
    assert mine.count() == 7 and all(card.is_visible() for card in mine.all()), "the seat's own cards stay shown"
    up = {str(card.get_attribute("data-card")) for card in page.locator("#me .my-cards [data-card].up").all()}
    marked = {str(card.get_attribute("data-card")) for card in split.locator(".card.down").all()}
    offered = {str(card.get_attribute("data-card")) for card in split.locator(".pick-row [data-card]").all()}
    assert len(offered) == 7 and marked == offered - up and len(marked) == 3, (marked, up)


def test_a_declare_result_says_who_declared_what(server: Server, pages: Pages, artifacts: Path) -> None:
    table = server.table(game="stud-declare", seats=3, stack=500, bots=2, bot_level="caller", names=["ann"])
    page = pages.open(table["invites"][0])
    connected(page)
    declared = page.locator("#result [data-declared]")
    mine = page.locator("#result [data-declared=both]")
    for _ in range(MAX_DECISIONS):  # on to a hand ann played: she declares both, the caller bots high
        if mine.count():
            break
        wait_turn_or_end(page, 10**6)
        if not mine.count():
            play_turn(page, {"declare": "both"})
    page.screenshot(path=artifacts / "declare-result.png")
    lines = [(str(line.get_attribute("data-declared")), line.inner_text()) for line in declared.all()]
    assert len(lines) == 3 and ("both", lines[0][1]) in lines, lines  # each seat's line, in seat order (ann's first)
    assert lines[0][1].startswith("you declared both"), lines
    assert all(side in ("high", "low", "both") and " declared " in text for side, text in lines), lines
    if "lost" in lines[0][1] or "tied" in lines[0][1]:
        assert lines[0][1].endswith(": nothing"), lines[0][1]
