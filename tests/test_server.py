"""The home-game server: its tables (in-process, a test's own clock), its sockets and HTTP door (a
live server on 127.0.0.1), the ledger and the settle-up, and the commands host and join."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots.choices import simplest
from homegame.cards import format_cards
from homegame.cli import main
from homegame.engine.wire import to_json, view_json
from homegame.errors import ParseError
from homegame.history import loads_all
from homegame.server import moves as moves_module
from homegame.server.app import Connection, Limits, _message
from homegame.server.changes import SatOut
from homegame.server.client import BotDecider, Client, Invite
from homegame.server.config import TableConfig
from homegame.server.histories import phh
from homegame.server.ledger import HEADER, settle_up
from homegame.server.store import Store
from homegame.server.table import RefusedError, ServerTable
from homegame.server.texts import dumps
from server_helpers import (
    HOST_TOKEN,
    START,
    WAIT,
    Clock,
    Live,
    Seat,
    bots,
    cards_in,
    finish_hand,
    legal_kinds,
    live_server,
    make,
    passive,
    run,
    to_act,
)

_KNOWN_SETTINGS = {"game", "choice", "rotation", "every", "seats", "stack", "bots", "bot_level", "names", "options"} | {
    "stakes",
    "clock",
    "spectators",
    "missed_hands",
    "missed_blinds",
    "kill",
    "title",
}


def snap(table: ServerTable, viewer: int | None) -> Any:
    """What the viewer would be sent."""
    return table.snapshot(viewer)


def rows(table: ServerTable) -> int:
    return len(table.store.rows(table.id))


# -- a table in-process ------------------------------------------------------------------------


def test_a_table_deals_only_views_and_restores_from_its_log(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "t.sqlite"))
    clock = Clock()
    table = make(clock, store, bots=1, bot_level="caller")
    run(table)
    assert table.number == 1 and table.status == "playing"
    snapshot = snap(table, 0)
    view = snapshot["view"]
    mine = table.dealt.index(0)
    assert len(view["seats"][mine]["down"]) == 2
    assert all(seat["down"] is None for index, seat in enumerate(view["seats"]) if index != mine)
    assert snap(table, None)["view"]["viewer"] is None
    for _ in range(3):
        seat = to_act(table)
        table.act(seat, table.number, table.seq, passive(table, seat))
        run(table)
    restored = ServerTable.restore("t", table.config, store, now=clock)
    for viewer in (0, 1, 2, None):
        assert snap(restored, viewer) == snap(table, viewer)
    seqs = [row.seq for row in store.rows("t") if row.kind != "shuffle"]
    assert seqs == list(range(1, len(seqs) + 1))
    assert store.integrity() == "ok"


@pytest.mark.parametrize(
    "game",
    [
        *("holdem", "stud-declare", "draw", "baseball", "chinese-poker", "five-o", "grocery-store", "elimination"),
        "follow-the-queen",  # a wild rank in force: written as the wire writes it ("9", not 9)
    ],
)
def test_a_snapshots_view_is_the_wires_view(game: str) -> None:
    seats = 2 if game == "five-o" else 3
    table = make(game=game, seats=seats, bots=seats - 1, bot_level="random", stack=400)
    run(table)
    for _ in range(30):
        if table.hand is None:
            break
        hand = table.hand
        for viewer in (0, 1, 2, None):
            seat = table.dealt.index(viewer) if viewer in table.dealt else None
            assert snap(table, viewer)["view"] == view_json(hand.view(seat), table.roster.names(table.dealt, seat))
        _step(table)  # the bots have played up to the person's turn: the person plays the simplest action


@pytest.mark.parametrize("game", ["holdem", "stud-declare", "five-o", "follow-the-queen", "grocery-store"])
@pytest.mark.parametrize("spectators", ["public", "behind"])
def test_every_frame_is_byte_for_byte_its_viewers_own_view(
    game: str, spectators: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshots build the view once for what all share and write it in pieces; every frame
    still holds, byte for byte, the view built for that viewer alone and written by the wire (the
    old path), and the last hand's likewise, over seeded hands (bots and deck)."""
    rng = random.Random(f"{game}-{spectators}")
    monkeypatch.setattr(moves_module.secrets, "randbits", rng.getrandbits)
    seats = 2 if game == "five-o" else 5
    clock = Clock()
    body = {"game": game, "seats": seats, "stack": 400, "bots": seats, "bot_level": "random", "spectators": spectators}
    config = TableConfig.from_json(body)
    table = ServerTable.create("t", config, Store(":memory:"), now=clock, between_hands=1_000, rng=rng)
    shown = lasts = 0
    for _ in range(120):
        clock.now += 400
        table.moves.auto(clock.now)
        for viewer in (*range(seats), None):
            text = _message(table, "state", state=table.snapshot_text(viewer))
            behind = viewer is None and spectators == "behind"
            hand, dealt = (table.previous, table.previous_dealt) if behind else (table.hand, table.dealt)
            if hand is not None:
                seat = dealt.index(viewer) if viewer in dealt else None
                written = view_json(hand.view(seat), table.roster.names(dealt, seat))
                assert f'"view":{dumps(written)},"clock":' in text
                shown += 1
            if table.hand is None and table.previous is not None and not behind:
                seen = table.previous_dealt
                index = seen.index(viewer) if viewer in seen else None
                last = view_json(table.previous.view(index), table.roster.names(seen, index))
                assert f'"view":{dumps(last)}}},"game":' in text
                lasts += 1
    assert shown > 250 and lasts > 0


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("state", {}),
        ("welcome", {"token": "s3cr\u00e9t", "you": 2}),
        ("error", {"code": "stale", "message": 'Zoë "x"'}),
    ],
)
def test_a_message_is_written_as_json_dumps_writes_it(kind: str, fields: dict[str, Any]) -> None:
    table = make()
    table.publish()  # as its room does once the change is committed
    state = table.snapshot_text(0)
    head = {"type": kind, "table": table.id, "hand": table.number, "seq": table.seq, **fields}
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    assert _message(table, kind, **fields) == json.dumps(head, **compact)  # type: ignore[arg-type]
    expected = json.dumps({**head, "state": json.loads(state)}, **compact)  # type: ignore[arg-type]
    assert _message(table, kind, state=state, **fields) == expected


