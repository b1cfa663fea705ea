"""Running it twice and the hands turned up when no more betting is possible (issue 30, item 5):
who is asked and when, each pot shared between the two boards with the odd chip to the first,
side pots and hi-lo, chips conserved, replay and PHH round trips."""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.engine import BetTo, Call, Hand, RaiseTo
from homegame.engine.actions import ActionKind, AmountLegal, Decline, Fold, RunTwice
from homegame.engine.events import Answered, Runout, Tabled, Won
from homegame.engine.rabbit import rabbit
from homegame.engine.runout import RunTwiceRound
from homegame.engine.wire import to_json, view_from_json
from homegame.errors import IllegalActionError, ParseError
from homegame.games import load
from homegame.history import dumps, loads, to_phh
from homegame.history.pokerstars import to_pokerstars
from homegame.history.replay import replay
from homegame.play.history import Record as PlayRecord


def shove(hand: Hand) -> None:
    """Every seat puts all its chips in, first to act raising all in, the others calling."""
    for _ in range(40):
        if hand.over or isinstance(hand.decision, RunTwiceRound):
            return
        seat = hand.pending()[0]
        kinds = {option.kind: option for option in hand.legal_actions(seat)}
        raise_to = kinds.get(ActionKind.RAISE_TO) or kinds.get(ActionKind.BET_TO)
        if isinstance(raise_to, AmountLegal):
            hand.act(seat, raise_to.make(raise_to.max))
        else:
            hand.act(seat, Call() if ActionKind.CALL in kinds else kinds[next(iter(kinds))].make())
    raise AssertionError("the betting never ended")


def answer_all(hand: Hand, *, yes: bool = True) -> None:
    for seat in hand.pending():
        hand.act(seat, RunTwice() if yes else Decline())


def test_asked_once_all_in_and_both_boards_dealt_from_the_same_deck() -> None:
    hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
    hand.act(0, RaiseTo(50))
    hand.act(1, Call())
    assert hand.pending() == (1, 0)
    assert [str(option) for option in hand.legal_actions(0)] == ["run_twice", "decline"]
    assert [event.seat for event in hand.events if isinstance(event, Tabled)] == [1, 0]
    view = hand.view(None)  # the hands are turned up for everyone
    assert view.seats[0].down is not None and view.seats[1].down is not None
    answer_all(hand)
    assert hand.over and len(hand.runouts) == 2
    deck = hand.history().chance[0]
    dealt = [card for board in hand.runouts for card in board]
    assert len(set(dealt)) == 10 and all(card in deck for card in dealt)
    # the board cards come off the deck in order, a card burned before each street
    assert list(hand.runouts[0][:3]) == list(deck[5:8]) and list(hand.runouts[1][:3]) == list(deck[13:16])
    assert hand.board == list(hand.runouts[0])
    runouts = [event.number for event in hand.events if isinstance(event, Runout)]
    assert runouts == [1, 2]
    assert sorted(won.runout for won in hand.events if isinstance(won, Won)) == [1, 2]
    assert hand.view(0).runouts == tuple(hand.runouts)
    assert view_from_json(to_json(hand.view(1))).runouts == tuple(hand.runouts)


def test_one_no_and_the_board_is_dealt_once() -> None:
    hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
    hand.act(0, RaiseTo(50))
    hand.act(1, Call())
    hand.act(1, Decline())
    assert hand.over and hand.runouts == [] and len(hand.board) == 5
    assert [event.twice for event in hand.events if isinstance(event, Answered)] == [False]
    with pytest.raises(IllegalActionError):
        hand.act(0, RunTwice())


