"""Histories from the real world (issue 33): files in the forms PokerStars itself writes (a byte order
mark, CRLF, Windows-1252, Home Game clubs, Zoom, a match round, every seat's ``Dealt to``, names with
brackets and colons; ``tests/fixtures/real/``, whose README says what each follows) are read whole,
replay to the stacks their text gives, and come back unchanged through our PHH and PokerStars writers.
A game we do not play is refused with a reason that names it, and ``history import`` says per file
how many hands it read and skipped."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from homegame.cli import main
from homegame.engine.hand import History
from homegame.history import dumps, loads
from homegame.history.phh import Record
from homegame.history.pokerstars import decode_pokerstars, read_pokerstars, to_pokerstars
from homegame.history.replay import replay
from homegame.history.variants import plain

REAL = Path(__file__).parent / "fixtures" / "real"
FILES = sorted(REAL.glob("*.txt"))
HANDS = {
    "ante-short-blinds-free-folds.txt": 3,
    "every-seat-dealt.txt": 3,
    "moves-pokerstars-allows.txt": 1,
    "structures-cash-usd.txt": 6,
    "home-game-match-round-triple-draw.txt": 4,
    "zoom-cash-eur-cp1252.txt": 4,
    "zoom-tournament.txt": 3,
}
"""Every file and its hands: a hand dropped, or a file added without its count, fails."""
ENCODINGS = {"zoom-cash-eur-cp1252.txt": "cp1252"}


def test_the_fixtures_are_as_pokerstars_writes_them() -> None:
    assert [path.name for path in FILES] == sorted(HANDS)
    raw = {path.name: path.read_bytes() for path in FILES}
    assert raw["home-game-match-round-triple-draw.txt"].startswith(b"\xef\xbb\xbfPokerStars Home Game Hand #")
    assert b"\r\n" in raw["home-game-match-round-triple-draw.txt"] and b"\r\n" in raw["zoom-cash-eur-cp1252.txt"]
    assert b"\x80" in raw["zoom-cash-eur-cp1252.txt"]  # the euro sign in Windows-1252
    assert b" in chips) \n" in raw["zoom-tournament.txt"]  # a space ends the seat lines


def _unit(record: Record, played: History) -> Decimal:
    """Chips a unit of the file's money (100 for cents; 1 for a tournament's chips)."""
    return Decimal(played.setup.stacks[0]) / Decimal(record.starting_stacks[0])


def _as_read(record: Record, unit: Decimal, hero: int | None) -> tuple[str, ...]:
    """The record's actions in whole chips, the hole cards of players other than the hero unknown (a
    PokerStars file shows one hero's), without the import's notes (``#`` lines)."""

    def chips(match: re.Match[str]) -> str:
        return str(int(Decimal(match[0]) * unit))

    lines = []
    for line in record.actions:
        if line.startswith("#"):
            continue
        dealt = re.fullmatch(r"d dh p(\d+) (\S+)", line)
        hidden = dealt and int(dealt[1]) - 1 != hero
        lines.append(f"d dh p{dealt[1]} {'??' * (len(dealt[2]) // 2)}" if dealt and hidden else line)
    return tuple(re.sub(r"(?<= cbr )[\d.]+$", chips, line) for line in lines)


def _shown_apart(actions: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    """The actions, and the hands shown in any order (who shows first at an all-in is the writer's)."""
    return tuple(line for line in actions if " sm " not in line), sorted(line for line in actions if " sm " in line)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_real_form_file_reads_whole_replays_and_comes_back_unchanged(path: Path) -> None:
    text, encoding = decode_pokerstars(path.read_bytes())
    assert encoding == ENCODINGS.get(path.name, "utf-8")
    hands = read_pokerstars(text)
    assert len(hands) == HANDS[path.name] == text.count("PokerStars ")  # the first hand too, after the mark
    for line, record, error in hands:
        assert error is None and record is not None, (path.name, line, error)
        assert loads(dumps(record)) == record  # PHH out and back
        played = replay(record)
        assert played.same, (path.name, line, played.note)
        history = played.hand.history()
        game = plain(history.setup.game)  # the showdown as the catalogue has it (every hand shown)
        catalogue = History(replace(history.setup, game=game), history.chance, history.actions)
        names = record.extra["players"]
        hero = next((seat for seat in range(len(names)) if "?" not in record.actions[seat]), None)
        written = to_pokerstars(catalogue, names=names, hero=hero, number=record.extra["hand"])
        [(_, again, refused)] = read_pokerstars(written)
        assert refused is None and again is not None, (path.name, line, refused)
        unit = _unit(record, history)
        assert _shown_apart(again.actions) == _shown_apart(_as_read(record, unit, hero)), (path.name, line)
        assert again.starting_stacks == tuple(int(stack * unit) for stack in record.starting_stacks)
        assert again.extra["winnings"] == [int(won * unit) for won in record.extra["winnings"]]


def test_every_seats_dealt_line_deals_each_seat_once() -> None:
    text, _ = decode_pokerstars((REAL / "every-seat-dealt.txt").read_bytes())
    for _, record, _ in read_pokerstars(text):
        assert record is not None
        deals = [line for line in record.actions if line.startswith("d dh")]
        assert len(deals) == 6 and "?" not in "".join(deals)


def test_the_header_forms_keep_the_club_and_the_round() -> None:
    text, _ = decode_pokerstars((REAL / "home-game-match-round-triple-draw.txt").read_bytes())
    record = read_pokerstars(text)[0][1]
    assert record is not None
    assert record.extra["_club"] == "Kettle Lane Poker Club" and record.extra["_round"] == "I"
    assert record.extra["_tournament"] == 2504418873
    assert record.extra["players"] == ["mo:rae (2)", "Lucky [DE]"]


def test_unknown_cards_are_unknown() -> None:
    text, _ = decode_pokerstars((REAL / "zoom-tournament.txt").read_bytes())
    text = re.sub(r"Dealt to (\S+) \[(\S+) (\S+)\]", r"Dealt to \1 [XX \3]", text, count=1)
    record = read_pokerstars(text)[0][1]
    assert record is not None and any(re.fullmatch(r"d dh p\d \?\?[2-9TJQKA][cdhs]", line) for line in record.actions)


OTHER_GAMES = (
    "PokerStars Hand #210000009001: Tournament #2504419000, $10+$1 USD 6 Card Omaha Hi/Lo Pot Limit - Level I (10/20)"
    " - 2019/03/05 20:00:00 ET\r\nTable '2504419000 3' 6-max Seat #1 is the button\r\n\r\n\r\n\r\n"
    "PokerStars Hand #210000009002:  Courchevel Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2019/03/05 20:01:00 ET\r\n"
)


def test_import_says_per_file_what_it_read_and_what_it_skipped_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes((REAL / "zoom-cash-eur-cp1252.txt").read_bytes() + OTHER_GAMES.encode("cp1252"))
    assert main(["history", "import", str(mixed), "-o", str(tmp_path / "out.phhs")]) == 1
    err = capsys.readouterr().err
    assert "'6 Card Omaha Hi/Lo Pot Limit', not a game homegame reads" in err
    assert "'Courchevel Hi/Lo Pot Limit': homegame plays it (courchevel-hi-lo), but does not read its" in err
    assert f"{mixed}: 4 of 6 hands read, 2 skipped (read as cp1252: not UTF-8)" in err
    one = tmp_path / "one.txt"  # a one-hand file that starts with the byte order mark
    one.write_bytes(b"\xef\xbb\xbf" + (REAL / "zoom-tournament.txt").read_bytes()[3:].split(b"\n\n\n\n")[0])
    assert main(["history", "import", str(one), "-o", str(tmp_path / "one.phhs")]) == 0
    assert f"{one}: 1 of 1 hands read, 0 skipped\n" in capsys.readouterr().err


def test_moves_pokerstars_allows_are_read_as_it_played_them() -> None:
    """Issue 33.4: a raise over an all-in that nobody left can call is a call (the rest comes back);
    a fold from a player already all in is dropped; each with a note in the file."""
    [(_, record, _)] = read_pokerstars((REAL / "moves-pokerstars-allows.txt").read_text(encoding="utf-8"))
    assert record is not None
    assert "p3 cc" in record.actions and "# p3 raises where nobody left can call: a call" in record.actions
    assert any(line.startswith("# p1 folds all in") for line in record.actions)
    assert replay(record).finishing_stacks == (0, Decimal("0.98"), Decimal("3.52"))


def test_a_free_fold_is_a_fold_and_a_blind_the_ante_cut_short_stands() -> None:
    """Issue 33.3 and 33.4: a big blind all in for less than the blind because of the ante, or left
    no chips for it at all, is the table's blind all the same (the others call it whole); a fold
    where a check is free is a fold, noted; each hand replays to its text's stacks."""
    text, _ = decode_pokerstars((REAL / "ante-short-blinds-free-folds.txt").read_bytes())
    short, none, free = (record for _, record, _ in read_pokerstars(text))
    assert short is not None and none is not None and free is not None
    assert short.blinds_or_straddles == none.blinds_or_straddles == (50, 100, 0, 0)
    assert none.extra["ante_trimming_status"] is True  # a short ante wins what it matched
    assert [replay(record).finishing_stacks for record in (short, none, free)] == [
        (1140, 0, 790, 1730),
        (1080, 32, 480, 2076),
        (1390, 2390, 1890, 2130),
    ]
    assert replay(free).note.count("a fold where a check is free") == 2


def test_games_at_the_structures_pokerstars_deals_them_are_read() -> None:
    """Issue 33.5: five-card draw at pot limit and no limit, Omaha at fixed limit, 6 Card Omaha, Omaha
    hi-lo at pot limit and 5 Card Omaha Hi/Lo (Big O): each hand's variant is the catalogue game at
    its structure, dealt from its actions."""
    text, _ = decode_pokerstars((REAL / "structures-cash-usd.txt").read_bytes())
    variants = [record.variant for _, record, _ in read_pokerstars(text) if record is not None]
    assert variants == [
        "draw@pot-limit",
        "omaha@fixed-limit",
        "six-card-omaha",
        "pot-limit-omaha-hi-lo",
        "big-o",
        "draw@no-limit",
    ]
