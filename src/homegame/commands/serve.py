"""``homegame serve``: run the home-game server (one process: the tables, the pages, the database)."""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

from homegame.commands.backup import add_schedule, schedule

HELP = "run the home-game server: tables for you and your friends, in the browser or at the terminal"


def register(subparsers: Any) -> None:
    """Add ``serve`` to the command line."""
    parser = subparsers.add_parser(
        "serve",
        help=HELP,
        description=HELP + ". It prints the host's link (with the host's secret) and serves until Ctrl-C. "
        "The machine that runs it sees every card: play with a host you trust.",
        epilog="examples:  homegame serve    homegame serve --host 0.0.0.0 --port 8000 --db poker-night.sqlite",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: the home network)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    parser.add_argument("--db", default="homegame.sqlite", help="the database file (default homegame.sqlite)")
    parser.add_argument("--host-token", help="the host's secret (default: the one kept in the database, or a new one)")
    parser.add_argument(
        "--between-hands", type=float, default=3.0, metavar="SECONDS", help="pause between hands (default 3)"
    )
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
    import uvicorn

    from homegame.errors import ParseError
    from homegame.server.app import Server
    from homegame.server.store import Store

    if not 0 <= args.port <= 65535:
        raise ParseError(f"--port must be 0..65535, not {args.port}")
    if args.between_hands < 0:
        raise ParseError("--between-hands must be 0 or more seconds")
    backups = schedule(args)
    listener = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((args.host, args.port))
        listener.listen(2048)  # from now on a connection waits for the server instead of being refused
    except OSError as error:
        raise ParseError(f"cannot listen on {args.host}:{args.port}: {error.strerror}") from None
    try:
        store = Store(args.db)
    except Exception as error:  # sqlite3 errors name the file's trouble
        raise ParseError(f"cannot open the database {args.db}: {error}") from None
    server = Server(store, host_token=args.host_token, between_hands=round(args.between_hands * 1000))
    port = listener.getsockname()[1]
    print(f"homegame serve: http://{_address(args.host)}:{port}/host#{server.host_token}", flush=True)
    print(f"  tables: {len(server.rooms)}, database: {args.db} (Ctrl-C stops)", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        server.app(),
        log_level="warning",
        ws_max_size=server.limits.message_bytes * 2,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,  # snapshots are small; compressing each costs more than it saves on a LAN
        timeout_graceful_shutdown=2,
    )
    if backups is not None:
        backups.start()
    try:
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        if backups is not None:
            backups.stop()
    store.close()
    return 0
