"""A table of the server: the engine's :class:`~homegame.engine.table.Table`, the seats' players
(people or bots), their clocks, and the log that makes it durable.

Everything that changes a table goes through one door, :meth:`ServerTable.submit`: the change is
checked, written to the log (committed), then applied by :meth:`ServerTable._apply`; rebuilding a
table after a restart (:meth:`ServerTable.restore`) runs the same ``_apply`` over the log's rows, so
a table restored is the table that was. The deck is shuffled by the operating system's secure
source (:class:`Shuffler`), and every order is logged before a card of it is dealt, so the restored
hand holds the same cards.

What leaves a table is only ever :meth:`ServerTable.snapshot`, built from one seat's view (or the
public view for a spectator).

>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> config = TableConfig.from_json({"game": "holdem", "seats": 3, "stack": 100, "bots": 2, "bot_level": "caller"})
>>> store = Store(":memory:")
>>> table = ServerTable.create("t1", config, store, now=lambda: 0)
>>> table.sit(0)
>>> while table.auto(0):
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
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from functools import partial
from typing import Any

from homegame.bots import Bot, Turn
from homegame.cards import Card, format_cards
from homegame.engine.actions import Action, Legal, Split
from homegame.engine.betting import Betting, Stakes
from homegame.engine.describe import names_for
from homegame.engine.game import Game
from homegame.engine.hand import Hand
from homegame.engine.steps.blinds import Blinds, Post
from homegame.engine.steps.split import SplitRound
from homegame.engine.table import DealersChoice, Table
from homegame.engine.wire import JSON, action_from_json, to_json
from homegame.errors import IllegalActionError, ParseError, PokerError
from homegame.games.mixes import Mix
from homegame.play.session import BOTS
from homegame.server.changes import (
    Acted,
    Adjusted,
    Change,
    Chatted,
    Chose,
    Closed,
    Dealt,
    Left,
    LogError,
    Paused,
    RebuyAnswered,
    RebuyAsked,
    Removed,
    Resumed,
    Sat,
    SatIn,
    SatOut,
    from_row,
    to_row,
)
from homegame.server.chat import Recent
from homegame.server.clock import Clocks
from homegame.server.config import TableConfig
from homegame.server.ledger import Session, settle_up
from homegame.server.log import ReadOnly, Shuffler, changes
from homegame.server.messages import MAX_REBUY
from homegame.server.store import Row, Store
from homegame.server.texts import ViewTexts, dumps, plain
from homegame.server.timeouts import timed_out

__all__ = ["AWAY_SECONDS", "RefusedError", "SeatInfo", "SeatStatus", "ServerTable", "Shuffler", "wall_ms"]

AWAY_SECONDS = 30
"""With no clock, the seconds a disconnected player has to decide before the table acts for them."""


def wall_ms() -> int:
    """Milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


class RefusedError(PokerError):
    """A request the table refuses, the table unchanged; ``code`` is the protocol's error code
    (``illegal``, ``stale``, ``bad_request``, ``not_your_turn``, ``forbidden``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class SeatStatus(StrEnum):
    """Where a seat's player is: not yet come (``empty``), dealt in from the next hand
    (``playing``), sitting out, or gone (``left``). Its value is the protocol's ``seats[].status``."""

    EMPTY = "empty"
    PLAYING = "playing"
    SITTING_OUT = "sitting_out"
    LEFT = "left"


@dataclass(slots=True)
class SeatInfo:
    """Who sits in a seat of the table: ``status`` is ``empty``, ``playing``, ``sitting_out`` or
    ``left``; ``bot`` the bot's level (``None``: a person); ``missed`` the hands in a row the table
    acted for them; ``bank_ms`` what is left of their time bank; ``owes`` the blinds they missed
    (``big_blind``, ``small_blind``: see :meth:`ServerTable.owed`), and ``waiting`` when they sat in
    to wait for the big blind rather than post them."""

    name: str
    player_id: str
    bot: str | None = None
    status: SeatStatus = SeatStatus.EMPTY
    missed: int = 0
    bank_ms: int = 0
    timed_out: bool = False
    leaving: bool = False
    rebuy: int = 0
    approved: int = 0
    adjust: int = 0
    """The host's corrections of the stack not yet made (made once the seat is out of the hand)."""
    removing: bool = False
    """The host removes the player: cashed out, the seat freed, once out of the hand."""
    start: int = 0
    end: int = 0
    owes: tuple[str, ...] = ()
    waiting: bool = False


