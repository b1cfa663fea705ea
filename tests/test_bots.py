"""Bots: every catalogue game with sensible bots, the caller's manners, the sensible bot's
decisions and its margin over random play, and the equity estimate it stands on."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from homegame.analysis.equity import estimate
from homegame.bots import CallerBot, RandomBot, SensibleBot, Turn, play
from homegame.bots.drawing import discards
from homegame.bots.duel import duel
from homegame.cards import format_cards, parse
from homegame.engine import Hand
from homegame.engine.actions import (
    Action,
    AmountLegal,
    CardsLegal,
    ChoiceLegal,
    DivideLegal,
    Fold,
    Legal,
    PlaceLegal,
    PlainLegal,
    RaiseTo,
    parse_hands,
)
from homegame.engine.actions import ActionKind as K
from homegame.engine.game import Game
from homegame.engine.view import View
from homegame.games import load, names
from homegame.ranking import get


@pytest.mark.parametrize("name", names())
def test_every_catalogue_game_plays_200_hands_of_sensible_bots(name: str) -> None:
    """As few players as the game allows and few Monte Carlo trials: this is about every path
    being legal, not about strength (40 hands of the games whose decisions take longest)."""
    game = load(name)
    seats = game.players[0]
    bots = [SensibleBot(random.Random(seat), trials=4) for seat in range(seats)]
    rng = random.Random(name)
    for number in range(40 if name in SLOW else 200):
        hand = Hand(game, [100] * seats, button=number % seats, rng=rng)
        play(hand, bots)  # an illegal action would raise
        assert hand.over and sum(hand.stacks) + hand.carried_out == 100 * seats


@pytest.mark.parametrize("name", names())
def test_the_caller_never_folds_and_always_acts_legally(name: str) -> None:
    game = load(name)
    seats = min(4, game.players[1])
    caller = CallerBot()
    folds_instead_of_checking = 0

    class Watched:
        def choose(self, turn: Turn) -> Action:
            nonlocal folds_instead_of_checking
            action = caller.choose(turn)
            kinds = {legal.kind for legal in turn.legal}
            folds_instead_of_checking += action.kind == "fold" and bool(kinds & {"check", "call"})
            return action

    rng = random.Random(1)
    for number in range(20):
        hand = Hand(game, [100] * seats, button=number % seats, rng=rng)
        play(hand, [Watched(), *(RandomBot(random.Random(seat)) for seat in range(1, seats))])
        assert hand.over
    assert folds_instead_of_checking == 0


SLOW = {"chinese-poker": 12, "push": 8, "grocery-store": 16, "five-o": 16, "elimination": 16}
"""Deals of the margin test for the games whose decisions take longest."""
MORE = {"holdem": 120, "the-option": 60, "guts": 400, "high-card-poker": 250}
"""Deals of the margin test for games whose margin needs more of them to show (no-limit against
random all-ins; a declaration game against a bot that always goes high; Guts and High Card Poker,
quick to play, where a caller gives little away: in heads-up Guts the most any player can win
from one who always goes in is an eighth of an ante a deal, by going out with the quarter of
hands that lose to three in four; in High Card Poker a caller never bets, so all there is to win
from it is the value bets it calls, about 0.31 betting units a deal at best)."""
DEALS = 40
CLEAR = {"push": 2.0, "the-option": 2.0, "guts": 2.0, "high-card-poker": 2.0}
"""Games whose margin must be more than this many standard errors (the others: one)."""


@pytest.mark.parametrize("name", names())
def test_sensible_beats_caller_and_random(name: str) -> None:
    """In every catalogue game, by more than a standard error of a seeded duplicate run of a few dozen
    deals, two for the games of :data:`CLEAR` (bench/bots.py prints the margins of longer runs, most
    of them many standard errors)."""
    game = load(name)
    deals = SLOW.get(name, MORE.get(name, DEALS))
    for label, opponent in (("caller", lambda rng: CallerBot()), ("random", RandomBot)):
        margin, error = duel(game, opponent, deals)
        assert margin > CLEAR.get(name, 1.0) * error, (
            f"{name} against {label}: {margin:+.2f} units a deal, standard error {error:.2f}"
        )


def _turn(hand: Hand, seat: int) -> Turn:
    return Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), hand.game)


def _stud_to_the_declaration(seat_1: str, seat_0: str) -> Hand:
    """Heads-up stud-declare, seat 1 dealt ``seat_1`` and seat 0 ``seat_0`` (seven cards each, in
    the order they come: two down, four up, one down), played by callers to the declaration."""
    mine, theirs = parse(seat_1), parse(seat_0)
    order = [card for pair in zip(mine, theirs, strict=True) for card in pair]
    deck = order[:2] + order[2:4] + order[4:6] + order[6:]
    hand = Hand(load("stud-declare"), [500, 500], deck=deck)
    while hand.pending() and hand.legal_actions(hand.pending()[0])[0].kind != "declare":
        seat = hand.pending()[0]
        hand.act(seat, CallerBot().choose(_turn(hand, seat)))
    return hand


def test_sensible_declares_the_side_it_expects_most_from() -> None:
    low = _stud_to_the_declaration("As 2d 3c 4h 7s 9c Kd", "Ks Kh Qc Qd Js Jh 8c")
    bot = SensibleBot(random.Random(1))
    assert str(bot.choose(_turn(low, 1))) == "declare low"
    assert str(bot.choose(_turn(low, 0))) == "declare high"
    scoop = _stud_to_the_declaration("As 2s 3s 4s 5s 9c Kd", "Ks Kh Qc Qd Js Jh 8c")
    assert str(bot.choose(_turn(scoop, 1))) == "declare both"


def test_sensible_calls_an_all_in_with_aces_raises_them_and_folds_rags() -> None:
    game = load("holdem")
    bot = SensibleBot(random.Random(3))
    aces = Hand(game, [200, 200], deck="Ah 7c As 2d")  # cards go from the button's left: seat 1 holds the aces
    aces.act(0, RaiseTo(200))
    assert str(bot.choose(_turn(aces, 1))) == "call"
    rags = Hand(game, [200, 200], deck="7c Ah 2d As")  # seat 0 holds the aces
    assert str(bot.choose(_turn(rags, 0))).startswith("raise_to")
    rags.act(0, RaiseTo(200))
    assert str(bot.choose(_turn(rags, 1))) == "fold"


@pytest.mark.parametrize(
    ("cards", "ranking", "thrown"),
    [
        ("As Ad 7c 4h 2s", "high", "2s 4h 7c"),  # keep a pair
        ("Kc Kd 7c 7h 2s", "high", "2s"),  # two pair: draw one
        ("Ks Qs 7s 4s 2d", "high", "2d"),  # draw to the flush
        ("9c 8d 7h 6s 2c", "high", "2c"),  # and to the straight
        ("Ac 2d 3h 4s Kc", "high", "Kc"),  # the wheel
        ("9c 9d 9h 9s 2c", "high", ""),  # four of a kind stands pat
        ("Ah Kd 8h 7c 2s", "high", "2s 7c 8h Kd"),  # keep the ace
        ("7h 4d 3c 2s Ks", "low-a5", "Ks"),
        ("7h 7d 3c 2s Ah", "low-a5", "7d"),
        ("Ah 4d 3c 2s 7s", "low-27", "Ah"),
        ("Ac 2d 5h 9s Kc", "badugi", "Kc"),
    ],
)
def test_draw_rules(cards: str, ranking: str, thrown: str) -> None:
    hand = parse(cards)
    assert format_cards(discards(hand, hand, get(ranking), limit=5)) == thrown


def test_draw_limits() -> None:
    hand = parse("Ah Kd 8h 7c 2s")
    assert format_cards(discards(hand, hand, get("high"), limit=3)) == "2s 7c 8h"
    assert format_cards(discards(hand, hand, get("high"), limit=5, least=5)) == "2s 7c 8h Kd Ah"
    assert format_cards(discards(hand, hand[:2], get("high"), limit=5)) == "Kd"  # only those may go
    wild = parse("2h Kd 9c 4s As")
    assert "2h" not in format_cards(discards(wild, wild, get("high", wild="2"), limit=5))


def test_a_draw_of_the_sensible_bot_is_legal_and_follows_the_rules() -> None:
    hand = Hand(load("draw"), [100, 100], deck="As 9c Ad 8d 7h 4s 2c 3h Kd Qc")
    bot = SensibleBot(random.Random(0))
    while hand.pending():
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        if legal[0].kind == "draw":
            action = bot.choose(_turn(hand, seat))
            if seat == 1:
                assert str(action) == "draw 2c 7h Kd"  # keeps the pair of aces
        else:
            action = CallerBot().choose(_turn(hand, seat))
        hand.act(seat, action)


def test_equity_from_the_view_alone() -> None:
    game = load("holdem")
    one = Hand(game, [100, 100], deck="As Kd Ah 7c")  # seat 1 holds the aces; seat 0 K7 or QQ
    two = Hand(game, [100, 100], deck="As Qs Ah Qd")
    assert one.view(1) == two.view(1)
    a, b = (estimate(game, hand.view(1), trials=500, rng=random.Random(9)) for hand in (one, two))
    assert a == b
    assert 0.8 < a.share < 0.9 and a.sides == (("high", a.share),) and a.trials == 500
    with pytest.raises(ValueError, match="spectator"):
        estimate(game, one.view(None))


def test_equity_of_a_folded_seat_is_nothing() -> None:
    game = load("draw")
    hand = Hand(game, [100, 100, 100], seed=2)
    seat = hand.pending()[0]
    hand.act(seat, Fold())
    assert estimate(game, hand.view(seat)).share == 0.0


def test_choices_build_any_kind_from_its_descriptor() -> None:
    from homegame.bots.choices import simplest

    fold = PlainLegal(K.FOLD)
    assert str(AmountLegal(K.BET_TO, min=5, max=5).make()) == "bet_to 5"
    assert str(simplest((fold, PlainLegal(K.BRING_IN, chips=2)))) == "bring_in"
    assert str(simplest((ChoiceLegal(K.DECLARE, ("low", "high")),))) == "declare low"
    assert str(simplest((CardsLegal(K.DRAW, parse("As Kd"), min=1, max=2),))) == "draw As"
    assert str(simplest((fold,))) == "fold"


@pytest.mark.parametrize(
    "legal",
    [
        PlainLegal(K.CALL, chips=3),
        AmountLegal(K.RAISE_TO, min=4, max=9),
        CardsLegal(K.DRAW, parse("As Kd 7c"), max=3),
        ChoiceLegal(K.BUY, ("card", "option"), prices=(5, 10)),
        DivideLegal(K.SPLIT, parse("As Ad 3h 2c"), sizes=(2, 2)),
        DivideLegal(K.SPLIT, parse("As Ad 3h 2c"), sizes=(2, 2), splits=(parse_hands("As 2c / Ad 3h"),)),
        PlaceLegal(K.PLACE, parse("Kd 7c"), rows=("front", "back")),
    ],
)
def test_every_descriptor_makes_and_samples_only_legal_actions(legal: Legal) -> None:
    rng = random.Random(3)
    assert legal.make() in legal
    assert all(legal.sample(rng) in legal for _ in range(50))
    assert legal.make().kind is legal.kind and Fold() not in legal


def test_sensible_parts_with_what_helps_least_and_declines_what_it_cannot_weigh() -> None:
    game = load("holdem")
    hand = Hand(game, [100, 100], deck="As Kd Ah 7c")  # seat 1 holds As Ah
    bot = SensibleBot(random.Random(0))

    def decide(*legal: Legal) -> str:
        return str(bot.choose(Turn(1, legal, partial(hand.view, 1), game)))

    mine = parse("As Ah 2c")
    assert decide(CardsLegal(K.DISCARD, mine, min=1, max=1)) == "discard 2c"
    assert decide(CardsLegal(K.PASS, mine, min=1, max=1)) == "pass 2c"
    assert decide(ChoiceLegal(K.BUY, ("card",), prices=(5,)), PlainLegal(K.DECLINE)) == "decline"
    assert decide(PlainLegal(K.KEEP), PlainLegal(K.PUSH)) == "keep"
    seven = parse("2c As 7d Ad Kh Qs 3h")
    assert decide(DivideLegal(K.SPLIT, seven, sizes=(5, 2))) == "split As Ad 7d 3h 2c / Kh Qs"  # the pair, the best two


def _to_insurance(deck: str) -> tuple[Hand, int]:
    """Push for three (rules 003), played to the Insurance: seat 0 bets and raises all the way,
    the others call and keep every card."""
    game = load("push")
    hand = Hand(game, [500] * 3, deck=deck)
    while hand.legal_actions(seat := hand.pending()[0])[0].kind != K.BUY:
        legal = hand.legal_actions(seat)
        raising = next((option for option in legal if option.kind in (K.BET_TO, K.RAISE_TO)), None)
        hand.act(seat, raising.make() if seat == 0 and raising else CallerBot().choose(_turn(hand, seat)))
    return hand, seat


def test_sensible_buys_insurance_to_throw_the_card_that_spoils_its_low() -> None:
    """Rules 003: a buyer "push[es] any one of his cards (up or down) to the discard pile", and "a
    player with four cards after Insurance plays them as they are": 7-5-4-3 once the king goes,
    against opponents showing a pair or a queen. Holding trip sevens instead, it keeps its cards."""
    bot = SensibleBot(random.Random(1))
    hand, seat = _to_insurance("7h Ks Kd 5c 5s 9c 4d 4s 9h 3c Qh Qd Kc 2h 2s 3d")
    mine = hand.view(seat).seats[seat]
    assert (format_cards(mine.down or ()), format_cards(mine.up)) == ("7h", "5c 4d 3c Kc")
    buy = bot.choose(_turn(hand, seat))
    assert str(buy) == "buy insurance"
    hand.act(seat, buy)
    discard = bot.choose(_turn(hand, seat))
    assert str(discard) == "discard Kc"
    hand.act(seat, discard)
    # the estimate deals no fifth card in its place, and judges the short hand with the others' on one scale
    short = estimate(hand.game, hand.view(seat), trials=200, rng=random.Random(4))
    assert short.side("high") < 0.1 and short.side("low") > 0.6
    trips, seat = _to_insurance("7h Ks Kd 5c 5s 9c 7d 4s 9h 7c Qh Qd Kc 2h 2s 3d")
    assert format_cards(trips.view(seat).seats[seat].up) == "5c 7d 7c Kc"
    assert str(bot.choose(_turn(trips, seat))) == "decline"


def _option_view(down: str, up: str, pot: int) -> tuple[View, Game]:
    """A view of The Option for three at seat 1, holding ``down`` and ``up`` (the others showing
    four small mixed cards each), ``pot`` in the middle."""
    game = load("the-option")
    view = Hand(game, [500] * 3, seed=1).view(1)
    shown = {0: parse("8c 6d 5h 2d"), 2: parse("Jd Tc 6c 4h")}
    seats = tuple(
        replace(seat, down=parse(down), down_count=len(parse(down)), up=parse(up))
        if seat.seat == 1
        else replace(seat, up=shown[seat.seat], down_count=2)
        for seat in view.seats
    )
    return replace(view, seats=seats, pot=pot), game


def test_sensible_buys_the_option_for_the_wild_cards_it_gives_and_rolls_the_card_that_frees_them() -> None:
    """Rules 001: for high "each player's lowest down card (and all other cards in their hand of the
    same rank) is wild", and a buyer of the Option "turns a card up normally". Holding 9h 9s down
    and Kc Kd 7d 5s up, a seventh card lower than a nine would be the wild card (a full house);
    rolling it up instead makes both nines wild (four kings): worth the big bet in a big pot, not
    in an empty one. And with all seven cards, it rolls the card that frees the nines."""
    bot = SensibleBot(random.Random(2))
    offer = (ChoiceLegal(K.BUY, ("option",), prices=(10,)), PlainLegal(K.DECLINE))

    def decide(view: View, game: Game, *legal: Legal) -> str:
        return str(bot.choose(Turn(1, legal, lambda: view, game)))

    assert decide(*_option_view("9h 9s", "Kc Kd 7d 5s", pot=400), *offer) == "buy option"
    assert decide(*_option_view("9h 9s", "Kc Kd 7d 5s", pot=0), *offer) == "decline"
    roll = CardsLegal(K.ROLL, parse("9h 9s 3d"), min=1, max=1)
    assert decide(*_option_view("9h 9s 3d", "Kc Kd 7d 5s", pot=100), roll) == "roll 3d"
