"""The wire's contract as a JSON Schema (draft 2020-12): ``docs/wire.schema.json`` is this module's
output (``python -m homegame.server.schema > docs/wire.schema.json``), and a test holds the two equal.

The engine's values are generated from the dataclasses the wire writes (the actions, the events of
every step kind, the judged hands, a view's seats), read by their declared types as
:mod:`homegame.engine.wire` reads them; the legal descriptors, the view and the server's messages
(``docs/protocol.md``) are written here once, next to what they describe.

>>> schema = wire_schema()
>>> schema["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> sorted(schema["$defs"]["message"]["oneOf"][0]["properties"])[:3]
['hand', 'seq', 'state']
>>> schema["$defs"]["event.won"]["properties"]["pot_index"]
{'type': 'integer', 'minimum': 0}
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any

from homegame.cards import Card, Rank
from homegame.engine.actions import ACTIONS, DESCRIPTORS, Action
from homegame.engine.events import Judged, Made, Missed
from homegame.engine.view import SeatView, WildCards
from homegame.engine.wire import _NAMES, _WIRE_NAMES, _events
from homegame.ranking import Category
from homegame.server.reactions import EMOJI
from homegame.server.roster import SeatStatus

__all__ = ["wire_schema"]

Schema = dict[str, Any]

_INT: Schema = {"type": "integer"}
_COUNT: Schema = {"type": "integer", "minimum": 0}
_STR: Schema = {"type": "string"}
_BOOL: Schema = {"type": "boolean"}
_NULL: Schema = {"type": "null"}
_FALSE_OR_WHY: Schema = {"anyOf": [{"const": False}, _STR]}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, _NULL]}


def _object(properties: dict[str, Schema], optional: tuple[str, ...] = ()) -> Schema:
    """An object of exactly these properties, all required but the ``optional`` ones."""
    required = [name for name in properties if name not in optional]
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


_TYPES: dict[object, Schema] = {
    int: _INT,
    str: _STR,
    bool: _BOOL,
    Card: _ref("card"),
    Rank: _ref("rank"),
    Action: _ref("action"),
    Category: _ref("category"),
    Judged: _ref("judged"),
    Made: _ref("made"),
    Missed: _ref("missed"),
}


def _of_type(tp: Any) -> Schema:
    """The schema of a value of the declared type ``tp``, as the wire writes it."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [_of_type(option) for option in typing.get_args(tp) if option is not type(None)]
        single = options[0] if len(options) == 1 else {"anyOf": options}
        return _nullable(single) if type(None) in typing.get_args(tp) else single
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return _array(_of_type(args[0]))
        prefix = [_of_type(arg) for arg in args]
        return {"type": "array", "prefixItems": prefix, "items": False, "minItems": len(args)}
    return _TYPES[tp]


def _fields(cls: type[Any], rename: dict[str, str] | None = None) -> dict[str, Schema]:
    """The compared fields of the dataclass ``cls`` (what the wire writes) and their schemas."""
    hints = typing.get_type_hints(cls, localns=_NAMES)
    out = {}
    for field in dataclasses.fields(cls):
        if field.compare:
            name = (rename or {}).get(field.name, field.name)
            out[name] = _COUNT if name == "pot_index" else _of_type(hints[field.name])
    return out


def _actions() -> Schema:
    branches = []
    for kind, cls in ACTIONS.items():
        branches.append(_object({"kind": {"const": kind.value}, **_fields(cls)}))
    return {"oneOf": branches}


