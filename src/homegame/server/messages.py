"""What a client may say at a table, read once at the door into typed messages: the table's code
past the door never looks into a client's JSON again. The protocol's version is here too: a
client says the version it speaks in ``hello``, the server in ``welcome``.

>>> parse({"type": "act", "hand": 3, "seq": 41, "action": {"kind": "fold"}})
Act(hand=3, seq=41, action={'kind': 'fold'})
>>> parse({"type": "sit_in", "wait": True}), parse({"type": "leave"})
(SitIn(wait=True), Leave())
>>> parse({"type": "rebuy", "amount": "lots"})
Traceback (most recent call last):
homegame.server.messages.BadMessageError: rebuy: amount must be a whole number from 1 to 1000000000
>>> parse({"type": "history"}), parse({"type": "history", "before": 12})
(History(before=None), History(before=12))
>>> check_protocol(PROTOCOL), check_protocol(None)
(None, None)
>>> check_protocol(99)
'this server speaks protocol 1, the client 99: use the same homegame release on both'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from homegame.errors import PokerError
from homegame.server.chat import ChatError, check_text
from homegame.server.reactions import ReactionError, check_emoji

__all__ = [
    "PROTOCOL",
    "Act",
    "BadMessageError",
    "Chat",
    "Choose",
    "History",
    "Leave",
    "Ledger",
    "Log",
    "Message",
    "Preview",
    "React",
    "Rebuy",
    "SitIn",
    "SitOut",
    "Straddle",
    "check_protocol",
    "parse",
]

PROTOCOL = 1
"""The version of the table protocol (docs/protocol.md) this server and its clients speak."""

MAX_REBUY = 10**9
"""The most chips one rebuy may ask for."""


MAX_HAND = 10**9
"""The largest hand number a client may name."""


class BadMessageError(PokerError):
    """A client's message that is not one of the protocol's (answered ``error``, ``bad_request``)."""


@dataclass(frozen=True, slots=True)
class Act:
    """An action (its JSON, read by the engine's wire) for the hand and sequence number seen."""

    hand: int
    seq: int
    action: object


@dataclass(frozen=True, slots=True)
class Choose:
    """The dealer's choice of the next game (checked against the games allowed by the table), with
    the house rules called for that deal (``options``: NAME to value, checked against the game's)."""

    game: object
    options: dict[str, object] | None = None


@dataclass(frozen=True, slots=True)
class Straddle:
    """Post a live straddle in the next deal (``post``), or take it back: the seat after the big blind's."""

    post: bool


@dataclass(frozen=True, slots=True)
class SitOut:
    """Sit out from the next hand."""


@dataclass(frozen=True, slots=True)
class SitIn:
    """Play again from the next hand, posting the blinds missed or (``wait``) waiting for the big blind."""

    wait: bool = False


@dataclass(frozen=True, slots=True)
class Rebuy:
    """Ask the host for ``amount`` more chips."""

    amount: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Cash out and leave (at the end of the hand in progress)."""


@dataclass(frozen=True, slots=True)
class Ledger:
    """Ask for the ledger (a question: nothing changes)."""


@dataclass(frozen=True, slots=True)
class Preview:
    """Ask what a division of the seat's cards into ``hands`` would make (a question)."""

    hands: object


@dataclass(frozen=True, slots=True)
class Chat:
    """Say ``text`` to the table (checked: :func:`homegame.server.chat.check_text`)."""

    text: str


@dataclass(frozen=True, slots=True)
class Log:
    """Ask for the table's game log (answered to this socket only)."""


@dataclass(frozen=True, slots=True)
class React:
    """Show a reaction by the seat (one of :data:`homegame.server.reactions.EMOJI`)."""

    emoji: str


@dataclass(frozen=True, slots=True)
class History:
    """Ask for the seat's previous hands, most recent first, those before hand ``before`` (``None``:
    the last ones): a question, answered with a page of them (:mod:`homegame.server.finished`)."""

    before: int | None = None


Message = Act | Choose | SitOut | SitIn | Rebuy | Leave | Ledger | Preview | Chat | Straddle | React | Log | History


MAX_OPTIONS = 64
"""The most house rules a dealer may call with a game (every game documents far fewer)."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse(data: dict[str, Any]) -> Message:
    """A client's message (a JSON object), typed; :class:`BadMessageError` names what is wrong."""
    kind = data.get("type")
    match kind:
        case "act":
            hand, seq = data.get("hand"), data.get("seq")
            if isinstance(hand, int) and isinstance(seq, int) and _whole(hand) and _whole(seq):
                return Act(hand, seq, data.get("action"))
            raise BadMessageError("act needs hand and seq, whole numbers")
        case "choose":
            options = data.get("options")
            if options is not None and (not isinstance(options, dict) or len(options) > MAX_OPTIONS):
                raise BadMessageError(f"choose: options must be an object of at most {MAX_OPTIONS} house rules")
            return Choose(data.get("game"), options)
        case "sit_out":
            return SitOut()
        case "straddle":
            post = data.get("post")
            if not isinstance(post, bool):
                raise BadMessageError("straddle: post must be true or false")
            return Straddle(post)
        case "sit_in":
            wait = data.get("wait", False)
            if not isinstance(wait, bool):
                raise BadMessageError("sit_in: wait must be true or false")
            return SitIn(wait)
        case "rebuy":
            amount = data.get("amount")
            if isinstance(amount, int) and _whole(amount) and 0 < amount <= MAX_REBUY:
                return Rebuy(amount)
            raise BadMessageError(f"rebuy: amount must be a whole number from 1 to {MAX_REBUY}")
        case "leave":
            return Leave()
        case "ledger":
            return Ledger()
        case "preview":
            return Preview(data.get("hands"))
        case "history":
            before = data.get("before")
            if before is None or (isinstance(before, int) and _whole(before) and 0 < before <= MAX_HAND):
                return History(before)
            raise BadMessageError(f"history: before must be a hand number from 1 to {MAX_HAND}")
        case "chat":
            try:
                return Chat(check_text(data.get("text")))
            except ChatError as error:
                raise BadMessageError(str(error)) from None
        case "log":
            return Log()
        case "react":
            try:
                return React(check_emoji(data.get("emoji")))
            except ReactionError as error:
                raise BadMessageError(str(error)) from None
    raise BadMessageError(f"no message type {str(kind)[:20]!r}")


def check_protocol(version: object) -> str | None:
    """Why a client saying it speaks protocol ``version`` in ``hello`` is refused (``None``: it is
    not; a client that says none is taken for one of the first version)."""
    if version is None or (_whole(version) and version == PROTOCOL):
        return None
    return f"this server speaks protocol {PROTOCOL}, the client {version!r}: use the same homegame release on both"
