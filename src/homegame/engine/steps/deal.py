"""``deal``: cards to each player (down or up, one at a time around the table) and to the board."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from homegame.engine.events import Burned, Dealt
from homegame.engine.spec import Fields
from homegame.engine.steps.base import MUCK, Dealer, Decision, Down, Row, Step, Up, register

_DOWN, _UP, _ROW = cache(Down), cache(Up), cache(Row)
"""The piles the deal puts cards on, each made once: the deal is the engine's busiest step."""
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Deal(Step):
    """Deal ``cards`` to every player still in the hand (each entry, ``down`` or ``up``, one card
    around the table from the seat left of the button), then ``board`` community cards to the row
    named ``row`` (the board unless the game has several rows), face up, or face down with
    ``face = "down"`` (kept face down until a step turns them up), after burning
    ``burn`` cards.

    >>> Deal(cards=("down", "down", "up")).describe()
    'Each player is dealt two cards down and one card up.'
    >>> Deal(board=3, burn=1).describe()
    'Burn a card, then three cards to the board.'
    >>> Deal(cards=("down",) * 3, board=5, row="extra", face="down").describe()
    'Each player is dealt three cards down, then five cards to the extra row face down.'
    >>> Deal(cards=("down",), common_if_short=True).describe()
    'Each player is dealt one card down (one common card face up if the deck runs short).'
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()
    board: int = 0
    row: str = "board"
    face: str = "up"
    burn: int = 0
    common_if_short: bool = False
    """Seven-card stud's rule for a full table: when the stock cannot give every player still in a
    card, one card goes face up to the board instead, a common card every player's hand uses."""

    @property
    def dealt(self) -> tuple[str, ...]:
        """The cards dealt each player, ``down`` or ``up``: :attr:`cards`."""
        return self.cards

    @property
    def dealt_to(self) -> tuple[str, int]:
        """The row the community cards go to, and how many: :attr:`row`, :attr:`board`."""
        return self.row, self.board

    @classmethod
    def read(cls, fields: Fields) -> Deal:
        """``cards = ["down", "up"]``, ``board = 3``, ``row = "good"``, ``face = "down"``, ``burn = 1``."""
        step = cls(
            cards=fields.strings("cards", (), choices=("down", "up")),
            board=fields.integer("board", 0, low=0, high=10),
            row=fields.string("row", "board"),
            face=fields.string("face", "up", ("up", "down")),
            burn=fields.integer("burn", 0, low=0, high=3),
            common_if_short=fields.boolean("common_if_short", False),
        )
        if step.common_if_short and len(step.cards) != 1 and not fields.problems:
            fields.problem("common_if_short", "a common card stands for one card to each player")
        if not step.cards and not step.board and not fields.problems:
            fields.problem("cards", "a deal needs cards for the players or the board")
        return step

    def begin(self, hand: Dealer) -> Decision | None:
        """Burn, deal round by round to the seats in the hand, then the board."""
        if self.burn:
            hand.deal(hand.take(self.burn), MUCK)
            hand.emit(Burned(self.burn))
        faces = self.cards
        if faces and self.common_if_short and hand.stock < len(hand.in_hand()):
            common = hand.take(1)
            hand.deal(common, _ROW("board"))
            hand.emit(Dealt(seat=None, cards=common, up=True))
            faces = ()
        if faces:
            seats = hand.in_hand()
            dealt = hand.take(len(faces) * len(seats))
            width = len(seats)
            for index, seat in enumerate(seats):
                mine = dealt[index::width]
                down = tuple(card for card, face in zip(mine, faces, strict=True) if face == "down")
                up = tuple(card for card, face in zip(mine, faces, strict=True) if face == "up")
                if down:
                    hand.deal(down, _DOWN(seat))
                    hand.emit(Dealt(seat=seat, cards=down, up=False))
                if up:
                    hand.deal(up, _UP(seat))
                    hand.emit(Dealt(seat=seat, cards=up, up=True))
        if self.board:
            board = hand.take(self.board)
            face_up = self.face == "up"
            hand.deal(board, _ROW(self.row, face_up))
            hand.emit(Dealt(seat=None, cards=board, up=face_up, row=self.row))
        return None

    @property
    def dealing(self) -> Deal:
        """The deal itself."""
        return self

    @property
    def deals_board(self) -> bool:
        """True when the deal puts cards face up on the community board (the first such is the flop;
        another row, or cards face down, are no flop: Good/Bad's rows, High Card Poker's extra hand)."""
        return self.board > 0 and self.row == "board" and self.face == "up"

    def describe(self) -> str:
        """One line for the rules."""
        parts = []
        if self.burn:
            parts.append("Burn a card, then" if self.burn == 1 else f"Burn {_NUMBERS[self.burn]} cards, then")
        if self.cards:
            down, up = self.cards.count("down"), self.cards.count("up")
            what = " and ".join(f"{_count(number)} {face}" for number, face in ((down, "down"), (up, "up")) if number)
            parts.append(f"{'each' if parts else 'Each'} player is dealt {what}")
        if self.board:
            board = f"{_count(self.board)} to the {self.row}" + ("" if self.row == "board" else " row")
            board += " face down" if self.face == "down" else ""
            parts.append(f"{'then ' if self.cards else ''}{board}" if parts else board.capitalize())
        text = ", ".join(parts).replace("then, ", "then ")
        return text + (" (one common card face up if the deck runs short)." if self.common_if_short else ".")

    def cards_needed(self, players: int) -> int:
        """Burns, every player's cards and the board (at least one card, with a common card if short)."""
        return self.burn + (1 if self.common_if_short else len(self.cards) * players) + self.board


def _count(number: int) -> str:
    word = _NUMBERS[number] if number < len(_NUMBERS) else str(number)
    return f"{word} card" if number == 1 else f"{word} cards"
