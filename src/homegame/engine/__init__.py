"""The engine: games, hands, tables; betting, pots, views, history; the step kinds.

A :class:`Hand` is one deal of one :class:`Game`, a deterministic state machine
driven through ``pending``/``legal_actions``/``act``, seen through ``view``.
A :class:`Table` is a session of many hands: seats, stacks, the button, which
game is next, carried-over pots and the ledger.
"""

from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    BetTo,
    BringIn,
    Call,
    CardsLegal,
    Check,
    ChoiceLegal,
    Complete,
    Declare,
    DivideLegal,
    Draw,
    Fold,
    Legal,
    PlaceLegal,
    PlainLegal,
    RaiseTo,
    parse_action,
)
from homegame.engine.betting import Betting, Stakes
from homegame.engine.game import Family, Game, Option
from homegame.engine.hand import Hand, HandResult, History, Setup
from homegame.engine.missed import MissedBlinds
from homegame.engine.pots import Pot
from homegame.engine.steps.base import Contest
from homegame.engine.table import DealersChoice, FixedGame, Ledger, Rotation, Table
from homegame.engine.view import SeatView, View

__all__ = [
    "Action",
    "ActionKind",
    "AmountLegal",
    "BetTo",
    "Betting",
    "BringIn",
    "Call",
    "CardsLegal",
    "Check",
    "ChoiceLegal",
    "Complete",
    "Contest",
    "DealersChoice",
    "Declare",
    "DivideLegal",
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
    "MissedBlinds",
    "Option",
    "PlaceLegal",
    "PlainLegal",
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
