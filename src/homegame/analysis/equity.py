"""Equity: a seat's chance to win each contest, estimated by Monte Carlo from that seat's view only.

The estimate deals the cards the seat cannot see, many times over, and judges
each deal as the showdown would. What is unseen is worked out from the
:class:`~homegame.engine.view.View` alone: the deck of the game minus the
seat's own cards, every up card, the board (and any other row of community
cards), cards shown, and the seat's own discards. Opponents' down cards and
every card still to come (to the players and to the rows, as the game's
``deal`` steps say) are drawn from what is unseen. The estimate never touches the hand's hidden state, so a bot using it
cannot cheat.

Each trial is judged like the showdown's main pot: the contests of the game
(high, low, ...) share the pot by their weights, a contest nobody qualifies for
leaves its share to the others, tied hands split, and after a declaration
each contest is entered only by the seats that declared it (a seat that
declared ``both`` must win every contest outright).

Judging runs on the fast kernels in arrays when the ranking allows it
(:mod:`homegame.ranking.kernel`, :mod:`homegame.ranking.wild_kernel`): a few
hundred trials take a few milliseconds. Other rankings (badugi, three-card
hands, suit tie-breaks) fall back to the reference ``evaluate`` with fewer
trials, chosen from a fixed budget so that an estimate is reproducible from
its seed.

Pocket aces against one random hand before the flop win about 85% of the time:

>>> import random
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> game = load("holdem")
>>> hand = Hand(game, [100, 100], deck="As Kd Ah 7c")  # seat 1 holds the aces
>>> equity = estimate(game, hand.view(1), trials=2000, rng=random.Random(1))
>>> 0.80 < equity.share < 0.90, equity.trials
(True, 2000)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from homegame.cards import Card, Rank
from homegame.engine.events import Drew, Reshuffled
from homegame.engine.game import Game
from homegame.engine.steps.base import Contest, Step
from homegame.engine.view import View
from homegame.errors import ParseError
from homegame.ranking import Ranking
from homegame.ranking.forms import Form, best
from homegame.ranking.wild import Lowest

__all__ = ["REFERENCE_BUDGET", "Equity", "estimate"]

REFERENCE_BUDGET = 240
"""Hands judged by the reference ``evaluate`` per estimate, counted in five-card evaluations
(a seven-card hand counts 21): the trials of a ranking without a fast kernel are cut to fit
(a reference evaluation takes a few hundred microseconds)."""

Codes = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True, kw_only=True)
class Equity:
    """What a seat may expect at the showdown, from its own view.

    - ``share``: the expected fraction of the (main) pot it wins, all contests counted;
    - ``sides``: for each contest, by side name, the chance it wins that contest
      if it enters it (a tie counts as the fraction it splits);
    - ``scoop``: the chance it wins every contest outright (what declaring ``both`` needs);
    - ``trials``: how many deals were judged (0: no estimate could be made, and the
      figures are an even split among the players still in).
    """

    share: float
    sides: tuple[tuple[str, float], ...]
    scoop: float
    trials: int

    def side(self, name: str) -> float:
        """The chance of winning the contest ``name`` (0 for a side the game does not have)."""
        return next((chance for side, chance in self.sides if side == name), 0.0)


def contests(game: Game) -> tuple[Contest, ...]:
    """The contests of the game's showdown (none when the game ends some other way)."""
    for step in reversed(game.steps):
        if judged := step.judging():
            return judged
    return ()