def _legal() -> Schema:
    """The legal descriptors, one shape a ``form`` (docs/wire.md)."""
    kinds: dict[str, list[str]] = {}
    for kind, cls in DESCRIPTORS.items():
        kinds.setdefault(cls.form, []).append(kind.value)
    cards = _array(_ref("card"))
    hands = _array(cards)
    forms: dict[str, tuple[dict[str, Schema], tuple[str, ...]]] = {
        "plain": ({"amount": _COUNT}, ("amount",)),
        "amount": ({"min": _COUNT, "max": _COUNT, "step": _COUNT}, ("step",)),
        "cards": ({"cards": cards, "min": _COUNT, "max": _COUNT, "price": _COUNT}, ()),
        "choice": ({"choices": _array(_object({"name": _STR, "price": _COUNT}))}, ()),
        "divide": (
            {"cards": cards, "sizes": _array(_COUNT), "splits": _nullable(_array(hands)), "names": _array(_STR)},
            ("names",),
        ),
        "place": ({"cards": cards, "rows": _array(_STR)}, ()),
    }
    branches = []
    for form, (properties, optional) in forms.items():
        head: dict[str, Schema] = {"kind": {"enum": kinds[form]}, "form": {"const": form}}
        branches.append(_object({**head, **properties}, optional))
    return {"oneOf": branches}


def _event_defs() -> dict[str, Schema]:
    """One definition an event type (``event.won``), each with the fields the wire adds: ``chips``
    when it moves chips, ``text``, and in a view ``pot``."""
    defs = {}
    for name, cls in sorted(_events().items()):
        properties = {"type": {"const": name}, **_fields(cls, _WIRE_NAMES)}
        if name == "won":
            properties["hand"] = _STR
        properties.update(chips=_INT, text=_STR, pot=_COUNT)
        defs[f"event.{name}"] = _object(properties, ("chips", "pot"))
    return defs


def _view() -> Schema:
    seat = _fields(SeatView)
    seat["placed"] = {"type": "object", "additionalProperties": _array(_ref("card"))}
    pot = _object({"amount": _COUNT, "eligible": _array(_COUNT)})
    placed_event = {"allOf": [_ref("event"), {"required": ["pot"]}]}
    return _object(
        {
            "game": _STR,
            "viewer": _nullable(_COUNT),
            "button": _COUNT,
            "seats": _array(_object(seat)),
            "board": _array(_ref("card")),
            "rows": {"type": "object", "additionalProperties": _array(_ref("card"))},
            "pots": _array(pot),
            "pot": _COUNT,
            "to_act": _array(_COUNT),
            "legal": _array(_ref("legal")),
            "wild_rank": _nullable(_ref("rank")),
            "over": _BOOL,
            "result": _nullable(_ref("result")),
            "events": _array(placed_event),
            "wild": _object(_fields(WildCards)),
            "hands": _array(_ref("judged")),
            "pot_after_call": _nullable(_COUNT),
            "pot_sizes": _array(_COUNT),
        }
    )


def _snapshot() -> Schema:
    """The ``state`` of docs/protocol.md."""
    owed = _object({"name": _STR, "amount": _COUNT, "live": _BOOL})
    seat = _object(
        {
            "seat": _COUNT,
            "name": _STR,
            "stack": _COUNT,
            "status": {"enum": [str(status) for status in SeatStatus]},
            "bot": _BOOL,
            "connected": _BOOL,
            "missed": _COUNT,
            "owes": _array(owed),
            "waiting": _BOOL,
            "approved": _COUNT,
            "muted": _BOOL,
        }
    )
    clock = _object({"seat": _COUNT, "deadline_ms": _COUNT, "bank_ms": _COUNT})
    options = {"type": "object"}
    stakes = {"type": "object", "additionalProperties": _COUNT}
    game = _object({"name": _STR, "title": _STR, "options": options, "stakes": stakes})
    return _object(
        {
            "title": _STR,
            "status": {"enum": ["waiting", "playing", "paused", "closing", "closed"]},
            "seats": _array(seat),
            "button": _COUNT,
            "choosing": _nullable(_object({"seat": _COUNT, "games": _array(_STR)})),
            "rebuys": _array(_object({"seat": _COUNT, "name": _STR, "amount": _COUNT})),
            "house": _object({"options": options, "stakes": stakes, "kill": _BOOL}),
            "kill": _nullable(_object({"seat": _COUNT, "name": _STR, "doubled": _BOOL})),
            "bomb": _nullable(_object({"amount": _COUNT, "text": _STR})),
            "straddle": _nullable(_object({"seat": _COUNT, "name": _STR, "amount": _COUNT, "posted": _BOOL})),
            "dealt": _array(_COUNT),
            "view": _nullable(_ref("view")),
            "clock": _nullable(clock),
            "clocks": _array(clock),
            "turn": _nullable(_COUNT),
            "last": _nullable(_ref("last")),
            "game": _nullable(game),
            "runout": _nullable(_object({"street": _COUNT, "streets": _COUNT})),
        }
    )


