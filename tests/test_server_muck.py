"""Show or muck at a server table (issue 30, item 9), over raw sockets with three seats and a
spectator, and in-process: a seat that asked to muck throws away at the showdown a hand it need not
show (Robert's Rules of Poker, Showdown: "A player must show all cards in the hand face-up on the
table to win any part of the pot"), and no other socket's frame names those cards; the winner of a
hand nobody called shows one card, and every socket's frames name it (the other card stays in
none); a restart keeps both; every download is scanned as the history scanner scans them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cards import parse
from homegame.cli import main
from homegame.engine.events import Mucked, Shown
from homegame.history import loads_all
from homegame.server import showing
from homegame.server.config import TableConfig
from homegame.server.finished import page
from homegame.server.histories import phh
from homegame.server.messages import BadMessageError, Muck
from homegame.server.messages import parse as parse_message
from homegame.server.requests import RefusedError
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import HOST_TOKEN, Seat, cards_in, finish_hand, live_server, make, run, to_act
from test_history_leaks import _cards, _scan_downloads

BODY = {"game": "holdem", "seats": 3, "stack": 100, "spectators": "public", "between_hands": 600}
"""Three people and anyone with the link watching; the finished hand stays on the table (600 s: no
test waits for it)."""


def _sockets(live: Any, muck: bool = False) -> tuple[dict[str, Any], list[Seat], Seat]:
    """A table of three seats (each asking to muck, with ``muck``) and a spectator, its first hand
    dealt once all three sit."""
    created = live.new(**BODY, paused=True)
    watcher = Seat(created["spectate"])
    seats = [Seat(invite) for invite in created["invites"]]
    for seat in seats if muck else ():
        seat.send(type="muck", muck=True)
        said = seat.until(lambda m: m.get("type") == "state" and m["state"]["muck"]["on"])
        assert said["state"]["muck"] == {"allowed": True, "on": True, "show": []}
    assert live.host("POST", f"/api/tables/{created['table']}/resume").status_code == 200
    return created, seats, watcher


def _states(socket: Seat) -> dict[str, Any]:
    return socket.until(lambda m: m.get("type") in ("state", "welcome"))


def _play(seats: list[Seat], watcher: Seat, choose: Any) -> int:
    """Play the hand in progress (or the next) to its end, each seat doing ``choose(legal kinds)``
    when the spectator's frame says it is its turn; the hand's number."""
    acted = -1  # the table's change the last action was made on: frames up to it are stale
    for _ in range(300):
        state = watcher.state
        view = state.get("view")
        if view is None and state.get("last") is not None:
            return int(state["last"]["hand"])
        if view is not None and view["to_act"] and watcher.seq > acted:
            actor = seats[state["dealt"][view["to_act"][0]]]
            actor.at(watcher.seq)
            acted = actor.seq
            actor.act({"kind": choose({legal["kind"] for legal in actor.state["view"]["legal"]})})
        _states(watcher)
    raise AssertionError("the hand never ended")


def _passive(kinds: set[str]) -> str:
    return "check" if "check" in kinds else "call"


def _folding(kinds: set[str]) -> str:
    return "fold" if "fold" in kinds else "check"


def _shown(events: list[dict[str, Any]]) -> list[str]:
    """The words of the ``shown`` events."""
    return [event["text"] for event in events if event["type"] == "shown"]


def _frames_of(socket: Seat, number: int) -> str:
    """Every frame ``socket`` was sent of hand ``number``, as text."""
    return " ".join(json.dumps(frame) for frame in socket.frames if frame.get("hand") == number)


def test_a_seat_mucks_at_the_showdown_and_no_other_socket_sees_its_cards(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        for _ in range(5):  # a hand where the board plays for all three ties: nobody can muck; deal again
            created, seats, watcher = _sockets(live, muck=True)
            table_id = created["table"]
            number = _play(seats, watcher, _passive)
            hand = live.server.rooms[table_id].table.previous
            assert hand is not None and hand.seats == 3
            mucked = [event.seat for event in hand.events if isinstance(event, Mucked)]
            if mucked:
                break
        assert mucked, "five hands and never a muck"
        winners = {won.seat for won in hand.result.awards}
        shown = [event.seat for event in hand.events if isinstance(event, Shown)]
        assert set(shown) == set(range(3)) - set(mucked) and winners <= set(shown)
        for seat in seats:
            seat.at(watcher.seq)
        for loser in mucked:
            secret = {str(card) for card in hand.down[loser]}
            for index, socket in enumerate([*seats, watcher]):
                if index != loser:
                    assert not cards_in(_frames_of(socket, number)) & secret, (loser, index)
            assert secret <= cards_in(_frames_of(seats[loser], number))
            said = [event["text"] for event in watcher.state["last"]["events"] if event["type"] == "mucked"]
            assert f"player {loser + 1} mucks" in said
        for winner in winners:  # the winner's cards are in every frame
            assert {str(card) for card in hand.down[winner]} <= cards_in(_frames_of(watcher, number))
        history = f"/api/tables/{table_id}/history"
        full = _cards(live.host("GET", f"{history}?full=1").text)
        for loser in mucked:  # the host's full record keeps every card; another seat's download does not
            secret = {str(card) for card in hand.down[loser]}
            assert secret <= full
            for reader in {0, 1, 2} - {loser}:
                assert not _cards(live.host("GET", f"{history}?seat={reader}").text) & secret
            assert not _cards(live.host("GET", history).text) & secret
        for socket in (*seats, watcher):
            socket.close()
        before = live.base
    with live_server(tmp_path / "db") as live:  # restored from the log: still mucked, still asked
        watcher = Seat(created["spectate"].replace(before, live.base))
        for loser in mucked:
            assert not cards_in(json.dumps(watcher.welcome)) & {str(card) for card in hand.down[loser]}
        assert all(info.mucks for info in live.server.rooms[table_id].table.seats)
        watcher.close()


def test_the_winner_of_a_hand_nobody_called_shows_one_card_to_every_socket(tmp_path: Path) -> None:
    with live_server(tmp_path / "db") as live:
        created, seats, watcher = _sockets(live)
        table_id = created["table"]
        number = _play(seats, watcher, _folding)
        table = live.server.rooms[table_id].table
        assert table.previous is not None
        winner = table.previous_dealt[table.previous.folded.index(False)]
        index = table.previous_dealt.index(winner)
        seats[winner].at(watcher.seq)
        mine = seats[winner].state["last"]["view"]["seats"][index]["down"]
        assert len(mine) == 2 and sorted(seats[winner].state["muck"]["show"]) == sorted(mine)
        loser = (winner + 1) % 3
        seats[loser].at(watcher.seq)
        assert seats[loser].state["muck"]["show"] == []
        for socket, message, code in (
            (watcher, {"cards": mine[:1]}, "forbidden"),
            (seats[loser], {"cards": mine[:1]}, "illegal"),
            (seats[winner], {"cards": ["Zz"]}, "bad_request"),
            (seats[winner], {"cards": "As"}, "bad_request"),
        ):
            socket.send(type="show", **message)
            refused = socket.until(lambda m: m.get("type") == "error")
            assert refused["code"] == code, (message, refused)
        assert not any(row.kind == "show" for row in live.server.store.rows(table_id))  # nothing refused is logged
        seats[winner].send(type="show", cards=mine[:1])
        for other, socket in enumerate([*seats, watcher]):
            frame = socket.until(lambda m: m.get("type") == "state" and _shown(m["state"]["last"]["events"]))
            last = frame["state"]["last"]
            assert last["view"]["seats"][index]["down"] == (mine if other == winner else mine[:1])
            assert _shown(last["events"])[0].endswith(f" {mine[0]}")
        for other, socket in enumerate([*seats, watcher]):
            if other != winner:
                assert mine[0] in cards_in(_frames_of(socket, number))
                assert mine[1] not in cards_in(_frames_of(socket, number)), other
        assert seats[winner].state["muck"]["show"] == mine[1:]
        for socket in (*seats, watcher):
            socket.close()
        before = live.base
    with live_server(tmp_path / "db") as live:  # restored: the card is still shown, the other still hidden
        watcher = Seat(created["spectate"].replace(before, live.base))
        last = watcher.welcome["state"]["last"]
        assert last["hand"] == number
        assert last["view"]["seats"][index]["down"] == mine[:1]
        assert mine[1] not in cards_in(json.dumps(watcher.welcome))
        watcher.close()


# -- in-process: the log, the table option, the downloads -------------------------------------------


def test_a_table_that_never_mucks_refuses_the_ask_and_shows_every_hand() -> None:
    table = make(muck="never", rng=random.Random(3))
    with pytest.raises(RefusedError, match="never"):
        showing.muck(table, 0, True)
    assert table.snapshot(0)["muck"] == {"allowed": False, "on": False, "show": []}
    assert TableConfig.from_json({**BODY, "muck": "never"}).to_json()["muck"] == "never"
    with pytest.raises(ValueError, match="muck"):
        TableConfig.from_json({**BODY, "muck": "sometimes"})


def test_the_muck_is_a_change_in_the_log_and_the_table_restored_keeps_it() -> None:
    store = Store(":memory:")
    table = make(store=store, rng=random.Random(5))
    run(table)  # dealt: the muck is said during the hand
    showing.muck(table, 1, True)
    showing.muck(table, 1, True)  # said again: nothing to change
    rows = [(row.kind, row.data.get("seat"), row.data.get("muck")) for row in store.rows("t") if row.kind == "muck"]
    assert rows == [("muck", 1, True)]
    assert table.hand is not None and table.hand.mucks == (1,)
    finish_hand(table)
    assert table.previous is not None and table.previous.history().setup.mucks == (1,)
    restored = ServerTable.restore("t", table.config, store, now=table.now)
    assert restored.seats[1].mucks and restored.previous is not None
    assert restored.previous.events == table.previous.events
    run(restored)
    assert restored.hand is None or restored.hand.mucks == (1,)


def test_the_servers_downloads_name_no_mucked_card_but_the_full_record_keeps_them() -> None:
    config = TableConfig.from_json({"game": "holdem", "seats": 3, "stack": 200, "bots": 3, "bot_level": "caller"})
    table = ServerTable.create("t", config, Store(":memory:"), now=lambda: 0, rng=random.Random(11))
    for seat in range(3):
        showing.muck(table, seat, True)
    for _ in range(4000):
        if table.number > 6 or not table.moves.auto(0):
            break
    hands = table.histories()
    mucked = [
        (index, event.seat)
        for index, (_, hand, _) in enumerate(hands)
        for event in hand.events
        if isinstance(event, Mucked)
    ]
    assert len(mucked) >= 3
    assert _scan_downloads(table, 3) > 0  # no reader's PHH or PokerStars text names a card it did not see
    full = loads_all(phh(table, full=True))
    for index, seat in mucked:
        hand = hands[index][1]
        secret = {str(card) for card in hand.down[seat]}
        assert secret <= _cards(" ".join(full[index].actions))  # the host's full record keeps every card
        for viewer in {0, 1, 2} - {hands[index][2][seat]}:
            assert not _cards(" ".join(loads_all(phh(table, seat=viewer))[index].actions)) & secret


def _won_uncalled() -> tuple[ServerTable, int]:
    """A table whose first hand the big blind won uncalled (the others folded), still on the table."""
    table = make(rng=random.Random(2), between_hands=600)
    run(table)
    for _ in range(2):
        table.act(to_act(table), table.number, table.seq, {"kind": "fold"})
        run(table)
    assert table.hand is None and table.previous is not None
    return table, table.previous_dealt[table.previous.folded.index(False)]


CARDS = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=6),
    st.lists(st.one_of(st.sampled_from(["As", "Kd", "2c", "Jk", "??", "10h", ""]), st.integers()), max_size=4),
)


@settings(max_examples=40, deadline=None)
@given(CARDS, st.integers(0, 2))
def test_a_show_refused_changes_nothing(cards: object, seat: int) -> None:
    table, winner = _won_uncalled()
    seq, may = table.seq, showing.showable(table, winner)
    try:
        showing.show(table, seat, cards)
    except RefusedError as refused:
        assert refused.code in ("bad_request", "illegal")
        assert table.seq == seq and showing.showable(table, winner) == may
        return
    assert seat == winner and isinstance(cards, list)  # what was applied is a card of its own
    assert set(parse(" ".join(cards))) <= set(may) and table.seq == seq + 1


@given(st.one_of(st.none(), st.integers(), st.text(max_size=4), st.lists(st.booleans(), max_size=2)))
def test_a_muck_message_takes_only_true_or_false(value: object) -> None:
    with pytest.raises(BadMessageError, match="true or false"):
        parse_message({"type": "muck", "muck": value})
    assert parse_message({"type": "muck", "muck": True}) == Muck(True)


def test_host_new_sets_muck(capsys: pytest.CaptureFixture[str]) -> None:
    with live_server() as live:
        url = f"{live.base}/host#{HOST_TOKEN}"
        command = ["host", url, "new", "--game", "holdem", "--seats", "2", "--stack", "50", "--paused", "--json"]
        assert main([*command, "--muck", "never"]) == 0
        made = json.loads(capsys.readouterr().out)["table"]
        assert live.server.rooms[made].table.config.muck == "never"
        assert main(command) == 0
        made = json.loads(capsys.readouterr().out)["table"]
        assert live.server.rooms[made].table.config.muck == "allowed"


def test_a_card_shown_reaches_the_seats_history_of_the_hand_and_a_muck_never_does() -> None:
    table, winner = _won_uncalled()
    other = (winner + 1) % 3
    before = json.loads(page(table, other)[0])  # asked before the show: written, then written again
    assert before["view"]["seats"][table.previous_dealt.index(winner)]["down"] is None
    card = str(showing.showable(table, winner)[0])
    showing.show(table, winner, [card])
    after = json.loads(page(table, other)[0])
    assert after["view"]["seats"][table.previous_dealt.index(winner)]["down"] == [card]
    restored = ServerTable.restore("t", table.config, table.store, now=table.now)
    assert json.loads(page(restored, other)[0]) == after
