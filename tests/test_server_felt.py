"""The finished hand stays on the table: the pause between hands (the table's ``between_hands``,
else ``serve --between-hands``, 5 s by default), and an all-in runout dealt street by street
(``serve --runout-pause``), its hand over and committed before the first street is shown, so a
server killed mid-runout comes back with the hand finished."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cli import build_parser, main
from homegame.engine.actions import AmountLegal
from homegame.errors import ParseError
from homegame.server.config import TableConfig
from homegame.server.store import Store
from homegame.server.table import ServerTable
from schema_check import errors
from server_helpers import HOST_TOKEN, Clock, Seat, live_server, run, serve

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "wire.schema.json").read_text())
BODY = {"game": "holdem", "seats": 2, "stack": 100}


def table_of(now: Clock, *, server_pause: int = 5_000, runout_pause: int = 1_500, **body: Any) -> ServerTable:
    """Two people at a table in-process, on the test's clock, both seated; ``server_pause``: the
    server's ms between hands (``serve --between-hands``), ``body``: the table's settings."""
    config = TableConfig.from_json({**BODY, **body})
    table = ServerTable.create(
        "t", config, Store(":memory:"), now=now, between_hands=server_pause, runout_pause=runout_pause
    )
    for seat in range(config.seats):
        table.sit(seat)
    return table


def all_in(table: ServerTable) -> None:
    """The first to act moves all in, the next calls, a third folds: the hand ends, the runout
    still to be shown."""
    for turn in range(3):
        if table.hand is None:
            return
        seat = table.dealt[table.hand.pending()[0]]
        legal = table.hand.legal_actions(table.dealt.index(seat))
        most = max((option.max for option in legal if isinstance(option, AmountLegal)), default=0)
        action = [{"kind": "raise_to", "amount": most}, {"kind": "call"}, {"kind": "fold"}][turn]
        assert table.act(seat, table.number, table.seq, action)
    assert table.hand is None, "the hand did not end"


def snapshot(table: ServerTable, viewer: int | None) -> Any:
    """The viewer's snapshot, as JSON (read freely)."""
    return table.snapshot(viewer)


def boards(table: ServerTable, viewer: int | None) -> tuple[list[str], Any]:
    """The board the viewer's snapshot shows (the view's, else the finished hand's), and its ``runout``."""
    seen = snapshot(table, viewer)
    view = seen["view"] or seen["last"]["view"]
    return view["board"], seen["runout"]


# -- the pause between hands -----------------------------------------------------------------------


def test_between_hands_comes_from_the_http_body_else_the_server() -> None:
    with live_server(between_hands=4_000) as live:
        own = live.new(**BODY, between_hands=7.5, paused=True)["table"]
        default = live.new(**BODY, paused=True)["table"]
        rooms = live.server.rooms
        assert rooms[own].table.between_hands == 7_500 and rooms[default].table.between_hands == 4_000
        assert rooms[own].table.config.to_json()["between_hands"] == 7.5
        store = live.server.store
        restored = ServerTable.restore(own, TableConfig.from_json(rooms[own].table.config.to_json()), store)
        assert restored.between_hands == 7_500  # a table's own setting outlives a restart


@pytest.mark.parametrize("value", [-1, 600.5, "5", True, [], {"seconds": 5}])
def test_a_bad_between_hands_is_refused_and_no_table_made(value: object) -> None:
    with live_server() as live:
        answer = live.host("POST", "/api/tables", json={**BODY, "between_hands": value})
        assert answer.status_code == 400 and "between_hands" in answer.json()["error"], answer.text
        not_json = live.host("POST", "/api/tables", content=json.dumps(BODY)[:-1] + ', "between_hands": NaN}')
        assert not_json.status_code == 400, not_json.text
        assert live.host("GET", "/api/tables").json() == []


@settings(derandomize=True, deadline=None, database=None, max_examples=200)
@given(
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**6), 10**6),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=2),
    )
)
def test_between_hands_is_taken_only_as_seconds_from_0_to_600(value: object) -> None:
    fine = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 600
    if value is None or fine:
        assert TableConfig.from_json({**BODY, "between_hands": value}).between_hands == value
    else:
        with pytest.raises(ParseError, match="between_hands"):
            TableConfig.from_json({**BODY, "between_hands": value})


def test_host_new_sets_between_hands(capsys: pytest.CaptureFixture[str]) -> None:
    with live_server() as live:
        url = f"{live.base}/host#{HOST_TOKEN}"
        command = ["host", url, "new", "--game", "holdem", "--seats", "2", "--stack", "50", "--paused", "--json"]
        assert main([*command, "--between-hands", "2.5"]) == 0
        made = json.loads(capsys.readouterr().out)["table"]
        assert live.server.rooms[made].table.between_hands == 2_500
        assert main([*command, "--between-hands", "601"]) == 2
        assert "between_hands" in capsys.readouterr().err


