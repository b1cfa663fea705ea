"""``homegame history``: hand histories in PHH, the TOML-based Poker Hand History standard.

- ``homegame history export GAME [--hands N] [--seats K] [--seed S] [-o FILE] [--seat N | --full]``:
  play hands of a game (or of a mixed game, through its rotation) with bots and write them as PHH;
  also ``homegame history export HAND.json`` for a hand saved by ``homegame play --history DIR --full``. A file
  holds what one seat saw (``--seat``, the first by default); ``--full`` writes everything.
- ``homegame history replay FILE.phh|FILE.phhs [--game DOC] [--rules casino|pokerkit] [--json]``:
  play every hand of a PHH file on our engine (written by homegame, PokerKit, or the public PHH
  dataset; ``--rules``: the house rules it was written under) and print each
  hand's finishing stacks beside those the file gives, or why it cannot be played and where (the
  hand and the line); exit status 1 when any hand cannot be played or ends elsewhere than its file says.

- ``homegame history import FILE.txt [-o FILE.phhs]``: PokerStars hand histories as PHH.

A file names its games only by catalogue name: a hand of a game of one's own is replayed with
``--game DOC``, the document named on the command line, never a path read from the file.
"""

from __future__ import annotations

import argparse
import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from homegame.commands import SEATS
from homegame.errors import ParseError

if TYPE_CHECKING:
    from homegame.engine.game import Game
    from homegame.history.phh import Entry

HELP = "export hands as PHH (Poker Hand History) or PokerStars text, import PokerStars text, replay PHH files"
MAX_SIZE = 64 * 1024 * 1024
"""The largest PHH file replayed, in bytes."""
MAX_HANDS = 1_000_000
"""The most hands one export plays."""


def register(subparsers: Any) -> None:
    """Add ``history export`` and ``history replay`` to the command line."""
    parser = subparsers.add_parser("history", help=HELP, description=HELP + ".")
    actions = parser.add_subparsers(title="actions", metavar="ACTION", dest="action", required=True)
    export = actions.add_parser(
        "export",
        help="write hands as PHH",
        description="Play hands of a game with bots (or take a hand saved by homegame play --history --full) and "
        "write them as PHH: in the standard for the games it has codes for, extended with homegame's "
        "underscore fields for the others.",
        epilog="examples:  homegame history export holdem --hands 20 --seed 1 -o holdem.phhs"
        "    homegame history export horse --hands 30 -o horse.phhs"
        "    homegame history export hands/hand-0001-razz.json",
    )
    export.add_argument("source", help="a game or mixed game (name, alias or .toml path), or a hand saved as .json")
    export.add_argument("--hands", type=int, help="how many hands to play (default 1)")
    export.add_argument("--seats", type=int, help="players at the table (default: the game's most, at most 6)")
    export.add_argument("--seed", type=int, help="seed the shuffles and the bots (default: a random seed)")
    export.add_argument("-o", "--output", type=Path, help="the file to write (default: print it)")
    export.add_argument(
        "--seat",
        type=int,
        default=1,
        help="whose view to write: that seat's own cards, the cards dealt face up, the board and the cards "
        f"shown at the showdown (default 1: the first seat); {SEATS}",
    )
    export.add_argument(
        "--full",
        action="store_true",
        help="write everything instead: every hole card and the deck's order (history replay needs them "
        "for a game without a PHH code: a seat's view of one cannot be dealt again)",
    )
    export.add_argument(
        "--format",
        choices=("phh", "pokerstars"),
        default="phh",
        help="phh (the default: every game) or pokerstars, the text Hold'em Manager and PokerTracker import "
        "(hold'em, Omaha, Omaha hi-lo, stud, stud hi-lo, razz, five-card draw, 2-7 draws, badugi)",
    )
    export.add_argument(
        "--game", metavar="DOC", help="the game document of a saved hand of a game outside the catalogue"
    )
    export.set_defaults(handler=run_export)
    replay = actions.add_parser(
        "replay",
        help="play the hands of a PHH file and print their finishing stacks",
        description="Play every hand of a .phh or .phhs file on homegame's engine and print each hand's "
        "finishing stacks in file order, compared with the stacks the file gives (finishing_stacks or winnings, "
        "less a rake: the file's _rake, or up to a fifth of the pot); a player who mucks at a showdown gives up "
        "the pot, and unknown cards lose to the hands shown unless the file's stacks say otherwise (the note "
        "says so). A hand that cannot be played is reported with the reason and its line. "
        "Exit status 1 if any hand could not be played or ends elsewhere than its file says.",
        epilog="example:  homegame history replay hands.phhs --json",
    )
    replay.add_argument("file", type=Path, help="a .phh or .phhs file")
    replay.add_argument("--game", metavar="DOC", help="the game document of hands of a game outside the catalogue")
    replay.add_argument(
        "--rules",
        choices=("casino", "pokerkit"),
        default="casino",
        help="the house rules the file was written under: casino (the games' own, the default) or pokerkit "
        "(PokerKit's readings: a fixed-limit round capped at a bet and four raises, a least raise of one big "
        "blind over a straddle, an all-in for less counted as a raise, every discard made before the draw is "
        "dealt; homegame rules GAME says each in words)",
    )
    replay.add_argument(
        "--json",
        action="store_true",
        help='print {"hands": [{"finishing_stacks": [...], "expected": [...], "same": true, "note": "..."} '
        'or {"error": "...", "line": N}, ...]} (expected: what the file says; same: null when it says nothing)',
    )
    replay.set_defaults(handler=run_replay)
    imported = actions.add_parser(
        "import",
        help="turn a PokerStars hand history into PHH",
        description="Read the hands of a PokerStars hand-history text file (no-limit and limit hold'em, pot-limit "
        "Omaha, limit Omaha hi-lo, stud, stud hi-lo, razz, 2-7 single and triple draw, badugi; cash, tournament "
        "and mixed-game hands) and write them as PHH, which homegame history replay plays. Five-card draw and "
        "pot-limit hold'em have no PHH code and are not read. The summary's rake is kept as _rake, which replay "
        "checks the winnings against. Blinds posted out of turn (a player back posting small & big blinds: the "
        "big live, the small dead) are kept as _posts. A hand that cannot be read is reported with its line; "
        "exit status 1 if any.",
        epilog="example:  homegame history import hands.txt -o hands.phhs && homegame history replay hands.phhs",
    )
    imported.add_argument("file", type=Path, help="a PokerStars hand-history .txt file")
    imported.add_argument("-o", "--output", type=Path, help="the .phhs file to write (default: print it)")
    imported.set_defaults(handler=run_import)


