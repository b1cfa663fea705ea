"""The last tracebacks on bad input (issue 33.10): each case below was an "internal error" where the
input is at fault. Each now gets a one-line reason naming what is wrong and status 2, and a Ctrl-C
while the command line loads is a quiet exit. (A PHH ``antes = []``, a play history naming fewer
players than seats and the chip cap are in ``test_history_edges.py``.)"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame import cli
from homegame.__main__ import run
from homegame.bots import RandomBot, play
from homegame.engine import Hand
from homegame.errors import GameSpecError
from homegame.games import load
from homegame.games.loader import load_text
from homegame.games.mixes import load_mix

CATALOGUE = Path(__file__).parent.parent / "src" / "homegame" / "games" / "catalogue"
HOLDEM = (CATALOGUE / "holdem.toml").read_text(encoding="utf-8")
BIG_O = (CATALOGUE / "big-o.toml").read_text(encoding="utf-8")


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line of the command's refusal (status 2, never an internal error or a traceback)."""
    status = cli.main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert "internal error" not in err and "Traceback" not in err, err
    return err


def document(tmp_path: Path, text: str, name: str = "game.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_game_document_with_an_empty_list_of_steps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = HOLDEM[: HOLDEM.index("\n[")]  # the top-level fields, then steps = [] (an IndexError)
    err = refused(["rules", document(tmp_path, head + "\nsteps = []\n")], capsys)
    assert err == "homegame rules: game.toml: steps: a game needs steps\n"


def test_a_deck_of_several_packs_needs_rankings_that_judge_two_of_a_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Big O dealt from eight packs of the 20-card pack was accepted, then failed at a showdown of
    a flush holding two of a card; its rankings must take the packs."""
    eight = BIG_O.replace('deck = "standard"', "deck = { cards = 20, packs = 8 }")
    err = refused(["rules", document(tmp_path, eight)], capsys)
    assert "contests[0].ranking: high cannot judge a hand holding two Tc: the deck has 8 packs" in err
    assert "contests[1].ranking: low-a5 qualifier=8 cannot judge" in err
    judged = eight.replace('form = "omaha" }', 'form = "omaha", options = { packs = 8 } }')
    game = load_text(judged, "big-o-8.toml")
    for seed in range(40):  # bounded: enough hands that flushes holding two of a card come to a showdown
        hand = Hand(game, [200] * 6, seed=seed)
        play(hand, [RandomBot(random.Random(seed * 10 + seat)) for seat in range(6)])
        assert hand.over


def test_a_game_document_saved_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    path = tmp_path / "holdem-bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HOLDEM.encode())
    assert load(path).steps == load("holdem").steps
    mix = tmp_path / "horse-bom.toml"
    mix.write_bytes(b"\xef\xbb\xbf" + (CATALOGUE / "mixed" / "horse.toml").read_bytes())
    assert load_mix(mix).title == load_mix("horse").title


def test_a_mixed_game_document_not_in_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "mix.toml"
    path.write_bytes(b"name = 'h\xe4rse'")
    with pytest.raises(GameSpecError, match="line 1, byte 10: not UTF-8 text"):
        load_mix(path)


@pytest.mark.parametrize("where", ["wild", "packs", "qualifier", "suit_order"])
def test_a_table_where_a_ranking_option_goes(where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = HOLDEM.replace('form = "best-5" }', f'form = "best-5", options = {{ {where} = {{ rank = 2 }} }} }}')
    err = refused(["rules", document(tmp_path, text)], capsys)
    assert f"contests[0].ranking: {where}={{'rank': 2}}: a ranking option is text, a number or true/false" in err


TOML_VALUES = st.recursive(
    st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abc"), inner, max_size=2),
    max_leaves=6,
)


def toml(value: object) -> str:
    """``value`` as a TOML value (inline tables and arrays)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(f"\\u{ord(char):04x}" for char in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(map(toml, value)) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{key} = {toml(item)}" for key, item in value.items()) + "}"


def _contest_option(name: str) -> Callable[[str], str]:
    return lambda value: HOLDEM.replace('form = "best-5" }', f'form = "best-5", options = {{ {name} = {value} }} }}')


PLACES: dict[str, Callable[[str], str]] = {
    "a ranking option": _contest_option("x"),
    "a ranking's wild cards": _contest_option("wild"),
    "a house rule's default": lambda value: HOLDEM.replace('default = "position"', f"default = {value}", 1),
    "a step's field": lambda value: HOLDEM.replace('kind = "blinds"', f'kind = "blinds"\nstraddles = {value}', 1),
    "the steps": lambda value: HOLDEM[: HOLDEM.index("\n[")] + f"\nsteps = {value}\n",
    "the deck": lambda value: HOLDEM.replace('deck = "standard"', f"deck = {value}"),
}


@settings(max_examples=60, deadline=None, derandomize=True)
@given(place=st.sampled_from(sorted(PLACES)), value=TOML_VALUES)
def test_any_value_anywhere_in_a_game_document_is_refused_with_its_place_or_read(place: str, value: object) -> None:
    text = PLACES[place](toml(value))
    tomllib.loads(text)  # the document is TOML: what it holds is at fault, not its syntax
    try:
        load_text(text, "x.toml")
    except GameSpecError as error:
        assert all(re.match(r"x\.toml: \S", problem) for problem in error.problems), error


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "1e30"])
def test_serve_refuses_a_pause_between_hands_that_is_no_number_of_seconds(
    seconds: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(["serve", "--between-hands", seconds, "--db", str(tmp_path / "x.sqlite"), "--port", "0"], capsys)
    assert "--between-hands must be 0 to " in err and "seconds, not " in err


@pytest.mark.parametrize(
    ("invite", "why"),
    [
        ("http://127.0.0.1:99999/t/ab12cd34#s3cret", "Port out of range"),
        ("http://[::1/t/ab12cd34#s3cret", "Invalid IPv6 URL"),
        ("http://[fe80::zz]:8000/t/ab12cd34#s3cret", "does not appear to be an IPv4 or IPv6 address"),
    ],
)
def test_join_refuses_an_invite_with_a_port_or_address_that_cannot_be(
    invite: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(["join", invite], capsys)
    assert err.startswith(f"homegame join: {invite}: not an invite link (") and why in err


def test_serve_refuses_a_database_with_a_damaged_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from homegame.server.store import Store

    path = tmp_path / "poker.sqlite"
    Store(str(path)).close()
    data = bytearray(path.read_bytes())
    for index in range(4096, len(data), 7):  # every page but the first (the header) overwritten in part
        data[index] = 0xAB
    path.write_bytes(bytes(data))
    err = refused(["serve", "--db", str(path), "--port", "0"], capsys)
    assert err.startswith(f"homegame serve: cannot use the database {path}: ") and "malformed" in err


class _Interrupted(MetaPathFinder):
    """Ctrl-C pressed while ``homegame.cli`` loads."""

    def find_spec(self, name: str, path: object, target: ModuleType | None = None) -> ModuleSpec | None:
        if name == "homegame.cli":
            raise KeyboardInterrupt
        return None


@pytest.fixture
def interrupted(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delitem(sys.modules, "homegame.cli")
    monkeypatch.setattr(sys, "meta_path", [_Interrupted(), *sys.meta_path])
    yield


@pytest.mark.usefixtures("interrupted")
def test_ctrl_c_while_the_command_line_loads_is_a_quiet_exit(capsys: pytest.CaptureFixture[str]) -> None:
    assert run() == 130
    assert capsys.readouterr().err == "\n"


def test_nothing_of_homegame_loads_before_the_command_line_can_take_a_ctrl_c() -> None:
    """The ``homegame`` command's door is :func:`homegame.__main__.run`: what loads before it runs
    (the package, and the door) must be all, so a Ctrl-C during start-up meets its ``try``."""
    code = "import sys, homegame.__main__; print(sorted(m for m in sys.modules if m.startswith('homegame')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert loaded.stdout.strip() == "['homegame', 'homegame.__main__']"
    scripts = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["homegame"] == "homegame.__main__:run"
