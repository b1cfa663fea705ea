"""Rules fidelity, the corners casino and home players notice (issue 19): each test quotes the
clause it holds, or names the casino convention and the house rule that turns it off."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pytest

from homegame.bots import CallerBot, RandomBot, Turn, play
from homegame.bots.sensible import SensibleBot
from homegame.cards import Card
from homegame.cli import main
from homegame.engine import Action, BetTo, Call, Check, Declare, Fold, Game, Hand, RaiseTo, Table
from homegame.engine.actions import ActionKind, AmountLegal, BringIn, Buy, Discard, Keep, Push, Roll
from homegame.engine.events import Dealt, Event, Won
from homegame.engine.steps.bet import BettingRound
from homegame.engine.steps.buy import Bought
from homegame.engine.steps.kill import Killed
from homegame.engine.table import FixedGame
from homegame.errors import GameSpecError, IllegalActionError, ParseError
from homegame.games import load, load_text
from homegame.games.mixes import load_mix
from homegame.history import dumps, loads, to_phh
from homegame.history.replay import replay
from homegame.ranking import get
from homegame.ranking.poker import PokerRanking
from test_casino import check_down, check_down_once, stacked
from test_classics import GUTS, guts, matches, stud_deck
from test_invariants import check_chips


def winners(hand: Hand) -> set[int]:
    return {event.seat for event in hand.events if isinstance(event, Won)}


def test_short_deck_triton_order_is_a_house_rule() -> None:
    # Item 4: short-deck hold'em as Triton plays it, three of a kind over a straight (a flush
    # still over a full house); by default the ordinary order, where the straight wins.
    game = load("short-deck")
    deck = stacked(game, 2, 1, {0: "6c 6d", 1: "Tc Jd"}, "6h 7s 8d 9h Kc")

    def showdown(**options: object) -> set[int]:
        hand = Hand(game, [100, 100], button=1, deck=deck, options=options)
        check_down(hand)
        return winners(hand)

    assert showdown() == {1}
    assert showdown(three_of_a_kind_beats_straight=True) == {0}
    assert "three_of_a_kind_beats_straight" in game.rules


def test_equal_single_up_cards_the_suit_decides_who_bets_first() -> None:
    # Item 6. Rule 004: suit ranking is used for "deciding who bets first in stud poker according
    # to the highest or lowest upcard"; rules 003 (Push): "Highest face up card starts the betting".
    push = Hand(load("push"), [100, 100, 100], button=2, deck="5s 2h Tc  Kc Kh 4d")
    while not any(legal.kind in ("check", "bet_to") for legal in push.legal_actions(push.pending()[0])):
        push.act(push.pending()[0], Keep())
    assert [str(cards[0]) for cards in push.up] == ["Kc", "Kh", "4d"]
    assert push.pending() == (1,)  # the king of hearts over the king of clubs, not the first to the left
    # Billabong without a bring-in: "otherwise high card starts the betting"
    game = load("billabong")
    deck = stacked(game, 3, 2, {0: "2c 3c Kd", 1: "2d 3d Kh", 2: "2h 4h 9s"})
    assert Hand(game, [100, 100, 100], button=2, deck=deck, options={"bring_in": False}).pending() == (1,)


def test_equal_single_up_cards_in_shanghai_and_the_options_first_round_the_suit_decides() -> None:
    # Item 6, the two games the issue names besides Push and Billabong. Rule 004: suit ranking is
    # used for "deciding who bets first in stud poker according to the highest or lowest upcard".
    # In each, position would choose seat 0 (left of the button), the suit chooses seat 1.
    shanghai = load("shanghai")  # without a bring-in: "the highest card showing starts the betting"
    deck = stacked(shanghai, 3, 2, {0: "2c 3c 4c Kd", 1: "2d 3d 4d Kh", 2: "2h 5h 9h 7s"})
    hand = Hand(shanghai, [100, 100, 100], button=2, deck=deck, options={"bring_in": False})
    for seat in hand.pending():  # everyone throws away a down card at once
        hand.act(seat, Discard(tuple(hand.down[seat][:1])))
    assert [str(cards[0]) for cards in hand.up] == ["Kd", "Kh", "7s"] and hand.pending() == (1,)
    option = load("the-option")  # "begun by the best hand showing (between equal single cards the suit decides)"
    deck = stacked(option, 3, 2, {0: "Kc 2d 3h", 1: "Kh 4c 5d", 2: "9s 6c 7d"})
    hand = Hand(option, [100, 100, 100], button=2, deck=deck)
    for seat in hand.pending():  # all turn a card up together
        hand.act(seat, Roll(tuple(hand.down[seat][:1])))
    assert [str(cards[0]) for cards in hand.up] == ["Kc", "Kh", "9s"] and hand.pending() == (1,)


def test_equal_hands_showing_on_later_streets_go_by_position() -> None:
    # Item 6: as in casino stud, two equal hands showing more than one card: the first to the left.
    game = load("stud")
    deck = stacked(game, 3, 2, {0: "2c 3c Kd Qd", 1: "2d 3d Kh Qh", 2: "4h 5h 2s 7s"})
    hand = Hand(game, [100, 100, 100], button=2, deck=deck)
    while len(hand.up[0]) < 2:
        check_down_once(hand)
    assert hand.pending() == (0,)


def test_stud_the_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    # Item 7. Rule 004: suit order is used for "allocating a chip that is left over" (casino stud
    # gives it to the high card by suit); house rule odd_chip = position keeps the first winner left
    # of the button, as flop and draw games do.
    game = load("stud")
    hole = {0: "Ac Kc Qc Jd 9h 4s 3d", 1: "Ad Kd Qd Js 9c 4h 3c", 2: "2h 5s 6d 7c 8s Ts 3s"}
    deck = stacked(game, 3, 2, hole)

    def split(**options: object) -> list[tuple[int, int]]:
        hand = Hand(game, [100, 100, 100], button=2, deck=deck, options=options)
        check_down(hand)
        return [(event.seat, event.amount) for event in hand.events if isinstance(event, Won)]

    assert split() == [(1, 5), (0, 4)]  # the ace of diamonds over the ace of clubs
    assert split(odd_chip="position") == [(0, 5), (1, 4)]
    assert load("holdem").option_values()["odd_chip"] == "position"
    for name in ("stud", "razz", "stud-hi-lo", "baseball"):
        assert load(name).option_values()["odd_chip"] == "suit" and "odd_chip = position" in " ".join(
            load(name).rules.split()
        )


def test_in_low_games_the_odd_chip_goes_to_the_lowest_card_by_suit() -> None:
    # Robert's Rules of Poker, Ties: "In stud, the odd chip goes to the high card by suit in a high
    # game and to the low card by suit in a low game" (all cards used); in razz the ace is the lowest.
    # Seat 0 holds the highest card (Ks), seat 1 the lowest (Ac): the odd chip is seat 1's.
    game = load("razz")
    hole = {0: "Ad 2d 3d 4s 5c Kh Ks", 1: "Ac 2c 3c 4d 5h Qc Qs", 2: "9h Td Jd Jc Tc Ts 9d"}
    deck = stacked(game, 3, 2, hole)

    def split(**options: object) -> list[tuple[int, int]]:
        hand = Hand(game, [100, 100, 100], button=2, deck=deck, options=options)
        check_down(hand)
        return [(event.seat, event.amount) for event in hand.events if isinstance(event, Won)]

    assert split() == [(1, 5), (0, 4)]
    assert split(odd_chip="position") == [(0, 5), (1, 4)]
    assert "lowest card, by suit (aces low" in " ".join(game.rules.split())


def test_a_shared_declare_pot_gives_its_odd_chip_to_the_highest_card() -> None:
    # Stud declare's text: "Between tied hands an odd chip goes to the one holding the highest card,
    # by suit". Seats 0 and 1 both declare both and each loses a side: they share the pot of 19,
    # and the odd chip goes to seat 1's ace of clubs, not to the first seat left of the button.
    deck = "2h Ac Ts  3h 2c Td  Kd Qs 2s  4h 3d 7s  5h 4s 8d  Kc Qd Jc  9h 6c Js"

    def split(**options: object) -> list[tuple[int, int]]:
        hand = Hand(load("stud-declare"), [100, 100, 100], button=2, deck=deck, options=options)
        hand.act(2, BringIn())
        hand.act(0, Call())
        hand.act(1, Call())
        hand.act(0, BetTo(5))
        while len(hand.pending()) == 1:  # seat 2 folds to the bet, the others call it down
            seat = hand.pending()[0]
            kinds = {legal.kind for legal in hand.legal_actions(seat)}
            hand.act(seat, Fold() if seat == 2 and "fold" in kinds else Check() if "check" in kinds else Call())
        hand.act(0, Declare("both"))
        hand.act(1, Declare("both"))
        return [(event.seat, event.amount) for event in hand.events if isinstance(event, Won)]

    assert split() == [(1, 10), (0, 9)]
    assert split(odd_chip="position") == [(0, 10), (1, 9)]


def test_flop_games_give_the_odd_chip_by_position_and_by_suit_under_the_house_rule() -> None:
    # Item 7: "flop and draw games keep the first winner left of the button; both remain house
    # rules". Both play the board's straight; the pot of 5 (the small blind folded) splits 3 and 2.
    game = load("holdem")
    deck = stacked(game, 3, 2, {0: "2c 3d", 1: "Kc Qd", 2: "Ks Qh"}, "5c 6d 7h 8s 9c")

    def split(**options: object) -> list[tuple[int, int]]:
        hand = Hand(game, [100, 100, 100], button=2, deck=deck, options=options)
        hand.act(2, Call())
        hand.act(0, Fold())
        check_down(hand)
        return [(event.seat, event.amount) for event in hand.events if isinstance(event, Won)]

    assert split() == [(1, 3), (2, 2)]  # the first winner left of the button
    assert split(odd_chip="suit") == [(2, 3), (1, 2)]  # the king of spades over the king of clubs


def test_push_the_dealer_pays_a_chip_to_push_to_the_discard_pile() -> None:
    # Item 9. Rules 003: "If dealer wants to push, he pays a chip and pushes to the discard pile":
    # one chip of the lowest value, whatever the house's push price for the others.
    hand = Hand(load("push"), [100, 100, 100], button=2, deck="5s 2h Tc  Kc 3d Kh 4d 9s", options={"push_price": 3})
    hand.act(0, Push())  # the Kc goes on to seat 1; seat 0 buys the 3d for 3
    hand.act(1, Keep())
    assert [str(legal) for legal in hand.legal_actions(2)][-1].startswith("push")
    hand.act(2, Push())  # the dealer pushes the Kh to the discard pile and buys the 4d for one chip
    bought = [(event.seat, event.price) for event in hand.events if isinstance(event, Bought)]
    assert bought == [(0, 3), (2, 1)]
    assert hand.stacks == [97, 100, 99]


def test_push_insurance_costs_10_to_20_chips() -> None:
    # Item 10. Rules 003: "he must pay the pot a chip value of 10 to 20 times higher than the lowest
    # chip value": the house rule insurance_price is held to that range.
    game = load("push")
    assert Hand(game, [100, 100, 100], seed=1, options={"insurance_price": 20}).options["insurance_price"] == 20
    for price in (9, 25):
        with pytest.raises(ParseError, match=r"insurance_price=\d+: must be a whole number 10\.\.20"):
            Hand(game, [100, 100, 100], seed=1, options={"insurance_price": price})


def test_guts_the_losers_match_or_double_the_pot() -> None:
    # Item 12. Rule 004: "The losers of rounds of guts generally match or double the pot".
    assert matches(guts(GUTS, "iii")) == [(1, 3), (2, 3)]
    assert matches(guts(GUTS, "iii", losers_pay="double")) == [(1, 6), (2, 6)]
    assert matches(guts(GUTS, "iii", carried=40, losers_pay="double", match_cap=50)) == [(1, 50), (2, 50)]
    assert "losers_pay" in load("guts").rules


def guts_choice(cards: str) -> str:
    """What the sensible bot in seat 0 of four declares, holding ``cards`` before a pot of antes."""
    game = load("guts")
    hand = Hand(game, [100] * 4, button=3, deck=stud_deck(cards, "Kc Kd Ks", "Qc Qd Qs", "Jc Jd Js"))
    action = SensibleBot(random.Random(0)).choose(Turn(0, hand.legal_actions(0), lambda: hand.view(0), game))
    assert isinstance(action, Declare)
    return action.side


def test_guts_bots_go_in_with_the_price_in_mind() -> None:
    # Item 13: in only when the pot it may win pays for the match it may owe.
    assert guts_choice("8c 3d 2h") == "out"
    assert guts_choice("Ac Ad 5h") == "in"
    table = Table(FixedGame(load("guts")), size=4, rng=random.Random(7))
    for seat in range(4):
        table.sit(seat, f"bot {seat}", 100)
    bots = [SensibleBot(random.Random(seat)) for seat in range(4)]
    for _ in range(100):
        hand = table.deal()
        play(hand, bots[: hand.seats])
        table.settle(hand)
    result = hand.result
    assert result is not None and all(result.stacks) and sum(result.stacks) + result.carried == 400  # nobody broke


def test_the_readings_the_documents_leave_open_are_written_down() -> None:
    # Where a document leaves a choice open, the game's rules text names the reading taken.
    def text(name: str) -> str:
        return " ".join(load(name).rules.split())

    for name in ("stud-declare", "push", "the-option", "good-bad", "elimination"):
        assert "every one of them fails, they share the pot equally" in text(name)
    assert "An emptied player who is all in wins at once only the pots they have a stake in" in text("elimination")
    for name in ("good-bad", "push"):
        assert "compared card by card from the top, a missing card worse than any card" in text(name)
    assert "the twist card is a sixth card, not a replacement" in text("draw-twist")
    for name in ("countdown", "baseball", "draw-twist", "push"):
        assert "a player already all in when it is paid cannot win it" in text(name)
    # Baseball's open three is folded to with no bet to face: the reading of a side pot nobody left may win.
    assert "it goes back to the last of them to fold, as the last player left in a pot wins it" in text("baseball")
    # 004: "In Greece, where hearts is the highest suit, A-K-Q-J-10 is called an Imperial Flush":
    # the reading taken, every royal flush is imperial, whatever its suit.
    assert "Every royal flush is imperial, whatever its suit" in " ".join((PokerRanking.__doc__ or "").split())
    greek = get("high", deck=36, imperial_flush=True)
    sixes, nines = greek.evaluate("6c 6d 6h 6s Ac"), greek.evaluate("9c 9d 9h 9s Ac")
    for suit in "shdc":  # beaten only by four of the lowest rank
        assert sixes > greek.evaluate(" ".join(rank + suit for rank in "AKQJT")) > nines
    # The kill game (004, variation 4) names no kill blind: the reading, none; the doubled stakes are the kill.
    assert "nobody posts a kill blind" in " ".join((Table.__doc__ or "").split())


def test_every_declarer_a_pig_and_all_fail_they_share_the_pot() -> None:
    # Seat 0 wins high with aces but not low; seat 1 wins low but not high: both declared both.
    game = load("stud-declare")
    hole = {0: "As Ad Ac Kd Qh Jc 9s", 1: "7c 5d 4h 3s 2c Kc Kh"}
    hand = Hand(game, [100, 100], button=1, deck=stacked(game, 2, 1, hole))
    while not hand.over:
        seat = hand.pending()[0]
        if any(legal.kind == "declare" for legal in hand.legal_actions(seat)):
            for seat in hand.pending():
                hand.act(seat, Declare("both"))
        else:
            check_down_once(hand)
    won = [(event.seat, event.amount) for event in hand.events if isinstance(event, Won)]
    assert sorted(seat for seat, _ in won) == [0, 1] and won[0][1] == won[1][1]


def test_a_scoop_may_cause_a_kill_in_a_split_game() -> None:
    # Item 11. Rule 004, variation 4: "In some split-pot games, a player winning both halves of the
    # pot may also cause a kill" (the house rule scoop_kills, off by default).
    hands = ("As 2d 3h 4c 5h Kd Qh", "Kc Ks 9s 9d 7c Jd Th", "Qc Qd Js Jc 8h 8s 6d")  # seat 0 scoops with the wheel

    def killer(**options: object) -> str | None:
        table = Table(load("stud-hi-lo"), size=3, rng=random.Random(7), kill=True, options=options)
        for seat in range(3):
            table.sit(seat, f"p{seat}", 200)
        hand = table.deal(deck=stud_deck(*hands, button=table.button))
        play(hand, [CallerBot()] * 3)
        assert {event.side for event in hand.events if isinstance(event, Won)} == {"high", "low"}
        table.settle(hand)
        return table.killer

    assert killer() is None
    assert killer(scoop_kills=True) == "p0"


def test_a_pot_won_whole_for_lack_of_a_qualifying_low_is_no_scoop() -> None:
    # Rule 004, variation 4: "a player winning both halves of the pot may also cause a kill"; a pot
    # won whole because no low qualified has no halves to win (written in the rules page).
    hands = ("As Kd Qh Jc 9h 9d 9s", "Kc Ks Ts Td 7c Jd Th", "Qc Qd Js 8c 8h 8s 6d")  # no low of 8 or better

    def killer(**options: object) -> str | None:
        table = Table(load("stud-hi-lo"), size=3, rng=random.Random(7), kill=True, options=options)
        for seat in range(3):
            table.sit(seat, f"p{seat}", 200)
        hand = table.deal(deck=stud_deck(*hands, button=table.button))
        play(hand, [CallerBot()] * 3)
        assert {event.side for event in hand.events if isinstance(event, Won)} == {"high"}
        table.settle(hand)
        return table.killer

    assert killer(scoop_kills=True) is None
    for name in ("omaha-hi-lo", "stud-declare", "push"):
        assert "no low qualified (or nobody declared the other side) is no scoop" in " ".join(load(name).rules.split())


def test_short_hands_compare_for_low_with_a_missing_card_worst() -> None:
    # Rule 004, incomplete hands: "any kicker that is present in the hand beats a missing kicker";
    # for low too, a missing card is the worst card (Push's and Good/Bad's texts say so).
    low = get("low-a5")
    assert low.evaluate("5c 4d 3h 2s") < low.evaluate("5d 4c 3s 2h Ac")  # the missing fifth card is worst
    assert low.evaluate("Kc Qd") < low.evaluate("Kc Qd Js")
    assert "a missing card worse than any card, for high and for low alike" in " ".join(load("good-bad").rules.split())


def test_anaconda_offers_the_qualifier_the_text_says_is_usual() -> None:
    # Rule 004, high-low split: "Generally there is a qualifier for the low hand"; Anaconda plays
    # without one by default and offers qualifier = 8 as a house rule, written in its rules page.
    game = load("anaconda")
    assert game.option_values()["qualifier"] == "none"
    assert "house rule qualifier = 8 plays eight or better" in " ".join(game.rules.split())
    contest = next(step for step in game.steps if step.kind == "showdown").contests[1]  # type: ignore[attr-defined]
    assert contest.under({"low": "low-a5", "qualifier": "8"}).ranking.qualifier == 8


def test_chicago_is_offered_in_seven_card_stud_only() -> None:
    # Rule 004: either Chicago "can be played in any stud high game"; the catalogue offers seven-card stud.
    for name in ("chicago", "low-chicago"):
        assert "offers it in seven-card stud only" in " ".join(load(name).rules.split())


def fourth_street(game: str, **options: object) -> Hand:
    """Three-handed seven-card stud: seat 0 pairs its kings showing on fourth street, and acts first."""
    spec = load(game)
    hole = {0: "2c 3c Kd Kh", 1: "4c 5c 9d 7s", 2: "6c 8c Td Js"}
    hand = Hand(spec, [200, 200, 200], button=2, deck=stacked(spec, 3, 2, hole), options=options)
    while len(hand.up[0]) < 2:
        check_down_once(hand)
    return hand


def test_stud_an_open_pair_on_fourth_street_gives_the_option_of_the_big_bet() -> None:
    # Item 8, the casino rule: "if an open pair shows on fourth street, any player may bet the
    # higher limit"; a house rule, on in stud high, off in stud hi-lo and razz.
    hand = fourth_street("stud")
    assert hand.pending() == (0,) and [str(legal) for legal in hand.legal_actions(0)] == ["check", "bet_to 5..10 by 5"]
    fourth = hand.decision
    assert isinstance(fourth, BettingRound) and fourth.double_bet_offered  # PokerStars text announces it
    with pytest.raises(IllegalActionError, match=r"5\.\.10 by 5"):
        hand.act(0, BetTo(7))
    hand.act(0, BetTo(5))
    assert [str(legal) for legal in hand.legal_actions(1)][-1] == "raise_to 10..15 by 5"  # a small or a big raise
    hand.act(1, RaiseTo(15))
    assert [str(legal) for legal in hand.legal_actions(2)][-1] == "raise_to 25"  # the big bet chosen: big bets on
    assert not fourth.double_bet_offered
    assert [str(legal) for legal in fourth_street("stud", open_pair_big_bet=False).legal_actions(0)][-1] == "bet_to 5"
    assert [str(legal) for legal in fourth_street("stud-hi-lo").legal_actions(0)][-1] == "bet_to 5"
    assert fourth_street("stud-hi-lo", open_pair_big_bet=True).legal_actions(0)[-1] == AmountLegal(
        ActionKind.BET_TO, min=5, max=10, step=5
    )


LOWBALL = ("2-7-single-draw", "2-7-triple-draw", "a-5-triple-draw", "lowball-joker")
"""The lowball games of the catalogue: the lowest hand wins, dealt two cards, the kill, three."""
FIVE_DOWN = '[[steps]]\nkind = "deal"\ncards = ["down", "down", "down", "down", "down"]\n'
TWO_KILL_THREE = (
    '[[steps]]\nkind = "deal"\ncards = ["down", "down"]\n\n[[steps]]\nkind = "kill"\n\n'
    '[[steps]]\nkind = "deal"\ncards = ["down", "down", "down"]\n'
)
KILL_BET = "[options.kill_bet]\ndefault = false\n"


class Bettor:
    """Bets the least it may whenever nobody has bet, and otherwise calls (the simplest choice)."""

    def __init__(self) -> None:
        self.bets: list[int] = []

    def choose(self, turn: Turn) -> Action:
        bet = next((legal for legal in turn.legal if legal.kind is ActionKind.BET_TO), None)
        if isinstance(bet, AmountLegal):
            self.bets.append(bet.min)
            return BetTo(bet.min)
        return CallerBot().choose(turn)


class Killer(RandomBot):
    """Kills whenever it may; plays at random otherwise."""

    def choose(self, turn: Turn) -> Action:
        return Buy("kill") if any(legal.kind is ActionKind.BUY for legal in turn.legal) else super().choose(turn)


# Item 11. Rule 004, variation 4: "In some variants of Lowball, a player may choose to kill by
# placing a double bet after seeing his first two cards" (the house rule kill_bet, off by default).


@pytest.mark.parametrize("name", LOWBALL)
def test_lowball_a_player_may_kill_with_a_double_bet_after_the_first_two_cards(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load(name)
    assert main(["rules", name, "-o", "kill_bet=true"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "House rule kill_bet (off by default)" in out
        and "kill_bet = true (default false): after the first two cards" in out
    )
    hand = Hand(game, [100, 100, 100], seed=1, options={"kill_bet": True})
    assert [len(cards) for cards in hand.down] == [2, 2, 2] and hand.pending() == (1,)
    assert [str(legal) for legal in hand.legal_actions(1)] == ["buy kill (3)", "decline"]  # its small blind counts
    hand.act(1, Buy("kill"))
    assert [len(cards) for cards in hand.down] == [5, 5, 5] and hand.bets == [0, 4, 2]
    assert hand.stakes.to_dict() == {stake: 2 * amount for stake, amount in game.stakes.to_dict().items()}
    raise_to = hand.legal_actions(2)[-1]  # left of the killer, who has made the first bet: the double bet
    assert hand.pending() == (2,) and isinstance(raise_to, AmountLegal) and raise_to.min == 8
    hand.act(2, Call())
    hand.act(0, Call())
    assert hand.pending() == (1,) and hand.legal_actions(1)[-1].kind is ActionKind.RAISE_TO  # the killer may raise
    bettor = Bettor()
    play(hand, [bettor] * 3)
    # every later bet is doubled: the doubled big blind in no limit, the doubled small and big bets in fixed limit
    assert bettor.bets == {"2-7-single-draw": [4], "lowball-joker": [8]}.get(name, [4, 8, 8])
    lost = 4 + sum(bettor.bets)  # the double bet and a doubled bet a round
    assert sorted(hand.stacks) == [100 - lost, 100 - lost, 100 + 2 * lost]  # chips conserved, one winner
    check_chips(hand, accounted=True)  # the killer's blind counted once
    assert replay(loads(dumps(to_phh(hand.history())))).same is True  # the written hand plays again, kill and all
    plain = Hand(game, [100, 100, 100], seed=1)  # the house rule off: no kill, the stakes as they are
    assert plain.pending() == (0,) and [len(cards) for cards in plain.down] == [5, 5, 5]
    assert plain.stakes == game.stakes and str(plain.legal_actions(0)[1]) == "call 2"
    with pytest.raises(GameSpecError, match="the game needs the option kill_bet"):
        load_text(Path(game.path).read_text().replace(KILL_BET, "[options.no_kill]\ndefault = false\n"), name)


@pytest.mark.parametrize("name", LOWBALL)
def test_lowball_without_the_kill_deals_and_plays_as_one_five_card_deal(name: str) -> None:
    # The kill_bet house rule off (the default): two cards and three, dealt one at a time round
    # the table, give every seat the cards one deal of five does, and the hand plays the same.
    game = load(name)
    text = Path(game.path).read_text()
    assert text.count(TWO_KILL_THREE) == 1
    five = load_text(text.replace(TWO_KILL_THREE, FIVE_DOWN), name)

    def played(spec: Game, seed: int) -> tuple[dict[int | None, list[Card]], list[Event], list[int]]:
        hand = Hand(spec, [60, 100, 100, 30], button=seed % 4, seed=seed)
        play(hand, [RandomBot(random.Random(seed * 10 + seat)) for seat in range(4)])
        dealt: dict[int | None, list[Card]] = {}
        for event in hand.events:
            if isinstance(event, Dealt):
                dealt.setdefault(event.seat, []).extend(event.cards)
        return dealt, [event for event in hand.events if not isinstance(event, Dealt)], hand.stacks

    for seed in range(4):
        assert played(game, seed) == played(five, seed)


@pytest.mark.parametrize(
    ("name", "lowball"), [("eight-game", ["2-7-triple-draw"]), ("ten-game", ["2-7-single-draw", "2-7-triple-draw"])]
)
def test_the_mixes_play_the_kill_in_their_lowball_games_at_the_mix_stakes(name: str, lowball: list[str]) -> None:
    mix = load_mix(name)
    table = Table(mix.schedule(2), size=2, rng=random.Random(3), options={"kill_bet": True})
    for seat in range(2):
        table.sit(seat, f"p{seat}", 1000)
    killed: dict[str, int] = {}
    for _ in range(2 * len(mix.games)):  # once round the rotation: two hands of each game
        hand = table.deal()
        play(hand, [Killer(random.Random(seat)) for seat in range(2)])
        table.settle(hand)
        killed.update((hand.game.name, event.amount) for event in hand.events if isinstance(event, Killed))
        assert table.chips == 2000
    assert killed == dict.fromkeys(lowball, 20)  # twice the mix's big blind of 10 (razz has no blinds to kill with)


@pytest.mark.parametrize("name", LOWBALL)
def test_lowball_kills_at_random_keep_every_chip_accounted(name: str) -> None:
    kills = 0
    for seed in range(15):
        rng = random.Random(seed)
        seats = rng.randint(2, 6)
        stacks = [rng.choice((rng.randint(1, 6), rng.randint(20, 300))) for _ in range(seats)]
        hand = Hand(load(name), stacks, button=rng.randrange(seats), seed=seed, options={"kill_bet": True})
        bots = [
            Killer(random.Random(seed * 7 + seat)) if seat == seed % seats else RandomBot(random.Random(seat))
            for seat in range(seats)
        ]
        for _ in range(500):
            if hand.over:
                break
            seat = hand.pending()[0]
            hand.act(seat, bots[seat].choose(Turn(seat, hand.legal_actions(seat), partial(hand.view, seat))))
            check_chips(hand, accounted=True)
        assert hand.over
        kills += any(isinstance(event, Killed) for event in hand.events)
    assert kills >= 5