def test_the_last_hand_and_the_seats_are_each_viewers_own() -> None:
    config = TableConfig.from_json({"game": "holdem", "seats": 3, "stack": 400, "bots": 1, "bot_level": "caller"})
    table = ServerTable.create("t", config, Store(":memory:"), now=Clock(), between_hands=1_000)
    for seat in (0, 1):
        table.sit(seat)
    run(table)
    finish_hand(table)
    previous = table.previous
    assert table.hand is None and previous is not None
    for viewer in (0, 1, 2, None):
        last = snap(table, viewer)["last"]
        index = table.previous_dealt.index(viewer) if viewer in table.previous_dealt else None
        written = view_json(previous.view(index), table.roster.names(table.previous_dealt, index))
        assert last["view"] == written and last["events"] == last["view"]["events"]
        assert last["result"] == last["view"]["result"] is not None
    assert not snap(table, 1)["seats"][0]["connected"]
    table.connected.add(0)  # no change in the log, yet a change every viewer sees
    assert snap(table, 1)["seats"][0]["connected"]


def _step(table: ServerTable) -> None:
    seat = to_act(table)
    assert table.hand is not None
    legal = table.hand.legal_actions(table.dealt.index(seat))
    table.act(seat, table.number, table.seq, to_json(simplest(legal)))
    run(table)


def test_dealing_never_touches_the_global_random_state() -> None:
    # Caller bots and a person who checks or calls never bust anyone, so hands go on being dealt
    # (random bots all in against the person's calls could leave one player with every chip).
    random.seed(1234)
    before = random.getstate()
    table = make(bots=3, seats=4, bot_level="caller", stack=10_000)
    for _ in range(5):
        run(table)
        if table.hand is not None:
            finish_hand(table)
    assert table.number >= 2
    assert random.getstate() == before


def test_a_resent_action_is_applied_once() -> None:
    table = make()
    run(table)
    seat, number, seq = to_act(table), table.number, table.seq
    assert table.act(seat, number, seq, {"kind": "call"}) is True
    after = table.seq, rows(table), snap(table, seat)
    assert table.act(seat, number, seq, {"kind": "call"}) is False
    assert (table.seq, rows(table), snap(table, seat)) == after


def test_a_declaration_is_not_made_stale_by_another_seat_declaring() -> None:
    # Declaring is simultaneous: everyone still in decides at once, from the same state. Another
    # seat's declaration moves the table on but leaves this seat's decision as it was.
    table = make(game="stud-declare")
    run(table)
    for _ in range(200):
        assert table.hand is not None
        pending = [table.dealt[index] for index in table.hand.pending()]
        if len(pending) > 1:
            break
        legal = table.hand.legal_actions(table.dealt.index(pending[0]))
        table.act(pending[0], table.number, table.seq, to_json(simplest(legal)))
        run(table)
    first, second = pending[:2]
    number, seen = table.number, table.seq
    assert table.act(first, number, seen, {"kind": "declare", "side": "low"}) is True
    assert table.act(second, number, seen, {"kind": "declare", "side": "high"}) is True
    after = table.seq, rows(table)
    assert table.act(first, number, seen, {"kind": "declare", "side": "low"}) is False  # sent again: once
    assert (table.seq, rows(table)) == after
    with pytest.raises(RefusedError, match="at hand"):
        table.act(second, number, seen - 1, {"kind": "declare", "side": "high"})


def test_pokerstars_text_holds_the_games_it_can_and_names_the_others() -> None:
    from homegame.server.histories import pokerstars

    table = make(game="follow-the-queen")  # wild cards: PokerStars text has no words for them
    run(table)
    for _ in range(300):
        if table.number > 1 or table.hand is None:
            break
        seat = table.dealt[table.hand.pending()[0]]
        table.act(seat, table.number, table.seq, to_json(simplest(table.hand.legal_actions(table.dealt.index(seat)))))
        run(table)
    assert pokerstars(table, seat=0)[1][:1] == [1]


def message(table: ServerTable, seat: int, kind: str = "state") -> dict[str, Any]:
    """What the seat's client would receive now (a welcome with its new secret)."""
    extra = {"token": "n3w", "you": seat} if kind == "welcome" else {}
    return {"type": kind, "table": "t", "hand": table.number, "seq": table.seq, "state": table.snapshot(seat), **extra}


def test_a_client_answers_a_decision_once_whatever_changes_meanwhile() -> None:
    table = make(game="holdem")
    run(table)
    seat = to_act(table)
    other = next(index for index in range(3) if index != seat)
    client = Client(BotDecider("caller", random.Random(1)))
    sent = client.receive(message(table, seat, "welcome"))
    assert [answer["type"] for answer in sent] == ["ready", "act"]
    table.sit_out(other)  # the table moves on (a new seq) before the answer arrives: the same decision
    assert client.receive(message(table, seat)) == []
    act = sent[1]
    assert table.act(seat, act["hand"], act["seq"], act["action"]) is True  # taken, though the table moved


def test_a_client_sends_its_answer_again_after_a_dropped_connection() -> None:
    table = make(game="holdem")
    run(table)
    seat = to_act(table)
    client = Client(BotDecider("caller", random.Random(1)))
    act = client.receive(message(table, seat, "welcome"))[1]
    client.resend = True  # the connection dropped as the answer went: it may be lost
    assert client.receive(message(table, seat, "welcome")) == [{"type": "ready"}, act]
    assert table.act(seat, act["hand"], act["seq"], act["action"]) is True
    assert table.act(seat, act["hand"], act["seq"], act["action"]) is False  # sent twice, taken once


def test_a_client_whose_move_the_storage_refused_decides_again_at_once_a_few_times() -> None:
    # The table is unchanged after a refusal (docs/protocol.md: storage, "send it again"), so no
    # new state would ask again: a person at the terminal must not be left waiting for ever.
    table = make(game="holdem")
    run(table)
    seat = to_act(table)
    client = Client(BotDecider("caller", random.Random(1)))
    act = client.receive(message(table, seat, "welcome"))[1]
    refused = {"type": "error", "code": "storage", "message": "the server's storage failed"}
    for _ in range(3):
        assert client.receive(refused) == [act]
    assert client.receive(refused) == [], "then on the next state: a refusal never loops"
    assert table.act(seat, act["hand"], act["seq"], act["action"]) is True


