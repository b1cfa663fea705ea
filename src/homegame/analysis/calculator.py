"""Odds: every player's chance in every contest, from known hands, exactly where it can be.

:func:`odds` takes a game of the catalogue and the hands of the players (or ranges of hands), the
board so far and any dead cards, and deals every way the rest of the hand can fall: all of them
when there are at most :data:`EXACT_LIMIT` (exact counts, integers), otherwise ``trials`` random
deals (Monte Carlo, with its standard error). Each deal is judged as the showdown would: the
contests of the game (high, low, ...) share the pot by their weights, a contest nobody qualifies
for leaves its share to the others, tied hands split (so a hi-lo pot quarters).

A hand is written in the card notation; for stud, down cards in parentheses (``"(Ah Kh) Qh 7c"``);
for a draw game, the number of cards drawn after a slash (``"Ks Qs Js Ts 2c / 1"``: the last card
is thrown away and one comes); for hold'em, a range (``"QQ+"``, ``"AKs"``, ``"AJs+"``,
``"T9s-76s"``, ``"random"``, or several joined by commas). Cards still to come are dealt from what
nobody holds: not the hands, the board, the dead cards nor the discards.

The published count of ace-king suited against queens (1,712,304 boards):

>>> result = odds("holdem", ["AhKh", "QsQd"])
>>> first = result.players[0]
>>> result.exact, result.deals, first.contests[0].wins, first.contests[0].ties
(True, 1712304, 787966, 6732)
>>> print(f"{first.equity:.4f}")
0.4621

Random deals are seeded, so a Monte Carlo answer is reproducible; its standard error is stated:

>>> estimate = odds("stud", ["(Ah Kh) Qh 7c", "(2s 2d) 9h 4c"], trials=4000, seed=1)
>>> estimate.exact, estimate.deals, 0.0 < estimate.players[0].error < 0.01
(False, 4000, True)

How it counts:

- scoring is :mod:`homegame.analysis.equity`'s (the bots' Monte Carlo), on the fast kernels where
  the ranking allows and the reference ``evaluate`` otherwise; badugi has its own kernel
  (:mod:`homegame.ranking.badugi_kernel`), High Card Poker's test against the extra hand and
  Follow the Queen's moving wild rank are worked out deal by deal in arrays;
- when only the board is to come and the kernel judges the best five (hold'em), the boards are
  counted in compiled loops (:mod:`homegame.analysis._enumerate`), a whole board by its ranks:
  heads-up before the flop in a few milliseconds;
- random deals come in numbered chunks, each with its own seeded stream, so that
  ``workers`` processes or a Dask cluster (:mod:`homegame.analysis.pool`) give the same answer;
- every share of a pot is a whole number of units (:attr:`Odds.unit`), so counts and sums are
  integers, exact in exact mode, and the same whatever order chunks are added in.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, reduce
from itertools import combinations, product
from typing import Any

import numpy as np
import numpy.typing as npt

from homegame.analysis.equity import OUT, _contest, _declared_share, _Plan, _plan, _Scorer
from homegame.analysis.pool import seed_sequence
from homegame.cards import Card, DeckSpec, Rank, parse
from homegame.engine.game import Game
from homegame.engine.steps.base import Contest, Step
from homegame.errors import ParseError
from homegame.ranking import get as get_ranking
from homegame.ranking.badugi import BadugiRanking
from homegame.ranking.forms import Form

__all__ = [
    "CHUNK",
    "EXACT_LIMIT",
    "FAST_LIMIT",
    "ContestOdds",
    "Holding",
    "Midway",
    "Odds",
    "PlayerOdds",
    "Street",
    "by_street",
    "holding",
    "midway",
    "odds",
    "parse_range",
    "plot_streets",
]

EXACT_LIMIT = 3_000_000
"""Most deals :func:`odds` enumerates: more than this, and it deals ``trials`` at random instead
(``exact=True`` then refuses). Heads-up hold'em before the flop (1,712,304 boards) is within it."""
FAST_LIMIT = 200_000_000
"""Most deals counted when only the board is to come and one kernel ranking judges the best five of
every player's cards and the board (hold'em): those boards are counted in compiled loops
(:mod:`homegame.analysis._enumerate`), hundreds of millions a second. Omaha's boards are counted in
compiled loops too (each hand tries sixty five-card hands), within :data:`EXACT_LIMIT`."""
CHUNK = 8192
"""Random deals per chunk: chunk ``i`` of seed ``s`` draws from its own stream
(:func:`~homegame.analysis.pool.seed_sequence`), so a seeded answer is the same however the chunks
are shared out."""
_BLOCK = 1 << 20
"""Hands (deals times players times the card sets each form tries) judged per call of the scorers
when enumerating: Omaha's sixty sets a player take blocks of a few thousand deals."""

Codes = npt.NDArray[np.int64]
Progress = Callable[[float], None]


# -- what the players hold -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Holding:
    """What one player holds, as far as it is known.

    - ``down`` and ``up``: the known cards (down cards first in the hand);
    - ``draws``: cards the player will be dealt by a draw (draw games), beyond its kept cards;
    - ``discards``: cards thrown away by that draw (out of the deck);
    - ``combos``: a range, the possible sets of down cards (each equally likely); empty: ``down`` is known.
    """

    text: str
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    draws: int = 0
    discards: tuple[Card, ...] = ()
    combos: tuple[tuple[Card, ...], ...] = ()

    def __str__(self) -> str:
        return self.text


def holding(text: str, game: Game | None = None) -> Holding:
    """Read one player's hand: cards (down cards in parentheses when the game has up cards), a draw
    after a slash, or a hold'em range.

    >>> holding("(Ah Kh) Qh 7c").up
    (Card('Qh'), Card('7c'))
    >>> hand = holding("Ks Qs Js Ts 2c / 1")
    >>> hand.down, hand.discards, hand.draws
    ((Card('Ks'), Card('Qs'), Card('Js'), Card('Ts')), (Card('2c'),), 1)
    >>> len(holding("QQ+").combos), len(holding("AKs").combos), len(holding("random").combos)
    (18, 4, 0)
    """
    spec = text.strip()
    draws = 0
    if "/" in spec:
        spec, _, drawn = spec.partition("/")
        try:
            draws = int(drawn.strip())
        except ValueError:
            raise ParseError(f"{text!r}: the cards drawn after '/' must be a number", token=drawn) from None
        if not 0 <= draws <= 7:
            raise ParseError(f"{text!r}: cannot draw {draws} cards", token=drawn)
        spec = spec.strip()
    if spec.lower() in ("random", "any", "?", "*", ""):
        return Holding(text=text.strip() or "random", draws=draws)  # an empty hand is named, not blank
    if "(" in spec or ")" in spec:
        match = re.fullmatch(r"\s*\(([^()]*)\)\s*([^()]*)", spec)
        if match is None:
            raise ParseError(f"{text!r}: write the down cards first, in one pair of parentheses", token=text)
        down, up = parse(match[1]), parse(match[2]) if match[2].strip() else ()
        return Holding(text=text.strip(), down=down, up=up)
    try:
        cards = parse(spec)
    except ParseError:
        if draws:
            raise
        return Holding(text=text.strip(), combos=parse_range(spec))
    if draws:
        size = _hand_size(game) if game is not None else len(cards)
        kept = cards[: len(cards) - draws] if len(cards) >= size else cards
        return Holding(text=text.strip(), down=kept, draws=draws, discards=cards[len(kept) :])
    return Holding(text=text.strip(), down=cards)


_RANKS = "23456789TJQKA"


