"""Golden playthroughs: one seeded hand of each game in the catalogue, written as readable text.

A change to the engine that changes a hand shows up as a diff of these files in review. After a
deliberate change, or for a new game (whose missing file fails the test), write them with
``HOMEGAME_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from homegame.bots import Turn, play
from homegame.bots.choices import simplest
from homegame.engine import Action, Hand
from homegame.engine.actions import ActionKind as K
from homegame.engine.actions import CardsLegal, ChoiceLegal, DivideLegal
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
        declare, draw, split = kinds.get(K.DECLARE), kinds.get(K.DRAW), kinds.get(K.SPLIT)
        if isinstance(declare, ChoiceLegal):
            side, choices = ("both", "low", "high", "high")[self.seat], declare.choices
            return declare.make(side if side in choices else choices[self.seat % len(choices)])
        if isinstance(draw, CardsLegal):
            return draw.make(draw.cards[: min(2, draw.max)])
        for kind in (K.DISCARD, K.ROLL):
            if kind in kinds:
                return kinds[kind].make()
        if isinstance(split, DivideLegal) and split.splits:
            return split.make()
        for kind in (K.BET_TO, K.RAISE_TO):
            if kind in kinds and self.seat == 0:
                return kinds[kind].make()
        for kind in (K.BRING_IN, K.CHECK, K.CALL):
            if kind in kinds:
                return kinds[kind].make()
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
    if os.environ.get("HOMEGAME_UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"{path.name} is missing: write it with HOMEGAME_UPDATE_GOLDEN=1 and review it"
    assert text == path.read_text()
