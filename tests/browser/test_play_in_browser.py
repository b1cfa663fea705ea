"""The browser table against the real ``homegame serve``: friends sit down from invite links and
play to the showdown, each seeing only its own hole cards; every catalogue game plays to the end
through the controls its legal descriptors built; reloads and a killed server come back to the
same seat and hand; the phone fits."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tabledriver import connected, has_turn, number, play_turn, sync, wait_change, wait_turn_or_end

from homegame.cards import parse
from homegame.engine.steps.split import SplitStep
from homegame.games import load, names
from homegame.ranking import get

if TYPE_CHECKING:
    from conftest import Pages, Server

MAX_STEPS = 400

SNAPSHOT = """() => {
  const b = document.body.dataset;
  const cards = (sel) => [...document.querySelectorAll(sel)].map((n) => n.dataset.card).filter((c) => c !== '??');
  return {
    hand: Number(b.hand || 0), over: b.over === 'true' || Boolean(b.runout), finished: Number(b.finished || 0),
    own: cards('#me .my-cards [data-card]:not(.up)'),
    others: [...document.querySelectorAll('[data-card]')].filter((n) => !n.closest('#me'))
      .map((n) => n.dataset.card).filter((c) => c !== '??'),
    result: cards('#result [data-card]'),
    declaring: Boolean(document.querySelector('#controls [data-action=declare]')),
    sides: [...document.querySelectorAll('#seats .seat-flags')].map((n) => n.textContent)
      .filter((t) => /declared (high|low|both)/.test(t)),
  };
}"""


def sit_down(pages: Pages, invites: list[str], **size: int) -> list[Any]:
    opened = [pages.open(invite, **size) for invite in invites]
    for page in opened:
        connected(page)
    return opened


def sit_together(server: Server, pages: Pages, table: dict[str, Any], **size: int) -> list[Any]:
    """Everyone sits before the first deal: the host pauses the new table, then resumes it."""
    server.api("POST", f"/api/tables/{table['table']}/pause")
    seats = sit_down(pages, table["invites"], **size)
    server.api("POST", f"/api/tables/{table['table']}/resume")
    return seats


def turn_of(seats: list[Any]) -> Any:
    """Wait (bounded) until one of the seats' pages has a decision to make; that page."""
    for _ in range(MAX_STEPS):
        sync(seats)
        turn = next((page for page in seats if has_turn(page)), None)
        if turn is not None:
            return turn
        if not wait_change(seats, 10**6):
            pytest.fail("the table stopped: " + "; ".join(describe(page) for page in seats))
    pytest.fail("nobody had a decision to make")


def describe(page: Any) -> str:
    """What a page shows, for a failure's message."""
    data = page.evaluate("({...document.body.dataset})")
    return f"{data} conn={page.inner_text('#conn')!r} controls={page.inner_text('#controls')!r}"


def play_hand(
    seats: list[Any],
    choose: list[dict[str, str]] | None = None,
    shots: tuple[Path, str] | None = None,
    watcher: Any = None,
) -> dict[str, Any]:
    """Play the first hand with the seats' pages to its end; returns each page's own down cards and
    every card each page (and the spectator's, last) showed outside its own hand while the hand was live."""
    watching = [watcher] if watcher is not None else []
    own: list[set[str]] = [set() for _ in seats]
    seen: list[set[str]] = [set() for _ in seats + watching]
    for step in range(MAX_STEPS):
        sync(seats + watching)
        states = [page.evaluate(SNAPSHOT) for page in seats + watching]
        for index, state in enumerate(states):
            if state["hand"] == 1 and not state["over"] and state["finished"] < 1:
                if index < len(seats):
                    own[index] |= set(state["own"])
                seen[index] |= set(state["others"])
        if any(state["declaring"] for state in states):
            shown = [state["sides"] for state in states if state["sides"]]
            assert not shown, f"a declaration showed before all had declared: {shown}"
        if all(state["finished"] >= 1 for state in states[: len(seats)]):
            break
        if shots is not None and step == 8:
            for index, page in enumerate(seats):
                page.screenshot(path=shots[0] / f"{shots[1]}-seat{index}-mid.png", full_page=True)
        turn = next((index for index, page in enumerate(seats) if has_turn(page)), None)
        if turn is None:
            if not wait_change(seats, 1):
                pytest.fail("the table stopped: " + "; ".join(describe(page) for page in seats))
            continue
        play_turn(seats[turn], (choose or [{}] * len(seats))[turn])
    else:
        pytest.fail(f"the hand did not end in {MAX_STEPS} steps")
    return {"own": own, "seen": seen, "end": [page.evaluate(SNAPSHOT) for page in seats]}


