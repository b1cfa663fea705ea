"""Wild cards against rules document 004, "Poker Hand Ranking with Wild Cards", and the
lowest-down-card rule of The Option (rules document 001).

Each example test quotes the sentence it checks. The reasoning path is held equal to a
brute force that lives here: every card each wild card could stand for is tried, under
the rules the document states, and the ranking's own judgement of natural cards says
which substitution is best. Exact counts over every five-card hand come from
``homegame tables --json`` (:func:`homegame.analysis.tables.count` judges one hand per
class of hands through the reasoning path and weighs it by the hands the class holds).
The wild-card kernel is held equal to the reasoning path.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Sequence
from contextlib import redirect_stdout
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from homegame.cards import Card, DeckSpec, Rank, Suit, parse
from homegame.cli import main
from homegame.errors import ParseError
from homegame.ranking import Category, HandValue, PokerRanking, SuitTiebreak, WildSpec, get

C = Category
JOKERS = get("high", wild="jokers")
BUG = get("high", wild="bug")
DEUCES = get("high", wild="2")


def value(text: str | Sequence[Card], ranking: object = JOKERS, **keywords: object) -> HandValue:
    return ranking.evaluate(text, **keywords)  # type: ignore[attr-defined, no-any-return]


def stands(hand_value: HandValue) -> dict[str, str]:
    return {str(wild): str(card) for wild, card in hand_value.wild}


# -- What a wild card is -----------------------------------------------------------------------


def test_deuces_and_one_eyed_jacks() -> None:
    # "one or more cards of the 52-card pack may be designated as wild - for example all the
    # twos ('deuces wild') or the jacks of hearts and spades ('one-eyed jacks wild' ...)"
    assert value("2c 2d Kh Ks 7c", DEUCES).name == "four kings"
    one_eyed = get("high", wild="one-eyed-jacks")
    assert one_eyed == get("high", wild="Jh Js")
    assert value("Jh Ks Kd 7c 4d", one_eyed).name == "three kings"
    assert value("Jc Ks Kd 7c 4d", one_eyed).name == "pair of kings"  # the jack of clubs has two eyes


def test_jokers_added_to_the_pack() -> None:
    # "In some variants one or more jokers are added to the pack to act as wild cards."
    hand = value("Jk Jk2 Qd 9c 4h")
    assert hand.name == "three queens"
    assert stands(hand) == {"Jk": "Qs", "Jk2": "Qh"}


def test_a_wild_card_represents_a_card_not_present() -> None:
    # "to represent any card not already present in the hand ... The only practical effect
    # of the rule against duplicates is to prevent the formation of a 'double ace flush'. So
    # for example in the hand A-9-8-5-joker, the joker counts as a K, not a second ace, and
    # this hand is therefore beaten by A-K-10-4-3, the 10 beating the 9."
    hand = value("As 9s 8s 5s Jk")
    assert hand.name == "ace-high flush"
    assert stands(hand) == {"Jk": "Ks"}
    assert hand.counted == parse("As Ks 9s 8s 5s")
    assert value("Ah Kh Th 4h 3h") > hand


def test_or_to_make_five_of_a_kind() -> None:
    # "or 2. to make the special combination of 'five of a kind'. ... five of a kind - five
    # cards of equal rank - must necessarily include one duplicate card"
    hand = value("7c 7d 7h 7s Jk")
    assert hand.category is C.FIVE_OF_A_KIND and hand.name == "five sevens"
    assert value("Jk Jk2 Jk3 Qd Qc").name == "five queens"


def test_five_of_a_kind_is_the_highest_hand() -> None:
    # "When playing with wild cards, five of a kind becomes the highest type of hand, beating
    # a royal flush. Between fives of a kind, the higher beats the lower, five aces being
    # highest of all."
    assert JOKERS.categories()[:2] == (C.FIVE_OF_A_KIND, C.STRAIGHT_FLUSH)
    twos = value("2c 2d 2h 2s Jk")
    assert twos > value("As Ks Qs Js Ts")
    assert value("3c 3d 3h Jk Jk2") > twos
    aces = value("Ac Ad Ah As Jk")
    assert aces.name == "five aces"
    assert all(aces > value(f"{r}c {r}d {r}h {r}s Jk") for r in "23456789TJQK")


# -- The bug -------------------------------------------------------------------------------------


def test_the_bug_is_an_ace_or_completes_a_straight_or_flush() -> None:
    # "It can either be used as an ace, or to complete a straight or a flush."
    assert stands(value("Kc Qd 7h 4s Jk", BUG)) == {"Jk": "As"}
    assert value("Kc Qd 7h 4s Jk", BUG).name == "ace high"
    assert value("9c 8d 7h 6s Jk", BUG).name == "ten-high straight"
    assert value("Kd 9d 7d 4d Jk", BUG).name == "ace-high flush"
    assert value("Ad 9d 7d 4d Jk", BUG).name == "ace-high flush"  # the king of diamonds, no second ace
    assert value("Jh Th 9h 8h Jk", BUG).name == "queen-high straight flush"
    assert value("Kc Kd 7h 4s Jk", BUG).name == "pair of kings"  # not three kings


def test_the_bug_makes_five_aces_and_no_other_five_of_a_kind() -> None:
    # "Thus the highest hand is five aces (A-A-A-A-joker), but other fives of a kind are
    # impossible - for example 6-6-6-6-joker would count as four sixes with an ace kicker and
    # a straight flush would beat this hand."
    assert value("Ac Ad Ah As Jk", BUG).name == "five aces"
    sixes = value("6c 6d 6h 6s Jk", BUG)
    assert sixes.name == "four sixes" and sixes.counted[-1].rank == Rank.ACE
    assert value("6c 6d 6h 6s Ac", BUG) == sixes
    assert value("5h 4h 3h 2h Ah", BUG) > sixes


def test_the_bug_makes_no_full_house_from_two_pairs() -> None:
    # "Also a hand like 8-8-5-5-joker counts as two pairs with the joker representing an
    # ace, not as a full house."
    hand = value("8c 8d 5h 5s Jk", BUG)
    assert hand.category is C.TWO_PAIR and stands(hand) == {"Jk": "As"}


# -- Wild cards in low poker ---------------------------------------------------------------------


def test_fitters_in_low_poker() -> None:
    # "In Low Poker, a wild card can be used to represent a card of a rank not already present
    # in the player's hand. It is then sometimes known as a 'fitter'. For example
    # 6-5-4-2-joker would count as a pair of sixes in normal poker with the joker wild, but in
    # ace-to-five low poker the joker could be used as an ace, and in deuce-to-seven low poker
    # it could be used as a seven to complete a low hand."
    a5 = value("6c 5d 4h 2s Jk", get("low-a5", wild="jokers"))
    assert a5.name == "6-5-4-2-A low" and stands(a5) == {"Jk": "As"}
    d27 = value("6c 5d 4h 2s Jk", get("low-27", wild="jokers"))
    assert d27.name == "7-6-5-4-2 low" and stands(d27)["Jk"][0] == "7"
    # In high poker the pair of sixes is a legal reading (joker as a six), but the joker
    # as a three makes a six-high straight, which is better.
    high = value("6c 5d 4h 2s Jk")
    assert high.name == "six-high straight"
    assert high > value("6c 5d 4h 2s 6h")


def test_a_fitter_never_pairs_and_breaks_straights_and_flushes() -> None:
    d27 = get("low-27", wild="jokers")
    assert value("6c 5c 4c 3c Jk", d27).name == "8-6-5-4-3 low"  # a 2 or a 7 would make a straight
    assert value("7s 5s 4s 3s Jk", d27).category is C.HIGH_CARD  # the fitter is not a spade
    assert value("Ac 2d 3h 4s Jk", get("low-a6", wild="jokers")).name == "6-4-3-2-A low"
    assert value("Ac Ad 3h 4s Jk", get("low-a5", wild="jokers")).name == "pair of aces"


# -- Lowest card wild ------------------------------------------------------------------------------


def test_lowest_card_wild_uses_ace_high() -> None:
    # "the rule applies to the lowest ranked card held at the time of the showdown, using the
    # normal order ace (high) to two (low). Aces cannot be counted as low to make them wild."
    lowest = get("high", wild="lowest")
    hand = value("Ac 3d Kh Ks 9c", lowest)
    assert hand.name == "three kings" and stands(hand) == {"3d": "Kd"}
    assert value("Ac Ad 4h 4s 9c", lowest).name == "four aces"  # both fours are wild, no ace


def test_lowest_down_card_wild_in_the_option() -> None:
    # 001, The Option: "Each player's lowest down card (and all other cards in their hand of
    # the same rank) is wild if the player went high."
    option = get("high", wild="lowest-down")
    seven = parse("3c 8d 8h Kh Ts 9s 4d")
    down = parse("8d Kh 4d")  # the three is up: the lowest down card is the four
    hand = value(seven, option, down=down)
    assert {str(card) for card, _ in hand.wild} == {"4d"}
    assert hand.name == "three eights"
    assert value("3c 8d 8h Kh 9s", option, down="3c").name == "three eights"
    with pytest.raises(ParseError, match="down"):
        value(seven, option)
    with pytest.raises(ParseError, match="not in the hand"):
        value(seven, option, down="As")


def test_a_wild_rank_named_at_the_showdown() -> None:
    # Follow the Queen (004): "a wild-card designated as whichever card is immediately dealt
    # ... after any queen"; the engine names the rank when the hand is judged.
    follow = get("high", wild="dynamic")
    assert value("7c 7d Ks Qs Js", follow).name == "pair of sevens"
    assert value("7c 7d Ks Qs Js", follow, wild_rank=Rank.SEVEN).name == "royal flush"
    assert value("7c 7d Ks Qs Js", follow, wild_rank=Rank.NINE).name == "pair of sevens"
    assert value("Qc 7d Ks Qs Js", get("high", wild="Q dynamic"), wild_rank=Rank.SEVEN).name == "royal flush"
    with pytest.raises(ParseError, match="dynamic"):
        value("7c 7d Ks Qs Js", DEUCES, wild_rank=Rank.SEVEN)


# -- House rules ---------------------------------------------------------------------------------


def test_double_ace_flush_only_by_agreement() -> None:
    # "Some people play with the house rule that a wild card can represent any card, including
    # a duplicate of a card already held. It then becomes possible to have a flush containing
    # two or more aces. Flushes with more than one ace are not allowed unless specifically
    # agreed as a house rule."
    doubled = get("high", wild="jokers", double_ace_flush=True)
    hand = value("As 9s 8s 5s Jk", doubled)
    assert stands(hand) == {"Jk": "As"} and hand.counted == parse("As As 9s 8s 5s")
    assert hand > value("Ah Kh Th 4h 3h", doubled)
    assert value("As Ks 8s 5s Jk Jk2", doubled).counted[:3] == parse("As As As")
    assert value("As 9s 8s 5s Jk").counted[:2] == parse("As Ks")


def test_natural_versus_wild() -> None:
    # "Some play with the house rule that a natural hand beats an equal hand in which one or
    # more of the cards are represented by wild cards. This can be extended to specify that a
    # hand with more wild cards beats an otherwise equal hand with fewer wild cards. This must
    # be agreed in advance: in the absence of any agreement, wild cards are as good as the
    # natural cards they represent."
    natural, one, two = "Ah Kh Qh Jh Th", "Ah Kh Qh Jh Jk", "Ah Kh Qh Jk Jk2"
    assert value(natural) == value(one) == value(two)
    rule = get("high", wild="jokers", natural_beats_wild=True)
    assert value(natural, rule) > value(one, rule) == value(two, rule)
    fewer = get("high", wild="jokers", fewer_wild_beats_more=True)
    assert value(natural, fewer) > value(one, fewer) > value(two, fewer)
    more = get("high", wild="jokers", more_wild_beats_fewer=True)  # the sentence as worded
    assert value(two, more) > value(one, more) > value(natural, more)
    assert value("As Kd Kc 7h Jk", rule) > value("Ac Ad Kh Ks 2c", rule)  # the category comes first
    low = get("low-a5", wild="jokers", natural_beats_wild=True)
    assert value("8c 6d 4h 3s Ac", low) > value("8c 6d 4h 3s Jk", low)


def test_natural_beats_wild_chooses_the_natural_five_of_seven() -> None:
    rule = get("high", wild="jokers", natural_beats_wild=True)
    hand = value("Ah Kh Qh Jh Th Jk 2c", rule)
    assert not hand.wild and hand.name == "royal flush"


def test_incomplete_hands_with_wild_cards() -> None:
    # "With fewer than five cards, you cannot have a straight, flush or full house. You can
    # make a four of a kind or two pairs with only four cards, triplets with three cards"
    assert value("Kc Kd Jk").name == "three kings"
    assert value("Kc Kd 7c Jk").name == "three kings"
    assert value("Kc Kd Kh Jk").name == "four kings"
    assert value("9h Th Jk").name == "pair of tens"


def test_describe_and_json_show_what_each_wild_card_stands_for() -> None:
    hand = value("As 9s 8s 5s Jk")
    assert hand.describe() == "ace-high flush (As Jk 9s 8s 5s), Jk as Ks"
    assert hand.to_json()["wild"] == {"Jk": "Ks"}
    assert set(hand.cards) == set(parse("As 9s 8s 5s Jk"))


def test_hand_probabilities_change_with_wild_cards() -> None:
    # "with a large number of wild cards, it is almost inevitable that the higher hand types
    # will be the commoner, not rarer": with deuces wild four of a kind outnumbers full houses.
    counts = five_card_table("--wild", "2")["counts"]
    assert counts["four_of_a_kind"] > counts["full_house"] > 0
    assert counts["three_of_a_kind"] > counts["two_pair"]


# -- Bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: get("high", wild="sevens"), "'sevens' in wild='sevens' is not a wild card"),
        (lambda: get("high", wild="Jx"), "'Jx'"),
        (lambda: get("high", wild="jokers bug"), "not both"),
        (lambda: get("high", double_ace_flush=True), "give wild="),
        (lambda: get("high", wild="jokers", natural_beats_wild=True, more_wild_beats_fewer=True), "contradicts"),
        (lambda: get("high", wild="2", deck=36), "no 2 in a deck"),
        (lambda: get("badugi", wild="jokers"), "badugi has no wild cards"),
        (lambda: DEUCES.evaluate("As Kd Jk 7c 2c"), "Jk is a joker, but jokers are not wild under wild=2"),
        (lambda: get("high").evaluate("As Kd Jk 7c 2c"), "use wild=jokers"),
        (lambda: JOKERS.evaluate("As As Jk 7c 2c"), "duplicate"),
        (lambda: JOKERS.evaluate("As Kd", wild_rank=Rank.TWO), "dynamic"),
        (lambda: get("high", wild="dynamic").evaluate("As Kd", wild_rank=7), "must be a Rank"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_names_what_is_wrong(call: object, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        call()  # type: ignore[operator]


def test_spec_text_round_trips() -> None:
    for text in ("jokers", "bug", "2", "3 9", "Jh Js", "lowest", "lowest-down", "dynamic", "bug 2 Kh lowest dynamic"):
        assert str(WildSpec.parse(text)) == text
    assert get("high", wild="3 9").label == "high wild=3+9"
    assert get("high", wild="none") == get("high")


# -- The CLI ----------------------------------------------------------------------------------------


def test_eval_names_the_ace_king_flush(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As 9s 8s 5s Jk", "--wild", "jokers"]) == 0
    out = capsys.readouterr().out
    assert "ace-high flush" in out and "plays as A♠ K♠ 9♠ 8♠ 5♠" in out and "Jk as Ks" in out
    assert main(["eval", "As 9s 8s 5s Jk", "--wild", "jokers", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["category"] == "flush" and data["wild"] == {"Jk": "Ks"}
    assert main(["eval", "3c 8d 8h Kh 9s", "--wild", "lowest-down", "--down", "3c"]) == 0
    assert capsys.readouterr().out.startswith("three eights")
    assert main(["eval", "7c 7d Ks Qs Js", "--wild", "dynamic", "--wild-rank", "7"]) == 0
    assert capsys.readouterr().out.startswith("royal flush")
    assert main(["eval", "As Jk", "--wild", "sevens"]) == 2


# -- The reasoning equals brute-force substitution ------------------------------------------------


def natural_deck(ranking: PokerRanking) -> list[Card]:
    return list(DeckSpec(lowest_rank=ranking.lowest_rank).cards())


@cache
def judged(ranking: PokerRanking, ranks: tuple[int, ...], flush: bool, part: int) -> tuple[Category, int]:
    """Category and key of natural cards of these ranks, all of one suit or not.

    Without a suit tie-break, suits count only through the flush.
    """
    suits = [Suit.SPADES] * len(ranks) if flush else [Suit(i % 4) for i in range(len(ranks))]
    cards = tuple(Card.of(rank, suit) for rank, suit in zip(ranks, suits, strict=True))
    category, ordered, counting = ranking._judge(cards)
    return category, ranking._key_of(category, ordered, counting, part)


def judge_exactly(ranking: PokerRanking, cards: list[Card], part: int) -> tuple[Category, int]:
    """Category and key of these natural cards (through the cache when only the flush needs suits)."""
    if ranking.suit_tiebreak is SuitTiebreak.NONE:
        flush = len(cards) == ranking.hand_size and len({card.suit for card in cards}) == 1
        return judged(ranking, tuple(sorted(int(card.rank) for card in cards)), flush, part)  # type: ignore[arg-type]
    category, ordered, counting = ranking._judge(tuple(cards))
    return category, ranking._key_of(category, ordered, counting, part)


def part_of(ranking: PokerRanking, wild_cards: int) -> int:
    """The document's natural-versus-wild house rules as a tie-break slot."""
    if ranking.fewer_wild_beats_more:
        return 15 - wild_cards
    if ranking.more_wild_beats_fewer:
        return wild_cards
    return int(wild_cards == 0) if ranking.natural_beats_wild else 0


