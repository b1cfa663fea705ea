"""What the subcommands share: JSON on stdout, seat numbers as people count them, and the files named
on the command line (read bounded, written only where they can be). :mod:`homegame.cli` and every
module of :mod:`homegame.commands` import them from here; nothing imports :mod:`homegame.cli` but
``__main__``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from homegame.errors import ParseError

__all__ = ["print_json", "read_bytes", "read_text", "seat_index", "writable", "write_text"]


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON on stdout."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def seat_index(number: int, seats: int | None = None, *, flag: str = "--seat") -> int:
    """The engine's index (from 0) of the seat a person numbers ``number`` (from 1), refusing a
    number out of range with the valid range (``seats``, when known). Every command counts seats
    so (:data:`homegame.commands.SEATS`).

    >>> seat_index(1, 3), seat_index(3, 3)
    (0, 2)
    >>> seat_index(0, 3)
    Traceback (most recent call last):
    ...
    homegame.errors.ParseError: --seat must be 1..3 (seats count from 1), not 0
    """
    if number < 1 or (seats is not None and number > seats):
        valid = f"1..{seats}" if seats is not None else "1 or more"
        raise ParseError(f"{flag} must be {valid} (seats count from 1), not {number}", token=str(number))
    return number - 1


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of a file named on the command line, at most ``limit``, or a :class:`ParseError`
    saying why it cannot be read."""
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise ParseError(f"cannot read {path}: {error.strerror or error}", token=str(path)) from None
    if len(data) > limit:
        raise ParseError(f"{path}: more than {limit:,} bytes", token=str(path))
    return data


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of a file named on the command line, at most ``limit`` bytes (a byte order
    mark skipped), or a :class:`ParseError` saying why it cannot be read."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ParseError(f"{path}: line {line}, byte {error.start + 1}: not UTF-8 text", token=str(path)) from None


def writable(path: Path | str) -> Path:
    """A file named on the command line to write, or a :class:`ParseError` when its folder is missing
    or the name is a folder's (checked before the work that makes what is written)."""
    path = Path(path)
    if not path.parent.is_dir():
        raise ParseError(f"cannot write {path}: there is no folder {path.parent}", token=str(path))
    if path.is_dir():
        raise ParseError(f"cannot write {path}: it is a folder", token=str(path))
    return path


def write_text(path: Path | str, text: str) -> None:
    """Write a file named on the command line: a :class:`ParseError` when it names no place to write,
    an :class:`OSError` (a failure, exit status 1) when the writing fails."""
    writable(path).write_text(text, encoding="utf-8")
