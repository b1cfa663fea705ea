"""Run it twice and all-in odds in Debian's Chromium, two players: all in before the flop, each page
shows every hand's odds in the server's words and offers Run twice; both agree, and each page's
result shows the two boards (the second as ``[data-board="2"]``)."""

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