def allowed(
    ranking: PokerRanking, naturals: Sequence[Card], substitutes: Sequence[Card], bugs: Sequence[Card], made: Category
) -> bool:
    """Whether wild cards may stand for ``substitutes`` (the bugs' among them: ``bugs``) to make ``made``."""
    if ranking.is_low:  # fitters: "a card of a rank not already present in the player's hand"
        natural_ranks = {card.rank for card in naturals}
        ranks = [card.rank for card in substitutes]
        return len(set(ranks)) == len(ranks) and not natural_ranks & set(ranks)
    if made not in (C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH) and any(card.rank != Rank.ACE for card in bugs):
        return False  # the bug "can either be used as an ace, or to complete a straight or a flush"
    cards = [*naturals, *substitutes]
    if len(cards) == 5 and len({card.rank for card in cards}) == 1:
        return True  # "to make the special combination of 'five of a kind'"
    if ranking.double_ace_flush and made is C.FLUSH:
        return (
            True  # "a wild card can represent any card, including a duplicate ... a flush containing two or more aces"
        )
    return len(set(cards)) == len(cards)  # "any card not already present in the hand"


def brute_five(ranking: PokerRanking, hand: Sequence[Card], wild: frozenset[Card]) -> int:
    """Try every card each wild card could be; the best key."""
    assert ranking.wild is not None
    naturals = [card for card in hand if card not in wild]
    bug = ranking.wild.bug
    bugs = sum(1 for card in hand if card in wild and card.is_joker and bug)
    full = len(hand) - len(naturals) - bugs
    part = part_of(ranking, full + bugs)
    deck = natural_deck(ranking)
    best = -1
    for wilds in combinations_with_replacement(deck, full):
        for limited in combinations_with_replacement(deck, bugs):
            substitutes = (*wilds, *limited)
            category, key = judge_exactly(ranking, [*naturals, *substitutes], part)
            if key > best and allowed(ranking, naturals, substitutes, limited, category):
                best = key
    return best


