"""The PHH variant codes and the catalogue games they name.

The standard has eleven codes, each one game in one betting structure. A hand of any other game
(or of one of these with a house rule the standard does not know) is written with the game's own
catalogue name as its variant, lower case, so it can never be taken for a standard code.

>>> CODES["F7S/8"], code_of("razz")
('stud-hi-lo', 'FR')
>>> code_of("pineapple") is None
True

Files that sites wrote hold a move the catalogue's games do not offer: a fold where a check is free
(PokerStars lets a player make it). Read from a file, a game is played :func:`as_sites_deal` it,
with the house rule ``free_fold`` in force; a hand dealt so is still the catalogue's game
(:func:`as_listed`).
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from homegame.engine.spec import Option
from homegame.engine.steps.base import STEP_KINDS, Step

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.engine.hand import Setup

__all__ = ["CODES", "FREE_FOLD", "as_listed", "as_sites_deal", "code_of", "plain"]

CODES: dict[str, str] = {
    "FT": "limit-holdem",
    "NT": "holdem",
    "NS": "short-deck",
    "PO": "omaha",
    "FO/8": "omaha-hi-lo",
    "F7S": "stud",
    "F7S/8": "stud-hi-lo",
    "FR": "razz",
    "N2L1D": "2-7-single-draw",
    "F2L3D": "2-7-triple-draw",
    "FB": "badugi",
}
"""Each standard code and the catalogue game it names."""

_NAMES = {name: code for code, name in CODES.items()}


def code_of(name: str) -> str | None:
    """The standard code of a catalogue game, or ``None`` when the standard has none."""
    return _NAMES.get(name)


FREE_FOLD = Option(
    name="free_fold",
    default=True,
    doc="a player may fold where a check is free (PokerStars lets a player do so; the fold is binding)",
)
"""The house rule of a fold where a check is free, in force (:mod:`homegame.engine.steps.bet`)."""


def as_sites_deal(game: Game) -> Game:
    """``game`` as the sites whose files we read deal it: a player may fold where a check is free.

    >>> from homegame.games import load
    >>> as_sites_deal(load("holdem")).option_values()["free_fold"]
    True
    """
    if game.option(FREE_FOLD.name) is not None:
        return game
    return replace(game, options=(*game.options, FREE_FOLD))


def as_listed(setup: Setup, catalogue: Game) -> bool:
    """Whether ``setup`` deals ``catalogue``'s game as the catalogue lists it: its steps (as
    :func:`plain` gives them; antes too, which tournaments add), the house rules at their defaults
    (but for free folds, which sites allow: :func:`as_sites_deal`) and no pot carried in.

    >>> from homegame.engine import Hand
    >>> from homegame.games import load
    >>> holdem = load("holdem")
    >>> [as_listed(Hand(game, [50, 50], seed=1).setup, holdem) for game in (holdem, as_sites_deal(holdem))]
    [True, True]
    """
    options = dict(setup.options)
    if catalogue.option(FREE_FOLD.name) is None and options.get(FREE_FOLD.name) is True:
        del options[FREE_FOLD.name]
    steps = plain(setup.game).steps
    if not any(step.posts_antes for step in catalogue.steps):  # a tournament's antes are the game's own
        steps = tuple(step for step in steps if not step.posts_antes)
    return steps == catalogue.steps and options == catalogue.option_values() and not setup.carried


def plain(game: Game) -> Game:
    """``game`` with each step as a game document gives it: a step as a file reads it (replay's
    showdown, which knows who mucked) becomes the step it reads.

    >>> from homegame.games import load
    >>> plain(load("razz")) == load("razz")
    True
    """
    steps = tuple(
        step if type(step) is STEP_KINDS[step.kind] else STEP_KINDS[step.kind](**_fields(step, STEP_KINDS[step.kind]))
        for step in game.steps
    )
    return game if steps == game.steps else replace(game, steps=steps)


def _fields(step: Step, kind: type[Any]) -> dict[str, object]:
    """The fields of ``step`` that ``kind``, a dataclass it derives from, has."""
    return {item.name: getattr(step, item.name) for item in fields(kind)}
