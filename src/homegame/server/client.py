"""The player's side of the protocol, for ``homegame join``: a bot, or a person at the terminal.

:class:`Client` knows no transport: it is handed each message received and answers with the
messages to send, so the same client plays over a real socket (``homegame join``), Starlette's test
client, or the benchmark's event loop. What it decides comes from a :class:`Decider`: a
:class:`BotDecider` (the engine's bots, choosing from the legal descriptors and the view as the
server sent them) or a :class:`PersonDecider` (the screen of ``homegame play``).

>>> import random
>>> client = Client(BotDecider("caller", random.Random(1)), hands=1)
>>> client.hello("s3cret")
{'type': 'hello', 'token': 's3cret', 'protocol': 1}
>>> client.receive({"type": "ping", "table": "t", "hand": 0, "seq": 0})
[{'type': 'pong'}]
>>> client.receive({"type": "closed", "table": "t", "hand": 0, "seq": 0, "reason": "table closed"})
[]
>>> client.done
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TextIO
from urllib.parse import SplitResult, urlsplit

from homegame.bots import Bot, Turn
from homegame.engine.view import View
from homegame.engine.wire import JSON, legal_from_json, to_json, view_from_json
from homegame.errors import ParseError
from homegame.play.session import BOTS
from homegame.server.messages import PROTOCOL

__all__ = ["Backoff", "BotDecider", "Client", "Decider", "Invite", "Lines", "PersonDecider", "play", "play_seat"]

Message = dict[str, Any]


def split_link(url: str) -> SplitResult:
    """A link's parts, or a :class:`ParseError` for one that cannot be (a broken IPv6 address, a port
    out of 0..65535), which ``urlsplit`` leaves to the first reader of its port.

    >>> split_link("http://[::1]:8000/t/ab12#s").port
    8000
    >>> split_link("http://127.0.0.1:99999/t/ab12#s")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: http://127.0.0.1:99999/t/ab12#s: not an invite link (Port out of range 0-65535)
    """
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (read for its check)
    except ValueError as error:
        raise ParseError(f"{url}: not an invite link ({error})", token=url) from None
    return parts


@dataclass(frozen=True, slots=True)
class Invite:
    """An invite link, read: the socket's address, the table and the secret.

    >>> Invite.parse("http://192.168.1.5:8000/t/ab12cd34#s3cret")
    Invite(socket='ws://192.168.1.5:8000/ws', table='ab12cd34', token='s3cret')
    >>> Invite.parse("http://example.org/t/ab12")
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: http://example.org/t/ab12: an invite link ends with #SECRET
    """

    socket: str
    table: str
    token: str

    @classmethod
    def parse(cls, url: str) -> Invite:
        """Read ``http(s)://HOST:PORT/t/TABLE#SECRET``."""
        parts = split_link(url)
        path = parts.path.strip("/").split("/")
        if parts.scheme not in ("http", "https") or not parts.netloc or len(path) != 2 or path[0] != "t":
            raise ParseError(f"{url}: an invite link looks like http://HOST:PORT/t/TABLE#SECRET", token=url)
        if not parts.fragment:
            raise ParseError(f"{url}: an invite link ends with #SECRET", token=url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return cls(f"{scheme}://{parts.netloc}/ws", path[1], parts.fragment)


class Decider(Protocol):
    """Whoever decides for a seat."""

    def act(self, state: Message, turn: Turn) -> JSON | None:
        """The action (wire JSON) to take now, the seat's turn come (``turn.view()`` reads the
        view sent, on demand); ``None`` to leave."""
        ...

    def choose(self, state: Message, games: list[str]) -> str:
        """The game to deal, the seat's dealer's choice come."""
        ...

    def told(self, message: Message) -> None:
        """Every message received (a person's screen shows what happened)."""
        ...

    def idle(self, state: Message, seat: int, hand: int) -> list[Message] | None:
        """The table seat ``seat`` is out of the hands, sitting out or without chips (``hand``: the
        table's hand number): what to ask the table (sit in, a rebuy), ``[]`` to watch on, ``None``
        to leave."""
        ...

    def requests(self) -> list[Message]:
        """Messages the decider wants sent besides its moves (sit out, a rebuy), taken once."""
        ...

    def waits(self, state: Message, seat: int) -> bool:
        """The table waits for players (asked on each state, and again now and then while nothing
        comes): whether to leave now."""
        ...


class BotDecider:
    """One of the engine's bots (``random``, ``caller``, ``sensible``), seeded with ``rng``."""

    def __init__(self, level: str, rng: random.Random) -> None:
        if level not in BOTS:
            raise ParseError(f"no bot called {level!r} (known: {', '.join(BOTS)})", token=level)
        self.bot: Bot = BOTS[level](rng)
        self.rng = rng

    def act(self, state: Message, turn: Turn) -> JSON | None:
        """The bot's choice among the legal actions the server sent."""
        return to_json(self.bot.choose(turn))

    def choose(self, state: Message, games: list[str]) -> str:
        """A game at random."""
        return self.rng.choice(games)

    def told(self, message: Message) -> None:
        """Nothing to show."""

    def idle(self, state: Message, seat: int, hand: int) -> list[Message] | None:
        """A bot without chips leaves; otherwise it waits."""
        return None if state["seats"][seat]["stack"] == 0 else []

    def requests(self) -> list[Message]:
        """None."""
        return []

    def waits(self, state: Message, seat: int) -> bool:
        """A bot waits with the table."""
        return False


class Client:
    """One seat's client: see the module docstring. ``hands``: leave after playing that many
    (``None``: play on until the table closes); ``log``: where every message received is written,
    one JSON object a line. A client whose chips are gone leaves; with ``quit_when_idle`` it
    leaves as well when, after a hand, the table waits for players (the benchmark's bots)."""

    def __init__(
        self,
        decider: Decider,
        *,
        hands: int | None = None,
        log: Callable[[str], None] | None = None,
        quit_when_idle: bool = False,
    ) -> None:
        self.decider = decider
        self.quit_when_idle = quit_when_idle
        self.hands = hands
        self.log = log
        self.token = ""
        self.seat: int | None = None
        self.played: set[int] = set()
        """The hands this seat was dealt into."""
        self.finished = False
        """Whether a hand this seat was dealt into has ended."""
        self.answered: tuple[int, int, object] | None = None
        """The hand, the sequence number and the decision (the snapshot's ``turn``) last answered:
        a later state of the same decision comes before the answer is taken, not after it."""
        self.sent: Message | None = None
        """The last action sent."""
        self.resend = False
        """Set on connecting again: the last action may not have arrived, so it is sent again if its
        decision is still open (the server counts it once)."""
        self.leaving = False
        self.done = False
        self.reason = ""
        self.stack: int | None = None
        """The seat's chips when last seen seated: what it leaves with (a seat that has left shows none)."""
        self.state: Message | None = None
        self.said: Message | None = None
        """The last state message (its ``hand`` and ``seq``): the one a refused answer is decided again on."""
        self.tries: tuple[int, int, int] = (0, 0, 0)
        """How often the decision of (hand, seq) was made again at once after a refusal."""
        self.errors: list[Message] = []
        self.waiting = False
        """Whether the table waits for players with this seat out of any hand: the decider is then
        asked now and then (:meth:`poll`) whether to leave."""
        self.heartbeat: float | None = None
        """The seconds between the server's pings (its ``welcome`` says): a server silent for two is gone."""

    def hello(self, token: str) -> Message:
        """The first message."""
        self.token = token
        return {"type": "hello", "token": token, "protocol": PROTOCOL}

    def receive(self, message: Message, text: str | None = None) -> list[Message]:
        """Take one message received; the messages to send in answer."""
        if self.log is not None:
            self.log(text if text is not None else json.dumps(message, separators=(",", ":")))
        self.decider.told(message)
        kind = message.get("type")
        if kind == "closed":
            self.done, self.reason = True, str(message.get("reason", ""))
            return []
        if kind == "ping":  # the server's heartbeat
            return [{"type": "pong"}]
        if kind == "error":
            self.errors.append(message)
            self.answered = None  # what was sent was refused: decide again
            return self._again()
        if kind == "welcome":
            self.token, self.seat = message["token"], message["you"]
            beat = message.get("heartbeat_ms")
            self.heartbeat = beat / 1000 if isinstance(beat, int) and beat > 0 else None
        if kind not in ("welcome", "state"):
            return []
        state, self.said = message["state"], message
        self.state = state
        answer = self._answer(message, state)
        answer.extend(self.decider.requests())
        return [{"type": "ready"}, *answer] if kind == "welcome" else answer  # ready: the new secret is kept

    def _again(self) -> list[Message]:
        """After a refusal, decide again at once on the last state (the table unchanged: nothing
        else would ask again, so a person whose move the server's storage refused would wait for
        ever), at most :data:`RETRIES` times a decision, then on the next state."""
        said = self.said
        if said is None or self.state is None:
            return []
        key = (said["hand"], said["seq"])
        tries = self.tries[2] + 1 if self.tries[:2] == key else 1
        self.tries = (*key, tries)
        return self._answer(said, self.state) if tries <= RETRIES else []

    def poll(self) -> list[Message]:
        """While the table waits for players: the message that leaves, if the decider asks to go
        (the person closed the input), else nothing."""
        if not self.waiting or self.state is None or self.seat is None or not self.decider.waits(self.state, self.seat):
            return []
        self.leaving = self.done = True
        self.waiting = False
        return [{"type": "leave"}]

    def _left_with(self, state: Message, me: Message, seat: int) -> None:
        """Keep the seat's chips: while seated its stack; once gone (a seat that has left shows none),
        what the hand it left after ended with."""
        last = state.get("last") or {}
        dealt, result = last.get("dealt") or [], last.get("result") or {}
        if me["status"] != "left":
            self.stack = me["stack"]
        elif seat in dealt and len(result.get("stacks") or []) == len(dealt):
            self.stack = result["stacks"][dealt.index(seat)]

    def _answer(self, message: Message, state: Message) -> list[Message]:
        seat, number, seq = self.seat, message["hand"], message["seq"]
        if seat is None:
            return []
        dealt = state.get("dealt") or []
        if state.get("view") is not None and seat in dealt:
            self.played.add(number)
        if not self.finished:  # once: a long session's every message must not walk every hand played
            last = state.get("last")
            self.finished = (last is not None and seat in last.get("dealt", ())) or any(h < number for h in self.played)
        me = state["seats"][seat]
        self._left_with(state, me, seat)
        if me["status"] == "left" or state["status"] == "closed":
            self.done = True
            return []
        out: list[Message] = []
        idle = state.get("view") is None or seat not in dealt
        broke = idle and me["stack"] == 0 and me["status"] != "empty"
        stuck = idle and state["status"] == "waiting" and self.finished and self.quit_when_idle
        enough = self.hands is not None and len(self.played) >= self.hands  # leaving takes effect after the hand
        if idle and (broke or me["status"] == "sitting_out") and not (enough or stuck or self.leaving):
            asked = self.decider.idle(state, seat, number)  # sit in, ask for a rebuy, or go
            if asked is not None:
                out.extend(asked)
                broke = False
        if (enough or broke or stuck) and not self.leaving:
            self.leaving = True
            out.append({"type": "leave"})
        self.waiting = idle and state["status"] == "waiting" and me["status"] == "playing" and not self.leaving
        if self.waiting and not out:  # sitting out, or just asked to sit in: the idle prompt reads the person
            out.extend(self.poll())
            if self.done:
                return out
        turn = state.get("turn")
        answered = self.answered
        same_decision = turn is not None and answered is not None and answered[2] == turn
        if answered is not None and answered[0] == number and (answered[1] == seq or same_decision):
            if self.resend and same_decision and self.sent is not None:
                self.resend = False
                return [*out, self.sent]
            return out  # this state answered already, or the answer to this decision not taken yet
        self.resend = False
        view_data = state.get("view")
        choosing = state.get("choosing")
        if view_data is not None and view_data.get("legal") and seat in dealt:
            legal = tuple(legal_from_json(item) for item in view_data["legal"])
            action = self.decider.act(state, Turn(view_data["viewer"], legal, partial(view_from_json, view_data)))
            if action is None:  # a person who quits leaves and goes: the table's clock plays their hand out
                self.leaving = self.done = True
                return [*out, {"type": "leave"}]
            self.answered = (number, seq, turn)
            self.sent = {"type": "act", "hand": number, "seq": seq, "action": action}
            out.append(self.sent)
        elif choosing is not None and choosing["seat"] == seat:
            self.answered = (number, seq, None)
            out.append({"type": "choose", "game": self.decider.choose(state, list(choosing["games"]))})
        return out


class Lines:
    """What a person types, read ahead line by line by a daemon thread: every line still goes, in
    order, to whatever asks next (:meth:`readline`), and while nothing is asked :meth:`ended` sees,
    without waiting, whether the person has closed the input (Ctrl-D) with every line taken. A line
    typed ahead (a q too) is kept for the move it was typed for.

    >>> import io
    >>> lines = Lines(io.StringIO("c\\n"))
    >>> lines.readline(), lines.readline(), lines.ended(), lines.readline()
    ('c\\n', '', True, '')
    """

    def __init__(self, stream: TextIO) -> None:
        self._lines: deque[str] = deque()
        self._ready = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True, name="homegame-stdin").start()

    def _read(self, stream: TextIO) -> None:
        while True:  # ends at the end of the input
            line = stream.readline()
            with self._ready:
                self._lines.append(line)
                self._ready.notify()
            if not line:
                return

    def readline(self) -> str:
        """The next line, waiting for it; ``""`` at the end of the input (and ever after)."""
        with self._ready:
            self._ready.wait_for(lambda: bool(self._lines))
            return self._lines[0] if not self._lines[0] else self._lines.popleft()

    def ended(self) -> bool:
        """Whether the input has ended and every line before the end has been taken. Never waits."""
        with self._ready:
            return bool(self._lines) and not self._lines[0]


