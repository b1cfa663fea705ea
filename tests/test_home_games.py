"""The home games of the rule documents, played through the engine with stacked decks (issue 7).

Each section quotes the clauses and worked examples of its document and plays them. Deals go one
card at a time around the table from the button's left, so with the button on the last seat the
stacked deck lists seat 0's card, seat 1's, seat 2's, then each seat's next card, and so on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cards import Card, Rank, parse
from homegame.engine import Action, BetTo, BringIn, Call, Check, Declare, Fold, Hand, Table
from homegame.engine.actions import Buy, Decline, Discard, DivideLegal, Keep, Push, Roll, Split
from homegame.engine.events import Acted, CarriedOver, Declared, KnockedOut, Reshuffled, Shown, TurnedUp, Won
from homegame.engine.steps.buy import Bought, Thrown
from homegame.engine.steps.eliminate import Eliminated
from homegame.engine.steps.expose import TurnedDead, WentBad
from homegame.engine.steps.split import SplitStep
from homegame.engine.steps.store import Closed
from homegame.engine.wire import legal_from_json, to_json
from homegame.errors import GameSpecError, IllegalActionError
from homegame.games import load, load_text
from homegame.ranking import get
from test_casino import check_down_once, stacked
from test_invariants import cards_in

Chooser = Callable[[Hand, int], Action]


def passive(hand: Hand, seat: int) -> Action:
    """Check when one may, else bring in, else call."""
    kinds = {legal.kind for legal in hand.legal_actions(seat)}
    return Check() if "check" in kinds else BringIn() if "bring_in" in kinds else Call()


def play_out(hand: Hand, choose: Chooser = passive) -> None:
    """Play to the end, each pending seat (in seat order) acting as ``choose`` says."""
    while not hand.over:
        for seat in hand.pending():
            hand.act(seat, choose(hand, seat))


def around(hands: list[str]) -> str:
    """The deck order that deals each seat its cards (given seat by seat) one at a time around the table."""
    cards = [hand.split() for hand in hands]
    return " ".join(mine[index] for index in range(len(cards[0])) for mine in cards)


def wins(hand: Hand) -> list[tuple[int, int, int]]:
    """(seat, amount, pot) of every award."""
    return [(won.seat, won.amount, won.pot) for won in hand.events if isinstance(won, Won)]


def carried(hand: Hand) -> int:
    """Chips carried over to the next deal."""
    return sum(event.amount for event in hand.events if isinstance(event, CarriedOver))


def seen_anywhere(hand: Hand) -> set[Card]:
    """Every card in any seat's view or a spectator's."""
    return {card for viewer in (None, *range(hand.seats)) for card in cards_in(hand.view(viewer))}


# -- High Card Poker (rules 002) ------------------------------------------------------------------

HCP = load("high-card-poker")


def high_card_deck(first: list[str], extra: str, second: list[str]) -> str:
    """A stacked deck: each seat's first three cards, the extra hand, each seat's last two."""
    return f"{around(first)} {extra} {around(second)}"


def high_card_hand(first: list[str], extra: str, second: list[str], **kwargs: object) -> Hand:
    seats = len(first)
    return Hand(HCP, [100] * seats, button=seats - 1, deck=high_card_deck(first, extra, second), **kwargs)  # type: ignore[arg-type]


def knocked(hand: Hand) -> list[tuple[int, int]]:
    """(seat, position) of every knock-out, in the order told."""
    return [(event.seat, event.position) for event in hand.events if isinstance(event, KnockedOut)]


def test_high_card_worked_example_a_wins_at_the_second_card() -> None:
    # "The extra hand, sorted: 4♣7♦9♠J♥K♣. Player A: 5♥8♣10♦Q♠A♥. Player B: 2♦8♠10♥Q♦A♣.
    # Player C: 5♠6♦J♣K♦A♦." (dealt in no order: each hand sorts itself)
    hand = high_card_hand(["Td 5h 8c", "Th 2d 8s", "5s Jc 6d"], "Kc 4c Jh 9s 7d", ["Qs Ah", "Qd Ac", "Kd Ad"])
    assert hand.face_down["extra"] and not hand.rows.get("extra")
    play_out(hand)
    turned = [event for event in hand.events if isinstance(event, TurnedUp)]
    assert [str(card) for card in turned[0].cards] == ["4c", "7d", "9s", "Jh", "Kc"]
    # "First card: A's 5 and C's 5 beat the 4. B's 2 does not, so B is out. Second card: A's 8 beats
    # the 7, but C's 6 does not. C is out, A is the only survivor, and A wins the pot. The remaining
    # cards are not compared."
    assert knocked(hand) == [(1, 1), (2, 2)]
    assert wins(hand) == [(0, 3, 0)]
    assert hand.stacks == [102, 99, 99]
    assert [str(event) for event in hand.events if isinstance(event, KnockedOut)] == [
        "seat 1 knocked out at card 1: 2d does not beat 4c",
        "seat 2 knocked out at card 2: 6d does not beat 7d",
    ]


def test_high_card_an_equal_lowest_card_is_knocked_out_whatever_the_house_rule() -> None:
    # "A player whose lowest card is not higher than it, that is, equal or lower, is eliminated."
    for rule in ("out", "survives"):
        hand = high_card_hand(
            ["4h 8h Td", "5d 6s 7h", "2s 3d 4d"],
            "4c 5c 6c 7c 8c",
            ["Qs Ah", "Qd Ac", "Kd Ad"],
            options={"equal_card": rule},
        )
        play_out(hand)
        assert knocked(hand) == [(0, 1), (2, 1)] and wins(hand) == [(1, 3, 0)]


def test_high_card_equal_cards_later_follow_the_house_rule() -> None:
    # "The source states the equal-card rule only for the first comparison ... Applying the same
    # test throughout, so that a card must be strictly higher to survive, is the consistent reading."
    first, extra, second = ["5h 7c Td", "5d 8s 9h", "2s 3d 4d"], "4c 7d 8c Jc Kc", ["Qs Ah", "Qd Ac", "Kd Ad"]
    strict = high_card_hand(first, extra, second)
    play_out(strict)
    assert knocked(strict) == [(2, 1), (0, 2)] and wins(strict) == [(1, 3, 0)]
    lenient = high_card_hand(first, extra, second, options={"equal_card": "survives"})
    play_out(lenient)
    # A's 7 equals the 7 and survives; then both survivors beat the 8, the jack and the king.
    assert knocked(lenient) == [(2, 1)]
    assert wins(lenient) == [] and carried(lenient) == 3  # 4.5(b): two survive all five


def test_high_card_four_aces_and_a_two_go_out_at_the_first_card() -> None:
    # "A two can never beat any card, so a hand of four aces and a two is eliminated at the first comparison."
    hand = high_card_hand(["As Ah 2c", "5d 8s 9h", "3s 7d 8d"], "3c 4d 5c 6c 7c", ["Ad Ac", "Qd Kc", "Kd Ks"])
    play_out(hand)
    assert knocked(hand) == [(0, 1), (2, 1)] and wins(hand) == [(1, 3, 0)]


def test_high_card_4_5_a_the_last_players_knocked_out_by_the_same_card_carry_the_pot() -> None:
    # "4.5(a) the last two or more players are all knocked out by the same card of the extra hand"
    hand = high_card_hand(["5h 6c Td", "5d 6s 9h", "2s 3d 4d"], "4c 7d 8c Jc Kc", ["Qs Ah", "Qd Ac", "Kd Ad"])
    play_out(hand)
    assert knocked(hand) == [(2, 1), (0, 2), (1, 2)]
    assert wins(hand) == [] and carried(hand) == 3 and hand.result is not None and hand.result.carried == 3


def test_high_card_4_5_b_two_who_survive_all_five_carry_the_pot_to_the_next_deal() -> None:
    # "4.5(b) two or more players survive all five comparisons." The table keeps the pot for the next deal.
    table = Table(HCP)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 50)
    table.button = 2
    hand = table.deal(
        deck=high_card_deck(["5h 8c Td", "5d 8s Th", "2s 3d 4d"], "4c 7d 9c Jc Kc", ["Qs Ah", "Qd Ac", "Kd Ad"])
    )
    play_out(hand)
    assert carried(hand) == 3 and wins(hand) == []
    table.settle(hand)
    assert table.carried == 3 and table.chips == 150
    again = table.deal()
    assert again.pot == 3 + 3  # the carried pot and the new antes
    play_out(again)
    table.settle(again)
    assert table.chips == 150


def test_high_card_side_pots_go_to_the_last_survivor_among_those_who_may_win_them() -> None:
    # Seat 2 is all in with its ante; seats 0 and 1 bet on. Seat 2 survives longest and takes the
    # main pot; of the two who made the side pot, seat 1 outlasts seat 0.
    deck = high_card_deck(["5h 6c Td", "5d 8s 8h", "6s 8d Jd"], "4c 7d 8c Jc Kc", ["Qs Ah", "Qd Ac", "Kd Ad"])
    hand = Hand(HCP, [100, 100, 1], button=2, deck=deck)

    def seat_0_bets(hand: Hand, seat: int) -> Action:
        legal = {option.kind: option for option in hand.legal_actions(seat)}
        return BetTo(legal["bet_to"].min) if seat == 0 and "bet_to" in legal else passive(hand, seat)

    play_out(hand, seat_0_bets)
    assert knocked(hand) == [(0, 2), (1, 3)]
    assert wins(hand) == [(2, 3, 0), (1, 12, 1)]


def test_high_card_the_extra_hand_is_seen_by_nobody_until_it_is_turned_up() -> None:
    hand = high_card_hand(["Td 5h 8c", "Th 2d 8s", "5s Jc 6d"], "Kc 4c Jh 9s 7d", ["Qs Ah", "Qd Ac", "Kd Ad"])
    extra = set(parse("Kc 4c Jh 9s 7d"))
    while not hand.over:
        assert not seen_anywhere(hand) & extra
        for seat in hand.pending():
            hand.act(seat, passive(hand, seat))
    assert extra <= seen_anywhere(hand)
    assert next(str(line) for line in hand.view(0).events if "extra" in str(line)) == "extra dealt 5 cards down"


def test_high_card_rules_text_names_the_house_rule_in_force() -> None:
    assert "equal_card" in HCP.rules and "consistent reading" in HCP.option("equal_card").doc  # type: ignore[union-attr]
    assert HCP.source == "High Card Poker, a home game's published rules"  # a source a reader can follow
    with pytest.raises(Exception, match="equal_card"):
        HCP.option_values({"equal_card": "maybe"})


# -- Pi Gow stud (rules 001, second game) ---------------------------------------------------------

PI_GOW = load("pi-gow-stud")
# Seat 0: Ah Ad down, Kc Kd 9s 5h up, 2c down. Seat 1: 9c 8c, Qs Js Ts 3d, 4h. Seat 2: Ac Kh, 6d 6s 7h 2d, 3s.
PI_GOW_DECK = "Ah 9c Ac  Ad 8c Kh  Kc Qs 6d  Kd Js 6s  9s Ts 7h  5h 3d 2d  2c 4h 3s"


def split_of(text: str) -> Split:
    return Split(tuple(parse(part) for part in text.split("/")))


PI_GOW_SPLIT = next(step for step in PI_GOW.steps if isinstance(step, SplitStep))


def pi_gow_to_the_split() -> Hand:
    hand = Hand(PI_GOW, [100, 100, 100], button=2, deck=PI_GOW_DECK)
    while not any(legal.kind == "split" for seat in hand.pending() for legal in hand.legal_actions(seat)):
        seat = hand.pending()[0]
        hand.act(seat, passive(hand, seat))
    return hand


def test_pi_gow_states_its_split_rule_to_the_player() -> None:
    # The page said "strongest first"; the rule is "the 5-card hand must be a better poker hand
    # than the 2-card hand", and the two-card hand must hold a down card (rules 001, Pi Gow stud).
    hand = pi_gow_to_the_split()
    (legal,) = hand.legal_actions(0)
    assert isinstance(legal, DivideLegal) and legal.names == ("five", "two")
    assert legal.rule == "The five must beat the two (high); the two must hold a down card."
    assert legal_from_json(to_json(legal)) == legal


def test_pi_gow_best_five_and_best_two_split_the_pot() -> None:
    # "all remaining players split their hands into a 5-card hand and a 2-card hand ... Following the
    # split there is one more betting round. Highest 5-card hand and highest 2-card hand split the pot."
    hand = pi_gow_to_the_split()
    assert hand.pending() == (0, 1, 2)
    hand.act(0, split_of("Ah Ad Kc Kd 9s / 5h 2c"))
    hand.act(1, split_of("Qs Js Ts 9c 8c / 3d 4h"))
    hand.act(2, split_of("6d 6s 7h 2d 3s / Ac Kh"))
    assert not any(isinstance(event, Won) for event in hand.events)  # one more betting round first
    play_out(hand)
    assert wins(hand) == [(1, 5, 0), (2, 4, 0)]  # a pot of 9: the odd chip to the five-card half
    assert [won.hand for won in hand.events if isinstance(won, Won)] == ["queen-high straight", "ace high"]
    assert hand.stacks == [97, 102, 101]
    shown = {event.seat: " ".join(map(str, event.cards)) for event in hand.events if isinstance(event, Shown)}
    assert shown[2] == "6d 6s 7h 2d 3s Ac Kh"  # shown as split: the five, then the two


def test_pi_gow_the_five_card_hand_must_beat_the_two_card_hand() -> None:
    # "The 5-card hand must be a better hand than the 2-card hand. So you can not have a pair of kings
    # for your five card hand and a pair of aces for your two card hand."
    hand = pi_gow_to_the_split()
    before = (list(hand.events), hand.pending(), len(hand.actions))
    kings = split_of("Kc Kd 9s 5h 2c / Ah Ad")
    assert PI_GOW_SPLIT.refusal(kings.hands, hand.down[0]) == (
        "mis-set: the 5-card hand (pair of kings) must beat the 2-card hand (pair of aces)"
    )
    with pytest.raises(IllegalActionError, match="not one of the splits the rules allow here"):
        hand.act(0, kings)
    assert (list(hand.events), hand.pending(), len(hand.actions)) == before
    assert split_of("Kc Kd 9s 5h 2c / Ah Ad") not in hand.legal_actions(0)[0]
    hand.act(0, split_of("Ah Ad Kc Kd 9s / 5h 2c"))


def test_pi_gow_the_two_card_hand_holds_a_down_card() -> None:
    # "The 2-card hand must contain at least one down card."
    hand = pi_gow_to_the_split()
    up_two = split_of("Ah Ad Kc 9s 2c / Kd 5h")
    assert PI_GOW_SPLIT.refusal(up_two.hands, hand.down[0]) == "the 2-card hand (Kd 5h) must hold a down card"
    with pytest.raises(IllegalActionError, match="not one of the splits the rules allow here"):
        hand.act(0, up_two)
    with pytest.raises(IllegalActionError, match="split into 5 \\+ 2 cards, not 4 \\+ 3"):
        hand.act(0, split_of("Ah Ad Kc 9s / 2c Kd 5h"))
    with pytest.raises(IllegalActionError, match="not among your cards"):
        hand.act(0, split_of("Ah Ad Kc Kd 9s / 5h 3s"))


def test_pi_gow_the_legal_action_lists_exactly_the_legal_splits() -> None:
    hand = pi_gow_to_the_split()
    legal = hand.legal_actions(2)[0]
    assert isinstance(legal, DivideLegal) and legal.sizes == (5, 2) and len(legal.cards) == 7
    for hands in PI_GOW_SPLIT.ways(legal.cards):
        assert (Split(hands) in legal) == (not PI_GOW_SPLIT.refusal(hands, hand.down[2]))
    # Seat 2 (Ac Kh 3s down; 6d 6s 7h 2d up): 15 ways keep a down card in the two; of them, an ace
    # with a six leaves a king-high five that loses to the ace-high two (twice).
    assert len(legal.splits) == 13
    assert split_of("Ac Kh 3s 6d 6s / 7h 2d") not in legal  # no down card in the two
    assert split_of("Ac 6d 6s 7h 2d / Kh 3s") in legal


def test_pi_gow_splits_stay_secret_until_the_showdown() -> None:
    hand = pi_gow_to_the_split()
    hand.act(0, split_of("Ah Ad Kc Kd 9s / 5h 2c"))
    assert str(hand.view(0).events[-1]) == "seat 0 splits Ah Ad Kc Kd 9s / 5h 2c"
    assert str(hand.view(1).events[-1]) == "seat 0 splits" and str(hand.view(None).events[-1]) == "seat 0 splits"
    assert not set(hand.down[0]) & seen_anywhere_but(hand, 0)


def seen_anywhere_but(hand: Hand, owner: int) -> set[Card]:
    """Every card in the views of the other seats and a spectator."""
    return {card for viewer in (None, *range(hand.seats)) if viewer != owner for card in cards_in(hand.view(viewer))}


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(PI_GOW.deck.cards())))
def test_pi_gow_seven_cards_always_have_a_legal_split(deck: list[Card]) -> None:
    step = next(step for step in PI_GOW.steps if isinstance(step, SplitStep))
    seven, down = deck[:7], [deck[0], deck[1], deck[6]]
    assert any(not step.refusal(hands, down) for hands in step.ways(seven))


# -- Elimination (rules 000) ----------------------------------------------------------------------

ELIMINATION = load("elimination")
# Seat 0: As Kd 5c 3h 9s. Seat 1: Ac 2d 4d Jc Td. Seat 2: 8h 8c 6s Kh 2h. The table, face down:
# Kc 5h 5d 9d 7h; the deck then holds 5s 2c.
ELIMINATION_HANDS = ["As Kd 5c 3h 9s", "Ac 2d 4d Jc Td", "8h 8c 6s Kh 2h"]
ELIMINATION_TABLE = "Kc 5h 5d 9d 7h 5s 2c"


def elimination(hands: list[str], table: str = ELIMINATION_TABLE, stacks: int = 100) -> Hand:
    return Hand(ELIMINATION, [stacks] * len(hands), button=len(hands) - 1, deck=f"{around(hands)} {table}")


def declaring(*sides: str) -> Chooser:
    """Check or call through; then declare ``sides[seat]``."""

    def choose(hand: Hand, seat: int) -> Action:
        kinds = {legal.kind for legal in hand.legal_actions(seat)}
        return Declare(sides[seat]) if "declare" in kinds else passive(hand, seat)

    return choose


def test_elimination_card_values_1_2() -> None:
    # "1.2(a) Cards from 2 to 10 count their face value. 1.2(b) Aces count 1 or 11, at the player's
    # choice. 1.2(c) Kings, queens and jacks count 10 or ½, at the player's choice." Totals are
    # counted "using whichever values of aces and picture cards suit the player's declaration".
    high, low = get("total"), get("total", low=True)
    assert [high.evaluate(card).name for card in ("2c", "Td", "Ah", "Ks", "Qd", "Jc")] == [
        "total 2",
        "total 10",
        "total 11",
        "total 10",
        "total 10",
        "total 10",
    ]
    assert [low.evaluate(card).name for card in ("2c", "Td", "Ah", "Ks", "Qd", "Jc")] == [
        "total 2",
        "total 10",
        "total 1",
        "total ½",
        "total ½",
        "total ½",
    ]
    # "Because aces and picture cards have two values, the same hand can compete for both."
    assert (high.evaluate("Ah Kd").name, low.evaluate("Ah Kd").name) == ("total 21", "total 1½")
    assert low.evaluate("Kd Qc") > low.evaluate("Ah 2c") == low.evaluate("3c") > low.evaluate("4c")
    assert low.evaluate("Kd Qc") == low.evaluate("Ah")  # ½ + ½ = 1: exact, in halves


def test_elimination_a_turned_rank_is_thrown_away_from_every_hand_and_a_repeat_turns_the_deck() -> None:
    # "Every player holding any card of that rank must discard all such cards." "If it is the same
    # rank as a table card already showing, the dealer turns up cards from the top of the undealt
    # deck until a new rank appears."
    hand = elimination(ELIMINATION_HANDS)
    while not hand.over:
        for seat in hand.pending():
            hand.act(seat, declaring("low", "high", "both")(hand, seat))
        if [str(card) for card in hand.rows.get("table", [])] == ["Kc", "5h"]:
            assert [str(card) for card in hand.down[0]] == ["As", "3h", "9s"]  # kings and fives gone
            assert [str(card) for card in hand.down[2]] == ["8h", "8c", "6s", "2h"]
    # 3.3(a): "Five different ranks are showing on the table and the sixth betting round is over."
    table = hand.rows["table"]
    assert [str(card) for card in table] == ["Kc", "5h", "5d", "5s", "2c", "9d", "7h"]
    assert len({card.rank for card in table}) == 5
    thrown = [str(event) for event in hand.events if isinstance(event, Eliminated)]
    assert thrown == [
        "seat 0 throws away Kd",
        "seat 2 throws away Kh",
        "seat 0 throws away 5c",
        "seat 1 throws away 2d",
        "seat 2 throws away 2h",
        "seat 0 throws away 9s",
    ]
    assert [[str(card) for card in hand.down[seat]] for seat in range(3)] == [
        ["As", "3h"],
        ["Ac", "4d", "Jc", "Td"],
        ["8h", "8c", "6s"],
    ]


def test_elimination_every_betting_round_is_begun_by_the_player_left_of_the_dealer() -> None:
    # "Every betting round in this game is begun by the player to the dealer's left." Six of them.
    hand = Hand(ELIMINATION, [100, 100, 100], button=1, deck=f"{around(ELIMINATION_HANDS)} {ELIMINATION_TABLE}")
    openers = []
    while not hand.over:
        seat = hand.pending()[0]
        kinds = {legal.kind for legal in hand.legal_actions(seat)}
        if "bet_to" in kinds and not any(isinstance(event, Acted) for event in hand.events[-1:]):
            openers.append(seat)
        hand.act(seat, declaring("low", "high", "both")(hand, seat))
    assert openers == [2] * 6


def test_elimination_declare_4_1_and_the_pig() -> None:
    # Seat 0 ends with As 3h (high 14, low 4), seat 1 with Ac 4d Jc Td (high 35, low 15½), seat 2
    # with 8h 8c 6s (22 either way). The pot is the three antes.
    # "4.1(a) One coin: low. 4.1(b) Two coins: high. 4.1(c) Three coins: both".
    hand = elimination(ELIMINATION_HANDS)
    assert set(ELIMINATION.option_values()) >= {"cap"}
    play_out(hand, declaring("low", "high", "both"))
    # "A player who declares both must win both high and low to take the whole pot. If they lose or
    # tie either one, they win nothing. Otherwise, the players who declared high compete for half the
    # pot, and the players who declared low compete for the other half."
    assert wins(hand) == [(1, 2, 0), (0, 1, 0)]
    assert [won.hand for won in hand.events if isinstance(won, Won)] == ["total 35", "total 4"]
    # "If no one declares high, the winner of low takes the whole pot, and the reverse."
    nobody_high = elimination(ELIMINATION_HANDS)
    play_out(nobody_high, declaring("low", "low", "low"))
    assert wins(nobody_high) == [(0, 3, 0)]
    # A pig who wins both ways outright scoops: seat 0's 14 is the only high, its 4 the best low.
    scoop = elimination(ELIMINATION_HANDS)
    play_out(scoop, declaring("both", "low", "low"))
    assert wins(scoop) == [(0, 2, 0), (0, 1, 0)]  # both halves


def test_elimination_ties_share_and_a_pig_who_ties_wins_nothing() -> None:
    # Seat 2 now ends with Ah Jh 3c 8h 3s: high 35 and low 15½, the same as seat 1 both ways.
    hands = ["As Kd 5c 3h 9s", "Ac 2d 4d Jc Td", "Ah Jh 3c 8h 3s"]
    # "If players tie in either contest, they share that half of the pot."
    tie = elimination(hands, stacks=100)
    play_out(tie, declaring("low", "high", "high"))
    assert wins(tie) == [(1, 1, 0), (2, 1, 0), (0, 1, 0)]
    # "If they lose or tie either one, they win nothing": seat 1 declares both and ties high.
    pig = elimination(hands)
    play_out(pig, declaring("low", "both", "high"))
    assert wins(pig) == [(2, 2, 0), (0, 1, 0)]


def test_elimination_3_3_b_the_last_player_in_wins() -> None:
    # "3.3(b) Only one player has not folded. That player wins the pot."
    hand = elimination(ELIMINATION_HANDS)

    def fold_but_seat_0(hand: Hand, seat: int) -> Action:
        legal = {option.kind: option for option in hand.legal_actions(seat)}
        if seat == 0 and "bet_to" in legal:
            return BetTo(legal["bet_to"].min)
        return Fold() if "fold" in legal else passive(hand, seat)

    play_out(hand, fold_but_seat_0)
    assert wins(hand) == [(0, 3, 0)] and not hand.rows.get("table")
    assert not set(parse(ELIMINATION_TABLE)) & seen_anywhere(hand)


def test_elimination_3_3_c_a_player_with_every_card_eliminated_wins_the_pot_at_once() -> None:
    # "3.3(c) A player has had all five cards eliminated. That player wins the whole pot at once."
    hands = ["Qh Qs Qc 7c 7d", "Ac 2d 4d Jc Td", "8h 8c 6s Kh 2h"]
    hand = elimination(hands, table="Qd 7h 9d 5h 3c")
    play_out(hand)
    assert [str(card) for card in hand.rows["table"]] == ["Qd", "7h"]
    assert wins(hand) == [(0, 3, 0)] and hand.over
    assert not any(isinstance(event, Declared) for event in hand.events)  # no declaration, no showdown
    assert not set(parse("9d 5h 3c")) & seen_anywhere(hand)  # the rest of the table stays face down


def test_elimination_3_3_c_two_emptied_by_the_same_card_share_the_pot() -> None:
    hands = ["9c 9d 7c Jh 5h", "9h 7d 7h Jc 5c", "8h 8c 6s Kh 2h"]
    hand = elimination(hands, table="9s 7s Js 5d 3c", stacks=20)
    play_out(hand)
    assert wins(hand) == [(0, 2, 0), (1, 1, 0)] and hand.stacks == [21, 20, 19]


def test_elimination_others_see_how_many_cards_were_thrown_away_not_which() -> None:
    hand = elimination(ELIMINATION_HANDS)
    assert not set(parse("Kc 5h 5d 9d 7h")) & seen_anywhere(hand)  # the table row is face down
    for seat in range(3):
        hand.act(seat, Check())
    events = [str(event) for event in hand.view(1).events[-2:]]
    assert events == ["seat 0 throws away 1 king", "seat 2 throws away 1 king"]
    assert str(hand.view(0).events[-2]) == "seat 0 throws away Kd"
    assert Card.parse("Kd") not in seen_anywhere_but(hand, 0)


def test_elimination_3_3_c_an_emptied_player_all_in_wins_the_pots_they_have_a_stake_in() -> None:
    # Seat 0 is all in with its ante; seats 1 and 2 bet on into a side pot. Seat 0 is emptied by
    # the second table card: it wins the main pot at once, and the side pot, in which it has no
    # stake, is shared by the two who made it.
    deck = f"{around(['Qh Qs Qc 7c 7d', 'Ac 2d 4d Jc Td', '8h 8c 6s Kh 2h'])} Qd 7h 9d 5h 3c"
    hand = Hand(ELIMINATION, [1, 100, 100], button=2, deck=deck)

    def seat_1_bets(hand: Hand, seat: int) -> Action:
        legal = {option.kind: option for option in hand.legal_actions(seat)}
        return BetTo(legal["bet_to"].min) if seat == 1 and "bet_to" in legal else passive(hand, seat)

    play_out(hand, seat_1_bets)
    assert wins(hand) == [(0, 3, 0), (1, 4, 1), (2, 4, 1)] and hand.stacks == [3, 99, 99]


# -- The Option (rules 001, third game) -----------------------------------------------------------

OPTION = load("the-option")
# Seat 0: 4c 9d Kh, then 4s 8c Ks, seventh 9s. Seat 1: 5h 5d Qc, then Qd 3c 3h, seventh Jc.
# Seat 2: Ah 2h 3d, then 6c 7d Td, seventh 8h.
OPTION_DECK = "4c 5h Ah  9d 5d 2h  Kh Qc 3d  4s Qd 6c  8c 3c 7d  Ks 3h Td  9s Jc 8h"
OPTION_ROLLS = ["Kh 4s 8c Ks 9d", "Qc Qd 3c 3h", "Ah 6c 7d Td"]


def option_player(sides: tuple[str, ...], buy: tuple[bool, ...] = (True, False, False)) -> Chooser:
    """Rolls the cards of OPTION_ROLLS in turn, buys the option as ``buy`` says, declares ``sides``."""
    rolls = [[Card.parse(text) for text in seat.split()] for seat in OPTION_ROLLS]

    def choose(hand: Hand, seat: int) -> Action:
        kinds = {legal.kind for legal in hand.legal_actions(seat)}
        if "roll" in kinds:
            return Roll((rolls[seat].pop(0),))
        if "decline" in kinds:
            return Buy("option") if buy[seat] else Decline()
        return Declare(sides[seat]) if "declare" in kinds else passive(hand, seat)

    return choose


def test_option_cards_turn_up_together_and_the_option_buys_a_seventh_card_up() -> None:
    # "After the deal, players simultaneously turn one card up. After each round of betting, players
    # receive a new down card and must turn one down card up."
    hand = Hand(OPTION, [100, 100, 100], button=2, deck=OPTION_DECK)
    assert hand.pending() == (0, 1, 2) and hand.legal_actions(1)[0].kind == "roll"
    choose = option_player(("high", "high", "low"))
    hand.act(0, choose(hand, 0))
    assert not hand.up[0] and str(hand.view(1).events[-1]) != "seat 0 rolls up Kh"  # secret until all have rolled
    hand.act(1, choose(hand, 1))
    hand.act(2, choose(hand, 2))
    assert [" ".join(map(str, hand.up[seat])) for seat in range(3)] == ["Kh", "Qc", "Ah"]
    while not any(legal.kind == "decline" for seat in hand.pending() for legal in hand.legal_actions(seat)):
        for seat in hand.pending():
            hand.act(seat, choose(hand, seat))
    assert [len(hand.up[seat]) for seat in range(3)] == [4, 4, 4] and [len(hand.down[seat]) for seat in range(3)] == [
        2
    ] * 3
    # "Before getting the seventh down card, a player must decide whether or not to buy the Option ...
    # (at a cost of the maximum allowed bet)": in turn from the dealer's left, for the big bet.
    assert hand.pending() == (0,)
    assert [str(legal) for legal in hand.legal_actions(0)] == ["buy option (10)", "decline"]
    hand.act(0, Buy("option"))
    assert hand.stacks[0] == 89 and hand.pot == 13
    hand.act(1, Decline())
    hand.act(2, Decline())
    # "If he declines the option, he does not turn another card up. If he buys the Option ..., he
    # turns a card up normally."
    assert hand.pending() == (0,)
    play_out(hand, choose)
    assert [len(hand.up[seat]) for seat in range(3)] == [5, 4, 4]


def test_option_the_lowest_down_card_and_its_rank_are_wild_for_high_only() -> None:
    # "Each player's lowest down card (and all other cards in their hand of the same rank) is wild if
    # the player went high. Nothing is wild for low hands. High and low hands split the pot."
    # (played ace-to-five, the house rule low = low-a5)
    hand = Hand(OPTION, [100, 100, 100], button=2, deck=OPTION_DECK, options={"low": "low-a5"})
    play_out(hand, option_player(("high", "high", "low")))
    # Seat 0 ends with 4c 9s down: the 4c is wild, and so is the 4s showing: Kh Ks and two wild
    # make four kings. Seat 1 (5h 5d Jc down): both fives wild with Qc Qd, four queens.
    assert [won.hand for won in hand.events if isinstance(won, Won)] == ["four kings", "7-6-3-2-A low"]
    assert wins(hand) == [(0, 7, 0), (2, 6, 0)] and hand.stacks == [96, 99, 105]
    # For low nothing is wild: declaring both, seat 1's low is a pair of threes (wild fives would
    # have made Q-J-4-3-2), still better than seat 0's pair of fours; its four queens beat seat 2's
    # ten-high straight (2h wild): it wins both ways.
    pig = Hand(OPTION, [100, 100, 100], button=2, deck=OPTION_DECK, options={"low": "low-a5"})
    play_out(pig, option_player(("low", "both", "high")))
    assert [(won.seat, won.side, won.hand) for won in pig.events if isinstance(won, Won)] == [
        (1, "high", "four queens"),
        (1, "low", "pair of threes"),
    ]


def test_option_a_player_without_the_price_cannot_buy_it() -> None:
    hand = Hand(OPTION, [100, 100, 9], button=2, deck=OPTION_DECK)
    choose = option_player(("high", "high", "low"), buy=(False, False, True))
    while 2 not in hand.pending() or hand.legal_actions(2)[0].kind != "decline":
        for seat in hand.pending():
            hand.act(seat, choose(hand, seat))
    assert hand.stacks[2] == 8 and [str(legal) for legal in hand.legal_actions(2)] == ["decline"]
    with pytest.raises(IllegalActionError, match=r"seat 2 cannot buy now \(legal: decline\)"):
        hand.act(2, Buy("option"))


# -- Good and bad rows (rules 001, first game) ----------------------------------------------------

GOOD_BAD = load("good-bad")
# Seat 0: Ah Kh Qh Jh 2c. Seat 1: 5d 4d 3c 8s 8c. Seat 2: 9s 9c 9d 6h 6c.
GOOD_BAD_HANDS = ["Ah Kh Qh Jh 2c", "5d 4d 3c 8s 8c", "9s 9c 9d 6h 6c"]
GOOD_ROW, BAD_ROW = "Th 7d 2s Kd 4h", "8d 2h 9h Kc 3s"


def good_bad(hands: list[str], good: str = GOOD_ROW, bad: str = BAD_ROW) -> Hand:
    return Hand(GOOD_BAD, [100] * len(hands), button=len(hands) - 1, deck=f"{around(hands)} {good} {bad}")


def row(hand: Hand, name: str) -> str:
    return " ".join(map(str, hand.rows.get(name, ())))


def test_good_bad_the_order_of_play() -> None:
    # "Bet. Dealer exposes one card in the good row and one card in the bad row. [...] Continue
    # alternating bets with the exposing of center cards until all ten center cards are exposed.
    # Bet. Declare. Bet. Showdown."
    kinds = [step.kind for step in GOOD_BAD.steps]
    assert kinds == ["antes", "deal", "deal", "bet", *["expose", "bet"] * 5, "declare", "bet", "showdown"]


def test_good_bad_bad_ranks_kill_hole_cards_and_good_cards() -> None:
    hand = good_bad(GOOD_BAD_HANDS)
    assert not set(parse(f"{GOOD_ROW} {BAD_ROW}")) & seen_anywhere(hand)  # both rows face down

    def check_round() -> None:
        """Everyone checks until the next cards are turned."""
        turned = sum(isinstance(event, TurnedUp) for event in hand.events)
        while sum(isinstance(event, TurnedUp) for event in hand.events) == turned:
            seat = hand.pending()[0]
            hand.act(seat, passive(hand, seat))

    check_round()
    # "If any player has a hole card with the same rank as the card in the bad row, player must turn
    # that card face up in front."
    assert (row(hand, "good"), row(hand, "bad")) == ("Th", "8d")
    assert " ".join(map(str, hand.up[1])) == "8s 8c" and " ".join(map(str, hand.down[1])) == "5d 4d 3c"
    check_round()
    assert (row(hand, "good"), row(hand, "bad")) == ("Th 7d", "8d 2h")
    check_round()
    # "Once a card is considered bad, that rank is always bad": the 2s turned in the good row is bad.
    assert (row(hand, "good"), row(hand, "bad")) == ("Th 7d", "8d 2h 2s 9h")
    check_round()
    # "If card in bad row is the same rank as a previously [...] exposed good card, good card is
    # moved to the bad row and is considered bad, as are all of similar rank."
    assert (row(hand, "good"), row(hand, "bad")) == ("Th 7d", "8d 2h 2s 9h Kc Kd")
    assert " ".join(map(str, hand.up[0])) == "2c Kh"
    check_round()
    assert (row(hand, "good"), row(hand, "bad")) == ("Th 7d 4h", "8d 2h 2s 9h Kc Kd 3s")
    story = [str(event) for event in hand.events if isinstance(event, TurnedDead | WentBad)]
    assert story == [
        "seat 1 turns up 8s 8c: dead",
        "seat 0 turns up 2c: dead",
        "2s goes to the bad row",
        "seat 2 turns up 9s 9c 9d: dead",
        "Kd goes to the bad row",
        "seat 0 turns up Kh: dead",
        "seat 1 turns up 3c: dead",
    ]


def test_good_bad_hands_are_the_live_hole_cards_and_the_good_row() -> None:
    # "Hands are constructed based on the remaining hole cards plus the community cards in the good
    # row." Seat 0's dead Kh would have made a royal flush; Ah Qh Jh with Th 4h make an ace-high flush.
    hand = good_bad(GOOD_BAD_HANDS)
    play_out(hand, declaring("high", "low", "both"))
    # "High and low hands split": seat 2 (both) loses high with its sixes and wins nothing.
    assert [(won.seat, won.side, won.hand) for won in hand.events if isinstance(won, Won)] == [
        (0, "high", "ace-high flush"),
        (1, "low", "pair of fours"),
    ]
    assert wins(hand) == [(0, 2, 0), (1, 1, 0)]


def test_good_bad_a_player_with_nothing_left_to_play_cannot_win() -> None:
    # Every rank of seat 0's hand goes bad, and every good card with it: seat 0 has no card to play.
    hands = ["2c 3c 4c 5c 6c", "7s 8s 9s Ts Js", "Qd Kd Ad 7d 8d"]
    hand = good_bad(hands, good="2h 3h 4h 5h 6h", bad="2d 3d 4d 5d 6d")
    play_out(hand, declaring("both", "low", "high"))
    assert not hand.down[0] and not hand.rows["good"]
    assert [(won.seat, won.side) for won in hand.events if isinstance(won, Won)] == [(2, "high"), (1, "low")]


# -- Grocery Store (rules 001, fourth game) -------------------------------------------------------

GROCERY = load("grocery-store")
# Seat 0: 2c 3c down, Kd up. Seat 1: 4h 5h, 9s. Seat 2: 7d 8d, 6c. The store: 3s, Ac, 8h. Then the
# deck: Td 2h 3d 9c 5d Qs 2d Jc Kh, and the last cards down Qc Jd 4s.
GROCERY_DECK = "2c 4h 7d  3c 5h 8d  Kd 9s 6c  3s Ac 8h  Td 2h 3d 9c 5d Qs 2d Jc Kh  Qc Jd 4s"


def shopper(purchases: dict[int, list[str | None]]) -> Chooser:
    """At each store round a seat buys the card named (None, or no plan left: declines); otherwise passive."""
    plans = {seat: list(plan) for seat, plan in purchases.items()}

    def choose(hand: Hand, seat: int) -> Action:
        if any(legal.kind == "decline" for legal in hand.legal_actions(seat)):
            item = plans[seat].pop(0) if plans.get(seat) else None
            return Decline() if item is None else Buy(item)
        return passive(hand, seat)

    return choose


def store(hand: Hand) -> list[str]:
    return [" ".join(map(str, hand.rows.get(f"store-{place}", ()))) for place in (1, 2, 3)]


def test_grocery_store_buying_restocking_and_closing() -> None:
    # "Dealer gives two cards down and one up to each player, plus three up cards to the table (the
    # grocery store) with the left-hand card marked with a chip."
    hand = Hand(GROCERY, [100, 100, 100], button=2, deck=GROCERY_DECK)
    assert store(hand) == ["3s", "Ac", "8h"]
    choose = shopper({0: ["3s", None, "8h"], 1: [None, "3d", None], 2: ["Ac", None, None]})
    while hand.pending() != (0,) or hand.legal_actions(0)[0].kind != "buy":
        seat = hand.pending()[0]
        hand.act(seat, choose(hand, seat))
    # "First card (the marked one) costs one betting unit, the second costs 2, and the third costs 3."
    assert str(hand.legal_actions(0)[0]) == "buy 3s (2)/Ac (4)/8h (6)"
    hand.act(0, choose(hand, 0))
    # "Prior to each potential purchase, the store is restocked as necessary from the deck": the Td
    # takes the marked place, and its price.
    assert store(hand) == ["Td", "Ac", "8h"] and str(hand.legal_actions(1)[0]) == "buy Td (2)/Ac (4)/8h (6)"
    hand.act(1, choose(hand, 1))
    assert [str(card) for card in hand.up[1]] == ["9s", "2h"]  # "he is dealt an up card normally"
    hand.act(2, choose(hand, 2))
    # "if the dealer buys a card, the store shows only two cards during the ensuing betting round, it
    # is not restocked until the next dealing round."
    assert store(hand) == ["Td", "", "8h"]
    assert any(legal.kind == "check" for legal in hand.legal_actions(hand.pending()[0]))  # the betting round
    while "store-1" in hand.rows:
        seat = hand.pending()[0]
        hand.act(seat, choose(hand, seat))
    # "The remaining store stock is discarded after all players have four up cards."
    assert [len(hand.up[seat]) for seat in range(3)] == [4, 4, 4]
    closed = [str(event) for event in hand.events if isinstance(event, Closed)]
    assert closed == ["the store closes: Td 5d 2d discarded"]
    bought = [str(event) for event in hand.events if isinstance(event, Bought)]
    assert bought == [
        "seat 0 buys 3s (store) for 2",
        "seat 2 buys Ac (store) for 4",
        "seat 1 buys 3d (store) for 4",
        "seat 0 buys 8h (store) for 6",
    ]
    play_out(hand, choose)
    # "Highest 5-card hand and the 7-card hand with the most dots split the pot": seat 1's pair of
    # jacks; seat 0's 2c 3c Kd 3s 9c 8h Qc has 2 + 3 + 3 + 1 + 2 = 11 dots.
    assert [(won.seat, won.side, won.hand) for won in hand.events if isinstance(won, Won)] == [
        (1, "high", "pair of jacks"),
        (0, "dots", "11 dots"),
    ]
    assert wins(hand) == [(1, 11, 0), (0, 11, 0)] and hand.stacks == [101, 105, 94]


def test_grocery_store_dots() -> None:
    # "threes have 3 dots; twos, eights, and tens have 2 dots; aces, fives, sevens, and nines have 1
    # dot; fours, sixes, and face cards have no dots."
    dots = get("dots")
    counted = {rank: dots.evaluate(f"{rank}s").key for rank in "23456789TJQKA"}
    assert counted == dict(zip("23456789TJQKA", [2, 3, 0, 1, 0, 1, 2, 1, 2, 0, 0, 0, 1], strict=True))
    assert dots.evaluate("3c 3d 3h 3s 2c 2d 8h") > dots.evaluate("Ac 5d 7h 9s Tc 8s 2h")


def test_grocery_store_a_player_buys_only_what_they_can_pay_for() -> None:
    hand = Hand(GROCERY, [100, 100, 5], button=2, deck=GROCERY_DECK)
    choose = shopper({0: ["3s"], 1: [None], 2: []})
    while hand.pending() != (2,) or hand.legal_actions(2)[-1].kind != "decline":
        seat = hand.pending()[0]
        hand.act(seat, choose(hand, seat))
    assert hand.stacks[2] == 3 and str(hand.legal_actions(2)[0]) == "buy Td (2)"
    with pytest.raises(IllegalActionError, match="buy Ac: buy one of Td"):
        hand.act(2, Buy("Ac"))
    hand.act(2, Buy("Td"))
    assert hand.stacks[2] == 1
    while hand.pending() != (2,) or hand.legal_actions(2)[-1].kind != "decline":
        seat = hand.pending()[0]
        hand.act(seat, choose(hand, seat))
    assert hand.stacks[2] == 1 and [str(legal) for legal in hand.legal_actions(2)] == ["decline"]
    with pytest.raises(IllegalActionError, match=r"seat 2 cannot buy now \(legal: decline\)"):
        hand.act(2, Buy("Td"))


# -- Push (rules 003) -----------------------------------------------------------------------------

PUSH = load("push")
# Hole cards: 5s, 2h, Tc. First round: the Ks is pushed all the way round (the replacements are
# 2d, 3h and 4c); then As 7h 9c, 3c 8h Jd and 4d 6h Th, all kept.
PUSH_DECK = "5s 2h Tc  Ks 2d 3h 4c  As 7h 9c  3c 8h Jd  4d 6h Th"


def pusher(pushes: int = 3, insure: dict[int, str] | None = None, sides: tuple[str, ...] = ()) -> Chooser:
    """Push the first ``pushes`` cards offered, keep the rest; buy insurance and throw away the card
    ``insure[seat]`` names (others decline); declare ``sides``; otherwise passive."""
    left = [pushes]
    plans = dict(insure or {})

    def choose(hand: Hand, seat: int) -> Action:
        kinds = {legal.kind for legal in hand.legal_actions(seat)}
        if "keep" in kinds:
            left[0] -= 1
            return Push() if left[0] >= 0 and "push" in kinds else Keep()
        if "discard" in kinds:
            return Discard((Card.parse(plans.pop(seat)),))
        if "decline" in kinds:
            return Buy("insurance") if seat in plans else Decline()
        return Declare(sides[seat]) if "declare" in kinds else passive(hand, seat)

    return choose


def test_push_a_card_is_kept_or_pushed_on_and_the_pusher_buys_one_he_must_keep() -> None:
    # "Dealer deals one card face down to each player, which must remain as 'Hole Card' until end of
    # hand. Dealer then deals one card face up to first player on his left. That player then has the
    # option to keep, or push that card to the next player and purchase (Price is optional) another
    # face up card from the dealer which he must keep face up."
    hand = Hand(PUSH, [100, 100, 100], button=2, deck=PUSH_DECK)
    assert hand.pot == 0  # "No Ante"
    assert hand.pending() == (0,) and [str(card) for card in hand.up[0]] == ["Ks"]
    assert [str(legal) for legal in hand.legal_actions(0)] == ["keep", "push 1"]  # a push names its price
    # "Note: 'Hole Card' cannot be Pushed": a push names no card, it sends on the card just offered.
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot discard now \(legal: keep; push 1\)"):
        hand.act(0, Discard((Card.parse("5s"),)))
    hand.act(0, Push())
    assert [str(card) for card in hand.up[0]] == ["2d"] and hand.stacks[0] == 99
    assert hand.pending() == (1,) and [str(card) for card in hand.up[1]] == ["Ks"]
    hand.act(1, Push())
    # "Remember, that a card may be pushed all the way around the table during the deal!" "(If dealer
    # wants to push, he pays a chip and pushes to the discard pile."
    hand.act(2, Push())
    assert [" ".join(map(str, hand.up[seat])) for seat in range(3)] == ["2d", "3h", "4c"]
    assert row(hand, "discards") == "Ks" and hand.stacks == [99, 99, 99] and hand.pot == 3
    story = [str(event) for event in hand.events[3:]]
    assert story == [
        "seat 0 dealt Ks up",
        "seat 0 pushes Ks to seat 1",
        "seat 0 buys 2d (replacement) for 1",
        "seat 1 pushes Ks to seat 2",
        "seat 1 buys 3h (replacement) for 1",
        "seat 2 throws Ks to the discard pile",
        "seat 2 buys 4c (replacement) for 1",
    ]
    # "Highest face up card starts the betting."
    assert hand.pending() == (2,) and hand.legal_actions(2)[0].kind == "check"


def test_push_says_whom_the_card_goes_to_and_the_option_whose_wild_card_it_is() -> None:
    # Issue 29: the controls had no words. The view of the seat deciding says them (the others' say nothing).
    names = {0: "ann", 1: "bob", 2: "you"}
    hand = Hand(PUSH, [100, 100, 100], button=2, deck=PUSH_DECK)
    assert hand.view(1).prompt is None and hand.view(None).prompt is None
    prompt = hand.view(0).prompt
    assert prompt is not None and prompt.to == 1
    assert (
        prompt.describe(names)
        == "Keep the Ks, or push it on to bob (to keep or push on) and buy a face-up replacement for 1 to keep."
    )
    hand.act(0, Push())
    hand.act(1, Push())
    last = hand.view(2).prompt
    assert last is not None and last.to is None and "push it to the discard pile" in last.describe(names)
    option = Hand(OPTION, [100, 100, 100], button=2, deck=OPTION_DECK)
    rolling = option.view(1).prompt
    assert rolling is not None and rolling.text.startswith("Roll: choose one card of your down cards to turn face up")
    assert "wild for you alone" in rolling.text
    choose = option_player(("high", "high", "low"))
    while not any(legal.kind == "decline" for seat in option.pending() for legal in option.legal_actions(seat)):
        for seat in option.pending():
            option.act(seat, choose(option, seat))
    buying = option.view(0).prompt
    assert buying is not None and buying.text.startswith("Buy the option for 10, or decline. It turns one more card up")
    guts = Hand(load("guts"), [100, 100, 100], seed=1)
    (seat, *_) = guts.pending()
    going = guts.view(seat).prompt
    assert going is not None and going.text.startswith(f"In: your cards play for the pot of {guts.pot};")


def test_a_steps_prompt_is_short_words_beside_the_controls() -> None:
    text = (Path(__file__).parent.parent / "src/homegame/games/catalogue/the-option.toml").read_text()
    long = text.replace('prompt = "It turns', f'prompt = "{"x" * 100} It turns', 1)
    with pytest.raises(GameSpecError, match=r"broken.toml: steps\[\d+\].prompt: at most 100 characters"):
        load_text(long, "broken.toml")


def test_push_five_cards_insurance_and_the_declaration() -> None:
    # (played ace-to-five, the house rule low = low-a5)
    hand = Hand(PUSH, [100, 100, 100], button=2, deck=PUSH_DECK, options={"low": "low-a5"})
    choose = pusher(insure={2: "Tc"}, sides=("low", "both", "high"))
    while not any(legal.kind == "decline" for seat in hand.pending() for legal in hand.legal_actions(seat)):
        seat = hand.pending()[0]
        hand.act(seat, choose(hand, seat))
    # "dealing continues as above until each remaining player has five cards, one face down and four face up."
    assert [(len(hand.down[seat]), len(hand.up[seat])) for seat in range(3)] == [(1, 4)] * 3
    # "dealer asks each player, in turn, if they would like to purchase an 'Insurance Card'. If a
    # player decides to purchase Insurance; he must pay the pot a chip value of 10 to 20 times higher
    # than the lowest chip value; and push any one of his cards (up or down) to the discard pile."
    assert hand.pending() == (0,) and [str(legal) for legal in hand.legal_actions(0)] == [
        "buy insurance (10)",
        "decline",
    ]
    hand.act(0, choose(hand, 0))
    hand.act(1, choose(hand, 1))
    hand.act(2, choose(hand, 2))
    assert str(hand.legal_actions(2)[0]) == "discard 1 of Tc 4c 9c Jd Th"
    hand.act(2, choose(hand, 2))
    assert not hand.down[2] and row(hand, "discards") == "Ks Tc" and hand.stacks[2] == 89
    # "each remaining player picks up 1, 2, or 3 chips [...] (1 chip for low, 2 chips for high, 3
    # chips for both ways)". "Note: If a both way bettor is beat or tied, either high or low, he
    # loses!": seat 1's flush wins high but its 8-7-6-3-2 loses low to seat 0's wheel, so seat 1 wins
    # nothing; high goes to seat 2's jack-high (four cards), low to seat 0.
    play_out(hand, choose)
    assert [(won.seat, won.side, won.hand) for won in hand.events if isinstance(won, Won)] == [
        (2, "high", "jack high"),
        (0, "low", "wheel"),
    ]
    assert wins(hand) == [(2, 7, 0), (0, 6, 0)] and hand.stacks == [105, 99, 96]


def test_push_by_the_optional_rule_discards_are_face_down() -> None:
    # "Optional Rule: All cards placed in the discard pile must be turned face down."
    hand = Hand(PUSH, [100, 100, 100], button=2, deck=PUSH_DECK, options={"discards_face_down": True})
    play_out(hand, pusher(insure={2: "Tc"}, sides=("low", "both", "high")))
    assert "discards" not in hand.rows
    thrown = [str(event) for event in hand.view(0).events if isinstance(event, Thrown)]
    assert thrown == ["seat 2 throws one card to the discard pile face down"] * 2
    assert str([event for event in hand.view(2).events if isinstance(event, Thrown)][1]) == (
        "seat 2 throws Tc to the discard pile face down"
    )


def test_push_a_player_who_cannot_pay_must_keep_and_insurance_follows_the_house_price() -> None:
    hand = Hand(PUSH, [100, 3, 100], button=2, deck=PUSH_DECK, options={"push_price": 5, "insurance_price": 20})
    hand.act(0, Push())
    assert [str(legal) for legal in hand.legal_actions(1)] == ["keep"]
    with pytest.raises(IllegalActionError, match=r"seat 1 cannot push now \(legal: keep\)"):
        hand.act(1, Push())
    hand.act(1, Keep())
    assert [str(card) for card in hand.up[1]] == ["Ks"] and hand.stacks[:2] == [95, 3]
    choose = pusher(pushes=0)
    while not any(legal.kind == "decline" for seat in hand.pending() for legal in hand.legal_actions(seat)):
        seat = hand.pending()[0]
        hand.act(seat, choose(hand, seat))
    assert str(hand.legal_actions(0)[0]) == "buy insurance (20)"


# -- The documents' step kinds report their problems ---------------------------------------------


HEADER = """
name = "broken"
title = "Broken"
family = "other"
players = { min = 2, max = 4 }
betting = "fixed-limit"
stakes = { ante = 1, small_bet = 2, big_bet = 4 }

