"""``homegame join``: take a seat at a homegame server's table from an invite link, as a person at
the terminal (the screen of ``homegame play``) or as a bot."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

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
        "    homegame join INVITE --bot sensible --hands 20 --log frames.jsonl",
    )
    parser.add_argument("invite", help="the invite link, http://HOST:PORT/t/TABLE#SECRET (in quotes)")
    parser.add_argument("--bot", choices=("random", "caller", "sensible"), help="let a bot play the seat")
    parser.add_argument("--hands", type=int, help="leave after this many hands")
    parser.add_argument("--log", help="write every message received to this file, one JSON object a line")
    parser.add_argument("--seed", type=int, help="seed the bot (default: a random seed)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Play until leaving (or until the table closes), connecting again after every drop."""
    from homegame.commands.shared import writable
    from homegame.errors import ParseError
    from homegame.server.client import BotDecider, Client, Decider, Invite, PersonDecider, play_seat

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
        play_seat(invite, client, say=lambda line: print(f"homegame join: {line}", file=sys.stderr, flush=True))
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