BAD_ACTIONS: list[tuple[str, Callable[[ServerTable], tuple[int, Any, Any, Any]]]] = [
    ("out of turn", lambda t: ((to_act(t) + 1) % 3, t.number, t.seq, {"kind": "call"})),
    ("replayed seq", lambda t: (to_act(t), t.number, t.seq - 1, {"kind": "call"})),
    ("old hand", lambda t: (to_act(t), t.number - 1, t.seq, {"kind": "call"})),
    ("negative", lambda t: (to_act(t), t.number, t.seq, {"kind": "raise_to", "amount": -5})),
    ("fractional", lambda t: (to_act(t), t.number, t.seq, {"kind": "raise_to", "amount": 4.5})),
    ("over the stack", lambda t: (to_act(t), t.number, t.seq, {"kind": "raise_to", "amount": 10_000})),
    ("not legal now", lambda t: (to_act(t), t.number, t.seq, {"kind": "check"})),
    ("malformed", lambda t: (to_act(t), t.number, t.seq, {"kind": "raise_to"})),
    ("not an action", lambda t: (to_act(t), t.number, t.seq, "call")),
    ("a boolean seq", lambda t: (to_act(t), t.number, True, {"kind": "call"})),
    ("another seat's card", lambda t: (to_act(t), t.number, t.seq, {"kind": "draw", "cards": ["As"]})),
]


@pytest.mark.parametrize(("name", "build"), BAD_ACTIONS, ids=[name for name, _ in BAD_ACTIONS])
def test_bad_actions_are_refused_with_the_state_unchanged(
    name: str, build: Callable[[ServerTable], tuple[int, Any, Any, Any]]
) -> None:
    table = make()
    run(table)
    finish = snap(table, None), table.seq, rows(table)
    args = build(table)
    with pytest.raises(RefusedError) as refused:
        table.act(*args)
    assert refused.value.code in ("illegal", "stale", "bad_request", "not_your_turn")
    assert (snap(table, None), table.seq, rows(table)) == finish


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
ACTIONISH = st.fixed_dictionaries(
    {"kind": st.sampled_from(["fold", "check", "call", "raise_to", "bet_to", "draw", "declare", "x"])},
    optional={"amount": JSONISH, "cards": JSONISH, "side": JSONISH, "extra": JSONISH},
)


@settings(max_examples=150, deadline=None)
@given(seat=st.integers(-2, 4), hand=JSONISH, seq=JSONISH, action=ACTIONISH | JSONISH)
def test_anything_a_client_sends_is_refused_or_legal(seat: int, hand: Any, seq: Any, action: Any) -> None:
    table = FUZZED[0]
    before = snap(table, None), table.seq
    if not 0 <= seat < 3:
        return  # the room gives act only the seat its socket holds
    try:
        applied = table.act(seat, hand, seq, action)
    except RefusedError:
        assert (snap(table, None), table.seq) == before
        return
    assert applied and table.seq == before[1] + 1
    _reset_fuzz()


PREVIEWED = make(game="chinese-poker", seats=2, stack=500)
"""The Chinese poker table the preview fuzz test asks (a question never changes it)."""
run(PREVIEWED)
_OWN = [str(card) for card in PREVIEWED.hand.cards(0)] if PREVIEWED.hand is not None else []
_ROWS = st.permutations(_OWN).map(lambda cards: [cards[:5], cards[5:10], cards[10:]])
_CARDISH = st.lists(st.lists(st.sampled_from([*_OWN, "As", "Kd", "2c", "Jk", "10h", "x"]), max_size=6), max_size=4)


@settings(max_examples=120, deadline=None)
@given(seat=st.integers(-2, 3), hands=_ROWS | _CARDISH | JSONISH)
def test_anything_a_client_previews_is_refused_or_answered_and_changes_nothing(seat: int, hands: Any) -> None:
    table = PREVIEWED
    before = snap(table, None), snap(table, 0), table.seq, rows(table)
    try:
        answer = table.preview(seat, hands)
    except RefusedError as refused:
        assert refused.code in ("illegal", "bad_request", "not_your_turn")
    else:
        assert seat in (0, 1) and [len(part["cards"]) for part in answer["parts"]] == [5, 5, 3]  # type: ignore[index]
    assert (snap(table, None), snap(table, 0), table.seq, rows(table)) == before


def _reset_fuzz() -> None:
    FUZZED[:] = [make()]
    run(FUZZED[0])


FUZZED: list[ServerTable] = []
"""The table the fuzz test sends to (a new one once an action is applied)."""
_reset_fuzz()


def test_the_clock_uses_the_bank_then_checks_or_folds_and_sits_out_after_missed_hands() -> None:
    clock = Clock()
    table = make(clock, clock={"seconds": 10, "bank": 5}, missed_hands=2, seats=2)
    run(table)
    seat = to_act(table)
    assert table.moves.wake_at() == START + 15_000
    snapshot = snap(table, seat)
    assert snapshot["clock"] == {"seat": seat, "deadline_ms": 10_000, "bank_ms": 5_000}
    clock.now = START + 12_000  # two seconds into the bank
    table.act(seat, table.number, table.seq, {"kind": "call"})
    assert table.seats[seat].bank_ms == 3_000
    clock.now += 4_000
    restored = ServerTable.restore("t", table.config, table.store, now=clock)  # the 4 s down are nobody's
    assert restored.moves.wake_at() == table.moves.wake_at() + 4_000  # type: ignore[operator]
    assert snap(restored, to_act(table))["clock"]["deadline_ms"] == 10_000
    assert [info.bank_ms for info in restored.seats] == [info.bank_ms for info in table.seats]
    for _ in range(20):  # hands, each played out by the clock
        if any(info.status == "sitting_out" for info in table.seats):
            break
        run(table)
        for _ in range(50):
            if table.hand is None:
                break
            sleeper = to_act(table)
            due = table.moves.wake_at()
            assert due is not None
            clock.now = due - 1
            assert not table.moves.auto(clock.now)
            clock.now = due
            assert table.moves.auto(clock.now)  # the table acts for the sleeper: check if it can, else fold
            assert table.seats[sleeper].timed_out
    [out] = [info for info in table.seats if info.status == "sitting_out"]
    assert out.missed == 2
    run(table)
    assert table.hand is None and table.status == "waiting"


