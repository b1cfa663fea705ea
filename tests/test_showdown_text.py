"""The showdown told from its own judgement: a hand of every catalogue game played to its end,
and the screen names the hands that won (or the columns, units, survival or elimination that won)
with the cards that play; and the view tells a player what the table would."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from homegame.bots import Turn, play
from homegame.bots.choices import simplest
from homegame.cards import Rank, parse
from homegame.engine import Action, Declare, Fold, Hand
from homegame.engine.describe import names_for
from homegame.engine.events import Shown, Won
from homegame.engine.steps.knockout import KnockoutTie
from homegame.engine.steps.units import Scored
from homegame.engine.wire import result_from_json, result_json, to_json, view_from_json, view_json
from homegame.games import load, names
from homegame.play.render import Names, Screen
from homegame.ranking.poker import rank_name

WAYS = {"columns": "columns", "units": "unit", "last survivor": "last player standing"}
"""Words the screen gives a pot won some other way than by a hand, by the award's side."""


class Caller:
    """Checks, calls and otherwise does the least committal thing, so that hands reach the showdown."""

    def choose(self, turn: Turn) -> Action:
        return simplest(turn.legal)


def summary(hand: Hand, seat: int = 0) -> str:
    """The end of ``hand`` as the screen shows it to ``seat``."""
    console = Console(file=io.StringIO(), width=400, color_system=None)
    names = Names(tuple("you" if other == seat else f"seat {other}" for other in range(hand.seats)))
    Screen(console, names).summary(hand.view(seat), hand.game)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(text, str)
    return text


def pretty(cards: tuple[object, ...]) -> str:
    return " ".join(card.pretty for card in cards)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", names())
def test_the_showdown_names_what_won(name: str) -> None:
    game = load(name)
    seats = min(max(game.players[0], 3), game.players[1])
    hand = Hand(game, [200] * seats, seed=5)
    play(hand, [Caller() for _ in range(seats)])
    text = summary(hand)
    awards = [event for event in hand.events if isinstance(event, Won)]
    for won in awards:
        assert f"({won.amount})" in text or f" {won.amount} of the pot for " in text
        made = won.value
        if made is not None:
            assert made.name in text and pretty(made.cards) in text, (made, text)
        elif won.side in WAYS:
            assert WAYS[won.side] in text and "no hand qualified" not in text
    for shown in (event for event in hand.events if isinstance(event, Shown)):
        for judged in shown.hands:
            assert judged.made.name in text


def test_pi_gow_shows_the_five_and_the_two() -> None:
    hand = Hand(load("pi-gow-stud"), [200] * 3, seed=5)
    play(hand, [Caller() for _ in range(3)])
    for shown in (event for event in hand.events if isinstance(event, Shown)):
        five, two = shown.hands
        assert (five.side, len(five.held), two.side, len(two.held)) == ("five", 5, "two", 2)
        assert set(five.held) | set(two.held) == set(shown.cards)
    text = summary(hand)
    assert "five: " in text and "two: " in text


def test_the_chicago_spade_is_the_one_in_the_hole() -> None:
    # Cards go one at a time from the button's left: seat 1's up cards hold the As, its last down card the Js.
    deck = "2h 4h 3d 5d Ad As Kd Kh Qd Qh 6h 7c 9c Js"
    hand = Hand(load("chicago"), [200, 200], deck=parse(deck), button=1)
    play(hand, [Caller(), Caller()])
    spade = next(won for won in hand.events if isinstance(won, Won) and won.side == "spade")
    assert spade.seat == 1 and spade.value is not None and [str(card) for card in spade.value.cards] == ["Js"]
    text = summary(hand)
    assert "with the jack of spades (J♠)" in text and "ace of spades" not in text


class Declarer(Caller):
    """A caller that declares ``side``."""

    def __init__(self, side: str) -> None:
        self.side = side

    def choose(self, turn: Turn) -> Action:
        if any(legal.kind == "declare" for legal in turn.legal):
            return Declare(self.side)
        return simplest(turn.legal)


def test_a_declarer_of_both_who_fails_is_told_why() -> None:
    hand = Hand(load("stud-declare"), [200] * 3, seed=1)
    play(hand, [Declarer("both"), Declarer("high"), Declarer("low")])
    shown = next(event for event in hand.events if isinstance(event, Shown) and event.seat == 0)
    assert shown.missed and not any(won.seat == 0 for won in hand.events if isinstance(won, Won))
    reasons = "; ".join(missed.describe({1: "seat 1", 2: "seat 2"}) for missed in shown.missed)
    assert f"declared both and {reasons}: nothing" in summary(hand)


