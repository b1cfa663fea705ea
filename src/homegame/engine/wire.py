"""The JSON of every value that crosses a door: actions, legal descriptors, events, views, results.

This is what the server sends and reads, byte for byte (``docs/wire.md`` is the schema). Cards are
written in notation (``As``), a card the reader may not see as ``??``; every other value is a JSON
object, a list, a string, a whole number, a boolean or ``null``.

>>> from homegame.engine.actions import RaiseTo
>>> to_json(RaiseTo(60))
{'kind': 'raise_to', 'amount': 60}
>>> action_from_json({"kind": "draw", "cards": ["Kc", "2d"]})
Draw(cards=(Card('Kc'), Card('2d')))

Reading is strict: what comes from outside is refused whole, with a reason, before anything uses it.

>>> action_from_json({"kind": "raise_to", "amount": 4.5})
Traceback (most recent call last):
...
homegame.errors.ParseError: raise_to: amount must be a whole number, not 4.5

A view goes out and comes back the same:

>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> hand = Hand(load("holdem"), [100, 100, 100], deck="As Kd Qh Jc Ts 9d")
>>> data = to_json(hand.view(1))
>>> data["seats"][1]["down"], data["seats"][0]["down"], data["legal"]
(['As', 'Jc'], None, [])
>>> view_from_json(data) == hand.view(1)
True
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeAlias

from homegame.cards import Card, Rank
from homegame.engine.actions import (
    ACTIONS,
    DESCRIPTORS,
    Action,
    ActionKind,
    AmountLegal,
    CardsLegal,
    ChoiceLegal,
    DivideLegal,
    Legal,
    PlaceLegal,
    PlainLegal,
)
from homegame.engine.describe import describe, judged_text, names_for
from homegame.engine.events import Declaration, Event, HandResult, Judged, Made, Missed, Names, Prompt
from homegame.engine.judge import Judge
from homegame.engine.pots import Pot
from homegame.engine.view import SeatView, View, WildCards
from homegame.errors import ParseError
from homegame.ranking import Category, HandValue

__all__ = [
    "HIDDEN",
    "JSON",
    "action_from_json",
    "event_from_json",
    "event_json",
    "event_pots",
    "events_json",
    "legal_from_json",
    "prompt_json",
    "result_from_json",
    "result_json",
    "to_json",
    "view_from_json",
    "view_json",
]

JSON: TypeAlias = bool | int | str | list["JSON"] | dict[str, "JSON"] | None
"""A JSON value as Python holds it."""

HIDDEN = "??"
"""A card the reader may not see."""

MAX_AMOUNT = 10**15
"""The largest chip amount read from outside (far above any real stack, far below trouble)."""

MAX_CARDS = 64
"""The most cards one value read from outside may name."""

# -- writing -------------------------------------------------------------------------------------


def to_json(value: object) -> JSON:
    """``value`` (an action, legal descriptor, event, view or one seat of it, result, pot, card,
    or a tuple of them) as JSON.

    >>> from homegame.engine.actions import ActionKind, ChoiceLegal
    >>> to_json(ChoiceLegal(ActionKind.BUY, ("option",), prices=(3,)))
    {'kind': 'buy', 'form': 'choice', 'choices': [{'name': 'option', 'price': 3}]}
    """
    if isinstance(value, Rank):  # before int: a rank is an IntEnum
        return value.symbol
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, Action):
        return {"kind": value.kind.value, **_fields(value)}
    if isinstance(value, Legal):
        return _legal(value)
    if isinstance(value, Event):
        return _event(value, describe(value, {}))
    if isinstance(value, Judged):
        return {**_fields(value), "made": to_json(value.made), "text": judged_text(value)}
    if isinstance(value, Made | Missed | WildCards):
        return _fields(value)
    if isinstance(value, View):
        return view_json(value, names_for({}, value.viewer))
    if isinstance(value, SeatView):
        return _seat(value)
    if isinstance(value, HandResult):
        return _result(value, {})
    if isinstance(value, Pot):
        return {"amount": value.amount, "eligible": list(value.eligible)}
    if isinstance(value, HandValue):
        return typing.cast(JSON, value.to_json())
    raise TypeError(f"no JSON form for {type(value).__name__}")


def _fields(value: object) -> dict[str, JSON]:
    """A dataclass's compared fields as JSON (fields kept out of comparison are machinery)."""
    return {
        field.name: to_json(getattr(value, field.name))
        for field in dataclasses.fields(typing.cast(Any, value))
        if field.compare
    }


