"""Safe with untrusted input (issue 13): each case the issue lists, refused with a reason, and the
hand (or the file system) left as it was."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import time
from decimal import Decimal
from functools import partial
from pathlib import Path

import pytest

from homegame import cli
from homegame.bots import CallerBot, Turn, play
from homegame.engine import Hand
from homegame.engine.actions import Buy, Call, Decline, Fold, RaiseTo
from homegame.engine.guard import MAX_CHIPS
from homegame.engine.steps.blinds import Post
from homegame.errors import GameSpecError, IllegalActionError, ParseError, PokerError
from homegame.games import load, names
from homegame.games.loader import MAX_DEPTH, MAX_SIZE, load_text
from homegame.history import Record as PhhRecord
from homegame.history import dumps, to_phh
from homegame.history.phh import loads, read_entries
from homegame.history.replay import ReplayError, replay
from homegame.play.history import Record
from snapshots import snapshot

CATALOGUE = Path(load("holdem").path).parent


def document(name: str) -> str:
    return (CATALOGUE / f"{name}.toml").read_text(encoding="utf-8")


def refused(text: str, where: str) -> str:
    """The loader's problems with ``text``, asserting one of them is at ``where``."""
    with pytest.raises(GameSpecError) as caught:
        load_text(text, "x.toml")
    assert any(problem.startswith(f"x.toml: {where}") for problem in caught.value.problems), caught.value.problems
    return str(caught.value)


# -- 1. amounts that are not whole chips; 6. wrongly typed input that damages the hand -----------------


def holdem() -> Hand:
    return Hand(load("holdem"), [100, 100], seed=1)


@pytest.mark.parametrize("amount", [4.5, Decimal(4), True, MAX_CHIPS + 1, "6"], ids=repr)
def test_amounts_that_are_not_whole_chips_are_refused(amount: object) -> None:
    hand = holdem()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="the amount must be"):
        hand.act(0, RaiseTo(amount))  # type: ignore[arg-type]
    assert snapshot(hand) == before


@pytest.mark.parametrize("seat", [True, 1.0, -1, 2, None, "0"], ids=repr)
def test_seats_that_are_not_seats_are_refused(seat: object) -> None:
    hand = holdem()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=r"a seat is a whole number 0\.\.1"):
        hand.act(seat, Call())  # type: ignore[arg-type]
    if seat is not None:  # None is the spectator's view
        with pytest.raises(IllegalActionError):
            hand.view(seat)  # type: ignore[arg-type]
    assert snapshot(hand) == before


@pytest.mark.parametrize("stacks", [[True, 100], [100.0, 100], [Decimal(100), 100], [MAX_CHIPS + 1, 5], [0, 5]])
def test_stacks_that_are_not_whole_chips_are_refused(stacks: list[object]) -> None:
    with pytest.raises(ParseError, match=r"stacks\[0\]: must be a whole number of chips"):
        Hand(load("holdem"), stacks, seed=1)  # type: ignore[arg-type]


def test_a_boolean_button_and_a_negative_carried_pot_are_refused() -> None:
    with pytest.raises(ParseError, match="button"):
        Hand(load("holdem"), [100, 100], button=True, seed=1)
    with pytest.raises(ParseError, match="carried"):
        Hand(load("holdem"), [100, 100], carried=-46, seed=1)


@pytest.mark.parametrize(
    ("post", "match"),
    [
        (Post(2, "big_blind", 2), r"posts\[0\]\.seat"),
        (Post(True, "big_blind", 2), r"posts\[0\]\.seat"),
        (Post(0, "big_blind", 2.5), r"posts\[0\]\.amount"),  # type: ignore[arg-type]
        (Post(0, "big_blind", -2), r"posts\[0\]\.amount"),
        (Post(0, "", 2), r"posts\[0\]: a name"),
        (Post(0, "big_blind", 2, live=1), r"posts\[0\]: a name"),  # type: ignore[arg-type]
    ],
)
def test_a_blind_owed_that_is_not_a_seats_whole_chips_is_refused(post: Post, match: str) -> None:
    with pytest.raises(ParseError, match=match):
        Hand(load("holdem"), [100, 100], seed=1, posts=[post])


