"""Pots in whole chips: main and side pots, and sharing with odd chips (issue 5)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots import RandomBot, Turn, play
from homegame.engine import BetTo, Call, Check, Draw, Fold, Hand, RaiseTo
from homegame.engine.actions import Action, ActionKind, Buy, Complete
from homegame.engine.events import Acted, Posted, Returned, Won
from homegame.engine.pots import Pot, build_pots, share
from homegame.engine.steps.buy import Bought
from homegame.engine.steps.kill import Killed
from homegame.games import load
from test_casino import check_down_once, stacked


def test_three_all_ins_make_a_main_pot_and_two_side_pots() -> None:
    pots = build_pots([50, 100, 150, 150], [True, True, True, True])
    assert pots == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(100, (2, 3))]


def test_folded_chips_stay_in_the_pots_they_reached() -> None:
    # Seat 3 put in 80 and folded: 50 of it is in the main pot, 30 in the side pot.
    pots = build_pots([50, 100, 100, 80], [True, True, True, False])
    assert pots == [Pot(200, (0, 1, 2)), Pot(130, (1, 2))]


def test_dead_chips_go_to_a_pot_every_live_seat_may_win() -> None:
    assert build_pots([10, 10], [True, True], dead=7) == [Pot(27, (0, 1))]
    assert build_pots([0, 10, 10], [True, True, True], dead=6) == [Pot(6, (0, 1, 2)), Pot(20, (1, 2))]


# -- prices paid for cards (issue 19, item 1) --------------------------------------------------------
# "if you are all in, you can only win the part of the pot you matched" (Countdown's rules text): a
# price paid for cards is dead money for the pot its buyer is contesting when he pays it.


def test_a_price_goes_to_the_pot_of_the_seats_still_able_to_bet() -> None:
    # Seat 0 all in for 20 before seat 1 paid 9: only seats 1 and 2 may win the 9.
    assert build_pots([20, 50, 50], [True, True, True], prices={(1, 2): 9}) == [Pot(60, (0, 1, 2)), Pot(69, (1, 2))]
    # Paid before anyone was all in, it is the main pot's, as an ante is.
    assert build_pots([20, 50, 50], [True, True, True], prices={(0, 1, 2): 9}) == [Pot(69, (0, 1, 2)), Pot(60, (1, 2))]
    # A price is not a bet: seat 2 paying less does not give seat 1 anything back.
    assert build_pots([20, 20], [True, True], prices={(0, 1): 7}) == [Pot(47, (0, 1))]


def test_a_buyer_left_alone_in_his_side_pot_gets_his_price_back() -> None:
    assert build_pots([20, 50, 50], [True, True, False], prices={(1, 2): 9}) == [Pot(60, (0, 1)), Pot(69, (1,))]
    # Seat 2 paid all he had for a card before anyone bet: his price is a pot of its own, for everyone.
    assert build_pots([0, 30, 30], [True, True, True], prices={(0, 1, 2): 5}) == [Pot(5, (0, 1, 2)), Pot(60, (1, 2))]


def countdown(stack: int, script: list[tuple[int, Action]]) -> Hand:
    """Countdown for three, seat 0 (first to act) with ``stack`` chips and four aces, drawing one card
    while he has chips, the others all they may; the betting follows ``script``, then checks and calls."""
    game = load("countdown")
    deck = stacked(game, 3, 2, {0: "As Ad Ah Ac Kd", 1: "2c 3d 5h 7s 9c", 2: "2d 3h 6s 8c Tc"})
    hand = Hand(game, [stack, 100, 100], button=2, deck=deck)
    moves = list(script)
    while not hand.over:
        seat = hand.pending()[0]
        legal = {option.kind: option for option in hand.legal_actions(seat)}
        if "draw" in legal:
            cards, most = legal["draw"].cards, legal["draw"].max
            hand.act(seat, Draw(cards[len(cards) - most :] if seat else cards[-1:] if most else ()))
        elif moves and moves[0][0] == seat:
            hand.act(seat, moves.pop(0)[1])
        else:
            hand.act(seat, Check() if "check" in legal else Call())
    return hand


def pots_won(hand: Hand) -> list[tuple[int, int]]:
    """(pot, chips) of every award."""
    return [(event.pot, event.amount) for event in hand.events if isinstance(event, Won)]


def test_countdown_an_all_in_player_wins_only_what_he_matched() -> None:
    # Seat 0 antes 1 and bets his last 2: 9 chips. The 3 + 2 + 1 cards the others then buy at
    # 1, 2 and 4 chips (22 chips) only they may win.
    hand = countdown(3, [(0, BetTo(2))])
    assert pots_won(hand) == [(0, 9), (1, 22)]
    assert hand.result is not None and hand.result.net[0] == 6


def test_countdown_cards_bought_before_anyone_is_all_in_are_in_the_main_pot() -> None:
    # Seat 0 antes 1, bets 2, buys a card for 1 (the others' six cards are the main pot's too),
    # then is all in for 4 in the second round: 3 + 6 + 7 + 12 = 28. The cards bought in the
    # second and third draws (16 chips) go to the side pot.
    hand = countdown(8, [(0, BetTo(2)), (0, BetTo(2)), (1, RaiseTo(4)), (0, Call())])
    assert pots_won(hand) == [(0, 28), (1, 16)]


def test_baseball_an_open_three_bought_after_a_player_is_all_in_is_not_his() -> None:
    # Seat 0 brings in with his last 2 chips; seat 1's open three then costs the pot (9), which
    # only seats 1 and 2 may win ("The price is not a bet: nobody calls it"): seat 0 wins the 9
    # he matched.
    game = load("baseball")
    hole = {0: "As Ad 2c Ah Ac 7c 7d", 1: "Kc Kd 7h 3s Jh Tc 5c", 2: "Qc Qd 8h 5d 6h 2d 8c"}
    hand = Hand(game, [3, 100, 100], button=2, deck=stacked(game, 3, 2, hole))
    while not hand.over:
        seat = hand.pending()[0]
        if any(option.kind == "buy" for option in hand.legal_actions(seat)):
            hand.act(seat, Buy("3s"))
        else:
            check_down_once(hand)
    bought = [event for event in hand.events if isinstance(event, Bought)]
    assert [(event.seat, event.price) for event in bought] == [(1, 9)]
    assert pots_won(hand)[0] == (0, 9)


PRICED = ("countdown", "grocery-store", "baseball", "the-option", "push", "draw-twist")
"""The games where cards have a price (item 1 names them): Countdown's draws, the store, the open
three, the Option, Push's push and insurance, the twist."""


