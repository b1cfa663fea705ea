"""The casino games of rules 004 (issue 6): "Popular poker variants", "more common rule variations",
and the games named after them. Each test quotes the sentence of the document it checks."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from homegame.cards import parse
from homegame.engine import BetTo, BringIn, Call, Check, Draw, Hand, RaiseTo
from homegame.engine.actions import Discard, Roll
from homegame.engine.events import Won
from homegame.engine.game import Game
from homegame.engine.steps.deal import Deal
from homegame.engine.steps.roll import Rolled
from homegame.engine.steps.showdown import Showdown
from homegame.errors import GameSpecError
from homegame.games import load, load_text
from homegame.ranking import HandValue


def stacked(game: Game, seats: int, button: int, hole: dict[int, str], board: str = "") -> str:
    """The deck that deals each seat its ``hole`` cards (in the order dealt) and the board ``board``,
    everyone staying in; burned cards are cards nobody is dealt."""
    holes = {seat: deque(parse(cards)) for seat, cards in hole.items()}
    boards = deque(parse(board))
    named = {card for cards in holes.values() for card in cards} | set(boards)
    spare = deque(card for card in game.deck.cards() if card not in named)
    order = [(button + 1 + index) % seats for index in range(seats)]
    deck = []
    for step in game.steps:
        if isinstance(step, Deal):
            if any(len(holes.get(seat, ())) < len(step.cards) for seat in order) or len(boards) < step.board:
                break  # the rest of the deck follows in its fixed order
            deck += [spare.popleft() for _ in range(step.burn)]
            deck += [holes[seat].popleft() for _ in step.cards for seat in order]
            deck += [boards.popleft() for _ in range(step.board)]
    return " ".join(map(str, deck))


def check_down(hand: Hand) -> None:
    """Everyone still in checks, calls or brings in (and rolls up their first card) until the hand is over."""
    while not hand.over:
        check_down_once(hand)


def check_down_once(hand: Hand) -> None:
    seat = hand.pending()[0]
    legal = {option.kind: option for option in hand.legal_actions(seat)}
    if "roll" in legal:
        hand.act(seat, Roll(legal["roll"].cards[:1]))
    else:
        hand.act(seat, Check() if "check" in legal else Call() if "call" in legal else BringIn())


def winners(hand: Hand) -> dict[str, set[int]]:
    sides: dict[str, set[int]] = {}
    for event in hand.events:
        if isinstance(event, Won):
            sides.setdefault(event.side, set()).add(event.seat)
    return sides


def contest(game: str, side: str) -> Showdown:
    showdown = next(step for step in load(game).steps if isinstance(step, Showdown))
    return next(c for c in showdown.contests if c.side == side)  # type: ignore[return-value]


def value(game: str, side: str, hole: str, board: str = "") -> HandValue:
    return contest(game, side).judge.value(parse(hole), parse(board))  # type: ignore[attr-defined]


def test_nobody_raises_when_nobody_is_left_to_answer() -> None:
    # Seat 0 is all in for 30; the big blind has 20 in all: the small blind may call or fold, no more.
    hand = Hand(load("holdem"), [30, 300, 20], button=0, seed=1)
    hand.act(0, RaiseTo(30))
    assert [legal.kind for legal in hand.legal_actions(1)] == ["fold", "call"]


# -- community card poker --------------------------------------------------------------------------


def test_pineapple_discards_at_once_right_after_the_deal() -> None:
    # "The most common variation is to discard immediately as in Pineapple"
    hand = Hand(load("pineapple"), [100, 100, 100], button=2, seed=4)
    assert hand.pending() == (0, 1, 2)  # everyone at once, before any betting
    legal = hand.legal_actions(1)
    assert [(option.kind, option.min, option.max, len(option.cards)) for option in legal] == [("discard", 1, 1, 3)]
    thrown = legal[0].cards[0]
    hand.act(1, Discard((thrown,)))
    for seat in (0, 2):
        assert thrown not in {card for event in hand.view(seat).events for card in getattr(event, "cards", ())}
    hand.act(0, Discard(hand.legal_actions(0)[0].cards[:1]))
    hand.act(2, Discard(hand.legal_actions(2)[0].cards[:1]))
    assert [len(hand.down[seat]) for seat in range(3)] == [2, 2, 2]
    assert thrown in hand.muck and hand.legal_actions(hand.pending()[0])[0].kind in ("fold", "call")


def test_crazy_pineapple_keeps_three_cards_through_the_flop() -> None:
    hand = Hand(load("crazy-pineapple"), [100, 100], button=1, seed=2)
    while not any(legal.kind == "discard" for seat in hand.pending() for legal in hand.legal_actions(seat)):
        check_down_once(hand)
    assert len(hand.board) == 3 and [len(hand.down[seat]) for seat in (0, 1)] == [3, 3]


def test_short_deck_a_6_7_8_9_and_flush_over_full_house() -> None:
    # "when using a 36-card deck with 6's low, A-6-7-8-9 is a low straight"; "a Flush is sometimes
    # ranked above a Full House in such games"
    game = load("short-deck")
    assert game.deck.size == 36
    assert value("short-deck", "high", "As 6d", "7c 8h 9s Kd Kh").name == "nine-high straight"
    flush = value("short-deck", "high", "Ah Th", "7h 8h Kh Kd Ks")
    full = value("short-deck", "high", "Ac Ad", "7h 8h Kh Kd Ks")
    assert flush > full
    deck = stacked(game, 2, 1, {0: "Ah Th", 1: "Ac Ad"}, "7h 8h Kh Kd Ks")
    hand = Hand(game, [50, 50], button=1, deck=deck)
    check_down(hand)
    assert winners(hand) == {"high": {0}}


def test_spanish_game_eight_to_ace_one_card_at_a_time_both_hole_cards() -> None:
    # "A popular poker game in Spain is played with cards 8-A. It is played similar to hold'em,
    # except that one card is dealt at a time and a player must use both hole cards."
    game = load("spanish-holdem")
    assert game.deck.size == 28 and min(card.rank for card in game.deck.cards()) == 8  # type: ignore[type-var]
    assert [step.board for step in game.steps if isinstance(step, Deal) and step.board] == [1, 1, 1, 1, 1]
    # four spades on the board and one in the hand is no flush: both hole cards play
    assert value("spanish-holdem", "high", "As 8d", "Ks Qs Js 9s 8c").name == "pair of eights"
    assert value("spanish-holdem", "high", "Ts 8d", "9s Js Qs Kc Ah").name == "queen-high straight"
    assert value("holdem", "high", "Ts 8d", "9s Js Qs Kc Ah").name == "ace-high straight"


OMAHAS = {"omaha": 4, "omaha-hi-lo": 4, "pot-limit-omaha-hi-lo": 4, "five-card-omaha": 5, "big-o": 5}
OMAHAS |= {"six-card-omaha": 6, "courchevel": 5, "courchevel-hi-lo": 5}


@pytest.mark.parametrize("name", sorted(OMAHAS))
def test_omaha_games_use_exactly_two_hole_cards(name: str) -> None:
    game = load(name)
    holes = next(len(step.cards) for step in game.steps if isinstance(step, Deal) and step.cards)
    assert holes == OMAHAS[name]
    hole = " ".join(["As Kd 7c 2h", "3c", "4d"][: holes - 3])
    assert value(name, "high", hole, "Qs Js Ts 9s 3s").name == "ace-high straight"


@pytest.mark.parametrize("name", ["courchevel", "courchevel-hi-lo"])
def test_courchevel_shows_the_first_flop_card_before_the_first_round(name: str) -> None:
    """PokerStars's rules of Courchevel: five hole cards, and the first card of the flop dealt face up
    with them, before the first betting round; the flop's other two come after it."""
    game = load(name)
    deal = stacked(game, 3, 2, {0: "As Ah 2c 3c 4c", 1: "Ks Kh 7d 8d 9d", 2: "Qs Qh Jd Td 6s"}, "Ac 2d 3d Kc 5h")
    hand = Hand(game, [100, 100, 100], button=2, deck=deal)
    assert [str(card) for card in hand.board] == ["Ac"] and not hand.over  # the first round is to come
    check_down(hand)
    assert [str(card) for card in hand.board] == ["Ac", "2d", "3d", "Kc", "5h"]
    expected = {"high": {0}, "low": {0}} if name == "courchevel-hi-lo" else {"high": {0}}
    assert winners(hand) == expected  # three aces and the wheel for seat 0 (two of its own, three of the board)


