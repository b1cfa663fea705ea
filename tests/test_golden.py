"""Golden playthroughs: one seeded hand of each game in the catalogue, written as readable text.

A change to the engine that changes a hand shows up as a diff of these files in review. After a
deliberate change, rewrite them with ``HOMEGAME_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from homegame.bots import Turn, play
from homegame.bots.choices import simplest
from homegame.engine import Action, BetTo, BringIn, Call, Check, Declare, Draw, Hand, RaiseTo, parse_action
from homegame.engine.actions import Discard, Roll
from homegame.games import load, names

GOLDEN = Path(__file__).parent / "golden"


class Scripted:
    """A predictable player: seat 0 bets or raises the least it may, everyone else calls or checks;
    each player draws two, discards or rolls up its first cards, splits the first legal way, and
    declares by seat (both, low, high, high; other sides in turn)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, turn: Turn) -> Action:
        kinds = {legal.kind: legal for legal in turn.legal}
        if "declare" in kinds:
            side, choices = ("both", "low", "high", "high")[self.seat], kinds["declare"].choices
            return Declare(side if side in choices else choices[self.seat % len(choices)])
        if "draw" in kinds:
            return Draw(kinds["draw"].cards[: min(2, kinds["draw"].max)])
        for kind, pick in (("discard", Discard), ("roll", Roll)):
            if kind in kinds:
                return pick(kinds[kind].cards[: kinds[kind].min])
        if "split" in kinds and kinds["split"].choices:
            return parse_action(f"split {kinds['split'].choices[0]}")
        for kind in ("bet_to", "raise_to"):
            if kind in kinds and self.seat == 0:
                return BetTo(kinds[kind].min) if kind == "bet_to" else RaiseTo(kinds[kind].min)
        for kind, action in (("bring_in", BringIn()), ("check", Check()), ("call", Call())):
            if kind in kinds:
                return action
        return simplest(turn.legal)  # any other kind: its least committal instance (buy, pass, place...)


def transcript(name: str) -> str:
    """A seeded four-handed hand of ``name`` played by :class:`Scripted` players, every event, then the result."""
    game = load(name)
    seats = min(4, game.players[1])
    hand = Hand(game, [100] * seats, button=seats - 1, seed=2024)
    play(hand, [Scripted(seat) for seat in range(seats)])
    lines = [f"{game.title}: {seats} seats of 100 chips, button on seat {seats - 1}, seed 2024", ""]
    lines += [str(event) for event in hand.events]
    lines += ["", f"result: {hand.result}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", names())
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = transcript(name)
    if os.environ.get("HOMEGAME_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text)
    assert text == path.read_text()
