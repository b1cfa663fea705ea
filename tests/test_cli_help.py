"""The ``--help`` of every command and subcommand reads well: each example on a line of its own; and
bad input gets one line on stderr that says what is wrong, with exit status 2, never a default in
its place."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from homegame import cli


def parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every parser under it (``history export``, ``host new``...)."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):  # aliases map to the same parser
                yield from parsers(child)


ALL = {parser.prog: parser for parser in parsers(cli.build_parser())}


@pytest.mark.parametrize("prog", sorted(ALL))
def test_each_example_is_a_line_of_its_own(prog: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = ALL[prog].format_help()
    _, found, examples = text.partition("\nexample")
    if not found:
        return
    lines = examples.split("\n")[1:]
    assert lines and all(line.startswith("  homegame ") for line in lines if line), text
    assert not any("  homegame " in line[2:] for line in lines), text  # none runs into the next


def test_every_command_with_examples_shows_them() -> None:
    # guards the test above against passing because the examples vanished
    assert sum("\nexample" in parser.format_help() for parser in ALL.values()) >= 12


def test_an_error_names_the_whole_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["history", "export", "holdem", "--hands", "0"]) == 2
    assert capsys.readouterr().err.startswith("homegame history export: --hands")  # it was "homegame history:"


def test_the_host_actions_name_the_url_as_their_usage_does() -> None:
    assert ALL["homegame host URL new"].format_usage().startswith("usage: homegame host URL new")  # was "url new"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # --seats 0 was taken for "no --seats": the default table, silently
        (["simulate", "holdem", "--seats", "0", "--hands", "1"], "holdem is for 2 to 10 players, not 0"),
        (["history", "export", "holdem", "--seats", "0"], "holdem is for 2 to 10 players, not 0"),
        (["play", "holdem", "--full"], "--full says what --history DIR saves"),  # was ignored
        (["play", ""], "no game '' in the catalogue"),  # dealt dealer's choice
        (["history", "export", "hand.json", "--hands", "3"], "--hands cannot be used with a saved hand"),  # ignored
        (["history", "export", "holdem", "--game", "x.toml"], "--game names the game of a saved .json hand"),
        (["simulate", "holdem", "--hands", "100000000000"], "--hands must be 1..100,000,000"),  # ran on and on
        (["join", "http://127.0.0.1:1/t/abc#SECRET", "--bot", "random"], "cannot reach ws://127.0.0.1:1/ws: "),
    ],
)
def test_bad_input_is_one_line_and_status_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and err.count("\n") == 1, err


def test_a_misspelt_option_is_blamed_on_its_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    # argparse blamed "homegame" and showed the top-level usage, whatever subcommand was misspelt
    with pytest.raises(SystemExit) as exit:
        cli.main(["history", "replay", "hands.phhs", "--jsn"])
    err = capsys.readouterr().err
    assert exit.value.code == 2 and err.startswith("usage: homegame history replay ")
    assert "homegame history replay: error: unrecognized arguments: --jsn (did you mean --json?)" in err


@pytest.mark.parametrize(
    ("argv", "meant"),
    [
        (["play", "--seat", "3"], "--seat (did you mean --seats?)"),  # was taken for --seats 3, silently
        (["simulate", "holdem", "--hand=5"], "--hand=5 (did you mean --hands?)"),
        (["odds", "holdem", "AsKs", "--se", "1"], "--se 1 (did you mean --seed?)"),
        (["play", "--s", "3"], "--s (did you mean --seats or --stack or --stakes or --seed?)"),
    ],
)
def test_a_shortened_option_is_refused_naming_the_options_meant(
    argv: list[str], meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(argv)
    assert exit.value.code == 2 and f"error: unrecognized arguments: {meant}" in capsys.readouterr().err


VALUED = [
    (prog, action.option_strings)
    for prog, parser in ALL.items()
    for action in parser._actions
    if action.option_strings and action.nargs != 0 and not isinstance(action, argparse._VersionAction)
]


@pytest.mark.parametrize(("prog", "options"), VALUED, ids=[f"{prog} {options[-1]}" for prog, options in VALUED])
def test_every_option_given_an_empty_text_is_refused(
    prog: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # --wild '' and --stakes '' were taken, and meant the option left out (--stakes, --board and
    # --title default to an empty text)
    for argv in ([options[0], ""], [f"{options[-1]}="]):
        with pytest.raises(SystemExit) as exit:
            ALL[prog].parse_args(argv)
        err = capsys.readouterr().err
        assert (
            exit.value.code == 2 and err == f"{prog}: {'/'.join(options)} is empty: give it a value, or leave it out\n"
        )


def test_an_empty_wild_card_is_refused_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["eval", "Jk As", "--wild", ""])
    assert exit.value.code == 2 and capsys.readouterr() == (
        "",
        "homegame eval: --wild is empty: give it a value, or leave it out\n",
    )
    assert len(VALUED) > 60  # the test above reaches every command's options


def test_a_table_of_one_card_says_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["tables", "--cards", "1"]) == 0
    assert capsys.readouterr().out.startswith("1 card from 52 cards")  # "1 cards"


@pytest.mark.parametrize("prog", sorted(ALL))
def test_every_argument_and_command_says_what_it_is(prog: str) -> None:
    # the host actions had bare "table" arguments, --approve, --spectators... and no description
    parser = ALL[prog]
    assert parser.description, prog
    listed = (argparse._HelpAction, argparse._SubParsersAction)  # -h, and the list of subcommands
    bare = [action.dest for action in parser._actions if not action.help and not isinstance(action, listed)]
    assert bare == [], prog


def test_a_history_folder_that_cannot_be_made_is_refused_before_the_first_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it failed when saving the first hand, after the person had played it
    (tmp_path / "file").write_text("")
    assert cli.main(["play", "holdem", "--history", str(tmp_path / "file" / "hands")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot make the folder: Not a directory" in err
