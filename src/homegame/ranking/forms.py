"""Hand formation: which cards may make a hand, apart from how hands rank.

A :class:`Form` says how a player's hole cards and the board combine: the best
five of all of them (hold'em, stud), exactly two hole cards and three from the
board (Omaha, and the Spanish game where a player must use both hole cards), or
at most two hole cards (Shanghai). A player's own division of their cards into hands
(Pi Gow stud's five and two; Chinese poker's rows) is the ``split`` step's
(:mod:`homegame.engine.steps.split`).

>>> from homegame.ranking import get
>>> from homegame.ranking.forms import Form, best
>>> high = get("high")
>>> best(high, "As Kd 7c 2h", "Qs Js Ts 9s 3s").name
'ace-high flush'
>>> best(high, "As Kd 7c 2h", "Qs Js Ts 9s 3s", Form.parse("omaha")).name
'ace-high straight'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from homegame.cards import Card, Rank
from homegame.errors import ParseError
from homegame.ranking.core import HandValue, Ranking, normalize_cards

__all__ = ["Form", "best"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Form:
    """How hole and board cards make a hand of ``size`` cards.

    ``hole`` fixes exactly how many hole cards play (Omaha: 2); ``max_hole`` caps
    them (Shanghai: 2). With neither, any ``size`` cards of hole and board play.

    Text forms (used in game documents): ``best-5``, ``best-3``, ``omaha``
    (exactly 2 hole + 3 board), ``hole-2`` (the same, "must use both hole cards"),
    ``max-hole-2``.
    """

    size: int = 5
    hole: int | None = None
    max_hole: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.size <= 13:
            raise ParseError(f"a hand has 1..13 cards, not {self.size}")
        if self.hole is not None and not 0 <= self.hole <= self.size:
            raise ParseError(f"hole={self.hole}: must be 0..{self.size}")
        if self.max_hole is not None and not 0 <= self.max_hole <= self.size:
            raise ParseError(f"max_hole={self.max_hole}: must be 0..{self.size}")

    @classmethod
    def parse(cls, text: str) -> Form:
        """Read a text form: ``best-5``, ``omaha``, ``hole-2``, ``max-hole-2``, ``omaha-3``."""
        key = text.strip().lower()
        if key == "omaha":
            return cls(hole=2)
        match = re.fullmatch(r"(best|hole|max-hole)-(\d+)", key)
        if match is None:
            raise ParseError(f"{text!r} is not a hand form (best-N, omaha, hole-N, max-hole-N)", token=text)
        kind, number = match[1], int(match[2])
        if kind == "best":
            return cls(size=number)
        return cls(hole=number) if kind == "hole" else cls(max_hole=number)

    def __str__(self) -> str:
        if self.hole is not None:
            return "omaha" if self.hole == 2 and self.size == 5 else f"hole-{self.hole}"
        if self.max_hole is not None:
            return f"max-hole-{self.max_hole}"
        return f"best-{self.size}"

    def candidates(self, hole: Sequence[Card], board: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        """Every set of cards the form allows (when hole counts are not fixed, all of them at once)."""
        if self.hole is None and self.max_hole is None:
            yield (*hole, *board)
            return
        counts = [self.hole] if self.hole is not None else range(min(self.max_hole or 0, len(hole)) + 1)
        for from_hole in counts:
            from_board = self.size - from_hole
            if from_hole > len(hole) or from_board > len(board) or from_board < 0:
                continue
            for mine in combinations(hole, from_hole):
                for shared in combinations(board, from_board):
                    yield (*mine, *shared)


def best(
    ranking: Ranking,
    hole: str | Iterable[Card],
    board: str | Iterable[Card] = (),
    form: Form | None = None,
    *,
    wild_rank: Rank | None = None,
    down: str | Iterable[Card] | None = None,
) -> HandValue:
    """The best hand a player makes from ``hole`` and ``board`` under ``form`` (``wild_rank`` and
    ``down``, the player's down cards, go to the ranking: see :meth:`Ranking.evaluate`).

    Raises :class:`~homegame.errors.ParseError` when the form cannot be met (too
    few hole or board cards).
    """
    form = form or Form()
    hole_cards, board_cards = normalize_cards(hole), normalize_cards(board)
    down_cards = None if down is None else normalize_cards(down)
    values = [
        ranking.evaluate(cards, wild_rank=wild_rank, down=down_cards)
        for cards in form.candidates(hole_cards, board_cards)
    ]
    if not values:
        raise ParseError(f"{form} needs more cards than {len(hole_cards)} hole and {len(board_cards)} board")
    return max(values, key=lambda value: value.key)