def parse_range(text: str) -> tuple[tuple[Card, ...], ...]:
    """The two-card hands of a hold'em range, each once: pairs (``QQ``, ``QQ+``, ``QQ-99``), suited or
    offsuit hands (``AKs``, ``AKo``, ``AK`` for both, ``AJs+``: AJs to AKs, ``T9s-76s``: T9s down to 76s),
    ``random``, or several joined by commas.

    >>> len(parse_range("QQ+")), len(parse_range("AJs+")), len(parse_range("T9s-76s")), len(parse_range("AK"))
    (18, 12, 16, 16)
    >>> parse_range("random")[:1], len(parse_range("random"))
    (((Card('2d'), Card('2c')),), 1326)
    >>> parse_range("AKx")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: 'AKx' is not a hand range (QQ+, AKs, AJs+, T9s-76s, random)
    """
    found: dict[tuple[int, int], tuple[Card, ...]] = {}
    for part in (piece.strip() for piece in text.replace(" ", "").split(",")):
        if not part:
            continue
        for pair in _range_part(part):
            high, low = sorted(pair, key=lambda card: card.code, reverse=True)
            found.setdefault((high.code, low.code), (high, low))
    if not found:
        raise ParseError(f"{text!r} is an empty range", token=text)
    return tuple(found[key] for key in sorted(found, key=lambda key: (key[0], key[1])))


def _range_part(part: str) -> Iterator[tuple[Card, Card]]:
    if part.lower() in ("random", "any"):
        every = [Card.from_code(code) for code in range(52)]
        yield from ((b, a) for a, b in combinations(every, 2))
        return
    shape = r"([2-9TJQKA])([2-9TJQKA])([so]?)"
    text = "-".join(piece[:2].upper() + piece[2:].lower() for piece in part.split("-"))
    match = re.fullmatch(shape + r"(\+?)", text)
    span = re.fullmatch(shape + "-" + shape, text)
    if match is not None:
        first, second, kind, plus = _RANKS.index(match[1]), _RANKS.index(match[2]), match[3], match[4]
        if first == second:
            for top in range(first, 13) if plus else [first]:
                yield from _hands(top, top, "")
            return
        first, second = max(first, second), min(first, second)
        for low in range(second, first) if plus else [second]:
            yield from _hands(first, low, kind)
        return
    if span is not None:
        a, b, kind = _RANKS.index(span[1]), _RANKS.index(span[2]), span[3]
        c, d, other = _RANKS.index(span[4]), _RANKS.index(span[5]), span[6]
        if kind == other and a - b == c - d:
            for shift in range(abs(a - c) + 1):
                top = min(a, c) + shift
                yield from _hands(top, top - (a - b), kind)
            return
    raise ParseError(f"{part!r} is not a hand range (QQ+, AKs, AJs+, T9s-76s, random)", token=part)


def _hands(first: int, second: int, kind: str) -> Iterator[tuple[Card, Card]]:
    """The combinations of two ranks (indices 0..12): six of a pair, four suited, twelve offsuit."""
    for s, t in product(range(4), repeat=2):
        pair = (Card.from_code(first * 4 + s), Card.from_code(second * 4 + t))
        if first == second:
            if s < t:
                yield pair
        elif kind == "" or (kind == "s") == (s == t):
            yield pair


def _deals(step: Step) -> bool:
    """True for a step that deals cards (to the players or to a row): a deal."""
    return bool(step.dealt or step.dealt_to[1])


def _hand_size(game: Game) -> int:
    return sum(len(step.dealt) for step in game.steps)


# -- the result ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestOdds:
    """One player in one contest: deals won outright, deals tied (split), and the expected fraction
    of that contest it takes (a tie counts as its share)."""

    side: str
    wins: int
    ties: int
    equity: float

    def to_json(self) -> dict[str, object]:
        return {"side": self.side, "wins": self.wins, "ties": self.ties, "equity": self.equity}


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerOdds:
    """One player's odds.

    - ``equity``: the expected fraction of the pot, all contests counted; ``error`` its standard error
      (0 when exact); ``units``: the same as an integer, in ``1 / (Odds.unit * Odds.deals)``;
    - ``scoop``: deals in which it wins every contest outright;
    - ``contests``: per contest; ``splits``: how often it takes each fraction of the pot (1, 3/4, 1/2...);
    - ``declarations``: in a declare game, its equity declaring each side (against opponents who
      declare what is best for them knowing every card), and ``best`` the best of them.
    """

    hand: str
    equity: float
    error: float
    units: int
    scoop: int
    contests: tuple[ContestOdds, ...]
    splits: tuple[tuple[Fraction, int], ...]
    declarations: tuple[tuple[str, float], ...] = ()

    @property
    def best(self) -> str | None:
        """The declaration with the best equity (``None`` outside declare games)."""
        return max(self.declarations, key=lambda item: item[1])[0] if self.declarations else None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "hand": self.hand,
            "equity": self.equity,
            "error": self.error,
            "units": self.units,
            "scoop": self.scoop,
            "contests": [contest.to_json() for contest in self.contests],
            "splits": {str(share): count for share, count in self.splits},
        }
        if self.declarations:
            data["declarations"] = dict(self.declarations)
            data["best"] = self.best
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Odds:
    """The odds of every player: ``exact`` (every deal counted) or not (``deals`` random ones)."""

    game: str
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    deals: int
    unit: int
    """A deal's pot is ``unit`` units: every share of it (a tie, a quarter) is a whole number of units."""
    players: tuple[PlayerOdds, ...]

    def to_json(self) -> dict[str, object]:
        """The odds as JSON: exact integer counts in exact mode."""
        return {
            "game": self.game,
            "board": " ".join(map(str, self.board)),
            "dead": " ".join(map(str, self.dead)),
            "exact": self.exact,
            "deals": self.deals,
            "unit": self.unit,
            "players": [player.to_json() for player in self.players],
        }

    def __str__(self) -> str:
        deals = f"{self.deals:,} deal{'' if self.deals == 1 else 's'}"
        how = f"exact, {deals}" if self.exact else f"Monte Carlo, {deals}"
        lines = [f"{self.game}: {how}" + (f"; board {' '.join(map(str, self.board))}" if self.board else "")]
        sides = [contest.side for contest in self.players[0].contests] if self.players else []
        header = ["hand", "equity"] + [f"{side} win/tie" for side in sides]
        if len(sides) > 1:
            header.append("scoop")
        rows = [header]
        for player in self.players:
            equity = f"{player.equity:.2%}" + ("" if self.exact else f" ±{player.error:.2%}")
            cells = [player.hand, equity]
            cells += [f"{_pct(c.wins, self.deals)} / {_pct(c.ties, self.deals)}" for c in player.contests]
            if len(sides) > 1:
                cells.append(_pct(player.scoop, self.deals))
            rows.append(cells)
        widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
        lines += [
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
        ]
        for player in self.players:
            if player.declarations:
                said = ", ".join(f"{side} {value:.2%}" for side, value in player.declarations)
                lines.append(f"{player.hand} declaring: {said}; best {player.best}")
        if len(sides) > 1:
            for player in self.players:
                split = ", ".join(f"{share} {_pct(count, self.deals)}" for share, count in player.splits if share)
                lines.append(f"{player.hand} takes: {split or 'nothing'}")
        return "\n".join(lines)


def _pct(count: int, total: int) -> str:
    return f"{count / total:.2%}" if total else "-"


# -- the spot: known cards, cards to come ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Seat:
    """A player in the deal: known down cards (a range: several), cards to come down and up."""

    down: tuple[int, ...]
    up: tuple[int, ...]
    more_down: int
    more_up: int
    combos: tuple[tuple[int, ...], ...] = ()

    @property
    def downs(self) -> int:
        return len(self.down) + self.more_down + (len(self.combos[0]) if self.combos else 0)

    @property
    def width(self) -> int:
        return self.downs + len(self.up) + self.more_up