def test_hi_lo_low_must_qualify_eight_or_better() -> None:
    # "Generally there is a qualifier for the low hand. For example, the low hand must have 5 cards
    # with ranks of 8 or less."
    game = load("omaha-hi-lo")
    board = "Kd 9c 2h 3d 4s"
    assert not value("omaha-hi-lo", "low", "Ac 9s Kh Qd", board).qualified  # 9-4-3-2-A: no low
    deck = stacked(game, 2, 1, {0: "Ac 5s Kh Qd", 1: "Kc Ks 5h 6h"}, board)
    split = Hand(game, [60, 60], button=1, deck=deck)
    check_down(split)
    assert winners(split) == {"high": {1}, "low": {0}}
    deck = stacked(game, 2, 1, {0: "Ac 9s Kh Qd", 1: "Kc Ks Jh Jd"}, board)
    scoop = Hand(game, [60, 60], button=1, deck=deck)
    check_down(scoop)
    assert winners(scoop) == {"high": {1}} and scoop.stacks[1] > 60


def test_stud_hi_lo_chooses_the_best_five_for_low() -> None:
    # "a player in Seven Card Stud Hi-Lo 8 or Better whose cards are 10-8-6-6-3-2-A can omit the 10
    # and one of the 6's to create a qualifying hand for low"
    low = value("stud-hi-lo", "low", "Td 8c 6s 6h 3d 2c Ah")
    assert low.qualified and low.name == "8-6-3-2-A low"


