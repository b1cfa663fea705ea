"""Leaks: bot clients play every catalogue game through a live server, and every frame each one
received is scanned: it names no card that another seat held and never showed, and no card of the
stub. What a seat may know is worked out apart from the messages: its own cards, straight from the
engine, and what the table showed everyone (the public view), at every step of the hand."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from homegame.engine.hand import Chance, Hand, History
from homegame.engine.wire import to_json
from homegame.errors import PokerError
from homegame.games import load, names
from server_helpers import bots, cards_in, live_server


def _games() -> list[str]:
    playable = []
    for name in names():
        try:
            load(name)
        except PokerError:
            continue
        playable.append(name)
    return playable


def named(data: Any) -> set[str]:
    """The real cards a frame (or a view) names: a wild card's stand-in (``[["3s", "Ks"]]`` in a
    made hand, ``3s as Ks`` in a sentence) is no card of the deck."""
    found: set[str] = set()
    if isinstance(data, str):
        found |= cards_in(_STANDS_IN.sub("", data))
    elif isinstance(data, list):
        for item in data:
            found |= named(item)
    elif isinstance(data, dict):
        for key, value in data.items():
            pairs = key == "wild" and isinstance(value, list) and all(isinstance(pair, list) for pair in value)
            found |= named([pair[0] for pair in value if pair] if pairs else value)
    return found


_STANDS_IN = re.compile(r"\bas (?:[2-9TJQKA][cdhs])")


def known(history: History) -> tuple[set[str], list[set[str]]]:
    """The cards the table showed everyone during the hand, and each seat's own cards."""
    hand = Hand.from_setup(history.setup, Chance(random.Random(0), history.chance))
    public: set[str] = set()
    own: list[set[str]] = [set() for _ in range(hand.seats)]

    def look() -> None:
        public.update(named(to_json(hand.view(None))))
        for seat in range(hand.seats):
            own[seat].update(str(card) for card in hand.down[seat] + hand.up[seat])

    look()
    for actor, action in history.actions:
        hand.act(actor, action)
        look()
    return public, own


def test_no_frame_names_a_card_its_reader_may_not_know() -> None:
    games = _games()
    assert len(games) > 40
    with live_server() as live:
        tables = []
        invites: list[str] = []
        for name in games:
            seats = load(name).players[0]  # heads up where the game allows: every frame is scanned all the same
            created = live.new(game=name, seats=seats, stack=100)
            live.host("POST", f"/api/tables/{created['table']}/pause")  # until everyone is seated
            tables.append((created["table"], len(invites), seats))
            invites.extend(created["invites"])

        def start() -> None:
            for table_id, _, _ in tables:
                live.host("POST", f"/api/tables/{table_id}/resume")

        clients = bots(invites, "random", hands=1, seed=7, start=start)
        checked = 0
        for table_id, first, seats in tables:
            table = live.server.rooms[table_id].table
            hands = table.histories()
            assert hands, f"{table.config.game} dealt no hand"
            for number, hand, dealt in hands:
                deck = {str(card) for card in hand.game.deck.cards()}
                public, own = known(hand.history())
                for client, frames in clients[first : first + seats]:
                    assert client.seat is not None
                    mine = own[dealt.index(client.seat)] if client.seat in dealt else set()
                    secret = deck - public - mine
                    for text in frames:
                        frame = json.loads(text)
                        if frame["hand"] == number:
                            leaked = named(frame) & secret
                            assert not leaked, f"{table.config.game} hand {number}: seat {client.seat} saw {leaked}"
                            checked += 1
        assert checked > 500