def test_after_a_restart_the_deciding_seat_has_its_time_again() -> None:
    clock = Clock()
    table = make(clock, clock={"seconds": 10, "bank": 5}, seats=2)
    run(table)
    seat = to_act(table)
    clock.now += 3_000  # three seconds into the decision, a change: the other seat connects
    table.submit(SatOut(1 - seat))
    clock.now += 60_000  # the server is down for a minute
    restored = ServerTable.restore("t", table.config, table.store, now=clock)
    assert snap(restored, seat)["clock"] == {"seat": seat, "deadline_ms": 7_000, "bank_ms": 5_000}
    assert not restored.moves.auto(clock.now)  # the minute down did not time the seat out
    clock.now += 11_999
    assert not restored.moves.auto(clock.now)
    clock.now += 1
    assert (
        restored.moves.auto(clock.now) and restored.seats[seat].timed_out
    )  # the 7 s and the bank, then the table acts


def test_sitting_out_skips_the_next_deal_and_sitting_in_comes_back() -> None:
    table = make(bots=2, seats=4, bot_level="caller")
    run(table)
    table.sit_out(0)
    finish_hand(table)
    assert 0 not in table.dealt and snap(table, 0)["seats"][0]["status"] == "sitting_out"
    table.sit_in(0)
    finish_hand(table)
    assert 0 in table.dealt


def test_a_rebuy_waits_for_the_host_and_lands_between_hands() -> None:
    table = make(bots=1, bot_level="caller")
    run(table)
    table.request_rebuy(0, 50)
    assert snap(table, 1)["rebuys"] == [{"seat": 0, "name": "player 1", "amount": 50}]
    with pytest.raises(RefusedError):
        table.answer_rebuy(1, True)  # seat 1 asked for nothing
    table.answer_rebuy(0, True)
    before = table.table.stack_of("player 1")
    if 0 in table.dealt:
        assert table.table.stack_of("player 1") == before  # not during the hand
        finish_hand(table)
    assert [entry.kind for entry in table.table.ledger.entries].count("rebuy") == 1
    assert sum(session.net for session in table.roster.sessions()) + table.table.carried == 0


def test_a_snapshot_names_the_house_rules_and_stakes_in_force() -> None:
    table = make(bots=1, bot_level="caller", game="limit-holdem", options={"cap": 3}, stakes={"small_bet": 4})
    game = snap(table, 0)["game"]
    assert game["name"] == "limit-holdem" and game["options"]["cap"] == 3
    assert game["stakes"]["small_bet"] == 4 and 0 not in game["stakes"].values()
    house = {"options": {"cap": 3}, "stakes": {"small_bet": 4}, "kill": False}
    assert snap(table, None)["house"] == {**house, "run_it_twice": "never", "rabbit_hunt": True}
    assert snap(make(game="limit-holdem"), 0)["game"]["options"]["cap"] == 4  # the game's own


@pytest.mark.parametrize(
    ("game", "names"), [("chinese-poker", ["back", "middle", "front"]), ("pi-gow-stud", ["five", "two"])]
)
def test_a_split_names_its_hands_as_the_rules_do(game: str, names: list[str]) -> None:
    table = make(game=game, seats=3, bots=2, bot_level="caller", stack=500)
    for _ in range(100):  # the people check or call to the split (bounded)
        run(table)
        seat = to_act(table)
        legal = snap(table, seat)["view"]["legal"]
        divide = [option for option in legal if option["form"] == "divide"]
        if divide:
            assert divide[0]["names"] == names
            return
        bring_in = "bring_in" in legal_kinds(table, seat)
        table.act(seat, table.number, table.seq, {"kind": "bring_in"} if bring_in else passive(table, seat))
    raise AssertionError("no split")


SEAT_0 = "Qc Jc Td Th 9c 9d 9h 5c 5h 5s 4h 3c 3s"


def _chinese(monkeypatch: pytest.MonkeyPatch) -> ServerTable:
    """A seeded two-seat Chinese poker table at its split, seat 0 holding ``SEAT_0``."""
    rng = random.Random("preview")
    monkeypatch.setattr(moves_module.secrets, "randbits", rng.getrandbits)
    table = make(game="chinese-poker", seats=2, stack=500, rng=rng)
    run(table)
    assert table.hand is not None
    assert cards_in(format_cards(table.hand.cards(table.dealt.index(0)))) == cards_in(SEAT_0)
    return table


def _rows(text: str) -> list[list[str]]:
    return [part.split() for part in text.split("/")]


