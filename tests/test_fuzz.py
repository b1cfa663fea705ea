"""Fuzz tests at every door (issue 13), seeded and bounded so they take seconds.

- actions of every type and value, at random decision points of every game: refused with
  :class:`IllegalActionError` and the hand's state unchanged, or applied with chips conserved;
- mutations of the catalogue's game documents: refused with a location, or playable to the end
  with chips conserved;
- mutations of PHH and play-history files: refused with a line, or replayed;
- every subcommand with bad arguments, and with its output piped into a reader that closes at once.

Run with ``-s`` to see how many inputs each door was given and how many it refused.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from homegame import cli
from homegame.bots import RandomBot, Turn, play
from homegame.cards import Card
from homegame.engine import Hand
from homegame.engine import actions as kinds
from homegame.engine.game import Game
from homegame.errors import GameSpecError, IllegalActionError
from homegame.games import load, names
from homegame.games.loader import decode, load_text
from homegame.history import dumps, to_phh
from homegame.play.history import Record
from snapshots import chips_conserved, snapshot

GAMES = names()
COUNTS: Counter[str] = Counter()
"""How many inputs each door was given ("... tried") and refused ("... refused")."""

FUZZ = settings(derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    print("\nissue 13 fuzz counts:", ", ".join(f"{key} {count:,}" for key, count in sorted(COUNTS.items())))


def random_hand(game: Game, rng: random.Random) -> Hand:
    """A hand of ``game`` at a random table size, with random (sometimes short) stacks."""
    seats = rng.randint(game.players[0], min(game.players[1], 7))
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(20, 300))) for _ in range(seats)]
    return Hand(game, stacks, button=rng.randrange(seats), rng=rng)


def bot_move(hand: Hand, rng: random.Random) -> None:
    """The first pending seat makes a random legal move."""
    seat = hand.pending()[0]
    turn = Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), hand.game)
    hand.act(seat, RandomBot(rng).choose(turn))


# -- actions ---------------------------------------------------------------------------------------

ALL_CARDS = [Card.from_code(code) for code in range(52)] + [Card.joker(1), Card.joker(2)]
EXPORTED = [getattr(kinds, name) for name in kinds.__all__]
ACTION_TYPES = [kind for kind in EXPORTED if isinstance(kind, type) and issubclass(kind, kinds.Action)]
ACTION_TYPES.remove(kinds.Action)
PLAIN = [kind for kind in ACTION_TYPES if not dataclasses.fields(kind)]
NAMING = [kind for kind in ACTION_TYPES if [field.name for field in dataclasses.fields(kind)] == ["cards"]]
WORDS = ["high", "low", "both", "in", "out", "card", "option", "twist", "store-1", "board", "a", "b", "x" * 70]


def junk(rng: random.Random) -> object:
    """A value of the wrong type, or of the right type out of bounds."""
    return rng.choice(
        [None, True, False, 0.5, float("nan"), float("inf"), Decimal("2.5"), "", "7", [], (), 2**70, -(2**70), object()]
    )


def amount(rng: random.Random, hand: Hand) -> object:
    most = max(hand.stacks) + max(hand.bets) + 2
    value = rng.randint(-1, most)
    return rng.choice([value, value, value, float(value), Decimal(value), junk(rng)])


def cards(rng: random.Random, hand: Hand, seat: int) -> object:
    own = hand.down[seat] + hand.up[seat] or ALL_CARDS[:1]
    count = rng.choice([0, 1, 1, 2, 3, 5, 66])
    some: list[object] = [rng.choice(own if rng.random() < 0.8 else ALL_CARDS) for _ in range(count)]
    if some and rng.random() < 0.1:
        some[rng.randrange(len(some))] = junk(rng)
    return rng.choice([tuple(some)] * 6 + [some, junk(rng)])


def word(rng: random.Random, hand: Hand) -> object:
    shown = [str(card) for row in hand.rows.values() for card in row]
    return rng.choice([rng.choice(WORDS + shown)] * 5 + [junk(rng)])


def near_legal(rng: random.Random, hand: Hand, seat: int) -> object:
    """A legal action of ``seat``, or one of its fields given a value of the wrong type (the same
    amount as a float, the same cards in a list...)."""
    action = rng.choice(hand.legal_actions(seat)).sample(rng)
    parts = [field.name for field in dataclasses.fields(action)]
    if not parts or rng.random() < 0.5:
        return action
    name = rng.choice(parts)
    value = getattr(action, name)
    wrong = float(value) if isinstance(value, int) else list(value) if isinstance(value, tuple) else junk(rng)
    return dataclasses.replace(action, **{name: rng.choice([wrong, junk(rng)])})


def any_action(rng: random.Random, hand: Hand, seat: int) -> object:
    """An action of any type with any field values (mostly near the legal ones), or not an action at all."""
    if rng.random() < 0.4:
        return near_legal(rng, hand, seat)
    kind: Any = rng.choice([*ACTION_TYPES, *PLAIN, *NAMING, None])  # built with fields of any type
    if kind is None:
        return rng.choice([*ACTION_TYPES, junk(rng), "fold"])
    if kind in PLAIN:
        return kind()
    if kind in NAMING:
        return kind(cards(rng, hand, seat))
    if kind in (kinds.BetTo, kinds.RaiseTo):
        return kind(amount(rng, hand))
    if kind in (kinds.Declare, kinds.Buy):
        return kind(word(rng, hand))
    if kind in (kinds.Split,):  # (no narrowing: its hands may be of any type)
        return kind(tuple(cards(rng, hand, seat) for _ in range(rng.randint(0, 3))))
    # the one kind left: Place
    return kind(rng.choice([*hand.down[seat], *hand.up[seat], junk(rng)]), word(rng, hand))


def any_seat(rng: random.Random, hand: Hand) -> object:
    return rng.choice([rng.choice(hand.pending())] * 6 + [rng.randint(-2, hand.seats + 1), junk(rng)])


@pytest.mark.parametrize("name", GAMES)
@settings(FUZZ, max_examples=4)
@given(rng=st.randoms(use_true_random=False), tries=st.integers(1, 3))
def test_any_action_at_any_decision_is_refused_unchanged_or_applied(name: str, rng: random.Random, tries: int) -> None:
    hand = random_hand(load(name), rng)
    for _ in range(400):
        if hand.over:
            break
        for _ in range(rng.randint(0, tries)):
            seat, action = any_seat(rng, hand), any_action(rng, hand, hand.pending()[0])
            before = snapshot(hand)
            COUNTS["actions tried"] += 1
            try:
                hand.act(seat, action)  # type: ignore[arg-type]
            except IllegalActionError:
                COUNTS["actions refused"] += 1
                assert snapshot(hand) == before, f"{action!r} by seat {seat!r} was refused but changed the hand"
            else:
                assert chips_conserved(hand)
            if hand.over:
                break
        if not hand.over:
            bot_move(hand, rng)
    assert hand.over and chips_conserved(hand)


# -- game documents --------------------------------------------------------------------------------

CATALOGUE = Path(load("holdem").path).parent
NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")
STRING = re.compile(r'"[^"\n]*"')
NUMBERS = ["-1", "0", "1", "2", "3", "7", "11", "53", "1000000", "9223372036854775807"]
TEXTS = ['""', '"standard"', '"high"', '"low-a5"', '"down"', '"up"', '"showdown"', '"deal"', '"board"', '"x"']


def mutate(text: str, data: st.DataObject) -> bytes:
    """``text`` with one to three random edits: lines dropped or repeated, numbers and texts
    changed, step blocks dropped or swapped, deep nesting, bytes that are not UTF-8."""
    for _ in range(data.draw(st.integers(1, 3))):
        lines = text.split("\n")
        how = data.draw(st.sampled_from(["drop", "repeat", "number", "text", "steps", "swap", "nest", "bytes"]))
        if how in ("drop", "repeat"):
            index = data.draw(st.integers(0, len(lines) - 1))
            lines[index : index + 1] = [] if how == "drop" else [lines[index]] * 2
            text = "\n".join(lines)
        elif how in ("number", "text"):
            pattern, choices = (NUMBER, NUMBERS) if how == "number" else (STRING, TEXTS)
            spots = list(pattern.finditer(text))
            if spots:
                spot = spots[data.draw(st.integers(0, len(spots) - 1))]
                text = text[: spot.start()] + data.draw(st.sampled_from(choices)) + text[spot.end() :]
        elif how in ("steps", "swap"):
            head, *blocks = text.split("[[steps]]")
            if len(blocks) > 1:
                first = data.draw(st.integers(0, len(blocks) - 1))
                second = data.draw(st.integers(0, len(blocks) - 1))
                if how == "steps":
                    del blocks[first]
                else:
                    blocks[first], blocks[second] = blocks[second], blocks[first]
                text = "[[steps]]".join([head, *blocks])
        elif how == "nest":
            depth = data.draw(st.sampled_from([5, 9, 2000]))
            text += f"\nnested = {'[' * depth}{']' * depth}\n"
        else:
            at = data.draw(st.integers(0, len(text)))
            return (text[:at] + "\udcff" + text[at:]).encode("utf-8", "surrogateescape")
    return text.encode("utf-8")


@settings(FUZZ, max_examples=200)
@given(data=st.data(), name=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_a_mutated_game_document_is_refused_with_a_location_or_plays(data: st.DataObject, name: str, seed: int) -> None:
    mutated = mutate((CATALOGUE / f"{name}.toml").read_text(encoding="utf-8"), data)
    COUNTS["game documents tried"] += 1
    try:
        game = load_text(decode(mutated, "x.toml"), "x.toml")
    except GameSpecError as error:
        COUNTS["game documents refused"] += 1
        assert error.problems and all(re.match(r"x\.toml: \S", problem) for problem in error.problems), error
        return
    rng = random.Random(seed)
    for seats in sorted({game.players[0], min(game.players[1], 7), game.players[1]}):
        hand = Hand(game, [rng.randint(1, 300) for _ in range(seats)], rng=rng)
        play(hand, [RandomBot(rng) for _ in range(seats)])
        assert hand.over and chips_conserved(hand)


# -- history files ---------------------------------------------------------------------------------

HISTORY_GAMES = ("holdem", "razz", "stud-declare", "draw", "countdown", "anaconda", "omaha-hi-lo", "badugi")


def played(name: str, seed: int) -> Hand:
    rng = random.Random(seed)
    hand = random_hand(load(name), rng)
    play(hand, [RandomBot(rng) for _ in range(hand.seats)])
    return hand


PHH_FILES = [
    "\n\n".join(f"[{n}]\n{dumps(to_phh(played(name, n).history()))}" for n in (1, 2)) for name in HISTORY_GAMES
]
JSON_FILES = [json.dumps(Record(played(name, 3).history(), ()).to_json(), indent=1) for name in HISTORY_GAMES]
TOKEN = re.compile(r"\b(?:p\d|cbr|cc|f|sd|sm|dh|db|[2-9TJQKA][cdhs]|\d+)\b")
REPLACEMENTS = ["p9", "p0", "cbr", "cc", "f", "sd", "sm", "??", "As", "Jk", "1e999999999", "-3", "2.5", "0", "99999"]


def mutate_history(text: str, data: st.DataObject) -> bytes:
    """``text`` with one to three random edits of its lines or tokens (or bytes that are not UTF-8)."""
    for _ in range(data.draw(st.integers(1, 3))):
        lines = text.split("\n")
        how = data.draw(st.sampled_from(["drop", "repeat", "token", "token", "truncate", "bytes"]))
        if how in ("drop", "repeat"):
            index = data.draw(st.integers(0, len(lines) - 1))
            lines[index : index + 1] = [] if how == "drop" else [lines[index]] * 2
            text = "\n".join(lines)
        elif how == "token":
            spots = list(TOKEN.finditer(text))
            if spots:
                spot = spots[data.draw(st.integers(0, len(spots) - 1))]
                text = text[: spot.start()] + data.draw(st.sampled_from(REPLACEMENTS)) + text[spot.end() :]
        elif how == "truncate":
            text = text[: data.draw(st.integers(0, len(text)))]
        else:
            at = data.draw(st.integers(0, len(text)))
            return (text[:at] + "\udcfe" + text[at:]).encode("utf-8", "surrogateescape")
    return text.encode("utf-8")


def command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The command line run in this process: status, stdout and stderr (never a traceback)."""
    status = cli.main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    return status, out, err


