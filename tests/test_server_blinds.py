"""Missed blinds at the server's tables: a player who sits out and comes back, or sits down once the
game has begun, pays the blinds by the usual rule (Robert's Rules of Poker, "Button and blind use"),
or waits for the big blind; games of antes alone owe nothing. In-process tables on a test's own
clock: the positions of the blinds depend on who sits where, never on the cards, so each story is
the same every run."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.bots.choices import simplest
from homegame.engine.events import Posted
from homegame.engine.wire import to_json
from homegame.history import loads_all
from homegame.history.export import stakes_fields
from homegame.history.pokerstars import read_pokerstars
from homegame.history.replay import replay
from homegame.server.config import TableConfig
from homegame.server.histories import phh, pokerstars
from homegame.server.store import Store
from homegame.server.table import ServerTable
from server_helpers import Clock, make, run, to_act


def step(table: ServerTable) -> None:
    """One move: a person's simplest action when it is a person's turn, else the table's own (a
    bot's decision, the next deal)."""
    if table.hand is not None and (seat := to_act(table)) not in table.moves.bots:
        legal = table.hand.legal_actions(table.dealt.index(seat))
        table.act(seat, table.number, table.seq, to_json(simplest(legal)))
    elif not table.moves.auto(table.now()):
        raise AssertionError("the table stopped")


def next_deal(table: ServerTable) -> None:
    """Play the hand in progress to its end and stop right after the next deal, before anyone acts
    in it (bounded)."""
    number = table.number
    for _ in range(2000):
        if table.number > number:
            return
        step(table)
    raise AssertionError("no next deal")


def posted(table: ServerTable, seat: int) -> list[tuple[str, int]]:
    """What ``seat`` (a table seat) posted in the hand in progress: (name, chips)."""
    assert table.hand is not None
    if seat not in table.dealt:
        return []
    index = table.dealt.index(seat)
    return [
        (event.blind, event.amount) for event in table.hand.events if isinstance(event, Posted) and event.seat == index
    ]


def state(table: ServerTable, viewer: int | None) -> Any:
    """The snapshot ``viewer`` would be sent."""
    return table.snapshot(viewer)


def owes(table: ServerTable, seat: int) -> tuple[str, ...]:
    """The blinds ``seat`` owes (the engine table's: its seat's ``owes``; nothing when empty)."""
    occupant = table.table.seats[seat]
    return () if occupant is None else occupant.owes


def waiting(table: ServerTable, seat: int) -> bool:
    """True when ``seat``'s player chose to wait for the big blind."""
    occupant = table.table.seats[seat]
    return occupant is not None and occupant.waiting


def bet(table: ServerTable, seat: int) -> int:
    """The chips in front of ``seat`` in the betting round in progress: its live bet."""
    assert table.hand is not None
    return table.hand.bets[table.dealt.index(seat)]


def chips(table: ServerTable) -> int:
    """Every chip at the table: the stacks of the seats out of the hand, the hand's stacks and pot."""
    hand, engine = table.hand, table.table
    if hand is None:
        return engine.chips
    aside = sum(occupant.stack for seat, occupant in enumerate(engine.seats) if occupant and seat not in table.dealt)
    return aside + sum(hand.stacks) + hand.pot


def bought(table: ServerTable) -> int:
    return table.table.ledger.bought() - table.table.ledger.cashed()


def five(**body: Any) -> ServerTable:
    """Hold'em (blinds 1 and 2), five seats: two people (0 and 1), three bots that call, a first
    hand dealt."""
    table = make(bots=3, seats=5, bot_level="caller", **body)
    run(table)
    return table


