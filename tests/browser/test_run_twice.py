"""Run it twice and all-in odds in Debian's Chromium, two players: all in before the flop, each page
shows every hand's odds in the server's words and offers Run twice; both agree, and each page's
result shows the two boards (the second as ``[data-board="2"]``); and a player shows the rabbit
after a fold, which both pages show, marked as not played."""

from __future__ import annotations

from conftest import Pages, Server
from tabledriver import click_and_wait, connected, sync


def test_two_players_run_it_twice_and_see_both_boards(server: Server, pages: Pages) -> None:
    body = {"game": "holdem", "seats": 2, "stack": 2, "run_it_twice": "ask"}  # the blinds put both all in
    created = server.api("POST", "/api/tables", body)
    server.opened.append(created["table"])
    ann, bo = pages.open(created["invites"][0]), pages.open(created["invites"][1], width=390, height=844)
    for page in (ann, bo):
        connected(page)
    for page in (ann, bo):
        page.wait_for_function("Number(document.body.dataset.hand) >= 1")
    sync([ann, bo])
    callers = [page for page in (ann, bo) if page.locator("#controls button[data-action=call]").count()]
    assert len(callers) == 1  # the small blind calls all in
    click_and_wait(callers[0], callers[0].locator("#controls button[data-action=call]"))
    for page in (ann, bo):
        page.locator("#controls button[data-action=run_twice]").wait_for()
        odds = page.locator("#middle .odds .odds-line")
        assert odds.count() == 2 and "%" in odds.first.inner_text()
    for page in (ann, bo):
        click_and_wait(page, page.locator("#controls button[data-action=run_twice]"))
    for page in (ann, bo):
        second = page.locator('#result [data-board="2"]')
        second.wait_for()
        assert second.locator("[data-card]").count() == 5
        first = page.locator('#result [data-board=""] [data-card]')  # the result's board: the first
        assert first.count() == 5
        assert first.all_inner_texts() != second.locator("[data-card]").all_inner_texts()


def test_a_player_shows_the_rabbit_and_both_pages_see_it(server: Server, pages: Pages) -> None:
    created = server.api("POST", "/api/tables", {"game": "holdem", "seats": 2, "stack": 100, "between_hands": 60})
    server.opened.append(created["table"])
    ann, bo = pages.open(created["invites"][0]), pages.open(created["invites"][1], width=390, height=844)
    for page in (ann, bo):
        connected(page)
        page.wait_for_function("Number(document.body.dataset.hand) >= 1")
    sync([ann, bo])
    folders = [page for page in (ann, bo) if page.locator("#controls button[data-action=fold]").count()]
    assert len(folders) == 1
    click_and_wait(folders[0], folders[0].locator("#controls button[data-action=fold]"))
    other = bo if folders[0] is ann else ann
    ask = other.locator("#middle [data-rabbit=ask]")
    ask.wait_for()
    click_and_wait(other, ask)
    for page in (ann, bo):
        rabbit = page.locator("#middle .rabbit")
        rabbit.wait_for()
        assert rabbit.locator("[data-card]").count() == 5 and "not played" in rabbit.inner_text()
    assert ann.locator("#middle [data-rabbit=ask]").count() == 0  # asked once, shown to all
