"""The home games' own decisions, judged from a seat's view: chances that the general equity
estimate cannot give, and the ways of setting cards that the rules leave to the player.

- :func:`knockout_chance`: High Card Poker, the chance of being the last survivor against the
  extra hand, by dealing the unseen cards many times;
- :func:`columns_chance`: Five-O, the chance of winning three columns or more once every card is
  placed (the opponent's fifth cards unseen), or while placing (the rest dealt at random);
- :func:`place`: the column for a Five-O card that gives the best chance of winning the columns;
- :func:`set_rows`: Chinese poker's back, middle and front, keeping the order rule, each row
  counted by how often a row of its kind wins;
- :func:`two_and_five`: Pi Gow's split among those the rules allow: the strongest two-card hand
  that the five still beats, then the strongest five.

>>> import random
>>> from homegame.cards import parse
>>> from homegame.engine.actions import ActionKind, DivideLegal
>>> from homegame.games import load
>>> cards = parse("Qs Qd 9c 9h 6s 4d 2c")
>>> legal = DivideLegal(ActionKind.SPLIT, cards, sizes=(5, 2), splits=tuple(_ways(cards, (5, 2))))
>>> print(two_and_five(legal))
split Qs Qd 6s 4d 2c / 9h 9c
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

import numpy as np

from homegame.cards import Card
from homegame.engine.actions import Action, DivideLegal, PlaceLegal
from homegame.engine.game import Game
from homegame.engine.view import View
from homegame.ranking import Category, get
from homegame.ranking.kernel import Evaluator

__all__ = ["columns_chance", "knockout_chance", "place", "set_rows", "two_and_five", "unseen"]


def unseen(game: Game, view: View) -> list[Card]:
    """The cards of the game's deck that ``view.viewer`` has not seen: not in its hand, not face up
    anywhere, not in a row of the table."""
    seen: Counter[Card] = Counter()
    for seat in view.seats:
        seen.update(seat.up)
        seen.update(seat.down or ())
        for _, row in seat.placed:
            seen.update(card for card in row if card is not None)
    for _, row in view.rows:
        seen.update(row)
    left = Counter(game.deck.cards()) - seen
    return sorted(left.elements(), key=lambda card: card.code)


# -- High Card Poker ---------------------------------------------------------------------------


def knockout_chance(game: Game, view: View, *, trials: int, rng: random.Random) -> float:
    """The chance that the viewer is the one survivor of High Card Poker's knock-outs (rules 002):
    every hand sorted low to high against the extra hand's, position by position, a card not
    higher than the extra hand's knocking its player out (an equal card survives from the second
    position on under ``equal_card = "survives"``). Opponents' cards and the extra hand are dealt
    from the unseen cards, ``trials`` times at once in arrays; a pot nobody wins carries over to the
    next deal, and counts as the viewer's even share of it.

    >>> from homegame.engine import Hand
    >>> from homegame.games import load
    >>> game = load("high-card-poker")
    >>> kings = Hand(game, [50] * 3, deck="Kc 2c 3c Kd 4c 5c Ks 6c 7c")  # seat 1: Kc Kd Ks; seat 2: 2c 4c 6c
    >>> strong, weak = (knockout_chance(game, kings.view(seat), trials=400, rng=random.Random(1)) for seat in (1, 2))
    >>> strong > 0.5 > 0.2 > weak  # a deuce is knocked out at once: only a carry-over is left to it
    True
    """
    assert view.viewer is not None
    me = view.seats[view.viewer]
    mine = [_high_rank(card) for card in me.down or ()] + [_high_rank(card) for card in me.up]
    rivals = sum(not seat.folded and seat.seat != view.viewer for seat in view.seats)
    pool = np.array([_high_rank(card) for card in unseen(game, view)], dtype=np.int64)
    size = 5
    needed = size + (size - len(mine)) + size * rivals
    if needed > len(pool) or trials < 1:
        return 1 / (1 + rivals)
    generator = np.random.default_rng(rng.getrandbits(63))
    drawn = pool[np.argsort(generator.random((trials, len(pool))), axis=1)[:, :needed]]
    extra = np.sort(drawn[:, :size], axis=1)
    ours = np.concatenate(
        [np.broadcast_to(np.array(mine, dtype=np.int64), (trials, len(mine))), drawn[:, size : 2 * size - len(mine)]],
        axis=1,
    )
    theirs = drawn[:, 2 * size - len(mine) :].reshape(trials, rivals, size)
    hands = np.sort(np.concatenate([ours[:, None, :], theirs], axis=1), axis=2)  # (trials, players, cards)
    equal_survives = game.option_values().get("equal_card") == "survives"
    alive = np.ones(hands.shape[:2], dtype=np.bool_)
    for position in range(size):
        floor = extra[:, position, None]
        card = hands[:, :, position]
        survives = (card > floor) | ((card == floor) if equal_survives and position else False)
        deciding = alive.sum(axis=1) > 1  # once one player is left, the other cards are not compared
        alive = np.where(deciding[:, None], alive & survives, alive)
    left = alive.sum(axis=1)
    won = np.where(left == 1, alive[:, 0].astype(np.float64), 1 / (1 + rivals))
    return float(won.mean())


def _high_rank(card: Card) -> int:
    return int(card.rank) if card.rank is not None else 15


# -- Five-O ------------------------------------------------------------------------------------

_FAST = Evaluator.for_ranking(get("high"))


def _strength(cards: Sequence[Card]) -> int:
    """A five-card high hand's strength (greater is better)."""
    if _FAST is not None and len(cards) >= 5:
        return _FAST.rank([card.code for card in cards])
    return get("high").evaluate(cards).key