def test_a_player_who_missed_both_blinds_posts_the_big_live_and_the_small_dead() -> None:
    # Robert's Rules of Poker, blinds: "A player who misses any or all blinds can resume play by
    # either posting all the blinds missed or waiting for the big blind. If a player chooses to post
    # the total amount of the blinds, an amount up to the size of the minimum opening bet is live.
    # The remainder is taken by the dealer to the center of the pot and is not part of the player's
    # bet. When it is his next turn to act, he has the option to raise."
    table = five()
    table.sit_out(0)
    for _ in range(6):  # the big blind, then the small, pass seat 0 while it sits out
        next_deal(table)
        assert 0 not in table.dealt and chips(table) == bought(table)
        if owes(table, 0) == ("big_blind", "small_blind"):
            break
    assert owes(table, 0) == ("big_blind", "small_blind")
    shown = state(table, 1)["seats"][0]["owes"]
    assert shown == [
        {"name": "big_blind", "amount": 2, "live": True},
        {"name": "dead_small_blind", "amount": 1, "live": False},
    ]
    table.sit_in(0)
    occupant = table.table.seats[0]
    assert occupant is not None
    stack = occupant.stack
    next_deal(table)  # the button is seat 0's now: in neither blind
    assert posted(table, 0) == [("big_blind", 2), ("dead_small_blind", 1)]
    assert bet(table, 0) == 2 and table.hand is not None and table.hand.pot == 1 + 2 + 3
    assert table.hand.stacks[table.dealt.index(0)] == stack - 3
    assert not owes(table, 0) and state(table, 0)["seats"][0]["owes"] == []
    assert chips(table) == bought(table)
    fields = stakes_fields(table.hand.setup)  # a PHH history of the hand holds them: the big live, the small dead
    assert sorted(fields["blinds_or_straddles"]) == [0, 0, 1, 2, 2] and sorted(fields["antes"]) == [0, 0, 0, 0, 1]
    restored = ServerTable.restore("t", table.config, table.store, now=table.now)  # the log replays the posts
    assert restored.snapshot(0) == state(table, 0)
    for _ in range(20):  # the others call the big blind; seat 0 has its option
        if to_act(table) == 0:
            break
        step(table)
    legal = {option["kind"] for option in state(table, 0)["view"]["legal"]}
    assert to_act(table) == 0 and {"check", "raise_to"} <= legal


def test_a_player_who_missed_only_the_small_blind_posts_it_dead() -> None:
    # "If an active player has missed the small blind, that player will be required to post the small
    # blind before receiving a hand, however the small blind will not count towards a bet and is
    # considered a 'dead' blind."
    table = five()
    for _ in range(6):
        if ("big_blind", 2) in posted(table, 0):
            break
        next_deal(table)
    assert ("big_blind", 2) in posted(table, 0)
    table.sit_out(0)  # after its big blind: the small blind is the next it would post
    next_deal(table)
    assert owes(table, 0) == ("small_blind",)
    table.sit_in(0)
    next_deal(table)
    assert posted(table, 0) == [("dead_small_blind", 1)] and bet(table, 0) == 0
    assert chips(table) == bought(table)


def test_a_player_may_wait_for_the_big_blind_instead() -> None:
    table = five()
    table.sit_out(0)
    for _ in range(3):
        next_deal(table)
    assert owes(table, 0)
    table.sit_in(0, wait=True)
    assert state(table, 1)["seats"][0]["waiting"] is True
    for _ in range(6):
        next_deal(table)
        if 0 in table.dealt:
            break
        assert table.seats[0].status == "playing" and chips(table) == bought(table)
    assert posted(table, 0) == [("big_blind", 2)]  # in the big blind, in turn: nothing more owed
    assert owes(table, 0) == () and not waiting(table, 0)


def test_under_the_house_rule_wait_every_player_waits_for_the_big_blind() -> None:
    table = five(missed_blinds="wait")
    table.sit_out(0)
    for _ in range(3):
        next_deal(table)
    table.sit_in(0)
    dealt = []
    for _ in range(6):
        next_deal(table)
        dealt.append(0 in table.dealt)
        if dealt[-1]:
            break
    assert dealt[-1] and not any(dealt[:-1]) and posted(table, 0) == [("big_blind", 2)]


def test_a_new_player_posts_a_big_blind_and_plays_at_once() -> None:
    # "A new player entering a table must post the big blind or an amount equal to the big blind
    # before receiving a hand. The player may also sit out until it is time to post the big blind."
    config = TableConfig.from_json({"game": "holdem", "seats": 5, "stack": 100, "bots": 3, "bot_level": "caller"})
    table = ServerTable.create("t", config, Store(":memory:"), now=Clock())
    table.sit(1)
    run(table)
    table.sit(0)  # late: the game has begun
    assert owes(table, 0) == ("big_blind",)
    assert state(table, 0)["seats"][0]["owes"] == [{"name": "big_blind", "amount": 2, "live": True}]
    next_deal(table)
    assert 0 in table.dealt and ("big_blind", 2) in posted(table, 0) and bet(table, 0) == 2
    assert chips(table) == bought(table)


def test_in_the_small_blind_an_owed_big_blind_tops_the_bet_up_the_rest_dead() -> None:
    table = five()
    table.sit_out(0)
    for _ in range(6):
        next_deal(table)
        if owes(table, 0) == ("big_blind",):
            break
    table.sit_in(0)  # the next deal has seat 0 in the small blind
    next_deal(table)
    assert posted(table, 0) == [("small_blind", 1), ("big_blind", 2)]
    assert table.hand is not None and bet(table, 0) == max(table.hand.bets) == 2  # 2 live, 1 dead
    assert chips(table) == bought(table)


