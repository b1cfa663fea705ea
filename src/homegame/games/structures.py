"""A catalogue game at another betting structure: :func:`at`, and the structures a game allows,
:func:`structures`.

A game's document says its structure once (``betting``), as the house deals it most; sites and home
games deal the same game at others (PokerStars: five-card draw and Omaha hi-lo at no limit and pot
limit, Omaha at fixed limit). The game at another of the three structures is the same document with:

- at fixed limit, each betting round that names no bet size sized as fixed-limit games size them:
  the earlier half of the rounds in small bets, the later half in big bets (hold'em and Omaha: the
  flop and before it small, the turn and river big; a single draw: small, then big); the small
  bet is the game's opening bet (its big blind) and the big bet twice that; a round allows a bet
  and three raises (the house rule ``cap``, 4), unless the game sets its own cap;
- at no limit or pot limit, the least opening bet the game's (its big blind; in a game of fixed
  limit without blinds, its small bet), and no big-bet option on an open pair (a fixed-limit rule);
- its rules page followed by what the structure means.

The game at another structure is named for it, ``omaha@fixed-limit``, and every door that takes
a game's name takes that one (:func:`homegame.games.from_catalogue`): a table's game or its list of
games, ``homegame play``, ``rules``, ``odds`` and ``simulate``, a mixed game's entry, and a PHH
file's ``variant``, so a hand's file deals it again at its structure. A structure the game cannot
be played at (a game without betting, or one whose steps refuse the structure) is refused with a
:class:`~homegame.errors.ParseError` that names the game and why.

>>> from homegame.games import load
>>> omaha = at(load("omaha"), "fixed-limit")
>>> omaha.name, omaha.stakes.small_bet, omaha.stakes.big_bet, load("omaha@fixed-limit") == omaha
('omaha@fixed-limit', 2, 4, True)
>>> [step.size for step in omaha.steps if step.kind == "bet"]
['small', 'small', 'big', 'big']
>>> [structure.value for structure in structures(load("razz"))]
['fixed-limit', 'pot-limit', 'no-limit']
>>> at(load("guts"), "no-limit")
Traceback (most recent call last):
...
homegame.errors.ParseError: guts cannot be played no-limit: it has no betting rounds (its betting is none)
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from homegame.engine.betting import Betting
from homegame.engine.game import Game
from homegame.engine.spec import Fields, Option, Problems
from homegame.errors import ParseError

__all__ = ["STRUCTURES", "at", "structures"]

STRUCTURES = (Betting.FIXED_LIMIT, Betting.POT_LIMIT, Betting.NO_LIMIT)
"""The structures a game may be played at, besides its own."""

CAP = Option(name="cap", default=4, doc="bets and raises allowed in one betting round")
"""Fixed limit's cap, for a game whose document has none."""

_MEANING = {
    Betting.FIXED_LIMIT: (
        "bets and raises are of fixed sizes, the small bet ({small}) in the earlier rounds and the big bet "
        "({big}) in the later ones, and a round allows a bet and {raises} raises."
    ),
    Betting.POT_LIMIT: (
        "a bet is at least {opening} and at most the pot; a raise is at least as big as the last bet or "
        "raise, and at most the pot after you call."
    ),
    Betting.NO_LIMIT: (
        "a bet is at least {opening} and at most everything you have; a raise is at least as big as the last "
        "bet or raise."
    ),
}


def at(game: Game, betting: Betting | str) -> Game:
    """``game`` played at ``betting`` (the game itself at its own structure); see the module docstring."""
    try:
        wanted = Betting(betting)
    except ValueError:
        known = ", ".join(structure.value for structure in STRUCTURES)
        raise ParseError(f"{game.name}: no betting structure {str(betting)[:40]!r} (known: {known})") from None
    return _at(game, wanted)


@cache
def _at(game: Game, betting: Betting) -> Game:
    if betting is game.betting:
        return game
    refused = f"{game.name} cannot be played {betting.value}"
    if betting not in STRUCTURES:
        raise ParseError(f"{refused}: a game is played {', '.join(s.value for s in STRUCTURES)}")
    if game.betting not in STRUCTURES:
        raise ParseError(f"{refused}: it has no betting rounds (its betting is {game.betting.value})")
    rounds = [step for step in game.steps if step.bets]
    stakes, options = game.stakes, game.options
    if betting is Betting.FIXED_LIMIT:
        small = stakes.small_bet or stakes.opening_bet
        stakes = replace(stakes, small_bet=small, big_bet=stakes.big_bet or 2 * small)
        sizes = {id(step): "small" if index < len(rounds) // 2 else "big" for index, step in enumerate(rounds)}
        steps = tuple(step.restructured(betting, sizes.get(id(step), "")) for step in game.steps)
        options = options if game.option("cap") else (*options, CAP)
    else:
        steps = tuple(step.restructured(betting, "") for step in game.steps)
        if not stakes.big_blind and not stakes.min_bet:
            stakes = replace(stakes, min_bet=stakes.small_bet or stakes.opening_bet)
    usual = re.sub(r"(?i)\b(?:pot-limit|no-limit|fixed-limit|limit) ", "", game.title)  # its usual structure's word
    name, title = f"{game.name}@{betting.value}", f"{usual[:1].upper()}{usual[1:]} ({betting.label})"
    played = replace(
        game, name=name, title=title, aliases=(), path="", betting=betting, stakes=stakes, steps=steps, options=options
    )
    problems = Problems(game.name)
    for index, step in enumerate(played.steps):
        step.check_game(played, Fields({}, f"steps[{index}]", problems))
    if problems.items:
        raise ParseError(f"{refused}: {problems.items[0].removeprefix(game.name + ': ')}")
    return replace(played, rules=_rules(game, played))


def _rules(game: Game, played: Game) -> str:
    """The game's rules page, and what its structure here means."""
    stakes = played.stakes
    cap = played.option_values().get("cap", 0)
    meaning = _MEANING[played.betting].format(
        small=stakes.small_bet,
        big=stakes.big_bet,
        raises=(cap - 1 if isinstance(cap, int) and cap else "any number of"),
        opening=stakes.opening_bet,
    )
    usual = f"the rules above are of its usual {game.betting.label}"
    return f"{game.rules.rstrip()}\n\nPlayed here {played.betting.label} ({usual}): {meaning}\n"


def structures(game: Game) -> tuple[Betting, ...]:
    """The structures ``game`` may be played at: its own, and each other one :func:`at` allows."""
    allowed = []
    for betting in STRUCTURES:
        try:
            at(game, betting)
        except ParseError:
            continue
        allowed.append(betting)
    return tuple(allowed)
