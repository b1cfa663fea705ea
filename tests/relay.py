"""A TCP relay on 127.0.0.1 that a test controls: it cuts connections after so many bytes, or stalls
the network (nothing passes, nothing closes), as a phone's does when it changes networks."""

from __future__ import annotations

import select
import socket
import threading
from collections import deque

from server_helpers import WAIT


class Relay:
    """A TCP relay on 127.0.0.1 to ``upstream``. Its ``n``-th connection is cut (both ways) once it
    has passed ``cuts[n]`` bytes from the server (a few hundred bytes is a few frames), until the
    cuts run out; later ones pass whole. :meth:`stall` stalls every connection open, and those
    opened until :meth:`resume`, for good: they pass nothing either way and nothing closes them
    until :meth:`resume`, which closes them (as a network back resets the flows it lost: a
    browser would otherwise wait on a stalled keep-alive connection); later ones pass."""

    def __init__(self, upstream: int, cuts: list[int] | None = None) -> None:
        self.upstream = upstream
        self.cuts = deque(cuts or [])
        self.drops = 0
        self.connections = 0
        self.stop = threading.Event()
        self.stalled = threading.Event()
        self.stalls = 0
        """How many times the relay stalled: a connection that saw another number than its first is dead."""
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.port = self.listener.getsockname()[1]
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def stall(self) -> None:
        """From now on the connections open (and those opened until :meth:`resume`) pass nothing."""
        self.stalls += 1
        self.stalled.set()

    def resume(self) -> None:
        """Connections opened from now on pass again; the stalled ones are closed."""
        self.stalled.clear()

    def _accept(self) -> None:
        for _ in range(100_000):  # bounded: the test's length at 0.1 s a look
            if self.stop.is_set():
                return
            try:
                near, _ = self.listener.accept()
            except TimeoutError:
                continue
            far = socket.create_connection(("127.0.0.1", self.upstream), timeout=WAIT)
            self.connections += 1
            limit = self.cuts.popleft() if self.cuts else None
            thread = threading.Thread(target=self._pipe, args=(near, far, limit), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _pipe(self, near: socket.socket, far: socket.socket, limit: int | None) -> None:
        passed, born = 0, -1 if self.stalled.is_set() else self.stalls  # born in a stall: dead for good
        try:
            for _ in range(1_000_000):  # bounded: each look waits at most 0.1 s
                if self.stop.is_set():
                    return
                if self._dead(born):  # read nothing, close nothing, until the network is back
                    if not self.stalled.is_set():
                        return
                    self.stop.wait(0.1)
                    continue
                readable, _, _ = select.select([near, far], [], [], 0.1)
                for source in [] if self._dead(born) else readable:  # a stall while it waited: that data stays
                    data = source.recv(65536)
                    if not data:
                        return
                    if source is far and limit is not None and passed + len(data) >= limit:
                        near.sendall(data[: limit - passed])  # half a frame, then nothing
                        self.drops += 1
                        return
                    (far if source is near else near).sendall(data)
                    passed += len(data) if source is far else 0
        except OSError:
            return
        finally:
            near.close()
            far.close()

    def _dead(self, born: int) -> bool:
        """Whether a connection opened at the relay's ``born``-th stall (-1: in a stall) is dead."""
        return self.stalled.is_set() or self.stalls != born

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(WAIT)
        self.listener.close()