def columns_chance(game: Game, view: View, *, trials: int, rng: random.Random, need: int = 3) -> float:
    """The viewer's chance to win ``need`` columns of Five-O or more: every column it and its opponent
    hold filled to five from the unseen cards (the opponent's face-down cards among them)."""
    assert view.viewer is not None
    me = view.seats[view.viewer]
    rival = next((seat for seat in view.seats if seat.seat != view.viewer), None)
    if rival is None or not me.placed:
        return 0.5
    mine = [[card for card in row if card is not None] for _, row in me.placed]
    pending = [card for card in me.down or () if not any(card in row for row in mine)]
    theirs = [[card for card in row if card is not None] for _, row in rival.placed]
    return _columns_trials(game, view, mine, pending, theirs, trials=trials, rng=rng, need=need)


def _columns_trials(
    game: Game,
    view: View,
    mine: list[list[Card]],
    pending: Sequence[Card],
    theirs: list[list[Card]],
    *,
    trials: int,
    rng: random.Random,
    need: int,
) -> float:
    pool = [card for card in unseen(game, view) if card not in pending]
    missing = sum(5 - len(row) for row in mine) - len(pending) + sum(5 - len(row) for row in theirs)
    if missing > len(pool):
        return 0.5
    won = 0.0
    for _ in range(trials):
        drawn = list(pending) + rng.sample(pool, missing)
        at = 0
        wins = losses = 0
        for own, other in zip(mine, theirs, strict=False):
            a = own + drawn[at : at + 5 - len(own)]
            at += 5 - len(own)
            b = other + drawn[at : at + 5 - len(other)]
            at += 5 - len(other)
            ours, its = _strength(a), _strength(b)
            wins += ours > its
            losses += its > ours
        won += 1.0 if wins >= need else 0.0 if losses >= need else 0.5
    return won / trials


def place(legal: PlaceLegal, game: Game, view: View, *, trials: int, rng: random.Random) -> Action:
    """The Five-O column for the card: the one where the rest of the deal, dealt at random, most often
    wins three columns (a column that pairs the card, or suits it, wins ties of the estimate)."""
    assert view.viewer is not None
    me = view.seats[view.viewer]
    rival = next((seat for seat in view.seats if seat.seat != view.viewer), None)
    card = legal.cards[0]
    rows = dict(me.placed)
    if rival is None:
        return legal.make(card, legal.rows[0])
    theirs = [[held for held in row if held is not None] for _, row in rival.placed]
    best, chosen = -1.0, legal.rows[0]
    for row in legal.rows:
        mine = [[held for held in cards if held is not None] + [card] * (name == row) for name, cards in rows.items()]
        chance = _columns_trials(game, view, mine, (), theirs, trials=trials, rng=rng, need=3)
        chance += 0.01 * _fit(card, [held for held in rows.get(row, ()) if held is not None])
        if chance > best:
            best, chosen = chance, row
    return legal.make(card, chosen)


