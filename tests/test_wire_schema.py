"""docs/wire.schema.json is the contract: generated from the dataclasses the wire writes
(homegame.server.schema), and every frame the server sends in a seeded hand of every catalogue game
validates against it (with tests/schema_check.py, a validator of the subset the schema uses)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homegame.games import names
from homegame.server.app import _message
from homegame.server.schema import wire_schema
from schema_check import errors
from server_helpers import make
from wire_frames import frames

SCHEMA_FILE = Path(__file__).parent.parent / "docs" / "wire.schema.json"
SCHEMA = json.loads(SCHEMA_FILE.read_text())


def test_the_schema_file_is_the_generated_schema() -> None:
    assert wire_schema() == SCHEMA, "regenerate: python -m homegame.server.schema > docs/wire.schema.json"


@pytest.mark.parametrize("game", names())
def test_every_frame_of_a_hand_validates(game: str) -> None:
    sent = frames(game).sent
    events = 0
    for viewer, text in sent:
        message = json.loads(text)
        assert errors(SCHEMA, message) == [], (viewer, message["type"])
        view = message["state"]["view"] or {}
        events += len(view.get("events", []))
    assert events and json.loads(sent[-1][1])["state"]["last"] is not None  # a hand was played through


def test_the_other_messages_validate() -> None:
    table = make(game="holdem", seats=3, bots=2, bot_level="random")
    sent = [
        _message(table, "ledger", ledger=table.roster.ledger()),
        _message(table, "error", code="stale", message="that was another turn"),
        _message(table, "closed", reason="taken over"),
        _message(table, "chat", seat=0, name="ann", text="<b>gg</b>", at=1_800_000_000_000),
        _message(table, "react", seat=1, name="bo", emoji="🔥", at=1_800_000_000_000),
        _message(table, "log", lines=[{"at": 1_800_000_000_000, "text": "ann: gl"}]),
        _message(
            table,
            "preview",
            parts=[{"name": "back", "cards": ["As", "Kd"], "made": "ace high"}],
            dead=False,
            refused="a hand short of down cards",
        ),
        json.dumps({"type": "closed", "table": None, "hand": 0, "seq": 0, "reason": "bad token"}),
        json.dumps({"type": "closed", "table": None, "hand": 0, "seq": 0, "reason": "protocol", "message": "speak 1"}),
    ]
    for text in sent:
        assert errors(SCHEMA, json.loads(text)) == []


def test_a_frame_that_breaks_the_contract_is_caught() -> None:
    message = json.loads(frames("holdem").sent[-1][1])
    message["state"]["last"]["events"][0]["pot"] = "4"
    assert any("/events/0" in line for line in errors(SCHEMA, message))
    del message["state"]["seats"][0]["stack"]
    assert any("'stack' is missing" in line for line in errors(SCHEMA, message))
