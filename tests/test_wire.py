"""The JSON of door values (docs/wire.md): every view, descriptor, action and event of every
catalogue game goes out as plain JSON and comes back equal; what comes in is read strictly."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots import RandomBot, Turn
from homegame.engine import Hand
from homegame.engine.wire import (
    action_from_json,
    event_from_json,
    legal_from_json,
    to_json,
    view_from_json,
)
from homegame.errors import ParseError
from homegame.games import load, names


def _round_trip(value: object) -> object:
    """``value``'s JSON, through text and back to Python, as a client would receive it."""
    return json.loads(json.dumps(to_json(value)))


@pytest.mark.parametrize("name", names())
def test_every_value_of_a_hand_round_trips(name: str) -> None:
    game = load(name)
    seats = min(max(game.players[0], 3), game.players[1])
    hand = Hand(game, [60] * seats, seed=11)
    bots = [RandomBot(random.Random(seat)) for seat in range(seats)]
    pots = {0: 0}  # the pot once the hand's first N events have happened, as the hand said then
    for _ in range(400):
        for viewer in (*range(seats), None):
            view = hand.view(viewer)
            data = _round_trip(view)
            assert view_from_json(data) == view
            _check_events(data, viewer, pots)
        if hand.over:
            break
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        for descriptor in legal:
            assert legal_from_json(_round_trip(descriptor)) == descriptor
        action = bots[seat].choose(Turn(seat, legal, lambda seat=seat: hand.view(seat), game))
        assert action_from_json(_round_trip(action)) == action
        for event in hand.act(seat, action):
            assert event_from_json(_round_trip(event)) == event
        pots[len(hand.events)] = hand.pot
    assert hand.over


def _check_events(data: object, viewer: int | None, pots: dict[int, int]) -> None:
    """Every event of a view's JSON carries the pot after it (the hand's pot at each action's end),
    the chips it moved, and its text for the viewer ("you" for the viewer's own)."""
    assert isinstance(data, dict)
    events = data["events"]
    before = 0
    for index, event in enumerate(events):
        assert event["pot"] - before == event.get("chips", 0) and event.get("chips") != 0
        assert event["pot"] == pots.get(index + 1, event["pot"])
        before = event["pot"]
        assert isinstance(event["text"], str) and event["text"]
        if viewer is not None and event.get("seat") == viewer and event["type"] in ("posted", "acted", "won"):
            assert event["text"].startswith("you "), event
        if event["type"] == "won":
            assert "pot_index" in event
    assert not events or events[-1]["pot"] == data["pot"]


def test_a_seat_sees_its_own_cards_only() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], deck="As Kd Qh Jc Ts 9d")
    data = to_json(hand.view(0))
    assert isinstance(data, dict)
    text = json.dumps(data)
    assert "Qh" in text and "9d" in text  # dealt from the button's left: seat 0 gets the third and sixth
    assert not any(card in text for card in ("As", "Jc", "Kd", "Ts"))


BAD = [
    ({"kind": "raise_to", "amount": 4.5}, "whole number"),
    ({"kind": "raise_to", "amount": True}, "whole number"),
    ({"kind": "raise_to", "amount": -5}, ">= 0"),
    ({"kind": "raise_to", "amount": 10**400}, "out of range"),
    ({"kind": "raise_to"}, "missing"),
    ({"kind": "shove"}, "not an action kind"),
    ({"kind": ["fold"]}, "not an action kind"),
    ({"kind": "draw", "cards": "As"}, "list"),
    ({"kind": "draw", "cards": ["Zz"]}, "Zz"),
    ({"kind": "draw", "cards": ["As"] * 100}, "too many"),
    ({"kind": "fold", "seat": 1}, "unknown field"),
    ({"kind": "split", "hands": [["As"], "Kd"]}, "list"),
    ([1, 2], "object"),
    ("fold", "object"),
]


@pytest.mark.parametrize(("data", "reason"), BAD)
def test_malformed_actions_are_refused_with_a_reason(data: object, reason: str) -> None:
    with pytest.raises(ParseError, match=reason):
        action_from_json(data)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KINDS = st.sampled_from(["fold", "call", "raise_to", "bet_to", "draw", "discard", "declare", "buy", "split", "place"])


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    kind=KINDS,
    fields=st.dictionaries(
        st.sampled_from(["amount", "cards", "side", "item", "hands", "card", "row"]), JSONISH, max_size=3
    ),
)
def test_any_json_is_an_action_or_a_parse_error(kind: str, fields: dict[str, object]) -> None:
    try:
        action = action_from_json({"kind": kind, **fields})
    except ParseError:
        return
    assert action_from_json(_round_trip(action)) == action
