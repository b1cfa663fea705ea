"""Judging hands at the showdown, on the fastest path that applies.

A :class:`Judge` is one contest's way of judging: a ranking and a hand form.
It scores every entrant (dropping those whose hand does not qualify), finds
the winners among any set of entrants, and names a hand for people. Scores
come from the fast kernel (:mod:`homegame.ranking.kernel`) when it exists and
applies (a transitive ranking of five-card hands, hands of 5 to 7 cards, no wild rank in force),
else from the reference ``evaluate``; names always come from the reference (which five cards to
name, the kernel finds when it applies).

>>> from homegame.cards import parse
>>> from homegame.ranking import get
>>> from homegame.ranking.forms import Form
>>> judge = Judge(get("high"), Form())
>>> board = parse("2c 7d 9h Ks Qd")
>>> scores = judge.scores({0: (parse("Kh 3c"), board), 1: (parse("Ac Kd"), board)})
>>> judge.winners(scores, [0, 1]), judge.value(parse("Ac Kd"), board).name
([1], 'pair of kings')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from homegame.cards import Card, Rank
from homegame.ranking import HandValue, Ranking, winners
from homegame.ranking.forms import Form, best

__all__ = ["Judge"]

Score = int | HandValue


class Judge:
    """One contest's judge: ``ranking`` applied to the hands ``form`` allows."""

    __slots__ = ("_fast", "form", "needs_down", "ranking")

    def __init__(self, ranking: Ranking, form: Form) -> None:
        self.ranking = ranking
        self.form = form
        self.needs_down = ranking.needs_down
        """True when the ranking must know a player's down cards (the lowest down card is wild: The Option)."""
        self._fast: Callable[[Sequence[Card], Sequence[Card]], int] | bool | None = False  # False: not looked up

    def value(
        self,
        hole: Sequence[Card],
        board: Sequence[Card],
        wild_rank: Rank | None = None,
        down: Sequence[Card] | None = None,
    ) -> HandValue:
        """The reference value of the best hand (named, with the cards that play); ``down``, the
        player's down cards, matters only when :attr:`needs_down`."""
        if wild_rank is None and not self.needs_down and self._fast_path() is not None:
            try:
                value: HandValue | None = _evaluator(self.ranking).best(
                    self.ranking, self.form.candidates(tuple(hole), tuple(board))
                )
            except ValueError:  # a hand of a size the kernel does not take
                value = None
            if value is not None:
                return value
        return best(self.ranking, hole, board, self.form, wild_rank=wild_rank, down=down)

    def scores(
        self,
        hands: Mapping[int, tuple[Sequence[Card], Sequence[Card]]],
        wild_rank: Rank | None = None,
        down: Mapping[int, Sequence[Card]] | None = None,
    ) -> dict[int, Score]:
        """Each seat's score from its ``(hole, board)`` cards (and its ``down`` cards, when the ranking
        needs them); seats whose hand does not qualify are left out."""
        fast = self._fast_path() if wild_rank is None and not self.needs_down else None
        result: dict[int, Score] = {}
        if fast is not None:
            try:
                for seat, (hole, board) in hands.items():
                    score = fast(hole, board)
                    if score >= 0:
                        result[seat] = score
                return result
            except ValueError:  # a hand of a size the kernel does not take: judge them all the reference way
                result.clear()
        for seat, (hole, board) in hands.items():
            value = self.value(hole, board, wild_rank, down.get(seat) if down is not None else None)
            if value.qualified:
                result[seat] = value
        return result

    def winners(self, scores: Mapping[int, Score], seats: Sequence[int]) -> list[int]:
        """The seats among ``seats`` (those with a score) that win, in the order given."""
        entrants = [seat for seat in seats if seat in scores]
        if not entrants:
            return []
        first = scores[entrants[0]]
        if isinstance(first, HandValue):
            values: list[HandValue | None] = [scores[seat] for seat in entrants]  # type: ignore[misc]
            return [entrants[index] for index in winners(values)]
        top = max(scores[seat] for seat in entrants)
        return [seat for seat in entrants if scores[seat] == top]

    def _fast_path(self) -> Callable[[Sequence[Card], Sequence[Card]], int] | None:
        if self._fast is False:
            self._fast = _kernel_scorer(self.ranking, self.form)
        return self._fast  # type: ignore[return-value]


def _evaluator(ranking: Ranking) -> Any:
    from homegame.ranking.kernel import Evaluator

    return Evaluator.for_ranking(ranking)


def _kernel_scorer(ranking: Ranking, form: Form) -> Callable[[Sequence[Card], Sequence[Card]], int] | None:
    """A function scoring ``(hole, board)`` with the kernel (-1 for a hand that does not qualify),
    or ``None`` when the kernel does not apply."""
    if not ranking.transitive or form.size != 5:
        return None
    try:
        from homegame.ranking.kernel import Evaluator
    except ImportError:  # pragma: no cover - the kernel is part of the package
        return None
    evaluator: Any = Evaluator.for_ranking(ranking)
    if evaluator is None:
        return None
    rank: Callable[[Sequence[int]], int] = evaluator.rank
    qualified = evaluator.qualified.tolist()
    everything = form.hole is None and form.max_hole is None

    def score(hole: Sequence[Card], board: Sequence[Card]) -> int:
        if everything:
            ordinal = rank([card.code for card in (*hole, *board)])
        else:
            candidates = form.candidates(tuple(hole), tuple(board))
            ordinal = max((rank([card.code for card in five]) for five in candidates), default=-1)
            if ordinal < 0:
                raise ValueError("the form cannot be met")
        return ordinal if qualified[ordinal] else -1

    return score