def brute_force(ranking: PokerRanking, hand: Sequence[Card], wild: frozenset[Card]) -> int:
    size = ranking.hand_size
    return max(brute_five(ranking, five, wild) for five in combinations(hand, min(size, len(hand))))


def check_play(ranking: PokerRanking, hand: Sequence[Card], result: HandValue, wild: frozenset[Card]) -> None:
    """The cards shown are the hand's, and what the wild cards stand for is allowed and judged right."""
    assert not Counter(result.cards) - Counter(hand)
    assert {card for card, _ in result.wild} <= wild
    naturals = [card for card in result.cards if card not in wild]
    substitutes = [card for _, card in result.wild]
    bugs = [card for held, card in result.wild if held.is_joker and ranking.wild.bug]  # type: ignore[union-attr]
    category, ordered, counting = ranking._judge(result.counted)
    assert allowed(ranking, naturals, substitutes, bugs, category)
    assert result.category is category
    assert ranking._key_of(category, ordered, counting, part_of(ranking, len(result.wild))) == result.key


KINDS = ["high", "low-a5", "low-27", "low-a6", "low-reversed", "three-card"]
SPECS = {
    "jokers": [Card.joker(n) for n in (1, 2, 3)],
    "bug": [Card.joker(n) for n in (1, 2, 3)],
    "2": parse("2c 2d 2h 2s"),
    "Jh Js": parse("Jh Js"),
    "3 9": parse("3c 3d 3h 3s 9c 9d 9h 9s"),
    "lowest": [],
}
HOUSE_RULES = [
    {},
    {"double_ace_flush": True},
    {"natural_beats_wild": True},
    {"fewer_wild_beats_more": True},
    {"more_wild_beats_fewer": True},
    {"double_ace_flush": True, "natural_beats_wild": True},
]


