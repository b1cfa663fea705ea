"""``homegame serve``: run the home-game server (one process: the tables, the pages, the database)."""

from __future__ import annotations

import argparse
import socket
import sqlite3
import sys
from typing import TYPE_CHECKING, Any

from homegame.commands.backup import add_schedule, schedule
from homegame.commands.serving import Hosting, add_hosting, hosting

if TYPE_CHECKING:
    from homegame.server.backup import Schedule
    from homegame.server.doors import Origins

HEARTBEAT = (0.1, 3600.0)
"""The shortest and longest ``--heartbeat`` taken, in seconds."""
HELP = "run the home-game server: tables for you and your friends, in the browser or at the terminal"


def register(subparsers: Any) -> None:
    """Add ``serve`` to the command line."""
    parser = subparsers.add_parser(
        "serve",
        help=HELP,
        description=HELP + ". It prints the host's link (with the host's secret) when it makes the secret or "
        "is given one, and serves until Ctrl-C. The database keeps only the secret's digest: a lost host's link "
        "is replaced with --new-host-token. One server per database. "
        "The machine that runs it sees every card: play with a host you trust.",
        epilog="examples:  homegame serve    homegame serve --host 0.0.0.0 --port 8000 --db poker-night.sqlite",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: the home network)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    parser.add_argument("--db", default="homegame.sqlite", help="the database file (default homegame.sqlite)")
    secret = parser.add_mutually_exclusive_group()
    secret.add_argument(
        "--host-token",
        help="the host's secret, 16 characters or more (default: --host-token-file, $HOMEGAME_HOST_TOKEN, "
        "else the one kept in the database, or a new one)",
    )
    secret.add_argument("--host-token-file", metavar="FILE", help="a file holding the host's secret (its first line)")
    secret.add_argument(
        "--new-host-token", action="store_true", help="replace the host's secret with a new one (the old stops working)"
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="let pages from this other site (https://HOST[:PORT]) open the table's sockets; repeatable",
    )
    parser.add_argument(
        "--between-hands",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long a finished hand stays on the table before the next deal, unless the table sets its own "
        "(default 5, at most 600)",
    )
    parser.add_argument(
        "--runout-pause",
        type=float,
        default=1.5,
        metavar="SECONDS",
        help="the pause between the streets of an all-in runout, dealt street by street "
        "(default 1.5, at most 10; 0: at once)",
    )
    parser.add_argument(
        "--heartbeat",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="seconds between pings to each player's connection: one silent for two is taken for gone, and a "
        f"page that hears nothing for two connects again (default 5; {HEARTBEAT[0]:g} to {HEARTBEAT[1]:g})",
    )
    add_hosting(parser)
    add_schedule(parser)
    parser.set_defaults(handler=run)


def _address(host: str) -> str:
    """The address to print in links: the machine's address on the network when listening on all."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from homegame.commands.host import given_secret
    from homegame.errors import ParseError
    from homegame.server.config import MAX_BETWEEN_HANDS
    from homegame.server.doors import HostSecret, Origins
    from homegame.server.lock import DatabaseLock

    if not 0 <= args.port <= 65535:
        raise ParseError(f"--port must be 0..65535, not {args.port}")
    for option, seconds, most in (
        ("--between-hands", args.between_hands, MAX_BETWEEN_HANDS),
        ("--runout-pause", args.runout_pause, 10),
    ):
        if not 0 <= seconds <= most:  # NaN too
            raise ParseError(f"{option} must be 0 to {most} seconds, not {seconds:g}")
    if not HEARTBEAT[0] <= args.heartbeat <= HEARTBEAT[1]:  # a NaN is refused too
        raise ParseError(f"--heartbeat must be {HEARTBEAT[0]:g} to {HEARTBEAT[1]:g} seconds, not {args.heartbeat:g}")
    internet = hosting(args)
    backups = schedule(args)
    origins = Origins(args.allow_origin)
    given = given_secret(args.host_token, args.host_token_file)
    if given is not None:
        HostSecret.refuse_short(given)
    lock = DatabaseLock.acquire(args.db)  # one server per database
    try:
        listener = _listen(args.host, args.port)
        try:
            _serve(args, listener, given, origins, backups, internet=internet)
        finally:
            listener.close()
    finally:
        lock.release()
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port``: from now on a connection waits for the server instead of
    being refused."""
    from homegame.errors import ParseError

    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(2048)
    except OSError as error:
        listener.close()
        raise ParseError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    return listener


def _serve(
    args: argparse.Namespace,
    listener: socket.socket,
    given: str | None,
    origins: Origins,
    backups: Schedule | None,
    *,
    internet: Hosting,
) -> None:
    """Open the database, say where the host's page is, and serve on ``listener`` until interrupted
    (``backups``: copies of the database made meanwhile; ``internet``: the public address and TLS)."""
    import uvicorn

    from homegame.errors import ParseError
    from homegame.server.app import Limits, Server
    from homegame.server.store import StorageError, Store

    try:
        store = Store(args.db)
    except Exception as error:  # sqlite3 errors name the file's trouble
        raise ParseError(f"cannot open the database {args.db}: {error}") from None
    try:
        try:
            server = Server(
                store,
                host_token=given,
                new_host_token=args.new_host_token,
                origins=origins,
                between_hands=round(args.between_hands * 1000),
                runout_pause=round(args.runout_pause * 1000),
                public_url=internet.public,
                limits=Limits(heartbeat=args.heartbeat),
            )
        except (StorageError, sqlite3.DatabaseError) as error:  # a damaged file: its pages read back wrong
            raise ParseError(f"cannot use the database {args.db}: {error}") from None
        link = f"{internet.link(_address(args.host), listener.getsockname()[1])}host"
        if server.host_token is not None:
            print(f"homegame serve: {link}#{server.host_token}", flush=True)
        else:  # only the secret's digest is kept: the link cannot be printed again
            print(f"homegame serve: {link}", flush=True)
            print(
                "  the host's link (this address, #, the host's secret) was printed when the secret was made; "
                "lost? --new-host-token makes a new one (the old one stops working)",
                file=sys.stderr,
                flush=True,
            )
        print(f"  tables: {len(server.rooms)}, database: {args.db} (Ctrl-C stops)", file=sys.stderr, flush=True)
        config = uvicorn.Config(
            server.app(),
            log_level="warning",
            ws_max_size=server.limits.message_bytes * 2,
            ws_ping_interval=20.0,
            ws_ping_timeout=20.0,
            ws_per_message_deflate=False,  # snapshots are small; compressing each costs more than it saves on a LAN
            timeout_graceful_shutdown=2,
            **internet.uvicorn,
        )
        if backups is not None:
            backups.start()
        try:
            uvicorn.Server(config).run(sockets=[listener])
        finally:
            if backups is not None:
                backups.stop()
    finally:
        store.close()