def act_once(hand: Hand) -> None:
    """The first pending seat calls (or checks, brings in, declines...)."""
    seat = hand.pending()[0]
    hand.act(seat, CallerBot().choose(Turn(seat, hand.legal_actions(seat), partial(hand.view, seat), hand.game)))


def test_every_refusal_of_a_setup_is_a_poker_error() -> None:
    with pytest.raises(ParseError, match="for 2 to 10 players, not 11"):
        Hand(load("holdem"), [100] * 11, seed=1)
    with pytest.raises(ParseError, match="not all in this game's deck"):
        Hand(load("short-deck"), [100, 100], deck="2c 2d")


def test_a_float_seat_takes_no_card_from_the_grocery_store() -> None:
    hand = Hand(load("grocery-store"), [100] * 4, seed=3)
    while not any(legal.kind == "decline" for legal in hand.legal_actions(hand.pending()[0])):
        act_once(hand)
    seat = hand.pending()[0]
    before = snapshot(hand)
    for action in (Decline(), Buy(str(hand.rows["store-1"][0]))):
        with pytest.raises(IllegalActionError, match="float"):
            hand.act(float(seat), action)  # type: ignore[arg-type]
    assert snapshot(hand) == before


def test_an_action_class_is_refused_before_baseball_changes() -> None:
    hand = Hand(load("baseball"), [100] * 4, seed=2)
    seat = hand.pending()[0]
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=r"Fold is an action type: act with an action, such as Fold\(\)"):
        hand.act(seat, Fold)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="is not an action"):
        hand.act(seat, "fold")  # type: ignore[arg-type]
    assert snapshot(hand) == before
    assert hand.pending() == (seat,)


# -- 2. numbers too big to be chip counts ------------------------------------------------------------


def test_a_bet_too_big_to_count_is_refused_at_once() -> None:
    text = dumps(to_phh(_played("holdem").history()))
    first_bet = next(line for line in text.splitlines() if " cc" in line or " cbr" in line)
    seat = first_bet.strip().strip('",').split()[0]
    huge = text.replace(first_bet, f'  "{seat} cbr 1e999999999",', 1)
    started = time.process_time()
    with pytest.raises(ReplayError, match="is not an amount") as caught:
        replay(loads(huge))
    assert time.process_time() - started < 5  # not minutes
    assert caught.value.action > 0


def test_a_stack_too_big_to_count_is_refused() -> None:
    text = dumps(to_phh(_played("holdem").history())).replace(
        "starting_stacks = [100, 100]", "starting_stacks = [1e400000, 100]"
    )
    assert "1e400000" in text
    with pytest.raises(ParseError, match="starting_stacks must be a list of amounts"):
        loads(text)


def _played(name: str, stacks: tuple[int, ...] = (100, 100), seed: int = 1) -> Hand:
    hand = Hand(load(name), list(stacks), seed=seed)
    play(hand, [CallerBot()] * len(stacks))
    return hand


# -- 3. files that open files ------------------------------------------------------------------------


def own_game(tmp_path: Path) -> Path:
    """A game document outside the catalogue (razz, renamed), and its path."""
    path = tmp_path / "my-razz.toml"
    path.write_text(document("razz").replace('name = "razz"', 'name = "my-razz"').replace("aliases = [", "#"))
    return path


def test_a_phh_file_never_opens_the_document_it_names(tmp_path: Path) -> None:
    path = own_game(tmp_path)
    secret = tmp_path / "secret.toml"
    secret.write_text("password = 'hunter2'\n")
    hand = _played_with(load(path))
    record = to_phh(hand.history())
    assert "_document" not in record.extra
    text = dumps(record) + f'\n_document = "{secret}"\n'
    with pytest.raises(ReplayError, match="'my-razz' is not a game of the catalogue: name its document") as caught:
        replay(loads(text))
    assert "hunter2" not in str(caught.value)
    assert list(replay(loads(text), load(path)).finishing_stacks) == record.extra["finishing_stacks"]
    with pytest.raises(ReplayError, match="not of 'razz'"):
        replay(loads(text), load("razz"))


