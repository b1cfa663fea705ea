"""Missed blinds: what a seat owes for the blinds that passed it by, and what it posts on coming back.

Robert's Rules of Poker, "Button and blind use":

- "A player who misses any or all blinds can resume play by either posting all the blinds missed
  or waiting for the big blind." The house rule (:class:`MissedBlinds`) says which: ``post`` (the
  player's choice, posting by default), ``wait`` (everyone waits for the big blind), or ``none``
  (nothing is owed: a home game's easy way).
- "If a player chooses to post the total amount of the blinds, an amount up to the size of the
  minimum opening bet is live. The remainder is taken by the dealer to the center of the pot and
  is not part of the player's bet": the big blind is posted live, the small blind dead
  (:func:`owed`).
- "A new player entering a table must post the big blind or an amount equal to the big blind
  before receiving a hand": a seat that sits down once the table has dealt owes the big blind.
- "A player who goes all in and loses is obligated to make up the blinds if they are missed before
  a rebuy is made": a seat at the table out of chips misses blinds like a seat sitting out.

A seat misses a blind when a deal it was not dealt into would have had it post that blind, had
every seat at the table been dealt in (:func:`miss`). Games of antes alone have no blinds to miss.

>>> from homegame.engine.betting import Stakes
>>> stakes = Stakes(small_blind=1, big_blind=2)
>>> [(post.name, post.amount, post.live) for post in owed(("big_blind", "small_blind"), 3, stakes)]
[('big_blind', 2, True), ('dead_small_blind', 1, False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol

from homegame.engine.betting import Post, Stakes
from homegame.engine.game import Game
from homegame.engine.steps.base import Step

__all__ = ["MISSABLE", "MissedBlinds", "blinds_of", "dealing", "miss", "owed"]


class MissedBlinds(StrEnum):
    """The house rule for the blinds a seat missed (sitting out, out of chips, or new at the table):
    post them on coming back (or wait for the big blind, as the player chooses), always wait for the
    big blind, or owe nothing."""

    POST = "post"
    WAIT = "wait"
    NONE = "none"


class Occupant(Protocol):
    """What the missed blinds read and write of a seat's occupant (:class:`~homegame.engine.table.Seat`)."""

    owes: tuple[str, ...]
    waiting: bool
    owes_missed: bool


class Table(Protocol):
    """What the missed blinds read of a table (:class:`~homegame.engine.table.Table`, which imports
    this module: a Protocol keeps the two out of an import circle)."""

    missed_blinds: MissedBlinds

    @property
    def seats(self) -> Sequence[Occupant | None]: ...
    def waits(self, seat: int) -> bool: ...
    def owed(self, seat: int, stakes: Stakes) -> list[Post]: ...
    def button_among(self, seats: Sequence[int]) -> int: ...


MISSABLE = ("big_blind", "small_blind")
"""The blinds a seat can miss, in the order it owes them."""


def blinds_of(game: Game) -> Step | None:
    """The game's blinds step, if it has one (a game of antes alone has none: nothing to miss):
    the step that posts blinds (:meth:`~homegame.engine.steps.base.Step.blind_posts`).

    >>> from homegame.games import load
    >>> blinds_of(load("holdem")) is not None, blinds_of(load("stud"))
    (True, None)
    """
    return next((step for step in game.steps if step.blind_posts(Stakes(), 2, 0) is not None), None)


def owed(owes: Sequence[str], seat: int, stakes: Stakes) -> list[Post]:
    """The posts of ``seat`` that owes the blinds ``owes`` (of :data:`MISSABLE`), at ``stakes``: the
    big blind live, the small blind dead (``dead_small_blind``)."""
    posts = []
    if "big_blind" in owes and stakes.big_blind:
        posts.append(Post(seat, "big_blind", stakes.big_blind))
    if "small_blind" in owes and stakes.small_blind:
        posts.append(Post(seat, "dead_small_blind", stakes.small_blind, live=False))
    return posts


def dealing(table: Table, game: Game, seats: Sequence[int]) -> tuple[int, ...]:
    """Which of ``seats`` (table seats, in order, each with chips) a deal of ``game`` at ``table``
    deals in: all of them, but a seat that waits for the big blind (:meth:`Table.waits`), dealt in
    only in the big blind, when the others are enough to play without it."""
    dealt = tuple(seats)
    blinds = blinds_of(game)
    if blinds is None or table.missed_blinds is MissedBlinds.NONE:
        return dealt
    for _ in range(len(dealt)):  # bounded: each pass leaves out a seat, or is the last
        big = _big_blind(table, blinds, dealt)
        kept = tuple(seat for seat in dealt if seat == big or not table.waits(seat))
        if kept == dealt or len(kept) < game.players[0]:
            break
        dealt = kept
    return dealt


def posts(table: Table, game: Game, dealt: Sequence[int], stakes: Stakes) -> list[Post]:
    """The blinds the seats ``dealt`` owe in a deal of ``game`` among them at ``stakes``, by table
    seat: a seat in the big blind owes nothing more."""
    blinds = blinds_of(game)
    if blinds is None or table.missed_blinds is MissedBlinds.NONE:
        return []
    big = _big_blind(table, blinds, dealt)
    return [post for seat in dealt if seat != big for post in table.owed(seat, stakes)]


def miss(table: Table, game: Game, dealt: Sequence[int]) -> None:
    """After a deal of ``game`` to ``dealt``: the seats dealt in owe nothing any more; a seat at the
    table not dealt in (sitting out, waiting for the big blind, or out of chips) misses each blind
    the deal would have had it post, had every seat at the table been dealt in (a seat that never
    owes, :attr:`~homegame.engine.table.Seat.owes_missed` false, misses nothing)."""
    for seat in dealt:
        occupant = table.seats[seat]
        assert occupant is not None
        occupant.owes, occupant.waiting = (), False
    blinds = blinds_of(game)
    if blinds is None or table.missed_blinds is MissedBlinds.NONE:
        return
    present = [seat for seat, occupant in enumerate(table.seats) if occupant is not None]
    for post in blinds.blind_posts(Stakes(), len(present), table.button_among(present)) or ():
        seat = present[post.seat]
        occupant = table.seats[seat]
        assert occupant is not None
        if post.name in MISSABLE and seat not in dealt and post.name not in occupant.owes and occupant.owes_missed:
            occupant.owes = tuple(name for name in MISSABLE if name in occupant.owes or name == post.name)


def _big_blind(table: Table, blinds: Step, seats: Sequence[int]) -> int | None:
    """The table seat of ``seats`` that posts the big blind in a deal among them (where the blinds
    sit does not depend on the stakes)."""
    placed = blinds.blind_posts(Stakes(), len(seats), table.button_among(seats)) or ()
    return next((seats[post.seat] for post in placed if post.name == "big_blind"), None)