def test_games_of_antes_alone_owe_nothing() -> None:
    table = make(game="stud", bots=3, seats=5, bot_level="caller")
    run(table)
    table.sit_out(0)
    for _ in range(5):
        next_deal(table)
    assert owes(table, 0) == ()
    table.sit_in(0)
    next_deal(table)
    assert posted(table, 0) == [("ante", 1)] and chips(table) == bought(table)


def test_the_house_rule_none_charges_nothing() -> None:
    table = five(missed_blinds="none")
    table.sit_out(0)
    for _ in range(5):
        next_deal(table)
    table.sit_in(0)
    assert owes(table, 0) == () and state(table, 0)["seats"][0]["owes"] == []


def test_while_a_seat_sits_out_the_blinds_move_on_every_hand() -> None:
    # Robert's Rules, blinds: "Each round every player must get an opportunity for the button, and
    # meet the total amount of the blind obligations": no seat posts the big blind twice running.
    table = five(missed_blinds="none")
    table.sit_out(0)
    big = []
    for _ in range(8):
        next_deal(table)
        big.append(next(seat for seat in table.dealt if ("big_blind", 2) in posted(table, seat)))
    assert all(one != other for one, other in pairwise(big))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(("out", "in", "wait", "deal")), st.integers(0, 1)), max_size=16))
def test_chips_are_conserved_whoever_sits_out_and_comes_back(moves: list[tuple[str, int]]) -> None:
    table = make(bots=2, seats=4, stack=20, bot_level="caller")
    run(table)
    for move, seat in moves:
        if move == "out":
            table.sit_out(seat)
        elif move in ("in", "wait"):
            table.sit_in(seat, wait=move == "wait")
        elif table.hand is not None or table.status == "playing":
            next_deal(table)
            hand = table.hand
            assert hand is not None and max(hand.bets) <= hand.stakes.big_blind  # owed posts never raise
            assert all(owes(table, dealt) == () for dealt in table.dealt)
            assert all(table.seats[dealt].status == "playing" for dealt in table.dealt)
        assert chips(table) == bought(table)


def owing(table: ServerTable, wanted: dict[int, tuple[str, ...]]) -> None:
    """Deal on until each seat of ``wanted`` owes those blinds (bounded)."""
    for _ in range(12):
        if all(owes(table, seat) == blinds for seat, blinds in wanted.items()):
            return
        next_deal(table)
    raise AssertionError(f"never owed {wanted}")


def test_hands_with_owed_blinds_export_files_that_replay_to_the_tables_stacks() -> None:
    # Issue 16: the server's histories replay. Seat 0 comes back in the small blind owing the big one
    # (topped up, the rest dead), seat 1 misses both blinds and comes back out of them (the big live,
    # the small dead), then seats 0 and 1 both do: PHH, in full and as each seat and a
    # spectator saw it, and PokerStars text read back, all end where the table did.
    table = five()
    table.sit_out(0)
    owing(table, {0: ("big_blind",)})
    table.sit_in(0)  # the next deal has seat 0 in the small blind
    next_deal(table)
    table.sit_out(1)
    owing(table, {1: ("big_blind", "small_blind")})
    table.sit_in(1)
    next_deal(table)
    for _ in range(8):  # out together until they come back both out of the blinds
        table.sit_out(0)
        table.sit_out(1)
        owing(table, {0: ("big_blind", "small_blind"), 1: ("big_blind", "small_blind")})
        table.sit_in(0)
        table.sit_in(1)
        next_deal(table)
        if table.hand is not None and len(table.hand.setup.posts) == 4:
            break
    next_deal(table)  # the last of them played out
    hands = {number: hand for number, hand, _ in table.histories()}
    owed = [number for number, hand in hands.items() if hand.setup.posts]
    assert len(owed) >= 3 and max(len(hands[number].setup.posts) for number in owed) == 4
    for text in (phh(table, full=True), phh(table, seat=0), phh(table, seat=1), phh(table)):
        records = {record.extra["hand"]: record for record in loads_all(text)}
        for number in owed:
            assert records[number].extra["_posts"]
            played = replay(records[number])
            assert played.same is True and list(played.finishing_stacks) == records[number].extra["finishing_stacks"]
    text, skipped = pokerstars(table, seat=1)
    assert not skipped and "posts small & big blinds 3" in text
    read = {record.extra["hand"]: record for _, record, _ in read_pokerstars(text) if record is not None}
    for number in owed:
        assert replay(read[number]).same is True, number
