"""A game: everything a game document says, validated, as one frozen value.

The loader (:mod:`homegame.games`) builds a :class:`Game` from TOML; the engine
plays it. A game holds no code of its own: its ``steps`` are instances of the
registered step kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from homegame.cards import DeckSpec
from homegame.engine.betting import Betting, Stakes
from homegame.engine.spec import Option, OptionValue
from homegame.engine.steps.base import Step
from homegame.errors import ParseError

__all__ = ["Family", "Game", "Option", "OptionValue", "players_words"]


def players_words(players: tuple[int, int]) -> str:
    """A table size as people say it: the fewest and most players, once when they are the same.

    >>> players_words((2, 2)), players_words((3, 8))
    ('2 players', '3 to 8 players')
    """
    low, high = players
    return f"{low} players" if low == high else f"{low} to {high} players"


class Family(StrEnum):
    """Where a game sits among the variant families of rules document 004."""

    COMMUNITY = "community"
    STUD = "stud"
    DRAW = "draw"
    OTHER = "other"


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """A validated game: identity, table size, deck, betting, stakes, house rules, rules text, steps."""

    name: str
    title: str
    family: Family
    aliases: tuple[str, ...] = ()
    players: tuple[int, int] = (2, 10)
    deck: DeckSpec = field(default_factory=DeckSpec)
    betting: Betting
    stakes: Stakes
    options: tuple[Option, ...] = ()
    rules: str = ""
    source: str | None = None
    steps: tuple[Step, ...]
    path: str = ""
    bomb: bool = False
    """True for the game as a bomb pot deals it (:meth:`bomb_pot`): histories say so, to deal it again."""
    _variants: dict[tuple[tuple[str, OptionValue], ...], Game] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __repr__(self) -> str:
        """The call that loads the game: its catalogue name, or the document's path.

        >>> from homegame.games import load
        >>> load("holdem")
        load('holdem')
        """
        where = Path(self.path)
        catalogued = not self.path or (where.parent.name == "catalogue" and where.stem == self.name)
        return f"load({self.name if catalogued else self.path!r})"

    def option(self, name: str) -> Option | None:
        """The house-rule option called ``name``, if the game has it."""
        return next((option for option in self.options if option.name == name), None)

    def option_values(self, overrides: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The house rules in force: the defaults, changed by ``overrides`` (checked and typed).

        >>> from homegame.games import load
        >>> load("stud-declare").option_values({"cap": "5"})["cap"]
        5
        """
        values = {option.name: option.default for option in self.options}
        for name, value in (overrides or {}).items():
            option = self.option(name)
            if option is None:
                known = ", ".join(values) or "none"
                raise ParseError(f"{self.name} has no option {name!r} (known: {known})", token=name)
            values[name] = option.coerce(value)
        return values

    def under(self, options: Mapping[str, OptionValue]) -> Game:
        """The game as the house rules in force (``options``, all of them, as
        :meth:`option_values` gives them) play it: its steps made up anew where the rules change
        them (:meth:`~homegame.engine.steps.base.Step.under`), or the game itself.

        >>> from homegame.games import load
        >>> push = load("push")
        >>> push.under(push.option_values()) is push
        True
        >>> print(push.under(push.option_values({"low": "low-a5", "qualifier": 8})).steps[-1].describe())
        Showdown: the pot is shared between high (high, best-5), low (low-a5 qualifier=8, best-5).
        """
        key = tuple(options.items())
        game = self._variants.get(key)
        if game is None:
            steps = tuple(step.under(options) for step in self.steps)
            same = all(new is old for new, old in zip(steps, self.steps, strict=True))
            game = self if same else replace(self, steps=steps)
            self._variants[key] = game
        return game

    @property
    def has_blinds(self) -> bool:
        """True for a game whose hands start with blinds (one a live straddle may be posted in)."""
        return any(step.kind == "blinds" for step in self.steps)

    def straddled(self) -> Game:
        """The game with a live straddle (Robert's Rules of Poker, "Button and blind use": a
        straddle is "a voluntary blind bet" made before the cards are dealt): the seat after the big
        blind posts the stakes' ``straddle`` (twice the big blind, :meth:`Table.deal`), the action
        then starts after the straddler, and the straddler acts last before the flop.

        >>> from homegame.games import load
        >>> load("holdem").straddled().steps[0].describe()
        'The two players left of the button post the small and big blinds; the next one straddles.'
        """
        return replace(self, steps=tuple(step.straddled() for step in self.steps))

    @property
    def has_flop(self) -> bool:
        """True for a game that deals community cards face up to the board: one a bomb pot may start
        at (:meth:`bomb_pot`)."""
        return any(step.deals_board for step in self.steps)

    def bomb_pot(self) -> Game:
        """The game as a bomb pot deals it: every seat antes (the stakes' ``ante``: the amount
        called), no blinds are posted, there is no betting before the flop and the hand starts at
        the flop. Each step says what it becomes (:meth:`~homegame.engine.steps.base.Step.bombed`).
        A game without a flop (no community cards) has no bomb pot: :class:`ParseError` says so.

        >>> from homegame.games import load
        >>> print(*(step.describe() for step in load("holdem").bomb_pot().steps[:3]), sep="\\n")
        Everyone antes.
        Each player is dealt two cards down.
        Burn a card, then three cards to the board.
        >>> load("razz").bomb_pot()
        Traceback (most recent call last):
        ...
        homegame.errors.ParseError: Razz (seven-card stud, ace-to-five low) has no flop: a bomb pot starts at the flop
        """
        flop = next((at for at, step in enumerate(self.steps) if step.deals_board), None)
        if flop is None:
            raise ParseError(f"{self.title} has no flop: a bomb pot starts at the flop", token=self.name)
        steps = [bombed for at, step in enumerate(self.steps) if (bombed := step.bombed(at < flop)) is not None]
        antes = [at for at, step in enumerate(steps) if step.kind == "antes"]  # once, if the blinds became antes too
        steps = [step for at, step in enumerate(steps) if at not in antes[1:]]
        return replace(self, title=f"{self.title}, bomb pot", steps=tuple(steps), bomb=True)