[options.flag]
default = true
doc = "not a price"

[[steps]]
kind = "deal"
cards = ["down", "down", "down"]
board = 5
row = "extra"
"""


def test_the_home_game_step_kinds_report_their_fields_problems() -> None:
    steps = """
[[steps]]
kind = "split"
sizes = [2]
min_down = [1, 1, 1]

[[steps]]
kind = "buy"
price = true

[[steps]]
kind = "store"
prices = [1, 2]
"""
    assert problems_of(HEADER + steps) == [
        "broken.toml: steps[1].sizes: two to 9 hands of at least one card each",
        "broken.toml: steps[1].min_down: one number per hand, each 0..the hand's size",
        "broken.toml: steps[2].item: required: what is bought",
        "broken.toml: steps[2].price: required: chips (>= 0), a stake (big_bet) or a house rule's name",
        "broken.toml: steps[3].prices: one price (>= 0) for each of the 3 places",
    ]


def test_the_home_game_step_kinds_are_checked_against_the_whole_game() -> None:
    steps = """
[[steps]]
kind = "split"
min_down = [0, 1]

[[steps]]
kind = "buy"
item = "option"
price = "flag"

[[steps]]
kind = "push"
price = "max_bet"

[[steps]]
kind = "store"
unit = "big_blind"

