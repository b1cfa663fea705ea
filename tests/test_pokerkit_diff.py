"""Differential test against PokerKit (issue 6): random no-limit hold'em and fixed-limit seven-card stud
hands, the same cards and the same actions in both engines, end with identical stacks.

Where the two engines' rules differ on purpose, the random actions are drawn from what both allow
(``lockstep.py``), and each difference is pinned below by a test of its own, so that a change on
either side shows.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pytest.importorskip("pokerkit")

from homegame.cards import parse
from homegame.engine import BetTo, Call, Check, RaiseTo, parse_action
from homegame.engine.hand import Setup
from homegame.games import load
from lockstep import Lockstep, lockstep

# PokerKit keeps its own deck and warns when it is dealt cards it did not choose (homegame's).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def setup_of(name: str, stacks: tuple[int, ...], button: int) -> Setup:
    game = load(name)
    return Setup(
        game=game, stacks=stacks, button=button, stakes=game.stakes, options=tuple(game.option_values().items())
    )


def random_setup(name: str, seed: int) -> Setup:
    """A table of 2 to 6 with stacks from a few bets to many (so all-ins and side pots happen)."""
    rng = random.Random(seed)
    seats = rng.randint(2, min(6, load(name).players[1]))
    stacks = tuple(rng.choice((rng.randint(3, 40), rng.randint(50, 400))) for _ in range(seats))
    return setup_of(name, stacks, rng.randrange(seats))


@pytest.mark.parametrize("name", ["holdem", "stud"])
def test_500_random_hands_each_end_with_identical_stacks(name: str) -> None:
    for seed in range(500):
        hands = lockstep(random_setup(name, seed), seed)
        hands.play()
        ours, theirs = hands.stacks()
        assert ours == theirs, f"{name}, seed {seed}"


def limit_holdem(stacks: tuple[int, ...], button: int, short_all_in: str = "not-a-raise") -> Lockstep:
    setup = setup_of("limit-holdem", stacks, button)
    options = (
        *((name, value) for name, value in setup.options if name != "short_all_in"),
        ("short_all_in", short_all_in),
    )
    return lockstep(replace(setup, options=options), 1)


@pytest.mark.parametrize(("short_all_in", "least"), [("not-a-raise", 4), ("a-raise", 5)])
def test_fixed_limit_a_short_all_in_bet_may_be_completed_to_a_full_bet(short_all_in: str, least: int) -> None:
    # Limit rules: an all-in bet of less than half a bet is not a full bet; the next player may
    # call it, or complete it to a full bet. On the turn of 2/4 hold'em the big blind bets its last
    # chip: homegame lets the next player raise "to" 4 (the full bet); PokerKit asks for 1 + 4,
    # as homegame does under the house rule short_all_in = "a-raise".
    hands = limit_holdem((200, 200, 3), button=0, short_all_in=short_all_in)
    for seat, action in ((0, Call()), (1, Call()), (2, Check()), (1, Check()), (2, Check()), (0, Check())):
        hands.act(seat, action)
    hands.act(1, Check())
    hands.act(2, BetTo(1))
    raise_to = next(legal for legal in hands.hand.legal_actions(0) if legal.kind == "raise_to")
    hands.deal()
    assert raise_to.min == least
    assert hands.state.min_completion_betting_or_raising_to_amount == 5


def test_fixed_limit_a_short_all_in_raise_does_not_use_up_the_cap() -> None:
    # "a round allows one bet and three raises (the cap)": an all-in raise of less than half a bet
    # is not a raise, so after bet, raise, raise and a one-chip all-in raise one raise is left
    # (homegame); PokerKit counts the all-in as the fourth and last.
    hands = limit_holdem((200, 200, 200, 15), button=3)
    for seat, action in ((2, Call()), (3, Call()), (0, Call()), (1, Check())):
        hands.act(seat, action)
    for seat in (0, 1, 2, 3):
        hands.act(seat, Check())
    hands.act(0, BetTo(4))
    hands.act(1, RaiseTo(8))
    hands.act(2, RaiseTo(12))
    hands.act(3, RaiseTo(13))
    hands.deal()
    assert [legal.kind for legal in hands.hand.legal_actions(0)] == ["fold", "call", "raise_to"]
    assert not hands.state.can_complete_bet_or_raise_to()


# A short-deck hand: seats 1 (p1 in PHH order) and 5 tie with ace-high straights in the main pot and
# a side pot, each of an odd size.
DECK = "9h 9d 9c Ah Js As 9s 7s Tc Qc 6h Qd Kd 7c Ts Ks Td 6d Jd Jh 7h Kh 8h 8s Qh 6c Ac 8c 7d 8d Th Kc 6s Qs Jc Ad"
ACTIONS = [
    (3, "call"),
    (4, "raise_to 7"),
    (5, "call"),
    (0, "call"),
    (1, "call"),
    (2, "call"),
    (3, "fold"),
    (1, "check"),
    (2, "bet_to 8"),
    (4, "raise_to 17"),
    (5, "call"),
    (0, "call"),
    (1, "raise_to 57"),
    (4, "call"),
    (5, "fold"),
    (0, "call"),
]


def test_a_tie_in_main_and_side_pots_shares_each_pot_by_itself() -> None:
    # homegame shares each pot by itself, the odd chip to the first winner left of the button:
    # main pot 77 as 39 + 38, side pot 39 as 20 + 19. PokerKit mucks the losing hands first, which
    # merges the two pots the same two winners share, and splits 116 as 58 + 58.
    hands = lockstep(setup_of("short-deck", (25, 338, 15, 105, 25, 26), button=0), 0, [parse(DECK)])
    for seat, text in ACTIONS:
        hands.act(seat, parse_action(text))
    hands.deal()
    ours, theirs = hands.stacks()
    assert [award.amount for award in hands.hand.result.awards if award.seat in (0, 4)] == [39, 38, 20, 19]  # type: ignore[union-attr]
    assert ours == [313, 0, 103, 59, 2, 57]
    assert theirs == [313, 0, 103, 58, 2, 58]
