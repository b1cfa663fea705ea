"""Rankings against rules document 004 ("Standard Poker Hand Ranking", "Hand Ranking in
Low Poker", "Incomplete Hands", "Ranking of suits", "Stripped Decks", "No Unbeatable Hand").

Each test quotes the sentence it checks. The published five-card counts are
reproduced by the reference path itself, counting classes of hands (a multiset of
ranks, suited or not) weighted by how many real hands each class holds.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cards import Card, DeckSpec, Rank, Suit, parse
from homegame.cli import main
from homegame.errors import ParseError
from homegame.ranking import Category, HandValue, get, names, winners

HIGH = get("high")
A5 = get("low-a5")
D27 = get("low-27")
A6 = get("low-a6")


def value(text: str, ranking: object = HIGH) -> HandValue:
    return ranking.evaluate(text)  # type: ignore[attr-defined, no-any-return]


def beats(a: str, b: str, ranking: object = HIGH) -> bool:
    return value(a, ranking) > value(b, ranking)


def ties(a: str, b: str, ranking: object = HIGH) -> bool:
    return value(a, ranking) == value(b, ranking)


# -- Standard Poker Hand Ranking ---------------------------------------------------------------


def test_suits_never_break_ties() -> None:
    # "the king of hearts and the king of spades are equal"
    assert ties("Kh Qd 9c 5s 3h", "Ks Qc 9d 5h 3c")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # "Between two straight flushes, the one containing the higher top card is higher."
        ("Js Ts 9s 8s 7s", "Th 9h 8h 7h 6h"),
        # "5-4-3-2-A is a straight flush, but its top card is the five ... the lowest type of straight flush"
        ("6d 5d 4d 3d 2d", "5c 4c 3c 2c Ac"),
        # "3-3-3-3-A is beaten by 4-4-4-4-2"
        ("4c 4d 4h 4s 2c", "3c 3d 3h 3s Ac"),
        # "9-9-9-4-4 beats 8-8-8-A-A"
        ("9c 9d 9h 4s 4c", "8c 8d 8h As Ac"),
        # "K-J-9-3-2 beats K-J-7-6-5 because the nine beats the seven"
        ("Kh Jh 9h 3h 2h", "Kd Jd 7d 6d 5d"),
        # "5-5-5-3-2 beats 4-4-4-K-5, which beats 4-4-4-Q-9, which beats 4-4-4-Q-8"
        ("5c 5d 5h 3s 2c", "4c 4d 4h Ks 5c"),
        ("4c 4d 4h Ks 5c", "4c 4d 4h Qs 9c"),
        ("4c 4d 4h Qs 9c", "4c 4d 4h Qs 8c"),
        # "J-J-2-2-4 beats 10-10-9-9-8 because the jacks beat the tens"
        ("Jc Jd 2h 2s 4c", "Tc Td 9h 9s 8c"),
        # "8-8-6-6-3 beats 8-8-5-5-K"
        ("8c 8d 6h 6s 3c", "8h 8s 5h 5s Kc"),
        # "Q-Q-5-5-8 beats Q-Q-5-5-4"
        ("Qc Qd 5h 5s 8c", "Qh Qs 5c 5d 4c"),
        # "6-6-4-3-2 beats 5-5-A-K-Q"
        ("6c 6d 4h 3s 2c", "5c 5d Ah Ks Qc"),
        # "J-J-A-9-3 beats J-J-A-8-7 because the 9 beats the 8"
        ("Jc Jd Ah 9s 3c", "Jh Js Ac 8d 7c"),
        # "A-J-9-5-3 beats A-10-9-6-4 because the jack beats the ten"
        ("Ac Jd 9h 5s 3c", "Ah Td 9c 6s 4c"),
        # "Any hand in a higher category beats any hand in a lower category"
        ("2c 2d 2h 3s 4c", "Ac Ad Kh Ks Qc"),
    ],
)
def test_examples_of_the_standard_ranking(better: str, worse: str) -> None:
    assert beats(better, worse)
    assert not beats(worse, better)


def test_no_round_the_corner_straights() -> None:
    # "The cards in a straight flush cannot 'turn the corner': 4-3-2-A-K is not valid."
    assert value("4s 3s 2s As Ks").category is Category.FLUSH
    # "A-K-Q-J-10 and 5-4-3-2-A are valid straights, but 2-A-K-Q-J is not"
    assert value("Ac Kd Qh Js Tc").category is Category.STRAIGHT
    assert value("5c 4d 3h 2s Ac").category is Category.STRAIGHT
    assert value("2c Ad Kh Qs Jc").category is Category.HIGH_CARD
    # "5-4-3-2-A, known as a wheel, is the lowest kind of straight"
    assert beats("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac")


def test_hold_em_kicker_examples() -> None:
    # "with J-J-J-J-9 on the table ... a player holding K-7 beats a player holding Q-10";
    # "8-2 and 6-5 ... split the pot"; "A-2 and A-K ... also split the pot"
    board = "Jc Jd Jh Js 9c"
    assert value("Kc 7d " + board) > value("Qc Td " + board)
    assert value("8c 2d " + board) == value("6c 5d " + board)
    assert value("Ac 2d " + board) == value("Ah Kd " + board)


def test_only_five_cards_count() -> None:
    # "Poker ranks are always based on five cards only ... irrespective of the ranks of any unused cards."
    assert ties("Ac Ad Kc Qd Jh 3s 2s", "Ah As Kh Qs Jd 9c 8c")


def test_names() -> None:
    assert value("As Ks Qs Js Ts").name == "royal flush"
    assert value("5c 4c 3c 2c Ac").name == "five-high straight flush"
    assert value("Qc Qd Qh 4s 4c").name == "queens full of fours"
    assert value("Ah Jh 9h 3h 2h").name == "ace-high flush"
    assert value("7c 7d 7h Ks 2c").name == "three sevens"
    assert value("Jc Jd 4h 4s 2c").name == "two pair, jacks and fours"
    assert value("6c 6d 4h 3s 2c").name == "pair of sixes"
    assert value("Ac Jd 9h 5s 3c").name == "ace high"
    assert value("9c 9d 9h 9s 2c").name == "four nines"
    assert value("As Ks Qs Js Ts").cards == parse("As Ks Qs Js Ts")


# -- Counting classes of five-card hands with the reference --------------------------------------


def class_counts(ranking: object, ranks: list[Rank]) -> tuple[Counter[Category], Counter[Category], int]:
    """Every five-card hand from a pack of ``ranks`` (four suits), by category and distinct value."""
    counts: Counter[Category] = Counter()
    distinct: dict[Category, set[int]] = {}
    total = 0
    for multiset in combinations_with_replacement(ranks, 5):
        multiplicity = Counter(multiset)
        if max(multiplicity.values()) > 4:
            continue
        suits_ways = 1
        for copies in multiplicity.values():
            suits_ways *= comb(4, copies)
        classes = []
        if len(multiplicity) == 5:
            classes.append((4, [Card.of(rank, Suit.SPADES) for rank in multiset]))
            suits_ways -= 4
        hand = []
        for rank, copies in multiplicity.items():
            hand += [Card.of(rank, suit) for suit in list(Suit)[:copies]]
        if len(multiplicity) == 5:
            hand[0] = Card.of(hand[0].rank, Suit.HEARTS)  # type: ignore[arg-type]
        classes.append((suits_ways, hand))
        for ways, cards in classes:
            judged = ranking.evaluate(cards)  # type: ignore[attr-defined]
            counts[judged.category] += ways
            distinct.setdefault(judged.category, set()).add(judged.key)
            total += ways
    return counts, Counter({category: len(keys) for category, keys in distinct.items()}), total


def test_published_five_card_counts_and_7462_distinct_values() -> None:
    counts, distinct, total = class_counts(HIGH, list(Rank))
    assert total == 2_598_960
    assert counts == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.ONE_PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    }
    assert sum(distinct.values()) == 7_462
    assert distinct[Category.STRAIGHT_FLUSH] == 10  # "including 4 royals": one value for the 4 royal flushes
    royals = [value(f"A{s} K{s} Q{s} J{s} T{s}") for s in "cdhs"]
    assert all(royal.name == "royal flush" for royal in royals)


def test_6175_distinct_ace_to_five_values() -> None:
    _, distinct, _ = class_counts(A5, list(Rank))
    assert sum(distinct.values()) == 6_175


def test_stripped_36_card_deck_straights() -> None:
    # "when using a 36-card deck with 6's low, A-6-7-8-9 is a low straight"
    short = get("high", deck=36)
    assert short.evaluate("As 6d 7c 8h 9s").name == "nine-high straight"
    assert short.evaluate("Ts 6d 7c 8h 9s") > short.evaluate("As 6d 7c 8h 9s")
    assert short.evaluate("As 6d 7c 8h 9s") > short.evaluate("As Ad 7c 8h 9s")
    counts, _, total = class_counts(short, [rank for rank in Rank if rank >= Rank.SIX])
    assert total == comb(36, 5)
    assert counts[Category.STRAIGHT] + counts[Category.STRAIGHT_FLUSH] == 6 * 4**5  # A-6-7-8-9 up to T-J-Q-K-A
    with pytest.raises(ParseError, match="not in a deck"):
        short.evaluate("2s 6d 7c 8h 9s")


def test_flush_beats_full_house_option() -> None:
    # "a Flush is sometimes ranked above a Full House in such games"
    swapped = get("high", deck=32, flush_beats_full_house=True)
    assert swapped.evaluate("7h 9h Jh Qh Kh") > swapped.evaluate("Ac Ad Ah Ks Kc")
    assert HIGH.evaluate("7h 9h Jh Qh Kh") < HIGH.evaluate("Ac Ad Ah Ks Kc")


def test_twenty_card_pack_knows_only_the_six_old_classes() -> None:
    # Rule 004: "the earliest form of poker was played with just 20 cards - the ace, king, queen,
    # jack and ten of each suit ... The only hand types recognised were, in descending order, four of
    # a kind, full house, three of a kind, two pairs, one pair, no pair." No straight, no flush.
    twenty = get("high", deck=20)
    assert twenty.evaluate("As Kd Qc Jh Ts").category is Category.HIGH_CARD
    assert twenty.evaluate("As Ks Qs Js Ts").category is Category.HIGH_CARD
    assert twenty.categories() == (
        Category.FOUR_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.THREE_OF_A_KIND,
        Category.TWO_PAIR,
        Category.ONE_PAIR,
        Category.HIGH_CARD,
    )
    assert get("high", deck=32).evaluate("As Kd Qc Jh Ts").category is Category.STRAIGHT  # the stripped-deck rule
    counts = dict.fromkeys(twenty.categories(), 0)
    for hand in combinations(DeckSpec.of_size(20).cards(), 5):
        counts[twenty.evaluate(hand).category] += 1
    assert counts[Category.HIGH_CARD] == 1024 and counts[Category.FOUR_OF_A_KIND] == 80


# -- Hand Ranking in Low Poker -------------------------------------------------------------------


def test_ace_to_five_order() -> None:
    # "The best hand is therefore 5-4-3-2-A, even if the cards are all in one suit. Then comes 6-4-3-2-A,
    #  6-5-3-2-A, 6-5-4-2-A, 6-5-4-3-A, 6-5-4-3-2, 7-4-3-2-A and so on."
    order = ["5s 4s 3s 2s As", "6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac", "6c 5d 4h 2s Ac"]
    order += ["6c 5d 4h 3s Ac", "6c 5d 4h 3s 2c", "7c 4d 3h 2s Ac"]
    values = [value(hand, A5) for hand in order]
    assert values == sorted(values, reverse=True)
    assert len({v.key for v in values}) == len(values)
    assert values[0].name == "wheel"
    # "6-5-4-3-2 is better than 7-4-3-2-A because the 6 is lower than the 7"
    assert beats("6c 5d 4h 3s 2c", "7c 4d 3h 2s Ac", A5)
    # "The best hand containing a pair is A-A-4-3-2."
    best_pair = value("Ac Ad 4h 3s 2c", A5)
    assert best_pair.category is Category.ONE_PAIR
    assert best_pair > value("2c 2d Ah 3s 4c", A5)
    assert best_pair < value("Kc Qd Jh Ts 8c", A5)


def test_eight_or_better() -> None:
    # "a hand must consist of five unequal cards, all 8 or lower, to qualify for low. The worst such hand is 8-7-6-5-4."
    eight = get("low-a5", qualifier=8)
    assert eight.evaluate("8c 7d 6h 5s 4c").qualified
    assert not eight.evaluate("9c 5d 4h 3s 2c").qualified
    assert not eight.evaluate("8c 8d 4h 3s 2c").qualified
    # "whose cards are 10-8-6-6-3-2-A can omit the 10 and one of the 6's to create a qualifying hand for low"
    chosen = eight.evaluate("Tc 8d 6h 6s 3c 2d Ah")
    assert chosen.qualified and chosen.name == "8-6-3-2-A low"


def test_deuce_to_seven_order() -> None:
    # "A-2-3-4-5 is not a straight, but ranks between K-Q-J-10-8 and A-6-4-3-2"
    wheel = value("Ac 2d 3h 4s 5c", D27)
    assert wheel.category is Category.HIGH_CARD
    assert value("Kc Qd Jh Ts 8c", D27) > wheel > value("Ac 6d 4h 3s 2c", D27)
    # "The best hand in this form is 7-5-4-3-2 in mixed suits ... The next best is 7-6-4-3-2, then 7-6-5-3-2,
    #  7-6-5-4-2, 8-5-4-3-2, 8-6-4-3-2, 8-6-5-3-2, 8-6-5-4-2, 8-6-5-4-3, 8-7-4-3-2"
    order = ["7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c", "7c 6d 5h 3s 2c", "7c 6d 5h 4s 2c", "8c 5d 4h 3s 2c"]
    order += ["8c 6d 4h 3s 2c", "8c 6d 5h 3s 2c", "8c 6d 5h 4s 2c", "8c 6d 5h 4s 3c", "8c 7d 4h 3s 2c"]
    values = [value(hand, D27) for hand in order]
    assert values == sorted(values, reverse=True) and len({v.key for v in values}) == len(values)
    assert value("7s 5s 4s 3s 2s", D27).category is Category.FLUSH
    assert beats("7c 5d 4h 3s 2c", "7s 5s 4s 3s 2s", D27)
    # "The best hand containing a pair is 2-2-5-4-3, but this would be beaten by A-K-Q-J-9"
    assert beats("Ac Kd Qh Js 9c", "2c 2d 5h 4s 3c", D27)
    assert value("6c 5d 4h 3s 2c", D27).category is Category.STRAIGHT


def test_ace_to_six_rulings_and_their_options() -> None:
    # "5-4-3-2-A is a bad hand because it is a straight, so the best low hand is 6-4-3-2-A"
    assert value("5c 4d 3h 2s Ac", A6).category is Category.STRAIGHT
    assert beats("6c 4d 3h 2s Ac", "5c 4d 3h 2s Ac", A6)
    assert beats("6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac", A6)
    # "A-K-Q-J-10 ... is a king-down, and is lower and therefore better than K-Q-J-10-2"
    assert value("Ac Kd Qh Js Tc", A6).category is Category.HIGH_CARD
    assert beats("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 2c", A6)
    # "a pair of aces is the lowest and therefore the best pair, beating a pair of twos"
    assert beats("Ac Ad 5h 4s 3c", "2c 2d 5h 4s 3c", A6)
    # "some players would disagree with both the above rulings"
    other = get("low-a6", ace_high_straight=True, ace_pair_high=True)
    assert other.evaluate("Ac Kd Qh Js Tc").category is Category.STRAIGHT
    assert other.evaluate("2c 2d 5h 4s 3c") > other.evaluate("Ac Ad 5h 4s 3c")


def test_low_names_and_json() -> None:
    assert value("8h 6d 5c 4s 2h", A5).name == "8-6-5-4-2 low"
    assert value("Tc 8d 6h 4s 2c", D27).name == "10-8-6-4-2 low"
    assert value("As 2d 3c 4h 5s", D27).to_json()["category"] == "high_card"


# -- Incomplete hands -----------------------------------------------------------------------------


def test_incomplete_hands() -> None:
    # "8-8-K beats 8-8-6-2 because the king beats the 6, but 8-8-6-2 beats 8-8-6"
    assert beats("8c 8d Kh", "8h 8s 6c 2d")
    assert beats("8h 8s 6c 2d", "8c 8d 6h")
    # "a 10 by itself beats 9-5, which beats 9-3-2, which beats 9-3, which beats a 9 by itself"
    chain = ["Tc", "9c 5d", "9d 3h 2s", "9h 3c", "9s"]
    values = [value(hand) for hand in chain]
    assert values == sorted(values, reverse=True) and len({v.key for v in values}) == 5
    # "With fewer than five cards, you cannot have a straight, flush or full house. You can make a four of a
    #  kind or two pairs with only four cards, triplets with three cards, a pair with two cards"
    assert value("5h 6h 7h 8h").category is Category.HIGH_CARD
    assert value("5h 5c 5d 5s").category is Category.FOUR_OF_A_KIND
    assert value("5h 5c 7d 7s").category is Category.TWO_PAIR
    assert value("5h 5c 5d").category is Category.THREE_OF_A_KIND
    assert value("Ah Ac").name == "pair of aces"


def test_three_card_hands() -> None:
    three = get("three-card")
    assert three.evaluate("Qh Kh Ah").category is Category.STRAIGHT_FLUSH
    assert three.evaluate("2c 2d 2h") > three.evaluate("Qh Kd Ac")
    assert three.evaluate("Qh Kd Ac") > three.evaluate("2h 9h Kh")
    assert three.evaluate("Ah 2d 3c").category is Category.STRAIGHT


# -- Badugi --------------------------------------------------------------------------------------


def test_badugi() -> None:
    badugi = get("badugi")
    assert badugi.evaluate("Ac 2d 3h 4s") > badugi.evaluate("Ac 2d 3h 5s")
    assert badugi.evaluate("Kc Qd Jh Ts") > badugi.evaluate("Ac 2d 3h 3s")
    assert badugi.evaluate("Ac 2c 3h 4s").category is Category.BADUGI_3
    assert badugi.evaluate("Ac Ad Ah As").category is Category.BADUGI_1


# -- Ranking of suits -----------------------------------------------------------------------------


def test_suit_tiebreak_rules() -> None:
    # "If one player A has 8-8-J-9-3 and player B has 8-8-J-9-3, who will win?"
    a, b = "8s 8c Jd 9d 3d", "8h 8d Js 9c 3c"
    rule1 = get("high", suit_tiebreak="highest-card")
    rule2 = get("high", suit_tiebreak="highest-paired")
    assert rule1.evaluate(b) > rule1.evaluate(a)  # "Compare the suit of the highest card in the hand": the jack
    assert rule2.evaluate(a) > rule2.evaluate(b)  # "Compare the suit of the highest paired card"
    # "if two people have K-K-7-5-4 compare the 7's"
    rule3 = get("high", suit_tiebreak="highest-unpaired")
    assert rule3.evaluate("Kc Kd 7s 5c 4c") > rule3.evaluate("Kh Ks 7h 5s 4s")
    # under the Italian order hearts are highest, spades lowest
    italian = get("high", suit_tiebreak="highest-card", suit_order="italy")
    assert italian.evaluate("Ah Kh Qh Jh Th") > italian.evaluate("As Ks Qs Js Ts")
    # without a house rule the hands tie
    assert ties(a, b)


# -- No Unbeatable Hand ---------------------------------------------------------------------------


def test_italian_minimum_beats_maximum() -> None:
    # "the minimum beats the maximum, the maximum beats the medium and the medium beats the minimum"
    italian = get("high", deck=40, italian_straight_flush=True)
    minimum = italian.evaluate("As 5s 6s 7s 8s")  # "with 40 cards the minimum straight flush would be A-5-6-7-8"
    maximum = italian.evaluate("Ah Kh Qh Jh Th")
    medium = italian.evaluate("9d Td Jd Qd Kd")
    assert minimum > maximum
    assert maximum > medium
    assert medium > minimum
    assert not italian.transitive
    # "where three players hold a straight flush, one minimum, one medium and one maximum, the pot is split"
    assert winners([minimum, medium, maximum, italian.evaluate("Ac Ad Ah As Kc")]) == [0, 1, 2]
    assert winners([minimum, maximum]) == [0]


def test_greek_imperial_flush() -> None:
    # "A-K-Q-J-10 is called an Imperial Flush, and it is beaten only by four of a kind of the lowest rank"
    greek = get("high", deck=36, imperial_flush=True)
    imperial = greek.evaluate("Ah Kh Qh Jh Th")
    sixes = greek.evaluate("6c 6d 6h 6s Ac")
    nines = greek.evaluate("9c 9d 9h 9s Ac")
    assert sixes > imperial
    assert imperial > nines
    assert nines > sixes
    # "a hand in the showdown that beats the four of a kind but is lower than the Imperial Flush ... split"
    assert winners([imperial, sixes, nines]) == [0, 1, 2]
    assert winners([imperial, nines]) == [0]


# -- Bad input and the API ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: HIGH.evaluate("As As Kd Qc Jh"), "duplicate"),
        (lambda: HIGH.evaluate(""), "at least one card"),
        (lambda: HIGH.evaluate("As Jk"), "joker"),
        (lambda: get("hi"), "unknown ranking 'hi'"),
        (lambda: get("high", colour=True), "unknown ranking option 'colour'"),
        (lambda: get("high", qualifier=8), "only a low"),
        (lambda: get("low-a5", qualifier="x"), "whole number"),
        (lambda: get("high", suit_tiebreak="random"), "suit_tiebreak"),
        (lambda: get("high", deck=33), "no standard pack"),
    ],
)
def test_bad_input_names_what_is_wrong(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_two_packs_allow_duplicates() -> None:
    assert get("high", packs=2).evaluate("As As Ad Ac Ah").category is Category.FIVE_OF_A_KIND


def test_short_deck_the_triton_order_puts_three_of_a_kind_over_a_straight() -> None:
    # Short-deck hold'em as Triton plays it: three of a kind beats a straight, a flush a full house.
    ordinary = get("high", deck=36, flush_beats_full_house=True)
    triton = get("high", deck=36, flush_beats_full_house=True, three_of_a_kind_beats_straight=True)
    trips, straight = "6c 6d 6h Ks Qd", "Ac 6d 7h 8s 9d"
    assert ordinary.evaluate(straight) > ordinary.evaluate(trips)
    assert triton.evaluate(trips) > triton.evaluate(straight)
    assert triton.evaluate("As Ks 9s 8s 7s") > triton.evaluate("Ac Ad Ah Kc Kd")  # the flush stays over the full house
    with pytest.raises(ValueError, match="option of the high ranking"):
        get("low-a5", three_of_a_kind_beats_straight=True)


def test_several_packs_a_one_suit_hand_is_judged_in_its_highest_category() -> None:
    # 004: "Any hand in a higher category beats any hand in a lower category."
    four_packs = get("high", packs=4)
    assert four_packs.evaluate("As As As As Ks").name == "four aces"
    assert four_packs.evaluate("As As As As Ks") > four_packs.evaluate("2c 2d 2h 2s 3c")
    assert four_packs.evaluate("As As As Ks Ks").name == "aces full of kings"
    assert four_packs.evaluate("As As Ks Qs 9s").category is Category.FLUSH  # a flush beats a pair
    # where a flush beats a full house, a one-suit full house is the flush it also is
    stripped = get("high", packs=3, deck=32, flush_beats_full_house=True)
    assert stripped.evaluate("As As As Ks Ks").category is Category.FLUSH
    # for deuce-to-seven low the highest category counts against: a one-suit pair is a flush
    assert get("low-27", packs=2).evaluate("7s 7s 5s 3s 2s").category is Category.FLUSH


def test_several_packs_the_eval_command_names_the_highest_category(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 19, item 2: `homegame eval "As As As As Ks" -o packs=4` said "ace-high flush".
    assert main(["eval", "As As As As Ks", "-o", "packs=4"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "four aces"


def test_comparing_values_of_different_rankings_raises() -> None:
    with pytest.raises(TypeError):
        _ = value("As Kd Qh Js 9c") < value("As Kd Qh Js 9c", A5)


def test_names_of_rankings() -> None:
    assert names() == sorted(names())
    assert {"badugi", "high", "low-27", "low-a5", "low-a6", "three-card", "spade"} <= set(names())
    assert get("high") is get("HIGH")


DECK = [Card.from_code(code) for code in range(52)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True))
def test_best_of_n_is_the_best_five(cards: list[Card]) -> None:
    from itertools import combinations

    for ranking in (HIGH, A5, D27, A6):
        best = ranking.evaluate(cards)
        assert best.key == max(ranking.evaluate(five).key for five in combinations(cards, 5))
        assert set(best.cards) <= set(cards) and len(best.cards) == 5


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_lows_order_by_badness_not_by_reversing_high(cards: list[Card]) -> None:
    # ace-to-five ignores suits and straights: the value depends on the ranks alone
    ranks_only = [Card.of(card.rank, (i + 1) % 4) for i, card in enumerate(cards)]  # type: ignore[arg-type]
    if len(set(ranks_only)) == 5:
        assert A5.evaluate(cards) == A5.evaluate(ranks_only)