def test_serve_waits_5_seconds_between_hands_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.between_hands, args.runout_pause) == (5.0, 1.5)
    for option, value in (("--between-hands", "nan"), ("--between-hands", "-1"), ("--runout-pause", "11")):
        assert main(["serve", "--db", str(tmp_path / "x.db"), option, value]) == 2
        assert option in capsys.readouterr().err
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize(("own", "wait"), [(None, 5_000), (1, 1_000), (0, 0)])
def test_the_next_deal_waits_the_tables_pause_once_the_hand_is_shown(own: float | None, wait: int) -> None:
    clock = Clock()
    settings: dict[str, Any] = {} if own is None else {"between_hands": own}
    table = table_of(clock, runout_pause=0, **settings)
    run(table)
    table.act(table.dealt[table.hand.pending()[0]], table.number, table.seq, {"kind": "fold"})  # type: ignore[union-attr]
    assert table.hand is None and table.number == 1
    ended = table.settled_at
    assert table.moves.wake_at() == ended + wait
    assert snapshot(table, 0)["last"]["hand"] == 1  # the finished hand is on the table meanwhile
    if wait:
        assert not table.moves.auto(ended + wait - 1) and table.hand is None
    assert table.moves.auto(ended + wait) and table.number == 2


# -- the runout, street by street --------------------------------------------------------------------


def test_an_all_in_runout_is_shown_street_by_street_then_the_finished_hand() -> None:
    clock = Clock()
    table = table_of(clock, seats=3)
    run(table)
    all_in(table)
    assert table.hand is None and table.previous is not None and table.previous.over  # over, and committed
    shoved = [seat for seat in range(3) if table.previous.committed[seat] == 100]
    start = clock.now
    frames: list[dict[int | None, dict[str, Any]]] = []
    for street in (1, 2, 3):
        frames.append({viewer: snapshot(table, viewer) for viewer in (0, 1, None)})
        assert table.moves.wake_at() == start + street * 1_500
        assert not table.moves.auto(start + street * 1_500 - 1)
        assert table.moves.auto(start + street * 1_500)
    final = {viewer: snapshot(table, viewer)["last"]["view"] for viewer in (0, 1, None)}
    for street, shown in enumerate(frames, 1):
        for viewer, seen in shown.items():
            assert errors(SCHEMA, {"type": "state", "table": "t", "hand": 1, "seq": 1, "state": seen}) == []
            view, end = seen["view"], final[viewer]
            assert seen["runout"] == {"street": street, "streets": 3} and seen["last"] is None
            assert (view["over"], view["result"], view["legal"], view["hands"]) == (False, None, [], [])
            assert view["events"] == end["events"][: len(view["events"])] and view["events"][-1]["type"] == "dealt"
            assert [view["seats"][seat]["stack"] for seat in shoved] == [0, 0]  # the pot is not won yet
            assert [seen["seats"][table.previous_dealt[seat]]["stack"] for seat in shoved] == [0, 0]
            assert view["pot"] == sum(seat["committed"] for seat in view["seats"]) > 200
            assert seen["clocks"] == [] and seen["choosing"] is None
            assert view["board"] == end["board"][: 2 + street]
            for seat, at_end in zip(view["seats"], end["seats"], strict=True):
                assert seat["down"] == at_end["down"], "the hands shown at the showdown are face up, no others"
    board, runout = boards(table, 0)
    assert len(board) == 5 and runout is None
    assert snapshot(table, 0)["last"]["result"] is not None
    assert sum(seat["stack"] for seat in snapshot(table, 0)["seats"]) == 300
    assert table.shown_at == start + 4_500 and table.moves.wake_at() == table.shown_at + 5_000
    assert not table.moves.auto(table.shown_at + 4_999) and table.hand is None
    assert table.moves.auto(table.shown_at + 5_000) and table.number == 2
    assert snapshot(table, 0)["runout"] is None


def test_the_dealer_chooses_once_the_runout_is_shown_and_is_timed_from_then() -> None:
    clock = Clock()
    table = table_of(clock, choice=["holdem", "omaha"], game=None, clock={"seconds": 20}, seats=3)
    run(table)
    dealer = table.choosing()
    assert dealer is not None
    table.choose(dealer[0], "holdem")
    run(table)
    all_in(table)
    start = clock.now
    assert snapshot(table, 0)["choosing"] is None and snapshot(table, 0)["clocks"] == []
    for _ in range(3):
        clock.now = table.moves.wake_at()  # type: ignore[assignment]
        assert table.moves.auto(clock.now)
    assert table.runout is None and snapshot(table, 0)["choosing"] is not None
    seat = table.choosing()[0]  # type: ignore[index]
    assert table.moves.deadline(seat) == start + 4_500 + 20_000  # the runout's pauses are not the dealer's time


