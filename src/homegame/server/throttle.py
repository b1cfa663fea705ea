"""Rate limits on guessing: wrong host secrets and failed ``hello``s, counted per client address.

On the open internet anyone may knock. A client address that gives a wrong host secret
:attr:`ThrottleLimits.host_attempts` times is locked out of every host call for
:attr:`ThrottleLimits.host_lockout` seconds (HTTP 429 with ``Retry-After``). A client address whose
``hello``s open no seat is answered more and more slowly past :attr:`ThrottleLimits.hello_free`
failures, and refused (``closed``, ``reason: "too many attempts"``) past
:attr:`ThrottleLimits.hello_attempts`, until its failures are older than the window. Memory is
bounded: the oldest addresses are forgotten first.

Behind a reverse proxy every client comes from the proxy's address unless the server trusts the
proxy's ``X-Forwarded-For`` (``serve --proxy-headers``): then the limits count each client apart.

>>> clock = [0.0]
>>> throttle = Throttle(ThrottleLimits(host_attempts=2, host_lockout=60), now=lambda: clock[0])
>>> throttle.host_failed("10.0.0.9"); throttle.host_wait("10.0.0.9")
>>> throttle.host_failed("10.0.0.9"); throttle.host_wait("10.0.0.9"), throttle.host_wait("10.0.0.7")
(60, None)
>>> clock[0] = 59.5; throttle.host_wait("10.0.0.9")
1
>>> clock[0] = 60.0; throttle.host_wait("10.0.0.9")
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Throttle", "ThrottleLimits"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrottleLimits:
    """How many failures one client address is allowed, and what follows."""

    host_attempts: int = 5
    """Wrong host secrets before the address is locked out of the host's calls."""
    host_lockout: float = 300.0
    """Seconds the lockout lasts."""
    hello_free: int = 5
    """Failed ``hello``s answered at once."""
    hello_slow: float = 0.5
    """Seconds the first slowed answer waits; each one after waits twice as long as the last..."""
    hello_slowest: float = 8.0
    """...up to this."""
    hello_attempts: int = 20
    """Failed ``hello``s before the address is refused."""
    join_requests: int = 10
    """Requests for a seat by a table's open link (:mod:`homegame.server.seating`) within the window."""
    window: float = 600.0
    """Seconds a failure (or a request for a seat) counts."""
    addresses: int = 10_000
    """Client addresses remembered at most."""


class _Failures:
    """Each address's failures (their times) within the window, the least recently failing
    address forgotten first past ``capacity``."""

    def __init__(self, window: float, capacity: int) -> None:
        self.window = window
        self.capacity = capacity
        self.times: OrderedDict[str, deque[float]] = OrderedDict()

    def count(self, address: str, now: float) -> int:
        """The address's failures within the window."""
        times = self.times.get(address)
        if times is None:
            return 0
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self.times[address]
            return 0
        return len(times)

    def add(self, address: str, now: float) -> int:
        """One more failure; the address's failures within the window."""
        self.count(address, now)
        self.times.setdefault(address, deque()).append(now)
        self.times.move_to_end(address)
        while len(self.times) > self.capacity:
            self.times.popitem(last=False)
        return len(self.times[address])

    def forget(self, address: str) -> None:
        self.times.pop(address, None)


class Throttle:
    """The failures of each client address, and what it may still do (``now``: a clock in seconds)."""

    def __init__(self, limits: ThrottleLimits | None = None, *, now: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits or ThrottleLimits()
        self.now = now
        self._host = _Failures(self.limits.window, self.limits.addresses)
        self._hello = _Failures(self.limits.window, self.limits.addresses)
        self._joins = _Failures(self.limits.window, self.limits.addresses)
        self._locked: OrderedDict[str, float] = OrderedDict()
        self.refusals = 0
        """Requests and ``hello``s refused so far for too many attempts."""

    def host_wait(self, address: str) -> int | None:
        """Seconds (rounded up) until ``address`` may call the host's doors again; ``None``: now."""
        until = self._locked.get(address)
        if until is None:
            return None
        left = until - self.now()
        if left <= 0:
            del self._locked[address]
            return None
        self.refusals += 1
        return math.ceil(left)

    def host_failed(self, address: str) -> None:
        """``address`` gave a wrong host secret."""
        now = self.now()
        if self._host.add(address, now) >= self.limits.host_attempts:
            self._host.forget(address)
            self._locked[address] = now + self.limits.host_lockout
            self._locked.move_to_end(address)
            while len(self._locked) > self.limits.addresses:
                self._locked.popitem(last=False)

    def host_passed(self, address: str) -> None:
        """``address`` gave the host's secret: its earlier mistakes are forgiven."""
        self._host.forget(address)

    def hello_refused(self, address: str) -> bool:
        """Whether ``address`` has failed too many ``hello``s to be heard now."""
        refused = self._hello.count(address, self.now()) >= self.limits.hello_attempts
        self.refusals += refused
        return refused

    def hello_failed(self, address: str) -> float:
        """``address``'s ``hello`` opened no seat: the seconds to wait before saying so.

        >>> throttle = Throttle(ThrottleLimits(hello_free=2, hello_slow=0.5, hello_slowest=1.5), now=lambda: 0.0)
        >>> [throttle.hello_failed("10.0.0.9") for _ in range(5)]
        [0.0, 0.0, 0.5, 1.0, 1.5]
        """
        limits = self.limits
        past = self._hello.add(address, self.now()) - limits.hello_free
        return 0.0 if past <= 0 else min(limits.hello_slowest, limits.hello_slow * 2 ** (past - 1))

    def join_allowed(self, address: str) -> bool:
        """Count a request for a seat from ``address``; False (counted as refused) when it has made
        :attr:`ThrottleLimits.join_requests` within the window already.

        >>> throttle = Throttle(ThrottleLimits(join_requests=2), now=lambda: 0.0)
        >>> [throttle.join_allowed("10.0.0.9") for _ in range(3)], throttle.join_allowed("10.0.0.7")
        ([True, True, False], True)
        """
        if self._joins.count(address, self.now()) >= self.limits.join_requests:
            self.refusals += 1
            return False
        self._joins.add(address, self.now())
        return True
