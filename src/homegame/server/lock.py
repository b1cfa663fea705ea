"""One server per database: ``homegame serve`` holds an advisory lock (``fcntl.flock``) on a side
file, ``DB.lock``, for as long as it runs. The database file itself is never locked, so a reader
(a backup, ``sqlite3 DB .dump``) is never blocked; a second server on the same database finds the
lock taken and stops before it opens the file. The operating system lets the lock go when the
process ends, however it ends (``kill -9`` included): no stale lock is left to clean up.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "poker.sqlite")
>>> first = DatabaseLock.acquire(path)
>>> DatabaseLock.acquire(path)
Traceback (most recent call last):
...
homegame.errors.ParseError: the database ... is in use by another homegame serve (one server per database)
>>> first.release(); DatabaseLock.acquire(path).release()
"""

from __future__ import annotations

import fcntl
import os

from homegame.errors import ParseError

__all__ = ["DatabaseLock"]


class DatabaseLock:
    """The lock of one database, held by this process until :meth:`release` (or its end)."""

    def __init__(self, fd: int, path: str) -> None:
        self.fd = fd
        self.path = path

    @classmethod
    def acquire(cls, database: str) -> DatabaseLock:
        """Take the lock of ``database`` (its side file ``database + ".lock"``, made if missing), or
        raise :class:`ParseError` at once when another process holds it."""
        path = database + ".lock"
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as error:
            raise ParseError(f"cannot open the database's lock {path}: {error.strerror or error}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ParseError(
                f"the database {database} is in use by another homegame serve (one server per database)"
            ) from None
        return cls(fd, path)

    def release(self) -> None:
        """Let the lock go (the side file stays: removing it would race a server taking it)."""
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)