def _legal(legal: Legal) -> dict[str, JSON]:
    out: dict[str, JSON] = {"kind": legal.kind.value, "form": legal.form}
    if isinstance(legal, PlainLegal):
        if legal.chips:
            out.update(amount=legal.chips)
    elif isinstance(legal, AmountLegal):
        out.update(min=legal.min, max=legal.max)
        if legal.step:
            out.update(step=legal.step)
    elif isinstance(legal, CardsLegal):
        out.update(min=legal.min, max=legal.max, cards=to_json(legal.cards), price=legal.price)
    elif isinstance(legal, ChoiceLegal):
        out.update(choices=[{"name": name, "price": legal.price(name)} for name in legal.choices])
    elif isinstance(legal, DivideLegal):
        splits = [to_json(hands) for hands in legal.splits]
        out.update(cards=to_json(legal.cards), sizes=list(legal.sizes), splits=splits or None)
        if legal.names:
            out.update(names=list(legal.names))
        if legal.rule:
            out.update(rule=legal.rule)
    elif isinstance(legal, PlaceLegal):
        out.update(cards=to_json(legal.cards), rows=list(legal.rows))
    return out


def _event(event: Event, text: str) -> dict[str, JSON]:
    """An event's fields (a won pot's number as ``pot_index``), the chips it moves when it moves
    some, and its ``text``, the event in words."""
    out: dict[str, JSON] = {"type": _snake(type(event).__name__)}
    for name, value in _fields(event).items():
        out[_WIRE_NAMES.get(name, name)] = value
    hand = getattr(event, "hand", None)
    if isinstance(hand, str):
        out["hand"] = hand
    if event.chips:
        out["chips"] = event.chips
    out["text"] = text
    return out


_WIRE_NAMES = {"pot": "pot_index"}
"""An event's fields written under another name (a won pot's number: ``pot`` on the wire is the
pot after each event)."""


def events_json(events: tuple[Event, ...], pot: int, names: Names, start: int = 0) -> list[JSON]:
    """The events of a view from ``start`` on as JSON, each with ``pot``, the chips in the middle
    once it has happened (``pot``: after the last of them), and its ``text`` for the viewer whose
    ``names`` they are.

    >>> from homegame.engine.events import Posted
    >>> [(e["pot"], e["text"]) for e in events_json((Posted(0, "ante", 1), Posted(1, "ante", 1)), 9, {1: "you"})]
    [(8, 'seat 0 posts an ante 1'), (9, 'you post an ante 1')]
    """
    pots = event_pots(events, pot, start)
    return [event_json(event, pot, describe(event, names)) for event, pot in zip(events[start:], pots, strict=True)]


def event_pots(events: tuple[Event, ...], pot: int, start: int = 0) -> list[int]:
    """The pot once each event from ``start`` on has happened, ``pot`` the pot after the last: the
    chips each event moves (:attr:`~homegame.engine.events.Event.chips`) are all that change it.

    >>> from homegame.engine.events import Posted, Won
    >>> event_pots((Posted(0, "ante", 1), Posted(1, "ante", 1), Won(seat=0, amount=2)), 0)
    [1, 2, 0]
    """
    after = [pot]
    for event in reversed(events[start + 1 :]):
        after.append(after[-1] - event.chips)
    after.reverse()
    return after[: len(events) - start]


def event_json(event: Event, pot: int, text: str) -> dict[str, JSON]:
    """One event of a view as JSON: its fields, ``pot`` after it and its ``text`` (see :func:`events_json`)."""
    return {**_event(event, text), "pot": pot}


def result_json(result: HandResult, names: Names) -> dict[str, JSON]:
    """A hand's result as JSON, its awards told with the seats called by ``names``."""
    return _result(result, names)