def test_a_hand_that_ends_in_betting_has_no_runout() -> None:
    clock = Clock()
    table = table_of(clock)
    run(table)
    table.act(table.dealt[table.hand.pending()[0]], table.number, table.seq, {"kind": "fold"})  # type: ignore[union-attr]
    seen = snapshot(table, 0)
    assert seen["runout"] is None and seen["view"] is None and seen["last"]["hand"] == 1


def next_state(seat: Seat, test: Any) -> dict[str, Any]:
    """The next ``state`` whose snapshot passes ``test`` (bounded)."""
    message = seat.until(lambda m: m["type"] in ("state", "welcome") and test(m["state"]), limit=50)
    return message["state"]  # type: ignore[no-any-return]


def latest(seat: Seat, test: Any) -> dict[str, Any]:
    """The seat's last snapshot if it passes ``test``, else the next that does (bounded)."""
    return seat.state if test(seat.state) else next_state(seat, test)


def shove_and_call(seats: list[Seat]) -> None:
    """Over sockets: the first to act (heads-up, the button) moves all in, the other calls."""
    state = latest(seats[0], lambda s: s["view"] is not None and bool(s["view"]["to_act"]))
    first = state["dealt"][state["view"]["to_act"][0]]
    for player, kind in ((seats[first], "raise_to"), (seats[1 - first], "call")):
        asked = latest(player, lambda s: s["view"] is not None and bool(s["view"]["legal"]))
        legal = {option["kind"]: option for option in asked["view"]["legal"]}
        player.act({"kind": kind, "amount": legal[kind]["max"]} if kind == "raise_to" else {"kind": kind})


def test_runout_frames_come_street_by_street_over_the_socket() -> None:
    with live_server(runout_pause=100) as live:
        created = live.new(**BODY, between_hands=600, paused=True)
        seats = [Seat(invite) for invite in created["invites"]]
        assert live.host("POST", f"/api/tables/{created['table']}/resume").status_code == 200
        shove_and_call(seats)
        streets = [next_state(seats[0], lambda s, n=n: (s["runout"] or {}).get("street") == n) for n in (1, 2, 3)]
        assert [len(state["view"]["board"]) for state in streets] == [3, 4, 5]
        assert all(state["last"] is None and state["view"]["result"] is None for state in streets)
        done = next_state(seats[1], lambda s: s["last"] is not None)
        assert done["runout"] is None and done["view"] is None
        assert done["last"]["view"]["board"] == streets[-1]["view"]["board"]
        assert sum(seat["stack"] for seat in done["seats"]) == 200
        for message in seats[0].frames + seats[1].frames:
            assert errors(SCHEMA, message) == []
        for seat in seats:
            seat.close()


def test_a_server_killed_mid_runout_comes_back_with_the_hand_finished(tmp_path: Path) -> None:
    db = tmp_path / "homegame.sqlite"
    first = serve(db, "--runout-pause", "10")
    try:
        import httpx2

        with httpx2.Client(base_url=first.base, timeout=10) as http:
            auth = {"Authorization": f"Bearer {first.token}"}
            created = http.post("/api/tables", json={**BODY, "paused": True}, headers=auth).json()
            seats = [Seat(invite) for invite in created["invites"]]
            http.post(f"/api/tables/{created['table']}/resume", headers=auth)
        shove_and_call(seats)
        flop = next_state(seats[0], lambda s: s["runout"] is not None)
        tokens = [seat.welcome["token"] for seat in seats]
    finally:
        first.kill()
    second = serve(db, "--runout-pause", "10", port=int(first.base.rsplit(":", 1)[1]))
    try:
        again = Seat(created["invites"][0], token=tokens[0])
        state = again.welcome["state"]
        assert state["runout"] is None and state["view"] is None and state["last"] is not None
        assert state["last"]["view"]["board"][:3] == flop["view"]["board"]
        assert len(state["last"]["view"]["board"]) == 5 and state["last"]["result"]["awards"]
        assert sum(seat["stack"] for seat in state["seats"]) == 200
        again.close()
    finally:
        second.kill()


def test_a_table_closed_shows_its_last_hand_finished() -> None:
    clock = Clock()
    table = table_of(clock, seats=3)
    run(table)
    all_in(table)
    assert snapshot(table, 0)["runout"] is not None
    table.host("close")
    seen = snapshot(table, 0)
    assert seen["status"] == "closed" and seen["runout"] is None and len(seen["last"]["view"]["board"]) == 5
    closing = table_of(Clock(), seats=3)
    run(closing)
    closing.host("close")  # the hand in progress is played out, and no more
    all_in(closing)
    seen = snapshot(closing, 0)
    assert seen["status"] == "closed" and seen["runout"] is None and seen["last"] is not None
