"""``homegame host``: run a table from the command line (a headless host, scripts and tests).

- ``homegame host URL --token SECRET new --game GAME --seats N --stack S [--bots K] [--option KEY=VALUE ...]``
  creates a table and prints its invites (``--json``: ``{"table", "invites", "spectate"}``);
- ``... tables``, ``... ledger TABLE [--csv]``, ``... history TABLE [--seat K | --full]``,
  ``... pause|resume|close TABLE``, ``... rebuy TABLE SEAT --approve|--refuse``, ``... invite TABLE SEAT``
  (a new link for the seat: the old one stops working), ``... bomb TABLE AMOUNT`` (a bomb pot next hand);
- ``... requests TABLE``, ``... approve|deny TABLE REQUEST``, ``... link TABLE``: open seating, the
  requests for a seat made by the table's open link, and a new open link (the old one stops working).

``URL`` is the server (``http://HOST:PORT``) or the host's link printed by ``homegame serve``, whose
fragment is the secret. The secret comes from ``--token``, ``--token-file`` (out of ``ps``'s sight),
the link, or the environment's ``HOMEGAME_HOST_TOKEN``, in that order.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from homegame.commands import SEATS

HELP = (
    "run a table of a homegame server from the command line: new, ledger, history, pause, resume, close, invite, "
    "bomb, requests, approve, deny, link"
)


def register(subparsers: Any) -> None:
    """Add ``host`` to the command line."""
    parser = subparsers.add_parser(
        "host",
        help=HELP,
        description=HELP + ".",
        epilog="example:  homegame host http://127.0.0.1:8000 --token SECRET new --game holdem --seats 6 "
        "--stack 200 --bots 3 --json",
    )
    parser.add_argument("url", help="the server, http://HOST:PORT (or the host's link, with its #SECRET)")
    secret = parser.add_mutually_exclusive_group()
    secret.add_argument("--token", help="the host's secret (default: --token-file, the link's, $HOMEGAME_HOST_TOKEN)")
    secret.add_argument("--token-file", metavar="FILE", help="a file holding the host's secret (its first line)")
    actions = parser.add_subparsers(
        title="actions", metavar="ACTION", dest="action", required=True, prog="homegame host URL"
    )
    _new_action(actions)
    _action(actions, "tables", "list the tables (JSON)")
    _table_actions(actions)
    _seating_actions(actions)
    bomb = _action(actions, "bomb", "a bomb pot for the next hand whose game has a flop")
    bomb.add_argument("table", help=TABLE)
    bomb.add_argument("amount", type=int, help="what each seat antes (no blinds, no betting before the flop)")
    parser.set_defaults(handler=run)


def _new_action(actions: Any) -> None:
    """``new``: the game, the seats and stacks, the bots, the clock and the house rules of a new table."""
    new = _action(actions, "new", "create a table and print its invite links")
    which = new.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="a game or mixed game of the catalogue")
    which.add_argument("--choice", nargs="+", metavar="GAME", help="dealer's choice among these games and mixes")
    which.add_argument("--rotation", nargs="+", metavar="GAME", help="these games in turn")
    new.add_argument("--every", type=int, default=1, help="hands of each game in a rotation (default 1)")
    new.add_argument("--seats", type=int, required=True, help="seats at the table (2..10)")
    new.add_argument("--stack", type=int, required=True, help="the buy-in, in chips")
    new.add_argument("--bots", type=int, default=0, help="seats (the last ones) filled with bots")
    new.add_argument(
        "--bot-level", default="sensible", choices=("random", "caller", "sensible"), help="how the bots play (sensible)"
    )
    new.add_argument("--names", nargs="+", default=[], metavar="NAME", help="the players' names, seat by seat")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a house rule")
    new.add_argument("--clock", type=int, metavar="SECONDS", help="seconds for each decision (default: no clock)")
    new.add_argument("--bank", type=int, default=0, metavar="SECONDS", help="each player's time bank")
    new.add_argument(
        "--spectators",
        default="public",
        choices=("none", "public", "behind"),
        help="who may watch: nobody, anyone with the link (the cards face up, live: public, the default), "
        "or anyone with the link one hand behind (behind)",
    )
    new.add_argument("--missed-hands", type=int, default=3, help="hands missed before a player is sat out (default 3)")
    new.add_argument(
        "--missed-blinds",
        default="post",
        choices=("post", "wait", "none"),
        help="blinds missed sitting out (or new at the table): posted on coming back, or the player may wait for "
        "the big blind (post, the default); always wait for the big blind (wait); nothing owed (none)",
    )
    new.add_argument(
        "--kill",
        action="store_true",
        help="the kill game: a player who wins two pots in a row doubles the stakes of the next fixed-limit hand",
    )
    new.add_argument(
        "--straddle",
        default="off",
        choices=("off", "optional"),
        help="optional: the seat after the big blind may post a live straddle (twice the big blind) between hands",
    )
    new.add_argument("--bomb-every", type=int, default=0, metavar="N", help="a bomb pot every N hands (default: never)")
    new.add_argument(
        "--bomb-amount", type=int, default=0, metavar="CHIPS", help="each seat's ante in those (default: 2 big blinds)"
    )
    new.add_argument("--title", default="", help="the table's title")
    new.add_argument("--paused", action="store_true", help="deal nothing until the host resumes the table")
    new.add_argument(
        "--auto-approve", action="store_true", help="seat whoever asks by the table's open link without asking you"
    )
    new.add_argument(
        "--buy-in-min", type=int, metavar="CHIPS", help="the least a player coming by the open link buys in for"
    )
    new.add_argument(
        "--buy-in-max", type=int, metavar="CHIPS", help="the most a player coming by the open link buys in for"
    )
    new.add_argument(
        "--between-hands",
        type=float,
        metavar="SECONDS",
        help="how long a finished hand stays on the table before the next deal, 0 to 600 "
        "(default: the server's serve --between-hands)",
    )
    new.add_argument(
        "--json", action="store_true", help='print {"table": ..., "invites": [...], "spectate": ..., "join": ...}'
    )


def _table_actions(actions: Any) -> None:
    """The actions on a table: its ledger and history, pause, resume and close, a rebuy's answer, a new
    invite for a seat."""
    ledger = _action(actions, "ledger", "the ledger and the settle-up")
    ledger.add_argument("table", help=TABLE)
    ledger.add_argument("--csv", action="store_true", help="PokerNow's CSV")
    ledger.add_argument("--json", action="store_true", help="JSON")
    history = _action(actions, "history", "the finished hands as PHH (or PokerStars text)")
    history.add_argument("table", help=TABLE)
    seen = history.add_mutually_exclusive_group()
    seen.add_argument("--seat", type=int, help=f"as this seat saw them (default: as a spectator did); {SEATS}")
    seen.add_argument("--full", action="store_true", help="every card")
    history.add_argument(
        "--format", default="phh", choices=("phh", "pokerstars"), help="phh (the default) or pokerstars"
    )
    for command in ("pause", "resume", "close"):
        _action(actions, command, f"{command} a table").add_argument("table", help=TABLE)
    rebuy = _action(actions, "rebuy", "answer a seat's rebuy request")
    rebuy.add_argument("table", help=TABLE)
    rebuy.add_argument("seat", type=int, help=f"the seat that asked; {SEATS}")
    answer = rebuy.add_mutually_exclusive_group(required=True)
    answer.add_argument("--approve", action="store_true", help="let the seat buy in again")
    answer.add_argument("--refuse", action="store_true", help="say no")
    invite = _action(actions, "invite", "a new invite link for a seat (the old link stops working)")
    invite.add_argument("table", help=TABLE)
    invite.add_argument("seat", type=int, help=f"the seat; {SEATS}")
    invite.add_argument("--json", action="store_true", help='print {"invite": URL}')


def _seating_actions(actions: Any) -> None:
    """The actions of open seating: the requests, an answer to one, a new open link."""
    requests = _action(actions, "requests", "the requests for a seat made by the table's open link")
    requests.add_argument("table", help=TABLE)
    requests.add_argument("--json", action="store_true", help="JSON")
    for verb, what in (("approve", "seat whoever made a request (when a seat is free)"), ("deny", "say no")):
        answer = _action(actions, verb, f"{what}: a request for a seat")
        answer.add_argument("table", help=TABLE)
        answer.add_argument("request", type=int, help="the request's number (homegame host URL requests TABLE)")
        answer.add_argument("--json", action="store_true", help="print the requests left, as JSON")
    link = _action(actions, "link", "a new open link for the table (the old one stops working)")
    link.add_argument("table", help=TABLE)
    link.add_argument("--json", action="store_true", help='print {"join": URL}')


TABLE = "the table's id (homegame host URL tables lists them)"


def _action(actions: Any, name: str, what: str) -> argparse.ArgumentParser:
    """A ``host`` action whose ``--help`` says what it does, as ``homegame host --help`` lists it."""
    parser: argparse.ArgumentParser = actions.add_parser(name, help=what, description=what + ".")
    return parser


def _request(base: str, token: str, method: str, path: str, body: Any = None) -> tuple[Any, str]:
    """The server's answer: its headers and text; a refusal is a one-line error."""
    from homegame.errors import ParseError

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        text = error.read().decode(errors="replace")
        try:
            reason = json.loads(text).get("error", text)
        except (ValueError, AttributeError):
            reason = text
        raise ParseError(f"the server says {error.code}: {reason}") from None
    except (urllib.error.URLError, OSError) as error:
        raise ParseError(f"cannot reach {base}: {getattr(error, 'reason', error)}") from None