def test_stud_hi_lo_an_unsuited_broken_straight_wins_low() -> None:
    # "so that an unsuited broken straight (7-5-4-3-2) wins low"
    assert value("stud-hi-lo", "low", "7c 5d 4h 3s 2c Kd Kh") > value("stud-hi-lo", "low", "8c 5d 4h 3s 2c Kd Kh")


# -- stud poker ------------------------------------------------------------------------------------


def test_razz_is_ace_to_five_lowball() -> None:
    # "Lowball: The lowest hand wins the pot ... The most common variants are Razz and 2-7 Triple Draw";
    # "So the best low hand is 5-4-3-2-A, suited or not."
    wheel = value("razz", "low", "5h 4h 3h 2h Ah Kc Kd")
    assert wheel.name == "wheel" and wheel > value("razz", "low", "6c 4d 3h 2s Ac Kc Kd")
    assert value("razz", "low", "6c 5d 4h 3s 2c Kd Kh") > value("razz", "low", "7c 4d 3h 2s Ac Kd Kh")


def test_razz_the_highest_card_brings_in_aces_low() -> None:
    game = load("razz")
    deck = stacked(game, 3, 2, {0: "2c 3c Kd", 1: "2d 3d Ac", 2: "2h 3h Qs"})
    hand = Hand(game, [50, 50, 50], button=2, deck=deck)
    assert hand.pending() == (0,) and [legal.kind for legal in hand.legal_actions(0)] == ["bring_in", "complete"]


def test_five_card_stud_one_down_four_up() -> None:
    # "The most common of these are five-card stud and seven-card stud."
    hand = Hand(load("five-card-stud"), [100, 100, 100], seed=6)
    check_down(hand)
    assert {(len(hand.down[seat]), len(hand.up[seat])) for seat in range(3)} == {(1, 4)}