class PersonDecider:
    """A person at the terminal, with the screen of ``homegame play``: the table as they may see it,
    what happened, and their move read from what they type."""

    def __init__(self, stream: TextIO, output: TextIO) -> None:
        from rich.console import Console

        from homegame.play.render import Names, Screen

        self.stream = Lines(stream)
        self.echo = not stream.isatty()
        """Whether what the person types is printed after the prompt: when it comes from a script or a
        pipe, as ``homegame play`` does, since no terminal shows it."""
        self.console = Console(file=output, highlight=False)
        self.screen = Screen(self.console, Names(("you",)))
        self.told_events = 0
        self.hand = 0
        self.summed = False
        """Whether the end of hand :attr:`hand` has been told."""
        self.outbox: list[Message] = []
        self.ledger: Message | None = None
        """The ledger as the table last sent it (asked for after every hand)."""
        self.idle_key: tuple[int, str, bool] | None = None
        self.seated: tuple[int, int] | None = None
        """The players seated and the seats, as last told while the table waits for players."""

    def _names(self, dealt: list[int], state: Message, view: View) -> None:
        from homegame.play.render import Names

        seats = state["seats"]
        names = [seats[table_seat]["name"] for table_seat in dealt]
        if view.viewer is not None:
            names[view.viewer] = "you"
        self.screen.names = Names(tuple(names))

    def _game(self, view: View) -> Any:
        from homegame.games import load

        return load(view.game)

    def _ask(self, prompt: str) -> str:
        """The person's next line (``""`` at the end of the input), asked as ``homegame play`` asks."""
        return self.screen.ask(prompt, self.stream.readline, echo=self.echo)

    def requests(self) -> list[Message]:
        """What the person asked of the table (sit out, sit in, a rebuy, the ledger)."""
        out, self.outbox = self.outbox, []
        return out

    def _table_command(self, line: str) -> bool:
        """Queue a request to the table that ``line`` asks for (``sitout``, ``sitin``, ``sitin wait``, ``rebuy N``),
        or show the ledger; False when ``line`` is none of these."""
        words = line.lower().replace("sit out", "sitout").replace("sit in", "sitin").split()
        if not words:
            return False
        if words == ["sitout"]:
            self.outbox.append({"type": "sit_out"})
            self.screen.say("You sit out from the next hand (sitin to play again).")
        elif words == ["sitin"]:
            self.outbox.append({"type": "sit_in"})
            self.screen.say("You play again from the next hand.")
        elif words == ["sitin", "wait"]:
            self.outbox.append({"type": "sit_in", "wait": True})
            self.screen.say("You play again from your big blind.")
        elif words[0] == "rebuy":
            if len(words) != 2 or not words[1].isdigit() or int(words[1]) < 1:
                self.screen.problem("rebuy N: ask the host for N more chips (a whole number)")
            else:
                self.outbox.append({"type": "rebuy", "amount": int(words[1])})
                self.screen.say(f"You ask the host for {int(words[1])} more chips; they land between hands.")
        elif words == ["ledger"]:
            self._show_ledger()
        else:
            return False
        return True

    def _show_ledger(self) -> None:
        ledger = self.ledger
        if ledger is None:
            self.screen.say("The ledger comes at the end of the first hand.")
            return
        self.screen.say("Ledger: bought in · cashed out · stack · net", style="bold")
        for player in ledger.get("players", []):
            net = player["net"]
            self.screen.say(
                f"  {player['name']:<16} {player['buy_in']:>7} {player['buy_out']:>7} {player['stack']:>7} {net:>+8}"
            )
        if ledger.get("carried"):
            self.screen.say(f"  {ledger['carried']} chips carried in the pot to the next hand")
        transfers = [f"{t['from']} pays {t['to']} {t['amount']}" for t in ledger.get("settle", [])]
        self.screen.say("Settle up: " + ("; ".join(transfers) or "nobody owes anybody"))

    def _table_help(self) -> None:
        self.screen.say(
            "At this table: sitout (from the next hand) · sitin (sitin wait: from your big blind)"
            " · rebuy N (asks the host for N chips)"
        )
        self.screen.say("· ledger (buy-ins, nets and who pays whom)")

    def idle(self, state: Message, seat: int, hand: int) -> list[Message] | None:
        """Sitting out or without chips: once a hand, ask whether to sit in, ask for a rebuy,
        watch on (Enter) or leave (``q``)."""
        me = state["seats"][seat]
        key = (hand, str(me["status"]), me["stack"] == 0)
        if key == self.idle_key:
            return []
        self.idle_key = key
        self.screen.say("You have no chips left." if me["stack"] == 0 else "You are sitting out.", style="bold")
        owes = [f"{owed['name'].replace('_', ' ')} {owed['amount']}" for owed in me.get("owes") or []]
        if owes:
            self.screen.say(f"Sitting in you post {', '.join(owes)} (or type sitin wait to wait for your big blind).")
        self.screen.say("Type sitin to play from the next hand, rebuy N, ledger, Enter to watch, q to leave.")
        while True:
            line = self._ask("> ")
            if not line or line.strip().lower() in ("q", "quit", "exit"):
                return None
            if not line.strip():
                return []
            if line.strip() in ("?", "help"):
                self._table_help()
            elif not self._table_command(line):
                self.screen.problem(f"{line.strip()!r}: type sitin, rebuy N, ledger, Enter or q")
            elif self.outbox:
                self.idle_key = None  # asked again once the table has answered
                return []  # sent at once (the client takes :meth:`requests`)

    def waits(self, state: Message, seat: int) -> bool:
        """Say how many are seated (when that changes); leave at the end of the input (Ctrl-D), every
        line typed before it taken (a q typed ahead leaves at the first move)."""
        seats = state["seats"]
        seated = (sum(other["status"] in ("playing", "sitting_out") for other in seats), len(seats))
        if seated != self.seated:
            self.seated = seated
            self.screen.say(f"Waiting for players: {seated[0]} of {seated[1]} seated... (Ctrl-D leaves)")
        return self.stream.ended()

    def told(self, message: Message) -> None:
        """Narrate the new events of the hand, and say why a move was refused."""
        if message.get("type") == "ledger":
            ledger = message.get("ledger")
            self.ledger = ledger if isinstance(ledger, dict) else None
            return
        if message.get("type") == "error":
            self.screen.problem(str(message.get("message", "")))
            return
        if message.get("type") == "closed":
            self.screen.say(f"The server closed the connection: {message.get('reason', '')}.")
            return
        state = message.get("state")
        if not isinstance(state, dict):
            return
        last = state.get("last")
        if state.get("view") is None:  # between hands: the end of the one being told, once
            if isinstance(last, dict) and last.get("hand") == self.hand and last.get("view") and not self.summed:
                view = view_from_json(last["view"])
                self._names(last["dealt"], state, view)
                self.screen.narrate(view.events[self.told_events :], view, self._game(view))
                self.screen.summary(view, self._game(view))
                self.summed = True
                self.outbox.append({"type": "ledger"})  # the ledger as of this hand, for the ledger command
            return
        view = view_from_json(state["view"])
        self.seated = None  # a hand is on: the next wait for players is told afresh
        if message["hand"] != self.hand:
            self.hand, self.told_events, self.summed = message["hand"], 0, False
            self.screen = type(self.screen)(self.console, self.screen.names)  # a new hand's streets, counted afresh
            self.screen.say(f"Hand {self.hand} · {state.get('game', {}).get('title', view.game)}", style="bold")
        self._names(state["dealt"], state, view)
        self.screen.narrate(view.events[self.told_events :], view, self._game(view))
        self.told_events = len(view.events)

    def act(self, state: Message, turn: Turn) -> JSON | None:
        """Show the table and read the person's move (``q``: leave)."""
        from homegame.play.commands import CommandError, Meta, read

        view = turn.view()
        game = self._game(view)
        self.screen.table(view, game)
        while True:
            line = self._ask("> ")
            if not line:
                return None
            if self._table_command(line):
                continue
            try:
                command = read(line, view.legal)
            except CommandError as error:
                self.screen.problem(str(error))
                continue
            if command is Meta.QUIT:
                return None
            if command is Meta.HELP:
                self.screen.help(view, game)
                self._table_help()
            elif command is Meta.RULES:
                self.screen.rules(game)
            elif command is Meta.TABLE:
                self.screen.table(view, game)
            elif command is Meta.UNDO:
                self.screen.problem("at a server's table an action sent is taken: there is no undo")
            elif isinstance(command, Meta):
                self.screen.table(view, game)
            else:
                return to_json(command)

    def choose(self, state: Message, games: list[str]) -> str:
        """Ask for the game to deal."""
        self.screen.say("You deal: name the game.")
        for number, name in enumerate(games, 1):
            self.screen.say(f"  {number:>2}  {name}")
        while True:
            answer = self._ask("game> ").strip().lower()
            if not answer:
                return games[0]
            if answer.isdigit() and 1 <= int(answer) <= len(games):
                return games[int(answer) - 1]
            if answer in games:
                return answer
            self.screen.problem(f"{answer!r} is not one of these games: type its number or name")