def _result(result: HandResult, names: Names) -> dict[str, JSON]:
    return {
        "stacks": list(result.stacks),
        "net": list(result.net),
        "awards": [_event(won, describe(won, names)) for won in result.awards],
        "carried": result.carried,
        "continues": result.continues,
        "declared": [{**_fields(declaration), "text": declaration.describe(names)} for declaration in result.declared],
    }


def view_json(view: View, names: Names) -> dict[str, JSON]:
    """``view`` as JSON, its events and awards told with the seats called by ``names`` (the
    viewer's seat ``you``: see :func:`~homegame.engine.describe.names_for`)."""
    return {
        "game": view.game,
        "viewer": view.viewer,
        "button": view.button,
        "seats": [_seat(seat) for seat in view.seats],
        "board": to_json(view.board),
        "rows": {name: to_json(cards) for name, cards in view.rows},
        "pots": to_json(view.pots),
        "pot": view.pot,
        "to_act": list(view.to_act),
        "legal": to_json(view.legal),
        "wild_rank": to_json(view.wild_rank),
        "over": view.over,
        "result": None if view.result is None else _result(view.result, names),
        "events": events_json(view.events, view.pot, names),
        "wild": to_json(view.wild),
        "hands": to_json(view.hands),
        "pot_after_call": view.pot_after_call,
        "pot_sizes": list(view.pot_sizes),
        "runouts": [to_json(board) for board in view.runouts],
        "prompt": prompt_json(view.prompt, names),
    }


def prompt_json(prompt: Prompt | None, names: Names) -> JSON:
    """What a decision asks of the viewer (``None``: it says nothing): its ``text`` and seat ``to``
    as the engine says them, and ``says``, the words for the reader (the seat named).

    >>> prompt_json(Prompt(text="Push it to {to}.", to=1), {1: "bob"})
    {'text': 'Push it to {to}.', 'to': 1, 'says': 'Push it to bob.'}
    """
    return None if prompt is None else {**_fields(prompt), "says": prompt.describe(names)}


def _seat(seat: SeatView) -> dict[str, JSON]:
    out = _fields(seat)
    out["placed"] = {name: [HIDDEN if card is None else str(card) for card in cards] for name, cards in seat.placed}
    return out


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


# -- reading -------------------------------------------------------------------------------------


def action_from_json(data: object) -> Action:
    """The action ``data`` describes, or :class:`ParseError` saying what is wrong with it.

    >>> action_from_json({"kind": "split", "hands": [["As", "Ks", "Qs", "Js", "9s"], ["2c", "2d"]]}).kind
    ActionKind.SPLIT
    >>> action_from_json({"kind": "fold", "seat": 3})
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: fold: unknown field 'seat'
    """
    obj = _object(data, "an action")
    kind = obj.get("kind")
    cls = _ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ParseError(f"{_short(kind)} is not an action kind ({', '.join(_ACTIONS)})", token=_short(kind))
    action: Action = _build(cls, obj, str(kind), skip=("kind",))
    for field in dataclasses.fields(action):
        amount = getattr(action, field.name)
        if isinstance(amount, int) and amount < 0:
            problem = f"{field.name} must be a whole number of chips >= 0, not {amount}"
            raise ParseError(f"{kind}: {problem}", token=str(kind))
    return action