ENVIRONMENT = "HOMEGAME_HOST_TOKEN"
"""The environment variable that may hold the host's secret (``serve`` and ``host``)."""


def given_secret(token: str | None, path: str | None, link: str = "") -> str | None:
    """The host's secret given on the command line (``token``), in a file (``path``: its first line),
    in a link (``link``: the fragment of the host's link) or in the environment (:data:`ENVIRONMENT`),
    in that order; ``None`` when none is.

    >>> given_secret("on-the-command-line", None)
    'on-the-command-line'
    """
    from pathlib import Path

    from homegame.commands.shared import read_text
    from homegame.errors import ParseError

    if token is not None:
        return token
    if path is not None:
        text = read_text(Path(path), 4096).strip()
        if not text:
            raise ParseError(f"{path}: no secret in it", token=path)
        return text.splitlines()[0].strip()
    return link or os.environ.get(ENVIRONMENT) or None


def _check_names(args: argparse.Namespace) -> None:
    """The title and the names are text fit for a table (refused here, before the server is asked)."""
    from homegame.server.config import check_text

    check_text("title", args.title)
    for name in args.names:
        check_text("names", name)


def _options(items: list[str]) -> dict[str, str]:
    from homegame.errors import ParseError

    options = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ParseError(f"--option {item!r}: write KEY=VALUE", token=item)
        options[key] = value
    return options


