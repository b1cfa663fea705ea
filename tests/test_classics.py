"""The dealer's-choice classics (issue 8), each rule played through on a stacked deck.

Rules document 004 is quoted where a test checks one of its sentences.
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pytest

from homegame.bots import CallerBot, Turn, play
from homegame.cards import Card, Rank, format_cards, parse
from homegame.engine import Action, Declare, Fold, Hand
from homegame.engine.actions import BetTo, Buy, Call, Decline, Pass, Place, Roll, Split, parse_action
from homegame.engine.betting import Betting, Stakes
from homegame.engine.events import Posted, Won
from homegame.engine.steps.buy import Bought
from homegame.engine.steps.columns import ColumnJudged, ColumnsWon
from homegame.engine.steps.extra import Earned
from homegame.engine.steps.follow import WildNamed, follow
from homegame.engine.steps.guts import Matched
from homegame.engine.steps.passing import Passed
from homegame.engine.steps.split import Order, SplitStep
from homegame.engine.steps.units import PaidUnits, Scored, SetShown
from homegame.engine.table import DealersChoice, Table
from homegame.errors import GameSpecError, IllegalActionError
from homegame.games import load, load_text


def stud_deck(*hands: str, button: int | None = None) -> str:
    """A deck for a stud game: each seat's cards in the order that seat gets them (seat 0 first
    left of the button, which sits last by default), dealt one round at a time."""
    seats = [parse(hand) for hand in hands]
    order = range(len(seats)) if button is None else [(button + 1 + i) % len(seats) for i in range(len(seats))]
    rounds = max(len(cards) for cards in seats)
    return " ".join(str(seats[seat][r]) for r in range(rounds) for seat in order if r < len(seats[seat]))


def wins(hand: Hand) -> list[tuple[int, int, str]]:
    """(seat, amount, hand name) of every award."""
    return [(won.seat, won.amount, won.hand) for won in hand.events if isinstance(won, Won)]


def called_down(name: str, deck: str, seats: int = 2, **options: object) -> Hand:
    """A hand of ``name`` on a stacked deck, every player calling to the end (button on the last seat)."""
    hand = Hand(load(name), [100] * seats, button=seats - 1, deck=deck, options=options or None)
    play(hand, [CallerBot()] * seats)
    return hand


# -- Follow the Queen ----------------------------------------------------------------------------


def wild_ranks(hand: Hand) -> list[Rank | None]:
    return [event.rank for event in hand.events if isinstance(event, WildNamed)]


def test_follow_the_queen_a_second_queen_replaces_the_wild_rank() -> None:
    """004: the wild card is "whichever card is immediately dealt (exposed, or face-up) after any
    queen previously dealt (exposed)". Seat 0's Qh makes seat 1's 7c name sevens; seat 1's Qs, the
    last card of fourth street, makes seat 0's next up card (5h, on fifth street) name fives."""
    deck = stud_deck("As Ad Qh 2d 5h 8d 3c", "Kc Kd 7c Qs 9c Jh 7d")
    hand = called_down("follow-the-queen", deck)
    assert wild_ranks(hand) == [Rank.SEVEN, Rank.QUEEN, Rank.FIVE]
    assert hand.wild_rank is Rank.FIVE and hand.view(1).wild_rank is Rank.FIVE
    # With sevens still wild seat 1 would hold four kings; with fives wild seat 0's 5h makes three aces.
    assert wins(hand)[0][0] == 0 and wins(hand)[0][2] == "three aces"


def test_follow_the_queen_every_seat_sees_the_wild_rank_as_it_changes() -> None:
    deck = stud_deck("As Ad Qh 2d 5h 8d 3c", "Kc Kd 7c Qs 9c Jh 7d")
    hand = Hand(load("follow-the-queen"), [100, 100], button=1, deck=deck)
    assert [hand.view(seat).wild_rank for seat in (None, 0, 1)] == [Rank.SEVEN] * 3


def test_follow_the_queen_a_queen_dealt_last_face_up_makes_queens_wild() -> None:
    """004: "In the event that the final card dealt (exposed) is itself a queen, then all queens are wild."
    Sixth street's last up card is seat 1's Qs: queens, not the fours Qh named, are wild."""
    deck = stud_deck("Qc 2s Qh Jd 8c Js 5d", "9h 9d 4c 4d 6h Qs 3h")
    hand = called_down("follow-the-queen", deck)
    assert wild_ranks(hand) == [Rank.FOUR, Rank.QUEEN]  # third street's Qh and 4c came in one deal
    assert hand.wild_rank is Rank.QUEEN
    # Seat 0: Qc Qh wild with Jd Js, four jacks; seat 1's fours are natural again: Qs makes nines full.
    assert [(seat, name) for seat, _, name in wins(hand)] == [(0, "four jacks")]


def test_follow_the_queen_no_queen_face_up_no_wild_cards() -> None:
    """004: "If no queens are dealt (exposed), then there are no wilds for that hand." A queen dealt
    face down names nothing: the 7h dealt up after seat 0's down Qc is not wild."""
    deck = stud_deck("Qc 2s 7h Jd 8c Js 5d", "9h 9d 4c 4d 6h 7s 3h")
    hand = called_down("follow-the-queen", deck)
    assert wild_ranks(hand) == [] and hand.wild_rank is None
    assert wins(hand)[0][0] == 1 and wins(hand)[0][2] == "two pair, nines and fours"


