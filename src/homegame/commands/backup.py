"""``homegame backup``: a consistent copy of the server's database, taken while the server runs, and
``--check`` of a copy; :func:`add_schedule` and :func:`schedule` give ``homegame serve`` its
backups every few minutes."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from homegame.server.backup import Schedule

HELP = "copy the server's database while it runs (or --check a copy)"


def register(subparsers: Any) -> None:
    """Add ``backup`` to the command line."""
    parser = subparsers.add_parser(
        "backup",
        help=HELP,
        description=HELP + ". The copy is consistent (one moment of the database) and checked; the server "
        "keeps playing meanwhile. To restore, start a server on the copy: homegame serve --db COPY.",
        epilog="examples:  homegame backup homegame.sqlite night-2026-12-07.sqlite"
        "    homegame backup --check night-2026-12-07.sqlite",
    )
    parser.add_argument("db", metavar="DB", help="the server's database (with --check: the copy to check)")
    parser.add_argument("out", nargs="?", metavar="OUT", help="a new file for the copy")
    parser.add_argument("--check", action="store_true", help="check a copy (one file): integrity, tables, hands")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Copy, or check; status 1 when the copy is not sound."""
    from homegame.commands.shared import print_json
    from homegame.errors import ParseError
    from homegame.server.backup import backup, check

    if args.check and args.out is not None:
        raise ParseError("--check takes one file, the copy: homegame backup --check OUT")
    if not args.check and args.out is None:
        raise ParseError("give the database and a new file for its copy: homegame backup DB OUT")
    found = check(args.db) if args.check else backup(args.db, args.out)
    if args.json:
        print_json(
            {"file": str(found.path), "integrity": found.integrity, "tables": found.tables, "hands": found.hands}
        )
    else:
        print(found)
    return 0 if found.ok else 1


def add_schedule(parser: argparse.ArgumentParser) -> None:
    """``--backup-every MINUTES --backup-dir DIR --backup-keep N``, for ``homegame serve``."""
    parser.add_argument("--backup-every", type=float, metavar="MINUTES", help="back the database up this often")
    parser.add_argument("--backup-dir", default="backups", help="the folder of the backups (default backups)")
    parser.add_argument("--backup-keep", type=int, default=24, metavar="N", help="keep the newest N (default 24)")


def schedule(args: argparse.Namespace) -> Schedule | None:
    """The backups ``serve`` was asked for, to start once the database is open (``None``: none)."""
    from homegame.errors import ParseError
    from homegame.server.backup import Schedule

    if args.backup_every is None:
        return None
    if not (math.isfinite(args.backup_every) and args.backup_every > 0):
        raise ParseError(f"--backup-every must be more than 0 minutes, not {args.backup_every}")
    if args.backup_keep < 1:
        raise ParseError(f"--backup-keep must be at least 1, not {args.backup_keep}")
    if Path(args.backup_dir).exists() and not Path(args.backup_dir).is_dir():
        raise ParseError(f"--backup-dir {args.backup_dir} is a file, not a folder")
    return Schedule(args.db, args.backup_dir, every=args.backup_every * 60, keep=args.backup_keep)
