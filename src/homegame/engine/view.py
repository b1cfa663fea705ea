"""Views: exactly what one seat may see of a hand.

A view is the public table (up cards, the board and any other rows, pots, stacks, bets, whose
turn, the wild rank in force, revealed declarations, cards shown at the
showdown), that seat's own down cards and secret choices, its legal actions,
and the events as that seat may see them. Never another seat's down cards,
the undealt deck, or a declaration before all have declared. ``seat=None`` is
a spectator: the public table only.

It also tells the seat what the table would: which cards are wild for it now (:class:`WildCards`:
Baseball's threes and nines, Follow the Queen's rank of the moment, The Option's lowest down
card), its hand so far in each contest of the showdown (:attr:`View.hands`, named when first
asked; High Card Poker's standing against the extra hand), and what the pot would be after it
calls (:attr:`View.pot_after_call`).

>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> hand = Hand(load("holdem"), [100, 100, 100], deck="As Kd Qh Jc Ts 9d")
>>> view = hand.view(1)
>>> print(*view.seats[1].down)
As Jc
>>> view.seats[0].down, view.seats[0].down_count
(None, 2)
>>> view.to_act, [str(legal) for legal in view.legal]
((0,), [])
>>> print(*view.hands)
high: ace high (As Jc)
>>> hand.view(0).pot_after_call, hand.view(0).pot
(5, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card, Rank
from homegame.engine.actions import ActionKind, AmountLegal, Legal, PlainLegal
from homegame.engine.events import Event, HandResult, Judged, Prompt
from homegame.engine.pots import Pot
from homegame.engine.steps.base import Snapshot
from homegame.ranking.wild import Lowest

__all__ = ["SeatView", "View", "WildCards", "build_view"]


@dataclass(frozen=True, slots=True, kw_only=True)
class WildCards:
    """The cards wild for the viewer now: every card of ``ranks`` (fixed ones, the rank named
    during the hand, the rank of the viewer's lowest (down) card), the ``cards`` named, and jokers
    (``jokers``; ``bug`` when a joker is the bug, an ace or a card that completes a straight or a flush).

    >>> from homegame.cards import parse
    >>> wild = WildCards(ranks=(Rank.THREE, Rank.NINE))
    >>> [card in wild for card in parse("3c 9h Kd Jk")], str(wild)
    ([True, True, False, False], 'threes, nines')
    """

    ranks: tuple[Rank, ...] = ()
    cards: tuple[Card, ...] = ()
    jokers: bool = False
    bug: bool = False

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        return card.rank in self.ranks or card in self.cards or (card.is_joker and (self.jokers or self.bug))

    def __bool__(self) -> bool:
        return bool(self.ranks or self.cards or self.jokers or self.bug)

    def __str__(self) -> str:
        parts = ["jokers"] if self.jokers else ["the bug"] if self.bug else []
        parts += [_plural(rank) for rank in self.ranks]
        parts += [str(card) for card in self.cards]
        return ", ".join(parts) or "none"


def _plural(rank: Rank) -> str:
    """``threes``, ``sixes``."""
    return {Rank.SIX: "sixes"}.get(rank, f"{rank.name.lower()}s")


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One seat as the viewer sees it. ``down`` is ``None`` when the viewer may not see those cards
    (``down_count`` says how many there are); ``declared`` is ``None`` until it may be seen,
    ``has_declared`` says whether the seat has chosen. ``placed`` lists the rows the seat has
    placed its cards into (Five-O's columns), a face-down card the viewer may not see as ``None``."""

    seat: int
    stack: int
    bet: int
    committed: int
    folded: bool
    all_in: bool
    up: tuple[Card, ...]
    down: tuple[Card, ...] | None
    down_count: int
    declared: str | None
    has_declared: bool
    placed: tuple[tuple[str, tuple[Card | None, ...]], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may see of a hand."""

    game: str
    viewer: int | None
    button: int
    seats: tuple[SeatView, ...]
    board: tuple[Card, ...]
    rows: tuple[tuple[str, tuple[Card, ...]], ...]
    pots: tuple[Pot, ...]
    pot: int
    to_act: tuple[int, ...]
    legal: tuple[Legal, ...]
    wild_rank: Rank | None
    over: bool
    result: HandResult | None
    events: tuple[Event, ...]
    wild: WildCards = WildCards()
    """The cards wild for the viewer now (for a spectator, those wild for everyone)."""
    hands: tuple[Judged, ...] = ()
    """The viewer's hand so far in each contest of the showdown it can already be judged in (Elimination's
    high and low totals, the Grocery Store's dots, a split hand once split), named when asked."""
    pot_after_call: int | None = None
    """What the pot would hold once the viewer calls (``None`` when it may not call)."""
    pot_sizes: tuple[int, ...] = ()
    """The amounts of a bet or raise of half the pot and of the pot (once the viewer has called),
    each within the bounds of the viewer's amount descriptor; empty when the viewer may not bet.
    A screen offers them as they are: it never works out a pot."""
    runouts: tuple[tuple[Card, ...], ...] = ()
    """The two boards of a hand run twice (``board`` is the first), once both are dealt; else empty."""
    prompt: Prompt | None = None
    """What the decision asks of the viewer, in words, when it says (whom a pushed card goes to,
    what rolling a card does); ``None`` otherwise, and for a viewer with nothing to decide."""

    def __repr__(self) -> str:
        """The view in a line: whose it is, the board, the pot, who is to act and what the viewer may do.

        >>> from homegame.engine import Hand
        >>> from homegame.games import load
        >>> Hand(load("holdem"), [100, 100], seed=1).view(0)
        <View of seat 0 at holdem: pot 3, seat 0 to act; fold, call 1, raise_to 4..100>
        """
        who = "a spectator" if self.viewer is None else f"seat {self.viewer}"
        parts = [f"board {' '.join(map(str, self.board))}"] if self.board else []
        parts.append(f"pot {self.pot}")
        parts.append("over" if self.over else f"seat {', '.join(map(str, self.to_act))} to act")
        legal = f"; {', '.join(map(str, self.legal))}" if self.legal else ""
        return f"<View of {who} at {self.game}: {', '.join(parts)}{legal}>"


def build_view(hand: Snapshot, viewer: int | None, public: View | None = None, seen: tuple[Event, ...] = ()) -> View:
    """The view of ``hand`` for ``viewer``.

    A table that shows every seat the same moment need not build again what they all see alike:
    ``public``, the spectator's view of the moment (``build_view(hand, None)``), gives it, and a
    seat's view is that with the seat's own parts, built here from the hand: its own seat (its down
    cards, its secret choice), the events as it sees them, its legal actions, what is wild for it,
    its hands, the pot after its call. Every other seat looks the same to it as to a spectator.
    ``seen``, the viewer's events of this hand at an earlier moment, spares seeing those again: an
    event as a viewer sees it never changes.

    >>> from homegame.games import load
    >>> from homegame.engine.hand import Hand
    >>> hand = Hand(load("holdem"), [100, 100, 100], seed=1)
    >>> from homegame.engine.actions import Call
    >>> earlier = build_view(hand, 1).events
    >>> _ = hand.act(0, Call())
    >>> public = build_view(hand, None)
    >>> all(build_view(hand, seat, public, earlier if seat == 1 else ()) == build_view(hand, seat) for seat in range(3))
    True
    >>> public.seats[1].down, build_view(hand, 1, public).seats[1].down is not None
    (None, True)
    """
    table = _table(hand) if public is None else public
    seats = table.seats
    if viewer is not None:
        seats = (*seats[:viewer], _own(hand, seats[viewer]), *seats[viewer + 1 :])
    legal = hand.legal_actions(viewer) if viewer is not None else ()
    call = next((option for option in legal if option.kind is ActionKind.CALL), None)
    return View(
        game=table.game,
        viewer=viewer,
        button=table.button,
        seats=seats,
        board=table.board,
        rows=table.rows,
        pots=table.pots,
        pot=table.pot,
        to_act=table.to_act,
        legal=legal,
        wild_rank=table.wild_rank,
        over=table.over,
        result=table.result,
        events=seen + tuple(event.seen_by(viewer) for event in hand.events[len(seen) :]),
        wild=_wild(hand, viewer),
        hands=_hands(hand, viewer),
        pot_after_call=hand.pot + call.chips if isinstance(call, PlainLegal) else None,
        pot_sizes=_pot_sizes(legal, seats, hand.pot + call.chips if isinstance(call, PlainLegal) else hand.pot),
        runouts=table.runouts,
        prompt=hand.prompt(viewer) if legal and viewer is not None else None,
    )


def _pot_sizes(legal: tuple[Legal, ...], seats: tuple[SeatView, ...], pot_after_call: int) -> tuple[int, ...]:
    """The half-pot and pot amounts (``to`` amounts: the round's bet and then half the pot, or the
    pot, after calling) for the amount descriptor in ``legal``, brought within its bounds and onto
    its steps; ``()`` without one.

    >>> from homegame.engine.actions import ActionKind, AmountLegal
    >>> _pot_sizes((AmountLegal(ActionKind.RAISE_TO, min=4, max=100),), (), 12)
    (6, 12)
    >>> _pot_sizes((AmountLegal(ActionKind.RAISE_TO, min=4, max=12),), (), 30)
    (12, 12)
    """
    amount = next((option for option in legal if isinstance(option, AmountLegal)), None)
    if amount is None:
        return ()
    bet = max((seat.bet for seat in seats), default=0)
    step = amount.step or 1

    def within(value: int) -> int:
        steps = (value - amount.min + step // 2) // step
        return max(amount.min, min(amount.max, amount.min + steps * step))

    return within(bet + pot_after_call // 2), within(bet + pot_after_call)


def _table(hand: Snapshot) -> View:
    """What every viewer sees alike, the seats as a spectator sees them (the parts that are a
    viewer's own left empty: :func:`build_view` fills them)."""
    return View(
        game=hand.game.name,
        viewer=None,
        button=hand.button,
        seats=tuple(_seat(hand, seat) for seat in range(hand.seats)),
        board=tuple(hand.board),
        rows=tuple((name, tuple(cards)) for name, cards in hand.rows.items()),
        pots=tuple(hand.pots()),
        pot=hand.pot,
        to_act=hand.pending(),
        legal=(),
        wild_rank=hand.wild_rank,
        over=hand.over,
        result=hand.result,
        events=(),
        runouts=tuple(hand.runouts),
    )


def _seat(hand: Snapshot, seat: int) -> SeatView:
    """``seat`` as a spectator, or another seat, sees it: its down cards once shown, its declaration
    once revealed, whether it has chosen."""
    shown = hand.shown.get(seat)
    up = hand.up[seat]
    return SeatView(
        seat=seat,
        stack=hand.stacks[seat],
        bet=hand.bets[seat],
        committed=hand.committed[seat],
        folded=hand.folded[seat],
        all_in=hand.stacks[seat] == 0 and not hand.folded[seat],
        up=tuple(up),
        down=None if shown is None else tuple(card for card in shown if card not in up),
        down_count=len(hand.down[seat]),
        declared=hand.declared[seat] or None,
        has_declared=hand.declared[seat] is not None or hand.secret(seat) is not None,
        placed=_placed(hand, seat, shown is not None),
    )


def _own(hand: Snapshot, other: SeatView) -> SeatView:
    """A seat as it sees itself, from ``other``, the seat as others see it: all its down cards,
    placed cards and secret choice (asked only once it has chosen)."""
    seat = other.seat
    return SeatView(
        seat=seat,
        stack=other.stack,
        bet=other.bet,
        committed=other.committed,
        folded=other.folded,
        all_in=other.all_in,
        up=other.up,
        down=tuple(hand.down[seat]),
        down_count=other.down_count,
        declared=other.declared or (hand.secret(seat) if other.has_declared else None),
        has_declared=other.has_declared,
        placed=_placed(hand, seat, True),
    )


def _wild(hand: Snapshot, viewer: int | None) -> WildCards:
    """What is wild for ``viewer`` under the wild specs the game's settling step judges with, as the
    hand stands."""
    specs = hand.game.steps[-1].wild_specs()
    if not specs:
        return WildCards()
    ranks = {rank for spec in specs for rank in spec.ranks}
    if hand.wild_rank is not None and any(spec.dynamic for spec in specs):
        ranks.add(hand.wild_rank)
    if viewer is not None:
        for spec in specs:
            pool = hand.cards(viewer) if spec.lowest is Lowest.HELD else hand.down[viewer]
            held = [card.rank for card in pool if card.rank is not None]
            if spec.lowest is not Lowest.NONE and held:
                ranks.add(min(held))  # aces high: never the lowest
    return WildCards(
        ranks=tuple(sorted(ranks)),
        cards=tuple(dict.fromkeys(card for spec in specs for card in sorted(spec.cards, key=str))),
        jokers=any(spec.jokers for spec in specs),
        bug=any(spec.bug for spec in specs),
    )


def _hands(hand: Snapshot, viewer: int | None) -> tuple[Judged, ...]:
    """The viewer's hands as the game's settling step judges them now (:meth:`Step.seen_hands`)."""
    if viewer is None or hand.folded[viewer]:
        return ()
    return hand.game.steps[-1].seen_hands(hand, viewer)


def _placed(hand: Snapshot, seat: int, sees_all: bool) -> tuple[tuple[str, tuple[Card | None, ...]], ...]:
    """The seat's placed rows, face-down cards hidden unless the viewer ``sees_all`` of them."""
    up = hand.up[seat]
    return tuple(
        (name, tuple(card if sees_all or card in up else None for card in cards))
        for name, cards in hand.placed[seat].items()
    )
