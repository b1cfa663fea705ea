"""How hands compare: poker rankings (high, the lows, three-card), badugi, and more.

``get(name, **options)`` returns a ranking; ``ranking.evaluate(cards)`` returns a
:class:`HandValue`: ordered, greater is better in that contest (lows included).

>>> from homegame.ranking import get
>>> get("high").evaluate("As Ks Qs Js Ts").name
'royal flush'
>>> print(get("low-a5", qualifier=8).evaluate("8h 6d 5c 4s 2h 9c Kd").name)
8-6-5-4-2 low
>>> get("high", deck=36).evaluate("As 6d 7c 8h 9s").name
'nine-high straight'
>>> print(get("high", wild="jokers").evaluate("Ac Ad Ah As Jk").name)
five aces
>>> get("hi")
Traceback (most recent call last):
...
homegame.errors.ParseError: unknown ranking 'hi' (known: badugi, dots, high, low-27, low-a5, low-a6, low-reversed, ...)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from homegame.cards import DeckSpec, Rank, SuitOrder, suit_order
from homegame.errors import ParseError
from homegame.ranking.badugi import BadugiRanking
from homegame.ranking.core import Category, HandValue, Ranking, winners
from homegame.ranking.poker import Kind, PokerRanking, SuitTiebreak
from homegame.ranking.spade import SpadeRanking
from homegame.ranking.totals import TotalRanking
from homegame.ranking.wild import WildSpec

__all__ = [
    "BadugiRanking",
    "Category",
    "HandValue",
    "Kind",
    "PokerRanking",
    "Ranking",
    "SpadeRanking",
    "SuitTiebreak",
    "TotalRanking",
    "WildSpec",
    "get",
    "names",
    "winners",
]

_BOOLEANS = {"true": True, "yes": True, "1": True, "on": True, "false": False, "no": False, "0": False, "off": False}
_POKER_OPTIONS = {
    "qualifier",
    "lowest_rank",
    "deck",
    "flush_beats_full_house",
    "three_of_a_kind_beats_straight",
    "suit_tiebreak",
    "suit_order",
    "italian_straight_flush",
    "imperial_flush",
    "ace_high_straight",
    "ace_pair_high",
    "packs",
    "wild",
    "double_ace_flush",
    "natural_beats_wild",
    "fewer_wild_beats_more",
    "more_wild_beats_fewer",
}


_LOW_OR_HIGH: dict[str, type[SpadeRanking | TotalRanking]] = {"spade": SpadeRanking, "total": TotalRanking}
"""Rankings whose only option is ``low``: the best of the cards is the highest, or the lowest."""


def names() -> list[str]:
    """The ranking names :func:`get` knows."""
    return sorted([*(kind.value for kind in Kind), "badugi", "dots", *_LOW_OR_HIGH])


def get(name: str, **options: Any) -> Ranking:
    """A ranking by name, with house-rule options (values may be given as text).

    Names: ``high``, ``low-a5``, ``low-27``, ``low-a6``, ``low-reversed`` (the usual rank of poker
    hands reversed: rule 004's high-low low), ``three-card``, ``badugi``, ``spade``
    (the Chicago spade in the hole; ``low=True`` for Low Chicago), ``total`` (Elimination's totals;
    ``low=True`` for the lowest total), ``dots`` (the Grocery Store's dots).
    Options: see :class:`PokerRanking`; ``deck=36`` is short for the lowest rank
    of that stripped pack; ``wild`` takes a :class:`WildSpec` or its text
    (``"jokers"``, ``"bug"``, ``"2"``, ``"3 9"``, ``"Jh Js"``, ``"lowest-down"``,
    ``"dynamic"``; ``"none"`` for no wild cards).
    """
    key = tuple(sorted((option, _hashable(option, value)) for option, value in options.items()))
    return _get(name.strip().lower(), key)


def _hashable(option: str, value: Any) -> Any:
    """``value`` as a key of the cache: a list a tuple; a table, which no option takes, refused.

    >>> get("high", wild={"rank": 2})
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: wild={'rank': 2}: a ranking option is text, a number or true/false, not a table
    """
    if isinstance(value, dict):
        raise ParseError(f"{option}={value!r:.40}: a ranking option is text, a number or true/false, not a table")
    return tuple(_hashable(option, item) for item in value) if isinstance(value, list) else value


@cache
def _get(name: str, options: tuple[tuple[str, Any], ...]) -> Ranking:
    if name == "badugi":
        if any(option == "wild" and value not in (None, "none", "") for option, value in options):
            raise ParseError("badugi has no wild cards (rules document 004 gives wild cards to poker hands only)")
        if options:
            raise ParseError(f"badugi takes no options (got {', '.join(option for option, _ in options)})")
        return BadugiRanking()
    if name == "dots":
        if options:
            raise ParseError(f"dots takes no options (got {', '.join(option for option, _ in options)})")
        return TotalRanking(count="dots")
    if name in _LOW_OR_HIGH:
        unknown = [option for option, _ in options if option != "low"]
        if unknown:
            raise ParseError(f"{name} takes only the option low (got {', '.join(unknown)})")
        return _LOW_OR_HIGH[name](low=_boolean("low", dict(options).get("low", False)))
    try:
        kind = Kind(name)
    except ValueError:
        raise ParseError(f"unknown ranking {name!r} (known: {', '.join(names())})", token=name) from None
    return PokerRanking(kind=kind, **_poker_options(dict(options)))


def _poker_options(options: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(options) - _POKER_OPTIONS)
    if unknown:
        raise ParseError(f"unknown ranking option {unknown[0]!r} (known: {', '.join(sorted(_POKER_OPTIONS))})")
    result: dict[str, Any] = {}
    for option, value in options.items():
        if option == "deck":
            result["lowest_rank"] = DeckSpec.of_size(_integer(option, value)).lowest_rank
        elif option == "lowest_rank":
            result[option] = value if isinstance(value, Rank) else Rank.parse(str(value))
        elif option in ("qualifier", "packs"):
            result[option] = _integer(option, value)
        elif option == "suit_tiebreak":
            try:
                result[option] = SuitTiebreak(str(value))
            except ValueError:
                known = ", ".join(rule.value for rule in SuitTiebreak)
                raise ParseError(f"suit_tiebreak={value!r}: must be one of {known}") from None
        elif option == "suit_order":
            result[option] = value if isinstance(value, SuitOrder) else suit_order(str(value))
        elif option == "wild":
            result[option] = _wild(value)
        else:
            result[option] = _boolean(option, value)
    return result


def _wild(value: Any) -> WildSpec | None:
    if value is None or isinstance(value, WildSpec):
        return value
    text = str(value).strip()
    return None if text.lower() in ("", "none") else WildSpec.parse(text)


def _integer(option: str, value: Any) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ParseError(f"{option}={value!r}: must be a whole number")


def _boolean(option: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOLEANS:
        return _BOOLEANS[value.strip().lower()]
    raise ParseError(f"{option}={value!r}: must be true or false")