def legal_from_json(data: object) -> Legal:
    """The legal descriptor ``data`` describes (the inverse of :func:`to_json` for a descriptor).

    >>> from homegame.cards import parse
    >>> legal = CardsLegal(ActionKind.DRAW, parse("As Kd 7c"), max=3)
    >>> legal_from_json(to_json(legal)) == legal
    True
    >>> legal_from_json({"kind": "fold", "form": "amount", "min": 1, "max": 2})
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: legal fold: the form of fold is plain, not 'amount'
    """
    obj = _object(data, "a legal descriptor")
    name = _get(obj, "kind", str, "legal")
    where = f"legal {name}"
    try:
        kind = ActionKind(name)
    except ValueError:
        raise ParseError(f"{_short(name)} is not an action kind", token=_short(name)) from None
    cls = DESCRIPTORS[kind]
    if obj.get("form") != cls.form:
        raise ParseError(f"{where}: the form of {kind} is {cls.form}, not {_short(obj.get('form'))}", token=name)
    if cls is PlainLegal:
        return PlainLegal(kind, chips=_get(obj, "amount", int, where) if "amount" in obj else 0)
    if cls is AmountLegal:
        step = _get(obj, "step", int, where) if "step" in obj else 0
        return AmountLegal(kind, min=_get(obj, "min", int, where), max=_get(obj, "max", int, where), step=step)
    if cls is ChoiceLegal:
        choices = [_object(choice, where) for choice in _list(obj.get("choices"), where)]
        names = tuple(_get(choice, "name", str, where) for choice in choices)
        prices = tuple(_get(choice, "price", int, where) for choice in choices)
        return ChoiceLegal(kind, names, prices=prices if kind is ActionKind.BUY else ())
    cards = _cards(obj.get("cards"), where)
    if cls is CardsLegal:
        price = _get(obj, "price", int, where)
        return CardsLegal(kind, cards, min=_get(obj, "min", int, where), max=_get(obj, "max", int, where), price=price)
    if cls is DivideLegal:
        splits = obj.get("splits")
        allowed = tuple(
            tuple(_cards(part, where) for part in _list(split, where))
            for split in ([] if splits is None else _list(splits, where))
        )
        sizes = tuple(_amount(size, where) for size in _list(obj.get("sizes"), where))
        names = tuple(_text(name, where) for name in _list(obj["names"], where)) if "names" in obj else ()
        if names and len(names) != len(sizes):
            raise ParseError(f"{where}: names: one a hand, {len(sizes)} of them", token="names")
        rule = _text(obj["rule"], where) if "rule" in obj else ""
        return DivideLegal(kind, cards, sizes=sizes, splits=allowed, names=names, rule=rule)
    rows = tuple(_text(row, where) for row in _list(obj.get("rows"), where))
    return PlaceLegal(kind, cards, rows=rows)


def event_from_json(data: object) -> Event:
    """The event ``data`` describes (the inverse of :func:`to_json` for an event; a won pot comes
    back without its judge, so its hand is named no more).

    >>> from homegame.engine.events import Dealt
    >>> dealt = Dealt(seat=1, cards=(Card.parse("As"),), up=True)
    >>> event_from_json(to_json(dealt)) == dealt
    True
    """
    obj = _object(data, "an event")
    name = obj.get("type")
    cls = _events().get(name) if isinstance(name, str) else None
    if cls is None:
        raise ParseError(f"{_short(name)} is not an event type", token=_short(name))
    fields = {_READ_NAMES.get(key, key): value for key, value in obj.items() if key != "pot"}
    event: Event = _build(cls, fields, str(name), skip=("type", "text", "hand", "chips"))
    return event


def result_from_json(data: object) -> HandResult:
    """The hand result ``data`` describes."""
    obj = _object(data, "a result")
    awards = tuple(event_from_json(won) for won in _list(obj.get("awards"), "result"))
    return HandResult(
        stacks=tuple(_amount(stack, "result") for stack in _list(obj.get("stacks"), "result")),
        net=tuple(_number(net, "result") for net in _list(obj.get("net"), "result")),
        awards=typing.cast(Any, awards),
        carried=_get(obj, "carried", int, "result"),
        continues=_get(obj, "continues", bool, "result"),
        declared=tuple(
            _build(Declaration, _object(item, "result declared"), "result declared", skip=("text",))
            for item in _list(obj.get("declared", []), "result")
        ),
    )


