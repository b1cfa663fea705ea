"""What players and the host may ask of a server table, each checked against the table as it
stands and made a change for the table's one door
(:meth:`~homegame.server.table.ServerTable.submit`), or refused with a :class:`RefusedError`, the
table unchanged (see :mod:`homegame.server.table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from homegame.engine.actions import Action, Legal, Split
from homegame.engine.hand import Hand
from homegame.engine.missed import dealing
from homegame.engine.rabbit import rabbit
from homegame.engine.spec import OptionValue
from homegame.engine.table import DealersChoice, Table
from homegame.engine.wire import JSON, action_from_json, to_json
from homegame.errors import IllegalActionError, ParseError, PokerError
from homegame.games.mixes import Mix
from homegame.server import changes
from homegame.server.bombs import Bombs
from homegame.server.clock import Clocks
from homegame.server.config import TableConfig
from homegame.server.messages import MAX_REBUY
from homegame.server.moves import Moves
from homegame.server.roster import Roster, SeatInfo, SeatStatus

__all__ = ["RefusedError", "Requests"]


class RefusedError(PokerError):
    """A request the table refuses, the table unchanged; ``code`` is the protocol's error code
    (``illegal``, ``stale``, ``bad_request``, ``not_your_turn``, ``forbidden``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Requests:
    """The requests of players and the host, the base of
    :class:`~homegame.server.table.ServerTable`, whose state they read and whose one door,
    :attr:`submit`, they make their changes through."""

    config: TableConfig
    seats: list[SeatInfo]
    hand: Hand | None
    number: int
    seq: int
    dealt: tuple[int, ...]
    paused: bool
    closing: bool
    closed: bool
    acted: dict[tuple[int, int, int], JSON]
    clocks: Clocks
    moves: Moves
    now: Callable[[], int]
    submit: Callable[[changes.Change], None]
    table: Table
    roster: Roster
    chose: str | None
    bombs: Bombs
    straddling: bool
    previous: Hand | None
    rabbit: tuple[int, int] | None

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
        bank = self.moves.bank_left(seat, self.now())
        self.submit(changes.Acted(seat, to_json(action), seen=seen, bank=bank))
        return True

    def preview(self, seat: int, hands: object) -> dict[str, JSON]:
        """What ``seat``'s division of its cards into ``hands`` would make, judged by the engine
        (:meth:`~homegame.engine.steps.base.Step.preview`): each part's name, cards and
        hand, and why it would be played dead or refused (``False`` when it would not). A
        question, not a change: the table is the same after; a seat with no split to make, or
        hands that are not its own cards in the sizes asked, are refused."""
        try:
            action = action_from_json({"kind": "split", "hands": hands})
        except ParseError as error:
            raise RefusedError("bad_request", f"preview: {error}") from None
        assert isinstance(action, Split)
        current = self.hand
        step = current.step if current is not None and seat in self.dealt else None
        decision = current.decision if current is not None else None
        if step is None or decision is None or self.dealt.index(seat) not in decision.pending():
            raise RefusedError("not_your_turn", "you have no split to make now")
        try:
            preview = step.preview(decision, self.dealt.index(seat), action.hands)
        except IllegalActionError as error:
            raise RefusedError("illegal", str(error)) from None
        if preview is None:
            raise RefusedError("not_your_turn", "you have no split to make now")
        parts: list[JSON] = [
            {"name": name, "cards": [str(card) for card in part], "made": made}
            for (name, made), part in zip(preview.parts, action.hands, strict=True)
        ]
        return {"parts": parts, "dead": preview.dead or False, "refused": preview.refused or False}

    def choose(self, seat: int, game: object, options: Mapping[str, object] | None = None) -> None:
        """The dealer names the next game, and may call house rules the game documents (``options``)."""
        choosing = self.choosing()
        if choosing is None or choosing[0] != seat:
            raise RefusedError("not_your_turn", "you are not choosing the game")
        if game not in choosing[1]:
            raise RefusedError("illegal", f"choose one of {', '.join(choosing[1])}")
        called = self._called(str(game), options) if options else None
        bank = None if self.config.clock is None else self.moves.bank_left(seat, self.now())
        self.submit(changes.Chose(seat, str(game), bank=bank, options=called))

    def _called(self, name: str, options: Mapping[str, object]) -> dict[str, OptionValue]:
        """The house rules a dealer calls with game ``name``, typed, or :class:`RefusedError` naming
        the one the game does not document or the value it does not allow."""
        entry = next(entry for entry in self.config.games if entry.name == name)
        if isinstance(entry, Mix):
            raise RefusedError("illegal", f"{entry.title} is dealt under the table's house rules")
        try:
            values = entry.option_values(options)
        except ParseError as error:
            raise RefusedError("illegal", f"{entry.title}: {error}") from None
        return {str(name): values[str(name)] for name in options}

    def straddler(self) -> tuple[int, int] | None:
        """The seat that may post a live straddle in the next deal (a person's, the seat after the big
        blind, at a table whose ``straddle`` is ``optional``), and the amount: while the table waits
        between hands, once the game is known; never before a bomb pot."""
        if self.config.straddle != "optional" or self.hand is not None or self.closed or self.closing:
            return None
        table = self.table
        if self.choosing() is not None or (isinstance(table.schedule, DealersChoice) and table.chosen is None):
            return None
        game = table.next_game()
        dealt = dealing(table, game, self.roster.playing())
        seat = table.straddler(dealt)
        if seat is None or self.seats[seat].bot is not None or self.bombs.ante(game, self.number + 1):
            return None
        stakes = table.stakes_of(game, dealt, self.config.stakes_for(game) or game.stakes)
        return seat, stakes.straddle or 2 * stakes.big_blind

    def straddle(self, seat: int, post: bool) -> None:
        """``seat`` posts a live straddle in the next deal (``post``), or takes it back."""
        offer = self.straddler()
        if offer is None or offer[0] != seat:
            raise RefusedError("not_your_turn", "only the seat after the big blind may straddle, before the deal")
        if post != self.straddling:
            self.submit(changes.Straddled(seat, post))

    def choosing(self) -> tuple[int, list[str]] | None:
        """The dealer who must name the next game, and the games they may name."""
        table = self.table
        if self.hand is not None or not isinstance(table.schedule, DealersChoice) or table.continuing is not None:
            return None
        if table.chosen is not None or self.paused or self.closing:
            return None
        active = self.roster.playing()
        games = [entry.name for entry in self.config.games if entry.players[0] <= len(active) <= entry.players[1]]
        if not games:
            return None
        return table.chooser(active), games

    def next_choice(self, games: list[str]) -> str:
        """The game dealt when the dealer's time to choose runs out: the one after the last chosen
        in the table's list (the first, before any was), of those ``games`` allowed now."""
        names = [entry.name for entry in self.config.games]
        start = names.index(self.chose) + 1 if self.chose in names else 0
        return next(name for name in names[start:] + names[:start] if name in games)

    def sit(self, seat: int) -> None:
        """A person takes their seat (on first connecting)."""
        if self.seats[seat].status in (SeatStatus.EMPTY, SeatStatus.RESERVED) and not self.closed:
            self.submit(changes.Sat(seat))

    def sit_out(self, seat: int) -> None:
        """Sit out from the next hand."""
        if self.seats[seat].status == SeatStatus.PLAYING:
            self.submit(changes.SatOut(seat))

    def sit_in(self, seat: int, wait: object = False) -> None:
        """Play again from the next hand: posting the blinds missed, or (``wait``) waiting for the big
        blind (:meth:`owed`)."""
        if not isinstance(wait, bool):
            raise RefusedError("bad_request", "sit_in: wait must be true or false")
        if self.seats[seat].status == SeatStatus.SITTING_OUT:
            self.submit(changes.SatIn(seat, wait))

    def request_rebuy(self, seat: int, amount: object) -> None:
        """Ask the host for more chips."""
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= MAX_REBUY:
            raise RefusedError("bad_request", f"rebuy: amount must be a whole number from 1 to {MAX_REBUY}")
        if self.seats[seat].status not in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT):
            raise RefusedError("forbidden", "you are not seated")
        self.submit(changes.RebuyAsked(seat, amount))

    def answer_rebuy(self, seat: int, approve: bool) -> None:
        """The host approves or refuses a seat's rebuy."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].rebuy:
            raise RefusedError("bad_request", f"seat {seat} asked for no rebuy")
        self.submit(changes.RebuyAnswered(seat, approve))

    def leave(self, seat: int) -> None:
        """Cash out and leave (at the end of the hand in progress)."""
        if self.seats[seat].status in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT) and not self.seats[seat].leaving:
            self.submit(changes.Left(seat))

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
        self.submit(changes.Adjusted(seat, amount))

    def remove(self, seat: int) -> None:
        """The host removes a player: their stack is cashed out and the seat freed for someone new,
        at the end of the hand in progress (at once between hands)."""
        self._seated(seat)
        if self.seats[seat].bot is not None:
            raise RefusedError("forbidden", f"seat {seat + 1} is a bot's")
        self.submit(changes.Removed(seat))

    def _seated(self, seat: int) -> SeatInfo:
        """The seat's player, seated and not on their way out (else refused)."""
        info = self.seats[seat]
        if info.status not in (SeatStatus.PLAYING, SeatStatus.SITTING_OUT) or info.leaving or info.removing:
            raise RefusedError("illegal", f"nobody sits in seat {seat + 1}")
        return info

    def hunt(self, seat: int) -> None:
        """A seat asks for the rabbit of the hand last finished (the table's ``rabbit_hunt``): refused
        when the table does not hunt, the hand has none (played to its last card, a draw game), or
        it is shown already."""
        finished = self.number if self.hand is None else self.number - 1
        if not self.config.rabbit_hunt:
            raise RefusedError("forbidden", "this table does not hunt the rabbit")
        if self.previous is None:
            raise RefusedError("illegal", "rabbit: no hand has been played yet")
        if self.rabbit is not None and self.rabbit[0] == finished:
            raise RefusedError("illegal", "rabbit: already shown")
        if not rabbit(self.previous):
            raise RefusedError("illegal", "rabbit: the hand last played left no card to come")
        self.submit(changes.Hunted(seat))

    def chat(self, seat: int, text: str) -> None:
        """A seat says ``text`` (checked at the door); the chat is then the table's last."""
        self.unmuted(seat)
        self.submit(changes.Chatted(seat, text))

    def unmuted(self, seat: int) -> None:
        """Refuse a muted seat's chat or reaction (``forbidden``): it reaches nobody."""
        if self.seats[seat].muted:
            raise RefusedError("forbidden", "the host has muted your chat")

    def mute(self, seat: int, mute: object) -> None:
        """The host mutes a seat's chat, or unmutes it (a change only when it changes anything)."""
        if not isinstance(mute, bool):
            raise RefusedError("bad_request", "mute: true or false")
        if self.seats[seat].muted != mute:
            self.submit(changes.Muted(seat, mute))

    def call_bomb(self, amount: object) -> None:
        """The host calls a bomb pot of ``amount`` a seat for the next hand whose game has a flop."""
        if self.closed or self.closing:
            raise RefusedError("forbidden", "the table is closed")
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= MAX_REBUY:
            raise RefusedError("bad_request", f"amount: a whole number of chips, 1 to {MAX_REBUY:,}")
        games = self.config.single_games
        if not any(game.has_flop for game in games):
            raise RefusedError("illegal", f"{games[0].title} has no flop: a bomb pot starts at the flop")
        self.submit(changes.BombCalled(amount))

    def host(self, command: str) -> None:
        """``pause``, ``resume`` or ``close``."""
        if self.closed or self.closing:
            raise RefusedError("forbidden", "the table is closed")
        if command in ("pause", "resume") and (command == "pause") == self.paused:
            return
        made = changes.Paused() if command == "pause" else changes.Resumed() if command == "resume" else None
        self.submit(made or changes.Closed())


def _check(legal: tuple[Legal, ...], action: Action) -> None:
    """Refuse an action its seat may not take now, before anything is written."""
    option = next((option for option in legal if option.kind is action.kind), None)
    if option is None:
        raise RefusedError("illegal", f"you cannot {action.kind} now (legal: {'; '.join(map(str, legal))})")
    try:
        option.check(action)
    except IllegalActionError as error:
        raise RefusedError("illegal", str(error)) from None