def test_follow_the_queen_the_best_hand_showing_counts_the_wild_rank() -> None:
    """Fourth street: seat 0 shows Kc and the 2d that followed seat 1's Qh (deuces wild: a pair of
    kings), seat 1 shows Qh Ac (ace high): seat 0 speaks first."""
    hand = Hand(load("follow-the-queen"), [100, 100], button=1, deck=stud_deck("3c 4c Kc 2d", "5d 6d Qh Ac"))
    call_until(hand, "bet_to")
    assert hand.wild_rank is Rank.TWO and len(hand.up[0]) == 2 and hand.pending() == (0,)


def test_follow_a_queen_after_a_queen_waits_for_its_own_follower() -> None:
    assert str(follow(list(parse("Qh Qs 6d 2c")))) == "6d"
    assert str(follow(list(parse("Qh 6d Qs")))) == "Qs"
    assert str(follow(list(parse("Qh 6d Qs 8c 8d")))) == "8c"
    assert follow([]) is None


# -- High and Low Chicago ------------------------------------------------------------------------


def sides(hand: Hand) -> list[tuple[int, int, str]]:
    """(seat, amount, side) of every award."""
    return [(won.seat, won.amount, won.side) for won in hand.events if isinstance(won, Won)]


TRIP_ACES = "Ah Ad 2c 9c Ac 7d 3h"  # down Ah Ad, up 2c 9c Ac 7d, down 3h: no spade in the hole


def test_chicago_the_highest_spade_in_the_hole_takes_half_the_pot() -> None:
    """004: "the player with the highest spade face down (referred to as in the hole) receives half the pot"."""
    hand = called_down("chicago", stud_deck(TRIP_ACES, "Ks 4d 5c 8h Jc Td 2d"))
    assert sides(hand) == [(0, 3, "high"), (1, 3, "spade")]
    assert [won.hand for won in hand.events if isinstance(won, Won)] == ["three aces", "king of spades"]


def test_chicago_the_best_hand_with_the_spade_takes_the_whole_pot() -> None:
    """004: "If the player with the highest hand also has the highest/lowest spade in the hole, then that
    player receives the entire pot - having won both sides of the bet." """
    hand = called_down("chicago", stud_deck("As Ad 2c 9c Ac 7d 3h", "Ks 4d 5c 8h Jc Td 2d"))
    assert sides(hand) == [(0, 3, "high"), (0, 3, "spade")] and hand.stacks == [103, 97]


def test_chicago_a_spade_face_up_is_not_in_the_hole() -> None:
    """Seat 1's only spade, the As, is dealt face up: nobody has a spade in the hole, so the best hand takes it all."""
    hand = called_down("chicago", stud_deck(TRIP_ACES, "Kd 4d As 8h Jc Td 2d"))
    assert sides(hand) == [(0, 6, "high")]


def test_low_chicago_the_lowest_spade_wins_and_the_ace_is_lowest() -> None:
    """004: "In Low Chicago, the player with the lowest spade in the hole receives half of the pot, with the
    A♠ being the lowest." Seat 0 holds the 3s in the hole, seat 1 the Ks, then the As."""
    deal = ("Ah Ad 2c 9c Ac 7d 3s", "Ks 4d 5c 8h Jc Td 2d")
    assert sides(called_down("low-chicago", stud_deck(*deal))) == [(0, 3, "high"), (0, 3, "spade")]
    assert sides(called_down("chicago", stud_deck(*deal))) == [(0, 3, "high"), (1, 3, "spade")]
    ace = ("Ah Ad 2c 9c Ac 7d 3s", "As 4d 5c 8h Jc Td 2d")
    assert sides(called_down("low-chicago", stud_deck(*ace))) == [(0, 3, "high"), (1, 3, "spade")]


# -- Wild draw games -----------------------------------------------------------------------------


def winner(name: str, *hands: str) -> tuple[int, str]:
    """Who wins a called-down hand of ``name`` where every seat stands pat on ``hands``, with what."""
    won = [(seat, name) for seat, _, name in wins(called_down(name, stud_deck(*hands), len(hands)))]
    assert len(won) == 1, won
    return won[0]


def test_deuces_wild_a_deuce_stands_for_any_card_but_a_second_ace_in_a_flush() -> None:
    """004: "in the hand A-9-8-5-joker, the joker counts as a K, not a second ace"."""
    assert winner("draw-deuces-wild", "2c 2d Kh Ks 7c", "Ad Jd 9d 6d 3d") == (0, "four kings")
    assert winner("draw-deuces-wild", "Ah 9h 8h 5h 2c", "Ad Qd Td 4d 3d") == (0, "ace-high flush")
    assert winner("draw-deuces-wild", "Ah 9h 8h 5h 2c", "Ad Kd Td 4d 3d") == (1, "ace-high flush")
    assert winner("draw-deuces-wild", "2c 2d 2h Ks Kd", "Ah Kh Qh Jh Th") == (0, "five kings")


def test_the_bug_is_an_ace_or_completes_a_straight_or_flush_only() -> None:
    """004: "the highest hand is five aces (A-A-A-A-joker), but other fives of a kind are impossible [...]
    a hand like 8-8-5-5-joker counts as two pairs with the joker representing an ace, not as a full house"."""
    assert winner("draw-bug", "Ac Ad Ah As Jk", "7h 8h 9h Th Jh") == (0, "five aces")
    assert winner("draw-bug", "6c 6d 6h 6s Jk", "7c 7d 7h 7s 2c") == (1, "four sevens")
    assert winner("draw-bug", "8c 8d 5h 5s Jk", "9c 9d 9h 4s 2c") == (1, "three nines")
    assert winner("draw-bug", "4c 5d 6h 8s Jk", "9c 9d 9h 4s 2c") == (0, "eight-high straight")


