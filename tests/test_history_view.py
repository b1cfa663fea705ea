"""A player's file holds only what that player saw (issue 16): its own cards, the cards dealt face
up, the board and the cards shown at the showdown; ``--full`` writes everything. Files of one seat's
view replay to the same stacks (their unknown cards filled in)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from homegame.bots import RandomBot, play
from homegame.cli import main
from homegame.engine import Hand
from homegame.engine.events import Shown
from homegame.games import load
from homegame.history import CODES, dumps, loads, loads_all, to_phh
from homegame.history.replay import replay


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_seats_file_replays_to_the_same_stacks(code: str) -> None:
    game = load(CODES[code])
    for seed in range(3):
        rng = random.Random(seed)
        seats = rng.randint(2, min(5, game.players[1]))
        stacks = [rng.choice((rng.randint(3, 40), rng.randint(50, 300))) for _ in range(seats)]
        hand = Hand(game, stacks, button=rng.randrange(seats), seed=seed)
        play(hand, [RandomBot(random.Random(seed * 7 + seat)) for seat in range(seats)])
        shown = {event.seat for event in hand.events if isinstance(event, Shown)}
        for viewer in range(seats):
            record = to_phh(hand.history(), seat=viewer)
            text = dumps(record)
            assert "_decks" not in text
            for other in set(range(seats)) - shown - {viewer}:
                assert not any(str(card) in text for card in hand.down[other]), f"{code} seed {seed}: a leak"
            assert list(replay(loads(text)).finishing_stacks) == record.extra["finishing_stacks"]


def test_forced_bets_all_in_export_files_that_replay() -> None:
    hand = Hand(load("holdem"), [2, 1], button=1, seed=3)  # the blinds put both all in
    assert hand.over
    for seat in (None, 0, 1):  # the full record and each seat's
        record = to_phh(hand.history(), seat=seat)
        assert list(replay(loads(dumps(record))).finishing_stacks) == record.extra["finishing_stacks"]


def test_history_export_seat_and_full(tmp_path: Path) -> None:
    view, full = tmp_path / "view.phhs", tmp_path / "full.phhs"
    common = ["history", "export", "pineapple", "--hands", "3", "--seats", "3", "--seed", "2"]
    assert main([*common, "--seat", "2", "-o", str(view)]) == 0
    assert main([*common, "--full", "-o", str(full)]) == 0
    assert all("_decks" not in record.extra for record in loads_all(view.read_text()))
    assert all("_decks" in record.extra for record in loads_all(full.read_text()))
    assert main([*common, "--seat", "4", "-o", str(view)]) == 2