def test_not_asked_without_the_option_on_the_river_or_in_stud() -> None:
    plain = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc")
    plain.act(0, RaiseTo(50))
    plain.act(1, Call())
    assert plain.over and plain.runouts == []
    stud = Hand(load("stud"), [40, 40], seed=2, run_it_twice=True)
    shove(stud)
    assert stud.over and stud.runouts == []
    late = Hand(load("holdem"), [50, 50], seed=4, run_it_twice=True)
    late.act(0, Call())
    late.act(1, RaiseTo(10))
    late.act(0, Call())
    for _ in range(3):  # flop, turn: check; river: all in
        if len(late.board) == 5:
            break
        late.act(1, late.legal_actions(1)[0].make())
        late.act(0, late.legal_actions(0)[0].make())
    late.act(1, BetTo(40))
    late.act(0, Call())
    assert late.over and late.runouts == [] and not any(isinstance(e, Answered) for e in late.events)


def test_a_seat_still_able_to_bet_is_asked_when_it_covers_the_others() -> None:
    hand = Hand(load("holdem"), [30, 100], deck="As Kd Ah Kc", run_it_twice=True)
    hand.act(0, RaiseTo(30))
    hand.act(1, Call())
    assert isinstance(hand.decision, RunTwiceRound) and set(hand.pending()) == {0, 1}


def pot_shares(hand: Hand) -> dict[tuple[int, int], int]:
    """Chips won from each pot on each board."""
    shares: dict[tuple[int, int], int] = defaultdict(int)
    for won in hand.events:
        if isinstance(won, Won):
            shares[(won.pot, won.runout)] += won.amount
    return shares


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    st.sampled_from(["holdem", "pot-limit-omaha-hi-lo", "omaha", "short-deck"]),
    st.lists(st.integers(1, 400), min_size=2, max_size=5),
    st.integers(0, 10_000),
)
def test_each_pot_is_shared_between_the_boards_odd_chip_to_the_first(game: str, stacks: list[int], seed: int) -> None:
    hand = Hand(load(game), stacks, seed=seed, run_it_twice=True)
    shove(hand)
    if hand.over:  # all in from the blinds, or a fold: nothing to ask
        return
    pots = [pot.amount for pot in hand.pots(with_bets=True)]
    answer_all(hand)
    assert hand.over and len(hand.runouts) == 2
    assert sum(hand.stacks) == sum(stacks)  # chips conserved
    shares = pot_shares(hand)
    for index, amount in enumerate(pots):
        assert shares[(index, 1)] == amount - amount // 2
        assert shares[(index, 2)] == amount // 2
    assert hand.history().replay().view(None) == hand.view(None)
    record = loads(dumps(to_phh(hand.history())))
    played = replay(record)
    assert played.hand.runouts == hand.runouts and list(played.finishing_stacks) == record.extra["finishing_stacks"]


def test_side_pots_each_split_between_the_boards() -> None:
    hand = Hand(load("holdem"), [21, 51, 100], seed=11, run_it_twice=True)
    shove(hand)
    pots = [pot.amount for pot in hand.pots(with_bets=True)]
    assert pots == [63, 60]  # 21 three ways; 30 more two ways
    answer_all(hand)
    shares = pot_shares(hand)
    assert shares[(0, 1)] == 32 and shares[(0, 2)] == 31 and shares[(1, 1)] == 30 and shares[(1, 2)] == 30


def test_a_fold_then_all_in_asks_only_those_still_in() -> None:
    hand = Hand(load("holdem"), [50, 50, 50], button=2, seed=5, run_it_twice=True)
    hand.act(2, Fold())
    hand.act(0, RaiseTo(50))
    hand.act(1, Call())
    assert set(hand.pending()) == {0, 1}


def test_phh_of_a_declined_ask_is_the_standard_and_replays_the_same() -> None:
    hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
    hand.act(0, RaiseTo(50))
    hand.act(1, Call())
    hand.act(1, RunTwice())
    hand.act(0, Decline())
    record = to_phh(hand.history())
    assert record.variant == "NT" and not any("run_twice" in line for line in record.actions)
    assert list(replay(loads(dumps(record))).finishing_stacks) == record.extra["finishing_stacks"] == [100, 0]


