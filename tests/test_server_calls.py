"""The dealer calls house rules with the game (dealer's choice): from what the game documents, for
that deal only, refused with a reason otherwise, logged with the choice, named in the result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.server.messages import BadMessageError, Choose, parse
from homegame.server.store import Store
from homegame.server.table import RefusedError, ServerTable
from server_helpers import Clock, finish_hand, make, run

CHOICE = ["stud-hi-lo", "holdem", "horse"]


def _choosing(table: ServerTable) -> int:
    run(table)
    choosing = table.snapshot(0)["choosing"]
    assert table.hand is None and choosing is not None
    return int(choosing["seat"])


def test_the_dealer_calls_a_qualifier_and_the_deal_is_played_under_it_then_the_table_s_again() -> None:
    table = make(game=None, choice=CHOICE)
    dealer = _choosing(table)
    table.choose(dealer, "stud-hi-lo", {"qualifier": "none"})
    assert table.snapshot(0)["game"]["options"]["qualifier"] == "none"  # named before the deal too
    run(table)
    assert table.hand is not None and table.hand.options["qualifier"] == "none"
    assert table.snapshot(1)["game"]["options"]["qualifier"] == "none"
    finish_hand(table)
    last = table.snapshot(0)["last"]
    assert last["game"] == "stud-hi-lo" and last["options"] == {"qualifier": "none"}
    dealer = _choosing(table)
    table.choose(dealer, "stud-hi-lo")
    run(table)
    assert table.hand is not None and table.hand.options["qualifier"] == "8"  # the call was for one deal


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("holdem", {"qualifier": "none"}, "no option 'qualifier'"),
        ("stud-hi-lo", {"qualifier": "3"}, "qualifier='3'"),
        ("stud-hi-lo", {"cap": -1}, "cap=-1"),
        ("horse", {"cap": 2}, "the table's house rules"),
    ],
)
def test_a_call_the_game_does_not_document_is_refused_with_its_reason_and_nothing_changes(
    game: str, options: dict[str, Any], words: str
) -> None:
    table = make(game=None, choice=CHOICE)
    dealer = _choosing(table)
    seq, before = table.seq, table.snapshot(0)
    with pytest.raises(RefusedError, match=words) as refused:
        table.choose(dealer, game, options)
    assert refused.value.code == "illegal"
    assert table.seq == seq and table.snapshot(0) == before


def test_the_call_is_in_the_log_and_a_restored_table_deals_under_it(tmp_path: Path) -> None:
    clock = Clock()
    store = Store(str(tmp_path / "t.sqlite"))
    table = make(now=clock, store=store, game=None, choice=CHOICE)
    dealer = _choosing(table)
    table.choose(dealer, "stud-hi-lo", {"qualifier": "none", "low": "low-27"})
    restored = ServerTable.restore("t", table.config, store, now=clock)
    assert (
        restored.snapshot(0)["game"]["options"] | {"qualifier": "none", "low": "low-27"}
        == (restored.snapshot(0)["game"]["options"])
    )
    run(restored)
    assert restored.hand is not None and restored.hand.options["low"] == "low-27"


def test_a_choose_message_carries_its_options_or_is_refused_at_the_door() -> None:
    assert parse({"type": "choose", "game": "razz", "options": {"qualifier": "none"}}) == Choose(
        "razz", {"qualifier": "none"}
    )
    assert parse({"type": "choose", "game": "razz"}) == Choose("razz")
    for bad in ([1], "qualifier", {str(n): n for n in range(65)}):
        with pytest.raises(BadMessageError, match="options"):
            parse({"type": "choose", "game": "razz", "options": bad})


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.text(max_size=12),
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.lists(st.integers(), max_size=2)),
        max_size=3,
    )
)
def test_any_call_is_taken_or_refused_and_a_refused_one_changes_nothing(options: dict[str, Any]) -> None:
    table = make(game=None, choice=CHOICE)
    dealer = _choosing(table)
    seq = table.seq
    try:
        table.choose(dealer, "stud-hi-lo", options)
    except RefusedError:
        assert table.seq == seq and table.table.chosen is None
    else:
        assert table.seq == seq + 1