@pytest.mark.parametrize(
    ("game", "choose"),
    [("holdem", None), ("stud-declare", [{"declare": "high"}, {"declare": "low"}, {"declare": "both"}])],
)
def test_three_friends_play_to_the_showdown(
    server: Server, pages: Pages, artifacts: Path, game: str, choose: list[dict[str, str]] | None
) -> None:
    table = server.table(game=game, seats=3, stack=200, names=["ann", "bob", "cy"])
    seats = sit_together(server, pages, table)
    watcher = pages.open(table["spectate"])
    connected(watcher)
    played = play_hand(seats, choose, shots=(artifacts, game), watcher=watcher)
    for index, page in enumerate(seats):
        page.screenshot(path=artifacts / f"{game}-seat{index}.png", full_page=True)
    own, seen = played["own"], played["seen"]
    assert all(len(cards) >= 2 for cards in own), own
    hidden = set().union(*own)
    assert not seen[-1] & hidden, f"the spectator saw hole cards {seen[-1] & hidden} before the showdown"
    for index in range(len(seats)):
        for other in range(len(seats)):
            if other != index:
                leaked = seen[index] & own[other]
                assert not leaked, f"seat {index}'s page showed seat {other}'s hole cards {leaked} before the showdown"
    # At the showdown every page shows the cards of the others who went to it.
    for index, state in enumerate(played["end"]):
        shown = set(state["result"])
        assert any(shown & own[other] for other in range(len(seats)) if other != index), (index, shown)


@pytest.mark.parametrize("game", names())
def test_every_game_plays_to_the_end_in_the_browser(server: Server, pages: Pages, game: str) -> None:
    low, _ = load(game).players
    seats = max(2, low)
    table = server.table(game=game, seats=seats, stack=200, bots=seats - 1, bot_level="random", names=["ann"])
    page = sit_down(pages, table["invites"][:1])[0]
    done: list[str] = []
    for _ in range(MAX_STEPS):
        if not wait_turn_or_end(page, 1):
            break
        done.append(play_turn(page))
    else:
        pytest.fail(f"{game}: the hand did not end in {MAX_STEPS} decisions: {done[-10:]}")
    assert number(page, "finished") >= 1
    assert page.locator("#result li").count() >= 1, "the result of the hand is shown"
    if game in DIVIDED:  # a divided hand is shown part by part, each named, not as one long row
        shown = page.eval_on_selector_all("#result .shown-hand", SHOWN_PARTS)
        assert shown and all(parts == DIVIDED[game] for parts in shown), shown


# The games whose players divide their cards, and the parts a result shows (every hand goes to the showdown).
DIVIDED = {"chinese-poker": ["back", "middle", "front"]}
SHOWN_PARTS = """nodes => nodes.map((n) => [...n.querySelectorAll('.part')]
  .filter((p) => p.querySelectorAll('[data-card]').length && p.querySelector('.part-name').textContent)
  .map((p) => p.dataset.side))"""


def test_a_reload_keeps_the_seat_and_the_hand(server: Server, pages: Pages) -> None:
    table = server.table(game="stud", seats=2, stack=200, bots=1, bot_level="caller", names=["ann"])
    page = sit_down(pages, table["invites"][:1])[0]
    wait_turn_or_end(page, 1)
    before = page.evaluate(SNAPSHOT)
    you = number(page, "you")
    page.reload()
    connected(page)
    page.wait_for_function(f"Number(document.body.dataset.hand) === {before['hand']}")
    after = page.evaluate(SNAPSHOT)
    assert number(page, "you") == you
    assert after["hand"] == before["hand"] and after["own"] == before["own"]
    wait_turn_or_end(page, 1)
    play_turn(page)


def test_a_second_tab_takes_the_seat_over(server: Server, pages: Pages) -> None:
    table = server.table(game="holdem", seats=2, stack=200, bots=1, bot_level="caller", names=["ann"])
    first = sit_down(pages, table["invites"][:1])[0]
    second = pages.tab(first, table["invites"][0])
    connected(second)
    first.wait_for_selector("#conn[data-state=closed]")
    assert "another window" in first.inner_text("#conn")
    assert not first.is_visible("#controls"), "no decision offered to a page that cannot send it"
    assert number(second, "you") == 0
    wait_turn_or_end(second, 1)


