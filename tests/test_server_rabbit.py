"""The rabbit hunt at a server table (issue 30, item 6), over raw sockets: after a hand that ended
before its last card, a seat asks; every socket, a spectator's too, is shown the cards that would
have come, and they are the next cards of the hand's own deck as the log holds it; no chip moves,
no folded card is ever named, and a second ask, a spectator's ask, or a table that does not hunt is
refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from homegame.server.log import changes
from server_helpers import Seat, cards_in, live_server, make, run


def _rabbit(seat: Seat) -> dict[str, Any]:
    return seat.until(lambda m: m.get("type") == "state" and (m["state"]["rabbit"] or {}).get("seat") is not None)


def _folded(live: Any, **body: Any) -> tuple[Seat, Seat, Seat, list[str]]:
    """Two seats and a spectator; the first to act folds before the flop. The folded hole cards too."""
    created = live.new(game="holdem", seats=2, stack=100, spectators="public", **body)
    ann, bo, watcher = (Seat(url) for url in (*created["invites"], created["spectate"]))
    dealt = ann.until(lambda m: m.get("type") in ("state", "welcome") and m["state"]["view"] is not None)["state"]
    first = (ann, bo)[dealt["dealt"][dealt["view"]["to_act"][0]]]
    if not first.state["view"] or not first.state["view"]["legal"]:
        first.until(lambda m: m.get("type") == "state" and bool(m["state"]["view"] and m["state"]["view"]["legal"]))
    folded = [card for seat in first.state["view"]["seats"] if seat["down"] for card in seat["down"]]
    first.act({"kind": "fold"})
    for seat in (ann, bo, watcher):
        seat.until(lambda m: m.get("type") == "state" and m["state"]["last"] is not None)
    return ann, bo, watcher, folded


def test_a_seat_asks_and_everyone_sees_the_real_rabbit_and_no_chip_moves(tmp_path: Path) -> None:
    with live_server(tmp_path / "db", between_hands=600_000) as live:
        ann, bo, watcher, folded = _folded(live)
        stacks = [seat["stack"] for seat in watcher.state["seats"]]
        assert watcher.state["rabbit"] == {"hand": 1, "seat": None, "name": None, "deals": []}  # offered
        watcher.send(type="rabbit")
        assert watcher.until(lambda m: m.get("type") == "error")["code"] == "forbidden"
        bo.send(type="rabbit")
        shown = [_rabbit(seat)["state"] for seat in (ann, bo, watcher)]
        rabbits = [state["rabbit"] for state in shown]
        assert all(rabbit == rabbits[0] for rabbit in rabbits) and rabbits[0]["seat"] == 1
        cards = [card for deal in rabbits[0]["deals"] for card in deal["cards"]]
        assert [deal["seat"] for deal in rabbits[0]["deals"]] == [None, None, None]
        table_id = watcher.welcome["table"]
        deck = next(orders[0] for row, orders in changes(live.server.store.rows(table_id)) if row.kind == "deal")
        logged = [str(card) for card in deck]
        # four hole cards, then burn, flop, burn, turn, burn, river
        assert cards == [*logged[5:8], logged[9], logged[11]]
        assert [seat["stack"] for seat in shown[2]["seats"]] == stacks  # no chip moved
        assert shown[2]["last"]["result"]["net"] in ([-1, 1], [1, -1])
        ann.send(type="rabbit")
        assert ann.until(lambda m: m.get("type") == "error")["code"] == "illegal"  # shown already
        for seat in (ann, bo, watcher):
            seat.close()
        spectator = {card for frame in watcher.frames for card in cards_in(str(frame))}
        assert not spectator & set(folded)  # the folded cards were never named to the spectator


def test_a_table_that_does_not_hunt_refuses(tmp_path: Path) -> None:
    with live_server(tmp_path / "db", between_hands=600_000) as live:
        ann, bo, watcher, _ = _folded(live, rabbit_hunt=False)
        ann.send(type="rabbit")
        assert ann.until(lambda m: m.get("type") == "error")["code"] == "forbidden"
        assert watcher.state["rabbit"] is None
        for seat in (ann, bo, watcher):
            seat.close()


def test_the_rabbit_survives_a_restart_and_goes_with_the_next_hand() -> None:
    table = make(game="holdem", seats=2, stack=100)
    run(table)
    assert table.hand is not None
    seat = table.dealt[table.hand.pending()[0]]
    table.act(seat, table.number, table.seq, {"kind": "fold"})
    table.hunt(1 - seat)
    shown: Any = table.snapshot(None)["rabbit"]
    assert shown is not None and len([c for deal in shown["deals"] for c in deal["cards"]]) == 5
    restored = type(table).restore("t", table.config, table.store, now=table.now)
    assert restored.snapshot(None)["rabbit"] == shown
    run(table)  # the next hand: the rabbit stays with its own hand until another is finished
    assert table.hand is not None and table.snapshot(None)["rabbit"] == shown
    table.act(table.dealt[table.hand.pending()[0]], table.number, table.seq, {"kind": "fold"})
    assert table.snapshot(None)["rabbit"] == {"hand": 2, "seat": None, "name": None, "deals": []}