@dataclass(frozen=True, slots=True, kw_only=True)
class _Spot:
    """Everything a deal needs: seats, rows (name, known cards, cards to come), the deck left."""

    seats: tuple[_Seat, ...]
    rows: tuple[tuple[str, tuple[int, ...], int], ...]
    pool: tuple[int, ...]
    """Card codes nobody holds, before any range is dealt."""

    @property
    def groups(self) -> list[int]:
        """Sizes of the groups of unknown cards, in layout order: each seat's down then up, each row."""
        return [n for seat in self.seats for n in (seat.more_down, seat.more_up)] + [n for _, _, n in self.rows]

    def assignments(self) -> Iterator[tuple[tuple[int, ...], ...]]:
        """Every way the ranges can be held at once (each seat's down cards), card clashes left out."""
        choices = [seat.combos or ((),) for seat in self.seats]
        taken = set(self.fixed)
        for pick in product(*choices):
            codes = [code for combo in pick for code in combo]
            if len(set(codes)) == len(codes) and not taken.intersection(codes):
                yield pick

    @property
    def fixed(self) -> tuple[int, ...]:
        return tuple(code for seat in self.seats for code in (*seat.down, *seat.up))


def _spot(game: Game, plan: _Plan, hands: Sequence[Holding], board: Sequence[Card], dead: Sequence[Card]) -> _Spot:
    order = [entry for step in game.steps for entry in step.dealt]
    downs, ups = order.count("down"), order.count("up")
    seats = []
    if any(step.cuts_hands for step in game.steps):  # the hands are what is left of them
        for hand in hands:
            if hand.combos or hand.draws or len(hand.down) + len(hand.up) > downs + ups:
                raise ParseError(f"{hand}: give the cards the player still holds (at most {downs + ups})")
        seats = [_Seat(tuple(c.code for c in (*hand.down, *hand.up)), (), 0, 0) for hand in hands]
        plan_rows: tuple[tuple[str, int], ...] = ()
    else:
        plan_rows = plan.rows
    for hand in hands if not seats else ():
        down, up = hand.down, hand.up
        if not hand.combos and not up and downs and ups and len(down) > 0 and not hand.text.lstrip().startswith("("):
            if len(down) > downs + ups:
                raise ParseError(f"{hand}: the game deals {downs} down and {ups} up cards, not {len(down)}")
            down, up = _in_order(down, order)
        if hand.combos:
            held = len(hand.combos[0])
            if held > downs:
                raise ParseError(f"{hand}: the game deals {downs} down cards, not {held}")
            seats.append(_Seat((), (), downs - held, ups, tuple(tuple(c.code for c in combo) for combo in hand.combos)))
            continue
        if hand.draws:
            if len(down) + hand.draws != downs + ups:
                raise ParseError(f"{hand}: keeping {len(down)} and drawing {hand.draws} does not make {downs + ups}")
            seats.append(_Seat(tuple(c.code for c in down), (), hand.draws, 0))
            continue
        if len(down) > downs or len(up) > ups:
            raise ParseError(
                f"{hand}: the game deals {downs} down and {ups} up cards, not {len(down)} and {len(up)}"
                + (" (write the down cards in parentheses)" if ups else "")
            )
        seats.append(_Seat(tuple(c.code for c in down), tuple(c.code for c in up), downs - len(down), ups - len(up)))
    rows: list[tuple[str, tuple[int, ...], int]] = []
    for name, size in plan_rows:
        known = tuple(card.code for card in board) if name == "board" else ()
        if len(known) > size:
            holds = f"{size} cards" if size else f"no cards in {game.name}"
            raise ParseError(f"the {name} holds {holds}, not {len(known)}")
        rows.append((name, known, size - len(known)))
    if board and "board" not in dict(plan_rows):
        raise ParseError(f"{game.name} has no board")
    seen = [
        *(code for seat in seats for code in (*seat.down, *seat.up)),
        *(code for _, known, _ in rows for code in known),
        *(card.code for card in dead),
        *(card.code for hand in hands for card in hand.discards),
    ]
    deck = Counter(_deck_codes(game.deck))
    for code, copies in Counter(seen).items():
        if not deck[code]:
            raise ParseError(f"{Card.from_code(code)} is not in the deck of {game.name}: {game.deck}")
        if copies > deck[code]:
            raise ParseError(f"{Card.from_code(code)} is held {copies} times but the deck has {deck[code]}")
        deck[code] -= copies
    pool = tuple(sorted(deck.elements()))
    spot = _common_if_short(game, _Spot(seats=tuple(seats), rows=tuple(rows), pool=pool))
    ranged = max((len(seat.combos[0]) for seat in seats if seat.combos), default=0)
    if sum(spot.groups) + ranged * sum(1 for seat in seats if seat.combos) > len(pool):
        raise ParseError(f"the deck has {len(pool)} cards left, not enough for the rest of the deal")
    return spot


@cache
def _deck_codes(deck: DeckSpec) -> Counter[int]:
    """How many copies of each card code a deck holds (callers change a copy of it, never it)."""
    return Counter(card.code for card in deck.cards())


def _common_if_short(game: Game, spot: _Spot) -> _Spot:
    """The spot as the engine deals it when the deck runs short: a game whose last card to each player
    becomes one common card on the board then (eight-handed stud: 8 x 7 cards is more than the deck)
    has every player's last down card as that common card.

    >>> from homegame.games import load
    >>> seats = tuple(_Seat((), (), 3, 4) for _ in range(8))
    >>> short = _common_if_short(load("stud"), _Spot(seats=seats, rows=(("board", (), 0),), pool=tuple(range(52))))
    >>> short.seats[0].more_down, short.rows
    (2, (('board', (), 1),))
    """
    deals = [step for step in game.steps if _deals(step)]
    last = deals[-1] if deals else None
    if last is None or not last.common_if_short or last.dealt != ("down",) or sum(spot.groups) <= len(spot.pool):
        return spot
    if any(seat.combos or seat.more_down < 1 for seat in spot.seats) or all(
        name != "board" for name, _, _ in spot.rows
    ):
        return spot
    seats = tuple(replace(seat, more_down=seat.more_down - 1) for seat in spot.seats)
    rows = tuple((name, known, size + 1 if name == "board" else size) for name, known, size in spot.rows)
    return _Spot(seats=seats, rows=rows, pool=spot.pool)