def estimate(game: Game, view: View, *, trials: int = 300, rng: random.Random | None = None) -> Equity:
    """The equity of ``view.viewer`` in the hand ``view`` shows, from ``trials`` random deals of the
    unseen cards (fewer when a ranking has no fast kernel; see :data:`REFERENCE_BUDGET`).

    ``rng`` makes it reproducible. Raises ``ValueError`` for a spectator's view.
    """
    seat = view.viewer
    if seat is None:
        raise ValueError("equity is a seat's: estimate from view(seat), not a spectator's view")
    plan = _plan(game)
    judged = plan.contests
    live = [other.seat for other in view.seats if not other.folded]
    if seat not in live:
        return Equity(share=0.0, sides=tuple((c.side, 0.0) for c in judged), scoop=0.0, trials=0)
    deal = _Deal.of(plan, view, live)
    if deal is None or not judged or trials < 1:
        return _even(judged, len(live))
    scorers = [
        _Scorer(contest, evaluator, view.wild_rank if dynamic else None, down)
        for contest, evaluator, dynamic, down in zip(judged, plan.evaluators, plan.dynamic, plan.down, strict=True)
    ]
    cost = sum(scorer.cost(deal) for scorer in scorers)
    if cost:
        trials = max(4, min(trials, REFERENCE_BUDGET // cost))
    generator = np.random.default_rng((rng or random.Random()).getrandbits(63))
    holes, rows = deal.sample(generator, trials)
    empty = np.zeros((trials, 0), dtype=np.int64)
    downs = [seat.downs for seat in deal.seats]
    scores = [scorer.scores(holes, scorer.widths(deal), downs, rows.get(scorer.row, empty)) for scorer in scorers]
    declared = [view.seats[other].declared for other in live]
    return _judge(scores, judged, declared, live.index(seat))


def _even(judged: Sequence[Contest], players: int) -> Equity:
    even = 1.0 / players
    return Equity(share=even, sides=tuple((c.side, even) for c in judged), scoop=even, trials=0)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Plan:
    """What estimates need to know of a game, worked out once: its contests, how many cards each
    player and each row of community cards gets in all, the deck (how many of each card code), and
    the kernel that judges each contest (``None``: the reference), whether its wild rank is named
    during the hand and whether its wild cards depend on which cards are down."""

    contests: tuple[Contest, ...]
    per_down: int
    per_up: int
    rows: tuple[tuple[str, int], ...]
    deck: npt.NDArray[np.int64]
    evaluators: tuple[_Batch | None, ...]
    dynamic: tuple[bool, ...]
    down: tuple[bool, ...]
    throws: tuple[Step, ...]
    """The sales whose buyers throw cards away for good (Push's insurance: one)."""

    @classmethod
    def of(cls, game: Game) -> _Plan:
        """The plan of ``game``."""
        deals = [step for step in game.steps if step.dealt or step.dealt_to[1]]
        judged = contests(game)
        rows = {step.dealt_to[0]: 0 for step in deals}
        for step in deals:
            row, board = step.dealt_to
            rows[row] += board
        wilds = [contest.ranking.wild for contest in judged]
        natural = game.deck.packs == 1
        return cls(
            contests=judged,
            per_down=sum(step.dealt.count("down") for step in deals),
            per_up=sum(step.dealt.count("up") for step in deals),
            rows=tuple(rows.items()),
            deck=np.bincount([card.code for card in game.deck.cards()], minlength=_CODES),
            evaluators=tuple(
                _evaluator(contest.ranking) if natural and (game.deck.jokers == 0 or wild) else None
                for contest, wild in zip(judged, wilds, strict=True)
            ),
            dynamic=tuple(wild is not None and wild.dynamic for wild in wilds),
            down=tuple(wild is not None and wild.lowest is Lowest.DOWN for wild in wilds),
            throws=tuple(step for step in game.steps if step.throws),
        )


_PLANS: dict[int, tuple[Game, _Plan]] = {}
_CODES = 64
"""Card codes are below this (natural cards and jokers)."""


def _plan(game: Game) -> _Plan:
    """The plan of ``game``, made once per game object (kept with it, so its id stays unique)."""
    known = _PLANS.get(id(game))
    if known is None or known[0] is not game:
        known = _PLANS[id(game)] = (game, _Plan.of(game))
    return known[1]


@dataclass(frozen=True, slots=True)
class _Seat:
    """A live seat in a trial: its down cards seen and how many it will hold, the same for its up cards."""

    down: tuple[int, ...]
    downs: int
    up: tuple[int, ...]
    ups: int

    @property
    def missing(self) -> int:
        """How many of its cards a trial deals."""
        return self.downs - len(self.down) + self.ups - len(self.up)


@dataclass(frozen=True, slots=True)
class _Deal:
    """The seen cards of each live seat and of each row of community cards, how many each will hold
    at the end, and the unseen cards the rest comes from."""

    seats: tuple[_Seat, ...]
    rows: tuple[tuple[str, tuple[int, ...], int], ...]
    """Each row's name, its cards so far and how many it will hold."""
    pool: Codes

    @classmethod
    def of(cls, plan: _Plan, view: View, live: Sequence[int]) -> _Deal | None:
        """The deal still to come in ``view``, or ``None`` when the unseen cards cannot supply it."""
        seen: list[int] = []
        shown = dict(view.rows)
        rows = []
        for name, total in (*plan.rows, *((name, 0) for name in shown if name not in dict(plan.rows))):
            cards = tuple(card.code for card in shown.get(name, ()))
            rows.append((name, cards, max(total, len(cards))))
            seen += cards
        seats = []
        short = Counter[int]()  # what buyers of an item that throws cards away (Push's insurance) will lack
        for event in view.events:
            for sale in plan.throws:
                if (buyer := sale.buyer(event)) is not None:
                    short[buyer] += sale.throws
        for other in view.seats:
            down = tuple(card.code for card in other.down or ())
            up = tuple(card.code for card in other.up)
            seen += (*down, *up)
            if other.seat in live:
                held = other.down_count + len(up) + short[other.seat]  # a card thrown away is not dealt again
                coming = max(plan.per_down + plan.per_up - held, 0)
                coming_down = min(coming, max(plan.per_down - other.down_count, 0))
                seats.append(_Seat(down, other.down_count + coming_down, up, len(up) + coming - coming_down))
        if not any(isinstance(event, Reshuffled) for event in view.events):
            for event in view.events:
                if isinstance(event, Drew) and event.seat == view.viewer:
                    seen += [card.code for card in event.discarded]
        unseen = np.maximum(plan.deck - np.bincount(seen, minlength=_CODES), 0)
        pool = np.repeat(np.arange(_CODES, dtype=np.int64), unseen)
        deal = cls(tuple(seats), tuple(rows), pool)
        return deal if deal.needed <= len(pool) else None

    @property
    def needed(self) -> int:
        """How many unseen cards a trial deals."""
        return sum(seat.missing for seat in self.seats) + sum(size - len(cards) for _, cards, size in self.rows)

    def row_size(self, name: str) -> int:
        """How many cards the row ``name`` will hold (0 for a row never dealt)."""
        return next((size for row, _, size in self.rows if row == name), 0)

    def sample(self, generator: np.random.Generator, trials: int) -> tuple[list[Codes], dict[str, Codes]]:
        """``trials`` deals: each live seat's whole hand (down cards first) and each whole row, as
        arrays of card codes of shape ``(trials, cards)``."""
        parts = [part for seat in self.seats for part in ((seat.down, seat.downs), (seat.up, seat.ups))]
        parts += [(cards, size) for _, cards, size in self.rows]
        known = np.concatenate([np.arange(size) < len(cards) for cards, size in parts])
        layout = np.empty((trials, len(known)), dtype=np.int64)
        layout[:, known] = [code for cards, _ in parts for code in cards]
        order = np.argsort(generator.random((trials, len(self.pool))), axis=1)[:, : self.needed]
        layout[:, ~known] = self.pool[order]
        ends = np.cumsum([size for _, size in parts]).tolist()
        starts = [0, *ends]
        seats = len(self.seats)
        holes = [layout[:, starts[2 * index] : ends[2 * index + 1]] for index in range(seats)]
        rows = {
            name: layout[:, starts[2 * seats + index] : ends[2 * seats + index]]
            for index, (name, _, _) in enumerate(self.rows)
        }
        return holes, rows


class _Batch(Protocol):
    """What both kernels' evaluators offer: ordinals of hands in arrays, and which ones qualify."""

    qualified: npt.NDArray[np.bool_]

    def batch(self, hands: npt.ArrayLike, **options: Any) -> npt.NDArray[np.int32]: ...


OUT = np.iinfo(np.int64).min
"""The score of a hand out of a contest (it does not qualify, or its seat did not declare that side):
below every key, negative keys included (Elimination's low totals)."""


class _Scorer:
    """Scores one contest's hands in arrays: greater is better, :data:`OUT` for a hand that does not qualify."""

    def __init__(self, contest: Contest, evaluator: _Batch | None, wild_rank: Rank | None, down: bool) -> None:
        self.ranking: Ranking = contest.ranking
        self.wild = contest.ranking.wild is not None
        self.needs_down = down
        """Wild cards depend on the down cards: the kernel then takes whole hands of 5 to 7 cards only."""
        self.down_only = contest.cards.down
        self.form: Form = Form() if contest.cards.split else contest.form
        """A hand of a split is not known before the split: the best five of all the cards stand for it."""
        self.row = contest.row
        self.evaluator = evaluator
        self.wild_rank = wild_rank

    def widths(self, deal: _Deal) -> list[int]:
        """How many cards of each seat's hand this contest judges."""
        return [seat.downs if self.down_only else seat.downs + seat.ups for seat in deal.seats]

    def cost(self, deal: _Deal) -> int:
        """Reference evaluations per trial (0 on the fast path)."""
        board = deal.row_size(self.row)
        widths = self.widths(deal)
        if self.evaluator is not None and all(self._columns(width, board) for width in widths):
            return 0
        weight = 10 if self.wild else 1  # the reasoning path for wild cards takes about ten times as long
        return weight * sum(comb(width + board, min(width + board, self.form.size)) for width in widths)

    def scores(self, holes: Sequence[Codes], widths: Sequence[int], downs: Sequence[int], board: Codes) -> Codes:
        """The scores of every seat (columns) in every trial (rows), from the first ``widths`` cards of
        each hole, of which the first ``downs`` are down cards."""
        holes = [hole[:, :width] for hole, width in zip(holes, widths, strict=True)]
        trials, size, shared = len(board), holes[0].shape[1], board.shape[1]
        columns = self._columns(size, shared) if self.evaluator is not None else []
        same = all(hole.shape[1] == size for hole in holes) and (not self.needs_down or len(set(downs)) == 1)
        if columns and same:  # every seat in one call of the kernel
            seats = len(holes)
            everyone = np.broadcast_to(board[:, None, :], (trials, seats, shared))
            cards = np.concatenate([np.stack(holes, axis=1), everyone], axis=2).reshape(trials * seats, size + shared)
            return self._kernel(cards, columns, downs[0]).reshape(trials, seats)
        fast = self.evaluator is not None and all(self._columns(hole.shape[1], shared) for hole in holes)
        # one scale for every seat: the kernel's ordinals and the reference keys do not compare
        return np.stack(
            [
                self._kernel(np.concatenate([hole, board], axis=1), self._columns(hole.shape[1], shared), down)
                if fast
                else self._reference(hole, board, down)
                for hole, down in zip(holes, downs, strict=True)
            ],
            axis=1,
        )

    def _columns(self, size: int, board: int) -> list[tuple[int, ...]]:
        """The column sets of ``hole + board`` the kernel judges to find the best hand the form allows;
        empty when the kernel cannot do it."""
        return _column_sets(self.form, size, board, whole=self.needs_down)

    def _kernel(self, cards: Codes, columns: list[tuple[int, ...]], down: int) -> Codes:
        """The best hand of each row of ``cards`` among the ``columns`` sets, judged by the kernel
        (the first ``down`` cards of a row are down cards)."""
        assert self.evaluator is not None
        rows, width = len(cards), len(columns[0])
        tables = _compiled_tables(self.evaluator, width) if not self.needs_down and self.wild_rank is None else None
        if tables is not None:
            from homegame.analysis._enumerate import best_of

            ordinals = np.empty(rows, dtype=np.int64)
            best_of(np.ascontiguousarray(cards, dtype=np.int64), _column_array(tuple(columns)), tables, ordinals)
            return np.where(self.evaluator.qualified[ordinals], ordinals, OUT)
        hands = cards[:, np.array(columns)].reshape(rows * len(columns), width)
        options: dict[str, object] = {"down": list(range(down))} if self.needs_down else {}
        if self.wild_rank is not None:
            options["wild_ranks"] = np.full(len(hands), int(self.wild_rank))
        ordinals = self.evaluator.batch(hands.astype(np.uint8), **options).reshape(rows, len(columns)).max(axis=1)
        return np.where(self.evaluator.qualified[ordinals], ordinals.astype(np.int64), OUT)

    def _reference(self, hole: Codes, board: Codes, down: int) -> Codes:
        """Scores by the reference ``evaluate`` (the first ``down`` cards of the hole are down cards),
        each distinct hand judged once (the seat's own cards recur in every trial)."""
        judged: dict[tuple[tuple[int, ...], ...], int] = {}
        out = np.empty(len(hole), dtype=np.int64)
        for row, (mine, shared) in enumerate(zip(hole.tolist(), board.tolist(), strict=True)):
            key = (tuple(sorted(mine[:down])), tuple(sorted(mine[down:])), tuple(sorted(shared)))
            if key not in judged:
                judged[key] = self._key(mine, shared, mine[:down])
            out[row] = judged[key]
        return out

    def _key(self, hole: Sequence[int], board: Sequence[int], down: Sequence[int]) -> int:
        """The reference key of the best hand (:data:`OUT` when it does not qualify or the form cannot be met)."""
        cards = [Card.from_code(code) for code in hole]
        try:
            value = best(
                self.ranking,
                cards,
                [Card.from_code(code) for code in board],
                self.form,
                wild_rank=self.wild_rank,
                down=cards[: len(down)],
            )
        except ParseError:
            return OUT
        return value.key if value.qualified else OUT


def _compiled_tables(evaluator: _Batch, size: int) -> Any:
    """The natural kernel's tables for hands of ``size`` cards, where :func:`best_of` can judge
    with them (five cards, or a mode without the subsets of a flush); else ``None``."""
    from homegame.ranking.kernel import Evaluator
    from homegame.ranking.lookup import Mode

    if not isinstance(evaluator, Evaluator) or (size > 5 and evaluator._tables.mode is Mode.SUBSETS):
        return None
    return evaluator._compiled_tables(size)


@cache
def _column_array(columns: tuple[tuple[int, ...], ...]) -> npt.NDArray[np.int64]:
    """The column sets as one array (made once for each)."""
    return np.array(columns, dtype=np.int64)


@cache
def _column_sets(form: Form, size: int, board: int, *, whole: bool) -> list[tuple[int, ...]]:
    """The sets of columns of ``size`` hole cards followed by ``board`` cards that hold every hand
    ``form`` allows, each of 5 to 7 cards (what the kernels take), or ``[]`` when there are none.
    ``whole``: only all the cards at once will do (wild cards that depend on the down cards)."""
    if form.size != 5:
        return []
    total = size + board
    if whole:
        return [tuple(range(total))] if 5 <= total <= 7 and form.hole is None and form.max_hole is None else []
    if form.hole is None and form.max_hole is None:
        return [] if total < 5 else list(combinations(range(total), min(total, 7)))
    counts = [form.hole] if form.hole is not None else range(min(form.max_hole or 0, size) + 1)
    return [
        (*mine, *shared)
        for count in counts
        if count <= size and 0 <= 5 - count <= board
        for mine in combinations(range(size), count)
        for shared in combinations(range(size, total), 5 - count)
    ]


def _evaluator(ranking: Ranking) -> _Batch | None:
    """The kernel that judges ``ranking`` in arrays, if one does."""
    try:
        from homegame.ranking.kernel import Evaluator
        from homegame.ranking.wild_kernel import WildEvaluator
    except ImportError:  # pragma: no cover - the kernels are part of the package
        return None
    found: Any = Evaluator.for_ranking(ranking) or WildEvaluator.for_ranking(ranking)
    return found  # type: ignore[no-any-return]


def _judge(scores: list[Codes], judged: Sequence[Contest], declared: Sequence[str | None], me: int) -> Equity:
    """Share out each trial's pot as the showdown would, and average what ``me`` (an index into the
    live seats, whose declarations are ``declared``) gets. ``sides`` count ``me`` in every contest."""
    trials, seats = scores[0].shape
    declaring = any(declared)
    weights = [float(contest.share) for contest in judged]
    sides, sole = [], np.ones(trials, dtype=np.bool_)
    share, active_weight = np.zeros(trials), np.zeros(trials)
    for contest, score, weight in zip(judged, scores, weights, strict=True):
        entered = np.where(_outside(contest, declared, me), OUT, score) if declaring else score
        mine, alone, active = _contest(entered, me)
        sides.append(float(np.mean(mine)))
        sole &= alone
        share += weight * mine
        active_weight += weight * active
    if declaring:
        pot = _declared_share(scores, judged, weights, declared, me)
    else:
        pot = np.where(active_weight > 0, share / np.maximum(active_weight, 1e-9), 1.0 / seats)
    return Equity(
        share=float(np.mean(pot)),
        sides=tuple((contest.side, chance) for contest, chance in zip(judged, sides, strict=True)),
        scoop=float(np.mean(sole)),
        trials=trials,
    )


def _outside(contest: Contest, declared: Sequence[str | None], me: int = -1) -> npt.NDArray[np.bool_]:
    """The seats that did not declare ``contest``'s side (``me`` counted in regardless)."""
    return np.array(
        [index != me and side not in (contest.side, "both") for index, side in enumerate(declared)], dtype=np.bool_
    )


def _contest(score: Codes, me: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """In each trial: the fraction of one contest ``me`` wins (a tie splits it), whether it wins alone,
    and whether anyone qualified."""
    top = score.max(axis=1)
    active = top > OUT
    winners = (score == top[:, None]) & active[:, None]
    count = winners.sum(axis=1)
    return winners[:, me] / np.maximum(count, 1), winners[:, me] & (count == 1), active


def _declared_share(
    scores: list[Codes], judged: Sequence[Contest], weights: Sequence[float], declared: Sequence[str | None], me: int
) -> npt.NDArray[np.float64]:
    """``me``'s fraction of the pot in each trial after a declaration: each contest among the seats
    that declared it, and a seat that declared both and fails to win every contest outright out."""
    masked = [np.where(_outside(contest, declared), OUT, score) for contest, score in zip(judged, scores, strict=True)]
    trials = len(masked[0])
    failed = np.zeros((trials, len(declared)), dtype=np.bool_)
    for index, side in enumerate(declared):
        if side == "both":
            for score in masked:
                _, alone, _ = _contest(score, index)
                failed[:, index] |= ~alone
    share, active_weight = np.zeros(trials), np.zeros(trials)
    for score, weight in zip(masked, weights, strict=True):
        mine, _, active = _contest(np.where(failed, OUT, score), me)
        share += weight * mine
        active_weight += weight * active
    standing = (~failed).sum(axis=1)
    nobody = np.where(failed[:, me], 0.0, 1.0 / np.maximum(standing, 1))
    return np.where(active_weight > 0, share / np.maximum(active_weight, 1e-9), nobody)