@st.composite
def wild_hands(
    draw: st.DrawFn, sizes: tuple[int, int] = (1, 5), most_wild: int = 3, suits: bool = False
) -> tuple[PokerRanking, list[Card]]:
    kind = draw(st.sampled_from(KINDS))
    spec = draw(st.sampled_from(sorted(SPECS)))
    options: dict[str, object] = dict(draw(st.sampled_from(HOUSE_RULES)))
    if suits:
        options["suit_tiebreak"] = draw(st.sampled_from([rule for rule in SuitTiebreak if rule.value != "none"]))
        options["suit_order"] = draw(st.sampled_from(["bridge", "italy", "brazil", "germany"]))
    if draw(st.booleans()) and spec not in ("2", "3 9"):
        options["deck"] = 36
    if kind == "low-a6":
        options["ace_high_straight"] = draw(st.booleans())
        options["ace_pair_high"] = draw(st.booleans())
    ranking = get(kind, wild=spec, **options)
    assert isinstance(ranking, PokerRanking)
    low, high = sizes
    if kind == "three-card" and high == 5:
        high = 3
    size = draw(st.integers(low, high))
    pool = [card for card in SPECS[spec] if card.is_joker or card in natural_deck(ranking)]
    wild_count = draw(st.integers(0, min(most_wild, size, len(pool))))
    wild = draw(st.lists(st.sampled_from(pool), min_size=wild_count, max_size=wild_count, unique=True)) if pool else []
    others = [card for card in natural_deck(ranking) if card not in SPECS[spec]]
    rest = draw(st.lists(st.sampled_from(others), min_size=size - len(wild), max_size=size - len(wild), unique=True))
    hand = draw(st.permutations([*wild, *rest]))
    return ranking, hand


