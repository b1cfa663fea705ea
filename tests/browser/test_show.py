"""Show or muck in the browser (issue 30, item 9): the winner of a hand nobody called clicks Show on
one card, and every other seat's page and a spectator's draw that card and never the other; the
seat's menu switch to muck is the table's word, kept across a reload."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabledriver import click_and_wait, connected, has_turn, number, others_cards, own_down, sync, turn

if TYPE_CHECKING:
    from conftest import Pages, Server


def test_the_winner_of_a_hand_nobody_called_clicks_show_and_every_screen_draws_the_card(
    server: Server, pages: Pages
) -> None:
    table = server.table(game="holdem", seats=3, stack=100, names=["ann", "bob", "cy"], between_hands=60)
    server.api("POST", f"/api/tables/{table['table']}/pause")
    seats = [pages.open(invite) for invite in table["invites"]]
    watcher = pages.open(table["spectate"])
    for page in (*seats, watcher):
        connected(page)
    server.api("POST", f"/api/tables/{table['table']}/resume")
    for _ in range(2):  # the first two to act fold: the big blind wins, nobody called
        folder = turn(seats)
        click_and_wait(folder, folder.locator("#controls [data-action=fold]"))
    everyone = [*seats, watcher]
    sync(everyone)
    winner = next(page for page in seats if page.locator("#controls [data-show]").count())
    held = own_down(winner)
    assert len(held) == 2 and not has_turn(winner)
    shown = sorted(held)[0]
    hidden = (held - {shown}).pop()
    for page in everyone:
        assert not ({shown, hidden} & others_cards(page)) or page is winner
    before = number(winner, "seq")
    winner.locator(f"#controls button[data-show='{shown}']").click()
    winner.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    sync(everyone)
    for page in everyone:
        if page is winner:
            continue
        page.wait_for_selector(f"#seats [data-card='{shown}']")
        assert shown in others_cards(page) and hidden not in others_cards(page)
    assert winner.locator(f"#controls button[data-show='{shown}']").count() == 0  # shown: no longer offered
    assert winner.locator(f"#controls button[data-show='{hidden}']").count() == 1


def test_the_muck_switch_in_the_menu_is_the_tables_word(server: Server, pages: Pages) -> None:
    table = server.table(game="holdem", seats=2, stack=100, names=["ann", "bob"], paused=True)
    page = pages.open(table["invites"][0])
    connected(page)
    page.locator("#open-menu").click()
    switch = page.locator("#muck-on")
    assert page.locator("#muck-switch").is_visible() and not switch.is_checked()
    before = number(page, "seq")
    switch.check()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    page.reload()
    connected(page)
    page.locator("#open-menu").click()
    assert page.locator("#muck-on").is_checked()  # the table kept it, not the page
    never = server.table(game="holdem", seats=2, stack=100, names=["ann", "bob"], paused=True, muck="never")
    other = pages.open(never["invites"][0])
    connected(other)
    assert other.locator("#muck-switch").is_hidden()
