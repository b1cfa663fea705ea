"""Stepping through a saved hand (``homegame replay``): one action at a time, or all at once.

The hand is rebuilt by the engine from its history (:meth:`History.replay
<homegame.engine.hand.History.replay>`), so what is told is what happened.
By default everything is told, every seat's cards included (the hand is
over); ``seat`` tells only what that seat saw.

>>> import io
>>> from homegame.bots import CallerBot, play
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> from homegame.play.history import Record
>>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah 7c 2c 7d 8h 9s 2d 3h 4s 5c")
>>> play(hand, [CallerBot()] * 2)
>>> out = io.StringIO()
>>> _ = replay(Record(hand.history(), ("you", "seat 1")), io.StringIO(), out, every=True)
>>> print(out.getvalue())
Hand of No-limit Texas hold'em · no limit · small blind 1, big blind 2 · you deal
you post the small blind 1
seat 1 posts the big blind 2
seat 1 is dealt A♠ A♥ down
you are dealt K♦ 7♣ down
you call 1
...
  seat 1 wins the pot (4) with a pair of aces (A♠ A♥ 9♠ 8♥ 7♦)
This hand: you -2, seat 1 +2
"""

from __future__ import annotations

from typing import TextIO

from rich.console import Console

from homegame.engine.hand import Hand
from homegame.play.history import Record
from homegame.play.render import Names, Screen

__all__ = ["replay"]


def replay(record: Record, input: TextIO, output: TextIO, *, every: bool = False, seat: int | None = None) -> Hand:
    """Tell the hand of ``record`` on ``output``, waiting for a line of ``input`` before each action
    (Enter: the next action, ``a``: all the rest, ``q`` or the end of input: stop) unless ``every``;
    returns the hand as far as it was told."""
    history = record.history
    if seat is not None and not 0 <= seat < len(history.setup.stacks):
        raise ValueError(f"seat {seat} did not play this hand (seats 0..{len(history.setup.stacks) - 1})")
    console = Console(file=output, highlight=False)
    names = Names(record.names)
    screen = Screen(console, names)
    hand = history.replay(0)
    setup = history.setup
    amounts = ", ".join(f"{name.replace('_', ' ')} {amount}" for name, amount in setup.stakes.to_dict().items())
    dealing = names.says(setup.button, "deals", "deal")
    screen.say(f"Hand of {setup.game.title} · {setup.game.betting.label} · {amounts} · {dealing}", style="bold")
    told = _tell(screen, hand, seat, 0)
    for actor, action in history.actions:
        if not every:
            console.print("Enter: next action · a: all the rest · q: stop ", end="")
            answer = input.readline()
            console.print()
            if not answer or answer.strip().lower() in ("q", "quit"):
                return hand
            every = answer.strip().lower() == "a"
        hand.act(actor, action)
        told = _tell(screen, hand, seat, told)
    if hand.over:
        screen.summary(hand.view(seat), hand.game)
    return hand


def _tell(screen: Screen, hand: Hand, seat: int | None, told: int) -> int:
    """Narrate the events after the first ``told``; returns how many have been told."""
    view = hand.view(seat)
    events = hand.events if seat is None else view.events
    screen.narrate(events[told:], view, hand.game)
    return len(events)