def test_the_result_lists_each_seats_declaration_and_why_a_both_got_nothing() -> None:
    """The result the page shows (issue 29.3): each seat's declaration in seat order, in words for
    the viewer, the "both" that got nothing with the reasons the terminal gives; read back equal."""
    hand = Hand(load("stud-declare"), [200] * 3, seed=1)
    play(hand, [Declarer("both"), Declarer("high"), Declarer("low")])
    assert hand.result is not None
    assert [(d.seat, d.side) for d in hand.result.declared] == [(0, "both"), (1, "high"), (2, "low")]
    shown = next(event for event in hand.events if isinstance(event, Shown) and event.seat == 0)
    assert hand.result.declared[0].missed == shown.missed and not hand.result.declared[1].missed
    names = {0: "ann", 1: "you", 2: "cy"}
    texts = [d["text"] for d in result_json(hand.result, names)["declared"]]
    reasons = "; ".join(missed.describe(names) for missed in shown.missed)
    assert texts == [f"ann declared both, {reasons}: nothing", "you declared high", "cy declared low"]
    assert result_from_json(to_json(hand.result)) == hand.result


def test_a_declaration_fold_is_told_and_leaves_no_claim() -> None:
    """A seat may fold at the declaration (what a timeout does for it): the others' declarations
    stand and are told; the folded seat has none."""
    hand = Hand(load("stud-declare"), [200] * 3, seed=1)
    while len(hand.pending()) == 1:  # everyone checks and calls to the declaration
        seat = hand.pending()[0]
        hand.act(seat, simplest(hand.legal_actions(seat)))
    hand.act(0, Fold())
    hand.act(1, Declare("high"))
    hand.act(2, Declare("low"))
    while not hand.over:  # the last betting round, if any
        seat = hand.pending()[0]
        hand.act(seat, simplest(hand.legal_actions(seat)))
    assert hand.result is not None and hand.result.net[0] < 0
    assert [(d.seat, d.side) for d in hand.result.declared] == [(1, "high"), (2, "low")]


def test_the_view_tells_the_wild_cards_the_hands_and_the_pot_after_a_call() -> None:
    hand = Hand(load("baseball"), [200] * 3, seed=3)
    view = hand.view(hand.pending()[0])
    assert {Rank.THREE, Rank.NINE} <= set(view.wild.ranks)
    assert [judged.side for judged in view.hands] == ["high"] and view.hands[0].made.name
    elimination = Hand(load("elimination"), [200] * 3, seed=3)
    sides = [(judged.side, judged.made.name) for judged in elimination.view(0).hands]
    assert [side for side, _ in sides] == ["high", "low"] and all(name.startswith("total") for _, name in sides)
    grocery = Hand(load("grocery-store"), [200] * 3, seed=3)
    assert [judged.side for judged in grocery.view(0).hands] == ["high", "dots"]
    holdem = Hand(load("holdem"), [100, 100, 100], seed=1)
    seat = holdem.pending()[0]
    assert holdem.view(seat).pot_after_call == holdem.pot + 2
    assert holdem.view(None).hands == () and holdem.view(None).pot_after_call is None


def test_the_option_makes_the_lowest_down_card_wild_for_its_holder() -> None:
    hand = Hand(load("the-option"), [200] * 3, seed=3)
    for seat in range(3):
        lowest = min(card.rank for card in hand.view(seat).seats[seat].down or () if card.rank is not None)
        assert lowest in hand.view(seat).wild.ranks


def test_high_card_poker_tells_the_standing_against_the_extra_hand() -> None:
    hand = Hand(load("high-card-poker"), [200] * 3, seed=5)
    (before,) = hand.view(0).hands
    lowest = min(before.held, key=lambda card: card.code)
    # "A hand is only as strong as its lowest card": before the reveal the hand is named by it.
    assert before.made.name == f"lowest card {rank_name(int(lowest.rank or 0))}"
    assert list(before.held) == sorted(before.held, key=lambda card: card.code)
    play(hand, [Caller() for _ in range(3)])
    (after,) = hand.view(0).hands
    assert after.made.name.startswith(("survives all", "knocked out at card", "last survivor after card"))
    winner = Hand(load("high-card-poker"), [200] * 3, seed=1)
    play(winner, [Caller() for _ in range(3)])
    text = summary(winner)
    assert "you show T♠ J♦ J♥ J♠ K♠: last survivor after card 3" in text
    assert "you win the pot (3) as the last player standing" in text


def test_high_card_poker_names_the_winner_by_the_comparisons_made() -> None:
    # The worked example of rules 002, A in seat 0: "C is out, A is the only survivor, and A wins the
    # pot. The remaining cards are not compared." And 4.5(b): "As soon as only one player survives".
    deck = "Td Th 5s 5h 2d Jc 8c 8s 6d Kc 4c Jh 9s 7d Qs Qd Kd Ah Ac Ad"
    hand = Hand(load("high-card-poker"), [200] * 3, button=2, deck=parse(deck))
    play(hand, [Caller() for _ in range(3)])
    text = summary(hand)
    assert "you show 5♥ 8♣ T♦ Q♠ A♥: last survivor after card 2" in text
    assert "seat 1 shows 2♦ 8♠ T♥ Q♦ A♣: knocked out at card 1" in text
    assert "seat 2 shows 5♠ 6♦ J♣ K♦ A♦: knocked out at card 2" in text
    # The table names seat 0's hand the same way once every hand is shown, not "survives all 5"
    # against the extra hand alone (which is how it reads while the others are hidden).
    (standing,) = hand.view(0).hands
    assert standing.made.name == "last survivor after card 2"