def test_lowball_the_joker_is_a_fitter() -> None:
    """004: "6-5-4-2-joker [...] in ace-to-five low poker the joker could be used as an ace"."""
    assert winner("lowball-joker", "6c 5d 4h 2s Jk", "6d 5c 4s 3h 2c") == (0, "6-5-4-2-A low")
    assert winner("lowball-joker", "7c 4d 3h 2s Jk", "6d 5c 4s 3d 2c") == (1, "6-5-4-3-2 low")


# -- Baseball ------------------------------------------------------------------------------------


class FoldsTo:
    """Calls everything, but folds when offered an action of ``kind``."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def choose(self, turn: Turn) -> Action:
        if any(legal.kind == self.kind for legal in turn.legal):
            return Fold()
        return CallerBot().choose(turn)


def paid(hand: Hand) -> list[tuple[int, str, int]]:
    return [(event.seat, str(event.card), event.price) for event in hand.events if isinstance(event, Bought)]


# Third street: seat 0 Ah Ad down and 4c up, seat 1 Kd Kc down and 7h up; then the cards after it.
FOUR_UP = "Ah Kd Ad Kc 4c 7h"


def test_baseball_a_four_dealt_face_up_earns_an_extra_card_face_down() -> None:
    """The 4c earns seat 0 the 9s face down, at once; nines are wild, so the aces become three."""
    hand = called_down("baseball", FOUR_UP + " 9s  2c 5s  6d 8h  Th Jc  Qc 2h")
    assert [(event.seat, str(event.card)) for event in hand.events if isinstance(event, Earned)] == [(0, "4c")]
    assert [str(card) for card in hand.down[0]] == ["Ah", "Ad", "9s", "Qc"] and len(hand.up[0]) == 4
    assert [(seat, name) for seat, _, name in wins(hand)] == [(0, "three aces")]


def test_baseball_by_house_rule_the_extra_card_is_face_up_and_a_four_earns_again() -> None:
    hand = called_down("baseball", FOUR_UP + " 4d 9s  2c 5s  6d 8h  Th Jc  Qc 2h", extra_card="up")
    assert [str(card) for card in hand.up[0]] == ["4c", "4d", "9s", "2c", "6d", "Th"]
    assert [str(event.card) for event in hand.events if isinstance(event, Earned)] == ["4c", "4d"]
    assert [(seat, name) for seat, _, name in wins(hand)] == [(0, "aces full of fours")]


def test_baseball_a_four_dealt_face_down_earns_nothing() -> None:
    hand = called_down("baseball", "4h Kd Ad Kc 5c 7h  2c 5s  6d 8h  Th Jc  Qc 2h")
    assert not any(isinstance(event, Earned) for event in hand.events)


def test_baseball_a_three_dealt_face_up_is_bought_by_matching_the_pot() -> None:
    """Seat 1's open 3d: the pot holds the two antes, so it costs 2; seat 0's open 3c, offered
    first, cost 2 and made the pot 4, so seat 1 pays 4. Both threes are then wild."""
    hand = called_down("baseball", "Ah Kd Ad Kc 3c 3d  2c 5s  6d 8h  Th Jc  Qc 2h")
    assert paid(hand) == [(0, "3c", 2), (1, "3d", 4)]
    assert [(seat, name) for seat, _, name in wins(hand)] == [(0, "three aces")]
    assert sum(hand.stacks) == 200 and hand.stacks[1] == 100 - 1 - 4 - 2


def test_baseball_a_player_who_will_not_pay_for_an_open_three_folds() -> None:
    hand = Hand(load("baseball"), [100, 100], button=1, deck="Ah Kd Ad Kc 5c 3d")
    play(hand, [CallerBot(), FoldsTo("buy")])
    assert hand.over and hand.folded == [False, True] and hand.stacks == [101, 99]


def test_baseball_house_rules_free_threes_and_a_cap_on_the_price() -> None:
    deck = "Ah Kd Ad Kc 3c 3d  2c 5s  6d 8h  Th Jc  Qc 2h"
    assert paid(called_down("baseball", deck, pay_or_fold=False)) == []
    assert paid(called_down("baseball", deck, pay_cap=3)) == [(0, "3c", 2), (1, "3d", 3)]


def test_baseball_a_three_offered_is_named_and_priced() -> None:
    hand = Hand(load("baseball"), [100, 3], button=1, deck="Ah Kd Ad Kc 5c 3d")
    assert [str(legal) for legal in hand.legal_actions(1)] == ["buy 3d (2)", "fold"]
    with pytest.raises(IllegalActionError, match="buy one of 3d"):
        hand.act(1, Buy("3h"))


# -- Guts ----------------------------------------------------------------------------------------


def guts(deck: str, ins: str, stacks: tuple[int, ...] = (100, 100, 100), carried: int = 0, **options: object) -> Hand:
    """A deal of Guts, button on the last seat, each seat going in (``i``) or out (``o``) by ``ins``."""
    hand = Hand(load("guts"), list(stacks), button=len(stacks) - 1, deck=deck, carried=carried, options=options or None)
    for seat, choice in enumerate(ins):
        hand.act(seat, Declare("in" if choice == "i" else "out"))
    assert hand.over and hand.result is not None
    return hand


# Seat 0: Ac Ad 5h (a pair of aces); seat 1: Kc Kd 9s (kings); seat 2: 7c 8d 2s (seven high).
GUTS = stud_deck("Ac Ad 5h", "Kc Kd 9s", "7c 8d 2s")


def matches(hand: Hand) -> list[tuple[int, int]]:
    return [(event.seat, event.amount) for event in hand.events if isinstance(event, Matched)]


def test_guts_the_best_hand_in_takes_the_pot_and_the_losers_in_match_it() -> None:
    """004: "The losers of rounds of guts generally match [...] the pot"."""
    hand = guts(GUTS, "iii")
    assert wins(hand) == [(0, 3, "pair of aces")]
    assert matches(hand) == [(1, 3), (2, 3)]
    assert hand.result is not None and hand.result.carried == 6 and hand.result.continues
    assert hand.stacks == [102, 96, 96]


def test_guts_a_player_out_neither_wins_nor_pays() -> None:
    hand = guts(GUTS, "oii")
    assert wins(hand) == [(1, 3, "pair of kings")] and matches(hand) == [(2, 3)]
    assert 0 not in hand.shown


def test_guts_one_player_in_takes_the_pot_and_the_game_ends() -> None:
    hand = guts(GUTS, "ooi", carried=20)
    assert wins(hand) == [(2, 20, "")]  # a carried pot: no antes
    assert hand.result is not None and hand.result.carried == 0 and not hand.result.continues


def test_guts_nobody_in_the_pot_stays_for_another_deal() -> None:
    hand = guts(GUTS, "ooo")
    assert wins(hand) == [] and hand.result is not None
    assert hand.result.carried == 3 and hand.result.continues


def test_guts_house_rule_match_cap_and_a_short_stack_matches_what_it_has() -> None:
    assert matches(guts(GUTS, "iii", carried=40, match_cap=25)) == [(1, 25), (2, 25)]
    assert matches(guts(GUTS, "iii", stacks=(100, 100, 9), carried=40)) == [(1, 40), (2, 9)]


def test_guts_in_or_out_is_secret_until_all_have_chosen() -> None:
    hand = Hand(load("guts"), [100, 100, 100], button=2, deck=GUTS)
    assert [str(legal) for legal in hand.legal_actions(1)] == ["declare in/out"]
    with pytest.raises(IllegalActionError, match="declare one of in, out"):
        hand.act(1, Declare("maybe"))
    hand.act(1, Declare("in"))
    assert hand.view(0).seats[1].declared is None and hand.view(1).seats[1].declared == "in"
    assert hand.pending() == (0, 2)


def test_guts_spans_deals_at_a_table_the_matches_make_the_next_pot() -> None:
    """The losers' matches carry to the next deal, which has no antes; the table deals Guts again
    even at dealer's choice, until one player alone goes in."""
    table = Table(DealersChoice((load("holdem"), load("guts"))), size=3, rng=random.Random(1))
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
    table.choose(load("guts"))
    first = table.deal()
    for seat in range(3):
        first.act(seat, Declare("in"))
    table.settle(first)
    assert table.carried == 6 and table.next_game().name == "guts"
    second = table.deal()
    assert not any(isinstance(event, Posted) for event in second.events) and second.pot == 6
    for seat, choice in enumerate(("in", "out", "out")):
        second.act(seat, Declare(choice))
    table.settle(second)
    assert table.carried == 0 and table.next_game().name == "holdem"
    assert table.chips == 300


