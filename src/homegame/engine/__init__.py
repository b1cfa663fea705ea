"""The engine: games, hands, tables; betting, pots, views, history; the step kinds.

A :class:`Hand` is one deal of one :class:`Game`, a deterministic state machine
driven through ``pending``/``legal_actions``/``act``, seen through ``view``.
A :class:`Table` is a session of many hands: seats, stacks, the button, which
game is next, carried-over pots and the ledger.
"""

from homegame.engine.actions import (
    Action,
    BetTo,
    BringIn,
    Call,
    Check,
    Complete,
    Declare,
    Draw,
    Fold,
    Legal,
    RaiseTo,
    parse_action,
)
from homegame.engine.betting import Betting, Stakes
from homegame.engine.game import Family, Game, Option
from homegame.engine.hand import Hand, HandResult, History, Setup
from homegame.engine.pots import Pot
from homegame.engine.table import DealersChoice, FixedGame, Ledger, Rotation, Table
from homegame.engine.view import SeatView, View

__all__ = [
    "Action",
    "BetTo",
    "Betting",
    "BringIn",
    "Call",
    "Check",
    "Complete",
    "DealersChoice",
    "Declare",
    "Draw",
    "Family",
    "FixedGame",
    "Fold",
    "Game",
    "Hand",
    "HandResult",
    "History",
    "Ledger",
    "Legal",
    "Option",
    "Pot",
    "RaiseTo",
    "Rotation",
    "SeatView",
    "Setup",
    "Stakes",
    "Table",
    "View",
    "parse_action",
]
