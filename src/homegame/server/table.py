"""A table of the server: the engine's :class:`~homegame.engine.table.Table`, the seats' players
(people or bots), their clocks, and the log that makes it durable.

Everything that changes a table goes through one door, :meth:`ServerTable.submit`: the change is
checked, written to the log (committed), then applied by :meth:`ServerTable._apply`; rebuilding a
table after a restart (:meth:`ServerTable.restore`) runs the same ``_apply`` over the log's rows, so
a table restored is the table that was. The deck is shuffled by the operating system's secure
source, and the engine's chance (:class:`~homegame.engine.hand.Chance`) tells every fresh order
before a card of it is dealt: it is logged then, so the restored hand holds the same cards.

What leaves a table is only ever :meth:`ServerTable.snapshot`, built from one seat's view (or the
public view for a spectator).

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> config = TableConfig.from_json({"game": "holdem", "seats": 3, "stack": 100, "bots": 2, "bot_level": "caller"})
>>> store = Store(":memory:")
>>> table = ServerTable.create("t1", config, store, now=lambda: 0)
>>> table.sit(0)
>>> while table.moves.auto(0):
...     pass
>>> snapshot = table.snapshot(0)
>>> snapshot["status"], snapshot["view"]["to_act"], len(snapshot["view"]["seats"][0]["down"])
('playing', [0], 2)
>>> table.act(0, table.number, table.seq, {"kind": "fold"})
True
>>> restored = ServerTable.restore("t1", config, store, now=lambda: 0)
>>> restored.snapshot(0) == table.snapshot(0)
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from homegame.cards import Card, format_cards
from homegame.engine.betting import Stakes
from homegame.engine.game import Game
from homegame.engine.hand import Hand
from homegame.engine.missed import MissedBlinds
from homegame.engine.table import DealersChoice, Table
from homegame.engine.wire import JSON, action_from_json
from homegame.games.mixes import Mix
from homegame.server.bombs import Bombs
from homegame.server.changes import (
    Acted,
    Adjusted,
    BombCalled,
    Change,
    Chatted,
    Chose,
    Closed,
    Dealt,
    Left,
    LogError,
    Muted,
    Paused,
    RebuyAnswered,
    RebuyAsked,
    Removed,
    Resumed,
    Sat,
    SatIn,
    SatOut,
    SeatAnswered,
    SeatAsked,
    SeatGiven,
    Straddled,
    from_row,
    to_row,
)
from homegame.server.chat import Recent
from homegame.server.clock import Clocks
from homegame.server.config import TableConfig
from homegame.server.finished import Finished
from homegame.server.log import ReadOnly, Row, TableLog, changes
from homegame.server.moves import AWAY_SECONDS, Moves
from homegame.server.requests import RefusedError, Requests
from homegame.server.roster import Roster, SeatInfo, SeatStatus
from homegame.server.runout import Runout
from homegame.server.seating import Seating
from homegame.server.snapshot import Snapshots

__all__ = ["AWAY_SECONDS", "RefusedError", "SeatInfo", "SeatStatus", "ServerTable", "wall_ms"]


def wall_ms() -> int:
    """Milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