class NoFoldBot(RandomBot):
    """Plays at random but never folds while it has anything else to do: hands go the distance."""

    def choose(self, turn: Turn) -> Action:
        keep = [legal for legal in turn.legal if legal.kind is not ActionKind.FOLD] or list(turn.legal)
        return keep[int(self.rng.random() * len(keep))].sample(self.rng)


def most_it_may_win(hand: Hand) -> dict[int, int]:
    """For each seat all in at the end of a hand, the most it may win: what it matched of every
    seat's bets, the antes, and the prices paid up to the moment it went all in (the last time its
    stack ran out: an uncalled bet may come back first), whether it is shown down or the last
    player left (what the others put in beyond that is theirs to win or to have back)."""
    stacks, bets = list(hand.setup.stacks), [0] * hand.seats
    dead = 0  # antes and prices paid so far
    dead_then: dict[int, int] = {}  # each seat all in now: the dead chips when it went all in
    for event in hand.events:
        chips, seat = event.chips, getattr(event, "seat", None)
        if not chips or seat is None or isinstance(event, Won):
            continue
        if isinstance(event, Acted | Returned | Killed) or (isinstance(event, Posted) and "ante" not in event.blind):
            bets[seat] += chips  # blinds, bets, calls, a kill, and an uncalled bet returned
        else:
            dead += chips  # antes and prices
        stacks[seat] -= chips
        dead_then.pop(seat, None)
        if not stacks[seat]:
            dead_then[seat] = dead
    antes = sum(event.chips for event in hand.events if isinstance(event, Posted) and "ante" in event.blind)
    return {seat: sum(min(bet, bets[seat]) for bet in bets) + max(then, antes) for seat, then in dead_then.items()}


@pytest.mark.parametrize("name", PRICED)
def test_an_all_in_player_never_wins_a_price_paid_after_he_went_all_in(name: str) -> None:
    # Item 1: "if you are all in, you can only win the part of the pot you matched" (Countdown's
    # rules text); a price paid after a player went all in is not his to win, nor are the chips
    # of the players still betting when they all fold (every other hand: bots that fold too).
    game, checked = load(name), 0
    for seed in range(60):
        rng = random.Random(seed)
        seats = rng.randint(game.players[0], min(game.players[1], 6))
        stacks = [rng.choice((rng.randint(1, 8), rng.randint(30, 200))) for _ in range(seats)]
        hand = Hand(game, stacks, button=rng.randrange(seats), seed=seed)
        bot = RandomBot if seed % 2 else NoFoldBot
        play(hand, [bot(random.Random(seed * 7 + seat)) for seat in range(seats)])
        won = [0] * seats
        for event in hand.events:
            if isinstance(event, Won):
                won[event.seat] += event.amount
        for seat, most in most_it_may_win(hand).items():
            assert won[seat] <= most, (seed, seat)
            checked += 1
    assert checked >= 20


class StrikeOutBot(NoFoldBot):
    """Never folds to a bet, and always folds to an open three (Baseball: "or folds at once")."""

    def choose(self, turn: Turn) -> Action:
        kinds = {legal.kind for legal in turn.legal}
        if {ActionKind.BUY, ActionKind.FOLD} <= kinds:
            return Fold()
        return super().choose(turn)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(2, 4), st.integers(1, 8))
