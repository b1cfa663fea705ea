"""Show or muck (issue 30, item 9), in the engine: who must show at the showdown, what a muck hides,
and the cards the winner of a hand nobody called may show.

Robert's Rules of Poker, Showdown, are the rules (they are not among shared/rules/, which hold the
games): "A player must show all cards in the hand face-up on the table to win any part of the pot";
"If everyone checks (or is all-in) on the final betting round, the player who acted first is the
first to show the hand. If there is wagering on the final betting round, the last player to take
aggressive action by a bet or raise is the first to show the hand." A hand that cannot win may be
mucked; the last aggressor's and the winner's are always shown, and once a player is all in with
the betting over every hand is turned face up for the runout.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots import CallerBot, RandomBot, play
from homegame.cards import parse
from homegame.engine import Hand
from homegame.engine.actions import ActionKind, BetTo, Call, Check, Fold, RaiseTo
from homegame.engine.events import Acted, Dealt, Drew, Mucked, Shown
from homegame.engine.wire import to_json
from homegame.errors import IllegalActionError, ParseError
from homegame.games import load
from homegame.history import to_phh
from test_history_leaks import _cards
from test_server_leaks import named

AGGRESSIVE = {ActionKind.BET_TO, ActionKind.RAISE_TO, ActionKind.COMPLETE}

DECK = "As Kd 2c Ah Kc 7c 8h 9s 3d 4s 5h Jc Qd"
"""Three seats, button 0, one card at a time from the button's left: seat 1 holds As Ah, seat 2
Kd Kc, seat 0 2c 7c; the board comes from 8h 9s 3d 4s 5h Jc Qd."""


def _river(mucks: tuple[int, ...], river: list[tuple[int, object]]) -> Hand:
    """The hand of :data:`DECK` checked to the river, where ``river`` is played."""
    hand = Hand(load("holdem"), [100, 100, 100], deck=DECK, mucks=mucks)
    hand.act(0, Call())
    hand.act(1, Call())
    hand.act(2, Check())
    for _ in range(2):  # flop and turn
        for seat in (1, 2, 0):
            hand.act(seat, Check())
    for seat, action in river:
        hand.act(seat, action)  # type: ignore[arg-type]
    assert hand.over
    return hand


def _showdown(hand: Hand) -> list[str]:
    """The showdown as the events tell it."""
    return [str(event) for event in hand.events if isinstance(event, Shown | Mucked)]


def test_a_seat_that_asked_mucks_a_hand_that_cannot_win() -> None:
    hand = _river((0, 1, 2), [(1, Check()), (2, Check()), (0, Check())])
    # "If everyone checks ... the player who acted first is the first to show": seat 1, then clockwise
    assert _showdown(hand) == ["seat 1 shows As Ah", "seat 2 mucks", "seat 0 mucks"]
    assert [won.seat for won in hand.result.awards] == [1]


def test_the_last_aggressor_and_the_winner_always_show() -> None:
    hand = _river((0, 1, 2), [(1, Check()), (2, Check()), (0, BetTo(10)), (1, Call()), (2, Call())])
    # "the last player to take aggressive action by a bet or raise is the first to show the hand"
    assert _showdown(hand) == ["seat 0 shows 2c 7c", "seat 1 shows As Ah", "seat 2 mucks"]


def test_the_last_raise_makes_the_last_aggressor() -> None:
    river = [(1, BetTo(10)), (2, RaiseTo(30)), (0, Fold()), (1, Call())]
    hand = _river((1, 2), river)
    assert _showdown(hand) == ["seat 2 shows Kd Kc", "seat 1 shows As Ah"]


def test_without_mucks_every_hand_is_shown_from_the_buttons_left_as_before() -> None:
    hand = _river((), [(1, Check()), (2, Check()), (0, BetTo(10)), (1, Call()), (2, Call())])
    assert _showdown(hand) == ["seat 1 shows As Ah", "seat 2 shows Kd Kc", "seat 0 shows 2c 7c"]


def test_every_hand_is_shown_once_a_player_is_all_in() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], deck=DECK, mucks=(0, 2))
    hand.act(0, RaiseTo(100))
    hand.act(1, Call())
    hand.act(2, Call())
    assert hand.over  # "(or is all-in) ... the player who acted first is the first to show the hand"
    assert _showdown(hand) == ["seat 1 shows As Ah", "seat 2 shows Kd Kc", "seat 0 shows 2c 7c"]


def test_a_muck_hides_the_cards_from_every_other_view_and_history() -> None:
    hand = _river((2,), [(1, Check()), (2, Check()), (0, Check())])
    kings = {"Kd", "Kc"}
    for viewer in (0, 1, None):
        assert hand.view(viewer).seats[2].down is None
        assert not named(to_json(hand.view(viewer))) & kings, viewer
        assert not _cards(" ".join(to_phh(hand.history(), seat=viewer, full=False).actions)) & kings
    assert hand.view(2).seats[2].down == parse("Kd Kc")  # its own, as ever
    assert kings <= _cards(" ".join(to_phh(hand.history()).actions))  # the full record keeps every card
    assert {"As", "Ah"} <= named(to_json(hand.view(None)))


def test_mucking_moves_no_chip() -> None:
    river = [(1, Check()), (2, Check()), (0, BetTo(10)), (1, Call()), (2, Call())]
    assert _river((0, 1, 2), river).result == _river((), river).result


def test_a_muck_is_said_until_the_hand_is_over_and_the_history_keeps_the_last_word() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], deck=DECK)
    hand.set_muck(2, True)
    hand.set_muck(0, True)
    hand.set_muck(0, False)
    hand.act(0, Fold())
    hand.act(1, Call())
    hand.act(2, Check())
    for _ in range(3):
        hand.act(1, Check())
        hand.act(2, Check())
    assert _showdown(hand) == ["seat 1 shows As Ah", "seat 2 mucks"]
    assert hand.history().setup.mucks == (2,)
    assert _showdown(hand.history().replay()) == _showdown(hand)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.set_muck(1, True)


def test_mucks_name_seats_of_the_hand() -> None:
    with pytest.raises(ParseError, match="mucks"):
        Hand(load("holdem"), [100, 100], seed=1, mucks=(2,))


def test_the_winner_of_a_hand_nobody_called_may_show_one_card_or_all() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], deck=DECK)
    assert hand.showable(0) == ()  # not before the hand is over
    hand.act(0, Fold())
    hand.act(1, RaiseTo(6))
    assert hand.showable(1) == ()
    hand.act(2, Fold())
    result = hand.result
    assert hand.showable(1) == parse("As Ah") and hand.showable(2) == () and hand.showable(0) == ()
    for bad in (parse("Kd"), (), parse("As As")):
        with pytest.raises(IllegalActionError):
            hand.show_won(1, bad)
    assert hand.showable(1) == parse("As Ah")  # refused: unchanged
    assert [str(event) for event in hand.show_won(1, parse("Ah"))] == ["seat 1 shows Ah"]
    for viewer in (0, 2, None):  # shown to everyone, the card not shown to nobody
        assert hand.view(viewer).seats[1].down == parse("Ah")
        assert "As" not in named(to_json(hand.view(viewer)))
        written = _cards(" ".join(to_phh(hand.history(), seat=viewer, full=False).actions))
        assert "Ah" in written and "As" not in written
    hand.show_won(1, parse("As"))
    assert hand.showable(1) == () and hand.view(None).seats[1].down == parse("Ah As")
    assert hand.result == result  # no chip moved
    replayed = hand.history().replay()
    assert replayed.view(0) == hand.view(0)


GAMES = ["holdem", "omaha-hi-lo", "stud", "draw", "razz", "2-7-triple-draw"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.sets(st.integers(0, 3)), st.integers(2, 4))
def test_no_view_of_another_seat_names_a_mucked_card(name: str, seed: int, asked: set[int], seats: int) -> None:
    game = load(name)
    mucks = tuple(sorted(seat for seat in asked if seat < seats))
    hands = []
    for wanted in (mucks, ()):
        hand = Hand(game, [60] * seats, seed=seed, mucks=wanted)
        play(hand, [RandomBot(random.Random(seed + seat)) for seat in range(seats)])
        hands.append(hand)
    hand, shown = hands
    assert hand.result == shown.result  # whatever is mucked, the chips are the same
    mucked = [event.seat for event in hand.events if isinstance(event, Mucked)]
    assert set(mucked) <= set(mucks)
    winners = {won.seat for won in hand.result.awards}
    assert not set(mucked) & winners
    for seat in mucked:
        secret = {str(card) for card in hand.down[seat]}
        for viewer in [*(other for other in range(seats) if other != seat), None]:
            assert not named(to_json(hand.view(viewer))) & secret, (seat, viewer)
            assert not _cards(" ".join(to_phh(hand.history(), seat=viewer, full=False).actions)) & secret
        assert secret <= named(to_json(hand.view(seat)))
        assert secret <= _cards(" ".join(to_phh(hand.history()).actions))  # the full record keeps them
        assert secret <= named(to_json(shown.view(None)))  # and without the muck they were shown


def test_random_hands_muck_often_enough_for_the_property_to_bite() -> None:
    mucked = 0
    for seed in range(30):
        hand = Hand(load(GAMES[seed % len(GAMES)]), [60] * 3, seed=seed, mucks=(0, 1, 2))
        play(hand, [RandomBot(random.Random(seed + seat)) for seat in range(3)])
        mucked += sum(1 for event in hand.events if isinstance(event, Mucked))
    assert mucked >= 3


def test_the_last_aggressor_shows_when_a_declaration_or_a_discard_follows_the_last_bet() -> None:
    witnessed = 0
    for seed in range(40):
        game = load(["stud-declare", "shanghai", "push", "holdem"][seed % 4])
        hand = Hand(game, [60] * 3, seed=seed, mucks=(0, 1, 2))
        play(hand, [RandomBot(random.Random(seed)), CallerBot(), CallerBot()])
        first = next((i for i, e in enumerate(hand.events) if isinstance(e, Shown | Mucked)), None)
        if first is None:
            continue
        street = max(i for i, e in enumerate(hand.events[:first]) if isinstance(e, Dealt | Drew))
        bets = [e.seat for e in hand.events[street:first] if isinstance(e, Acted) and e.action.kind in AGGRESSIVE]
        mucked = {e.seat for e in hand.events if isinstance(e, Mucked)}
        if bets and len(hand.in_hand()) > 2:
            assert bets[-1] not in mucked, (game.name, seed)
            witnessed += bets[-1] not in {won.seat for won in hand.result.awards}  # a loser, made to show
    assert witnessed >= 2