def test_phh_of_a_hand_run_twice_names_both_boards_and_reads_back() -> None:
    hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
    hand.act(0, RaiseTo(50))
    hand.act(1, Call())
    answer_all(hand)
    record = to_phh(hand.history())
    assert record.variant == "holdem" and record.extra["_run_it_twice"] is True
    assert [line for line in record.actions if line.endswith("run_twice")] == ["p1 run_twice", "p2 run_twice"]
    boards = [line for line in record.actions if line.startswith("d db")]
    assert len(boards) == 6 and "# the second board" in record.actions
    played = replay(loads(dumps(record)))
    assert played.hand.runouts == hand.runouts and list(played.finishing_stacks) == record.extra["finishing_stacks"]


# -- the rabbit (issue 30, item 6) --------------------------------------------------------------


def _fold_at(hand: Hand, actions: int) -> None:
    """Check or call ``actions`` times, then the one to act folds (bounded)."""
    for count in range(200):
        if hand.over:
            return
        seat = hand.pending()[0]
        kinds = {option.kind: option for option in hand.legal_actions(seat)}
        if count >= actions and ActionKind.FOLD in kinds:
            hand.act(seat, Fold())
            continue
        passive = kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL) or kinds.get(ActionKind.BRING_IN)
        hand.act(seat, (passive or next(iter(kinds.values()))).make())
    raise AssertionError("the hand never ended")


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.sampled_from(["holdem", "omaha", "stud", "razz", "pineapple"]), st.integers(0, 12), st.integers(0, 10_000))
def test_the_rabbit_is_the_next_cards_of_the_hands_own_deck_and_moves_no_chip(game: str, at: int, seed: int) -> None:
    hand = Hand(load(game), [100, 100, 100], seed=seed)
    _fold_at(hand, at)
    assert hand.result is not None
    before = (hand.result, tuple(hand.stacks), len(hand.events), list(hand.deck.cards))
    shown_rabbit = rabbit(hand)
    assert before == (hand.result, tuple(hand.stacks), len(hand.events), list(hand.deck.cards))  # unchanged
    if hand.live > 1:  # played to its last card: no rabbit
        assert shown_rabbit == ()
        return
    shown = [card for dealt in shown_rabbit for card in dealt.cards]
    deck = list(hand.history().chance[0])
    used = {card for seat in range(hand.seats) for card in hand.cards(seat)} | set(hand.board) | set(hand.muck)
    assert not set(shown) & used  # cards nobody saw dealt
    assert all(deck.index(a) < deck.index(b) for a, b in pairwise(shown))  # in the deck's order
    assert shown == [card for card in hand.deck.cards if card in set(shown)]  # the stock's next cards, burns aside
    twin = hand.history().replay()  # the same deck in the log: the same rabbit
    assert rabbit(twin) == shown_rabbit


def test_no_rabbit_in_a_draw_game_or_a_hand_still_going() -> None:
    draw = Hand(load("draw"), [100, 100], seed=3)
    assert rabbit(draw) == ()
    _fold_at(draw, 0)
    assert draw.over and rabbit(draw) == ()
    going = Hand(load("holdem"), [100, 100], seed=3)
    assert rabbit(going) == ()


def test_a_play_record_of_a_hand_run_twice_reads_back(tmp_path: Path) -> None:
    hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
    hand.act(0, RaiseTo(50))
    hand.act(1, Call())
    answer_all(hand)
    path = PlayRecord(hand.history(), ("ann", "bo")).save(tmp_path, 1)
    again = PlayRecord.read(path)
    assert again.history == hand.history() and again.history.replay().runouts == hand.runouts


def test_pokerstars_text_refuses_a_hand_run_twice_and_writes_one_declined() -> None:
    for yes in (True, False):
        hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
        hand.act(0, RaiseTo(50))
        hand.act(1, Call())
        hand.act(1, RunTwice())
        if not yes:
            hand.act(0, Decline())
            assert "*** RIVER ***" in to_pokerstars(hand.history(), names=["ann", "bo"])
            continue
        hand.act(0, RunTwice())
        with pytest.raises(ParseError, match="run twice"):
            to_pokerstars(hand.history(), names=["ann", "bo"])