@settings(max_examples=200, deadline=None)
@given(wild_hands())
def test_reasoning_equals_brute_force(case: tuple[PokerRanking, list[Card]]) -> None:
    ranking, hand = case
    assert ranking.wild is not None
    wild = ranking.wild.wild_in(hand)
    assume(len(wild) <= 3)
    result = ranking.evaluate(hand)
    assert result.key == brute_force(ranking, hand, wild)
    check_play(ranking, hand, result, wild)


@settings(max_examples=40, deadline=None)
@given(wild_hands(sizes=(6, 7), most_wild=2))
def test_reasoning_equals_brute_force_best_five_of_seven(case: tuple[PokerRanking, list[Card]]) -> None:
    ranking, hand = case
    assert ranking.wild is not None
    wild = ranking.wild.wild_in(hand)
    assume(len(wild) <= 2)
    result = ranking.evaluate(hand)
    assert result.key == brute_force(ranking, hand, wild)
    check_play(ranking, hand, result, wild)


@settings(max_examples=40, deadline=None)
@given(wild_hands(most_wild=2, suits=True))
def test_reasoning_equals_brute_force_under_a_suit_tiebreak(case: tuple[PokerRanking, list[Card]]) -> None:
    # A free choice of suit for a wild card takes the best suit of the order in force.
    ranking, hand = case
    assert ranking.wild is not None
    wild = ranking.wild.wild_in(hand)
    assume(len(wild) <= 2)
    result = ranking.evaluate(hand)
    assert result.key == brute_force(ranking, hand, wild)
    check_play(ranking, hand, result, wild)