def test_mexican_stud_rolls_one_of_two_down_cards_each_street() -> None:
    # "Two cards are dealt face down, and the players roll one card up. The game continues just as in
    # Five-card Stud, except the cards are dealt face down, and each player then decides which of the
    # two down cards is exposed."
    hand = Hand(load("mexican-stud"), [100, 100], seed=8)
    streets = 0
    while not hand.over:
        if set(hand.pending()) == {0, 1}:
            streets += 1
            assert [len(hand.down[seat]) for seat in (0, 1)] == [2, 2]
            choice = hand.legal_actions(1)[0].cards[1]
            hand.act(1, Roll((choice,)))
            assert choice not in hand.view(0).seats[1].up  # secret until both have chosen
            hand.act(0, Roll(hand.legal_actions(0)[0].cards[:1]))
            assert hand.up[1][-1] == choice
        else:
            check_down_once(hand)
    assert streets == 4 and [(len(hand.down[seat]), len(hand.up[seat])) for seat in (0, 1)] == [(1, 4), (1, 4)]


def test_roll_your_own_seven_card_stud_rolls_only_the_first_three() -> None:
    # "In a game like Seven-card Stud, the 'roll' action only applies to the first 3 cards, all of
    # which are dealt face down. Each player then determines which card to expose."
    hand = Hand(load("roll-your-own"), [100, 100], seed=9)
    assert set(hand.pending()) == {0, 1} and all(len(hand.down[seat]) == 3 for seat in (0, 1))
    for seat in (0, 1):
        hand.act(seat, Roll(hand.legal_actions(seat)[0].cards[2:]))
    assert [(len(hand.down[seat]), len(hand.up[seat])) for seat in (0, 1)] == [(2, 1), (2, 1)]
    check_down(hand)
    assert sum(isinstance(event, Rolled) for event in hand.events) == 2
    assert [(len(hand.down[seat]), len(hand.up[seat])) for seat in (0, 1)] == [(3, 4), (3, 4)]


# -- draw poker ------------------------------------------------------------------------------------


def test_deuce_to_seven() -> None:
    # "The best hand in this form is 7-5-4-3-2 in mixed suits"; "A-2-3-4-5 is not a straight, but
    # ranks between K-Q-J-10-8 and A-6-4-3-2"
    best = value("2-7-triple-draw", "low", "7c 5d 4h 3s 2c")
    assert best > value("2-7-triple-draw", "low", "7c 6d 4h 3s 2c")
    assert best > value("2-7-triple-draw", "low", "7h 5h 4h 3h 2h")  # a flush counts against you
    wheel = value("2-7-single-draw", "low", "As 2d 3c 4h 5s")
    assert value("2-7-single-draw", "low", "Kc Qd Jh Ts 8c") > wheel > value("2-7-single-draw", "low", "Ac 6d 4h 3s 2c")


def test_draw_games_structures() -> None:
    assert load("2-7-single-draw").betting.value == "no-limit"
    for name in ("2-7-triple-draw", "a-5-triple-draw", "badugi"):
        game = load(name)
        assert game.betting.value == "fixed-limit" and sum(step.kind == "draw" for step in game.steps) == 3
    assert value("badugi", "low", "Kc Qd Jh Ts") > value("badugi", "low", "Ac 2c 3d 4h")


def test_a_discard_timed_by_a_house_rule_names_one() -> None:
    text = Path(load("pineapple").path).read_text()
    text = text.replace('kind = "discard"\ncount = 1', 'kind = "discard"\ncount = 1\nwhen = { timing = "now" }')
    with pytest.raises(GameSpecError, match=r"steps\[2\]\.when: the game has no house rule 'timing'"):
        load_text(text, "pineapple.toml")


# -- the others named in the document ----------------------------------------------------------------