def run(args: argparse.Namespace) -> int:
    """Carry out the action."""
    from homegame.errors import ParseError

    parts = urlsplit(args.url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ParseError(f"{args.url}: the server's address looks like http://HOST:PORT", token=args.url)
    base = f"{parts.scheme}://{parts.netloc}"
    token = given_secret(args.token, args.token_file, parts.fragment)
    if not token:
        raise ParseError(
            "the host's secret is needed: --token SECRET, --token-file FILE, $HOMEGAME_HOST_TOKEN, "
            "or the host's link with its #SECRET"
        )
    return _ACTIONS[args.action](base, token, args)


def _json(base: str, token: str, method: str, path: str, body: Any = None) -> Any:
    """The server's answer read as JSON."""
    return json.loads(_request(base, token, method, path, body)[1])


def _new(base: str, token: str, args: argparse.Namespace) -> int:
    """``new``: create the table and print its links."""
    from homegame.commands.shared import print_json

    _check_names(args)
    created = _json(base, token, "POST", "/api/tables", _new_body(args))
    if args.json:
        print_json(created)
        return 0
    print(f"table {created['table']}")
    for number, invite in enumerate(created["invites"], 1):
        print(f"  invite {number}: {invite}")
    if created.get("spectate"):
        print(f"  spectators: {created['spectate']}")
    print(f"  table link (open seating): {created['join']}")
    return 0


def _new_body(args: argparse.Namespace) -> dict[str, Any]:
    """What ``new`` asks the server for (``POST /api/tables``)."""
    body: dict[str, Any] = {
        "seats": args.seats,
        "stack": args.stack,
        "bots": args.bots,
        "bot_level": args.bot_level,
        "names": args.names,
        "options": _options(args.option),
        "clock": None if args.clock is None else {"seconds": args.clock, "bank": args.bank},
        "spectators": args.spectators,
        "missed_hands": args.missed_hands,
        "missed_blinds": args.missed_blinds,
        "kill": args.kill,
        "title": args.title,
        "paused": args.paused,
        "straddle": args.straddle,
        "auto_approve": args.auto_approve,
        "bomb_every": args.bomb_every,
        "bomb_amount": args.bomb_amount,
    }
    if args.buy_in_min is not None or args.buy_in_max is not None:  # default: the table's buy-in (--stack)
        body["buy_in"] = {"min": args.buy_in_min or args.stack, "max": args.buy_in_max or args.stack}
    if args.between_hands is not None:
        body["between_hands"] = args.between_hands
    if args.game:
        body["game"] = args.game
    elif args.choice:
        body["choice"] = args.choice
    else:
        body["rotation"], body["every"] = args.rotation, args.every
    return body


def _tables(base: str, token: str, args: argparse.Namespace) -> int:
    """``tables``: the server's tables, as JSON."""
    from homegame.commands.shared import print_json

    print_json(_json(base, token, "GET", "/api/tables"))
    return 0


def _ledger(base: str, token: str, args: argparse.Namespace) -> int:
    """``ledger``: each player's chips in, out and on the table, and who pays whom."""
    from homegame.commands.shared import print_json

    if args.csv:
        sys.stdout.write(_request(base, token, "GET", f"/api/tables/{args.table}/ledger?format=csv")[1])
        return 0
    ledger = _json(base, token, "GET", f"/api/tables/{args.table}/ledger")
    if args.json:
        print_json(ledger)
        return 0
    for player in ledger["players"]:
        print(
            f"{player['name']:<16} in {player['buy_in']:>8}  out {player['buy_out']:>8}  "
            f"on the table {player['stack']:>8}  net {player['net']:+d}"
        )
    for transfer in ledger["settle"]:
        print(f"{transfer['from']} pays {transfer['to']} {transfer['amount']}")
    return 0


def _history(base: str, token: str, args: argparse.Namespace) -> int:
    """``history``: the finished hands as a seat, a spectator or the host saw them."""
    from homegame.commands.shared import seat_index
    from homegame.errors import ParseError

    if args.format == "pokerstars" and args.full:
        raise ParseError("--full goes with --format phh: PokerStars text shows one player's hole cards")
    query = "?full=1" if args.full else f"?seat={seat_index(args.seat)}" if args.seat is not None else ""
    query += ("&" if query else "?") + f"format={args.format}"
    headers, text = _request(base, token, "GET", f"/api/tables/{args.table}/history{query}")
    sys.stdout.write(text)
    skipped = headers.get("X-Homegame-Skipped", "")
    if skipped:
        hands = skipped.replace(",", ", ")
        print(f"hands {hands} are games PokerStars text cannot hold: write them as PHH", file=sys.stderr)
    return 0


def _rebuy(base: str, token: str, args: argparse.Namespace) -> int:
    """``rebuy``: the host's answer to a seat that asked to buy in again."""
    from homegame.commands.shared import seat_index

    seat = seat_index(args.seat, flag="seat")
    _request(base, token, "POST", f"/api/tables/{args.table}/rebuys/{seat}", {"approve": bool(args.approve)})
    return 0


def _invite(base: str, token: str, args: argparse.Namespace) -> int:
    """``invite``: a new link for a seat."""
    from homegame.commands.shared import seat_index

    seat = seat_index(args.seat, flag="seat")
    return _show_link(_json(base, token, "POST", f"/api/tables/{args.table}/seats/{seat}/invite"), "invite", args.json)


def _bomb(base: str, token: str, args: argparse.Namespace) -> int:
    """``bomb``: a bomb pot next hand."""
    called = _json(base, token, "POST", f"/api/tables/{args.table}/bomb", {"amount": args.amount})
    print(called["bomb"]["text"])
    return 0


def _status(base: str, token: str, args: argparse.Namespace) -> int:
    """``pause``, ``resume``, ``close``: the table's new status."""
    answer = _json(base, token, "POST", f"/api/tables/{args.table}/{args.action}")
    print(f"table {answer['table']}: {answer['status']}")
    return 0


def _link(base: str, token: str, args: argparse.Namespace) -> int:
    """``link``: a new open link for the table."""
    return _show_link(_json(base, token, "POST", f"/api/tables/{args.table}/link"), "join", args.json)


def _show_link(answer: dict[str, str], key: str, as_json: bool) -> int:
    """A new link the server made: its answer as JSON, or the link alone."""
    from homegame.commands.shared import print_json

    if as_json:
        print_json(answer)
    else:
        print(answer[key])
    return 0


def _requests(base: str, token: str, args: argparse.Namespace) -> int:
    """``requests``: the requests for a seat made by the table's open link."""
    from homegame.errors import ParseError

    table = args.table
    tables = _json(base, token, "GET", "/api/tables")
    entry = next((listed for listed in tables if listed["table"] == table), None)
    if entry is None:
        raise ParseError(f"no table {table!r} on this server", token=table)
    return _show_requests(entry.get("requests", []), args.json)


def _answer(base: str, token: str, args: argparse.Namespace) -> int:
    """``approve``, ``deny``: the host's answer to a request; the requests left."""
    body = {"approve": args.action == "approve"}
    path = f"/api/tables/{args.table}/requests/{args.request}"
    return _show_requests(_json(base, token, "POST", path, body)["requests"], args.json)


def _show_requests(requests: list[dict[str, Any]], as_json: bool) -> int:
    """The requests, as JSON or a line each (``no requests`` when there are none)."""
    from homegame.commands.shared import print_json

    if as_json:
        print_json(requests)
        return 0
    for request in requests:
        seat = "any seat" if request["wanted"] is None else f"seat {request['wanted'] + 1}"
        where = {"asked": "waiting for you", "waiting": f"approved, {request['position']} in line for a seat"}
        given = f"given seat {request['seat'] + 1}, not yet sat" if request["seat"] is not None else ""
        print(
            f"request {request['request']}: {request['name']} asks for {seat} with {request['buy_in']}: "
            f"{where.get(request['status'], given)}"
        )
    if not requests:
        print("no requests")
    return 0


_ACTIONS: dict[str, Callable[[str, str, argparse.Namespace], int]] = {
    "new": _new,
    "tables": _tables,
    "ledger": _ledger,
    "history": _history,
    "pause": _status,
    "resume": _status,
    "close": _status,
    "rebuy": _rebuy,
    "invite": _invite,
    "requests": _requests,
    "approve": _answer,
    "deny": _answer,
    "link": _link,
    "bomb": _bomb,
}
"""Each action's handler: the server's address, the host's secret and the command line in, the
exit status out."""
