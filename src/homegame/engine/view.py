"""Views: exactly what one seat may see of a hand.

A view is the public table (up cards, the board and any other rows, pots, stacks, bets, whose
turn, the wild rank in force, revealed declarations, cards shown at the
showdown), that seat's own down cards and secret choices, its legal actions,
and the events as that seat may see them. Never another seat's down cards,
the undealt deck, or a declaration before all have declared. ``seat=None`` is
a spectator: the public table only.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homegame.cards import Card, Rank
from homegame.engine.actions import Legal
from homegame.engine.events import Event
from homegame.engine.pots import Pot

if TYPE_CHECKING:
    from homegame.engine.hand import Hand, HandResult

__all__ = ["SeatView", "View", "build_view"]


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


def build_view(hand: Hand, viewer: int | None) -> View:
    """The view of ``hand`` for ``viewer``."""
    seats = []
    for seat in range(hand.seats):
        down: tuple[Card, ...] | None = None
        if seat == viewer:
            down = tuple(hand.down[seat])
        elif seat in hand.shown:
            down = tuple(card for card in hand.shown[seat] if card not in hand.up[seat])
        chosen = hand.choices[seat]
        declared = hand.declared[seat] or (chosen if seat == viewer else None)
        seats.append(
            SeatView(
                seat=seat,
                stack=hand.stacks[seat],
                bet=hand.bets[seat],
                committed=hand.committed[seat],
                folded=hand.folded[seat],
                all_in=hand.stacks[seat] == 0 and not hand.folded[seat],
                up=tuple(hand.up[seat]),
                down=down,
                down_count=len(hand.down[seat]),
                declared=declared,
                has_declared=chosen is not None or hand.declared[seat] is not None,
                placed=_placed(hand, seat, seat == viewer or seat in hand.shown),
            )
        )
    return View(
        game=hand.game.name,
        viewer=viewer,
        button=hand.button,
        seats=tuple(seats),
        board=tuple(hand.board),
        rows=tuple((name, tuple(cards)) for name, cards in hand.rows.items()),
        pots=tuple(hand.pots()),
        pot=hand.pot,
        to_act=hand.pending(),
        legal=hand.legal_actions(viewer) if viewer is not None else (),
        wild_rank=hand.wild_rank,
        over=hand.over,
        result=hand.result,
        events=tuple(event.seen_by(viewer) for event in hand.events),
    )


def _placed(hand: Hand, seat: int, sees_all: bool) -> tuple[tuple[str, tuple[Card | None, ...]], ...]:
    """The seat's placed rows, face-down cards hidden unless the viewer ``sees_all`` of them."""
    up = hand.up[seat]
    return tuple(
        (name, tuple(card if sees_all or card in up else None for card in cards))
        for name, cards in hand.placed[seat].items()
    )
