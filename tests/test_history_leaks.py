"""Leaks in histories (issue 27, item 9): every history is built from its reader's view, like every
frame. The server's downloads (``GET /api/tables/{t}/history`` as PHH and PokerStars text, a seat's and
a spectator's) and a player's own file (``homegame play --history``, :func:`to_phh` with ``seat``) of
every wild-card game and every game of secret choices (passes, discards, splits, declarations, rolls,
placed cards) are scanned: no hand names a card another seat held and never showed.

What a reader may know is worked out apart from the writer, as the frames test does
(:func:`test_server_leaks.known`): its own cards, straight from the engine, and what the table showed
everyone, at every step of the hand."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from homegame.bots import CallerBot, RandomBot, play
from homegame.engine import Hand
from homegame.engine.events import Mucked
from homegame.engine.steps.base import STEP_KINDS
from homegame.games import load, names
from homegame.history import loads_all, to_phh
from homegame.server.config import TableConfig
from homegame.server.histories import phh, pokerstars
from homegame.server.store import Store
from homegame.server.table import ServerTable
from test_server_leaks import known

_SECRETS = {"pass", "discard", "split", "declare", "roll", "place"}
"""The step kinds whose choices are a player's secret until the table learns them."""


def _scanned() -> list[str]:
    """The catalogue's wild-card games (its documents name wild cards or jokers) and games of
    secret choices."""
    chosen = []
    for name in names():
        game = load(name)
        document = Path(game.path).read_text(encoding="utf-8") if game.path else ""
        if re.search(r"\bwild\b|joker", document) or {step.kind for step in game.steps} & _SECRETS:
            chosen.append(name)
    return chosen


GAMES = _scanned()


_RUN = re.compile(r"(?<![A-Za-z0-9?])((?:[2-9TJQKA][cdhs]|Jk|\?\?)+)(?![A-Za-z0-9?])")
"""A run of cards as PHH writes them (``AsKd``), or one card of PokerStars text (``[As Kd]``)."""


def _cards(text: str) -> set[str]:
    """Every card ``text`` names."""
    return {run[i : i + 2] for run in _RUN.findall(text) for i in range(0, len(run), 2)} - {"??"}


def _secrets(hand: Hand) -> list[set[str]]:
    """The cards each seat may not know of the hand (the last: a spectator)."""
    deck = {str(card) for card in hand.game.deck.cards()}
    public, own = known(hand.history())
    return [deck - public - mine for mine in own] + [deck - public]


def test_the_games_scanned() -> None:
    assert {"anaconda", "follow-the-queen", "baseball", "the-option", "draw-deuces-wild", "lowball-joker"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_own_file_names_no_card_it_did_not_see(name: str) -> None:
    game = load(name)
    for seed in range(4):
        seats = min(4, game.players[1])
        hand = Hand(game, [200] * seats, seed=seed)
        play(hand, [RandomBot(random.Random(seed * 10 + seat)) for seat in range(seats)])
        secrets = _secrets(hand)
        for viewer in [*range(seats), None]:
            record = to_phh(hand.history(), seat=viewer, full=False)
            leaked = _cards(" ".join(record.actions)) & secrets[-1 if viewer is None else viewer]
            assert not leaked, f"{name} seed {seed}: {viewer} reads {leaked}"


@pytest.mark.parametrize("name", GAMES)
def test_no_file_but_its_own_seats_names_a_mucked_card(name: str) -> None:
    """Every seat asks to muck (issue 30, item 9): a hand thrown away unseen at the showdown is in no
    other seat's file nor a spectator's, and the full record keeps it (17 of these games muck in
    these hands: the callers reach the showdown)."""
    game = load(name)
    for seed in range(2):
        seats = min(4, game.players[1])
        hand = Hand(game, [200] * seats, seed=seed, mucks=tuple(range(seats)))
        play(hand, [CallerBot() if seat else RandomBot(random.Random(seed)) for seat in range(seats)])  # showdowns
        secrets = _secrets(hand)
        for mucked in (event.seat for event in hand.events if isinstance(event, Mucked)):
            held = {str(card) for card in hand.down[mucked]}
            for viewer in [*(seat for seat in range(seats) if seat != mucked), None]:
                record = to_phh(hand.history(), seat=viewer, full=False)
                unseen = held & secrets[-1 if viewer is None else viewer]  # not the cards it passed, say
                assert not _cards(" ".join(record.actions)) & unseen, f"{name} seed {seed}: {viewer} reads {mucked}'s"
            assert held <= _cards(" ".join(to_phh(hand.history()).actions)) | _cards(str(to_phh(hand.history()).extra))


def test_the_servers_downloads_name_no_card_their_reader_did_not_see() -> None:
    checked = 0
    for name in GAMES:
        seats = min(3, load(name).players[1])
        config = TableConfig.from_json(
            {"game": name, "seats": seats, "stack": 200, "bots": seats, "bot_level": "random"}
        )
        played = 0
        for _ in range(6):  # the server's shuffles are the system's: a table may bust out in a hand
            table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 0)
            for _ in range(4000):
                if table.number > 5 or not table.moves.auto(0):
                    break
            played += len(table.histories())
            checked += _scan_downloads(table, seats)
            if played >= 4:
                break
        assert played >= 4, name
    assert checked > 200


def _scan_downloads(table: ServerTable, seats: int) -> int:
    """Scan every reader's downloads of ``table`` for cards it may not see; the records read."""
    checked = 0
    hands = table.histories()
    secrets = [(_secrets(hand), dealt) for _, hand, dealt in hands]
    for viewer in [*range(seats), None]:  # a seat busted is dealt no more: it reads as a spectator
        secret = [each[dealt.index(viewer) if viewer in dealt else -1] for each, dealt in secrets]
        for index, record in enumerate(loads_all(phh(table, seat=viewer))):
            leaked = _cards(" ".join(record.actions)) & secret[index]
            assert not leaked, f"{table.config.game} hand {index + 1}: {viewer} reads {leaked} in the PHH"
            checked += 1
        text, skipped = pokerstars(table, seat=viewer)
        written = [number for number, _, _ in hands if number not in skipped]
        for number, one in zip(written, text.split("\n\n\n\n") if text else [], strict=True):
            leaked = _cards(one) & secret[number - 1]
            assert not leaked, f"{table.config.game} hand {number}: {viewer} reads {leaked} in the PokerStars text"
    return checked


def test_the_step_kinds_named_are_real() -> None:
    assert set(STEP_KINDS) >= _SECRETS, "a step kind renamed: the scan would miss its games"