def test_a_play_history_never_opens_the_document_it_names(tmp_path: Path) -> None:
    path = own_game(tmp_path)
    hand = _played_with(load(path))
    data = Record(hand.history(), ("a", "b", "c")).to_json()
    assert "document" not in data
    data["document"] = str(tmp_path / "secret.toml")
    saved = tmp_path / "hand.json"
    saved.write_text(json.dumps(data))
    with pytest.raises(ParseError, match="'my-razz' is not a game of the catalogue: name its document"):
        Record.read(saved)
    again = Record.read(saved, load(path))
    assert again.history.replay().result == hand.result
    assert cli.main(["replay", str(saved), "--all", "--game", str(path)]) == 0


def test_a_game_name_in_a_file_is_never_a_path() -> None:
    record = loads(dumps(to_phh(_played("holdem").history())))
    for variant in ("../../etc/passwd", "/etc/hosts", "x.toml"):
        with pytest.raises(ReplayError, match="is not a game of the catalogue"):
            replay(_with_variant(record, variant))


def _with_variant(record: PhhRecord, variant: str) -> PhhRecord:
    return dataclasses.replace(record, variant=variant, extra={"_decks": ["AsKs"]})


def _played_with(game: object) -> Hand:
    hand = Hand(game, [50, 50, 50], seed=4)  # type: ignore[arg-type]
    play(hand, [CallerBot()] * 3)
    return hand


# -- 4. games that lose the pot, or cannot be dealt or judged ------------------------------------------


def _without_last_step(text: str) -> str:
    return text[: text.rindex("[[steps]]")]


@pytest.mark.parametrize("name", names())
def test_a_game_whose_last_step_does_not_settle_is_refused(name: str) -> None:
    text = _without_last_step(document(name))
    count = text.count("[[steps]]")
    with pytest.raises(GameSpecError) as caught:
        load_text(text, "x.toml")
    assert any(f"steps[{count - 1}]" in problem for problem in caught.value.problems), caught.value.problems


def test_jokers_no_ranking_knows_are_refused() -> None:
    text = document("holdem").replace('deck = "standard"', "deck = { cards = 52, jokers = 1 }")
    assert "high cannot judge a hand holding Jk" in refused(text, "steps[")


def test_two_packs_where_a_player_names_cards_are_refused() -> None:
    text = document("draw").replace('deck = "standard"', "deck = { cards = 52, packs = 2 }")
    assert "could not name both" in refused(text, "deck")


def test_a_grocery_store_whose_deck_runs_out_is_refused() -> None:
    text = document("grocery-store").replace("max = 7", "max = 8")
    assert "8 players need 59 cards" in refused(text, "players.max")


def test_an_invalid_suit_order_default_is_refused() -> None:
    text = document("grocery-store").replace('default = "bridge"', 'default = "purple"')
    assert "'purple' is not a suit order" in refused(text, "options.suit_order.default")


def test_guts_with_no_deal_is_refused() -> None:
    blocks = document("guts").split("[[steps]]")
    text = "[[steps]]".join(block for block in blocks if 'kind = "deal"' not in block)
    assert "no step deals a card" in refused(text, "steps")


# -- 5. negative prices and pots -------------------------------------------------------------------


def test_a_negative_house_rule_price_is_refused() -> None:
    with pytest.raises(ParseError, match="card_price='-5': must be a whole number 0"):
        Hand(load("countdown"), [100, 100], options={"card_price": "-5"}, seed=1)
    with pytest.raises(ParseError, match="card_price=-5"):
        Hand(load("countdown"), [100, 100], options={"card_price": -5}, seed=1)
    text = document("countdown").replace("[options.card_price]\ndefault = 1", "[options.card_price]\ndefault = -20")
    assert "-20" in text
    refused(text, "options.card_price.default")


# -- 7. tracebacks where a one-line error belongs ------------------------------------------------------


def test_a_document_that_is_not_utf8_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(document("razz").encode() + b'\nrules = "caf\xe9"\n')
    with pytest.raises(GameSpecError, match=r"bad.toml: line \d+, byte \d+: not UTF-8 text"):
        load(path)