def run_export(args: argparse.Namespace) -> int:
    """Write the hands as PHH (one hand: a ``.phh`` document; several: a ``.phhs`` one)."""
    from homegame.commands.shared import seat_index, writable
    from homegame.history import Record, dumps, dumps_all, to_phh

    if args.output is not None:
        writable(args.output)  # before the hands are played
    _refuse_unused(args)
    if args.format == "pokerstars":
        return _export_pokerstars(args)
    records: list[Record]
    if args.source.endswith(".json"):
        from homegame.play.history import Record as Saved

        saved = Saved.read(Path(args.source), _document(args.game))
        own = seat_index(args.seat, len(saved.history.setup.stacks))
        viewer = None if args.full else own
        records = [to_phh(saved.history, names=saved.names, seat=viewer)]
    else:
        records = _play(args.source, args.hands or 1, args.seats, args.seed, None if args.full else args.seat - 1)
    text = dumps(records[0]) + "\n" if len(records) == 1 else dumps_all(records)
    _put(text, args.output, len(records))
    return 0


def _refuse_unused(args: argparse.Namespace) -> None:
    """Refuse what export would ignore: how to play hands, for a saved hand (dealt already), and
    ``--game``, for a source that names its game; and ``--hands`` out of range."""
    if args.source.endswith(".json"):
        given = (("--hands", args.hands), ("--seats", args.seats), ("--seed", args.seed))
        unused = [flag for flag, value in given if value is not None]
        if unused:
            raise ParseError(f"{' and '.join(unused)} cannot be used with a saved hand: it was dealt already")
    elif args.game is not None:
        raise ParseError("--game names the game of a saved .json hand: here the source names the game")
    elif args.hands is not None and not 1 <= args.hands <= MAX_HANDS:
        raise ParseError(f"--hands must be 1..{MAX_HANDS}, not {args.hands}")


