"""Cards, their notation, decks and suit orders.

A card is a small immutable value; under the hood it is an int ``code``:
natural cards are ``(rank - 2) * 4 + suit`` (0..51, clubs lowest), jokers come
after (52, 53, ...). Sets of cards are therefore cheap, and the fast paths work
on arrays of codes.

One notation is read and written everywhere: ``As Kd Th 2c``. Input also takes
``10h``, the suit symbols, any case, and no spaces at all; ``Jk`` is a joker
(``Jk2``, ``Jk3``... name further distinct jokers).

>>> from homegame.cards import Card, parse
>>> parse("As 10h jk")
(Card('As'), Card('Th'), Card('Jk'))
>>> print(*parse("A♠K♥"))
As Kh
>>> Card.parse("qd").rank, Card.parse("qd").suit
(<Rank.QUEEN: 12>, <Suit.DIAMONDS: 1>)

A card never knows its own strength: which rank beats which is the business of a
ranking (:mod:`homegame.ranking`), since aces are high in one game and low in
another.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum

from homegame.errors import DeckExhaustedError, ParseError

__all__ = [
    "JOKER_BASE",
    "MAX_JOKERS",
    "SUIT_ORDERS",
    "Card",
    "Deck",
    "DeckSpec",
    "Rank",
    "Suit",
    "SuitOrder",
    "format_cards",
    "parse",
    "suit_order",
]

JOKER_BASE = 52
"""Code of the first joker; natural cards are 0..51."""
MAX_JOKERS = 8
"""How many distinct jokers notation can name (``Jk``, ``Jk2`` .. ``Jk8``)."""


class Rank(IntEnum):
    """The thirteen ranks, valued by their face (two is 2, ace is 14).

    The value is identity, not strength: rankings decide whether the ace is high.

    >>> Rank.parse("10"), Rank.TEN.symbol
    (<Rank.TEN: 10>, 'T')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character notation: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its symbol (``T`` or ``10``, any case)."""
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        index = _RANK_SYMBOLS.find(key) if len(key) == 1 else -1
        if index < 0:
            raise ParseError(f"{text!r} is not a rank", token=text)
        return cls(index + 2)


class Suit(IntEnum):
    """The four suits. Values follow the bridge order from clubs (0) to spades (3).

    Suits never break ties between poker hands unless a house rule says so; a
    :class:`SuitOrder` then says which suit is higher.

    >>> Suit.parse("♥"), Suit.HEARTS.letter, Suit.HEARTS.symbol
    (<Suit.HEARTS: 2>, 'h', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The notation letter: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (any case) or symbol (black or white)."""
        key = text.strip().lower()
        index = _SUIT_CHARS.get(key, -1)
        if index < 0:
            raise ParseError(f"{text!r} is not a suit", token=text)
        return cls(index)


_RANK_SYMBOLS = "23456789TJQKA"
_SUIT_CHARS = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_SUIT_CHARS.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


@dataclass(frozen=True, slots=True, init=False)
class Card:
    """One playing card: a natural card or a joker.

    ``Card("As")`` is the strict form: canonical notation only. Lenient input
    (``10h``, symbols, any case) goes through :meth:`parse`; :meth:`of`,
    :meth:`joker` and :meth:`from_code` build from parts. ``str()`` is the
    notation and ``repr()`` pastes back.

    >>> Card.of(Rank.ACE, Suit.SPADES)
    Card('As')
    >>> str(Card.joker(2)), Card.joker().is_joker
    ('Jk2', True)
    >>> Card.parse("Jk2") == Card.joker(2)
    True
    """

    code: int

    def __init__(self, notation: str) -> None:
        code = _CODES.get(notation)
        if code is None:
            raise ParseError(f"{notation!r} is not a card in canonical notation (Card.parse reads more)")
        object.__setattr__(self, "code", code)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The natural card of ``rank`` and ``suit``."""
        return _CARDS[(int(rank) - 2) * 4 + int(suit)]

    @classmethod
    def joker(cls, number: int = 1) -> Card:
        """Joker number ``number`` (1-based): several distinct jokers may share a deck."""
        if not 1 <= number <= MAX_JOKERS:
            raise ValueError(f"joker number must be 1..{MAX_JOKERS}, not {number}")
        return _CARDS[JOKER_BASE + number - 1]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this code (shared instances, no allocation)."""
        if not 0 <= code < JOKER_BASE + MAX_JOKERS:
            raise ValueError(f"card code {code} is out of range")
        return _CARDS[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read exactly one card."""
        cards = parse(text)
        if len(cards) != 1:
            raise ParseError(f"{text!r} is not exactly one card", token=text)
        return cards[0]

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.code >= JOKER_BASE

    @property
    def rank(self) -> Rank | None:
        """The rank, or ``None`` for a joker."""
        return None if self.code >= JOKER_BASE else Rank((self.code >> 2) + 2)

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for a joker."""
        return None if self.code >= JOKER_BASE else Suit(self.code & 3)

    def __str__(self) -> str:
        return _NOTATION[self.code]

    def __repr__(self) -> str:
        return f"Card({_NOTATION[self.code]!r})"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, for people: ``A♠``, ``T♥``, ``Jk``."""
        if self.code >= JOKER_BASE:
            return _NOTATION[self.code]
        return _RANK_SYMBOLS[self.code >> 2] + "♣♦♥♠"[self.code & 3]


def _notation(code: int) -> str:
    if code >= JOKER_BASE:
        number = code - JOKER_BASE + 1
        return "Jk" if number == 1 else f"Jk{number}"
    return _RANK_SYMBOLS[code >> 2] + "cdhs"[code & 3]


_NOTATION = tuple(_notation(code) for code in range(JOKER_BASE + MAX_JOKERS))
_CODES = {text: code for code, text in enumerate(_NOTATION)}
_CARDS = tuple(object.__new__(Card) for _ in range(JOKER_BASE + MAX_JOKERS))
for _code, _card in enumerate(_CARDS):
    object.__setattr__(_card, "code", _code)

_SUITS = "cdhs♣♦♥♠♤♡♢♧"
_CARD_RE = re.compile(
    rf"(?P<rank>10|[2-9tjqka])(?P<suit>[{_SUITS}])|jk(?P<joker>[2-8](?![{_SUITS}]))?",
    re.IGNORECASE,
)
# People sometimes type the symbol first (``♣Q``); only symbols, so ``s9`` stays an error.
_SUIT_FIRST_RE = re.compile(r"(?P<suit>[♣♦♥♠♤♡♢♧])(?P<rank>10|[2-9tjqka])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")


def parse(text: str) -> tuple[Card, ...]:
    """Read cards from notation: ``"As Kd Th 2c"``, ``"AsKd"``, ``"10h"``, ``"A♠"``, ``"Jk"``.

    Raises :class:`~homegame.errors.ParseError` naming the bad token and its place.

    >>> print(*parse("as, 10h ♣q JK"))
    As Th Qc Jk
    >>> parse("As Kd 1x")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: '1x' (token 3) is not a card
    """
    if not isinstance(text, str):
        raise ParseError(f"cards must be given as text, not {type(text).__name__}")
    cards: list[Card] = []
    position = 0
    for chunk in _SEPARATORS.split(text.replace("\ufe0f", "")):
        at = 0
        while at < len(chunk):
            position += 1
            match = _CARD_RE.match(chunk, at) or _SUIT_FIRST_RE.match(chunk, at)
            if match is None:
                bad = chunk[at:]
                raise ParseError(f"{bad!r} (token {position}) is not a card", token=bad, position=position)
            if match["rank"] is None:
                cards.append(Card.joker(int(match["joker"] or 1)))
            else:
                cards.append(Card.of(Rank.parse(match["rank"]), Suit.parse(match["suit"])))
            at = match.end()
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards as notation separated by spaces.

    >>> format_cards(parse("AsKd"))
    'As Kd'
    >>> format_cards(parse("AsKd"), pretty=True)
    'A♠ K♦'
    """
    return " ".join(card.pretty if pretty else str(card) for card in cards)


_PACK_SIZES = {52: Rank.TWO, 40: Rank.FIVE, 36: Rank.SIX, 32: Rank.SEVEN, 28: Rank.EIGHT, 20: Rank.TEN}


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """What a deck holds: natural cards from ``lowest_rank`` up to the ace, ``jokers``
    distinct jokers, all of it ``packs`` times (a multiset when packs > 1).

    >>> DeckSpec().size, DeckSpec.of_size(36).lowest_rank.symbol
    (52, '6')
    >>> DeckSpec(jokers=2).size, DeckSpec(packs=2).size
    (54, 104)
    >>> print(DeckSpec.of_size(20))
    20 cards (T-A)

    A deck may also be just the cards it names (``only``; Kuhn poker's three cards):

    >>> kuhn = DeckSpec.of_cards(parse("Js Qs Ks"))
    >>> kuhn.size, kuhn.lowest_rank.symbol, str(kuhn)
    (3, 'J', '3 cards (Js Qs Ks)')
    """

    lowest_rank: Rank = Rank.TWO
    jokers: int = 0
    packs: int = 1
    only: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.lowest_rank, Rank):
            raise ValueError(f"lowest_rank must be a Rank, not {self.lowest_rank!r}")
        if not 0 <= self.jokers <= MAX_JOKERS:
            raise ValueError(f"jokers must be 0..{MAX_JOKERS}, not {self.jokers}")
        if not 1 <= self.packs <= 8:
            raise ValueError(f"packs must be 1..8, not {self.packs}")

    @classmethod
    def of_size(cls, cards: int, *, jokers: int = 0, packs: int = 1) -> DeckSpec:
        """A standard or stripped pack by its size: 52, 40, 36, 32, 28 (the Spanish 8 to ace) or 20 natural cards."""
        lowest = _PACK_SIZES.get(cards)
        if lowest is None:
            sizes = ", ".join(str(size) for size in _PACK_SIZES)
            raise ValueError(f"no standard pack of {cards} cards (known: {sizes})")
        return cls(lowest_rank=lowest, jokers=jokers, packs=packs)

    @classmethod
    def of_cards(cls, cards: Iterable[Card]) -> DeckSpec:
        """A deck of exactly these natural cards, each once (Kuhn poker: ``Js Qs Ks``)."""
        only = tuple(cards)
        if not only or len(set(only)) != len(only) or any(card.rank is None for card in only):
            raise ValueError(f"a deck of named cards needs distinct natural cards, not {format_cards(only)!r}")
        return cls(lowest_rank=min(card.rank for card in only if card.rank is not None), only=only)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks present, lowest first."""
        if self.only:
            return tuple(sorted({card.rank for card in self.only if card.rank is not None}))
        return tuple(Rank(value) for value in range(self.lowest_rank, 15))

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        if self.only:
            return len(self.only) * self.packs
        return (len(self.ranks) * 4 + self.jokers) * self.packs

    def cards(self) -> tuple[Card, ...]:
        """Every card in a fixed order (before shuffling), repeated per pack."""
        if self.only:
            return self.only * self.packs
        low = (self.lowest_rank - 2) * 4
        one = [_CARDS[code] for code in range(low, JOKER_BASE)]
        one += [_CARDS[JOKER_BASE + j] for j in range(self.jokers)]
        return tuple(one * self.packs)

    def counts(self) -> Counter[Card]:
        """The deck as a multiset."""
        return Counter(self.cards())

    def __str__(self) -> str:
        if self.only:
            return f"{len(self.only)} cards ({format_cards(self.only)})"
        text = f"{len(self.ranks) * 4} cards ({self.lowest_rank.symbol}-A)"
        if self.jokers:
            text += f" + {self.jokers} joker{'s' if self.jokers > 1 else ''}"
        if self.packs > 1:
            text = f"{self.packs} packs of {text}"
        return text


@dataclass(slots=True)
class Deck:
    """A deck in play: an ordered stack of cards, dealt from the top.

    Shuffling takes an injected random source, so a seeded ``random.Random`` gives
    the same deal every time, and real play passes ``random.SystemRandom()``.

    >>> deck = Deck.shuffled(DeckSpec(), random.Random(1))
    >>> len(deck), len(deck.deal(5)), len(deck)
    (52, 5, 47)
    >>> deck = Deck.stacked(parse("As Kd Qh"))
    >>> deck.burn(); print(*deck.deal(2))
    Kd Qh
    >>> deck.deal(1)
    Traceback (most recent call last):
    ...
    homegame.errors.DeckExhaustedError: cannot deal 1 card(s): only 0 left in the deck
    """

    cards: list[Card] = field(default_factory=list)
    burned: list[Card] = field(default_factory=list)

    @classmethod
    def shuffled(cls, spec: DeckSpec, rng: random.Random) -> Deck:
        """All of ``spec``'s cards in an order drawn from ``rng``."""
        deck = cls(list(spec.cards()))
        deck.shuffle(rng)
        return deck

    @classmethod
    def stacked(cls, cards: Iterable[Card]) -> Deck:
        """A deck in exactly this order, top card first (for teaching and tests)."""
        return cls(list(cards))

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle the cards left, using ``rng``."""
        rng.shuffle(self.cards)

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards off the top."""
        if count < 0:
            raise ValueError(f"cannot deal {count} cards")
        if count > len(self.cards):
            raise DeckExhaustedError(count, len(self.cards))
        dealt = tuple(self.cards[:count])
        del self.cards[:count]
        return dealt

    def burn(self, count: int = 1) -> None:
        """Put ``count`` cards from the top aside, unseen."""
        self.burned.extend(self.deal(count))

    def __len__(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class SuitOrder:
    """A ranking of the four suits, highest first, used for seat draws, who bets first,
    odd chips and, by house rule only, to break ties between equal hands.

    >>> order = suit_order("italy")
    >>> print(order)
    hdcs (italy)
    >>> order.value(Suit.HEARTS), order.value(Suit.SPADES)
    (3, 0)
    """

    name: str
    order: tuple[Suit, ...]

    def __post_init__(self) -> None:
        if sorted(self.order) != list(Suit):
            raise ValueError(f"a suit order must hold each suit once: {self.order}")

    @property
    def letters(self) -> str:
        """The order as letters, highest first: ``shdc`` for bridge."""
        return "".join(suit.letter for suit in self.order)

    def value(self, suit: Suit) -> int:
        """3 for the highest suit down to 0 for the lowest."""
        return 3 - self.order.index(suit)

    def __str__(self) -> str:
        return self.letters if self.name == self.letters else f"{self.letters} ({self.name})"


def _order(letters: str) -> tuple[Suit, ...]:
    return tuple(Suit.parse(letter) for letter in letters)


SUIT_ORDERS: dict[str, SuitOrder] = {}
"""Every named suit order: bridge and the national orders listed under "Ranking of
suits" in rules document 004, by country and by their letters."""
for _letters, _names in {
    "shdc": ("bridge",),
    "shcd": (),
    "sdch": (),
    "hsdc": ("greece", "turkey"),
    "hdsc": ("austria", "sweden"),
    "hdcs": ("italy",),
    "dshc": ("brazil",),
    "dhsc": ("brazil-2",),
    "cshd": ("germany",),
}.items():
    SUIT_ORDERS[_letters] = SuitOrder(_letters, _order(_letters))
    for _name in _names:
        SUIT_ORDERS[_name] = SuitOrder(_name, _order(_letters))


def suit_order(name: str) -> SuitOrder:
    """A suit order by name (``bridge``, ``italy``...) or by its letters, highest first.

    >>> suit_order("bridge").order[0], suit_order("germany").letters
    (<Suit.SPADES: 3>, 'cshd')
    """
    key = name.strip().lower()
    if key in SUIT_ORDERS:
        return SUIT_ORDERS[key]
    try:
        return SuitOrder(key, _order(key))
    except (ParseError, ValueError):
        known = ", ".join(SUIT_ORDERS)
        raise ParseError(f"{name!r} is not a suit order (known: {known})", token=name) from None