def test_a_killed_server_comes_back_to_the_same_seat_and_hand(
    own_server: Server, pages: Pages, artifacts: Path
) -> None:
    # While the server is down Chromium itself reports the refused WebSocket connections.
    pages.allowed = ("WebSocket connection to",)
    table = own_server.table(game="razz", seats=3, stack=200, bots=1, bot_level="caller", names=["ann", "bob"])
    seats = sit_together(own_server, pages, table)
    for _ in range(3):
        play_turn(turn_of(seats))
    sync(seats)
    before = [page.evaluate(SNAPSHOT) for page in seats]
    assert all(state["hand"] == 1 and state["finished"] == 0 for state in before), before
    own_server.kill()
    for page in seats:
        page.wait_for_selector("#conn[data-state=reconnecting]")
    seats[0].screenshot(path=artifacts / "reconnecting.png")
    own_server.start()
    for page in seats:
        page.wait_for_selector("#conn[data-state=connected]")
    sync(seats)
    after = [page.evaluate(SNAPSHOT) for page in seats]
    for was, now in zip(before, after, strict=True):
        assert now["hand"] == was["hand"] and now["own"] == was["own"]
    played = play_hand(seats)
    assert all(state["finished"] >= 1 for state in played["end"])


@pytest.mark.parametrize(
    ("game", "seats"), [("holdem", 6), ("2-7-triple-draw", 4), ("chinese-poker", 4), ("grocery-store", 5)]
)
def test_the_phone_fits(server: Server, pages: Pages, artifacts: Path, game: str, seats: int) -> None:
    table = server.table(game=game, seats=seats, stack=200, bots=seats - 1, bot_level="caller", names=["ann"])
    page = sit_down(pages, table["invites"][:1], width=390, height=844)[0]
    form = {"2-7-triple-draw": "cards", "chinese-poker": "divide", "grocery-store": "choice"}.get(game, "amount")
    for _ in range(MAX_STEPS):  # play on to the first decision of the game's own kind
        wait_turn_or_end(page, 10**6)
        if page.locator(f"#controls [data-form={form}]").count():
            break
        play_turn(page)
    if game == "chinese-poker":  # the hands named as the rules name them
        titles = page.locator("#controls .hand-slot .slot-title").all_inner_texts()
        assert [title.split(":")[0] for title in titles] == ["Back", "Middle", "Front"]
    page.screenshot(path=artifacts / f"phone-{game}.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px wide)"
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select')]
             .filter((n) => n.offsetParent !== null && !n.closest('dialog'))
             .map((n) => [n.getAttribute('aria-label') || n.textContent.trim(), n.getBoundingClientRect()])
             .filter(([, r]) => r.width < 44 || r.height < 44).map(([name, r]) => `${name}: ${r.width}x${r.height}`)"""
    )
    assert not small, f"touch targets under 44 px: {small}"
    outside = page.evaluate(OUTSIDE_THE_FELT)
    assert not outside, f"seats drawn outside the table: {outside}"


def test_a_complete_split_shows_what_each_part_makes(server: Server, pages: Pages) -> None:
    """Once every part is full the server names what each makes, and the page warns of a mis-set
    exactly when the engine would play the hand dead (rules 004: "If one of the hands does not
    adhere to increasing rank (i.e. is mis-set), the hand is declared dead")."""
    table = server.table(game="chinese-poker", seats=2, stack=200, bots=1, bot_level="caller", names=["ann"])
    page = sit_down(pages, table["invites"][:1])[0]
    assert wait_turn_or_end(page, 10**6)
    group = page.locator("#controls [data-form=divide]")
    for _ in range(13):  # each tap fills the first part with room
        group.locator(".pick-row button.card").first.click()
    made = group.locator(".hand-slot .made")
    made.nth(2).wait_for()
    slots = group.locator(".hand-slot .slot-cards").all()
    hands = [
        parse(" ".join(slot.evaluate("n => [...n.querySelectorAll('[data-card]')].map((c) => c.dataset.card)")))
        for slot in slots
    ]
    high = get("high")
    assert made.all_inner_texts() == [high.evaluate(hand).name for hand in hands]
    split = next(step for step in load("chinese-poker").steps if isinstance(step, SplitStep))
    problem = group.locator(".problem").inner_text()
    reason = split.misorder(hands)
    assert problem == (f"Mis-set: {reason} — this hand would be dead." if reason else "")
    assert group.locator("[data-action=split]").is_enabled()  # the player may still choose it


OUTSIDE_THE_FELT = """() => {
  const felt = document.querySelector('#felt').getBoundingClientRect();
  return [...document.querySelectorAll('#seats .seat')].map((n) => [n.dataset.seat, n.getBoundingClientRect()])
    .filter(([, r]) => r.top < felt.top || r.bottom > felt.bottom || r.left < felt.left || r.right > felt.right)
    .map(([seat, r]) => `seat ${seat}: ${[r.top, r.bottom].map(Math.round)} in ${[felt.top, felt.bottom]}`);
}"""


REPLAY_POT = """() => {
  const key = Object.keys(sessionStorage).find((k) => k.startsWith('homegame.hands.'));
  const hands = JSON.parse(sessionStorage.getItem(key));
  return [Number(document.querySelector('#replay [data-pot]').dataset.pot), hands.at(-1).events.at(-1).pot];
}"""


def test_the_controls_people_use(server: Server, pages: Pages) -> None:
    """Keys, the menu, leaving and all in asking first, the previous hands and their replay, the clock."""
    table = server.table(
        game="holdem", seats=2, stack=200, bots=1, bot_level="caller", names=["ann"], clock={"seconds": 60, "bank": 60}
    )
    page = sit_down(pages, table["invites"][:1])[0]
    wait_turn_or_end(page, 1)
    page.wait_for_function("/\\d:\\d\\d/.test(document.querySelector('#me [data-clock-seat]')?.textContent || '')")
    seq = number(page, "seq")
    page.keyboard.press("c")  # check or call
    page.wait_for_function(f"Number(document.body.dataset.seq) > {seq}")

    page.click("#open-menu")
    page.check("#four-colour")
    assert "four-colour" in str(page.get_attribute("body", "class"))
    page.click("[data-action=leave]")
    page.wait_for_selector("#confirm[open] [data-action=confirm]")
    page.click("#confirm [data-action=cancel]")
    page.wait_for_selector("#confirm", state="hidden")

    for _ in range(MAX_STEPS):
        if not wait_turn_or_end(page, 1):
            break
        play_turn(page)
    page.click("#open-hands")
    page.click("#history-list .past-hand button")
    page.wait_for_selector("#replay[open]")
    page.click("#replay-next")
    page.wait_for_selector("#replay-body li")
    page.click("#replay-all")
    shown, kept = page.evaluate(REPLAY_POT)
    assert shown == kept, "the replay's pot is the last event's"
    page.click("#replay-close")

    for _ in range(MAX_STEPS):
        wait_turn_or_end(page, 10**6)
        if page.locator("#controls [data-preset='All in']").count():
            break
        play_turn(page)
    page.click("#controls [data-preset='All in']")
    seq = number(page, "seq")
    page.click("#controls [data-form=amount] button[data-action]")
    page.wait_for_selector("#confirm[open]")
    assert "all in" in page.inner_text("#confirm-text").lower()
    page.click("#confirm [data-action=confirm]")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {seq}")


ROWS = """() => {
  const rows = (nodes) => new Set([...nodes].map((n) => Math.round(n.getBoundingClientRect().top))).size;
  return {
    seats: [...document.querySelectorAll('#seats .seat-cards')].map((n) => rows(n.querySelectorAll('.card'))),
    mine: rows(document.querySelectorAll('#me .my-cards .card')),
    count: document.querySelectorAll('#me .my-cards .card').length,
    height: document.documentElement.scrollHeight, window: innerHeight,
  };
}"""


def test_a_stud_hand_fits_a_laptop_window(server: Server, pages: Pages, artifacts: Path) -> None:
    """Seven at seven-card stud on a 1280x800 laptop: every seat's cards and your own in one row,
    and the page (the table, your seat, your actions, the last result) never scrolls."""
    table = server.table(game="stud", seats=7, stack=200, bots=6, bot_level="caller", names=["ann"])
    page = sit_down(pages, table["invites"][:1])[0]
    for _ in range(MAX_STEPS):  # on to sixth street or later of a hand after the first (a result shows)
        wait_turn_or_end(page, 10**6)
        if number(page, "finished") >= 1 and page.locator("#me .my-cards .card").count() >= 6:
            break
        play_turn(page)
    page.screenshot(path=artifacts / "laptop-stud.png")
    drawn = page.evaluate(ROWS)
    assert drawn["count"] >= 6 and drawn["mine"] == 1, f"your cards wrap: {drawn}"
    assert drawn["seats"] and all(rows == 1 for rows in drawn["seats"]), f"a seat's cards wrap: {drawn}"
    assert page.locator("#result li").count() >= 1, "the last hand's result is shown"
    assert drawn["height"] <= drawn["window"], f"the page scrolls: {drawn}"