[[steps]]
kind = "eliminate"
row = "extra"

[[steps]]
kind = "expose"
good = "extra"

[[steps]]
kind = "knockout"
row = "extra"
"""
    assert problems_of(HEADER + steps) == [
        "broken.toml: steps[1].sizes: players hold 3 cards here, not 7",
        "broken.toml: steps[2].price: 'flag' is neither a stake nor a whole-number house rule of the game",
        "broken.toml: steps[3].price: the game sets no stakes.max_bet",
        "broken.toml: steps[4].rows: place 'store-1' must be dealt one card face up",
        "broken.toml: steps[4].rows: place 'store-2' must be dealt one card face up",
        "broken.toml: steps[4].rows: place 'store-3' must be dealt one card face up",
        "broken.toml: steps[4].unit: the game sets no stakes.big_blind",
        "broken.toml: steps[5].row: row 'extra' must be dealt face down",
        "broken.toml: steps[6].good: row 'extra' needs 1 cards dealt face down",
        "broken.toml: steps[6].bad: row 'bad' needs 1 cards dealt face down",
        "broken.toml: steps[7].row: row 'extra' must be five cards dealt face down",
        "broken.toml: steps[7].kind: each player must hold five cards to compare, not 3",
    ]


def problems_of(text: str) -> list[str]:
    with pytest.raises(GameSpecError) as caught:
        load_text(text, "broken.toml")
    return caught.value.problems


def test_elimination_when_no_new_rank_is_left_nothing_more_is_thrown_away() -> None:
    # Eight players hold every card from five to king and 4s Ad Ah As. The table turns 2c 3c 4c Ac,
    # then 2d: a repeat. The deck (2h 2s 3d 3h 3s 4d 4h) and then the discards (4s Ad Ah As,
    # reshuffled) hold only ranks already showing, so the dealer runs out and nothing more goes.
    hands = ["4s Ad 5c 5d 5h", "Ah As 5s 6c 6d"]
    rest = [f"{rank}{suit}" for rank in "6789TJQK" for suit in "cdhs"][2:]
    hands += [" ".join(rest[index : index + 5]) for index in range(0, 30, 5)]
    hand = elimination(hands, table="2c 3c 4c Ac 2d 2h 2s 3d 3h 3s 4d 4h")
    play_out(hand, declaring(*["high"] * 8))
    table = hand.rows["table"]
    assert len(table) == 16 and {card.rank for card in table} == {Rank.TWO, Rank.THREE, Rank.FOUR, Rank.ACE}
    assert set(table[-4:]) == set(parse("4s Ad Ah As")) and any(isinstance(e, Reshuffled) for e in hand.events)
    assert hand.over and any(isinstance(event, Won) and event.side == "high" for event in hand.events)


# -- games that bet as seven-card stud: the open pair's big bet ---------------------------------


def _fourth_street(name: str, fourth: str, **options: object) -> list[str]:
    """What seat 0 may do first on fourth street when its up cards are Kh and ``fourth``."""
    game = load(name)
    hole = {0: f"2s 3s Kh {fourth} 4c 5c 6c", 1: "7s 8s Qh 2c Ac As Ad", 2: "Ts Js 9c 3d Jh Jd Jc"}
    hand = Hand(game, [200] * 3, button=2, deck=stacked(game, 3, 2, hole), options=options)
    while len(hand.up[0]) < 2:
        check_down_once(hand)
    assert hand.pending() == (0,)
    return [str(legal) for legal in hand.legal_actions(0)]


@pytest.mark.parametrize("name", ["pi-gow-stud", "follow-the-queen"])
def test_games_that_bet_as_seven_card_stud_offer_the_open_pair_big_bet(name: str) -> None:
    # Rules 001 (Pi Gow stud: "dealt and bet like seven-card stud") and Follow the Queen (seven-card
    # stud with a wild rank): seven-card stud's betting gives the big-bet option on an open pair on
    # fourth street; a documented house rule turns it off.
    assert _fourth_street(name, "Kd") == ["check", "bet_to 5..10 by 5"]
    assert _fourth_street(name, "Kd", open_pair_big_bet=False) == ["check", "bet_to 5"]
    assert "open_pair_big_bet = false" in " ".join(load(name).rules.split())


def test_grocery_store_bets_as_seven_card_stud_with_the_open_pair_option() -> None:
    game = load("grocery-store")
    assert game.option_values()["open_pair_big_bet"] is True
    assert sum(getattr(step, "open_pair", False) for step in game.steps) == 1


def test_follow_the_queen_a_wild_up_card_makes_no_open_pair() -> None:
    # Follow the Queen: the Qh dealt up makes the 9c after it name nines wild; seat 0's 9d beside
    # its Kh is a pair of kings with a wild card, but an open pair is two up cards of the same
    # natural rank: no big-bet option.
    assert _fourth_street("follow-the-queen", "9d") == ["check", "bet_to 5"]
    assert "a wild up card does not make one" in " ".join(load("follow-the-queen").rules.split())