class ServerTable:
    """One table: see the module docstring. ``now`` gives the time in ms (a test's own clock);
    ``between_hands`` the ms between one hand's end and the next deal."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        store: Store,
        *,
        now: Callable[[], int] = wall_ms,
        between_hands: int = 0,
    ) -> None:
        self.id = table_id
        self.config = config
        self.store = store
        self.now = now
        self.between_hands = between_hands
        self.shuffler = Shuffler(self._shuffled)
        self.table = Table(
            config.schedule(), size=config.seats, rng=self.shuffler, options=dict(config.options), kill=config.kill
        )
        people = config.seats - config.bots
        self.seats = [
            SeatInfo(
                name=config.names[seat] if seat < len(config.names) else f"player {seat + 1}",
                player_id=f"{table_id}.{seat}",
            )
            for seat in range(people)
        ] + [
            SeatInfo(name=f"bot {seat + 1}", player_id=f"{table_id}.{seat}", bot=config.bot_level)
            for seat in range(people, config.seats)
        ]
        bank = 0 if config.clock is None else config.clock.bank * 1000
        for info in self.seats:
            info.bank_ms = bank
        self._bot_rng = random.Random(secrets.randbits(64))
        self.bots: dict[int, Bot] = {
            seat: BOTS[info.bot](random.Random(secrets.randbits(64)))
            for seat, info in enumerate(self.seats)
            if info.bot is not None
        }
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
        self.previous_dealt: tuple[int, ...] = ()
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
        self.former: list[SeatInfo] = []
        """The players the host removed (their sessions stay in the ledger)."""
        self.chose: str | None = None
        """The game (or mix) last named by a dealer's choice."""
        self.chats = Recent()
        """The table's last chats (for a ``welcome``)."""
        self._applying = 0
        self._house: JSON = {"options": dict(config.options), "stakes": dict(config.stakes), "kill": config.kill}
        """The table's own house rules and stakes, over every game's, and whether it plays the kill
        game (the host's settings)."""
        self._games: dict[str, JSON] = {}
        """Each game's part of the snapshot (its house rules and stakes here), written once."""
        self._shared: dict[bool, tuple[tuple[int, frozenset[int]], str, str]] = {}
        """The snapshot's parts the same for every viewer, and the change they were written at."""
        self._texts = ViewTexts()
        """The JSON already written of the hands in the snapshots (the one in progress, the last)."""

    # -- making and restoring --------------------------------------------------------------------

    @classmethod
    def create(cls, table_id: str, config: TableConfig, store: Store, **kwargs: Any) -> ServerTable:
        """A new table (its settings stored), the bots seated."""
        table = cls(table_id, config, store, **kwargs)
        store.create_table(table_id, config.to_json(), table.now())
        for seat, info in enumerate(table.seats):
            if info.bot is not None:
                table.submit(Sat(seat))
        return table

    @classmethod
    def restore(cls, table_id: str, config: TableConfig, store: Store, **kwargs: Any) -> ServerTable:
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
        table.publish()
        return table

    def reload(self) -> ServerTable:
        """The table as its log holds it (after a change the disk refused), with the same players
        connected."""
        table = ServerTable.restore(self.id, self.config, self.store, now=self.now, between_hands=self.between_hands)
        table.connected = set(self.connected)
        return table

    def publish(self) -> None:
        """Every change so far is committed: messages may tell of it."""
        self.published = (self.number, self.seq)

    def _replay(self, row: Row, orders: list[tuple[Card, ...]]) -> None:
        self.shuffler.replay = orders
        self._applying = row.seq
        if isinstance(row.data, dict):  # the clocks as they stood when the change was made, no down time
            self.clocks.replayed(row.at, row.data.get("used", ()))
        try:
            self._apply(from_row(row.kind, row.data), row.at)
        except ValueError:  # written, then refused (by a step), and the server stopped before taking it back
            self.store.remove(row.id)
            return
        finally:
            self.shuffler.replay = []
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
                info = self.seats[seat]
                self.table.sit(seat, info.name, self.config.stack)
                info.status, info.start, info.end, info.missed = SeatStatus.PLAYING, at, 0, 0
                if self.number and self.config.missed_blinds != "none":  # a new player, once the game has begun
                    info.owes = ("big_blind",)
            case Dealt():
                self._deal(at)
            case Acted():
                self._acted(made, at)
            case Chose(seat, game, bank):
                self.table.choose(self._resolve(game))
                self.chose = game
                if bank is not None:
                    self.seats[seat].bank_ms = bank
            case SatOut(seat):
                self.seats[seat].status, self.seats[seat].waiting = SeatStatus.SITTING_OUT, False
            case SatIn(seat, wait):
                info = self.seats[seat]
                info.status, info.missed, info.waiting = SeatStatus.PLAYING, 0, wait
            case RebuyAsked(seat, amount):
                self.seats[seat].rebuy = amount
            case RebuyAnswered(seat, approve):
                info = self.seats[seat]
                if approve:
                    info.approved += info.rebuy
                info.rebuy = 0
                self._between(seat, at)
            case Left(seat):
                self.seats[seat].leaving = True
                self._between(seat, at)
            case Adjusted(seat, amount):
                self.seats[seat].adjust += amount
                self._between(seat, at)
            case Removed(seat):
                self.seats[seat].removing = True
                self._between(seat, at)
            case Paused() | Resumed():
                self.paused = isinstance(made, Paused)
            case Closed():
                self.closing = True
                self.closed = self.hand is None
            case Chatted(seat, text):
                self.chats.heard(seat, self.seats[seat].name, text, at)
        self._clock(at)

    def _acted(self, acted: Acted, at: int) -> None:
        hand, seat, info = self.hand, acted.seat, self.seats[acted.seat]
        if hand is None:
            raise LogError("an action with no hand in progress")
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
        dealt, posts = self._dealing(game)
        away = {}
        for seat in range(len(self.seats)):
            occupant = table.seats[seat]
            if occupant is not None and seat not in dealt:
                away[seat], table.seats[seat] = occupant, None
        try:
            hand = table.deal(posts=posts)
        finally:
            for seat, occupant in away.items():
                table.seats[seat] = occupant
        self.hand = hand
        self.number += 1
        self.dealt = tuple(table.seat_of(index) for index in range(hand.seats))
        self._missed(game, hand.stakes)
        self.acted = {key: acted for key, acted in self.acted.items() if key[0] == self.number - 1}
        for seat in self.dealt:
            self.seats[seat].timed_out = False
        if hand.over:  # nothing to decide: everyone was all in from the start
            self._settle(at)

    def _dealing(self, game: Game) -> tuple[list[int], list[Post]]:
        """Who the next deal of ``game`` deals in (table seats), and the blinds they owe.

        The house rule ``missed_blinds`` (Robert's Rules of Poker, blinds: "A player who misses any
        or all blinds can resume play by either posting all the blinds missed or waiting for the big
        blind"): a seat back with blinds owed posts them (:meth:`owed`), unless it waits for the big
        blind (the rule ``wait``, or its own choice): then it is dealt in only in the big blind, when
        the others are enough to play without it. A seat whose big blind it is owes nothing more."""
        table = self.table
        dealt = self._playing()
        blinds = _blinds(game)
        if blinds is None or self.config.missed_blinds == "none":
            return dealt, []
        stakes = self._stakes(game, dealt)
        for _ in range(len(dealt)):  # bounded: each pass leaves out a seat, or is the last
            big = _big_blind(blinds, stakes, dealt, table.button_among(dealt))
            kept = [seat for seat in dealt if seat == big or not self._waits(seat)]
            if kept == dealt or len(kept) < game.players[0]:
                break
            dealt = kept
        big = _big_blind(blinds, stakes, dealt, table.button_among(dealt))
        return dealt, [post for seat in dealt if seat != big for post in self.owed(seat, stakes)]

    def _waits(self, seat: int) -> bool:
        """True when a seat that owes blinds waits for the big blind instead of posting them."""
        info = self.seats[seat]
        return bool(info.owes) and (info.waiting or self.config.missed_blinds == "wait")

    def owed(self, seat: int, stakes: Stakes) -> list[Post]:
        """The blinds ``seat`` posts on coming back, at ``stakes``: the big blind live if it missed
        it (or is new at the table: "A new player entering a table must post the big blind or an
        amount equal to the big blind before receiving a hand"), the small blind dead if it missed
        that (Robert's Rules: "an amount up to the size of the minimum opening bet is live. The
        remainder ... is not part of the player's bet")."""
        owes = self.seats[seat].owes
        posts = []
        if "big_blind" in owes and stakes.big_blind:
            posts.append(Post(seat, "big_blind", stakes.big_blind))
        if "small_blind" in owes and stakes.small_blind:
            posts.append(Post(seat, "dead_small_blind", stakes.small_blind, live=False))
        return posts

    def _missed(self, game: Game, stakes: Stakes) -> None:
        """After a deal: the seats dealt in owe nothing any more; a seat at the table not dealt in
        (sitting out, waiting for the big blind, or out of chips: "A player who goes all in and loses
        is obligated to make up the blinds if they are missed before a rebuy is made") misses each
        blind the deal would have had it post, had every seat at the table been dealt in (a bot out
        of chips plays no more: it owes nothing)."""
        for seat in self.dealt:
            self.seats[seat].owes, self.seats[seat].waiting = (), False
        blinds = _blinds(game)
        if blinds is None or self.config.missed_blinds == "none":
            return
        table = self.table
        present = [
            seat
            for seat, info in enumerate(self.seats)
            if info.status in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT) and table.seats[seat] is not None
        ]
        for post in blinds.posts(stakes, len(present), table.button_among(present)):
            seat = present[post.seat]
            info = self.seats[seat]
            if post.name in _MISSABLE and seat not in self.dealt and post.name not in info.owes and info.bot is None:
                info.owes = tuple(name for name in _MISSABLE if name in info.owes or name == post.name)

    def _settle(self, at: int) -> None:
        hand = self.hand
        assert hand is not None
        self.table.settle(hand)
        self.previous, self.previous_dealt = hand, self.dealt
        self.hand, self.dealt = None, ()
        self.settled_at = at
        for seat in self.previous_dealt:
            info = self.seats[seat]
            if info.timed_out:
                info.missed += 1
                if info.missed >= self.config.missed_hands and info.status == SeatStatus.PLAYING:
                    info.status = SeatStatus.SITTING_OUT
        for seat in range(len(self.seats)):
            self._between(seat, at)
        if self.closing:
            self.closed = True

    def _between(self, seat: int, at: int) -> None:
        """Rebuys approved and cash-outs asked for take effect once the seat is out of the hand."""
        info = self.seats[seat]
        if seat in self.dealt or self.table.seats[seat] is None:
            return
        if info.approved:
            self.table.rebuy(seat, info.approved)
            info.approved = 0
        if info.adjust:
            self.table.adjust(seat, info.adjust)
            info.adjust = 0
        if info.leaving or info.removing:
            self.table.leave(seat)
            info.status, info.leaving, info.end, info.owes = SeatStatus.LEFT, False, at, ()
        if info.removing:
            self.former.append(info)
            self.seats[seat] = self._newcomer(seat)

    def _newcomer(self, seat: int) -> SeatInfo:
        """An empty seat after its player was removed, for someone new: named ``player N`` (a
        number after it when the ledger knows that name), with a player id of its own."""
        names = {info.name for info in self.former + self.seats}
        name = next(
            candidate
            for count in range(1, len(names) + 2)
            if (candidate := f"player {seat + 1}" + (f" ({count})" if count > 1 else "")) not in names
        )
        bank = 0 if self.config.clock is None else self.config.clock.bank * 1000
        return SeatInfo(name=name, player_id=f"{self.id}.{seat}.{len(self.former)}", bank_ms=bank)

    def _clock(self, at: int) -> None:
        """Keep when each seat now deciding began to (for the clock)."""
        deciding = set(self._deciding())
        self.clocks.track(deciding, at, self._applying)

    def _deciding(self) -> tuple[int, ...]:
        """The table seats the table waits for: the hand's pending seats, or the dealer choosing."""
        if self.hand is not None:
            return tuple(self.dealt[seat] for seat in self.hand.pending())
        choosing = self._choosing()
        return () if choosing is None else (choosing[0],)

    # -- requests from players and the host ------------------------------------------------------

    def act(self, seat: int, hand: object, seen: object, data: object) -> bool:
        """A player's action for the hand and sequence number they saw; True when applied now, False
        when it had been already (a resent action is acknowledged, not applied twice)."""
        if not isinstance(hand, int) or not isinstance(seen, int) or isinstance(hand, bool) or isinstance(seen, bool):
            raise RefusedError("bad_request", "act needs hand and seq, whole numbers")
        try:
            action = action_from_json(data)
        except ParseError as error:
            raise RefusedError("bad_request", str(error)) from None
        if (hand, seat, seen) in self.acted and self.acted[(hand, seat, seen)] == data:
            return False
        current = self.hand
        if current is None or hand != self.number or not self.clocks.turn.get(seat, self.seq) <= seen <= self.seq:
            raise RefusedError("stale", f"the table is at hand {self.number}, seq {self.seq}")
        if seat not in self.dealt:
            raise RefusedError("not_your_turn", "you are not in this hand")
        hand_seat = self.dealt.index(seat)
        legal = current.legal_actions(hand_seat)
        if not legal:
            raise RefusedError("not_your_turn", "it is not your turn")
        _check(legal, action)
        bank = self._bank_left(seat, self.now())
        self.submit(Acted(seat, to_json(action), seen=seen, bank=bank))
        return True

    def preview(self, seat: int, hands: object) -> dict[str, JSON]:
        """What ``seat``'s division of its cards into ``hands`` would make, judged by the engine
        (:meth:`~homegame.engine.steps.split.SplitRound.preview`): each part's name, cards and
        hand, and why it would be played dead or refused (``False`` when it would not). A
        question, not a change: the table is the same after; a seat with no split to make, or
        hands that are not its own cards in the sizes asked, are refused."""
        try:
            action = action_from_json({"kind": "split", "hands": hands})
        except ParseError as error:
            raise RefusedError("bad_request", f"preview: {error}") from None
        assert isinstance(action, Split)
        current = self.hand
        decision = current.decision if current is not None and seat in self.dealt else None
        if not isinstance(decision, SplitRound) or self.dealt.index(seat) not in decision.pending():
            raise RefusedError("not_your_turn", "you have no split to make now")
        try:
            preview = decision.preview(self.dealt.index(seat), action.hands)
        except IllegalActionError as error:
            raise RefusedError("illegal", str(error)) from None
        parts: list[JSON] = [
            {"name": name, "cards": [str(card) for card in part], "made": made}
            for (name, made), part in zip(preview.parts, action.hands, strict=True)
        ]
        return {"parts": parts, "dead": preview.dead or False, "refused": preview.refused or False}

    def choose(self, seat: int, game: object) -> None:
        """The dealer names the next game."""
        choosing = self._choosing()
        if choosing is None or choosing[0] != seat:
            raise RefusedError("not_your_turn", "you are not choosing the game")
        if game not in choosing[1]:
            raise RefusedError("illegal", f"choose one of {', '.join(choosing[1])}")
        bank = None if self.config.clock is None else self._bank_left(seat, self.now())
        self.submit(Chose(seat, str(game), bank=bank))

    def sit(self, seat: int) -> None:
        """A person takes their seat (on first connecting)."""
        if self.seats[seat].status == SeatStatus.EMPTY and not self.closed:
            self.submit(Sat(seat))

    def sit_out(self, seat: int) -> None:
        """Sit out from the next hand."""
        if self.seats[seat].status == SeatStatus.PLAYING:
            self.submit(SatOut(seat))

    def sit_in(self, seat: int, wait: object = False) -> None:
        """Play again from the next hand: posting the blinds missed, or (``wait``) waiting for the big
        blind (:meth:`owed`)."""
        if not isinstance(wait, bool):
            raise RefusedError("bad_request", "sit_in: wait must be true or false")
        if self.seats[seat].status == SeatStatus.SITTING_OUT:
            self.submit(SatIn(seat, wait))

    def request_rebuy(self, seat: int, amount: object) -> None:
        """Ask the host for more chips."""
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= MAX_REBUY:
            raise RefusedError("bad_request", f"rebuy: amount must be a whole number from 1 to {MAX_REBUY}")
        if self.seats[seat].status not in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT):
            raise RefusedError("forbidden", "you are not seated")
        self.submit(RebuyAsked(seat, amount))

    def answer_rebuy(self, seat: int, approve: bool) -> None:
        """The host approves or refuses a seat's rebuy."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].rebuy:
            raise RefusedError("bad_request", f"seat {seat} asked for no rebuy")
        self.submit(RebuyAnswered(seat, approve))

    def leave(self, seat: int) -> None:
        """Cash out and leave (at the end of the hand in progress)."""
        if self.seats[seat].status in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT) and not self.seats[seat].leaving:
            self.submit(Left(seat))

    def adjust(self, seat: int, amount: object) -> None:
        """The host corrects a seat's stack by ``amount`` chips (either way), once the seat is out of
        the hand in progress; the ledger shows it as an adjustment."""
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < abs(amount) <= MAX_REBUY:
            raise RefusedError("bad_request", f"amount: a whole number of chips, not 0, up to {MAX_REBUY} either way")
        info = self._seated(seat)
        if (
            amount < 0
            and (occupant := self.table.seats[seat]) is not None
            and occupant.stack + info.adjust + amount < 0
        ):
            raise RefusedError("illegal", f"seat {seat + 1} has {occupant.stack} chips: it cannot lose {-amount}")
        self.submit(Adjusted(seat, amount))

    def remove(self, seat: int) -> None:
        """The host removes a player: their stack is cashed out and the seat freed for someone new,
        at the end of the hand in progress (at once between hands)."""
        self._seated(seat)
        if self.seats[seat].bot is not None:
            raise RefusedError("forbidden", f"seat {seat + 1} is a bot's")
        self.submit(Removed(seat))

    def _seated(self, seat: int) -> SeatInfo:
        """The seat's player, seated and not on their way out (else refused)."""
        info = self.seats[seat]
        if info.status not in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT) or info.leaving or info.removing:
            raise RefusedError("illegal", f"nobody sits in seat {seat + 1}")
        return info

    def players(self) -> list[JSON]:
        """Who sits where, for the host: ``[{seat, name, stack, status, connected, bot}]``."""
        return [
            {
                "seat": seat,
                "name": info.name,
                "stack": 0 if (occupant := self.table.seats[seat]) is None else occupant.stack,
                "status": info.status,
                "connected": info.bot is not None or seat in self.connected,
                "bot": info.bot is not None,
            }
            for seat, info in enumerate(self.seats)
        ]

    def chat(self, seat: int, text: str) -> None:
        """A seat says ``text`` (checked at the door); the chat is then :attr:`chats`' last."""
        self.submit(Chatted(seat, text))

    def host(self, command: str) -> None:
        """``pause``, ``resume`` or ``close``."""
        if self.closed or self.closing:
            raise RefusedError("forbidden", "the table is closed")
        if command in ("pause", "resume") and (command == "pause") == self.paused:
            return
        self.submit(Paused() if command == "pause" else Resumed() if command == "resume" else Closed())

    # -- the table's own moves: bots, clocks, deals ----------------------------------------------

    def auto(self, now: int) -> bool:
        """Make one move that is due at ``now`` (a bot's decision, a timed-out decision, the next
        deal); False when none is."""
        if self.closed:
            return False
        if self.hand is not None:
            for seat in self._deciding():
                action = self._due(seat, now)
                if action is not None:
                    person = seat not in self.bots  # timed out
                    self.submit(Acted(seat, to_json(action), bank=0 if person else None, timeout=person))
                    return True
            return False
        if self.paused or self.closing:
            return False
        choosing = self._choosing()
        if choosing is not None:
            seat, games = choosing
            if seat in self.bots:
                self.submit(Chose(seat, self._bot_rng.choice(games)))
                return True
            if now >= self._deadline(seat):
                self.submit(Chose(seat, self._next_choice(games), bank=0, timeout=True))
                return True
            return False
        if self._ready() and now >= self.settled_at + self.between_hands:
            self.submit(Dealt())
            return True
        return False

    def wake_at(self) -> int | None:
        """When the next timed move falls due (ms), if any."""
        if self.closed:
            return None
        times = [self._deadline(seat) for seat in self._deciding() if seat not in self.bots]
        if self.hand is None and not self.paused and not self.closing and self._ready():
            times.append(self.settled_at + self.between_hands)
        times = [t for t in times if t < 2**62]
        return min(times) if times else None

    def _due(self, seat: int, now: int) -> Action | None:
        hand = self.hand
        assert hand is not None
        hand_seat = self.dealt.index(seat)
        bot = self.bots.get(seat)
        if bot is not None:
            return bot.choose(Turn(hand_seat, hand.legal_actions(hand_seat), partial(hand.view, hand_seat), hand.game))
        if now < self._deadline(seat):
            return None
        return timed_out(hand.legal_actions(hand_seat))

    def _seconds(self, seat: int) -> int | None:
        """The seconds ``seat`` has for its decision: the table's clock; with none, a player away
        has :data:`AWAY_SECONDS` to act in a hand, and a dealer choosing the game is never timed."""
        clock = self.config.clock
        if clock is not None:
            return clock.seconds
        return None if seat in self.connected or self.hand is None else AWAY_SECONDS

    def _deadline(self, seat: int) -> int:
        removing = self.seats[seat].removing  # the host removed the player: the table acts for them at once
        seconds = 0 if removing else self._seconds(seat)
        if seconds is None:
            return 2**62
        bank = self.seats[seat].bank_ms if self.config.clock is not None and not removing else 0
        return self.clocks.deadline(seat, self.now(), seconds, bank)

    def _bank_left(self, seat: int, now: int) -> int:
        clock, bank = self.config.clock, self.seats[seat].bank_ms
        return bank if clock is None else self.clocks.bank_left(seat, now, clock.seconds, bank)

    def _ready(self) -> bool:
        """Enough players for the next game (and its dealer's choice made)."""
        table = self.table
        if isinstance(table.schedule, DealersChoice) and table.continuing is None and table.chosen is None:
            return False
        return len(self._playing()) >= self.table.next_game().players[0]

    def _choosing(self) -> tuple[int, list[str]] | None:
        """The dealer who must name the next game, and the games they may name."""
        table = self.table
        if self.hand is not None or not isinstance(table.schedule, DealersChoice) or table.continuing is not None:
            return None
        if table.chosen is not None or self.paused or self.closing:
            return None
        active = self._playing()
        games = [entry.name for entry in self.config.games if entry.players[0] <= len(active) <= entry.players[1]]
        if not games:
            return None
        dealer = next((seat for seat in active if seat >= table.button), active[0])
        return dealer, games

    def _next_choice(self, games: list[str]) -> str:
        """The game dealt when the dealer's time to choose runs out: the one after the last chosen
        in the table's list (the first, before any was), of those ``games`` allowed now."""
        names = [entry.name for entry in self.config.games]
        start = names.index(self.chose) + 1 if self.chose in names else 0
        return next(name for name in names[start:] + names[:start] if name in games)

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
        if self.hand is None and not self._ready() and self._choosing() is None:
            return "waiting"
        return "playing"

    def snapshot(self, viewer: int | None) -> dict[str, JSON]:
        """The whole table as ``viewer`` (a table seat, ``None``: a spectator) may see it."""
        data: dict[str, JSON] = json.loads(self.snapshot_text(viewer))
        return data

    def snapshot_text(self, viewer: int | None) -> str:
        """:meth:`snapshot` as JSON text, the parts that are the same for every viewer written once
        a change (the table's fields, its seats) and what a viewer's view shares with the others'
        (the seats as that viewer sees them, the events, the result) written once a value: two
        viewers share a piece only when what each may see of it is equal."""
        behind = viewer is None and self.config.spectators == "behind"
        hand, dealt = (self.previous, self.previous_dealt) if behind else (self.hand, self.dealt)
        kept = (self.hand, self.previous)
        view = "null"
        if hand is not None:
            seat = dealt.index(viewer) if viewer in dealt else None
            view = self._texts.text(hand, seat, self.seq, kept, self.names(dealt, seat))[0]
        last = "null"
        if self.hand is None and self.previous is not None and not behind:
            previous, seen = self.previous, self.previous_dealt
            seat = seen.index(viewer) if viewer in seen else None
            text, events, result = self._texts.text(previous, seat, self.seq, kept, self.names(seen, seat))
            head = dumps({"hand": self.number, "game": previous.game.name, "dealt": list(seen)})
            last = f'{head[:-1]},"events":{events},"result":{result},"view":{text}}}'
        clocks = [] if behind else self._clocks()
        clock = next((clock for clock in clocks if clock["seat"] == viewer), clocks[0] if clocks else None)
        common, game = self._common(behind)
        turn = self.clocks.turn.get(viewer) if viewer is not None and not behind else None
        return (
            f'{common[:-1]},"dealt":[{",".join(map(str, dealt))}],"view":{view},"clock":{dumps(clock)},'
            f'"clocks":{dumps(clocks)},"turn":{plain(turn)},"last":{last},"game":{"null" if behind else game}}}'
        )

    def _clocks(self) -> list[dict[str, int]]:
        """Each seat on the clock (deciding, a person, timed): the ms left for its decision and in its bank."""
        now = self.now()
        clocks = []
        for seat in self._deciding():
            seconds = self._seconds(seat)
            if seconds is not None and seat not in self.bots:
                left = self.clocks.left(seat, now, seconds)
                clocks.append({"seat": seat, "deadline_ms": left, "bank_ms": self._bank_left(seat, now)})
        return clocks

    def _common(self, behind: bool = False) -> tuple[str, str]:
        """The snapshot's fields that are the same for every viewer, as one JSON object's text,
        and the game's (for every viewer but a spectator one hand behind); written once a change
        (a row of the log, or a player connecting or gone). ``behind``: for a spectator one hand
        behind, whose seats show the stacks as the hand it is shown ended (nothing of a later hand)."""
        key = (self.seq, frozenset(self.connected))
        shared = self._shared.get(behind)
        if shared is not None and shared[0] == key:
            return shared[1], shared[2]
        choosing = self._choosing()
        game = self.hand.game if self.hand is not None else None
        if game is None and choosing is None:
            try:
                game = self.table.next_game()
            except PokerError:
                game = None
        owing = game if self.hand is None else self.table.next_game()  # the blinds owed are posted in the next deal
        seats = [self._seat(seat, owing) for seat in range(len(self.seats))]
        if behind and self.previous is not None and self.previous.result is not None:
            for index, seat in enumerate(self.previous_dealt):
                seats[seat]["stack"] = self.previous.result.stacks[index]
        common = dumps(
            {
                "title": self.config.display_title(),
                "status": self.status,
                "seats": seats,
                "button": self.table.button,
                "choosing": None if choosing is None else {"seat": choosing[0], "games": list(choosing[1])},
                "rebuys": self.rebuys(),
                "house": self._house,
                "kill": self._kill(game),
            }
        )
        game_text = dumps(None if game is None else self._game_json(game))
        self._shared[behind] = (key, common, game_text)
        return common, game_text

    def _kill(self, game: Game | None) -> JSON:
        """Under the kill game, the killer (``{seat, name, doubled}``; ``None``: nobody), and whether
        the stakes of ``game`` (the hand in progress, else the next deal) are doubled. The killer
        comes from the pots the table's log has settled, so a restored table kills as the table did."""
        seat = self._killer()
        if seat is None:
            return None
        dealt = self.dealt if self.hand is not None else self._playing()
        return {"seat": seat, "name": self.seats[seat].name, "doubled": game is not None and self._killing(game, dealt)}

    def _killer(self) -> int | None:
        """The table seat of the engine table's killer (``None``: nobody)."""
        killer = self.table.killer
        return next(
            (seat for seat, occupant in enumerate(self.table.seats) if occupant and occupant.player == killer), None
        )

    def _killing(self, game: Game, dealt: Sequence[int]) -> bool:
        """True when a deal of ``game`` to the table seats ``dealt`` is a kill hand, as the engine's
        table deals it: the killer is dealt in, and only a fixed-limit game's stakes double (rules
        document 004, variation 4)."""
        return self._killer() in dealt and game.betting is Betting.FIXED_LIMIT

    def _stakes(self, game: Game, dealt: Sequence[int]) -> Stakes:
        """The stakes a deal of ``game`` to ``dealt`` is played at: the host's (or the game's),
        doubled in a kill hand."""
        stakes = self.config.stakes_for(game) or game.stakes
        return stakes.doubled() if self._killing(game, dealt) else stakes

    def _playing(self) -> list[int]:
        """The table seats playing, with chips: the next deal's, but for a seat waiting for the big blind."""
        table = self.table
        playing = [seat for seat, info in enumerate(self.seats) if info.status == SeatStatus.PLAYING]
        return [seat for seat in playing if (occupant := table.seats[seat]) is not None and occupant.stack > 0]

    def _game_json(self, game: Game) -> JSON:
        """The game named in a snapshot with the house rules and stakes it is played under here:
        every house rule of the game with its value at this table, and the stakes (chips, 0 left out)."""
        written = self._games.get(game.name)
        if written is None:
            house = dict(self.config.options)
            stakes = self.config.stakes_for(game) or game.stakes
            written = self._games[game.name] = {
                "name": game.name,
                "title": game.title,
                "options": {option.name: house.get(option.name, option.default) for option in game.options},
                "stakes": {name: amount for name, amount in asdict(stakes).items() if amount},
            }
        return written

    def rebuys(self) -> list[JSON]:
        """The rebuys waiting for the host's answer: ``[{seat, name, amount}]``."""
        waiting = [(seat, info) for seat, info in enumerate(self.seats) if info.rebuy]
        return [{"seat": seat, "name": info.name, "amount": info.rebuy} for seat, info in waiting]

    def names(self, dealt: Sequence[int], seat: int | None) -> dict[int, str]:
        """The players' names by the seat of a hand dealt to the table seats ``dealt``, the viewer's
        (``seat`` of the hand) ``you``: the names the events' ``text`` calls them by."""
        return names_for([self.seats[table_seat].name for table_seat in dealt], seat)

    def _seat(self, seat: int, game: Game | None) -> dict[str, JSON]:
        info = self.seats[seat]
        occupant = self.table.seats[seat]
        owed = []
        if info.owes and game is not None and _blinds(game) is not None:
            owed = self.owed(seat, self._stakes(game, self._playing()))
        return {
            "seat": seat,
            "name": info.name,
            "stack": 0 if occupant is None else occupant.stack,
            "status": info.status,
            "bot": info.bot is not None,
            "connected": info.bot is not None or seat in self.connected,
            "missed": info.missed,
            "owes": [{"name": post.name, "amount": post.amount, "live": post.live} for post in owed],
            "waiting": info.status == SeatStatus.PLAYING and self._waits(seat),
            "approved": info.approved,  # a rebuy the host approved, added once the seat's hand ends
        }

    def sessions(self) -> list[Session]:
        """Each player's session for the ledger: buy-ins, cash-outs and chips on the table."""
        ledger = self.table.ledger
        out = []
        for info in self.former + self.seats:
            if info.status == SeatStatus.EMPTY:
                continue
            out.append(
                Session(
                    info.name,
                    info.player_id,
                    info.start,
                    info.end,
                    ledger.bought(info.name),
                    ledger.cashed(info.name),
                    self.table.stack_of(info.name),
                )
            )
        return out

    def ledger(self) -> dict[str, JSON]:
        """The ledger as the host and the players read it: the entries, each player's buy-ins,
        cash-outs, stack and net, the chips carried in the pot, and the settle-up (the fewest
        transfers). Nothing in it is hidden from anybody at the table."""
        sessions = self.sessions()
        nets = {session.name: session.net for session in sessions}
        ledger = self.table.ledger
        return {
            "entries": [{"player": e.player, "kind": e.kind, "amount": e.amount} for e in ledger.entries],
            "players": [
                {"name": s.name, "buy_in": s.buy_in, "buy_out": s.buy_out, "stack": s.stack, "net": s.net}
                for s in sessions
            ],
            "carried": self.table.carried,
            "settle": [
                {"from": t.payer, "to": t.payee, "amount": t.amount}
                for t in (settle_up(nets) if sum(nets.values()) == 0 else [])
            ],
        }

    def histories(self, rows: list[Row] | None = None) -> list[tuple[int, Hand, tuple[int, ...]]]:
        """Every finished hand (its number, the hand, its table seats), rebuilt from the log (``rows``:
        the log, when the caller has read it already)."""
        restored = ServerTable(self.id, self.config, ReadOnly(self.store), now=self.now)
        hands = []
        for row, orders in changes(self.store.rows(self.id) if rows is None else rows):
            before = restored.previous
            restored._replay(row, orders)
            if restored.previous is not before and restored.previous is not None:
                hands.append((restored.number, restored.previous, restored.previous_dealt))
        return hands


_MISSABLE = ("big_blind", "small_blind")
"""The blinds a seat can miss, in the order it owes them."""


def _blinds(game: Game) -> Blinds | None:
    """The game's blinds step, if it has one (a game of antes alone has none: nothing to miss)."""
    return next((step for step in game.steps if isinstance(step, Blinds)), None)


def _big_blind(blinds: Blinds, stakes: Stakes, seats: list[int], button: int) -> int | None:
    """The table seat of ``seats`` that posts the big blind in a deal among them, ``button`` the
    index of the button's."""
    return next(
        (seats[post.seat] for post in blinds.posts(stakes, len(seats), button) if post.name == "big_blind"), None
    )


def _check(legal: tuple[Legal, ...], action: Action) -> None:
    """Refuse an action its seat may not take now, before anything is written."""
    option = next((option for option in legal if option.kind is action.kind), None)
    if option is None:
        raise RefusedError("illegal", f"you cannot {action.kind} now (legal: {'; '.join(map(str, legal))})")
    try:
        option.check(action)
    except IllegalActionError as error:
        raise RefusedError("illegal", str(error)) from None