def _export_pokerstars(args: argparse.Namespace) -> int:
    """Write the hands as PokerStars text, the seat ``--seat`` the hero (the format shows one player's
    hole cards, whatever ``--full`` says)."""
    from homegame.commands.shared import seat_index
    from homegame.history.pokerstars import dumps_pokerstars, to_pokerstars

    hero = args.seat - 1
    if args.source.endswith(".json"):
        from homegame.play.history import Record as Saved

        saved = Saved.read(Path(args.source), _document(args.game))
        seat_index(args.seat, len(saved.history.setup.stacks))
        from homegame.games.mixes import load_mix

        mix = load_mix(saved.mix) if saved.mix is not None else None
        hands = [to_pokerstars(saved.history, names=saved.names, hero=hero, mix=mix)]
    else:
        from homegame.games.mixes import Mix, load_game_or_mix
        from homegame.history.pokerstars import GAMES

        source = load_game_or_mix(args.source)
        for game in source.games if isinstance(source, Mix) else (source,):
            if game.name.partition("@")[0] not in GAMES:  # before the hands are played (at any structure)
                raise ParseError(
                    f"{game.name}: PokerStars text holds {', '.join(sorted(GAMES))}; "
                    "write it as PHH (the default --format), which holds every game",
                    token=game.name,
                )
        hands = _play(args.source, args.hands or 1, args.seats, args.seed, hero, pokerstars=True)
    text = dumps_pokerstars(hands)
    _put(text, args.output, len(hands))
    return 0


def _document(path: str | None) -> Game | None:
    """The game document named on the command line, if any."""
    from homegame.games import load

    return None if path is None else load(Path(path))


def _play(
    source: str, hands: int, seats: int | None, seed: int | None, viewer: int | None, *, pokerstars: bool = False
) -> list[Any]:
    """Hands of a game or mix played by random bots at one table, as PHH records: everything, or
    what the table's seat ``viewer`` saw (``pokerstars``: as PokerStars text, ``viewer`` the hero)."""
    from homegame.bots import RandomBot, play
    from homegame.commands.shared import seat_index
    from homegame.engine.game import players_words
    from homegame.engine.table import Table
    from homegame.games.mixes import Mix, load_game_or_mix
    from homegame.history import to_phh
    from homegame.history.pokerstars import to_pokerstars

    game = load_game_or_mix(source)
    size = seats if seats is not None else min(game.players[1], 6)
    if not game.players[0] <= size <= game.players[1]:
        raise ParseError(f"{game.name} is for {players_words(game.players)}, not {size}")
    if viewer is not None:
        seat_index(viewer + 1, size)
    rng = random.Random(seed)
    table = Table(
        game.schedule(size) if isinstance(game, Mix) else game, size=size, rng=random.Random(rng.getrandbits(64))
    )
    games = game.games if isinstance(game, Mix) else (game,)
    mix = game if isinstance(game, Mix) else None
    buy_in = 100 * max(max(g.stakes.big_blind, g.stakes.big_bet, g.stakes.bring_in, g.stakes.ante, 1) for g in games)
    names = [f"bot {seat + 1}" for seat in range(size)]
    for seat, name in enumerate(names):
        table.sit(seat, name, buy_in)
    bots = [RandomBot(random.Random(rng.getrandbits(64))) for _ in range(size)]
    records: list[Any] = []
    for number in range(1, hands + 1):
        for seat, occupant in enumerate(table.seats):
            if occupant is not None and occupant.stack == 0:
                table.rebuy(seat, buy_in)
        hand = table.deal()
        seated = [table.seat_of(seat) for seat in range(hand.seats)]
        play(hand, [bots[seat] for seat in seated])
        own = seated.index(viewer) if viewer in seated else None
        if viewer is not None and own is None:
            raise ParseError(f"seat {viewer + 1} is not dealt in hand {number}")
        history = hand.history()
        players = [names[seat] for seat in seated]
        if pokerstars:
            records.append(to_pokerstars(history, names=players, hero=own, mix=mix))
        else:
            records.append(to_phh(history, names=players, number=number, seat=own, mix=mix))
        table.settle(hand)
    return records