# -- Exact counts over every five-card hand ----------------------------------------------------------


JOKER_WILD = {
    C.FIVE_OF_A_KIND: 13,
    C.STRAIGHT_FLUSH: 204,
    C.FOUR_OF_A_KIND: 3_120,
    C.FULL_HOUSE: 6_552,
    C.FLUSH: 7_804,
    C.STRAIGHT: 20_532,
    C.THREE_OF_A_KIND: 137_280,
    C.TWO_PAIR: 123_552,
    C.ONE_PAIR: 1_268_088,
    C.HIGH_CARD: 1_302_540,
}
BUG_COUNTS = {
    C.FIVE_OF_A_KIND: 1,
    C.STRAIGHT_FLUSH: 204,
    C.FOUR_OF_A_KIND: 828,
    C.FULL_HOUSE: 4_368,
    C.FLUSH: 7_804,
    C.STRAIGHT: 20_532,
    C.THREE_OF_A_KIND: 63_360,
    C.TWO_PAIR: 138_600,
    C.ONE_PAIR: 1_215_024,
    C.HIGH_CARD: 1_418_964,
}
DEUCES_WILD = {
    C.FIVE_OF_A_KIND: 672,
    C.STRAIGHT_FLUSH: 2_552,
    C.FOUR_OF_A_KIND: 31_552,
    C.FULL_HOUSE: 12_672,
    C.FLUSH: 14_472,
    C.STRAIGHT: 62_232,
    C.THREE_OF_A_KIND: 355_080,
    C.TWO_PAIR: 95_040,
    C.ONE_PAIR: 1_225_008,
    C.HIGH_CARD: 799_680,
}