def _fit(card: Card, row: Sequence[Card]) -> int:
    """How well a card joins a column: a pair or more, a suit kept, neighbouring ranks."""
    if not row:
        return 1
    same = sum(held.rank == card.rank for held in row)
    suited = all(held.suit == card.suit for held in row)
    return 3 * same + suited


# -- Chinese poker -----------------------------------------------------------------------------

_BACK = {
    Category.HIGH_CARD: 0.02,
    Category.ONE_PAIR: 0.12,
    Category.TWO_PAIR: 0.3,
    Category.THREE_OF_A_KIND: 0.45,
    Category.STRAIGHT: 0.58,
    Category.FLUSH: 0.7,
    Category.FULL_HOUSE: 0.85,
    Category.FOUR_OF_A_KIND: 0.97,
    Category.STRAIGHT_FLUSH: 1.0,
}
"""How often a back row of each kind wins against a row set by a fair player (round figures)."""
_MIDDLE = {
    Category.HIGH_CARD: 0.08,
    Category.ONE_PAIR: 0.35,
    Category.TWO_PAIR: 0.62,
    Category.THREE_OF_A_KIND: 0.78,
    Category.STRAIGHT: 0.86,
    Category.FLUSH: 0.92,
    Category.FULL_HOUSE: 0.97,
    Category.FOUR_OF_A_KIND: 1.0,
    Category.STRAIGHT_FLUSH: 1.0,
}
"""The same for a middle row."""


def _row_chance(values: dict[Category, float], category: Category, top: int) -> float:
    """A row's chance from its kind, a little more for a higher top card (2..14)."""
    base = values.get(category, 1.0)
    following = min((value for value in values.values() if value > base), default=1.0)
    return base + (following - base) * (top - 2) / 12


def _front_chance(category: Category, top: int) -> float:
    """How often a three-card front row wins: high cards rarely, pairs by their rank, trips nearly always."""
    if category is Category.THREE_OF_A_KIND:
        return 0.97 + 0.002 * top
    if category is Category.ONE_PAIR:
        return 0.45 + 0.035 * (top - 2)
    return max(0.0, 0.3 * (top - 8) / 6)


_ORDER = (
    Category.HIGH_CARD,
    Category.ONE_PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)


def _category(cards: Sequence[Card]) -> Category:
    """The kind of a natural high hand of three or five cards, from its ranks and suits."""
    counts = sorted(Counter(card.rank for card in cards).values(), reverse=True)
    if len(cards) == 5:
        ranks = sorted({_high_rank(card) for card in cards})
        flush = len({card.suit for card in cards}) == 1
        straight = len(ranks) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [2, 3, 4, 5, 14])
        if straight and flush:
            return Category.STRAIGHT_FLUSH
        if counts[0] == 4:
            return Category.FOUR_OF_A_KIND
        if counts[:2] == [3, 2]:
            return Category.FULL_HOUSE
        if flush:
            return Category.FLUSH
        if straight:
            return Category.STRAIGHT
    if counts[0] == 3:
        return Category.THREE_OF_A_KIND
    if counts[:2] == [2, 2]:
        return Category.TWO_PAIR
    return Category.ONE_PAIR if counts[0] == 2 else Category.HIGH_CARD