class ServerTable(Requests):
    """One table: see the module docstring. ``now`` gives the time in ms (a test's own clock);
    ``between_hands`` the ms between one hand's end and the next deal, unless the table sets its
    own (:attr:`~homegame.server.config.TableConfig.between_hands`); ``runout_pause`` the ms
    between the streets of an all-in runout (:class:`~homegame.server.runout.Runout`; 0: the hand
    ends at once); ``rng`` shuffles (the operating system's secure source; a test's seeded one).
    It coordinates: the log
    (:meth:`submit`, :meth:`_apply`) here, the seats and the bank in :attr:`roster`
    (:class:`~homegame.server.roster.Roster`), its own moves and clocks in :attr:`moves`
    (:class:`~homegame.server.moves.Moves`), its snapshots in
    :class:`~homegame.server.snapshot.Snapshots`."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        store: TableLog,
        *,
        now: Callable[[], int] = wall_ms,
        between_hands: int = 0,
        runout_pause: int = 0,
        rng: random.Random | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.store = store
        self.now = now
        self.between_hands = between_hands if config.between_hands is None else round(config.between_hands * 1000)
        """The ms the finished hand stays on the table before the next deal."""
        self.runout_pause = runout_pause
        self.table = Table(
            config.schedule(),
            size=config.seats,
            rng=rng,
            shuffled=self._shuffled,
            options=dict(config.options),
            kill=config.kill,
            missed_blinds=MissedBlinds(config.missed_blinds),
        )
        self.roster = Roster(table_id, config, self.table)
        self.bombs = Bombs(config)
        self.straddling = False
        """The seat after the big blind posts a live straddle in the next deal (:meth:`straddle`)."""
        self.seats: list[SeatInfo] = self.roster.seats
        self.seq = 0
        """The table's sequence number: the last row of its log."""
        self.published = (0, 0)
        """The hand and sequence number last committed and told (:meth:`publish`): what a message
        may say of the table when a change may be on its way to the disk."""
        self.number = 0
        """The hand in progress or last played (from 1; 0 before the first)."""
        self.hand: Hand | None = None
        self.dealt: tuple[int, ...] = ()
        self.previous: Hand | None = None
        self.before: Hand | None = None
        """The hand last finished before the change last replayed (:meth:`replayed`)."""
        self.previous_dealt: tuple[int, ...] = ()
        self.finished: list[Finished] = []
        """Every hand finished, oldest first (the seats' ``history``: :mod:`homegame.server.finished`)."""
        self.paused = config.paused
        self.closing = False
        self.closed = False
        self.connected: set[int] = set()
        """Table seats with a player connected (not in the log: the room keeps it)."""
        self.acted: dict[tuple[int, int, int], JSON] = {}
        """The actions of this hand and the last by (hand, table seat, the sequence number their player
        saw), to know an action sent again."""
        self.clocks = Clocks()
        """When each seat now deciding began to, and at which change (for the clocks and ``stale``)."""
        self.settled_at = 0
        self.runout: Runout | None = None
        """The all-in runout of the hand just finished while its streets are shown (not in the log:
        a table restored shows the hand finished)."""
        self.shown_at = 0
        """When the hand just finished is shown whole (its runout over): the next deal, or the
        dealer's choice, waits from then."""
        self.chose: str | None = None
        """The game (or mix) last named by a dealer's choice."""
        self.chats = Recent()
        """The table's last chats (for a ``welcome``)."""
        self._applying = 0
        self._orders: list[tuple[Card, ...]] = []
        """The deck orders logged with the change being replayed: its shuffles play them back."""
        self.seating = Seating(self)
        """The open link's requests for seats (:mod:`homegame.server.seating`)."""
        self.moves = Moves(self)
        self._snapshots = Snapshots(self)

    # -- making and restoring --------------------------------------------------------------------

    @classmethod
    def create(cls, table_id: str, config: TableConfig, store: TableLog, **kwargs: Any) -> ServerTable:
        """A new table (its settings stored), the bots seated."""
        table = cls(table_id, config, store, **kwargs)
        store.create_table(table_id, config.to_json(), table.now())
        for seat, info in enumerate(table.seats):
            if info.bot is not None:
                table.submit(Sat(seat))
        return table

    @classmethod
    def restore(cls, table_id: str, config: TableConfig, store: TableLog, **kwargs: Any) -> ServerTable:
        """The table rebuilt from its log: the same seats, cards, pots, stacks, turn and clocks (a
        decision's clock restarts from now: the server's downtime does not count against it)."""
        table = cls(table_id, config, store, **kwargs)
        last = 0
        for row, orders in changes(store.rows(table_id)):
            table._replay(row, orders)
            last = row.at
        # The time the server was down is nobody's: each decision's clock runs on from now with the
        # time it had used when the last change was logged (none, for a decision begun then).
        now = table.now()
        table.clocks.resume(now, last)
        table.runout, table.shown_at = None, table.settled_at
        table.publish()
        return table

    def reload(self) -> ServerTable:
        """The table as its log holds it (after a change the disk refused), with the same players
        connected."""
        table = ServerTable.restore(
            self.id,
            self.config,
            self.store,
            now=self.now,
            between_hands=self.between_hands,
            runout_pause=self.runout_pause,
            rng=self.table.rng,
        )
        table.connected = set(self.connected)
        return table

    def publish(self) -> None:
        """Every change so far is committed: messages may tell of it."""
        self.published = (self.number, self.seq)

    def _replay(self, row: Row, orders: list[tuple[Card, ...]]) -> None:
        self._orders = orders
        self._applying = row.seq
        if isinstance(row.data, dict):  # the clocks as they stood when the change was made, no down time
            self.clocks.replayed(row.at, row.data.get("used", ()))
        try:
            self._apply(from_row(row.kind, row.data), row.at)
        except ValueError:  # written, then refused (by a step), and the server stopped before taking it back
            self.store.remove(row.id)
            return
        finally:
            self._orders = []
        self.seq = row.seq

    def _shuffled(self, cards: tuple[Card, ...]) -> None:
        self.store.append_shuffle(self.id, self._applying, format_cards(cards), self.now())

    # -- the one door ----------------------------------------------------------------------------

    def submit(self, made: Change) -> None:
        """Write a change to the log, then apply it (the caller has checked it)."""
        seq = self.seq + 1
        at = self.now()
        kind, data = to_row(made)
        if self.clocks.since:  # the time each seat deciding has used: a restart's clock runs on from it
            data["used"] = self.clocks.used(at)
        row_id = self.store.append(self.id, seq, kind, data, at)
        self._applying = seq
        try:
            self._apply(made, at)
        except ValueError as error:  # a step refusing what the bounds allowed; a deal the engine refuses
            self.store.remove(row_id)
            raise RefusedError("illegal", str(error)) from None
        self.seq = seq

    def _apply(self, made: Change, at: int) -> None:
        match made:
            case Sat(seat):
                self.roster.sat(seat, at)
            case Dealt():
                self._deal(at)
            case Acted():
                self._acted(made, at)
            case Chose(seat, game, bank, _, called):
                self.table.choose(self._resolve(game), called)
                self.chose = game
                if bank is not None:
                    self.seats[seat].bank_ms = bank
            case SatOut(seat):
                self.seats[seat].status = SeatStatus.SITTING_OUT
            case SatIn(seat, wait):
                info = self.seats[seat]
                info.status, info.missed = SeatStatus.PLAYING, 0
                self.table.wait_for_big_blind(seat, wait)
            case RebuyAsked(seat, amount):
                self.seats[seat].rebuy = amount
            case RebuyAnswered(seat, approve):
                info = self.seats[seat]
                if approve:
                    info.approved += info.rebuy
                info.rebuy = 0
                self.roster.between(seat, at, self.dealt)
            case Left(seat):
                self.seats[seat].leaving = True
                self.roster.between(seat, at, self.dealt)
            case Adjusted(seat, amount):
                self.seats[seat].adjust += amount
                self.roster.between(seat, at, self.dealt)
            case Removed(seat):
                self.seats[seat].removing = True
                self.roster.between(seat, at, self.dealt)
            case Paused() | Resumed():
                self.paused = isinstance(made, Paused)
            case Closed():
                self.closing = True
                self.closed = self.hand is None
                self.runout = None  # a table closed makes no more moves: its last hand is shown finished
            case Chatted(seat, text):
                self.chats.heard(seat, self.seats[seat].name, text, at)
            case Muted(seat, mute):
                self.seats[seat].muted = mute
            case SeatAsked() | SeatAnswered() | SeatGiven():
                self.seating.apply(made)
            case BombCalled(amount):
                self.bombs.called = amount
            case Straddled(_, post):
                self.straddling = post
        self._clock(at)

    def _acted(self, acted: Acted, at: int) -> None:
        hand, seat, info = self.hand, acted.seat, self.seats[acted.seat]
        if hand is None:
            raise LogError("an action with no hand in progress")
        hand.chance.play_back(self._orders)  # a reshuffle of the muck, replayed; live: none
        hand.act(self.dealt.index(seat), action_from_json(acted.action))
        self.acted[(self.number, seat, self.seq if acted.seen is None else acted.seen)] = acted.action
        self.clocks.acted(seat)  # its next decision, even in the same step (a card placed at a time), is new
        if acted.bank is not None:
            info.bank_ms = acted.bank
        if acted.timeout:
            info.timed_out = True
        elif info.bot is None:
            info.missed = 0
        if hand.over:
            self._settle(at)

    def _deal(self, at: int) -> None:
        table = self.table
        game = table.next_game()
        table.stakes = self.config.stakes_for(game)
        bomb = self.bombs.ante(game, self.number + 1)
        straddle, self.straddling = self.straddling and self.straddler() is not None, False
        # the engine leaves out a seat waiting for its big blind; replayed, the deck is the logged one
        hand = table.deal(seats=self.roster.playing(), record=self._orders, bomb=bomb, straddle=straddle)
        self.bombs.dealt(bomb)
        self.hand, self.runout = hand, None
        self.number += 1
        self.dealt = tuple(table.seat_of(index) for index in range(hand.seats))
        self.acted = {key: acted for key, acted in self.acted.items() if key[0] == self.number - 1}
        for seat in self.dealt:
            self.seats[seat].timed_out = False
        if hand.over:  # nothing to decide: everyone was all in from the start
            self._settle(at)

    def _settle(self, at: int) -> None:
        hand = self.hand
        assert hand is not None
        self.table.settle(hand)
        self.previous, self.previous_dealt = hand, self.dealt
        self.finished.append(Finished.of(self.number, hand, self.dealt, self.seats))
        self.hand, self.dealt = None, ()
        self.settled_at = at
        self.runout = None if self.closing else Runout.of(hand, at, self.runout_pause)
        self.shown_at = at if self.runout is None else self.runout.shown_at
        self.clocks.ended()
        self.roster.settled(self.previous_dealt, at)
        if self.closing:
            self.closed = True

    def _clock(self, at: int) -> None:
        """Keep when each seat now deciding began to (for the clock): a dealer's choice once the
        hand before is shown whole."""
        self.clocks.track(set(self.deciding()), max(at, self.shown_at), self._applying)

    def deciding(self) -> tuple[int, ...]:
        """The table seats the table waits for: the hand's pending seats, or the dealer choosing."""
        if self.hand is not None:
            return tuple(self.dealt[seat] for seat in self.hand.pending())
        choosing = self.choosing()
        return () if choosing is None else (choosing[0],)

    def ready(self) -> bool:
        """Enough players for the next game (and its dealer's choice made)."""
        table = self.table
        if isinstance(table.schedule, DealersChoice) and table.continuing is None and table.chosen is None:
            return False
        return len(self.roster.playing()) >= self.table.next_game().players[0]

    def _resolve(self, name: str) -> Game:
        entry = next(entry for entry in self.config.games if entry.name == name)
        if isinstance(entry, Mix):
            return entry.games[self.number % len(entry.games)]
        return entry

    # -- what leaves the table -------------------------------------------------------------------

    @property
    def status(self) -> str:
        """``waiting``, ``playing``, ``paused``, ``closing`` or ``closed``."""
        if self.closed:
            return "closed"
        if self.closing:
            return "closing"
        if self.paused:
            return "paused"
        if self.hand is None and not self.ready() and self.choosing() is None:
            return "waiting"
        return "playing"

    def snapshot(self, viewer: int | None) -> dict[str, JSON]:
        """The whole table as ``viewer`` (a table seat, ``None``: a spectator) may see it."""
        data: dict[str, JSON] = json.loads(self.snapshot_text(viewer))
        return data

    def snapshot_text(self, viewer: int | None) -> str:
        """:meth:`snapshot` as JSON text (:meth:`~homegame.server.snapshot.Snapshots.text`)."""
        return self._snapshots.text(viewer)

    def stakes(self, game: Game, dealt: Sequence[int]) -> Stakes:
        """The stakes a deal of ``game`` to ``dealt`` is played at: the host's (or the game's),
        doubled in a kill hand (:meth:`~homegame.engine.table.Table.kill_hand`)."""
        return self.table.stakes_of(game, dealt, self.config.stakes_for(game) or game.stakes)

    def histories(self, rows: list[Row] | None = None) -> list[tuple[int, Hand, tuple[int, ...]]]:
        """Every finished hand (its number, the hand, its table seats), rebuilt from the log (``rows``:
        the log, when the caller has read it already)."""
        restored = self.rebuilt()
        hands = []
        for _ in restored.replayed(self.store.rows(self.id) if rows is None else rows):
            if restored.previous is not None and restored.previous is not restored.before:
                hands.append((restored.number, restored.previous, restored.previous_dealt))
        return hands

    def rebuilt(self) -> ServerTable:
        """A table of the same settings and no log yet, writing nothing: fed :meth:`replayed`, it
        becomes this table again, change by change (for the readers of the log)."""
        return ServerTable(self.id, self.config, ReadOnly(self.store), now=self.now)

    def replayed(self, rows: list[Row]) -> Iterator[tuple[Row, Change]]:
        """Apply ``rows`` of the log (in order, from where this table stands) one change at a time,
        yielding each once applied (with its row); :attr:`before` is the last hand finished before it."""
        for row, orders in changes(rows):
            self.before = self.previous
            self._replay(row, orders)
            if self.seq == row.seq:  # applied (a row the engine refused was taken back)
                yield row, from_row(row.kind, row.data)
