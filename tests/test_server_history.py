"""A seat's previous hands, kept by the server (issue 29, item 8): ``{"type": "history"}`` answers
with a page of them, most recent first, each as the snapshot's ``last``; ``before`` pages back; a
restarted server answers the same; and no hand of a seat's history names a card another seat held
and never showed, nor the cards of whoever held the seat before (scanned as the frames are:
:func:`test_server_leaks.known`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.games import load
from homegame.server.config import TableConfig
from homegame.server.finished import PAGE, page
from homegame.server.messages import MAX_HAND, BadMessageError, History, parse
from homegame.server.store import Store
from homegame.server.table import ServerTable
from schema_check import errors
from server_helpers import Seat, bots, finish_hand, live_server, make, run
from test_history_leaks import GAMES
from test_server_leaks import known, named
from test_wire_schema import SCHEMA


def _history(seat: Seat, **asked: Any) -> list[dict[str, Any]]:
    seat.send(type="history", **asked)
    answer = seat.until(lambda m: m["type"] in ("history", "error"), limit=50)
    assert answer["type"] == "history" and errors(SCHEMA, answer) == [], answer
    hands: list[dict[str, Any]] = answer["hands"]
    return hands


def test_history_pages_back_most_recent_first_and_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "night.sqlite"
    with live_server(path=db) as live:
        created = live.new(game="holdem", seats=2, stack=10_000, bots=1, bot_level="caller")
        ((client, _),) = bots(created["invites"], "caller", hands=PAGE + 3)
        table = live.server.rooms[created["table"]].table
        played = len(table.finished)
        assert played > PAGE
        seat = Seat(created["invites"][0], token=client.token)
        first = _history(seat)
        assert [hand["hand"] for hand in first] == list(range(played, played - PAGE, -1))
        assert first[0] == seat.state["last"]  # the shape of the snapshot's last, the same hand
        rest = _history(seat, before=first[-1]["hand"])
        assert [hand["hand"] for hand in rest] == list(range(played - PAGE, 0, -1))
        assert _history(seat, before=1) == []
        assert [hand["hand"] for hand in _history(seat, before=3)] == [2, 1]
        token, base = seat.welcome["token"], live.base
        seat.close()
    with live_server(path=db) as again:  # another port: the invite's address is the new server's
        seat = Seat(created["invites"][0].replace(base, again.base), token=token)
        assert _history(seat) == first and _history(seat, before=first[-1]["hand"]) == rest
        seat.close()
        assert again.server.rooms[created["table"]].table.finished[-1].number == played


def test_a_bad_history_request_is_refused_and_changes_nothing() -> None:
    with live_server() as live:
        created = live.new(game="holdem", seats=2, stack=100, paused=True)
        seat = Seat(created["invites"][0])
        for before in (0, -3, "7", 1.5, True, MAX_HAND + 1, [1]):
            seat.send(type="history", before=before)
            answer = seat.until(lambda m: m["type"] in ("history", "error"), limit=50)
            assert answer["type"] == "error" and answer["code"] == "bad_request" and answer["seq"] == seat.seq
        assert _history(seat) == []  # nothing finished yet
        seat.close()


@given(st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=5), st.booleans()))
def test_history_before_is_a_hand_number_or_nothing(before: object) -> None:
    valid = before is None or (type(before) is int and 0 < before <= MAX_HAND)
    try:
        parsed = parse({"type": "history", "before": before})
    except BadMessageError:
        assert not valid
    else:
        assert valid and isinstance(parsed, History) and parsed.before == before


@settings(deadline=None, max_examples=40)  # a shared machine: a page written takes what it takes
@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=5))
def test_a_page_is_the_hands_before_most_recent_first(before: int, size: int) -> None:
    numbers = [json.loads(text)["hand"] for text in page(_PLAYED, 0, before=before, size=size)]
    played = len(_PLAYED.finished)
    assert numbers == list(range(min(before - 1, played), 0, -1))[:size]


def _played() -> ServerTable:
    table = make(game="holdem", seats=2, stack=1000, bots=1, bot_level="caller")
    run(table)
    for _ in range(10):
        finish_hand(table)
        run(table)
    return table


_PLAYED = _played()
"""A table of ten hands or more, played once for the property above."""


def test_a_seat_shows_its_previous_player_nothing() -> None:
    table = make(game="holdem", seats=3, stack=100, bots=1, bot_level="caller")
    run(table)
    finish_hand(table)
    run(table)
    before = [json.loads(text) for text in page(table, 0)]
    assert before and all(hand["view"]["viewer"] == hand["dealt"].index(0) for hand in before if 0 in hand["dealt"])
    table.remove(0)  # the host removes the player: the seat is someone new's
    run(table)
    finish_hand(table)
    for text in page(table, 0):
        hand = json.loads(text)
        assert hand["view"]["viewer"] is None  # the new player was dealt in none of them
        kept = next(kept for kept in table.finished if kept.number == hand["hand"])
        deck = {str(card) for card in kept.hand.game.deck.cards()}
        public, _ = known(kept.hand.history())
        assert not named(hand) & (deck - public)


def test_no_seats_history_names_a_card_it_may_not_know() -> None:
    checked = 0
    for name in ["holdem", "razz", *GAMES]:
        seats = min(3, load(name).players[1])
        config = TableConfig.from_json(
            {"game": name, "seats": seats, "stack": 200, "bots": seats, "bot_level": "random"}
        )
        table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 0)
        for _ in range(4000):  # bounded: a few hands of bots
            if table.number > 3 or not table.moves.auto(0):
                break
        secrets = {}
        for kept in table.finished:
            deck = {str(card) for card in kept.hand.game.deck.cards()}
            public, own = known(kept.hand.history())
            secrets[kept.number] = (deck - public, [deck - public - mine for mine in own], kept.dealt)
        for seat in range(seats):
            for text in page(table, seat, size=100):
                hand = json.loads(text)
                spectator, per_seat, dealt = secrets[hand["hand"]]
                secret = per_seat[dealt.index(seat)] if seat in dealt else spectator
                leaked = named(hand) & secret
                assert not leaked, f"{name} hand {hand['hand']}: seat {seat} reads {leaked}"
                checked += 1
    assert checked > 100


def test_the_hands_written_are_kept_up_to_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    from homegame.server import finished

    written = [page(_PLAYED, seat, size=100) for seat in (0, 1)]
    monkeypatch.setattr(finished, "WRITTEN", 3)
    for kept in _PLAYED.finished:  # written afresh, under the small bound
        kept.texts.clear()
    again = [page(_PLAYED, seat, size=100) for seat in (0, 1)]
    assert again == written  # the same texts, written once more
    assert sum(len(kept.texts) for kept in _PLAYED.finished) <= 3
