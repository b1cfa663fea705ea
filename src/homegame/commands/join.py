"""``homegame join``: take a seat at a homegame server's table from an invite link, as a person at
the terminal (the screen of ``homegame play``) or as a bot; or ask for one by the table's open link
(``--name``, ``--buy-in``, ``--seat``), and take it once the host approves."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

HELP = "take your seat at a table from its invite link: at the terminal, or as a bot"


def register(subparsers: Any) -> None:
    """Add ``join`` to the command line."""
    parser = subparsers.add_parser(
        "join",
        help=HELP,
        description=HELP
        + ". At the table: ? for help, sitout, sitin (sitin wait: from your big blind), rebuy N (asks the host),"
        " ledger, q to leave.",
        epilog="examples:  homegame join 'http://192.168.1.5:8000/t/ab12cd34#SECRET'"
        "    homegame join INVITE --bot sensible --hands 20 --log frames.jsonl"
        "    homegame join 'http://192.168.1.5:8000/t/ab12cd34/join#SECRET' --name ann --buy-in 200",
    )
    parser.add_argument(
        "invite",
        help="the invite link, http://HOST:PORT/t/TABLE#SECRET, or the table's link, "
        ".../t/TABLE/join#SECRET (in quotes)",
    )
    parser.add_argument("--name", help="with the table's link: the name to ask for a seat with")
    parser.add_argument(
        "--buy-in", type=int, metavar="CHIPS", help="with the table's link: the buy-in (default: the most)"
    )
    parser.add_argument("--seat", type=int, help="with the table's link: the seat to ask for (default: any free seat)")
    parser.add_argument("--bot", choices=("random", "caller", "sensible"), help="let a bot play the seat")
    parser.add_argument("--hands", type=int, help="leave after this many hands")
    parser.add_argument("--log", help="write every message received to this file, one JSON object a line")
    parser.add_argument("--seed", type=int, help="seed the bot (default: a random seed)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play until leaving (or until the table closes), connecting again after every drop."""
    from homegame.commands.shared import writable
    from homegame.errors import ParseError
    from homegame.server.client import BotDecider, Client, Decider, Invite, PersonDecider, play_seat, split_link

    def say(line: str) -> None:
        print(f"homegame join: {line}", file=sys.stderr, flush=True)

    if split_link(args.invite).path.rstrip("/").endswith("/join"):  # a broken link refused in one line
        invite = Invite.parse(_asked(args, say))
    elif args.name is not None or args.buy_in is not None or args.seat is not None:
        raise ParseError("--name, --buy-in and --seat go with the table's link (.../t/TABLE/join#SECRET)")
    else:
        invite = Invite.parse(args.invite)
    if args.hands is not None and args.hands < 1:
        raise ParseError(f"--hands must be at least 1, not {args.hands}")
    decider: Decider = (
        BotDecider(args.bot, random.Random(args.seed)) if args.bot else PersonDecider(sys.stdin, sys.stdout)
    )
    log = writable(args.log).open("w", encoding="utf-8") if args.log else None  # closed below
    written = None if log is None else lambda line: print(line, file=log, flush=True)  # kept if killed
    client = Client(decider, hands=args.hands, log=written)
    try:
        play_seat(invite, client, say=say)
    finally:
        if log is not None:
            log.close()
    if client.reason == "bad token":
        raise ParseError("the server does not know this invite (a seat's secret changes each time it connects)")
    state = client.state or {}
    seat = client.seat
    if seat is not None and state.get("seats"):
        me = state["seats"][seat]
        hands = f"{len(client.played)} hand{'' if len(client.played) == 1 else 's'}"
        if client.leaving or me["status"] == "left":  # a leave sent last is not answered: the seat is gone
            left_with = me["stack"] if client.stack is None else client.stack  # a seat gone shows 0 chips
            print(f"{me['name']}: {hands}, left with {left_with} chips")
        else:
            print(f"{me['name']}: {hands}, {me['stack']} chips on the table ({me['status']})")
    return 0


_TOLD = {"asked": "asked: waiting for the host", "waiting": "approved: number {position} in line for a seat"}


def _asked(args: argparse.Namespace, say: Callable[[str], None]) -> str:
    """Ask for a seat by the table's open link (``args.invite``) and wait for the host's answer:
    the seat's link, once it is given (a ParseError when the host says no)."""
    import json

    from homegame.commands.host import _request
    from homegame.commands.shared import seat_index
    from homegame.errors import ParseError
    from homegame.server.client import split_link

    parts = split_link(args.invite)
    path = parts.path.strip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) != 3 or path[0] != "t" or not parts.fragment:
        raise ParseError(f"{args.invite}: a table's link looks like http://HOST:PORT/t/TABLE/join#SECRET")
    if not args.name:
        raise ParseError("--name NAME: the name to ask for a seat with, by the table's link")
    base, table = f"{parts.scheme}://{parts.netloc}", path[1]
    seen = json.loads(_request(base, parts.fragment, "GET", f"/api/join/{table}")[1])
    buy_in = seen["buy_in"]["max"] if args.buy_in is None else args.buy_in
    seat = None if args.seat is None else seat_index(args.seat, flag="seat")
    body = {"seat": seat, "name": args.name, "buy_in": buy_in}
    told = json.loads(_request(base, parts.fragment, "POST", f"/api/join/{table}", body)[1])
    secret, said = told["secret"], ""
    for _ in range(100_000):  # bounded: each answer comes once the request changed, or after a while
        words = _TOLD.get(told["status"], "").format(position=told["position"])
        if words and words != said:
            say(words)
            said = words
        if told["status"] == "seated":
            return str(told["link"])
        if told["status"] == "denied":
            raise ParseError("the host said no to this request for a seat")
        asking = f"/api/join/{table}/request?known={quote(told['key'])}"
        told = json.loads(_request(base, secret, "GET", asking)[1])
    raise ParseError("no answer from the host")