@cache
def five_card_table(*options: str) -> dict[str, Any]:
    """``homegame tables --cards 5 ... --json``, read back: every hand counted exactly by
    :func:`homegame.analysis.tables.count` (one judgement per class of hands)."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["tables", "--cards", "5", *options, "--json"]) == 0
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("options", "hands", "expected"),
    [
        # One fully wild joker in 53 cards: 2,869,685 hands, 13 of them five of a kind.
        (("--jokers", "1", "--wild", "jokers"), 2_869_685, JOKER_WILD),
        # Deuces wild: 672 fives of a kind; the rest as published (straight flushes: natural
        # royal 4 + wild royal 480 + the others 2,068).
        (("--wild", "2"), 2_598_960, DEUCES_WILD),
        # One bug in 53 cards: one five of a kind (A-A-A-A-bug). Four of a kind: 624 natural,
        # the bug with three aces and another card 4 * 48, with four of a lower rank 12: 828.
        # Full house: 3,744 natural, the bug with two aces and a pair 6 * 12 * 6, with an ace
        # and three of a kind 4 * 12 * 4: 4,368. Straights and flushes as with a wild joker.
        (("--jokers", "1", "--wild", "bug"), 2_869_685, BUG_COUNTS),
    ],
)
def test_exact_five_card_counts(options: tuple[str, ...], hands: int, expected: dict[Category, int]) -> None:
    table = five_card_table(*options)
    assert table["hands"] == hands == sum(table["counts"].values())
    assert table["counts"] == {category.value: n for category, n in expected.items()}


# -- The wild-card kernel equals the reasoning path ------------------------------------------------

KERNEL_RANKINGS = [
    get("high", wild="jokers", double_ace_flush=True, natural_beats_wild=True),
    get("high", wild="bug"),
    get("low-27", wild="2"),
    get("low-a5", wild="jokers", fewer_wild_beats_more=True, deck=36),
    get("high", wild="lowest-down dynamic", deck=36, flush_beats_full_house=True),
    get("low-a6", wild="Jh Js lowest", deck=36),
]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_wild_kernel_equals_the_reasoning_path(data: st.DataObject) -> None:
    from homegame.ranking.wild_kernel import WildEvaluator

    ranking = data.draw(st.sampled_from(KERNEL_RANKINGS))
    assert isinstance(ranking, PokerRanking) and ranking.wild is not None
    evaluator = WildEvaluator.for_ranking(ranking)
    assert evaluator is not None
    size = data.draw(st.integers(5, 7))
    jokers = [Card.joker(n) for n in range(1, 5)] if ranking.wild.jokers or ranking.wild.bug else []
    deck = natural_deck(ranking) + jokers
    hands = data.draw(st.lists(st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True), max_size=8))
    ranks = data.draw(st.lists(st.sampled_from([0, *Rank]), min_size=len(hands), max_size=len(hands)))
    down = [0, 1, 6][: size - 4]
    dynamic = ranking.wild.dynamic
    ordinals = evaluator.batch(
        [[card.code for card in hand] for hand in hands] or np.empty((0, size)),
        wild_ranks=ranks if dynamic else None,
        down=down,
    )
    for hand, rank, ordinal in zip(hands, ranks, ordinals, strict=True):
        named = Rank(rank) if dynamic and rank and rank >= ranking.lowest_rank else None
        value = ranking.evaluate(hand, wild_rank=named, down=[hand[i] for i in down])
        assert evaluator.keys[ordinal] == value.key
        assert evaluator.categories[ordinal] is value.category


def test_wild_kernel_refuses_what_it_cannot_judge() -> None:
    from homegame.ranking.wild_kernel import WildEvaluator

    assert WildEvaluator.for_ranking(get("high", wild="bug 2")) is None
    assert WildEvaluator.for_ranking(get("three-card", wild="jokers")) is None
    assert WildEvaluator.for_ranking(get("high")) is None
    evaluator = WildEvaluator.for_ranking(get("low-27", wild="2"))
    assert evaluator is not None
    with pytest.raises(ValueError, match="not a card"):
        evaluator.batch([[52, 0, 4, 8, 12]])
    with pytest.raises(ValueError, match="dynamic"):
        evaluator.batch([[0, 4, 8, 12, 16]], wild_ranks=[7])
    with pytest.raises(ValueError, match="distinct"):
        evaluator.batch([[20, 20, 20, 20, 20]])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_wild_kernel_hands_of_few_natural_cards_equal_the_reasoning_path(data: st.DataObject) -> None:
    # three or four jokers: a flush is nearly always in reach, often in more than one suit
    from homegame.ranking.wild_kernel import WildEvaluator

    ranking = data.draw(st.sampled_from([get("high", wild="bug"), KERNEL_RANKINGS[0], KERNEL_RANKINGS[3]]))
    assert isinstance(ranking, PokerRanking)
    evaluator = WildEvaluator.for_ranking(ranking)
    assert evaluator is not None
    size = data.draw(st.integers(5, 7))
    jokers = data.draw(st.integers(3, 4))
    naturals = data.draw(
        st.lists(st.sampled_from(natural_deck(ranking)), min_size=size - jokers, max_size=size - jokers, unique=True)
    )
    hand = data.draw(st.permutations([*naturals, *(Card.joker(n) for n in range(1, jokers + 1))]))
    ordinal = evaluator.batch([[card.code for card in hand]])[0]
    assert evaluator.keys[ordinal] == ranking.evaluate(hand).key


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_wild_kernel_hands_crowded_in_one_suit_equal_the_reasoning_path(data: st.DataObject) -> None:
    # six or seven cards, most of one suit: a flush or straight flush in reach in a suit that holds
    # some of the natural cards (the kernel reads every suit's flush entry), or all of them (one read)
    from homegame.ranking.wild_kernel import WildEvaluator

    ranking = data.draw(
        st.sampled_from([*KERNEL_RANKINGS[:4], get("high", wild="2"), get("low-reversed", wild="jokers")])
    )
    assert isinstance(ranking, PokerRanking) and ranking.wild is not None
    evaluator = WildEvaluator.for_ranking(ranking)
    assert evaluator is not None
    size = data.draw(st.integers(5, 7))
    always = ranking.wild.wild_in(natural_deck(ranking))
    pool = (
        [Card.joker(n) for n in range(1, 5)]
        if ranking.wild.jokers or ranking.wild.bug
        else sorted(always, key=lambda card: card.code)
    )
    wild = data.draw(st.lists(st.sampled_from(pool), max_size=4, unique=True)) if pool else []
    deck = [card for card in natural_deck(ranking) if card not in always]
    suit = data.draw(st.sampled_from(list(Suit)))
    suited = [card for card in deck if card.suit is suit]
    naturals = size - len(wild)
    many = data.draw(st.integers(max(0, naturals - 2), naturals))
    chosen = data.draw(st.lists(st.sampled_from(suited), min_size=many, max_size=many, unique=True))
    rest = [card for card in deck if card.suit is not suit]
    others = data.draw(st.lists(st.sampled_from(rest), min_size=naturals - many, max_size=naturals - many, unique=True))
    hand = data.draw(st.permutations([*chosen, *others, *wild]))
    ordinal = evaluator.batch([[card.code for card in hand]])[0]
    assert evaluator.keys[ordinal] == ranking.evaluate(hand).key


def test_wild_kernel_six_and_seven_cards_with_each_number_of_wild_cards() -> None:
    # the high loop takes its way by the number of wild cards (a flush read only when a suit makes
    # five, the four suits' entries added up, their largest, the largest only when the ranks could
    # flush better): seeded hands of each number, wild cards in any column
    from homegame.ranking.wild_kernel import WildEvaluator

    rng = np.random.default_rng(17)
    for ranking in (JOKERS, BUG, DEUCES):
        assert isinstance(ranking, PokerRanking) and ranking.wild is not None
        evaluator = WildEvaluator.for_ranking(ranking)
        assert evaluator is not None
        pool = [Card.joker(n) for n in range(1, 5)] if ranking.wild.jokers or ranking.wild.bug else parse("2c 2d 2h 2s")
        deck = [card for card in natural_deck(ranking) if card not in pool]
        for size in (6, 7):
            for wild in range(5):
                hands = [
                    rng.permutation([*rng.choice(deck, size - wild, replace=False), *pool[:wild]]).tolist()
                    for _ in range(20)
                ]
                ordinals = evaluator.batch([[card.code for card in hand] for hand in hands])
                for hand, ordinal in zip(hands, ordinals, strict=True):
                    assert evaluator.keys[ordinal] == ranking.evaluate(hand).key, hand


def test_wild_kernel_refuses_a_card_the_stripped_deck_does_not_hold() -> None:
    from homegame.ranking.wild_kernel import WildEvaluator

    evaluator = WildEvaluator.for_ranking(get("high", wild="jokers", deck=36))
    assert evaluator is not None
    hand = [card.code for card in parse("As Kd Qh 9c 2c Jk")]  # no deuce in 36 cards
    with pytest.raises(ValueError, match="distinct cards of the deck"):
        evaluator.batch([hand])


def test_wild_tables_are_cached_on_disk(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from homegame.ranking import wild_kernel

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ranking = get("high", wild="jokers", deck=32)
    assert isinstance(ranking, PokerRanking)
    wild_kernel.load.cache_clear()
    built = wild_kernel.load(ranking)
    (written,) = (tmp_path / "homegame").glob("wild-*.npz")  # written whole, then renamed: no .tmp left
    wild_kernel.load.cache_clear()
    read = wild_kernel.load(ranking)
    assert read is not built and read.categories == built.categories
    for field in ("keys", "qualified", "offsets", "rank5", "rank6", "rank7", "flush"):
        assert np.array_equal(getattr(read, field), getattr(built, field))
    written.write_bytes(b"not a table")  # a damaged cache is rebuilt
    wild_kernel.load.cache_clear()
    assert np.array_equal(wild_kernel.load(ranking).rank7, built.rank7)
    wild_kernel.load.cache_clear()


def test_wild_kernel_on_every_core_equals_one_thread() -> None:
    from homegame.ranking.wild_kernel import WildEvaluator

    for ranking in (JOKERS, get("low-27", wild="jokers")):
        evaluator = WildEvaluator.for_ranking(ranking)
        assert evaluator is not None
        rng = np.random.default_rng(5)
        for size in (5, 6, 7):
            naturals = np.argsort(rng.random((9000, 52)), axis=1)[:, :size]
            jokers = rng.integers(0, 5, 9000)  # the first ``jokers`` columns hold jokers
            columns = np.arange(size)
            hands = np.where(columns < jokers[:, None], 52 + columns, naturals).astype(np.uint8)
            assert np.array_equal(evaluator.batch(hands, parallel=True), evaluator.batch(hands))
