"""What a server on the open internet needs besides the game: the public address its links use,
its health (does the database take writes?) and its metrics in Prometheus' text format.

>>> public_base("https://Poker.Example.org/")
'https://poker.example.org/'
>>> public_base("http://192.168.1.5:8000")
'http://192.168.1.5:8000/'
>>> public_base("poker.example.org")
Traceback (most recent call last):
...
homegame.errors.ParseError: --public-url 'poker.example.org': an address looks like https://HOST or http://HOST:PORT
"""

from __future__ import annotations

import bisect
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from homegame.errors import ParseError

__all__ = ["CommitStats", "Health", "Metric", "prometheus", "public_base", "server_figures"]


def public_base(url: str) -> str:
    """The base of every link (``scheme://host[:port]/``) for ``serve --public-url``: an ``http`` or
    ``https`` address with a host and nothing after it but ``/``, the host in lower case."""
    refused = ParseError(f"--public-url {url!r}: an address looks like https://HOST or http://HOST:PORT", token=url)
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise refused from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise refused
    if parts.query or parts.fragment or parts.username or parts.password:
        raise refused
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + ("" if port in (None, default) else f":{port}") + "/"


class CommitStats:
    """How long the database's commits take (a histogram, in seconds) and how many it refused;
    written from the committing thread, read from anywhere.

    >>> stats = CommitStats()
    >>> stats.record(0.003); stats.record(0.2); stats.failed()
    >>> stats.count, stats.errors, stats.buckets()[:4]
    (2, 1, [(0.001, 0), (0.0025, 0), (0.005, 1), (0.01, 1)])
    """

    BOUNDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
    """The histogram's upper bounds, in seconds (a commit is an fsync or two: milliseconds)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts = [0] * len(self.BOUNDS)
        self.count = 0
        self.total = 0.0
        self.errors = 0

    def record(self, seconds: float) -> None:
        """A commit that took ``seconds``."""
        with self._lock:
            index = bisect.bisect_left(self.BOUNDS, seconds)
            if index < len(self._counts):
                self._counts[index] += 1
            self.count += 1
            self.total += seconds

    def failed(self) -> None:
        """A commit the database refused."""
        with self._lock:
            self.errors += 1

    def buckets(self) -> list[tuple[float, int]]:
        """Each upper bound and the commits that took at most that long (cumulative)."""
        with self._lock:
            counts = list(self._counts)
        running = 0
        found = []
        for bound, count in zip(self.BOUNDS, counts, strict=True):
            running += count
            found.append((bound, running))
        return found


@dataclass(frozen=True, slots=True)
class Metric:
    """One metric: its name, kind (``gauge``, ``counter``, ``histogram``), help text and samples
    (a suffix of the name, labels as text, the value)."""

    name: str
    kind: str
    help: str
    samples: tuple[tuple[str, str, float], ...]


def prometheus(metrics: Iterable[Metric]) -> str:
    """The metrics in Prometheus' text exposition format (version 0.0.4).

    >>> print(prometheus([Metric("homegame_tables", "gauge", "Tables on this server.", (("", "", 2),))]), end="")
    # HELP homegame_tables Tables on this server.
    # TYPE homegame_tables gauge
    homegame_tables 2
    """
    lines = []
    for metric in metrics:
        lines += [f"# HELP {metric.name} {metric.help}", f"# TYPE {metric.name} {metric.kind}"]
        for suffix, labels, value in metric.samples:
            text = repr(value) if isinstance(value, float) and not value.is_integer() else str(int(value))
            lines.append(f"{metric.name}{suffix}{'{' + labels + '}' if labels else ''} {text}")
    return "\n".join(lines) + "\n"


def server_figures(
    *, tables: int, seats: int, spectators: int, hands: int, refused: int, commits: CommitStats
) -> list[Metric]:
    """A server's metrics: its tables, the seats and spectators connected, the hands dealt, the
    attempts refused for too many wrong secrets, the commit times and the commits refused.

    >>> text = prometheus(server_figures(tables=2, seats=5, spectators=1, hands=40, refused=0, commits=CommitStats()))
    >>> [line for line in text.splitlines() if line.startswith("homegame_hands")]
    ['homegame_hands_dealt_total 40']
    """

    def one(name: str, kind: str, text: str, value: float) -> Metric:
        return Metric(name, kind, text, (("", "", value),))

    histogram = [("_bucket", f'le="{bound}"', float(count)) for bound, count in commits.buckets()]
    histogram += [("_bucket", 'le="+Inf"', commits.count), ("_sum", "", commits.total), ("_count", "", commits.count)]
    return [
        one("homegame_tables", "gauge", "Tables on this server.", tables),
        one("homegame_seats_connected", "gauge", "Seats with a player connected.", seats),
        one("homegame_spectators_connected", "gauge", "Spectators connected.", spectators),
        one("homegame_hands_dealt_total", "counter", "Hands dealt at every table.", hands),
        one("homegame_refused_attempts_total", "counter", "Host calls and hellos refused: too many tries.", refused),
        Metric("homegame_commit_seconds", "histogram", "Time the database took to commit writes.", tuple(histogram)),
        one("homegame_storage_errors_total", "counter", "Commits the database refused.", commits.errors),
    ]


class Health:
    """Whether the database takes writes, asked with a real write (``probe``: ``None`` when the
    write reached the disk, else why not) at most once every ``every`` seconds, so ``GET /healthz``
    costs the disk no more however often it is asked.

    >>> import asyncio
    >>> answers = iter([None, "database or disk is full"])
    >>> async def probe() -> str | None:
    ...     return next(answers)
    >>> clock = [0.0]
    >>> health = Health(probe, every=1.0, now=lambda: clock[0])
    >>> asyncio.run(health.problem()), asyncio.run(health.problem())
    (None, None)
    >>> clock[0] = 1.0; asyncio.run(health.problem())
    'database or disk is full'
    """

    def __init__(
        self,
        probe: Callable[[], Awaitable[str | None]],
        *,
        every: float = 1.0,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.probe = probe
        self.every = every
        self.now = now
        self._checked: float | None = None
        self._problem: str | None = None

    async def problem(self) -> str | None:
        """``None`` when the database takes writes, else why not (the database's words)."""
        now = self.now()
        if self._checked is None or now - self._checked >= self.every:
            self._checked = now
            self._problem = await self.probe()
        return self._problem
