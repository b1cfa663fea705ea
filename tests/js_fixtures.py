"""The page's unit tests' fixtures (tests/js/*.test.mjs): what the server sends seat 0 in a seeded
hand of every catalogue game, and what the engine says of it, one JSON file a game in
tests/js/fixtures/ (made here, not kept in git: a wire change remakes them all, and the JavaScript
tests always read what the server sends now). ``python tests/js_fixtures.py`` writes them;
test_page_js.py writes them and runs ``node --test tests/js/``."""

from __future__ import annotations

import json
import sys
from itertools import accumulate
from pathlib import Path

from homegame.bots import play
from homegame.engine import Hand
from homegame.engine.describe import names_for
from homegame.engine.wire import view_json
from homegame.games import load, names
from test_golden import Scripted
from test_showdown_text import HCP_TWO_SURVIVE
from wire_frames import frames

FIXTURES = Path(__file__).parent / "js" / "fixtures"

MOST_STATES = 12
"""The most decision states kept of a hand (spread over it)."""


def fixture(game: str) -> dict[str, object]:
    """Seat 0's snapshots of one hand of ``game``: the decisions (``states``, its legal descriptors
    in each), the snapshot once the hand is over (``end``, with ``last``), and the engine's own
    account (``truth``): the pot once each event of the hand has happened."""
    played = frames(game, viewers=(0,))
    states = [json.loads(text)["state"] for _, text in played.sent]
    deciding = [state for state in states if state["view"] and state["view"]["legal"]]
    step = max(1, len(deciding) // MOST_STATES)
    end = next(state for state in reversed(states) if state["last"] is not None)
    hand = played.table.previous
    assert hand is not None, f"{game}: no hand finished"
    pots = list(accumulate((event.chips for event in hand.events), initial=hand.setup.carried))[1:]
    return {"game": game, "states": deciding[::step][:MOST_STATES], "end": end, "truth": {"pots": pots}}


def declare_scene() -> dict[str, object]:
    """A finished hand of seven-card stud high-low declare as seat 0 sees it (the shape of the
    snapshot's ``last``): four players declare both, low, high, high (the golden playthrough's
    players), and seat 0's "both" wins nothing."""
    game = load("stud-declare")
    hand = Hand(game, [100] * 4, button=3, seed=2024)
    play(hand, [Scripted(seat) for seat in range(4)])
    view = view_json(hand.view(0), names_for(["ann", "bob", "cy", "dee"], 0))
    return {"hand": 1, "game": game.name, "events": view["events"], "result": view["result"], "view": view}


def carry_scene() -> dict[str, object]:
    """A finished hand of High Card Poker as seat 0 sees it, where seat 0 and seat 1 survive all
    five comparisons and the pot carries over (rules 002, 4.5(b))."""
    game = load("high-card-poker")
    hand = Hand(game, [100] * 3, button=2, deck=HCP_TWO_SURVIVE)
    play(hand, [Scripted(seat) for seat in range(3)])
    view = view_json(hand.view(0), names_for(["ann", "bob", "cy"], 0))
    return {"hand": 1, "game": game.name, "events": view["events"], "result": view["result"], "view": view}


SCENES = {"declare": declare_scene, "carry": carry_scene}
"""Hands played to a chosen point, for what random bots seldom reach (in scenes/, by name)."""


def write(folder: Path = FIXTURES) -> list[Path]:
    """Write every game's fixture into ``folder``, and the scenes into its ``scenes``; the game
    fixtures written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in names():
        path = folder / f"{game}.json"
        path.write_text(json.dumps(fixture(game), separators=(",", ":")))
        written.append(path)
    (folder / "scenes").mkdir(exist_ok=True)
    for name, scene in SCENES.items():
        (folder / "scenes" / f"{name}.json").write_text(json.dumps(scene(), separators=(",", ":")))
    return written


if __name__ == "__main__":
    print(f"{len(write())} fixtures in {FIXTURES}", file=sys.stderr)