def _in_order(cards: tuple[Card, ...], order: Sequence[str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Cards written without parentheses in a game with up cards: they fall as dealt (stud: two down, up...)."""
    down = tuple(card for card, entry in zip(cards, order, strict=False) if entry == "down")
    up = tuple(card for card, entry in zip(cards, order, strict=False) if entry == "up")
    return down, up


# -- counting ------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    """Integer sums over deals, mergeable in any order (so the partitioning never shows)."""

    seats: int
    contests: int
    deals: int = 0
    units: list[int] = field(default_factory=list)
    squares: list[int] = field(default_factory=list)
    scoops: list[int] = field(default_factory=list)
    wins: list[list[int]] = field(default_factory=list)
    ties: list[list[int]] = field(default_factory=list)
    side_units: list[list[int]] = field(default_factory=list)
    splits: list[Counter[int]] = field(default_factory=list)
    declared: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        n, c = self.seats, self.contests
        self.units, self.squares, self.scoops = [0] * n, [0] * n, [0] * n
        self.wins, self.ties, self.side_units = ([[0] * n for _ in range(c)] for _ in range(3))
        self.splits = [Counter() for _ in range(n)]
        self.declared = [[0] * 3 for _ in range(n)]

    def merge(self, other: _Tally) -> None:
        self.deals += other.deals
        for i in range(self.seats):
            self.units[i] += other.units[i]
            self.squares[i] += other.squares[i]
            self.scoops[i] += other.scoops[i]
            self.splits[i].update(other.splits[i])
            for k in range(3):
                self.declared[i][k] += other.declared[i][k]
            for c in range(self.contests):
                self.wins[c][i] += other.wins[c][i]
                self.ties[c][i] += other.ties[c][i]
                self.side_units[c][i] += other.side_units[c][i]


_SIDES = ("high", "low", "both")


class _KnockoutScorer(_Scorer):
    """High Card Poker's test (:func:`homegame.ranking.positional.survived`) in arrays: how many
    comparisons each hand survives against the extra hand, both sorted lowest first."""

    def __init__(self, contest: Contest, evaluator: None, wild_rank: None, down: bool, *, equal_survives: bool) -> None:
        super().__init__(contest, evaluator, wild_rank, down)
        self.equal_survives = equal_survives

    def scores(self, holes: Sequence[Codes], widths: Sequence[int], downs: Sequence[int], board: Codes) -> Codes:
        extra = np.sort(board >> 2, axis=1)
        columns = []
        for hole, width in zip(holes, widths, strict=True):
            mine = np.sort(hole[:, :width] >> 2, axis=1)
            size = min(mine.shape[1], extra.shape[1])
            passed = mine[:, :size] > extra[:, :size]
            if self.equal_survives and size > 1:
                passed[:, 1:] |= mine[:, 1:size] == extra[:, 1:size]
            columns.append(np.cumprod(passed, axis=1).sum(axis=1))
        return np.stack(columns, axis=1).astype(np.int64)


class _BadugiScorer(_Scorer):
    """Badugi hands scored by the badugi kernel (:mod:`homegame.ranking.badugi_kernel`), all of a
    seat's cards at once (the kernel finds the best badugi of up to four of them)."""

    def scores(self, holes: Sequence[Codes], widths: Sequence[int], downs: Sequence[int], board: Codes) -> Codes:
        from homegame.ranking.badugi_kernel import keys

        columns = [
            keys(np.concatenate([hole[:, :width], board], axis=1)) for hole, width in zip(holes, widths, strict=True)
        ]
        return np.stack(columns, axis=1).astype(np.int64)


class _Judge:
    """Scores deals (arrays of card codes) and adds them to a tally."""

    def __init__(self, game: Game, plan: _Plan, spot: _Spot) -> None:
        self.judged: tuple[Contest, ...] = plan.contests
        self.seats = len(spot.seats)
        knockout = next((step for step in game.steps if step.knockout_row is not None), None)
        self.carry = not self.judged and knockout is not None
        """High Card Poker: hands against the extra hand, the pot carried over when several do best."""
        if self.carry and knockout is not None and (row := knockout.knockout_row) is not None:
            equal = knockout.survives_equal(game.option_values(None))
            self.judged = (Contest(side="knockout", ranking=get_ranking("high"), form=Form(), row=row),)
            plan = replace(plan, contests=self.judged, evaluators=(None,), dynamic=(False,), down=(False,))
            self.scorers: list[_Scorer] = [_KnockoutScorer(self.judged[0], None, None, False, equal_survives=equal)]
        if not self.judged:
            raise ParseError(f"{game.name} has no showdown the odds can judge")
        self.scorers = (
            self.scorers
            if self.carry
            else [
                _BadugiScorer(contest, evaluator, None, down)
                if isinstance(contest.ranking, BadugiRanking) and contest.cards.whole and contest.form.size == 4
                else _Scorer(contest, evaluator, None, down)
                for contest, evaluator, down in zip(plan.contests, plan.evaluators, plan.down, strict=True)
            ]
        )
        self.dynamic = [bool(dynamic) for dynamic in plan.dynamic]
        self.weights = [int(contest.share) for contest in self.judged]
        sums = {
            sum(w for w, keep in zip(self.weights, mask, strict=True) if keep)
            for mask in product((0, 1), repeat=len(self.weights))
        }
        self.per_weight = reduce(math.lcm, (s for s in sums if s), 1)
        self.per_seat = reduce(math.lcm, range(1, self.seats + 1), 1)
        self.unit = self.per_weight * self.per_seat
        self.follow = next((rank for step in game.steps if (rank := step.moving_wild) is not None), None)
        self.up_order = _up_order(game, spot)
        sides = {contest.side for contest in self.judged}
        self.declare = any(step.declarations for step in game.steps) and {"high", "low"} <= sides

    def block_rows(self, spot: _Spot) -> int:
        """Deals per block: :data:`_BLOCK` hands, counting each card set a form makes a player try."""
        sets = 0
        for scorer in self.scorers:
            board = next((len(known) + more for name, known, more in spot.rows if name == scorer.row), 0)
            for seat in spot.seats:
                tried = len(scorer._columns(seat.width, board)) if scorer.evaluator is not None else 1
                sets += max(tried, 1)
        return max(256, _BLOCK // max(sets, 1))

    def judge(self, holes: list[Codes], rows: dict[str, Codes], widths: list[list[int]], downs: list[int]) -> _Tally:
        deals = len(holes[0])
        tally = _Tally(self.seats, len(self.judged))
        tally.deals = deals
        empty = np.zeros((deals, 0), dtype=np.int64)
        wild = self._wild_ranks(holes) if self.follow is not None and any(self.dynamic) else None
        scores = []
        for index, scorer in enumerate(self.scorers):
            board = rows.get(scorer.row, empty)
            if wild is not None and self.dynamic[index]:
                score = np.empty((deals, self.seats), dtype=np.int64)
                for rank in np.unique(wild).tolist():
                    chosen = wild == rank
                    scorer.wild_rank = None if rank < 0 else Rank(rank)
                    score[chosen] = scorer.scores([h[chosen] for h in holes], widths[index], downs, board[chosen])
                scorer.wild_rank = None
            else:
                score = scorer.scores(holes, widths[index], downs, board)
            scores.append(score)
        if self.carry:  # several survive as far as the best: nobody wins, the pot carries over
            top = scores[0].max(axis=1)
            tied = (scores[0] == top[:, None]) & ((scores[0] == top[:, None]).sum(axis=1) > 1)[:, None]
            scores[0] = np.where(tied.any(axis=1)[:, None], OUT, scores[0])
            self._add(tally, scores)
            tally.ties[0] = tied.sum(axis=0).tolist()
            return tally
        self._add(tally, scores)
        if self.declare:
            self._add_declared(tally, scores)
        return tally

    def _wild_ranks(self, holes: list[Codes]) -> npt.NDArray[np.int64]:
        """The wild rank of each deal under the follow rule (-1: nothing wild), from the up cards in
        the order they are dealt."""
        deals = len(holes[0])
        wild = np.full(deals, -1, dtype=np.int64)
        waiting = np.zeros(deals, dtype=np.bool_)
        leader = int(self.follow) if self.follow is not None else 0
        for seat, column in self.up_order:  # as homegame.engine.steps.follow.follow does, card by card
            code = holes[seat][:, column]
            natural = code < 52
            rank = code // 4 + 2
            lead = natural & (rank == leader)
            wild = np.where(lead | waiting, np.where(natural, rank, -1), wild)
            waiting = lead
        return wild

    def _add(self, tally: _Tally, scores: list[Codes]) -> None:
        """Share each deal's pot by its scores (:func:`~homegame.analysis._enumerate.add_scores`)."""
        from homegame.analysis._enumerate import add_scores

        deals = len(scores[0])
        units = np.empty((deals, self.seats), dtype=np.int64)
        won = np.zeros((3, len(scores), self.seats), dtype=np.int64)
        scoops = np.zeros(self.seats, dtype=np.int64)
        weights = np.array(self.weights, dtype=np.int64)
        add_scores(np.stack(scores), weights, self.per_seat, self.per_weight, self.carry, units, won, scoops)
        tally.wins, tally.ties, tally.side_units = (part.tolist() for part in won)
        tally.units = units.sum(axis=0).tolist()
        tally.squares = (units * units).sum(axis=0).tolist()  # a pot is at most a few thousand units
        tally.scoops = scoops.tolist()
        for seat in range(self.seats):
            values, counts = np.unique(units[:, seat], return_counts=True)
            tally.splits[seat] = Counter(dict(zip(values.tolist(), counts.tolist(), strict=True)))

    def _add_declared(self, tally: _Tally, scores: list[Codes]) -> None:
        """Each player's equity declaring high, low or both, against opponents who each declare, deal by
        deal and knowing every card, the side it wins (both if it scoops; high if it wins nothing)."""
        sides = [contest.side for contest in self.judged]
        high, low = sides.index("high"), sides.index("low")
        natural = []
        for seat in range(self.seats):
            won_high = _contest(scores[high], seat)[0] > 0
            won_low = _contest(scores[low], seat)[0] > 0
            _, alone_high, _ = _contest(scores[high], seat)
            _, alone_low, _ = _contest(scores[low], seat)
            choice = np.where(alone_high & alone_low, 2, np.where(won_low & ~won_high, 1, 0))
            natural.append(choice)
        natural_array = np.stack(natural, axis=1)
        weights = [float(w) for w in self.weights]
        for me in range(self.seats):
            others = np.delete(natural_array, me, axis=1)
            patterns, inverse = np.unique(others, axis=0, return_inverse=True)
            inverse = inverse.reshape(-1)
            for index, pattern in enumerate(patterns.tolist()):
                chosen = inverse == index
                part = [score[chosen] for score in scores]
                for mine in range(3):
                    declared: list[str | None] = [_SIDES[v] for v in pattern]
                    declared.insert(me, _SIDES[mine])
                    share = _declared_share(part, self.judged, weights, declared, me)
                    tally.declared[me][mine] += int(np.rint(share * self.unit).sum())


def _up_order(game: Game, spot: _Spot) -> list[tuple[int, int]]:
    """(seat, column of its hand) of every up card in the order the deal steps deal them."""
    order: list[tuple[int, int]] = []
    counts = [0] * len(spot.seats)
    for step in game.steps:
        if _deals(step):
            for entry in step.dealt:
                for seat_index, seat in enumerate(spot.seats):
                    if entry == "up":
                        order.append((seat_index, seat.downs + counts[seat_index]))
                        counts[seat_index] += 1
    return order


# -- dealing -------------------------------------------------------------------------------------


def _layout(spot: _Spot, pick: Sequence[tuple[int, ...]], dealt: Codes) -> tuple[list[Codes], dict[str, Codes]]:
    """Each seat's whole hand (down cards first) and each whole row from the cards ``dealt`` (one row
    per deal, the groups of unknown cards one after another)."""
    deals = len(dealt)
    holes, start = [], 0

    def known(codes: Sequence[int]) -> Codes:
        return np.broadcast_to(np.array(codes, dtype=np.int64), (deals, len(codes)))

    for seat, combo in zip(spot.seats, pick, strict=True):
        more_down = dealt[:, start : start + seat.more_down]
        start += seat.more_down
        more_up = dealt[:, start : start + seat.more_up]
        start += seat.more_up
        holes.append(np.concatenate([known((*combo, *seat.down)), more_down, known(seat.up), more_up], axis=1))
    rows = {}
    for name, cards, more in spot.rows:
        rows[name] = np.concatenate([known(cards), dealt[:, start : start + more]], axis=1)
        start += more
    return holes, rows


def _deal_count(pool: int, groups: Sequence[int]) -> int:
    total, left = 1, pool
    for size in groups:
        total *= math.comb(left, size)
        left -= size
    return total


def _every_deal(pool: Sequence[int], groups: Sequence[int], rows: int = _BLOCK) -> Iterator[Codes]:
    """Every deal of the groups from ``pool``, in blocks of about ``rows`` rows (each row: the groups'
    cards in turn)."""
    sizes = [size for size in groups if size]
    if not sizes:
        yield np.zeros((1, 0), dtype=np.int64)
        return
    from homegame.ranking import _compiled

    buffer: list[Codes] = []
    held = 0
    for outer in _outer(tuple(pool), sizes[:-1]):
        rest = _remove(pool, outer)
        last = sizes[-1]
        index = np.arange(last, dtype=np.int64)
        block = np.empty((min(rows, math.comb(len(rest), last)), last), dtype=np.uint8)
        while filled := _compiled.deal(rest, index, block):
            part = block[:filled].astype(np.int64)
            if outer:
                part = np.concatenate(
                    [np.broadcast_to(np.array(outer, dtype=np.int64), (filled, len(outer))), part], axis=1
                )
            buffer.append(part)
            held += filled
            if held >= rows:
                yield np.concatenate(buffer)
                buffer, held = [], 0
    if buffer:
        yield np.concatenate(buffer)


def _remove(pool: Sequence[int], taken: Sequence[int]) -> npt.NDArray[np.uint8]:
    if not taken:  # the pool is sorted already
        return np.array(pool, dtype=np.uint8)
    left = Counter(pool)
    left.subtract(taken)
    return np.array(sorted(left.elements()), dtype=np.uint8)


def _outer(pool: tuple[int, ...], sizes: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every choice of the first groups (all but the last), as one tuple of codes, group after group."""
    if not sizes:
        yield ()
        return
    positions = range(len(pool))
    for chosen in combinations(positions, sizes[0]):
        taken = set(chosen)
        rest = tuple(pool[i] for i in positions if i not in taken)
        head = tuple(pool[i] for i in chosen)
        for tail in _outer(rest, sizes[1:]):
            yield head + tail


def _random_deals(spot: _Spot, generator: np.random.Generator, trials: int) -> tuple[list[Codes | None], Codes]:
    """``trials`` random deals: each seat's range pick (``None`` without a range; each consistent set
    of picks equally likely) and the dealt cards, as arrays of one row per deal."""
    pool = np.array(spot.pool, dtype=np.int64)
    needed = sum(spot.groups)
    keys = generator.random((trials, len(pool)))
    picks: list[Codes | None] = [None] * len(spot.seats)
    ranged = [index for index, seat in enumerate(spot.seats) if seat.combos]
    if ranged:
        fixed = set(spot.fixed)
        combos = [
            np.array([c for c in spot.seats[i].combos if not fixed.intersection(c)], dtype=np.int64) for i in ranged
        ]
        if any(len(c) == 0 for c in combos):
            raise ParseError("a range has no hand left once the known cards are taken out")
        chosen = np.zeros((trials, len(ranged)), dtype=np.int64)
        todo = np.ones(trials, dtype=np.bool_)
        for _ in range(1000):  # draw again wherever two picks share a card
            count = int(todo.sum())
            if not count:
                break
            for k, c in enumerate(combos):
                chosen[todo, k] = generator.integers(0, len(c), count)
            held = np.sort(np.concatenate([combos[k][chosen[:, k]] for k in range(len(ranged))], axis=1), axis=1)
            todo = (held[:, 1:] == held[:, :-1]).any(axis=1)
        else:
            raise ParseError("the ranges leave (almost) no way to deal every hand at once")
        position = np.full(64, len(pool), dtype=np.int64)
        position[pool] = np.arange(len(pool))
        for k, seat in enumerate(ranged):
            picks[seat] = picked = combos[k][chosen[:, k]]
            np.put_along_axis(keys, position[picked], 2.0, axis=1)  # never dealt: keys are below 1
    if needed < len(pool):
        order = np.argpartition(keys, needed, axis=1)[:, :needed]
    else:
        order = np.argsort(keys, axis=1)[:, :needed]
    return picks, pool[order]


# -- the call ------------------------------------------------------------------------------------


def odds(
    game: Game | str,
    hands: Sequence[str | Holding],
    *,
    board: str | Sequence[Card] = (),
    dead: str | Sequence[Card] = (),
    exact: bool | None = None,
    trials: int = 20_000,
    seed: int = 0,
    progress: Progress | None = None,
    workers: int = 1,
    dask: str | None = None,
) -> Odds:
    """The odds of ``hands`` in ``game`` (a game of the catalogue, by name, or a loaded one).

    ``board`` and ``dead`` are cards (text or cards). ``exact``: ``None`` enumerates every deal when
    there are at most :data:`EXACT_LIMIT` and deals ``trials`` at random otherwise; ``True`` insists
    on enumerating (a ``ParseError`` past the limit); ``False`` always deals at random, seeded by
    ``seed``. ``progress`` is called with the fraction done, now and then. ``workers``: random
    deals on that many processes (:mod:`homegame.analysis.pool`), with the same answer for a seed
    whatever their number (chunk ``i`` of :data:`CHUNK` deals has its own stream), or on the Dask
    cluster at the address ``dask``; counting (exact) stays in this process.

    >>> hi_lo = odds("omaha-hi-lo", ["As Ad 2c 3d", "Kh Kd Qh Jd"], board="2h 7s 9d")
    >>> hi_lo.exact, hi_lo.deals, [f"{p.equity:.3f}" for p in hi_lo.players]
    (True, 820, ['0.839', '0.161'])
    """
    if isinstance(game, str):
        from homegame.games import load

        game = load(game)
    if len(hands) < 1:
        raise ParseError("give at least one hand")
    held = [hand if isinstance(hand, Holding) else holding(hand, game) for hand in hands]
    board_cards = parse(board) if isinstance(board, str) else tuple(board)
    dead_cards = parse(dead) if isinstance(dead, str) else tuple(dead)
    plan = _plan(game)
    spot = _spot(game, plan, held, board_cards, dead_cards)
    judge = _Judge(game, plan, spot)
    report = progress or (lambda done: None)
    ranged = [seat for seat in spot.seats if seat.combos]
    per_pick = _deal_count(len(spot.pool) - sum(len(seat.combos[0]) for seat in ranged), spot.groups)
    picks = math.prod(len(seat.combos) for seat in ranged)
    assignments: list[tuple[tuple[int, ...], ...]] = [tuple(() for _ in spot.seats)]
    total = per_pick * picks  # at most: picks that share a card are left out
    if ranged and (exact or (exact is None and total <= FAST_LIMIT)):
        if picks > EXACT_LIMIT:
            raise ParseError(f"{picks:,} ways to hold the ranges are too many to count: leave out --exact")
        assignments = list(spot.assignments())
        if not assignments:
            raise ParseError("the ranges leave no way to deal every hand at once")
        total = per_pick * len(assignments)
    fast = _Fast.of(judge, spot)
    limit = FAST_LIMIT if fast is not None and fast.hole is None and not fast.coming else EXACT_LIMIT
    if exact is None:
        exact = total <= limit
    if exact and total > limit:
        raise ParseError(f"{total:,} deals are too many to count (at most {limit:,}): leave out --exact")
    widths = [[seat.downs if scorer.down_only else seat.width for seat in spot.seats] for scorer in judge.scorers]
    downs = [seat.downs for seat in spot.seats]
    tally = _Tally(len(spot.seats), len(judge.judged))
    if exact:
        done = 0
        for pick in assignments:
            pool = _remove(spot.pool, [code for combo in pick for code in combo]).tolist()
            counted = fast.tally(spot, pick, pool) if fast is not None else _hole_tally(judge, spot, pick, pool)
            if counted is not None:
                tally.merge(counted)
                done += per_pick
                report(done / total)
                continue
            for dealt in _every_deal(pool, spot.groups, judge.block_rows(spot)):
                holes, rows = _layout(spot, pick, dealt)
                tally.merge(judge.judge(holes, rows, widths, downs))
                done += len(dealt)
                report(done / total)
    else:
        if trials < 1:
            raise ParseError("trials must be at least 1")
        from homegame.analysis.pool import map_chunks

        indices = list(range((trials + CHUNK - 1) // CHUNK))
        if dask is not None or (workers > 1 and len(indices) > 1):
            reference = game.path or game.name
            spec = (reference, tuple(hand.text for hand in held), board_cards, dead_cards, seed, trials)
            results = map_chunks(_pool_chunk, spec, indices, workers=workers, dask=dask)
        else:
            work = _Work(spot=spot, judge=judge, widths=widths, downs=downs, seed=seed, trials=trials)
            results = map(work.chunk, indices)
        for done, chunk in enumerate(results, 1):
            tally.merge(chunk)
            report(done / len(indices))
    report(1.0)
    return _result(game=game, board=board_cards, dead=dead_cards, held=held, judge=judge, tally=tally, exact=exact)


@dataclass(frozen=True, slots=True)
class _Fast:
    """The compiled board enumerator, where it serves (see :data:`FAST_LIMIT`)."""

    evaluator: Any
    size: int
    unit: int
    qualified: npt.NDArray[np.bool_]
    """Which ordinals qualify (empty: all of them, nothing to check)."""
    row: str
    hole: int | None = None
    """Exactly so many of a player's own cards play (Omaha: two); ``None``: any of them."""
    coming: bool = False
    """Players too have cards to come (stud before the river, a draw): :func:`count_deals` counts."""

    @classmethod
    def of(cls, judge: _Judge, spot: _Spot) -> _Fast | None:
        """The enumerator for this deal, or ``None`` when the general path must count it."""
        from homegame.ranking.kernel import Evaluator
        from homegame.ranking.lookup import Mode

        if len(judge.scorers) != 1 or judge.declare or any(judge.dynamic):
            return None
        scorer = judge.scorers[0]
        evaluator = scorer.evaluator
        form = scorer.form
        if not isinstance(evaluator, Evaluator):
            return None
        if form.size != 5 or form.max_hole is not None or scorer.down_only:
            return None
        if form.hole is None and evaluator._tables.mode is Mode.SUBSETS:
            return None  # (five-card hands, as Omaha's, never need the subsets of a flush: every mode serves)
        coming = any(seat.more_down or seat.more_up for seat in spot.seats)
        if len({s.width for s in spot.seats}) != 1 or (coming and form.hole is not None):
            return None
        if any(more for name, _, more in spot.rows if name != scorer.row):
            return None
        board = next((len(known) + more for name, known, more in spot.rows if name == scorer.row), 0)
        if form.hole is not None:  # exactly so many own cards and the rest from the board (Omaha)
            fits = form.hole <= spot.seats[0].width and 5 - form.hole <= board
            return cls(evaluator, 5, judge.unit, _qualified(evaluator), scorer.row, form.hole) if fits else None
        size = spot.seats[0].width + board
        fast = cls(evaluator, size, judge.unit, _qualified(evaluator), scorer.row, coming=coming)
        return fast if 5 <= size <= 7 else None

    def _hole_boards(
        self,
        spot: _Spot,
        *,
        pick: Sequence[tuple[int, ...]],
        pool: Sequence[int],
        known: Sequence[int],
        more: int,
        tables: Any,
        split: npt.NDArray[np.int64],
    ) -> int:
        """Count the boards when exactly ``hole`` own cards play (:func:`count_hole_boards`)."""
        from homegame.analysis._enumerate import count_hole_boards
        from homegame.ranking.lookup import CARD_KEYS, CARD_MASKS

        assert self.hole is not None
        own = [(*combo, *seat.down, *seat.up) for seat, combo in zip(spot.seats, pick, strict=True)]
        choices = [list(combinations(cards, self.hole)) for cards in own]
        holes = np.array([[sum(CARD_KEYS[c] for c in choice) for choice in seat] for seat in choices], dtype=np.int64)
        masks = np.array([[sum(CARD_MASKS[c] for c in choice) for choice in seat] for seat in choices], dtype=np.int64)
        return int(
            count_hole_boards(
                np.array(pool, dtype=np.int64),
                more,
                np.array(known, dtype=np.int64),
                holes,
                masks,
                5 - self.hole,
                tables,
                self.qualified,
                split,
            )
        )

    def tally(self, spot: _Spot, pick: Sequence[tuple[int, ...]], pool: Sequence[int]) -> _Tally:
        """Count every board for the seats holding ``pick`` (their ranges) and their known cards."""
        from homegame.analysis._enumerate import count_boards
        from homegame.ranking.lookup import CARD_KEYS, CARD_MASKS

        _, known, more = next((row for row in spot.rows if row[0] == self.row), ("", (), 0))
        seats = len(spot.seats)
        hands = [(*combo, *seat.down, *seat.up, *known) for seat, combo in zip(spot.seats, pick, strict=True)]
        totals = np.array([sum(CARD_KEYS[code] for code in hand) for hand in hands], dtype=np.int64)
        masks = np.array([sum(CARD_MASKS[code] for code in hand) for hand in hands], dtype=np.int64)
        split = np.zeros((seats, seats + 2), dtype=np.int64)
        tables = self.evaluator._compiled_tables(self.size)
        if self.coming:
            boards = _count_deals(spot, pool, more, (totals, masks, tables, self.qualified, split))
        elif self.hole is not None:
            boards = self._hole_boards(spot, pick=pick, pool=pool, known=known, more=more, tables=tables, split=split)
        else:
            boards = count_boards(np.array(pool, dtype=np.int64), more, totals, masks, tables, self.qualified, split)
        tally = _Tally(seats, 1)
        tally.deals = int(boards)
        per_seat = reduce(math.lcm, range(1, seats + 1), 1)
        for seat in range(seats):
            counts = split[seat].tolist()
            shares = {self.unit // k: counts[k] for k in range(1, seats + 1) if counts[k]}
            if counts[0]:
                shares[0] = shares.get(0, 0) + counts[0]
            if counts[seats + 1]:
                even = self.unit // seats
                shares[even] = shares.get(even, 0) + counts[seats + 1]
            tally.splits[seat] = Counter(shares)
            tally.units[seat] = sum(value * count for value, count in shares.items())
            tally.squares[seat] = sum(value * value * count for value, count in shares.items())
            tally.wins[0][seat] = tally.scoops[seat] = counts[1]
            tally.ties[0][seat] = sum(counts[2 : seats + 1])
            tally.side_units[0][seat] = sum(per_seat // k * counts[k] for k in range(1, seats + 1))
        return tally


def _count_deals(spot: _Spot, pool: Sequence[int], more: int, counting: tuple[Any, ...]) -> int:
    """Every deal of the cards to come, the players' and the board's (:func:`count_deals`): a seat's
    down and up cards to come as one combination, counted once for each order they could fall in."""
    from homegame.analysis._enumerate import count_deals

    owners = [seat for seat, held in enumerate(spot.seats) for _ in range(held.more_down + held.more_up)]
    weight = math.prod(math.comb(held.more_down + held.more_up, held.more_down) for held in spot.seats)
    totals, masks, tables, qualified, split = counting
    slots = np.array([*owners, *[-1] * more], dtype=np.int64)
    return int(count_deals(np.array(pool, dtype=np.int64), slots, totals, masks, tables, qualified, split, weight))


HOLE_SCORES_LIMIT = 2_000_000
"""Most boards :func:`_hole_tally` scores at once (an array of them a contest)."""


def _hole_tally(judge: _Judge, spot: _Spot, pick: Sequence[tuple[int, ...]], pool: Sequence[int]) -> _Tally | None:
    """Every board of a game whose every contest takes exactly so many of a player's own cards
    (Omaha hi-lo's high and low), each contest's scores of each board worked out in compiled loops
    (:func:`hole_scores`), then judged together as the general path judges them; ``None`` where
    it does not serve."""
    from homegame.analysis._enumerate import hole_scores
    from homegame.ranking.kernel import Evaluator
    from homegame.ranking.lookup import CARD_KEYS, CARD_MASKS

    scorers = judge.scorers
    if judge.carry or judge.declare or any(judge.dynamic) or len({scorer.row for scorer in scorers}) != 1:
        return None
    if any(seat.more_down or seat.more_up for seat in spot.seats) or len({seat.width for seat in spot.seats}) != 1:
        return None
    row = next((entry for entry in spot.rows if entry[0] == scorers[0].row), None)
    if row is None or any(more for name, _, more in spot.rows if name != row[0]):
        return None
    _, known, more = row
    board = len(known) + more
    for scorer in scorers:
        form, evaluator = scorer.form, scorer.evaluator
        if not isinstance(evaluator, Evaluator) or scorer.down_only or form.size != 5 or form.hole is None:
            return None
        if form.hole > spot.seats[0].width or 5 - form.hole > board:
            return None
    boards = math.comb(len(pool), more)
    if boards > HOLE_SCORES_LIMIT:
        return None
    own = [(*combo, *seat.down, *seat.up) for seat, combo in zip(spot.seats, pick, strict=True)]
    scores: list[Codes] = []
    for scorer in scorers:
        hole = scorer.form.hole
        assert hole is not None and isinstance(scorer.evaluator, Evaluator)
        choices = [list(combinations(cards, hole)) for cards in own]
        holes = np.array([[sum(CARD_KEYS[c] for c in choice) for choice in seat] for seat in choices], dtype=np.int64)
        masks = np.array([[sum(CARD_MASKS[c] for c in choice) for choice in seat] for seat in choices], dtype=np.int64)
        score = np.empty((boards, len(spot.seats)), dtype=np.int64)
        hole_scores(
            np.array(pool, dtype=np.int64), more, np.array(known, dtype=np.int64), holes, masks, 5 - hole,
            scorer.evaluator._compiled_tables(5), _qualified(scorer.evaluator), score,
        )  # fmt: skip
        scores.append(np.where(score < 0, OUT, score))
    tally = _Tally(len(spot.seats), len(judge.judged))
    tally.deals = boards
    judge._add(tally, scores)
    return tally


_Spec = tuple[str, tuple[str, ...], tuple[Card, ...], tuple[Card, ...], int, int]
"""What a process of the pool needs to deal chunks: the game (name or path), the hands as written,
the board, the dead cards, the seed and the number of trials."""


def _pool_chunk(spec: _Spec, index: int) -> _Tally:
    """Chunk ``index`` of the random deals of ``spec``, in a process of the pool."""
    return _work_of(spec).chunk(index)


@cache
def _work_of(spec: _Spec) -> _Work:
    from homegame.games import load

    reference, texts, board, dead, seed, trials = spec
    game = load(reference)
    plan = _plan(game)
    held = [holding(text, game) for text in texts]
    spot = _spot(game, plan, held, board, dead)
    judge = _Judge(game, plan, spot)
    widths = [[seat.downs if scorer.down_only else seat.width for seat in spot.seats] for scorer in judge.scorers]
    downs = [seat.downs for seat in spot.seats]
    return _Work(spot=spot, judge=judge, widths=widths, downs=downs, seed=seed, trials=trials)


@cache
def _qualified(evaluator: Any) -> npt.NDArray[np.bool_]:
    """The ordinals that qualify, or an empty array when all do (nothing to check); once an evaluator."""
    return evaluator.qualified if not evaluator.qualified.all() else np.zeros(0, dtype=np.bool_)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Work:
    """The random deals of one call, in chunks of :data:`CHUNK`."""

    spot: _Spot
    judge: _Judge
    widths: list[list[int]]
    downs: list[int]
    seed: int
    trials: int

    def chunk(self, index: int) -> _Tally:
        """Chunk ``index`` of the random deals of ``seed``: its own stream, the same wherever it runs."""
        size = min(CHUNK, self.trials - index * CHUNK)
        generator = np.random.default_rng(seed_sequence(self.seed, index))
        picks, dealt = _random_deals(self.spot, generator, size)
        holes, rows = _layout(self.spot, [()] * len(self.spot.seats), dealt)
        for seat, picked in enumerate(picks):
            if picked is not None:
                holes[seat] = np.concatenate([picked, holes[seat]], axis=1)
        return self.judge.judge(holes, rows, self.widths, self.downs)


def _result(
    *,
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    held: Sequence[Holding],
    judge: _Judge,
    tally: _Tally,
    exact: bool,
) -> Odds:
    deals, unit = tally.deals, judge.unit
    players = []
    for seat, hand in enumerate(held):
        mean = tally.units[seat] / (unit * deals)
        error = 0.0
        if not exact and deals > 1:
            variance = (tally.squares[seat] / unit**2 - deals * mean**2) / (deals - 1)
            error = math.sqrt(max(variance, 0.0) / deals)
        contests = tuple(
            ContestOdds(
                side=contest.side,
                wins=tally.wins[c][seat],
                ties=tally.ties[c][seat],
                equity=tally.side_units[c][seat] / (judge.per_seat * deals),
            )
            for c, contest in enumerate(judge.judged)
        )
        splits = tuple(
            sorted(((Fraction(units, unit), count) for units, count in tally.splits[seat].items()), reverse=True)
        )
        declarations = (
            tuple((side, tally.declared[seat][k] / (unit * deals)) for k, side in enumerate(_SIDES))
            if judge.declare
            else ()
        )
        players.append(
            PlayerOdds(
                hand=str(hand),
                equity=mean,
                error=error,
                units=tally.units[seat],
                scoop=tally.scoops[seat] if len(judge.judged) > 1 else tally.wins[0][seat],
                contests=contests,
                splits=splits,
                declarations=declarations,
            )
        )
    return Odds(game=game.name, board=board, dead=dead, exact=exact, deals=deals, unit=unit, players=tuple(players))


# -- from the middle of a hand, and street by street ---------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Midway:
    """The odds at one point of a hand: with every card known (``odds``: the live seats, in
    ``seats`` order), and what each live seat could estimate from its own view (``views``)."""

    seats: tuple[int, ...]
    actions: int
    odds: Odds
    views: tuple[float, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "seats": list(self.seats),
            "actions": self.actions,
            "odds": self.odds.to_json(),
            "views": [{"seat": seat, "equity": share} for seat, share in zip(self.seats, self.views, strict=True)],
        }

    def __str__(self) -> str:
        lines = [f"after {self.actions} actions, every card known:", str(self.odds), "from each seat's own view:"]
        # seats counted from 1, as PHH's p1..pN and every command count them (the JSON keeps the index)
        lines += [f"seat {seat + 1}: {share:.2%}" for seat, share in zip(self.seats, self.views, strict=True)]
        return "\n".join(lines)


def midway(hand: Any, *, trials: int = 20_000, seed: int = 0, view_trials: int = 2_000) -> Midway:
    """The odds of the seats still in ``hand`` (an engine :class:`~homegame.engine.hand.Hand`, in the
    middle of play) with all cards known, beside the equity each seat estimates from its own view
    (:func:`homegame.analysis.equity.estimate`, ``view_trials`` deals).

    Every card out of the stock and not in a live hand or on the board (folded hands, discards,
    burned cards) is dead. A draw still to come is not foreseen: hands are judged as they stand.

    >>> from homegame.engine import Hand
    >>> from homegame.games import load
    >>> hand = Hand(load("holdem"), [100, 100], deck="Ah Qs Kh Qd")
    >>> point = midway(hand)
    >>> point.seats, point.odds.exact, f"{point.odds.players[1].equity:.4f}"
    ((0, 1), True, '0.4621')
    """
    import random

    from homegame.analysis.equity import estimate

    live = [seat for seat in range(hand.seats) if not hand.folded[seat]]
    for name, cards in hand.rows.items():
        if name != "board" and cards:
            raise ParseError(f"odds from a hand: the {name} row is not supported, only the board")
    held = [
        Holding(text=_written(hand.down[seat], hand.up[seat]), down=tuple(hand.down[seat]), up=tuple(hand.up[seat]))
        for seat in live
    ]
    board = tuple(hand.rows.get("board", ()))
    out = Counter(card.code for card in hand.game.deck.cards())
    out.subtract(card.code for card in hand.deck.cards)
    out.subtract(card.code for holding in held for card in (*holding.down, *holding.up))
    out.subtract(card.code for card in board)
    dead = tuple(Card.from_code(code) for code in sorted(out.elements()))
    result = odds(hand.game, held, board=board, dead=dead, trials=trials, seed=seed)
    views = tuple(
        estimate(hand.game, hand.view(seat), trials=view_trials, rng=random.Random(seed + seat)).share for seat in live
    )
    return Midway(seats=tuple(live), actions=len(hand.actions), odds=result, views=views)


def _written(down: Sequence[Card], up: Sequence[Card]) -> str:
    hidden = " ".join(map(str, down))
    return f"({hidden}) {' '.join(map(str, up))}".strip() if up else hidden


@dataclass(frozen=True, slots=True, kw_only=True)
class Street:
    """The odds at one street of a run-out: its name, the cards each hand and the board held then."""

    name: str
    board: tuple[Card, ...]
    hands: tuple[str, ...]
    odds: Odds


def by_street(
    game: Game | str,
    hands: Sequence[str],
    *,
    board: str | Sequence[Card] = (),
    dead: str | Sequence[Card] = (),
    trials: int = 20_000,
    seed: int = 0,
) -> tuple[Street, ...]:
    """The odds after each deal of a given run-out: ``hands`` and ``board`` as they end (or as far as
    they go), cut back to what each deal step had dealt.

    >>> streets = by_street("holdem", ["Ah Kh", "Qs Qd"], board="2h 7h Qc Kd 3h")
    >>> [(street.name, f"{street.odds.players[0].equity:.3f}") for street in streets]
    [('preflop', '0.462'), ('flop', '0.256'), ('turn', '0.182'), ('river', '1.000')]
    """
    if isinstance(game, str):
        from homegame.games import load

        game = load(game)
    full = [holding(text, game) for text in hands]
    if any(hand.combos or hand.draws for hand in full):
        raise ParseError("street by street needs the cards of each hand, not ranges nor draws")
    order = [entry for step in game.steps for entry in step.dealt]
    final_board = parse(board) if isinstance(board, str) else tuple(board)
    plan = _plan(game)
    seen = [
        (hand.down, hand.up) if hand.up or hand.text.lstrip().startswith("(") else _in_order(hand.down, order)
        for hand in full
    ]
    streets: list[Street] = []
    dealt, shown = 0, 0
    for step in (step for step in game.steps if _deals(step)):
        row, count = step.dealt_to
        dealt += len(step.dealt)
        shown += count if row == "board" else 0
        downs, ups = order[:dealt].count("down"), order[:dealt].count("up")
        if any(len(down) < downs or len(up) < ups for down, up in seen) and streets:
            break
        if shown > len(final_board) and streets:
            break
        now = tuple(_written(down[:downs], up[:ups]) for down, up in seen)
        cut = final_board[:shown]
        if streets and streets[-1].hands == now and streets[-1].board == cut:
            continue
        result = odds(game, list(now), board=cut, dead=dead, trials=trials, seed=seed)
        streets.append(Street(name=_street_name(plan, shown, dealt, len(streets)), board=cut, hands=now, odds=result))
    return tuple(streets)


def _street_name(plan: _Plan, shown: int, dealt: int, index: int) -> str:
    if dict(plan.rows).get("board") == 5 and shown in (0, 3, 4, 5) and index < 4:
        return {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[shown]
    names = {3: "third street", 4: "fourth street", 5: "fifth street", 6: "sixth street", 7: "seventh street"}
    return names.get(dealt, f"{dealt} cards") if not shown else f"{dealt} cards, board {shown}"


def plot_streets(streets: Sequence[Street], path: str) -> None:
    """Draw each hand's equity street by street into a PNG file (needs matplotlib, the ``plot`` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5), layout="constrained")
    names = [street.name for street in streets]
    for seat, hand in enumerate(streets[-1].hands):
        axes.plot(names, [street.odds.players[seat].equity for street in streets], marker="o", label=hand)
    axes.set_ylim(0, 1)
    axes.set_ylabel("equity")
    axes.set_title(f"{streets[0].odds.game}: equity street by street")
    axes.legend()
    axes.grid(alpha=0.3)
    figure.savefig(path, format="png", dpi=100)
    plt.close(figure)