def test_baseball_players_striking_out_leave_the_all_in_player_only_what_he_matched(
    seed: int, seats: int, short: int
) -> None:
    # Baseball: an open three's holder "matches the pot ... or folds at once (struck out)", with no
    # bet to face, so every player still betting may fold against one all in. "If you are all in,
    # you can only win the part of the pot you matched": the rest goes back to the last of them to fold.
    rng = random.Random(seed)
    stacks = [short, *(rng.randint(30, 200) for _ in range(seats - 1))]
    hand = Hand(load("baseball"), stacks, button=rng.randrange(seats), seed=seed)
    play(hand, [StrikeOutBot(random.Random(seed + seat)) for seat in range(seats)])
    won = [0] * seats
    for event in hand.events:
        if isinstance(event, Won):
            won[event.seat] += event.amount
    for seat, most in most_it_may_win(hand).items():
        assert won[seat] <= most
    assert hand.result is not None and sum(hand.result.net) == 0 and hand.pot == 0


def test_baseball_the_last_to_strike_out_has_the_side_pot_back() -> None:
    # Seat 0 antes 1 and brings in with his last 2; seat 1 completes to 5, seat 2 calls. Both then
    # fold to open threes ("or folds at once (struck out)"): seat 0 wins the 9 he matched, and the
    # side pot (3 + 3), which nobody left may win, goes to seat 2, the last of its players to fold,
    # as the last player left in a pot wins it.
    game = load("baseball")
    hole = {0: "As Ad 2c Ah Ac 7c 7d", 1: "Kc Kd 7h 3s Jh Tc 5c", 2: "Qc Qd 8h 3h 6h 2d 8c"}
    hand = Hand(game, [3, 100, 100], button=2, deck=stacked(game, 3, 2, hole))
    while not hand.over:
        seat = hand.pending()[0]
        kinds = {option.kind for option in hand.legal_actions(seat)}
        if "buy" in kinds:
            hand.act(seat, Fold())
        elif "complete" in kinds and seat == 1:
            hand.act(seat, Complete())
        else:
            check_down_once(hand)
    assert pots_won(hand) == [(1, 6), (0, 9)]
    assert [event.seat for event in hand.events if isinstance(event, Won)] == [2, 0]
    assert hand.result is not None and hand.result.net == (6, -6, 0)


def test_empty() -> None:
    assert build_pots([0, 0, 0], [True, False, True]) == []


def test_share_gives_odd_chips_to_the_first_claimants() -> None:
    assert share(5, [2, 0]) == [3, 2]
    assert share(7, ["a", "b", "c"]) == [3, 2, 2]
    assert share(11, ["high", "low"]) == [6, 5]
    assert share(9, ["x", "y"], [2, 1]) == [6, 3]
    with pytest.raises(ValueError):
        share(3, [])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=1, max_size=10),
    st.integers(0, 50),
    st.randoms(use_true_random=False),
)
def test_pots_hold_every_chip_and_nest(seats_data: list[tuple[int, bool]], dead: int, rng: random.Random) -> None:
    committed = [put for put, _ in seats_data]
    live = [alive for _, alive in seats_data]
    folds = [seat for seat, alive in enumerate(live) if not alive]
    rng.shuffle(folds)
    pots = build_pots(committed, live, dead, folds=folds)
    if any(live) and sum(committed) + dead:
        assert sum(pot.amount for pot in pots) == sum(committed) + dead
    contested = [pot for pot in pots if all(live[seat] for seat in pot.eligible)]
    for pot in contested:
        assert pot.amount > 0 or dead == 0
    for earlier, later in pairwise(contested):
        assert set(later.eligible) < set(earlier.eligible)
    # Chips above every live seat's level go, after the contested pots, to the last of their
    # players to fold: one pot each, for a seat that put in more than any live seat.
    top = max((put for put, alive in zip(committed, live, strict=True) if alive), default=0)
    unclaimed = pots[len(contested) :]
    assert all(len(pot.eligible) == 1 and not live[pot.eligible[0]] for pot in unclaimed)
    assert sum(pot.amount for pot in unclaimed) == sum(max(put - top, 0) for put in committed)
    for pot in unclaimed:
        (seat,) = pot.eligible
        above = [other for other in folds if committed[other] > max(top, committed[seat])]
        assert committed[seat] > top and not any(folds.index(other) > folds.index(seat) for other in above)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(1, 5), min_size=1, max_size=9))
def test_share_adds_up_and_is_fair(amount: int, weights: list[int]) -> None:
    parts = share(amount, list(range(len(weights))), weights)
    assert sum(parts) == amount
    for part, weight in zip(parts, weights, strict=True):
        exact = amount * weight / sum(weights)
        assert exact - 1 < part < exact + len(weights)
    equal = share(amount, list(range(len(weights))))
    assert max(equal) - min(equal) <= 1
    assert equal == sorted(equal, reverse=True)
