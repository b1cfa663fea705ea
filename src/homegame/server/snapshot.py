"""The snapshot of a server table: the whole table as one viewer (a seat, or a spectator) may see
it, as JSON text. Beside :mod:`homegame.server.texts` (the hands' views), it is the only place that
splices JSON text: the parts the same for every viewer are written once a change, what viewers
share written once a value.

>>> import json
>>> from homegame.server.config import TableConfig
>>> from homegame.server.store import Store
>>> from homegame.server.table import ServerTable
>>> config = TableConfig.from_json({"game": "holdem", "seats": 2, "stack": 100, "bots": 1})
>>> table = ServerTable.create("t1", config, Store(":memory:"), now=lambda: 0)
>>> writer = Snapshots(table)
>>> snapshot = json.loads(writer.text(None))
>>> snapshot["status"], [seat["status"] for seat in snapshot["seats"]], snapshot["game"]["stakes"]
('waiting', ['empty', 'playing'], {'small_blind': 1, 'big_blind': 2})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Protocol

from homegame.engine.game import Game
from homegame.engine.missed import blinds_of
from homegame.engine.spec import OptionValue
from homegame.engine.wire import JSON
from homegame.errors import PokerError
from homegame.server.roster import SeatStatus
from homegame.server.texts import ViewTexts, dumps, plain

if TYPE_CHECKING:
    from homegame.engine.betting import Stakes
    from homegame.engine.hand import Hand
    from homegame.engine.table import Table
    from homegame.server.bombs import Bombs
    from homegame.server.clock import Clocks
    from homegame.server.config import TableConfig
    from homegame.server.moves import Moves
    from homegame.server.roster import Roster, SeatInfo
    from homegame.server.runout import Runout

__all__ = ["Snapshots", "last_text"]


class Source(Protocol):
    """What the snapshot writer reads of its table (a :class:`~homegame.server.table.ServerTable`)."""

    config: TableConfig
    table: Table
    roster: Roster
    seats: list[SeatInfo]
    moves: Moves
    clocks: Clocks
    hand: Hand | None
    dealt: tuple[int, ...]
    previous: Hand | None
    previous_dealt: tuple[int, ...]
    runout: Runout | None
    connected: set[int]
    bombs: Bombs
    straddling: bool
    number: int
    seq: int

    @property
    def status(self) -> str: ...
    def choosing(self) -> tuple[int, list[str]] | None: ...
    def straddler(self) -> tuple[int, int] | None: ...
    def stakes(self, game: Game, dealt: Sequence[int]) -> Stakes: ...


class Snapshots:
    """The snapshot writer of one :class:`~homegame.server.table.ServerTable` (which it reads, and
    never changes)."""

    def __init__(self, table: Source) -> None:
        self.table = table
        config = table.config
        self._house: JSON = {"options": dict(config.options), "stakes": dict(config.stakes), "kill": config.kill}
        """The table's own house rules and stakes, over every game's, and whether it plays the kill
        game (the host's settings)."""
        self._games: dict[tuple[object, ...], JSON] = {}
        """Each game's part of the snapshot (its house rules and stakes here), written once."""
        self._shared: dict[bool, tuple[tuple[int, int, frozenset[int]], str, str]] = {}
        """The snapshot's parts the same for every viewer, and the change they were written at."""
        self._texts = ViewTexts()
        """The JSON already written of the hands in the snapshots (the one in progress, the last)."""

    def text(self, viewer: int | None) -> str:
        """The snapshot as JSON text, the parts that are the same for every viewer written once
        a change (the table's fields, its seats) and what a viewer's view shares with the others'
        (the seats as that viewer sees them, the events, the result) written once a value: two
        viewers share a piece only when what each may see of it is equal. While an all-in runout
        is shown, the view is its street (:meth:`~homegame.server.runout.Runout.frame`), there is
        no ``last`` yet, and ``runout`` says which street of how many."""
        table = self.table
        behind = viewer is None and table.config.spectators == "behind"
        hand, dealt = (table.previous, table.previous_dealt) if behind else (table.hand, table.dealt)
        kept = (table.hand, table.previous)
        names = table.roster.names
        view = "null"
        runout = self._runout(behind)
        if hand is not None:
            seat = dealt.index(viewer) if viewer in dealt else None
            view = self._texts.text(hand, seat, table.seq, kept, names(dealt, seat))[0]
        elif runout is not None and table.previous is not None:
            hand, dealt = table.previous, table.previous_dealt
            seat = dealt.index(viewer) if viewer in dealt else None
            view = runout.frame(self._texts.text(hand, seat, table.seq, kept, names(dealt, seat))[0])
        last = "null"
        if table.hand is None and table.previous is not None and not behind and runout is None:
            previous, seen = table.previous, table.previous_dealt
            seat = seen.index(viewer) if viewer in seen else None
            named = names(seen, seat)
            last = last_text(
                self._texts, previous, number=table.number, dealt=seen, seat=seat, names=named, seq=table.seq, keep=kept
            )
        clocks = [] if behind else table.moves.on_clock()
        clock = next((clock for clock in clocks if clock["seat"] == viewer), clocks[0] if clocks else None)
        common, game = self._common(behind)
        turn = table.clocks.turn.get(viewer) if viewer is not None and not behind else None
        return (
            f'{common[:-1]},"dealt":[{",".join(map(str, dealt))}],"view":{view},"clock":{dumps(clock)},'
            f'"clocks":{dumps(clocks)},"turn":{plain(turn)},"last":{last},"game":{"null" if behind else game},'
            f'"runout":{_streets(runout)}}}'
        )

    def _common(self, behind: bool = False) -> tuple[str, str]:
        """The snapshot's fields that are the same for every viewer, as one JSON object's text,
        and the game's (for every viewer but a spectator one hand behind); written once a change
        (a row of the log, or a player connecting or gone). ``behind``: for a spectator one hand
        behind, whose seats show the stacks as the hand it is shown ended (nothing of a later hand)."""
        table = self.table
        runout = self._runout(behind)
        key = (table.seq, 0 if runout is None else runout.street, frozenset(table.connected))
        shared = self._shared.get(behind)
        if shared is not None and shared[0] == key:
            return shared[1], shared[2]
        choosing = table.choosing() if runout is None else None  # the dealer chooses once the runout is shown
        game = table.hand.game if table.hand is not None else None
        if game is None and choosing is None:
            try:
                game = table.table.next_game()
            except PokerError:
                game = None
        owing = game if table.hand is None else table.table.next_game()  # the blinds owed are posted in the next deal
        if runout is not None and table.previous is not None:
            game = table.previous.game  # the hand whose runout is shown
        seats = [self._seat(seat, owing) for seat in range(len(table.seats))]
        if behind and table.previous is not None and table.previous.result is not None:
            for index, seat in enumerate(table.previous_dealt):
                seats[seat]["stack"] = table.previous.result.stacks[index]
        if runout is not None and table.previous is not None and table.previous.result is not None:
            for seat, stack in zip(table.previous_dealt, runout.stacks(table.previous.result.stacks), strict=True):
                seats[seat]["stack"] = stack  # the pots not won yet
        common = dumps(
            {
                "title": table.config.display_title(),
                "status": table.status,
                "seats": seats,
                "button": table.table.button,
                "choosing": None if choosing is None else {"seat": choosing[0], "games": list(choosing[1])},
                "rebuys": table.roster.rebuys(),
                "house": self._house,
                "kill": self._kill(game),
                "bomb": table.bombs.json(owing),
                "straddle": self._straddle(),
            }
        )
        game_text = dumps(None if game is None else self._game_json(game, self._in_force(game)))
        self._shared[behind] = (key, common, game_text)
        return common, game_text

    def _runout(self, behind: bool) -> Runout | None:
        """The all-in runout being shown, street by street (not to a spectator one hand behind)."""
        table = self.table
        return table.runout if table.hand is None and not behind else None

    def _straddle(self) -> JSON:
        """The live straddle the seat after the big blind may post in the next deal: ``{seat, name,
        amount, posted}``; ``None`` when none may."""
        table = self.table
        offer = table.straddler()
        if offer is None:
            return None
        seat, amount = offer
        return {"seat": seat, "name": table.seats[seat].name, "amount": amount, "posted": table.straddling}

    def _kill(self, game: Game | None) -> JSON:
        """Under the kill game, the killer (``{seat, name, doubled}``; ``None``: nobody), and whether
        the stakes of ``game`` (the hand in progress, else the next deal) are doubled. The killer
        comes from the pots the table's log has settled, so a restored table kills as the table did."""
        table = self.table
        seat = table.table.killer_seat
        if seat is None:
            return None
        dealt = table.dealt if table.hand is not None else table.roster.playing()
        doubled = game is not None and table.table.kill_hand(game, dealt)
        return {"seat": seat, "name": table.seats[seat].name, "doubled": doubled}

    def _in_force(self, game: Game) -> dict[str, OptionValue]:
        """The house rules ``game`` is played under: the hand's own while it is dealt, else the
        table's with what the dealer called for the next deal over them."""
        table = self.table
        if table.hand is not None:
            return dict(table.hand.options)
        house = {name: value for name, value in table.config.options if game.option(name) is not None}
        return game.option_values(house | (table.table.called if game is table.table.chosen else {}))

    def _game_json(self, game: Game, options: dict[str, OptionValue]) -> JSON:
        """The game named in a snapshot with the house rules and stakes it is played under here:
        every house rule of the game with its value (``options``), and the stakes (chips, 0 left out;
        a bomb pot's ante, the hand's, among them)."""
        bomb = self.table.hand.stakes.ante if game.bomb and self.table.hand is not None else 0
        key = (game.name, bomb, *options.items())
        written = self._games.get(key)
        if written is None:
            stakes = self.table.config.stakes_for(game) or game.stakes
            stakes = replace(stakes, ante=bomb) if bomb else stakes
            written = self._games[key] = {
                "name": game.name,
                "title": game.title,
                "options": dict(options),
                "stakes": {name: amount for name, amount in asdict(stakes).items() if amount},
            }
        return written

    def _seat(self, seat: int, game: Game | None) -> dict[str, JSON]:
        table, roster = self.table, self.table.roster
        info = roster.seats[seat]
        occupant = table.table.seats[seat]
        owed = []
        if occupant is not None and occupant.owes and game is not None and blinds_of(game) is not None:
            owed = table.table.owed(seat, table.stakes(game, roster.playing()))
        return {
            "seat": seat,
            "name": info.name,
            "stack": 0 if occupant is None else occupant.stack,
            "status": info.status,
            "bot": info.bot is not None,
            "connected": info.bot is not None or seat in table.connected,
            "missed": info.missed,
            "owes": [{"name": post.name, "amount": post.amount, "live": post.live} for post in owed],
            "waiting": info.status == SeatStatus.PLAYING and occupant is not None and table.table.waits(seat),
            "approved": info.approved,  # a rebuy the host approved, added once the seat's hand ends
            "muted": info.muted,  # the host muted the seat's chat
        }


def last_text(
    texts: ViewTexts,
    hand: Hand,
    *,
    number: int,
    dealt: Sequence[int],
    seat: int | None,
    names: Mapping[int, str],
    seq: int = 0,
    keep: tuple[Hand | None, ...] = (),
) -> str:
    """The JSON text of a finished hand as the snapshot's ``last`` holds it (``{hand, game, dealt,
    options, events, result, view}``), as the hand's ``seat`` saw it (``None``: the public view), told with
    ``names``; ``texts`` writes the view (``seq`` and ``keep`` as :meth:`ViewTexts.text` takes
    them; by default only this hand's texts are kept). The snapshot's ``last`` and every hand of a
    ``history`` answer (:mod:`homegame.server.finished`) are written here, so they have one shape."""
    text, events, result = texts.text(hand, seat, seq, keep or (hand,), names)
    head = dumps({"hand": number, "game": hand.game.name, "dealt": list(dealt), "options": _unusual(hand)})
    return f'{head[:-1]},"events":{events},"result":{result},"view":{text}}}'


def _streets(runout: Runout | None) -> str:
    """The snapshot's ``runout``: the street shown of how many (``null``: none is being shown)."""
    return "null" if runout is None else dumps({"street": runout.street, "streets": runout.streets})


def _unusual(hand: Hand) -> dict[str, OptionValue]:
    """The house rules a hand was played under that are not its game's own defaults (the table's,
    or the dealer's call), for the result to name."""
    return {
        name: value
        for name, value in hand.options.items()
        if (option := hand.game.option(name)) is not None and value != option.default
    }