def view_from_json(data: object) -> View:
    """The view ``data`` describes (what :func:`to_json` wrote for a view), for a client that
    renders it (``homegame join``)."""
    obj = _object(data, "a view")
    seats = []
    for item in _list(obj.get("seats"), "view"):
        seat = _object(item, "view seat")
        placed = _object(seat.get("placed", {}), "view seat placed")
        rows = tuple(
            (name, tuple(None if card == HIDDEN else _card(card, "placed") for card in _list(cards, "placed")))
            for name, cards in placed.items()
        )
        seats.append(_build(SeatView, {**seat, "placed": []}, "view seat", skip=()))
        seats[-1] = dataclasses.replace(seats[-1], placed=rows)
    result = obj.get("result")
    rows_obj = _object(obj.get("rows", {}), "view rows")
    wild = obj.get("wild_rank")
    return View(
        game=_get(obj, "game", str, "view"),
        viewer=None if obj.get("viewer") is None else _get(obj, "viewer", int, "view"),
        button=_get(obj, "button", int, "view"),
        seats=tuple(seats),
        board=_cards(obj.get("board"), "view board"),
        rows=tuple((name, _cards(cards, "view rows")) for name, cards in rows_obj.items()),
        pots=tuple(
            Pot(
                _get(_object(pot, "pot"), "amount", int, "pot"),
                tuple(_amount(seat, "pot") for seat in _list(_object(pot, "pot").get("eligible"), "pot")),
            )
            for pot in _list(obj.get("pots"), "view")
        ),
        pot=_get(obj, "pot", int, "view"),
        to_act=tuple(_amount(seat, "view") for seat in _list(obj.get("to_act"), "view")),
        legal=tuple(legal_from_json(legal) for legal in _list(obj.get("legal"), "view")),
        wild_rank=None if wild is None else Rank.parse(_text(wild, "view wild_rank")),
        over=_get(obj, "over", bool, "view"),
        result=None if result is None else result_from_json(result),
        events=tuple(event_from_json(event) for event in _list(obj.get("events"), "view")),
        wild=_build(WildCards, _object(obj.get("wild", {}), "view wild"), "view wild", skip=()),
        hands=tuple(_judged(judged, "view hands") for judged in _list(obj.get("hands", []), "view")),
        pot_after_call=None if obj.get("pot_after_call") is None else _get(obj, "pot_after_call", int, "view"),
        pot_sizes=tuple(_amount(size, "view pot_sizes") for size in _list(obj.get("pot_sizes", []), "view")),
        runouts=tuple(_cards(board, "view runouts") for board in _list(obj.get("runouts", []), "view")),
        prompt=None
        if obj.get("prompt") is None
        else _build(Prompt, _object(obj["prompt"], "view prompt"), "view prompt", skip=("says",)),
    )


def _judged(data: object, where: str) -> Judged:
    """A hand as a showdown judged it: the cards it was made from, and ``made``, what they make."""
    obj = _object(data, where)
    made: Made = _build(Made, _object(obj.get("made"), f"{where}: made"), f"{where}: made", skip=())
    judged: Judged = _build(Judged, obj, where, skip=("made", "text"))
    return dataclasses.replace(judged, given=made)


# -- the strict readers --------------------------------------------------------------------------

_ACTIONS: dict[str, type[Action]] = {kind.value: cls for kind, cls in ACTIONS.items()}


@functools.cache
def _events() -> dict[str, type[Event]]:
    """Every event type by its JSON name (the step kinds define some of their own)."""
    import homegame.engine.steps  # noqa: F401  (registers the step kinds and their events)

    found: dict[str, type[Event]] = {}
    todo = [Event]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            found[_snake(sub.__name__)] = sub
            todo.append(sub)
    return found


_READ_NAMES = {wire: name for name, wire in _WIRE_NAMES.items()}

_NAMES = {"Card": Card, "Rank": Rank, "Action": Action, "Judge": Judge, "HandValue": HandValue}


def _build(cls: type[Any], obj: dict[str, object], where: str, *, skip: tuple[str, ...]) -> Any:
    """An instance of the dataclass ``cls`` from ``obj``, each field read by its declared type."""
    hints, known = _shape(cls)
    for key in obj:
        if key not in known and key not in skip:
            raise ParseError(f"{where}: unknown field {_short(key)}", token=str(key))
    values = {}
    for name, field in known.items():
        if name in obj:
            values[name] = _read(hints[name], obj[name], f"{where}: {name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise ParseError(f"{where}: {name} is missing", token=name)
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise ParseError(f"{where}: {error}", token=where) from None


_SHAPES: dict[type[Any], tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]] = {}