def run_import(args: argparse.Namespace) -> int:
    """Write the PokerStars hands of the file as PHH; report each hand that cannot be read, and say
    how many were read and skipped (nothing is dropped without a word)."""
    from homegame.commands.shared import read_bytes, writable
    from homegame.history import dumps_all
    from homegame.history.pokerstars import decode_pokerstars, read_pokerstars

    if args.output is not None:
        writable(args.output)
    text, encoding = decode_pokerstars(read_bytes(args.file, MAX_SIZE))  # its errors name the file
    try:
        hands = read_pokerstars(text)
    except ParseError as error:
        raise ParseError(f"{args.file}: {error}", token=str(args.file)) from None
    records = [record for _, record, _ in hands if record is not None]
    for number, (line, _, problem) in enumerate(hands, 1):
        if problem is not None:
            print(f"{args.file}: hand {number} (line {line}): skipped: {problem}", file=sys.stderr)
    read_in = "" if encoding == "utf-8" else f" (read as {encoding}: not UTF-8)"
    skipped = len(hands) - len(records)
    print(f"{args.file}: {len(records)} of {len(hands)} hands read, {skipped} skipped{read_in}", file=sys.stderr)
    if records:
        _put(dumps_all(records), args.output, len(records))
    return 1 if skipped else 0


def read_phh(path: Path) -> list[Entry]:
    """The hands of the PHH file at ``path``, or a :class:`ParseError` that names the file and, for
    the files people mistake for PHH, the command that reads them."""
    from homegame.commands.shared import read_text
    from homegame.history.phh import read_entries

    text = read_text(path, MAX_SIZE)  # its errors name the file
    try:
        return read_entries(text)
    except ParseError as error:
        hint = ""
        if text.lstrip().startswith("{"):
            hint = " (a hand saved by homegame play --history --full is JSON: homegame replay reads it)"
        elif "PokerStars Hand #" in text:
            hint = " (PokerStars text: homegame history import turns it into PHH)"
        raise ParseError(f"{path}: {error}{hint}", token=str(path)) from None


def run_replay(args: argparse.Namespace) -> int:
    """Replay every hand of the file; print the finishing stacks (or the reason) of each."""
    from homegame.commands.shared import print_json
    from homegame.history.replay import ReplayError, replay

    game = _document(args.game)
    results: list[dict[str, Any]] = []
    entries = read_phh(args.file)
    for entry in entries:
        if entry.record is None:
            results.append({"error": str(entry.error), "line": entry.line})
            continue
        try:
            played = replay(entry.record, game, rules=args.rules)
        except ReplayError as error:
            results.append({"error": str(error), "line": entry.line_of(error.action)})
            continue
        result: dict[str, Any] = {"finishing_stacks": [_number(stack) for stack in played.finishing_stacks]}
        if played.expected is not None:
            result["expected"] = [_number(stack) for stack in played.expected]
        result["same"] = played.same
        if played.note:
            result["note"] = played.note
        results.append(result)
    if args.json:
        print_json({"hands": results})
    else:
        for number, result in enumerate(results, 1):
            print(f"hand {number}: {_describe(result)}")
    return 1 if any("error" in result or result["same"] is False for result in results) else 0


def _describe(result: dict[str, Any]) -> str:
    """One hand's line of the report.

    >>> _describe({"finishing_stacks": [3, 1], "expected": [2, 2], "same": False})
    '3 1 (the file says 2 2: different)'
    >>> _describe({"error": "no", "line": 4})
    'cannot be played: no (line 4)'
    """
    if "error" in result:
        return f"cannot be played: {result['error']} (line {result['line']})"
    text = " ".join(str(stack) for stack in result["finishing_stacks"])
    if result["same"] is True:
        text += " (as the file says)"
    elif result["same"] is False:
        text += f" (the file says {' '.join(str(stack) for stack in result['expected'])}: different)"
    return text + (f"; {result['note']}" if "note" in result else "")


def _number(amount: int | Decimal) -> int | float:
    """An amount as a JSON number."""
    return amount if isinstance(amount, int) else float(amount)


def _put(text: str, output: Path | str | None, hands: int) -> None:
    """Write ``text`` to standard output, or to the file ``output`` and say so (on standard output,
    which then holds nothing else)."""
    from homegame.commands.shared import write_text

    if output is None:
        sys.stdout.write(text)
    else:
        write_text(output, text)
        print(f"{hands} hand{'s' if hands > 1 else ''} written to {output}")