def set_rows(legal: DivideLegal, *, backs: int = 120) -> Action:
    """Chinese poker's rows (5, 5, 3): of the divisions keeping back >= middle >= front (the ``backs``
    strongest backs tried), the one whose rows together win most often, each row counted by its
    kind (:data:`_BACK`, :data:`_MIDDLE`, pairs and trips in front by their rank)."""
    cards = tuple(legal.cards)
    strength = {part: _strength(part) for part in combinations(cards, 5)}
    kinds = {part: (_category(part), _top(part), _pair_rank(part)) for part in strength}
    fronts: dict[tuple[Card, ...], tuple[int, int]] = {
        part: (_ORDER.index(_category(part)), _pair_rank(part)) for part in combinations(cards, 3)
    }

    best: tuple[float, tuple[tuple[Card, ...], ...]] | None = None
    for back in sorted(strength, key=strength.__getitem__, reverse=True)[:backs]:
        kind, top, _ = kinds[back]
        back_chance = _row_chance(_BACK, kind, top)
        if best is not None and back_chance + 2.0 < best[0]:
            break  # weaker backs cannot catch up
        rest = [card for card in cards if card not in back]
        for middle in combinations(rest, 5):
            if strength[middle] > strength[back]:
                continue
            second, top, main = kinds[middle]
            front = tuple(card for card in rest if card not in middle)
            third, rank = fronts[front]
            order = _ORDER.index(second) - third
            if order < 0 or (order == 0 and rank >= main):  # an equal front is let go: its kickers may beat
                continue
            total = back_chance + _row_chance(_MIDDLE, second, top) + _front_chance(_ORDER[third], rank)
            if best is None or total > best[0]:
                best = (total, (back, middle, front))
    if best is None:
        from homegame.bots.choices import strongest

        return strongest(legal)
    return legal.make(tuple(_as_counted(hand) for hand in best[1]))


def _pair_rank(cards: Sequence[Card]) -> int:
    """The rank of the largest group of a rank among the cards (a pair, trips), else the top card's."""
    counts = Counter(_high_rank(card) for card in cards)
    rank, count = max(counts.items(), key=lambda item: (item[1], item[0]))
    return rank if count > 1 else max(counts)


def _top(cards: Sequence[Card]) -> int:
    return max((_high_rank(card) for card in cards), default=2)


# -- Pi Gow ------------------------------------------------------------------------------------


def two_and_five(legal: DivideLegal) -> Action:
    """Of the splits the rules allow (all those whose five beats the two when none are listed), the
    one whose hands together win most often: the five counted by its kind (as a middle row of
    Chinese poker, :data:`_MIDDLE`), the two by its pair or its two cards. So a pair stays in the
    five with the best two cards beside it, and two pairs go one to each hand.

    >>> from homegame.cards import parse
    >>> from homegame.engine.actions import ActionKind
    >>> print(two_and_five(DivideLegal(ActionKind.SPLIT, parse("2c As 7d Ad Kh Qs 3h"), sizes=(5, 2))))
    split As Ad 7d 3h 2c / Kh Qs
    """
    splits = legal.splits or tuple(_ways(legal.cards, legal.sizes))

    def chance(hands: tuple[tuple[Card, ...], ...]) -> float:
        five, two = hands[0], hands[-1]
        return _row_chance(_MIDDLE, _category(five), _top(five)) + _two_chance(two)

    return legal.make(tuple(_as_counted(hand) for hand in max(splits, key=chance)))


def _as_counted(hand: Sequence[Card]) -> tuple[Card, ...]:
    """A hand's cards in the order the high ranking counts them (pairs first, then the kickers)."""
    counted = get("high").evaluate(hand).cards if hand else ()
    return (*counted, *(card for card in hand if card not in counted))


def _two_chance(cards: Sequence[Card]) -> float:
    """How often a two-card hand wins: a pair by its rank, else by its two cards."""
    ranks = sorted((_high_rank(card) for card in cards), reverse=True)
    if len(ranks) == 2 and ranks[0] == ranks[1]:
        return 0.55 + 0.035 * (ranks[0] - 2)
    top, second = [*ranks, 2, 2][:2]
    return 0.45 * (top - 2) / 12 + 0.05 * (second - 2) / 12


def _ways(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every division of ``cards`` into hands of ``sizes`` whose hands each beat the next (high)."""
    high = get("high")
    for first in combinations(cards, sizes[0]):
        rest = tuple(card for card in cards if card not in first)
        if len(sizes) == 2 and high.evaluate(first) > high.evaluate(rest):
            yield first, rest