async def play(url: str, client: Client, *, timeout: float = 30.0) -> Client:
    """Play the seat of the invite ``url`` with ``client`` over a socket until it is done (a
    message awaited longer than ``timeout`` seconds ends it with :class:`TimeoutError`)."""
    from websockets.asyncio.client import connect

    invite = Invite.parse(url)
    async with connect(invite.socket, max_size=2**22) as socket:
        await socket.send(json.dumps(client.hello(invite.token)))
        while not client.done:
            text = await asyncio.wait_for(socket.recv(), timeout)
            for answer in client.receive(json.loads(text), str(text)):
                await socket.send(json.dumps(answer))
    return client


@dataclass(frozen=True, slots=True)
class Backoff:
    """How long to wait before connecting again after the ``attempt``-th drop in a row (0 first):
    ``first`` seconds, doubling up to ``cap``, less a random part of up to ``jitter`` of it, so the
    seats of a table dropped together do not all knock at once.

    >>> backoff = Backoff(first=1, cap=8, jitter=0.5)
    >>> [backoff.wait(attempt, random.Random(1)) for attempt in (0, 3, 40)]
    [0.93..., 7.46..., 7.46...]
    """

    first: float = 0.5
    cap: float = 15.0
    jitter: float = 0.5

    def wait(self, attempt: int, rng: random.Random) -> float:
        """Seconds to wait before the next connection."""
        full = min(self.cap, self.first * 2.0 ** min(attempt, 32))
        return full * (1 - self.jitter * rng.random())