def _last() -> Schema:
    """A finished hand as one viewer saw it: the snapshot's ``last``, an item of ``history``."""
    return _object(
        {
            "hand": _COUNT,
            "game": _STR,
            "dealt": _array(_COUNT),
            "options": {"type": "object"},
            "events": _array({"allOf": [_ref("event"), {"required": ["pot"]}]}),
            "result": _nullable(_ref("result")),
            "view": _ref("view"),
        }
    )


def _messages() -> Schema:
    """Every message the server sends (docs/protocol.md), each with ``table``, ``hand`` and ``seq``."""
    head = {"type": {}, "table": _nullable(_STR), "hand": _COUNT, "seq": _COUNT}
    ledger = {"type": "object", "required": ["entries", "players", "carried", "settle"]}
    part = _object({"name": _STR, "cards": _array(_ref("card")), "made": _STR})
    chat = {"seat": _COUNT, "name": _STR, "text": _STR, "at": _COUNT}
    bodies: dict[str, dict[str, Schema]] = {
        "state": {"state": _ref("snapshot")},
        "welcome": {
            "token": _STR,
            "you": _nullable(_COUNT),
            "protocol": _COUNT,
            "chat": _array(_object(chat)),
            "heartbeat_ms": _COUNT,
            "state": _ref("snapshot"),
        },
        "ping": {},
        "pong": {},
        "history": {"hands": _array(_ref("last"))},
        "chat": chat,
        "log": {"lines": _array(_object({"at": _COUNT, "text": _STR}))},
        "react": {"seat": _COUNT, "name": _STR, "emoji": {"enum": list(EMOJI)}, "at": _COUNT},
        "ledger": {"ledger": ledger},
        "preview": {"parts": _array(part), "dead": _FALSE_OR_WHY, "refused": _FALSE_OR_WHY},
        "error": {
            "code": {"enum": ["illegal", "stale", "bad_request", "not_your_turn", "forbidden", "rate", "storage"]},
            "message": _STR,
        },
        "closed": {"reason": _STR, "message": _STR},  # a refused hello's may say why
    }
    return {
        "oneOf": [
            _object({**head, "type": {"const": kind}, **body}, ("message",) if kind == "closed" else ())
            for kind, body in bodies.items()
        ]
    }


def wire_schema() -> Schema:
    """The JSON Schema of every message the server sends and of the values inside them."""
    events = _event_defs()
    defs: dict[str, Schema] = {
        "message": _messages(),
        "snapshot": _snapshot(),
        "last": _last(),
        "view": _view(),
        "result": _object(
            {
                "stacks": _array(_COUNT),
                "net": _array(_INT),
                "awards": _array(_ref("event.won")),
                "carried": _COUNT,
                "continues": _BOOL,
            }
        ),
        "event": {"oneOf": [_ref(name) for name in events]},
        **events,
        "action": _actions(),
        "legal": _legal(),
        "judged": _object({**_fields(Judged), "made": _ref("made"), "text": _STR}),
        "made": _object(_fields(Made)),
        "missed": _object(_fields(Missed)),
        "card": {"type": "string", "pattern": "^([2-9TJQKA][shdc]|Jk|\\?\\?)$"},
        "rank": {"enum": [rank.symbol for rank in Rank]},
        "category": {"enum": [category.value for category in Category]},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://homegame.invalid/wire.schema.json",
        "title": "What homegame's server sends (docs/protocol.md) and the values in it (docs/wire.md)",
        "$ref": "#/$defs/message",
        "$defs": defs,
    }


if __name__ == "__main__":
    print(json.dumps(wire_schema(), indent=1))
