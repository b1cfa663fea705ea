"""Cards, notation, decks and suit orders (issue 2; rules document 004, "Ranking of suits")."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homegame.cards import (
    JOKER_BASE,
    MAX_JOKERS,
    Card,
    Deck,
    DeckSpec,
    Rank,
    Suit,
    format_cards,
    parse,
    suit_order,
)
from homegame.errors import DeckExhaustedError, ParseError

ALL_CARDS = [Card.from_code(code) for code in range(JOKER_BASE + MAX_JOKERS)]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_notation_and_repr(card: Card) -> None:
    assert parse(str(card)) == (card,)
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.pretty) == card


def test_notation_variants() -> None:
    assert format_cards(parse("As Kd Th 2c")) == "As Kd Th 2c"
    assert parse("10h") == parse("Th") == parse("TH") == parse("♥T") == parse("T♥") == parse("t♡")
    assert parse("AsKd") == parse("As Kd") == parse("as,kd") == parse("A♠️K♦️")
    assert parse("Jk") == (Card.joker(1),)
    assert parse("Jk2h") == (Card.joker(1), Card.of(Rank.TWO, Suit.HEARTS))
    assert parse("Jk2 2h") == (Card.joker(2), Card.of(Rank.TWO, Suit.HEARTS))
    assert parse("") == ()


def test_issue_example() -> None:
    assert " ".join(map(str, parse("As 10h jk"))) == "As Th Jk"


def test_bad_token_is_named_with_its_position() -> None:
    with pytest.raises(ParseError) as caught:
        parse("As Kd 1x")
    assert str(caught.value) == "'1x' (token 3) is not a card"
    assert (caught.value.token, caught.value.position) == ("1x", 3)
    assert isinstance(caught.value, ValueError)


def test_card_fields() -> None:
    card = Card.parse("Qd")
    assert (card.rank, card.suit, card.is_joker) == (Rank.QUEEN, Suit.DIAMONDS, False)
    joker = Card.joker(3)
    assert (joker.rank, joker.suit, joker.is_joker, str(joker)) == (None, None, True, "Jk3")
    with pytest.raises(ValueError, match="out of range"):
        Card.from_code(99)
    with pytest.raises(ParseError, match="canonical"):
        Card("as")
    with pytest.raises(ValueError):
        Card.joker(MAX_JOKERS + 1)


@given(st.text(max_size=30))
def test_parser_either_parses_or_raises_parse_error(text: str) -> None:
    try:
        cards = parse(text)
    except ParseError:
        return
    assert all(isinstance(card, Card) for card in cards)
    assert parse(format_cards(cards)) == cards


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12), st.booleans())
def test_written_cards_read_back(cards: list[Card], spaced: bool) -> None:
    text = format_cards(cards) if spaced else "".join(map(str, cards))
    assert parse(text) == tuple(cards)


@pytest.mark.parametrize(
    ("size", "jokers", "packs", "total", "lowest"),
    [
        (20, 0, 1, 20, Rank.TEN),
        (32, 0, 1, 32, Rank.SEVEN),
        (36, 0, 1, 36, Rank.SIX),
        (40, 0, 1, 40, Rank.FIVE),
        (52, 0, 1, 52, Rank.TWO),
        (52, 1, 1, 53, Rank.TWO),
        (52, 2, 1, 54, Rank.TWO),
        (52, 0, 2, 104, Rank.TWO),
    ],
)
def test_deck_multisets(size: int, jokers: int, packs: int, total: int, lowest: Rank) -> None:
    spec = DeckSpec.of_size(size, jokers=jokers, packs=packs)
    counts = spec.counts()
    assert spec.size == total == sum(counts.values())
    naturals = {card for card in counts if not card.is_joker}
    assert naturals == {Card.of(rank, suit) for rank in Rank if rank >= lowest for suit in Suit}
    assert all(counts[card] == packs for card in naturals)
    assert sorted((card for card in counts if card.is_joker), key=lambda card: card.code) == [
        Card.joker(n + 1) for n in range(jokers)
    ]


def test_unknown_pack_size() -> None:
    with pytest.raises(ValueError, match="no standard pack of 33"):
        DeckSpec.of_size(33)


def test_shuffle_is_seeded_and_deal_and_burn_take_from_the_top() -> None:
    first = Deck.shuffled(DeckSpec(), random.Random(7))
    second = Deck.shuffled(DeckSpec(), random.Random(7))
    assert first.cards == second.cards
    assert Counter(first.cards) == DeckSpec().counts()
    top = first.cards[:3]
    first.burn()
    assert first.deal(2) == tuple(top[1:])
    assert first.burned == [top[0]]
    assert len(first) == 49


def test_exhausted_deck_raises_a_clear_error() -> None:
    deck = Deck.stacked(parse("As Kd"))
    with pytest.raises(DeckExhaustedError, match="cannot deal 3 card"):
        deck.deal(3)
    assert len(deck) == 2  # nothing lost


@pytest.mark.parametrize(
    ("name", "letters"),
    [
        ("bridge", "shdc"),
        ("shcd", "shcd"),
        ("sdch", "sdch"),
        ("greece", "hsdc"),
        ("turkey", "hsdc"),
        ("austria", "hdsc"),
        ("sweden", "hdsc"),
        ("italy", "hdcs"),
        ("brazil", "dshc"),
        ("brazil-2", "dhsc"),
        ("germany", "cshd"),
    ],
)
def test_every_suit_order_of_the_rules_document(name: str, letters: str) -> None:
    # 004 "Ranking of suits": bridge plus every order the text lists, highest first.
    order = suit_order(name)
    assert order.letters == letters
    assert order.value(order.order[0]) == 3
    assert order.value(order.order[-1]) == 0


def test_unknown_suit_order() -> None:
    with pytest.raises(ParseError, match="not a suit order"):
        suit_order("klingon")