RETRIES = 3
"""How often a refused decision is made again at once on the same state."""

AGAIN = ("too slow", "gone", "storage")
"""The ``closed`` reasons after which a seat connects again (any other ends it: the seat taken over
by another connection, a secret the server does not know, a message the server will not take)."""
POLL = 0.25
"""Seconds between looks at whether the input ended (Ctrl-D) while the table waits for players."""


def play_seat(
    invite: Invite,
    client: Client,
    *,
    backoff: Backoff | None = None,
    say: Callable[[str], None] | None = None,
    rng: random.Random | None = None,
) -> None:
    """Play the seat of ``invite`` with ``client`` over a socket until it is done, connecting again
    after every drop (waits by ``backoff``; ``say`` hears why) for as long as the table lives: the
    seat leaves, the table closes, or a ``closed`` ends it (:data:`AGAIN`). Only a server never
    reached at all is a :class:`ParseError`."""
    from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
    from websockets.sync.client import connect

    backoff, rng = backoff or Backoff(), rng or random.Random()
    client.token = client.token or invite.token
    reached, attempt = False, 0
    while True:
        try:
            with connect(invite.socket, open_timeout=10, close_timeout=1, max_size=2**22) as socket:
                reached = True
                socket.send(json.dumps(client.hello(client.token)))  # the secret the last welcome gave
                client.resend = True  # an action sent before the drop is sent again: it counts once
                if client.leaving:  # so is a leave (the table takes it once)
                    socket.send(json.dumps({"type": "leave"}))
                heard = time.monotonic()
                while not client.done:
                    silence = None if client.heartbeat is None else 2 * client.heartbeat
                    try:  # while the table waits for players, look now and then whether the input ended
                        text = socket.recv(timeout=POLL if client.waiting else silence)
                    except TimeoutError:
                        if silence is not None and time.monotonic() - heard >= silence:  # a stalled network
                            raise TimeoutError(f"the server said nothing for {silence:g} s") from None
                        answers = client.poll()
                    else:
                        heard, attempt = time.monotonic(), 0  # the server answers: the next drop waits the shortest
                        answers = client.receive(json.loads(text), str(text))
                    for answer in answers:  # refused once the server closed: its last words are read next
                        with contextlib.suppress(ConnectionClosed):
                            socket.send(json.dumps(answer))
            why = f"the server closed the connection ({client.reason})"
        except (OSError, InvalidURI, WebSocketException) as error:
            if not reached or isinstance(error, InvalidURI):
                raise ParseError(f"cannot reach {invite.socket}: {error}") from None
            why = f"the connection dropped ({error})"
        if client.done and (client.reason not in AGAIN or client.leaving):
            return
        client.done, client.reason = False, ""
        delay = backoff.wait(attempt, rng)
        attempt += 1
        if say is not None:
            say(f"{why}: connecting again in {delay:.1f} s (Ctrl-C stops)")
        time.sleep(delay)
