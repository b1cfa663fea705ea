"""A hand's setup and its chance: what a hand is dealt from (the game, the stacks, the button, the
stakes, the house rules, a pot carried in, the blinds owed), checked at the door, and where its
randomness comes from, every shuffle recorded (:class:`~homegame.engine.hand.Hand` plays them).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

from homegame.cards import Card
from homegame.engine.betting import Post, Stakes
from homegame.engine.game import Game, OptionValue
from homegame.engine.guard import MAX_TEXT, chips
from homegame.errors import ParseError

__all__ = ["Chance", "Setup"]

_STAKES = tuple(field.name for field in fields(Stakes))


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup:
    """Everything a hand starts from except its randomness: game, stacks, button, stakes, house rules,
    chips carried over from an earlier deal, and ``posts``: forced bets single seats owe on top of
    the game's (a missed blind made up), which the game's ``blinds`` step posts after its own.
    ``run_it_twice``: the table's option to run the rest of the board twice when every seat still in
    agrees (:mod:`homegame.engine.runout`)."""

    game: Game
    stacks: tuple[int, ...]
    button: int = 0
    stakes: Stakes
    options: tuple[tuple[str, OptionValue], ...] = ()
    carried: int = 0
    posts: tuple[Post, ...] = ()
    run_it_twice: bool = False
    mucks: tuple[int, ...] = ()
    """Seats that throw their hand away at the showdown when the rules let them (it wins nothing,
    they did not make the last bet or raise, nobody was all in): :class:`~homegame.engine.events.Mucked`.
    Empty (the default): every hand still in is shown."""

    def check(self) -> None:
        """Refuse a setup whose stacks, button, stakes, carried pot, owed posts or house rules are not
        well typed and bounded (a :class:`ParseError` naming the field)."""
        game = self.game
        if not isinstance(game, Game):
            raise ParseError(f"game: must be a Game (games.load gives one), not {type(game).__name__}", token="game")
        for index, stack in enumerate(self.stacks):
            chips(stack, f"stacks[{index}]", low=1)
        # one cap for every amount, the winner's stack too (a PHH file is read back under the same cap)
        chips(sum(self.stacks) + (self.carried if type(self.carried) is int else 0), "stacks and carried pot together")
        if type(self.button) is not int or not 0 <= self.button < len(self.stacks):
            raise ParseError(f"button: must be a seat 0..{len(self.stacks) - 1}, not {self.button!r}", token="button")
        chips(self.carried, "carried")
        for index, post in enumerate(self.posts):
            where = f"posts[{index}]"
            if type(post.seat) is not int or not 0 <= post.seat < len(self.stacks):
                raise ParseError(
                    f"{where}.seat: must be a seat 0..{len(self.stacks) - 1}, not {post.seat!r}", token=where
                )
            chips(post.amount, f"{where}.amount")
            if not isinstance(post.name, str) or not 0 < len(post.name) <= MAX_TEXT or type(post.live) is not bool:
                raise ParseError(f"{where}: a name of 1 to {MAX_TEXT} characters and live true or false", token=where)
        if type(self.run_it_twice) is not bool:
            raise ParseError(f"run_it_twice: true or false, not {self.run_it_twice!r}", token="run_it_twice")
        if any(type(seat) is not int or not 0 <= seat < len(self.stacks) for seat in self.mucks):
            raise ParseError(f"mucks: seats 0..{len(self.stacks) - 1}, not {self.mucks!r}", token="mucks")
        if not isinstance(self.stakes, Stakes):
            raise ParseError(f"stakes: must be Stakes, not {type(self.stakes).__name__}", token="stakes")
        for name in _STAKES:
            chips(getattr(self.stakes, name), f"stakes.{name}")
        for name, value in self.options:
            option = game.option(name) if isinstance(name, str) else None
            if option is None:
                raise ParseError(f"options: {game.name} has no option {name!r}", token=str(name))
            if type(value) is not type(option.default) or option.coerce(value) != value:
                raise ParseError(f"options.{name}: {value!r} is not a value of this house rule", token=name)


class Chance:
    """Where a hand's randomness comes from, every shuffle recorded.

    Recorded orders (``record``) are played back first; after them, ``rng``
    shuffles (a seeded ``random.Random`` for tests and simulation, a
    ``random.SystemRandom`` for real play). ``log`` holds every order used.
    ``shuffled`` is told each fresh order before a card of it is dealt (a
    server logs it, so that a table rebuilt from its log deals the same cards).

    >>> from homegame.cards import parse
    >>> orders = []
    >>> chance = Chance(random.Random(1), [parse("Qh Kd As")], shuffled=orders.append)
    >>> cards = list(parse("As Kd Qh"))
    >>> chance.shuffle(cards); print(*cards); orders  # recorded: played back, not told
    Qh Kd As
    []
    >>> chance.shuffle(cards); orders == chance.log[1:] and set(orders[0]) == set(parse("As Kd Qh"))
    True
    """

    __slots__ = ("log", "record", "rng", "shuffled")

    def __init__(
        self,
        rng: random.Random | None = None,
        record: Sequence[Sequence[Card]] = (),
        *,
        shuffled: Callable[[tuple[Card, ...]], None] | None = None,
    ) -> None:
        self.rng = rng if rng is not None else random.SystemRandom()
        self.record = [tuple(order) for order in record]
        self.log: list[tuple[Card, ...]] = []
        self.shuffled = shuffled

    def shuffle(self, cards: list[Card]) -> None:
        """Put ``cards`` in the next order: the next recorded one, else a fresh shuffle (told)."""
        if len(self.log) < len(self.record):
            order = self.record[len(self.log)]
            if Counter(order) != Counter(cards):
                raise ParseError("a recorded deck order does not hold the cards being shuffled", token="decks")
            cards[:] = order
        else:
            self.rng.shuffle(cards)
            if self.shuffled is not None:
                self.shuffled(tuple(cards))
        self.log.append(tuple(cards))

    def play_back(self, orders: Sequence[Sequence[Card]]) -> None:
        """Play ``orders`` back at the next shuffles, in place of any recorded order not yet used (a
        logged hand rebuilt one change at a time: the orders shuffled while that change was made).

        >>> from homegame.cards import parse
        >>> chance = Chance(random.Random(1))
        >>> chance.play_back([parse("2c 3c")]); cards = list(parse("3c 2c")); chance.shuffle(cards); print(*cards)
        2c 3c
        """
        self.record[len(self.log) :] = [tuple(order) for order in orders]
