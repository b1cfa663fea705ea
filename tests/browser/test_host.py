"""The host's page and dealer's choice in the browser: a host creates a table from the form,
copies the invite links, pauses it and reads the ledger; a dealer picks the game, its rules a tap
away, and may call the house rules the game documents."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from tabledriver import ENABLED, TURN, click_and_wait, connected, number, play_turn, wait_turn_or_end

if TYPE_CHECKING:
    from conftest import Pages, Server

MAX_DECISIONS = 300


def test_the_host_creates_a_table_and_runs_it(server: Server, pages: Pages, artifacts: Path) -> None:
    host = pages.open(f"{server.url}/host#{server.token}")
    host.wait_for_selector("#game option[value=holdem]", state="attached")
    assert "#" not in host.url, "the host secret leaves the address bar"
    host.select_option("#game", "limit-holdem")
    host.wait_for_function("document.querySelector('#house-rules summary').textContent.includes('Fixed-limit')")
    assert "cap=4" in host.locator("#house-rules li").all_text_contents()[0], "the game's house rules, named"
    host.fill("#seats", "2")
    host.fill("#bots", "1")
    host.fill("#clock", "0")
    host.fill("#names", "ann")
    host.click("[data-action=create]")
    # every entry has its .links; the one with inputs is the table this page just made
    entry = host.locator(".table-entry", has=host.locator(".links input"))
    entry.first.wait_for()
    invite = entry.first.locator(".links input").first.input_value()
    assert "/t/" in invite and "#" in invite
    table = str(entry.first.get_attribute("data-table"))
    host.screenshot(path=artifacts / "host.png", full_page=True)

    player = pages.open(invite)
    connected(player)
    wait_turn_or_end(player, 1)
    entry.first.locator("[data-action=pause]").click()
    host.wait_for_function(f"document.querySelector('[data-table=\"{table}\"] h3').textContent.includes('paused')")
    entry = host.locator(f"[data-table='{table}']")
    assert entry.locator("[data-action=pause]").count() == 0, "a paused table offers Resume, not Pause"
    entry.locator("button", has_text="Ledger").click()
    host.wait_for_selector(f"[data-table='{table}'] table.ledger td")
    assert "ann" in entry.locator("table.ledger").inner_text()
    entry.locator("[data-action=resume]").click()
    host.wait_for_function(f"!document.querySelector('[data-table=\"{table}\"] h3').textContent.includes('paused')")


def test_the_dealer_chooses_the_game(server: Server, pages: Pages, artifacts: Path) -> None:
    table = server.table(choice=["holdem", "razz"], seats=2, stack=500, bots=1, bot_level="caller", names=["ann"])
    page = pages.open(table["invites"][0])
    connected(page)
    for _ in range(MAX_DECISIONS):
        wait_turn_or_end(page, 10**6)
        if page.locator("#controls [data-action=choose]").count():
            break
        play_turn(page)
    picker = page.locator("#controls .picker")
    picker.locator("[data-action=choose][data-choice=razz]").wait_for()
    assert "Razz" in picker.inner_text()
    picker.get_by_role("button", name="Rules of Razz").click()
    page.wait_for_function("document.getElementById('rules-body').textContent.length > 100")
    page.screenshot(path=artifacts / "dealers-choice-rules.png")
    page.click("#rules-close")
    # the dealer calls a house rule the game documents: a cap of 2 raises, for this deal
    calls = picker.locator("[data-calls=razz]")
    calls.locator("summary").click()
    calls.locator("input[data-option=cap]").fill("2")
    hand = number(page, "hand")
    picker.locator("[data-action=choose][data-choice=razz]").click()
    page.wait_for_function(f"Number(document.body.dataset.hand) > {hand} && document.body.dataset.game === 'razz'")
    page.click("#open-menu")
    page.click("#game-rules")
    page.wait_for_selector("#rules-body [data-option=cap]")
    assert "cap = 2" in page.locator("#rules-body [data-option=cap]").inner_text()
    page.click("#rules-close")


def test_the_table_shows_its_house_rules_and_the_ledger(server: Server, pages: Pages) -> None:
    settings = {"game": "limit-holdem", "seats": 2, "stack": 300, "bots": 1, "bot_level": "caller"}
    table = server.table(**settings, names=["ann"], options={"cap": 3})
    page = pages.open(table["invites"][0])
    connected(page)
    page.click("#open-menu")
    page.click("#game-rules")
    page.wait_for_selector("#rules-body [data-option=cap]")
    assert "cap = 3" in page.locator("#rules-body [data-option=cap]").inner_text()
    assert page.locator("#rules-body [data-stake=small_bet]").count() == 1
    page.click("#rules-close")  # back to the menu
    page.click("#open-ledger")
    page.wait_for_selector("#ledger-body table.ledger td")
    ledger = page.locator("#ledger-body").inner_text()
    assert "ann" in ledger and "Settle up" in ledger
    page.click("#ledger-close")


def test_the_host_approves_a_rebuy_a_player_asked_for(server: Server, pages: Pages) -> None:
    table = server.table(game="holdem", seats=2, stack=200, bots=1, bot_level="caller", names=["ann"], clock=None)
    player = pages.open(table["invites"][0])
    connected(player)
    player.click("#open-menu")
    player.fill("#rebuy-amount", "150")
    player.click("#rebuy")
    player.wait_for_function("document.body.textContent.includes('waiting for the host')")
    host = pages.open(f"{server.url}/host#{server.token}")
    entry = host.locator(f"[data-table='{table['table']}']")
    entry.locator(".rebuys li").wait_for()
    assert "ann (seat 1) asks to rebuy 150" in entry.locator(".rebuys").inner_text()
    entry.locator("[data-action=approve]").click()
    entry.locator(".rebuys li").wait_for(state="detached")
    told = "document.getElementById('toasts').textContent.includes('The host approved your rebuy of 150')"
    player.wait_for_function(told)


def test_a_kill_table_from_the_host_page(server: Server, pages: Pages, artifacts: Path) -> None:
    """Rules document 004, variation 4: "a player who wins two pots in a row doubles the next
    fixed-limit hand's stakes". The host ticks the kill game; the table's house rules say so, and
    once the bot has won two pots (ann folds) the page marks the kill and doubles the stakes it shows."""
    host = pages.open(f"{server.url}/host#{server.token}")
    host.wait_for_selector("#game option[value=limit-holdem]", state="attached")
    host.select_option("#game", "limit-holdem")
    for field, value in {"#seats": "2", "#bots": "1", "#clock": "0", "#names": "ann"}.items():
        host.fill(field, value)
    host.select_option("#bot-level", "caller")
    host.check("#kill")
    host.click("[data-action=create]")
    invite = host.locator(".table-entry .links input").first.input_value()

    page = pages.open(invite)
    connected(page)
    page.click("#open-menu")
    page.click("#game-rules")
    rule = page.locator("#rules-body [data-house=kill]")
    assert "two pots in a row" in rule.inner_text()
    page.click("#rules-close")
    page.click("#menu-close")

    badge = page.locator("#kill[data-doubled=true]")
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(
            f"document.querySelector('{TURN}') || document.querySelector('#kill[data-doubled=true]')"
        )
        if badge.count():
            break
        fold = page.locator(f"{ENABLED}[data-action=fold]")
        if fold.count():
            click_and_wait(page, fold.first)
        else:
            play_turn(page)
    text = badge.inner_text()
    assert text.startswith("Kill ×2: ") and text.endswith(" killed") and "ann" not in text
    page.screenshot(path=artifacts / "kill-badge.png")
    page.click("#open-menu")
    page.click("#game-rules")
    stake = page.locator("#rules-body [data-stake=small_bet]").inner_text()
    doubled, usual = (int(word) for word in re.findall(r"\d+", stake))
    assert doubled == 2 * usual, stake
    page.locator("#rules-body [data-house=kill]").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "kill-rules.png")
    page.click("#rules-close")
    page.click("#menu-close")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=artifacts / "kill-badge-phone.png")


def test_the_host_makes_a_rotation_and_is_told_what_is_missing(server: Server, pages: Pages) -> None:
    """A rotation from the form: no game ticked is refused in words (the form kept), a mix cannot be
    ticked (it is a rotation of its own), and two games every two hands make the table."""
    host = pages.open(f"{server.url}/host#{server.token}")
    host.wait_for_selector("input[name=many][value=razz]", state="attached")
    host.check("input[name=mode][value=rotation]")
    host.fill("#seats", "3")
    host.click("[data-action=create]")
    assert host.inner_text("#new-error") == "Tick the games to play in turn."
    assert host.input_value("#seats") == "3"
    assert host.is_disabled("input[name=many][value=horse]")
    host.check("input[name=many][value=holdem]")
    assert host.inner_text("#new-error") == "", "a change clears the old complaint"
    host.check("input[name=many][value=razz]")
    host.fill("#every", "2")
    host.fill("#title", "Friday")
    host.select_option("#missed-blinds", "wait")
    host.click("[data-action=create]")
    entry = host.locator(".table-entry", has_text="Friday")
    entry.wait_for()
    assert host.inner_text("#new-error") == ""
    listed = next(t for t in server.api("GET", "/api/tables") if t["table"] == entry.get_attribute("data-table"))
    assert listed["title"] == "Friday" and listed["seats"] == 3


def test_the_host_calls_a_bomb_pot_and_the_table_shows_it(server: Server, pages: Pages) -> None:
    table = server.table(game="holdem", seats=2, stack=300, bots=1, bot_level="caller", names=["ann"], paused=True)
    player = pages.open(table["invites"][0])
    connected(player)
    host = pages.open(f"{server.url}/host#{server.token}")
    entry = host.locator(f"[data-table='{table['table']}']")
    entry.locator("[data-bomb-amount]").fill("10")
    entry.locator("[data-action=bomb]").click()
    entry.locator(".bomb-text", has_text="everyone antes 10").wait_for()
    player.locator("#bomb", has_text="Bomb pot 10").wait_for()
    assert "hand starts at the flop" in str(player.locator("#bomb").get_attribute("title"))
    entry.locator("[data-action=start]").click()
    player.wait_for_function("document.getElementById('bomb').hidden")


def test_the_seat_after_the_big_blind_straddles_from_its_page(server: Server, pages: Pages) -> None:
    # three-handed, the button's seat (the first deal's, seat 1) is the one after the big blind
    settings = {"game": "holdem", "seats": 3, "stack": 300, "bots": 2, "bot_level": "caller"}
    table = server.table(**settings, names=["ann"], straddle="optional", paused=True)
    page = pages.open(table["invites"][0])
    connected(page)
    page.locator("#middle", has_text="You may straddle 4 before the deal").wait_for()
    page.click("#controls [data-action=straddle]")
    page.locator("#middle", has_text="You straddle 4 next hand").wait_for()
    server.api("POST", f"/api/tables/{table['table']}/resume")
    page.wait_for_function("document.body.dataset.hand === '1'")
    # the bots in the blinds call the straddle, and the straddler acts last before the flop
    page.locator("#controls [data-action=check]").wait_for()
    assert page.locator("#middle .pot").inner_text().startswith("Pot 12")


def test_the_host_page_on_a_phone_keeps_words_whole(server: Server, pages: Pages) -> None:
    """At 390 pixels a seat's status has a line of its own ("not yet seated" does not wrap into the
    seat number's column), and the bomb pot's box is wide enough for its placeholder."""
    table = server.table(game="holdem", seats=2, stack=200, names=["ann", "bob"])
    host = pages.open(f"{server.url}/host#{server.token}", width=390, height=844)
    entry = host.locator(f"[data-table='{table['table']}']")
    status = entry.locator("[data-seat-row='1'] .seat-status")
    status.wait_for()
    assert "not yet seated" in status.inner_text()
    lines = """e => { const range = document.createRange(); range.selectNodeContents(e);
        return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size; }"""
    assert status.evaluate(lines) == 1, "the status wraps"
    fits = """e => { const style = getComputedStyle(e);
        const context = document.createElement('canvas').getContext('2d'); context.font = style.font;
        const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(e.placeholder).width <= room; }"""
    assert entry.locator("[data-bomb-amount]").evaluate(fits), "the bomb pot's placeholder is clipped"