def test_a_seat_previews_its_own_split_as_the_engine_judges_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules 004, Chinese poker: "three poker hands with increasing rank ... If one of the hands
    does not adhere to increasing rank (i.e. is mis-set), the hand is declared dead". A preview
    names each row as the showdown does and says when it would be dead, changing nothing."""
    table = _chinese(monkeypatch)
    before = snap(table, None), snap(table, 0), table.seq, rows(table)
    kept = table.preview(0, _rows("9c 9d 9h 5c 5h / Td Th 3c 3s Qc / Jc 5s 4h"))
    assert kept["parts"] == [
        {"name": "back", "cards": ["9c", "9d", "9h", "5c", "5h"], "made": "nines full of fives"},
        {"name": "middle", "cards": ["Td", "Th", "3c", "3s", "Qc"], "made": "two pair, tens and threes"},
        {"name": "front", "cards": ["Jc", "5s", "4h"], "made": "jack high"},
    ]
    assert kept["dead"] is False and kept["refused"] is False
    misset = table.preview(0, _rows("Td Th 3c 3s Qc / 9c 9d 9h 5c 5h / Jc 5s 4h"))
    assert misset["dead"] == "the middle (nines full of fives) beats the back (two pair, tens and threes)"
    assert misset["refused"] is False  # the game plays a mis-set dead: the Split still goes
    assert (snap(table, None), snap(table, 0), table.seq, rows(table)) == before


PREVIEWS_REFUSED = [
    ("another seat's card", "Ad Th 3c 3s Qc / 9c 9d 9h 5c 5h / Jc 5s 4h", "illegal"),
    ("a card twice", "Th Th 3c 3s Qc / 9c 9d 9h 5c 5h / Jc 5s 4h", "illegal"),
    ("wrong sizes", "Td Th 3c 3s / Qc 9c 9d 9h 5c 5h / Jc 5s 4h", "illegal"),
    ("two parts", "Td Th 3c 3s Qc 9c 9d 9h / 5c 5h Jc 5s 4h", "illegal"),
    ("not cards", "Td Xx 3c 3s Qc / 9c 9d 9h 5c 5h / Jc 5s 4h", "bad_request"),
]


@pytest.mark.parametrize(("name", "hands", "code"), PREVIEWS_REFUSED, ids=[n for n, _, _ in PREVIEWS_REFUSED])
def test_a_preview_not_of_the_seats_own_split_is_refused(
    name: str, hands: str, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _chinese(monkeypatch)
    before = snap(table, None), snap(table, 0), table.seq, rows(table)
    with pytest.raises(RefusedError) as refused:
        table.preview(0, _rows(hands))
    assert refused.value.code == code
    assert cards_in(str(refused.value)) <= set(hands.split())  # only what was sent: no hidden card
    assert (snap(table, None), snap(table, 0), table.seq, rows(table)) == before


def test_a_preview_needs_a_split_to_make(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _chinese(monkeypatch)
    hands = _rows("9c 9d 9h 5c 5h / Td Th 3c 3s Qc / Jc 5s 4h")
    assert table.act(0, table.number, table.seq, {"kind": "split", "hands": hands})
    with pytest.raises(RefusedError) as refused:
        table.preview(0, hands)  # split already: nothing pending
    assert refused.value.code == "not_your_turn"
    holdem = make()
    run(holdem)
    with pytest.raises(RefusedError) as refused:
        holdem.preview(to_act(holdem), hands)
    assert refused.value.code == "not_your_turn"


def test_pause_resume_and_close_let_the_hand_finish() -> None:
    table = make(bots=2, bot_level="caller")
    run(table)
    table.host("pause")
    finish_hand(table)
    assert table.hand is None and table.status == "paused"
    run(table)
    assert table.hand is None
    table.host("resume")
    run(table)
    assert table.hand is not None
    table.host("close")
    assert table.status == "closing"
    finish_hand(table)
    run(table)
    assert table.status == "closed" and table.hand is None
    with pytest.raises(RefusedError):
        table.host("resume")


def test_dealers_choice_waits_for_the_dealer_then_deals_the_game_named() -> None:
    table = make(game=None, choice=["razz", "holdem", "horse"])
    run(table)
    choosing = snap(table, 0)["choosing"]
    assert table.hand is None and choosing["games"] == ["razz", "holdem", "horse"]
    with pytest.raises(RefusedError):
        table.choose((choosing["seat"] + 1) % 3, "razz")
    with pytest.raises(RefusedError):
        table.choose(choosing["seat"], "canasta")
    table.choose(choosing["seat"], "razz")
    run(table)
    assert table.hand is not None and table.hand.game.name == "razz"


def test_dealers_choice_offers_each_game_when_the_players_present_fit_it() -> None:
    # Five-O (two players) in a 4-seat dealer's-choice list was refused; it is offered when two play.
    with pytest.raises(ValueError, match="five-o is for 2 players, not 4 seats"):
        TableConfig.from_json({"game": "five-o", "seats": 4, "stack": 100})
    table = make(game=None, choice=["five-o", "holdem"], seats=4)
    run(table)
    assert snap(table, 0)["choosing"]["games"] == ["holdem"]
    for seat in (2, 3):
        table.sit_out(seat)
    run(table)
    assert snap(table, 0)["choosing"]["games"] == ["five-o", "holdem"]


def test_a_dealers_choice_table_waiting_names_no_game() -> None:
    # The header named the list's first game, which nobody chose, while the table waited.
    table = ServerTable.create(
        "t", TableConfig.from_json({"choice": ["razz", "holdem"], "seats": 3, "stack": 100}), Store(":memory:")
    )
    table.sit(0)
    run(table)
    state = snap(table, 0)
    assert state["status"] == "waiting" and state["game"] is None and state["choosing"] is None
    fixed = make(game="razz", seats=3)
    assert snap(fixed, 0)["game"]["name"] == "razz"


def test_the_table_settings_are_checked_field_by_field() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": "canasta"}, "game"),
        ({"game": "holdem", "seats": 11}, "seats"),
        ({"game": "holdem", "stack": 1.5}, "stack"),
        ({"game": "holdem", "bots": 9}, "bots"),
        ({"game": "holdem", "clock": {"seconds": 0}}, "clock"),
        ({"game": "holdem", "spectators": "all"}, "spectators"),
        ({"game": "holdem", "options": {"nope": 1}}, "options"),
        ({"game": "holdem", "stakes": {"big_blind": -1}}, "stakes"),
        ({"game": "holdem", "debug": True}, "debug"),
    ]
    for body, field in cases:
        with pytest.raises(ValueError, match=field):
            TableConfig.from_json({"seats": 3, "stack": 100, **body})


def test_spectators_one_hand_behind_see_the_last_hand_not_this_one() -> None:
    table = make(bots=2, bot_level="caller", spectators="behind", clock={"seconds": 30})
    run(table)
    assert table.hand is not None and snap(table, None)["view"] is None
    assert snap(table, 0)["clock"] is not None and snap(table, None)["clock"] is None, "no clock of a hand not shown"
    finish_hand(table)
    assert table.number == 2 and table.previous is not None
    behind = snap(table, None)
    assert (
        behind["view"] == view_json(table.previous.view(None), table.roster.names(table.previous_dealt, None))
        and behind["view"]["over"]
    )
    assert behind["dealt"] == list(table.previous_dealt)


def test_leaving_cashes_out_at_the_end_of_the_hand() -> None:
    table = make(bots=2, bot_level="caller")
    run(table)
    table.leave(0)
    table.host("pause")  # the bots would play on by themselves
    assert table.seats[0].status == "playing" or 0 not in table.dealt
    finish_hand(table)
    assert table.seats[0].status == "left" and table.table.seats[0] is None
    [ann] = [session for session in table.roster.sessions() if session.name == "player 1"]
    assert ann.buy_out == ann.buy_in + ann.net and ann.stack == 0 and ann.end > 0
    assert sum(session.net for session in table.roster.sessions()) + table.table.carried == 0


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(_KNOWN_SETTINGS)), JSONISH, max_size=8) | JSONISH)
def test_the_hosts_settings_are_read_or_refused_in_one_line(data: Any) -> None:
    try:
        config = TableConfig.from_json(data)
    except ParseError as error:
        assert "\n" not in str(error)
        return
    assert TableConfig.from_json(config.to_json()) == config


@given(st.text(max_size=60))
def test_an_invite_link_is_read_or_refused(text: str) -> None:
    try:
        invite = Invite.parse(text)
    except ParseError:
        return
    assert invite.socket.startswith(("ws://", "wss://")) and invite.token


# -- the ledger and the settle-up --------------------------------------------------------------


def test_settle_up_takes_the_fewest_transfers() -> None:
    nets = {"a": 9, "b": -8, "c": 6, "d": -2, "e": 3, "f": 4, "g": -12}
    transfers = settle_up(nets)
    assert len(transfers) == 5
    _squares(nets, transfers)


def _squares(nets: dict[str, int], transfers: list[Any]) -> None:
    left = dict(nets)
    for transfer in transfers:
        assert transfer.amount > 0
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    assert set(left.values()) <= {0}


def _fewest(nets: list[int]) -> int:
    """The fewest transfers, by trying every split into zero-sum groups."""
    players = [net for net in nets if net]
    best = {0: 0}
    for mask in range(1, 1 << len(players)):
        total = sum(net for bit, net in enumerate(players) if mask >> bit & 1)
        best[mask] = max(best[mask & ~(1 << bit)] for bit in range(len(players)) if mask >> bit & 1) + (total == 0)
    return len(players) - best[(1 << len(players)) - 1]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=1, max_size=8))
def test_settle_up_squares_everyone_in_the_fewest_transfers(nets: list[int]) -> None:
    nets = [*nets, -sum(nets)]
    named = {f"p{index}": net for index, net in enumerate(nets)}
    transfers = settle_up(named)
    _squares(named, transfers)
    assert len(transfers) == _fewest(nets)


# -- over sockets ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def live() -> Any:
    with live_server() as server:
        yield server


def test_every_message_is_one_seats_view_and_secrets_rotate(live: Live) -> None:
    created = live.new(game="holdem", seats=3, stack=100, bots=1, bot_level="caller")
    first, second = created["invites"]
    ann = Seat(first)
    assert ann.welcome["type"] == "welcome" and ann.welcome["you"] == 0
    assert ann.welcome["token"] != first.split("#")[1]
    bob = Seat(second)
    ann.until(lambda m: m.get("state", {}).get("view") is not None)
    bob.at(ann.seq)
    for seat in (ann, bob):
        view, dealt = seat.state["view"], seat.state["dealt"]
        me = dealt.index(seat.welcome["you"]) if seat.welcome["you"] in dealt else None  # else it watches
        assert view["viewer"] == me
        assert [s["down"] is not None for s in view["seats"]] == [index == me for index in range(len(view["seats"]))]
    # The old secret no longer opens the seat; the rotated one takes it over.
    stale = Seat(first)
    assert stale.welcome == {"type": "closed", "table": None, "hand": 0, "seq": 0, "reason": "bad token"}
    again = Seat(first, token=ann.welcome["token"])
    assert again.welcome["you"] == 0
    assert ann.until(lambda m: m["type"] == "closed")["reason"] == "taken over"
    for message in ann.frames + bob.frames:
        assert {"type", "table", "hand", "seq"} <= set(message)
    spectator = Seat(created["spectate"])
    assert spectator.welcome["you"] is None
    assert all(s["down"] is None for s in spectator.state["view"]["seats"])
    spectator.send(type="act", hand=spectator.hand, seq=spectator.seq, action={"kind": "fold"})
    assert spectator.until(lambda m: m["type"] == "error")["code"] == "forbidden"
    for connection in (again, bob, spectator, stale):
        connection.close()


def test_a_welcome_lost_on_the_way_does_not_lose_the_seat(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
    invite = created["invites"][0]
    lost = Seat(invite, ready=False)  # the connection drops before the new secret arrives
    assert lost.welcome["type"] == "welcome"
    lost.close()
    back = Seat(invite)  # the secret it had still opens the seat, and rotates again
    assert back.welcome["you"] == 0
    back.send(type="nonsense")  # answered in order after its ready: once the refusal is here, so is the ready
    back.until(lambda m: m["type"] == "error")
    unused = lost.welcome["token"]
    assert Seat(invite, ready=False).welcome["reason"] == "bad token"  # once the new one is kept, the old stops
    assert Seat(invite, token=unused, ready=False).welcome["reason"] == "bad token"
    back.close()


def test_a_dropped_socket_gets_the_same_seat_the_same_cards_and_no_new_deal(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100)
    ann, bob = (Seat(url) for url in created["invites"])
    ann.until(lambda m: m.get("state", {}).get("view") is not None)
    bob.at(ann.seq)
    before, token = ann.state["view"], ann.welcome["token"]
    ann.close()
    bob.until(lambda m: m["type"] == "state" and not m["state"]["seats"][0]["connected"])
    again = Seat(created["invites"][0], token=token)
    assert again.welcome["you"] == 0 and again.welcome["seq"] == ann.seq and again.welcome["hand"] == 1
    assert again.state["view"] == before
    again.close()
    bob.close()


def test_a_forged_seat_gets_nothing(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100)
    ann, bob = (Seat(url) for url in created["invites"])
    ann.until(lambda m: m.get("state", {}).get("view") is not None)
    bob.at(ann.seq)
    turn = ann.state["dealt"][ann.state["view"]["to_act"][0]]
    waiting = bob if turn == 0 else ann
    waiting.send(type="act", hand=waiting.hand, seq=waiting.seq, seat=turn, player_id="t.0", action={"kind": "fold"})
    error = waiting.until(lambda m: m["type"] == "error")
    assert error["code"] == "not_your_turn" and error["seq"] == waiting.seq
    waiting.send(type="sit_out", seat=turn)
    waiting.until(lambda m: m["type"] == "state" and m["state"]["seats"][turn]["status"] == "playing")
    ann.close()
    bob.close()


def test_the_hosts_doors_need_the_hosts_secret(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100)
    table = created["table"]
    for method, path in [
        ("GET", "/api/tables"),
        ("POST", "/api/tables"),
        ("GET", f"/api/tables/{table}/ledger"),
        ("GET", f"/api/tables/{table}/history"),
        ("POST", f"/api/tables/{table}/pause"),
        ("POST", f"/api/tables/{table}/rebuys/0"),
        ("POST", f"/api/tables/{table}/seats/0/sit-out"),
    ]:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": HOST_TOKEN}):
            answer = live.http.request(method, path, headers=headers)
            assert answer.status_code == 401 and answer.json() == {
                "error": "the host's secret is missing or wrong",
                "code": "host",
            }
    assert live.http.get("/api/seed").status_code == 404
    assert live.http.get("/api/games").json()[0].keys() >= {"name", "title", "players", "summary", "mix"}
    assert live.host("POST", "/api/tables", json={"game": "holdem", "seats": 2}).json()["error"].startswith("stack")


def test_the_host_sees_the_rebuys_waiting_and_answers_them(live: Live) -> None:
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller", names=["ann"])
    table = created["table"]
    ann = Seat(created["invites"][0])
    ann.send(type="rebuy", amount=50)
    ann.until(lambda m: m["type"] == "state" and m["state"]["rebuys"])

    def listed() -> Any:
        return next(entry for entry in live.host("GET", "/api/tables").json() if entry["table"] == table)["rebuys"]

    assert listed() == [{"seat": 0, "name": "ann", "amount": 50}]
    assert live.host("POST", f"/api/tables/{table}/rebuys/0", json={"approve": False}).status_code == 200
    assert listed() == []
    ann.close()


def test_the_ledger_is_pokernows_csv_and_nets_sum_to_zero(live: Live) -> None:
    created = live.new(game="holdem", seats=3, stack=100, bots=2, bot_level="random")
    [(client, _)] = bots(created["invites"], "random", hands=2, seed=3)
    assert client.done
    csv = live.host("GET", f"/api/tables/{created['table']}/ledger?format=csv").text
    lines = csv.splitlines()
    assert lines[0] == "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"
    assert tuple(lines[0].split(",")) == HEADER
    ledger = live.host("GET", f"/api/tables/{created['table']}/ledger").json()
    assert sum(int(line.split(",")[-1]) for line in lines[1:]) + ledger["carried"] == 0
    history = live.host("GET", f"/api/tables/{created['table']}/history").text
    assert "hand = 1" in history and "_decks" not in history
    assert live.host("POST", f"/api/tables/{created['table']}/close").json()["status"] in ("closing", "closed")


def test_a_player_asks_for_the_ledger_and_the_settle_up(live: Live) -> None:
    created = live.new(game="holdem", seats=3, stack=100, bots=1, bot_level="caller", names=["ann", "bob"])
    ann, bob = (Seat(url) for url in created["invites"])
    ann.send(type="ledger")
    answer = ann.until(lambda m: m["type"] == "ledger")
    assert {"table", "hand", "seq"} <= set(answer)
    ledger = answer["ledger"]
    assert {p["name"]: p["buy_in"] for p in ledger["players"]} == {"ann": 100, "bob": 100, "bot 3": 100}
    assert ledger.keys() == {"entries", "players", "carried", "settle"}
    assert sum(p["net"] for p in ledger["players"]) + ledger["carried"] == 0
    assert not cards_in(json.dumps(answer))  # no card in it, hidden or not
    spectator = Seat(created["spectate"])
    spectator.send(type="ledger")
    assert spectator.until(lambda m: m["type"] in ("ledger", "error"))["type"] == "error"
    for seat in (ann, bob, spectator):
        seat.close()


def test_a_player_previews_a_split_over_the_socket(live: Live) -> None:
    created = live.new(game="chinese-poker", seats=2, stack=100, bots=1, bot_level="caller", names=["ann"])
    ann = Seat(created["invites"][0])
    state = ann.until(lambda m: m["type"] in ("state", "welcome") and (m["state"]["view"] or {}).get("legal"))
    cards = state["state"]["view"]["legal"][0]["cards"]
    ann.send(type="preview", hands=[cards[:5], cards[5:10], cards[10:]])
    answer = ann.until(lambda m: m["type"] in ("preview", "error"))
    assert answer["type"] == "preview" and {"type", "table", "hand", "seq", "parts", "dead", "refused"} == set(answer)
    assert [part["name"] for part in answer["parts"]] == ["back", "middle", "front"]
    assert cards_in(json.dumps(answer)) == set(cards)  # its own cards only
    ann.send(type="preview", hands=[cards[:5], cards[5:10]])
    assert ann.until(lambda m: m["type"] in ("preview", "error"))["type"] == "error"
    spectator = Seat(created["spectate"])
    spectator.send(type="preview", hands=[cards[:5], cards[5:10], cards[10:]])
    refused = spectator.until(lambda m: m["type"] in ("preview", "error"))
    assert refused["type"] == "error" and not cards_in(json.dumps(refused))
    for seat in (ann, spectator):
        seat.close()


def test_limits_close_a_flooding_or_oversized_client() -> None:
    with live_server(limits=Limits(rate=1.0, burst=3, message_bytes=512)) as live:
        created = live.new(game="holdem", seats=2, stack=100, bots=1)
        seat = Seat(created["invites"][0])
        for _ in range(6):
            seat.send(type="sit_in")
        assert seat.until(lambda m: m["type"] == "error")["code"] == "rate"
        seat.send(type="act", padding="x" * 600)
        assert seat.until(lambda m: m["type"] == "closed")["reason"] == "message too large"
        seat.close()


def test_a_client_that_stops_reading_loses_old_snapshots_not_the_table() -> None:
    connection = Connection(websocket=None, seat=0, limits=Limits(queue=4))  # type: ignore[arg-type]
    connection.send("state", "before the welcome")
    assert not connection.queue  # nothing but the welcome goes first
    connection.welcomed = True
    for number in range(10):
        connection.send("state", str(number))
    assert [text for _, text in connection.queue] == ["8", "9"]
    assert connection.closing is None
    for number in range(5):
        connection.send("error", str(number))
    assert connection.closing == "too slow"


# -- the commands ------------------------------------------------------------------------------


def test_join_tells_the_table_waits_and_leaves_at_the_end_of_input(
    live: Live, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    created = live.new(game="draw", seats=3, stack=100)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # Ctrl-D while the table waits for players
    status: list[int] = []
    joined = threading.Thread(target=lambda: status.append(main(["join", created["invites"][0]])), daemon=True)
    joined.start()
    joined.join(WAIT)  # bounded: a join that did not leave fails here
    assert status == [0]
    out = capsys.readouterr().out
    assert "Waiting for players: 1 of 3 seated" in out and out.rstrip().endswith(": 0 hands, left with 100 chips")
    watcher = Seat(created["invites"][1])
    assert [seat["status"] for seat in watcher.state["seats"]] == ["left", "playing", "empty"]
    watcher.close()


def test_host_and_join_at_the_command_line(live: Live, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"{live.base}/host#{HOST_TOKEN}"
    assert main(["host", url, "new", "--game", "draw", "--seats", "2", "--stack", "100", "--bots", "1", "--json"]) == 0
    created = json.loads(capsys.readouterr().out)
    assert set(created) == {"table", "invites", "spectate", "join"} and len(created["invites"]) == 1
    log = tmp_path / "frames.jsonl"
    invite = created["invites"][0]
    assert main(["join", invite, "--bot", "caller", "--hands", "2", "--log", str(log), "--seed", "1"]) == 0
    played = re.search(r"(\d+) hands", capsys.readouterr().out)
    assert played is not None and int(played[1]) >= 2  # it leaves at the end of the hand under way when it has had 2
    frames = [json.loads(line) for line in log.read_text().splitlines()]
    assert frames[0]["type"] == "welcome" and all("seq" in frame for frame in frames)
    assert main(["host", url, "ledger", created["table"], "--csv"]) == 0
    assert capsys.readouterr().out.startswith(",".join(HEADER) + "\n")
    assert main(["host", url, "history", created["table"], "--seat", "0"]) == 2
    assert "--seat must be 1 or more (seats count from 1), not 0" in capsys.readouterr().err
    assert main(["host", url, "history", created["table"], "--seat", "1"]) == 0
    assert "hand = 2" in capsys.readouterr().out
    assert main(["host", url, "history", created["table"], "--seat", "1", "--format", "pokerstars"]) == 0
    stars = capsys.readouterr().out
    assert stars.startswith("PokerStars Hand #1:") and "PokerStars Hand #2:" in stars and "Dealt to" in stars
    assert main(["host", url, "history", created["table"], "--full", "--format", "pokerstars"]) == 2
    assert "--full goes with --format phh" in capsys.readouterr().err
    assert main(["host", url, "close", created["table"]]) == 0
    assert "closed" in capsys.readouterr().out
    assert main(["join", invite, "--bot", "caller"]) == 2  # the secret was rotated: the old link opens nothing
    assert "does not know" in capsys.readouterr().err
    assert main(["host", live.base, "--token", "wrong", "tables"]) == 2
    assert main(["join", "http://127.0.0.1:1/nothing", "--bot", "caller"]) == 2


def test_a_person_joins_at_the_terminal(
    live: Live, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller")
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\n" * 8 + "q\n"))
    assert main(["join", created["invites"][0]]) == 0
    out = capsys.readouterr().out
    assert "Hand 1" in out and "Your move" in out
    # the end of hand 1 is told: who took the pot (or that it was split), then what it changed
    first = out.split("Hand 2")[0]
    assert re.search(r"\bwins? the pot \(\d+\)|\bpot\b.*\n(.*\n)*This hand: ", first), first[-400:]


def test_a_person_at_the_terminal_sits_out_asks_for_a_rebuy_and_sits_in(
    live: Live, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    created = live.new(game="holdem", seats=2, stack=100, bots=1, bot_level="caller", names=["ann"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\nsitout\n" + "c\n" * 8 + "rebuy 50\nsitin\nq\n"))
    assert main(["join", created["invites"][0]]) == 0
    out = capsys.readouterr().out
    assert "sitout (from the next hand)" in out and "rebuy N" in out  # the help lists them
    assert "You are sitting out." in out and "Hand 2" in out  # sat out after hand 1, in again for hand 2
    table = next(entry for entry in live.host("GET", "/api/tables").json() if entry["table"] == created["table"])
    assert table["rebuys"] == [{"seat": 0, "name": "ann", "amount": 50}]


def test_the_test_client_runs_on_httpx2_without_a_warning() -> None:
    # Starlette's TestClient (the app's doctest) is built on httpx2 from Starlette 1.2, and warns
    # (a StarletteDeprecationWarning, which is a UserWarning) when it falls back to httpx.
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import starlette.testclient"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-500:]


def test_the_tables_phh_names_the_mix_a_hand_was_dealt_in() -> None:
    # A table of H.O.R.S.E.: its history names the mix (PHH's _mix), as history export does; a
    # table of one game names none.
    for game, mix in (("horse", "horse"), ("holdem", None)):
        table = make(game=game, seats=2, bots=1, bot_level="caller")
        run(table)
        finish_hand(table)
        (record,) = loads_all(phh(table))
        assert record.extra.get("_mix") == mix


def test_pokerstars_text_dates_each_hand_when_it_was_dealt_in_eastern_time() -> None:
    # Trackers read a hand's moment from its header ("- 2026/12/01 19:00:00 ET"): the deal's time
    # in the log, in New York's time as PokerStars writes it, not one date for every hand.
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from homegame.server.histories import pokerstars

    clock = Clock()
    table = make(clock, game="holdem", seats=2, bots=1, bot_level="caller")
    for _ in range(2):
        run(table)
        clock.now += 3_600_000  # an hour a hand
        finish_hand(table)
    deals = [row.at for row in table.store.rows("t") if row.kind == "deal"]
    eastern = ZoneInfo("America/New_York")
    expected = [f"{datetime.fromtimestamp(at / 1000, eastern):%Y/%m/%d %H:%M:%S} ET" for at in deals[:2]]
    headers = [line for line in pokerstars(table)[0].splitlines() if line.startswith("PokerStars Hand #")]
    assert [header.rsplit(" - ", 1)[1] for header in headers] == expected and expected[0] != expected[1]


@pytest.mark.parametrize(("game", "seats"), [("holdem", 4), ("stud", 3), ("holdem", 2)])
def test_pokerstars_text_names_the_tables_own_size(game: str, seats: int) -> None:
    # A 4-seat table was written "6-max" (rounded up to a casino's table): the table's seats it is.
    from homegame.server.histories import pokerstars

    table = make(game=game, seats=seats, bots=seats - 1, bot_level="caller")
    run(table)
    finish_hand(table)
    lines = [line for line in pokerstars(table)[0].splitlines() if line.startswith("Table '")]
    assert lines and all(f"' {seats}-max" in line for line in lines), lines