def test_countdown_three_two_one_cards_at_doubling_prices() -> None:
    # "each player may choose to replace zero to three cards ... zero to two cards ... one card";
    # "The cost of cards doubles each round." "they put the cost of the cards in the pot."
    game = load("countdown")
    assert game.players == (2, 4)  # "This game will only work with 4 players (or fewer)"
    hand = Hand(game, [200, 200], button=1, options={"card_price": 10}, seed=3)
    paid = []
    while not hand.over:
        seat = hand.pending()[0]
        legal = {option.kind: option for option in hand.legal_actions(seat)}
        if "draw" in legal:
            paid.append((legal["draw"].max, legal["draw"].price))
            pot = hand.pot
            hand.act(seat, Draw(legal["draw"].cards[: legal["draw"].max]))
            assert hand.pot == pot + legal["draw"].max * legal["draw"].price
        else:
            hand.act(seat, Check() if "check" in legal else Call())
    assert paid == [(3, 10), (3, 10), (2, 20), (2, 20), (1, 40), (1, 40)]


def test_countdown_you_draw_only_what_you_can_pay_for() -> None:
    hand = Hand(load("countdown"), [100, 12], button=1, options={"card_price": 5}, seed=3)
    hand.act(0, Check())
    hand.act(1, Check())
    assert hand.legal_actions(0)[0].max == 3 and hand.legal_actions(0)[0].price == 5
    hand.act(0, Draw(()))
    assert hand.legal_actions(1)[0].max == 2  # 11 chips left after the ante: two cards at 5


def test_billabong_the_board_counts_in_the_hand_showing() -> None:
    # "beginning with the player with the best exposed partial poker hand (counting the community
    # cards, as in Oxford stud)"
    game = load("billabong")
    deck = stacked(game, 3, 2, {0: "2c 3c Kd", 1: "2d 3d 7c", 2: "2h 4h Ah"}, "7h 8s")
    hand = Hand(game, [100, 100, 100], button=2, deck=deck)
    assert hand.pending() == (1,)  # the lowest up card, the seven, brings in
    check_down_once(hand)
    while not hand.board:
        check_down_once(hand)
    assert hand.pending() == (1,)  # the seven pairs the board: the best hand showing


def test_billabong_without_a_bring_in_the_high_card_starts() -> None:
    # "Low up-card starts the betting with a Bring-in if you are playing with one, otherwise high
    # card starts the betting."
    game = load("billabong")
    deck = stacked(game, 3, 2, {0: "2c 3c Kd", 1: "2d 3d 7c", 2: "2h 4h Ah"})
    hand = Hand(game, [100, 100, 100], button=2, deck=deck, options={"bring_in": False})
    assert hand.pending() == (2,)
    assert [legal.kind for legal in hand.legal_actions(2)] == ["check", "bet_to"]


@pytest.mark.parametrize("timing", ["immediately", "before-showdown"])
def test_shanghai_discards_one_of_three_down_cards_when_the_house_says(timing: str) -> None:
    # "each player must discard one of his hole cards at some point during the game as determined
    # ahead of time. The most common variation is to discard immediately as in Pineapple; the second
    # most common is to discard just before showdown as in Tahoe."
    hand = Hand(load("shanghai"), [100, 100], button=1, seed=5, options={"discard": timing})
    first = {legal.kind for seat in hand.pending() for legal in hand.legal_actions(seat)}
    assert ("discard" in first) == (timing == "immediately")
    discards = []
    while not hand.over:
        seat = hand.pending()[0]
        legal = {option.kind: option for option in hand.legal_actions(seat)}
        if "discard" in legal:
            discards.append(len(hand.board))
            hand.act(seat, Discard(legal["discard"].cards[:1]))
        else:
            check_down_once(hand)
    assert discards == [0, 0] if timing == "immediately" else discards == [4, 4]
    assert [(len(hand.down[seat]), len(hand.up[seat])) for seat in (0, 1)] == [(2, 1), (2, 1)]


def test_kuhn_poker_three_cards_one_bet() -> None:
    # "Kuhn poker, using a three card deck, ... can be played by two players."
    game = load("kuhn")
    assert game.deck.size == 3 and game.players == (2, 2)
    hand = Hand(game, [10, 10], button=1, deck="Qs Ks Js")
    hand.act(0, BetTo(1))
    assert [legal.kind for legal in hand.legal_actions(1)] == ["fold", "call"]  # no raise
    hand.act(1, Call())
    assert winners(hand) == {"high": {1}} and hand.stacks == [8, 12]