def test_deep_and_big_documents_are_refused() -> None:
    refused("steps = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "steps")
    with pytest.raises(GameSpecError, match="nested more than"):
        load_text("a = " + "[" * 100_000 + "]" * 100_000, "x.toml")
    with pytest.raises(GameSpecError, match="more than a game document's"):
        load_text("#" * (MAX_SIZE + 1), "x.toml")


def test_empty_betting_and_family_are_problems_not_crashes() -> None:
    refused(document("holdem").replace('betting = "no-limit"', 'betting = ""'), "betting")
    refused(document("holdem").replace('family = "community"', 'family = ""'), "family")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run the command line in this process: its exit status and its stderr (never a traceback)."""
    status = cli.main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err
    return status, err


def test_eval_with_a_deck_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "eval", "As Ks Qs Js Ts", "-o", "deck=37") == (
        2,
        "homegame eval: no standard pack of 37 cards (known: 52, 40, 36, 32, 28, 20)\n",
    )


def test_eval_of_a_whole_deck_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    deck = " ".join(str(card) for card in load("holdem").deck.cards())
    status, err = run(capsys, "eval", deck, "--wild", "jokers")
    assert status == 2 and "52 cards: eval judges a hand of at most 13" in err


def test_writing_into_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no" / "such"
    status, err = run(capsys, "history", "export", "holdem", "-o", str(missing / "x.phhs"))
    assert status == 2 and "there is no folder" in err
    status, err = run(capsys, "tables", "--cards", "5", "--plot", str(missing / "x.png"))
    assert status == 2 and "there is no folder" in err
    assert not (tmp_path / "no").exists()


def test_play_history_pointing_at_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine\n")
    status, err = run(capsys, "play", "holdem", "--history", str(afile))
    assert status == 2 and "a file, not a folder" in err
    assert afile.read_text() == "mine\n"


def test_tables_of_eight_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "tables", "--cards", "8")
    assert status == 2 and "cannot count 752,538,150 hands of 8 cards" in err


def test_ctrl_c_during_start_up(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*only: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert run(capsys, "games")[0] == 130


def test_a_file_that_cannot_be_written_is_a_failure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    status, err = run(capsys, "history", "export", "holdem", "-o", "x.phh")
    assert (status, err) == (1, "homegame history export: failed: No space left on device\n")


HOMEGAME = (sys.executable, "-m", "homegame")


def test_a_reader_that_closes_the_pipe_early() -> None:
    more_than_a_pipe_holds = ["history", "export", "holdem", "--hands", "150", "--seed", "1"]
    process = subprocess.Popen([*HOMEGAME, *more_than_a_pipe_holds], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stdout.read(10)
    process.stdout.close()
    _, err = process.communicate()
    assert (process.returncode, err) == (0, b"")


def test_stdout_closed_from_the_start() -> None:
    closed = subprocess.run(
        ["sh", "-c", '"$0" -m homegame games >&-', sys.executable], stderr=subprocess.PIPE, check=False
    )
    assert (closed.returncode, closed.stderr) == (0, b"")


def test_a_history_file_of_several_bad_hands_names_each_hand_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = dumps(to_phh(_played("holdem").history()))
    bad_amount = good.replace("min_bet = 2", "min_bet = -2")
    bad_seat = good.replace('"p1 ', '"p9 ', 1)
    path = tmp_path / "hands.phhs"
    path.write_text("\n\n".join(f"[{number}]\n{text}" for number, text in enumerate((good, bad_amount, bad_seat), 1)))
    entries = read_entries(path.read_text())
    assert [entry.line for entry in entries] == [1, 1 + good.count("\n") + 3, 1 + 2 * (good.count("\n") + 3)]
    assert cli.main(["history", "replay", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    hands = json.loads(out)["hands"]
    assert err == ""
    assert "finishing_stacks" in hands[0]
    assert "min_bet must be an amount" in hands[1]["error"] and hands[1]["line"] == entries[1].line
    assert "'p9' is not a player" in hands[2]["error"] and hands[2]["line"] > entries[2].line


def test_every_refusal_is_a_poker_error() -> None:
    for error in (IllegalActionError, GameSpecError, ParseError, ReplayError):
        assert issubclass(error, PokerError)