def _shape(cls: type[Any]) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """The declared types of a dataclass's fields, and the fields a reader may give (worked out once
    a type)."""
    if cls not in _SHAPES:
        known = {field.name: field for field in dataclasses.fields(cls) if field.init and field.compare}
        _SHAPES[cls] = typing.get_type_hints(cls, localns=_NAMES), known
    return _SHAPES[cls]


def _read(tp: Any, data: object, where: str) -> object:
    """``data`` read as the type ``tp`` (the few shapes the door values use)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(tp)
        if data is None and type(None) in options:
            return None
        rest = [option for option in options if option is not type(None)]
        return _read(rest[0], data, where) if len(rest) == 1 else _read_any(rest, data, where)
    if origin is tuple:
        args = typing.get_args(tp)
        items = _list(data, where)
        if len(args) == 2 and args[1] is Ellipsis:
            if len(items) > MAX_CARDS:
                raise ParseError(f"{where}: too many items ({len(items)})", token=where)
            return tuple(_read(args[0], item, where) for item in items)
        if len(items) != len(args):
            raise ParseError(f"{where}: expected {len(args)} items, not {len(items)}", token=where)
        return tuple(_read(arg, item, where) for arg, item in zip(args, items, strict=True))
    reader = _READERS.get(tp)
    if reader is None:
        raise ParseError(f"{where}: cannot be read from JSON", token=where)
    return reader(data, where)


def _read_any(options: list[Any], data: object, where: str) -> object:
    for option in options:
        try:
            return _read(option, data, where)
        except ParseError:
            continue
    raise ParseError(f"{where}: {_short(data)} is not a valid value", token=where)


def _object(data: object, where: str) -> dict[str, object]:
    if not isinstance(data, dict) or not all(isinstance(key, str) for key in data):
        raise ParseError(f"{where} must be a JSON object, not {_short(data)}", token=where)
    return data


def _list(data: object, where: str) -> list[object]:
    if not isinstance(data, list):
        raise ParseError(f"{where}: expected a list, not {_short(data)}", token=where)
    return data


def _number(data: object, where: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise ParseError(f"{where} must be a whole number, not {_short(data)}", token=where)
    if abs(data) > MAX_AMOUNT:
        raise ParseError(f"{where}: {data} is out of range", token=where)
    return data


def _amount(data: object, where: str) -> int:
    number = _number(data, where)
    if number < 0:
        raise ParseError(f"{where} must not be negative, not {number}", token=where)
    return number


def _text(data: object, where: str) -> str:
    if not isinstance(data, str) or len(data) > 200:
        raise ParseError(f"{where} must be a short string, not {_short(data)}", token=where)
    return data


def _flag(data: object, where: str) -> bool:
    if not isinstance(data, bool):
        raise ParseError(f"{where} must be true or false, not {_short(data)}", token=where)
    return data


def _card(data: object, where: str) -> Card:
    return Card.parse(_text(data, where))


def _cards(data: object, where: str) -> tuple[Card, ...]:
    items = _list(data, where)
    if len(items) > MAX_CARDS:
        raise ParseError(f"{where}: too many cards ({len(items)})", token=where)
    return tuple(_card(item, where) for item in items)


def _rank(data: object, where: str) -> Rank:
    return Rank.parse(_text(data, where))


def _category(data: object, where: str) -> Category:
    try:
        return Category(_text(data, where))
    except ValueError:
        raise ParseError(f"{where}: {_short(data)} is not a hand category", token=where) from None


_READERS: dict[object, Callable[[object, str], object]] = {
    int: _number,
    str: _text,
    bool: _flag,
    Card: _card,
    Rank: _rank,
    Action: lambda data, where: action_from_json(data),
    Category: _category,
    Judged: _judged,
    Made: lambda data, where: _build(Made, _object(data, where), where, skip=()),
    Missed: lambda data, where: _build(Missed, _object(data, where), where, skip=()),
}


_TYPES = {int: int, str: str, bool: bool}


def _get(obj: dict[str, object], name: str, tp: type[Any], where: str) -> Any:
    """Field ``name`` of ``obj``, read as ``tp``."""
    if name not in obj:
        raise ParseError(f"{where}: {name} is missing", token=name)
    return _READERS[_TYPES[tp]](obj[name], f"{where}: {name}")


def _short(data: object) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."