HCP_TWO_SURVIVE = "7d 7s 2d 8d 8s 3d 9d 9s 4d 2c 3c 4c 5c 6c Td Ts Kh Jd Js Ah"
"""High Card Poker, button on seat 2: seats 0 and 1 hold 7-8-9-T-J, seat 2 a deuce; the extra hand 2-6."""


def test_high_card_poker_says_why_two_survivors_carry_the_pot() -> None:
    # 4.5(b): "two or more players survive all five comparisons": the pot carries over. The result
    # said so nowhere, and called every standing "last survivor", the knocked out's too.
    hand = Hand(load("high-card-poker"), [200] * 3, button=2, deck=parse(HCP_TWO_SURVIVE))
    play(hand, [Caller() for _ in range(3)])
    assert hand.result is not None and hand.result.carried > 0 and not hand.result.awards
    (tie,) = [event for event in hand.events if isinstance(event, KnockoutTie)]
    assert (tie.seats, tie.survived, tie.pot) == ((0, 1), 5, 0)
    view = view_json(hand.view(0), names_for(["ann", "bob", "cy"], 0))
    texts = [event["text"] for event in view["events"]]
    assert "you and bob survive all 5 cards: two survivors carry the pot over to the next deal" in texts
    standings = [judged["text"] for event in view["events"] if event["type"] == "shown" for judged in event["hands"]]
    assert len(standings) == 3 and not [text for text in standings if "last survivor" in text], standings


def test_a_push_tells_its_price() -> None:
    hand = Hand(load("push"), [100, 100, 100], button=2, seed=1, options={"push_price": 5})
    push = next(legal for legal in hand.legal_actions(hand.pending()[0]) if legal.kind == "push")
    assert str(push) == "push 5"


def test_events_name_the_players() -> None:
    hand = Hand(load("chinese-poker"), [200] * 3, seed=5)
    play(hand, [Caller() for _ in range(3)])
    names = {0: "you", 1: "bob", 2: "cy"}
    lines = [event.describe(names) for event in hand.events]
    assert not any("seat " in line for line in lines)
    assert any(line.startswith("you ") for line in lines) and any(line.startswith("bob ") for line in lines)


@pytest.mark.parametrize("name", ["the-option", "pi-gow-stud", "chinese-poker", "five-o", "chicago"])
def test_a_view_read_back_from_json_tells_the_same_showdown(name: str) -> None:
    game = load(name)
    seats = min(3, game.players[1])
    hand = Hand(game, [200] * seats, seed=5)
    play(hand, [Caller() for _ in range(seats)])
    view = view_from_json(json.loads(json.dumps(to_json(hand.view(0)))))
    console = Console(file=io.StringIO(), width=400, color_system=None)
    Screen(console, Names(("you", *(f"seat {seat}" for seat in range(1, seats))))).summary(view, game)
    assert console.file.getvalue() == summary(hand)  # type: ignore[attr-defined]


def test_when_every_declarer_fails_the_pot_is_shared_and_the_screen_says_so() -> None:
    # The catalogue's declare texts: a player who declares both must win both ways; when everyone
    # still in declared both and every one failed, they share the pot equally; "no hand qualified"
    # said something untrue (both hands qualified, and each won a side).
    deck = "2h Ac Ts  3h 2c Td  Kd Qs 2s  4h 3d 7s  5h 4s 8d  Kc Qd Jc  9h 6c Js"
    hand = Hand(load("stud-declare"), [100, 100, 100], button=2, deck=deck)
    while len(hand.pending()) == 1:  # everyone checks and calls to the declaration
        seat = hand.pending()[0]
        hand.act(seat, simplest(hand.legal_actions(seat)))
    hand.act(0, Declare("both"))  # the flush wins high, loses low
    hand.act(1, Declare("both"))
    hand.act(2, Declare("both"))
    assert all(event.missed for event in hand.events if isinstance(event, Shown))
    text = summary(hand)
    assert "every declarer lost a side: the pot is shared" in text and "no hand qualified" not in text


def test_chinese_poker_says_each_winners_units() -> None:
    # Chinese poker (rule 004): units are settled "between each pair of players"; two winners each
    # collected their own units: one line a winner with its own figure, never "split the pot".
    for seed in range(40):
        hand = Hand(load("chinese-poker"), [200] * 4, seed=seed)
        play(hand, [Caller() for _ in range(4)])
        winners = [event for event in hand.events if isinstance(event, Won)]
        if len(winners) > 1:
            break
    assert len(winners) > 1
    text = summary(hand)
    assert "split" not in text
    for won in winners:
        collected = sum(event.units for event in hand.events if isinstance(event, Scored) and event.seat == won.seat)
        paid = sum(event.units for event in hand.events if isinstance(event, Scored) and event.other == won.seat)
        units = collected - paid
        assert (
            f"{won.amount} of the pot for {units:+d} unit" in text or f"the pot ({won.amount}) for {units:+d}" in text
        )