# -- Five-O --------------------------------------------------------------------------------------


def five_o_deck(first: list[str], second: list[str]) -> str:
    """The deck for two players whose columns will be ``first`` and ``second`` when each places its
    k-th card in column k mod 5 + 1 (the player left of the button, seat 0, is dealt first)."""
    columns = [[parse(column) for column in first], [parse(column) for column in second]]
    return " ".join(str(columns[turn % 2][(turn // 2) % 5][turn // 10]) for turn in range(50))


class Mason:
    """Builds its columns level: its k-th card goes in column k mod 5 + 1; checks at the betting."""

    def __init__(self) -> None:
        self.placed = 0

    def choose(self, turn: Turn) -> Action:
        if turn.legal[0].kind == "place":
            self.placed += 1
            return Place(turn.legal[0].cards[0], str((self.placed - 1) % 5 + 1))
        return CallerBot().choose(turn)


STRONG = ["As Ah Ad Ac 2c", "Ks Kh Kd Kc 2d", "Qs Qh Qd Qc 2h"]
JACKS = ["3c 5d 7h 9s Jc", "3d 5h 7s 9c Jd"]
PAIRS = ["Js Jh 4c 4d 6c", "Ts Th Tc 4h 6d", "9h 9d 8c 8d 6h"]
TWO_PAIR_AND_FIVES = ["8s 8h 7c 7d 6s", "5s 5c 4s 3s 2s"]


def five_o(first: list[str], second: list[str]) -> Hand:
    hand = Hand(load("five-o"), [100, 100], button=1, deck=five_o_deck(first, second))
    play(hand, [Mason(), Mason()])
    return hand


def test_five_o_the_stronger_hand_in_three_columns_wins_the_pot() -> None:
    """004: "The player with the stronger poker hand in three (or more) out of the five columns, wins"."""
    hand = five_o(STRONG + JACKS, PAIRS + TWO_PAIR_AND_FIVES)
    judged = [(event.row, event.seat) for event in hand.events if isinstance(event, ColumnJudged)]
    assert judged == [("1", 0), ("2", 0), ("3", 0), ("4", 1), ("5", 1)]
    assert sides(hand) == [(0, 2, "columns")] and hand.stacks == [101, 99]
    assert [str(event) for event in hand.events if isinstance(event, ColumnsWon)] == ["seat 0 wins 3 of 5 columns"]


def test_five_o_all_five_columns_is_a_five_o() -> None:
    """004: "If a player beats their opponent with all five hands, this is called a “Five-O” win." """
    hand = five_o(STRONG + TWO_PAIR_AND_FIVES, PAIRS + JACKS)
    assert [str(event) for event in hand.events if isinstance(event, ColumnsWon)] == [
        "seat 0 wins 5 of 5 columns: a Five-O"
    ]


def test_five_o_two_columns_each_and_a_tie_split_the_pot() -> None:
    first = [*STRONG[:2], *JACKS, "Qs Th 8c 6d 4c"]
    second = ["Js Jh 4h 4s 2h", "Ts Tc 9h 9d 6h", "8s 8h 7c 7d 6s", "5s 5c 3s 2s 3h", "Qh Td 8d 6c 4d"]
    hand = five_o(first, second)
    assert [event.seat for event in hand.events if isinstance(event, ColumnJudged)] == [0, 0, 1, 1, None]
    assert sides(hand) == [(0, 1, "columns"), (1, 1, "columns")]


def test_five_o_the_fifth_card_of_a_column_is_face_down_and_hidden_from_the_opponent() -> None:
    """004: "Four of the five cards in each hand are face-up." """
    hand = Hand(load("five-o"), [100, 100], button=1, deck=five_o_deck(STRONG + JACKS, PAIRS + TWO_PAIR_AND_FIVES))
    masons = [Mason(), Mason()]
    while hand.pending() and hand.legal_actions(hand.pending()[0])[0].kind == "place":
        seat = hand.pending()[0]
        hand.act(seat, masons[seat].choose(Turn(seat, hand.legal_actions(seat), partial(hand.view, seat))))
    assert len(hand.up[0]) == 20 and [str(card) for card in hand.down[0]] == ["2c", "2d", "2h", "Jc", "Jd"]
    mine, theirs = dict(hand.view(0).seats[0].placed), dict(hand.view(1).seats[0].placed)
    assert [str(card) for card in mine["1"]] == ["As", "Ah", "Ad", "Ac", "2c"]
    assert theirs["1"][:4] == mine["1"][:4] and theirs["1"][4] is None


def test_five_o_a_card_goes_only_into_a_column_with_room() -> None:
    hand = Hand(load("five-o"), [100, 100], button=1, deck=five_o_deck(STRONG + JACKS, PAIRS + TWO_PAIR_AND_FIVES))
    assert [str(legal) for legal in hand.legal_actions(0)] == ["place As in 1/2/3/4/5"]
    with pytest.raises(IllegalActionError, match="Ah not among your cards"):
        hand.act(0, Place(Card.parse("Ah"), "1"))
    for _ in range(5):
        for seat in (0, 1):
            hand.act(seat, Place(hand.legal_actions(seat)[0].cards[0], "1"))
    assert hand.legal_actions(0)[0].rows == ("2", "3", "4", "5")
    with pytest.raises(IllegalActionError, match="place it in one of 2, 3, 4, 5"):
        hand.act(0, Place(hand.legal_actions(0)[0].cards[0], "1"))


# -- Chinese poker -------------------------------------------------------------------------------


FULL_HOUSE_SET = ("As Ah Ad 7c 7d", "Ks Kh 9c 9d 2s", "Qs Qh 3c")
TWOS_FULL_SET = ("2c 2d 2h 5s 5h", "Jc Jd Js 4c 8h", "Ac Kd 6h")  # loses the back and the front
SCOOPED_SET = ("2c 2d 2h 5s 5h", "Jc Jd 8s 4c 8h", "Ac Kd 6h")  # loses all three
MISSET = ("Jc Jd Js 4c 8h", "2c 2d 2h 5s 5h", "Ac Kd 6h")  # the middle beats the back


def a_set(parts: tuple[str, ...]) -> Split:
    return Split(tuple(parse(part) for part in parts))


def chinese(*sets: tuple[str, ...], stacks: tuple[int, ...] | None = None, **options: object) -> Hand:
    """A deal of Chinese poker, each seat setting its thirteen cards as ``sets`` says."""
    stacks = stacks or (100,) * len(sets)
    deck = stud_deck(*(" ".join(parts) for parts in sets))
    hand = Hand(load("chinese-poker"), list(stacks), button=len(sets) - 1, deck=deck, options=options or None)
    for seat, parts in enumerate(sets):
        hand.act(seat, a_set(parts))
    assert hand.over
    return hand


def scored(hand: Hand) -> list[str]:
    return [str(event) for event in hand.events if isinstance(event, Scored | PaidUnits)]


def test_chinese_poker_a_unit_for_each_hand_won() -> None:
    hand = chinese(FULL_HOUSE_SET, TWOS_FULL_SET)
    assert scored(hand) == ["seat 0 against seat 1: 2 hands to 1, +1 unit", "seat 1 loses 1 unit and pays 1"]
    assert hand.stacks == [101, 99]


def test_chinese_poker_a_scoop_pays_six_or_four_by_house_rule() -> None:
    assert chinese(FULL_HOUSE_SET, SCOOPED_SET).stacks == [106, 94]
    assert chinese(FULL_HOUSE_SET, SCOOPED_SET, scoring="2-4").stacks == [104, 96]
    assert chinese(FULL_HOUSE_SET, TWOS_FULL_SET, scoring="2-4").stacks == [102, 98]


def test_chinese_poker_a_mis_set_hand_is_dead_and_pays_a_scoop() -> None:
    """004: "If one of the hands does not adhere to increasing rank (i.e. is mis-set), the hand is declared
    dead and results in some sort of penalty." Two dead hands are even."""
    hand = chinese(FULL_HOUSE_SET, MISSET)
    shown = [event for event in hand.events if isinstance(event, SetShown)]
    assert [event.dead for event in shown] == [False, True]
    assert str(shown[1]) == "seat 1 set Jc Jd Js 4c 8h / 2c 2d 2h 5s 5h / Ac Kd 6h (mis-set: dead)"
    assert hand.stacks == [106, 94]
    misset_too = ("Qs Qh 3c 7c 7d", "Ks Kh 9c 9d 2s", "As Ah Ad")
    assert chinese(misset_too, MISSET).stacks == [100, 100]


def test_chinese_poker_by_house_rule_a_mis_set_is_refused_with_the_reason() -> None:
    deck = stud_deck(" ".join(FULL_HOUSE_SET), " ".join(MISSET))
    hand = Hand(load("chinese-poker"), [100, 100], button=1, deck=deck, options={"misset": "refuse"})
    reason = r"mis-set: the middle \(twos full of fives\) beats the back \(three jacks\)"
    with pytest.raises(IllegalActionError, match=reason):
        hand.act(1, a_set(MISSET))
    assert hand.pending() == (0, 1) and not hand.actions
    hand.act(1, a_set((MISSET[1], MISSET[0], MISSET[2])))
    hand.act(0, a_set(FULL_HOUSE_SET))
    assert hand.over and hand.stacks == [101, 99]


def test_one_split_step_keeps_either_order_rule() -> None:
    """Pi Gow's five must beat its two ("you can not have a pair of kings for your five card hand and a
    pair of aces for your two card hand"); Chinese poker's rows need only not increase (equal is set)."""
    pi_gow = SplitStep()
    assert pi_gow.misorder([parse("Kc Kd 9s 5h 2c"), parse("Ah Ad")]).endswith(
        "must beat the 2-card hand (pair of aces)"
    )
    assert not pi_gow.misorder([parse("Ah Ad 9s 5h 2c"), parse("Kc Kd")])
    rows = next(step for step in load("chinese-poker").steps if isinstance(step, SplitStep))
    assert rows.order is Order.AT_LEAST and rows.names == ("back", "middle", "front")
    assert not rows.misorder([parse("Ac Ad Ah 2c 2d"), parse("Kc Kd 5h 6s 7c"), parse("Qc Qd 3h")])
    assert not rows.misorder([parse("Ac Ad 5h 6s 7c"), parse("As Ah 5d 6c 7d"), parse("Qc Jd 3h")])
    assert rows.misorder([parse("Kc Kd 5h 6s 7c"), parse("Ac Ad Ah 2c 2d"), parse("Qc Qd 3h")]) == (
        "the middle (aces full of twos) beats the back (pair of kings)"
    )


def test_a_game_without_betting_says_so_and_may_not_bet() -> None:
    assert load("chinese-poker").betting is Betting.NONE and load("guts").betting is Betting.NONE
    betting = catalogue_text("chinese-poker").replace(
        '[[steps]]\nkind = "units"', '[[steps]]\nkind = "bet"\n\n[[steps]]\nkind = "units"'
    )
    with pytest.raises(GameSpecError, match=r'steps\[2\].kind: a game whose betting is "none" has no betting rounds'):
        load_text(betting, "chinese-poker.toml")


def test_chinese_poker_a_set_must_use_every_card_in_hands_of_five_five_and_three() -> None:
    hand = Hand(load("chinese-poker"), [100, 100], button=1, deck=stud_deck(" ".join(FULL_HOUSE_SET)))
    assert str(hand.legal_actions(0)[0]).endswith("into 5+5+3")
    with pytest.raises(IllegalActionError, match=r"split into 5 \+ 5 \+ 3 cards, not 5 \+ 4 \+ 4"):
        hand.act(0, a_set(("As Ah Ad 7c 7d", "Ks Kh 9c 9d", "2s Qs Qh 3c")))


def test_chinese_poker_sets_are_secret_until_all_open_at_the_showdown() -> None:
    deck = stud_deck(" ".join(FULL_HOUSE_SET), " ".join(TWOS_FULL_SET))
    hand = Hand(load("chinese-poker"), [100, 100], button=1, deck=deck)
    hand.act(0, a_set(FULL_HOUSE_SET))
    assert str(hand.view(1).events[-1]) == "seat 0 splits" and hand.view(1).seats[0].down is None


def test_chinese_poker_a_loser_pays_no_more_than_their_chips_and_the_winners_share_it() -> None:
    """Seat 2 is scooped by both others and owes 12 units, but has 4 chips: seat 0 (owed 7 units
    in all) and seat 1 (owed 5) share the 4 in proportion, the odd chip to seat 0."""
    weak = ("Tc Td 8c 8d 3d", "9h 9s 6c 4d 3h", "Qc 7h 5c")
    hand = chinese(FULL_HOUSE_SET, TWOS_FULL_SET, weak, stacks=(100, 100, 4))
    assert [event.units for event in hand.events if isinstance(event, Scored)] == [1, 6, 6]
    assert scored(hand)[-1] == "seat 2 loses 12 units and pays 4"
    assert hand.stacks == [103, 101, 0]


# -- Anaconda ------------------------------------------------------------------------------------


class Scripted:
    """Plays the card actions it is given, in order, by kind; calls and checks otherwise."""

    def __init__(self, **plays: str) -> None:
        self.plays = {kind: [parse(cards) for cards in text.split(",")] for kind, text in plays.items()}

    def choose(self, turn: Turn) -> Action:
        for legal in turn.legal:
            if legal.kind in self.plays:
                return parse_action(f"{legal.kind} {format_cards(self.plays[legal.kind].pop(0))}")
        return CallerBot().choose(turn)


def test_anaconda_three_two_and_one_card_pass_to_the_left_then_the_best_five_roll_up_high_low() -> None:
    """Seat 0 gathers the spades and seat 1 the wheel; the flush takes high, 5-4-3-2-A low (played
    ace-to-five, the house rule low = low-a5)."""
    deck = stud_deck("As Ks Qs Js 9s 8h 7h", "Ah 2d 3d 4c 5c 8d 7d")
    hand = Hand(load("anaconda"), [100, 100], button=1, deck=deck, options={"low": "low-a5"})
    bots = [
        Scripted(**{"pass": "8h 7h Js, 8d 7d, 5c", "discard": "8h 7h"}),
        Scripted(**{"pass": "8d 7d 5c, 8h 7h, Js", "discard": "8d 7d"}),
    ]
    play(hand, bots)
    passes = [str(event) for event in hand.events if isinstance(event, Passed)]
    assert passes[:2] == ["seat 0 passes 8h 7h Js to seat 1", "seat 1 passes 8d 7d 5c to seat 0"]
    assert len(passes) == 6 and len(hand.up[0]) == 4 and len(hand.down[0]) == 1
    assert [(won.seat, won.side, won.hand) for won in hand.events if isinstance(won, Won)] == [
        (0, "high", "ace-high flush"),
        (1, "low", "wheel"),
    ]


def test_anaconda_passing_is_secret_and_simultaneous_and_skips_a_folded_player() -> None:
    deck = stud_deck("As Ks Qs Js 9s 8h 7h", "Ah 2d 3d 4c 5c 8d 7d", "2h 3h 4h 5h 6h Kc Qc")
    hand = Hand(load("anaconda"), [100, 100, 100], button=2, deck=deck)
    assert hand.pending() == (0, 1, 2) and str(hand.legal_actions(0)[0]).startswith("pass 3 of")
    with pytest.raises(IllegalActionError, match="name 3 cards, not 2"):
        hand.act(0, Pass(parse("As Ks")))
    hand.act(0, Pass(parse("8h 7h Js")))
    assert [str(card) for card in hand.down[1]] == ["Ah", "2d", "3d", "4c", "5c", "8d", "7d"]
    hand.act(1, Pass(parse("8d 7d 5c")))
    hand.act(2, Pass(parse("Kc Qc 6h")))
    assert [str(card) for card in hand.down[1]] == ["Ah", "2d", "3d", "4c", "8h", "7h", "Js"]
    seen = [str(event) for event in hand.view(2).events if isinstance(event, Passed)]
    assert seen == [
        "seat 0 passes three cards to seat 1",
        "seat 1 passes 8d 7d 5c to seat 2",
        "seat 2 passes Kc Qc 6h to seat 0",
    ]
    hand.act(0, BetTo(2))
    hand.act(1, Fold())
    hand.act(2, Call())
    for seat, cards in ((0, "Kc Qc"), (2, "8d 7d")):
        hand.act(seat, Pass(parse(cards)))
    assert [(event.seat, event.to) for event in hand.events if isinstance(event, Passed)][3:] == [(0, 2), (2, 0)]


# -- The twist -----------------------------------------------------------------------------------


def call_until(hand: Hand, kind: str) -> int:
    """Play every seat as a caller until a seat may take an action of ``kind``; return that seat."""
    while not hand.over:
        seat = hand.pending()[0]
        if any(legal.kind == kind for legal in hand.legal_actions(seat)):
            return seat
        hand.act(seat, CallerBot().choose(Turn(seat, hand.legal_actions(seat), partial(hand.view, seat))))
    raise AssertionError(f"the hand ended before any {kind}")


TWIST_DECK = "Kc Qc Kd Qd 7h 8h 5s 6s 2c 3c  4d Kh 9d"  # seat 0 K-K, seat 1 Q-Q; then the twist cards


def test_the_twist_buy_a_card_and_buy_another_in_its_place() -> None:
    """004: "players can buy another card from the deck. If a player does not like the purchased card,
    the player can purchase another one by adding money to the pot." """
    hand = Hand(load("draw-twist"), [100, 100], button=1, deck=TWIST_DECK)
    assert call_until(hand, "buy") == 0
    assert [str(legal) for legal in hand.legal_actions(0)] == ["buy card (2)", "decline"]
    pot = hand.pot
    hand.act(0, Buy("card"))
    assert "4d" in map(str, hand.down[0]) and hand.pot == pot + 2
    assert str(hand.view(1).events[-1]) == "seat 0 dealt 1 card down"
    assert [str(legal) for legal in hand.legal_actions(0)] == ["buy another (2)", "decline"]
    hand.act(0, Buy("another"))  # the 4d goes, face down; the Kh comes: three kings
    assert [str(card) for card in hand.down[0]] == ["Kc", "Kd", "7h", "5s", "2c", "Kh"] and hand.pot == pot + 4
    assert "seat 0 discards one card" in [str(event) for event in hand.view(1).events]
    assert hand.pending() == (1,)  # two cards bought: the most the house allows
    hand.act(1, Decline())
    play(hand, [CallerBot(), CallerBot()])
    assert [(seat, name) for seat, _, name in wins(hand)] == [(0, "three kings")]


def test_the_twist_house_rules_one_card_only_and_the_price() -> None:
    hand = Hand(load("draw-twist"), [100, 100], button=1, deck=TWIST_DECK, options={"twist_buys": 1, "twist_price": 5})
    call_until(hand, "buy")
    assert [str(legal) for legal in hand.legal_actions(0)] == ["buy card (5)", "decline"]
    hand.act(0, Buy("card"))
    assert hand.pending() == (1,)


def test_the_twist_a_player_without_the_whole_price_may_only_decline() -> None:
    hand = Hand(load("draw-twist"), [100, 3], button=1, deck=TWIST_DECK)
    seat = call_until(hand, "decline")
    assert seat == 0 and hand.stacks[1] < 2
    hand.act(0, Decline())
    assert [str(legal) for legal in hand.legal_actions(1)] == ["decline"]


# -- The kill game -------------------------------------------------------------------------------


QUADS, JUNK, JUNK2 = "As Ad Ah Ac Kd", "2c 4d 6h 8s Th", "3c 5d 7h 9s Jh"


def kill_table(game: str = "draw", kill: bool = True) -> Table:
    table = Table(load(game), size=3, rng=random.Random(7), kill=kill)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 200)
    return table


def called(table: Table, *hands: str) -> Hand:
    """Deal the next hand on ``hands`` (by table seat), everyone calling to the end, and settle it."""
    hand = table.deal(deck=stud_deck(*hands, button=table.button))
    play(hand, [CallerBot()] * 3)
    table.settle(hand)
    return hand


def test_the_kill_game_two_pots_in_a_row_double_the_next_stakes() -> None:
    """004, variation 4: "When a fixed limit game is played and a player wins two pots in a row, the
    stakes are doubled." """
    table = kill_table()
    called(table, QUADS, JUNK, JUNK2)
    assert table.killer is None
    called(table, QUADS, JUNK, JUNK2)
    assert table.killer == "p0"
    killed = called(table, QUADS, JUNK, JUNK2)
    assert killed.stakes == Stakes(small_blind=2, big_blind=4, small_bet=4, big_bet=8)
    assert table.killer == "p0"  # still winning: the kill stays
    called(table, JUNK, QUADS, JUNK2)
    assert table.killer is None and table.deal().stakes == load("draw").stakes


def test_the_kill_game_a_split_pot_breaks_the_run_and_only_fixed_limit_is_killed() -> None:
    table = kill_table()
    called(table, QUADS, JUNK, JUNK2)
    called(table, "As Kd Qh Js 9c", "Ad Ks Qc Jd 9h", JUNK2)  # seats 0 and 1 split
    assert table.streak is None and table.killer is None
    plain = kill_table(kill=False)
    for _ in range(3):
        called(plain, QUADS, JUNK, JUNK2)
    assert plain.killer is None and plain.deal().stakes == load("draw").stakes
    no_limit = Table(load("holdem"), size=2, kill=True, rng=random.Random(1))
    no_limit.sit(0, "a", 100)
    no_limit.sit(1, "b", 100)
    no_limit.streak = ("a", 2)
    assert no_limit.killer == "a" and no_limit.deal().stakes == load("holdem").stakes


# -- Roll your own (the catalogue's roll-your-own and mexican-stud, on the roll step) ------------


def test_roll_your_own_each_player_chooses_the_card_to_expose() -> None:
    """004, variation 8: "the 'roll' action only applies to the first 3 cards, all of which are dealt
    face down. Each player then determines which card to expose." The choices are secret until all
    have chosen; then the lowest card rolled up brings in."""
    hand = Hand(load("roll-your-own"), [100, 100], button=1, deck=stud_deck("As Kd 2c", "Qh Jc 7s"))
    assert [str(legal) for legal in hand.legal_actions(0)] == ["roll 1 of As Kd 2c"]
    with pytest.raises(IllegalActionError, match="name 1 card, not 2"):
        hand.act(0, Roll(parse("As Kd")))
    hand.act(0, Roll(parse("Kd")))
    assert hand.up == [[], []] and hand.view(1).seats[0].up == ()
    hand.act(1, Roll(parse("7s")))
    assert [[str(card) for card in up] for up in hand.up] == [["Kd"], ["7s"]]
    assert hand.pending() == (1,) and {legal.kind for legal in hand.legal_actions(1)} >= {"bring_in"}


def test_mexican_stud_rolls_one_of_the_two_down_cards_every_street() -> None:
    """004, variation 8: in Mexican stud "the cards are dealt face down, and each player then decides
    which of the two down cards is exposed"."""
    hand = Hand(load("mexican-stud"), [100, 100], button=1, deck=stud_deck("As Kd 2c", "Qh Jc 7s"))
    hand.act(0, Roll(parse("Kd")))
    hand.act(1, Roll(parse("Jc")))
    call_until(hand, "roll")
    assert [str(legal) for legal in hand.legal_actions(0)] == ["roll 1 of As 2c"]


# -- The documents -------------------------------------------------------------------------------


def catalogue_text(name: str) -> str:
    return (Path(load(name).path)).read_text()


def test_the_new_step_kinds_report_their_problems_with_locations() -> None:
    text = catalogue_text("baseball")
    with pytest.raises(GameSpecError, match=r"baseball.toml: steps\[2\].rank: 'Z' is not a rank"):
        load_text(text.replace('rank = "4"', 'rank = "Z"', 1), "baseball.toml")
    seven = r"steps\[2\].kind: 7 players and extra cards need 53 cards, more than the deck's 52"
    with pytest.raises(GameSpecError, match=seven):
        load_text(text.replace("max = 6 }", "max = 7 }"), "baseball.toml")
    text = catalogue_text("five-o").replace("max = 2 }", "max = 3 }")
    with pytest.raises(GameSpecError, match=r"steps\[3\].kind: the columns showdown is for two players"):
        load_text(text, "five-o.toml")
    text = catalogue_text("chinese-poker").replace("sizes = [5, 5, 3]", "sizes = [5, 5, 2]")
    with pytest.raises(GameSpecError, match=r"steps\[1\].sizes: players hold 13 cards here, not 12"):
        load_text(text, "chinese-poker.toml")
    text = catalogue_text("follow-the-queen").replace('options = { wild = "dynamic" }, ', "")
    with pytest.raises(GameSpecError, match=r'steps\[2\].kind: the showdown needs a ranking with wild = "dynamic"'):
        load_text(text, "follow-the-queen.toml")