@settings(FUZZ, max_examples=100)
@given(data=st.data(), index=st.integers(0, len(PHH_FILES) - 1))
def test_a_mutated_phh_file_is_refused_with_a_line_or_replayed(
    data: st.DataObject, index: int, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("phh") / "hands.phhs"
    path.write_bytes(mutate_history(PHH_FILES[index], data))
    COUNTS["PHH files tried"] += 1
    status, out, err = command(["history", "replay", str(path), "--json"], capsys)
    if status == 2:
        COUNTS["PHH files refused"] += 1
        assert re.search(r"line \d+|UTF-8|nested|not a PHH file", err), err
        return
    hands = json.loads(out)["hands"]
    assert status == (1 if any("error" in hand or hand.get("same") is False for hand in hands) else 0)
    for hand in hands:
        assert "finishing_stacks" in hand or hand["line"] >= 1
    COUNTS["PHH hands refused"] += sum("error" in hand for hand in hands)
    COUNTS["PHH hands tried"] += len(hands)


@settings(FUZZ, max_examples=100)
@given(data=st.data(), index=st.integers(0, len(JSON_FILES) - 1))
def test_a_mutated_play_history_is_refused_with_a_place_or_replayed(
    data: st.DataObject, index: int, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("json") / "hand.json"
    path.write_bytes(mutate_history(JSON_FILES[index], data))
    COUNTS["play histories tried"] += 1
    status, _, err = command(["replay", str(path), "--all"], capsys)
    assert status in (0, 2)
    if status == 2:
        COUNTS["play histories refused"] += 1
        assert err.startswith(f"homegame replay: {path}: "), err


# -- the command line ------------------------------------------------------------------------------

BAD_ARGUMENTS: dict[str, list[list[str]]] = {
    "eval": [[], ["As Kx"], ["As As"], ["As", "--ranking", "nope"], ["Jk As", "--wild", "sideways"], ["As", "-o", "x"]],
    "games": [["--json", "extra"], ["--colour"]],
    "rules": [[], ["canasta"], ["/etc/passwd"], ["holdem", "-o", "cap=-1"], ["holdem", "-o", "nope=1"]],
    "odds": [[], ["holdem"], ["holdem", "As As"], ["holdem", "AsKs", "--trials", "-5"], ["canasta", "AsKs", "QdQc"]],
    "simulate": [["holdem", "--hands", "0"], ["holdem", "--seats", "1", "--hands", "1"], ["canasta"]],
    "tables": [["--cards", "0"], ["--cards", "99"], ["--cards", "3", "--jokers", "-1"], ["--cards", "x"]],
    "play": [["canasta"], ["holdem", "--seats", "1"], ["holdem", "--stakes", "blinds=3"], ["holdem", "--seats", "x"]],
    "replay": [["/no/such/file.json"], [str(CATALOGUE / "holdem.toml")], ["x", "--seat", "x"]],
    "history": [["replay", "/no/such.phh"], ["export", "canasta"], ["export", "holdem", "--hands", "0"], ["nope"]],
    "serve": [["--port", "x"], ["--nope"]],
    "host": [[], ["http://127.0.0.1:9", "--seats", "x"]],
    "join": [["--bot", "nope"], ["--hands", "x"]],
    "backup": [[], ["/no/such.sqlite", "/tmp/out.sqlite"], ["--check", "/no/such.sqlite"], ["--check", "a", "b"]],
}


def test_every_subcommand_is_fuzzed() -> None:
    assert set(BAD_ARGUMENTS) == set(cli.COMMANDS)


@pytest.mark.parametrize("argv", [[name, *bad] for name, cases in BAD_ARGUMENTS.items() for bad in cases], ids=" ".join)
def test_every_subcommand_with_bad_arguments_says_why_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    COUNTS["bad command lines tried"] += 1
    try:
        status, _, err = command(argv, capsys)
    except SystemExit as done:  # argparse: its usage and one line of error, status 2
        status, err = int(done.code or 0), capsys.readouterr().err
    assert status == 2, err
    assert err.strip() and "Traceback" not in err
    COUNTS["bad command lines refused"] += 1


VOCABULARY = [
    "--json",
    "-o",
    "cap=9",
    "x=1",
    "--wild",
    "bug",
    "jokers",
    "--ranking",
    "low-a5",
    "badugi",
    "--cards",
    "3",
]
VOCABULARY += ["0", "-1", "99", "1e9", "x", "", "As Ks", "Jk", "--seats", "--hands", "--seed", "holdem", "razz", "é"]
QUICK = ("eval", "games", "rules", "tables", "simulate", "history")


@settings(FUZZ, max_examples=120)
@given(name=st.sampled_from(QUICK), argv=st.lists(st.sampled_from(VOCABULARY), max_size=5))
def test_random_arguments_never_end_in_a_traceback(
    name: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    if name == "tables" and "--cards" not in argv:
        argv = [*argv, "--cards", "2"]
    if name in ("simulate", "history") and "--hands" in argv:
        return  # a number of hands from the vocabulary could be large: that is work, not bad input
    COUNTS["random command lines tried"] += 1
    try:
        status, _, _ = command([name, *argv] if name != "history" else [name, "export", *argv, "--hands", "1"], capsys)
    except SystemExit as done:
        status = int(done.code or 0)
    assert status in (0, 1, 2)
    COUNTS["random command lines refused"] += status != 0


PRINTING: list[list[str]] = [
    ["games"],
    ["rules", "holdem"],
    ["eval", "As Ks Qs Js Ts"],
    ["tables", "--cards", "2"],
    ["simulate", "holdem", "--hands", "3", "--seed", "1"],
    ["history", "export", "holdem", "--seed", "1"],
    ["odds", "holdem", "AsAd", "KcKh", "--trials", "200"],
    ["--help"],
]


def test_output_into_a_reader_that_closes_at_once_is_a_quiet_success() -> None:
    started: list[tuple[list[str], subprocess.Popen[bytes]]] = []
    for argv in PRINTING:
        process = subprocess.Popen(
            [sys.executable, "-m", "homegame", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stdout is not None
        process.stdout.close()  # before the command writes anything
        started.append((argv, process))
    for argv, process in started:
        _, err = process.communicate()
        COUNTS["closed pipes tried"] += 1
        assert (process.returncode, err.decode()) == (0, ""), argv
