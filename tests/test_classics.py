"""The dealer's-choice classics (issue 8), each rule played through on a stacked deck.

Rules document 004 is quoted where a test checks one of its sentences.
"""

from __future__ import annotations

from homegame.bots import CallerBot, play
from homegame.cards import Rank, parse
from homegame.engine import Hand
from homegame.engine.events import Won
from homegame.engine.steps.follow import WildNamed, follow
from homegame.games import load


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


def test_follow_a_queen_after_a_queen_waits_for_its_own_follower() -> None:
    assert str(follow(list(parse("Qh Qs 6d 2c")))) == "6d"
    assert str(follow(list(parse("Qh 6d Qs")))) == "Qs"
    assert str(follow(list(parse("Qh 6d Qs 8c 8d")))) == "8c"
    assert follow([]) is None
