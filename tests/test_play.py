"""The terminal table, driven by scripted input: one hand of each kind of game, bad commands,
leaving, dealer's choice, what the screen may show, and saved hands that replay."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

from homegame.cards import format_cards
from homegame.cli import main
from homegame.engine.actions import ActionKind as K
from homegame.engine.actions import AmountLegal, CardsLegal, ChoiceLegal, DivideLegal, PlaceLegal, PlainLegal
from homegame.games import load, names
from homegame.games.mixes import load_game_or_mix, mix_names
from homegame.history import loads
from homegame.play import Record, Settings, StakesRule, Standings, run
from homegame.play.commands import CommandError, Meta, read
from homegame.play.replay import replay
from homegame.play.session import PERSON


def session(lines: str, game: str | None = "holdem", **settings: object) -> tuple[Standings, str]:
    """Play a session with ``lines`` typed, against caller bots; the standings and the transcript."""
    defaults: dict[str, object] = {"seats": 3, "bots": "caller", "seed": 5}
    mix = settings.pop("game_or_mix", None)
    defaults.update(settings)
    out = io.StringIO()
    chosen = load_game_or_mix(str(mix)) if mix else load(game) if game else None
    standings = run(Settings(game=chosen, **defaults), io.StringIO(lines), out)  # type: ignore[arg-type]
    return standings, out.getvalue()


def test_a_hand_of_holdem() -> None:
    standings, text = session("c\n" * 4 + "q\n")
    assert standings.hands == 1
    assert sum(standings.net) == 0
    assert "you call" in text and "Board:" in text
    assert "Showdown" in text and " the pot (" in text
    assert "This hand:" in text and "Ledger after 1 hand" in text


def test_a_hand_of_a_declare_game() -> None:
    standings, text = session("c\n" * 5 + "l\nq\n", "stud-declare")
    assert standings.hands == 1
    assert "you declare low" in text
    assert "Declarations: " in text and "you low" in text
    assert "(declared low): low:" in text


def test_a_hand_of_a_draw_game() -> None:
    standings, text = session("c\nd 1 3\nc\nq\n", "draw")
    assert standings.hands == 1
    assert "Your cards by number:" in text
    assert "you discard" in text and "and draw" in text
    assert "This hand:" in text


def test_bad_commands_are_explained_and_asked_again() -> None:
    _, text = session("zzz\nr 1\nr\nd 1\nk 5\nc\nq\n")
    assert "'zzz' is not something you can do now" in text
    assert "the least raise is to 4; you can raise to 4..200" in text and "the amount must be" not in text
    assert "how much?" in text
    assert "'d' is not something you can do now" in text
    assert "'k' takes nothing after it" in text
    assert "you call 2" in text


def test_help_table_rules_and_ledger_on_request() -> None:
    _, text = session("?\nt\nrules\nledger\nq\n")
    assert "What you may do now:" in text and "raise to N" in text
    assert text.count("Your move:") == 2
    assert "No-limit Texas hold'em" in text and "the flop" in text
    assert "Ledger after 0 hands" in text


def test_q_leaves_with_the_ledger() -> None:
    standings, text = session("q\n")
    assert standings.hands == 0 and standings.net == (0, 0, 0)
    assert "You leave during hand 1; it does not count." in text
    assert text.rstrip().endswith("+0")
    assert "Ledger after 0 hands" in text


def test_the_end_of_input_leaves_with_the_ledger() -> None:
    standings, text = session("c\n" * 4)
    assert standings.hands == 1
    assert "You leave the table." in text and text.count("Ledger after 1 hand") == 2


def test_ctrl_c_leaves_with_the_ledger() -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    standings = run(Settings(game=load("draw"), seats=2, bots="caller", seed=1), Interrupted(), out)
    assert standings.hands == 0
    assert "You leave the table." in out.getvalue() and "Ledger after 0 hands" in out.getvalue()


def test_dealers_choice() -> None:
    standings, text = session("zz\ndraw\nc\nd\nc\n\nf\nq\n", game=None)
    assert "You deal: name the game" in text and "holdem" in text and "Five-card draw" in text
    assert "'zz' is not one of these games" in text
    assert "Hand 1 · Five-card draw" in text
    assert "seat 2 deals and calls" in text
    assert standings.hands >= 1


def test_a_mixed_game_plays_its_rotation() -> None:
    standings, text = session(("c\n" * 12 + "\n") * 3 + "q\n", None, game_or_mix="horse", seats=2)
    assert standings.hands >= 3 and sum(standings.net) + standings.carried == 0
    assert "H.O.R.S.E.: Fixed-limit Texas hold'em for the next 2 hands." in text
    assert "H.O.R.S.E.: Fixed-limit Omaha hi-lo, eight or better for the next 2 hands." in text
    assert "Hand 3 · Fixed-limit Omaha hi-lo" in text


def test_dealers_choice_offers_mixes_and_says_why_a_game_is_missing() -> None:
    _, text = session("five-o\nhorse\n" + "c\n" * 12 + "\nq\n", game=None)
    assert "Mixed games (a hand of each in turn):" in text and " horse" in text
    assert "Not for 3 players: five-o, kuhn" in text
    assert "five-o is heads-up: play it with --seats 2" in text
    assert text.count(" 1 2-7-single-draw") == 1  # a wrong answer does not scroll the list away
    assert "H.O.R.S.E., a hand of each in turn: Fixed-limit Texas hold'em first." in text
    assert "Hand 1 · Fixed-limit Texas hold'em" in text


def test_a_bot_dealer_calls_a_game_that_fits_favouring_families_played_less() -> None:
    from homegame.play.session import _Session

    out = io.StringIO()
    dealer = _Session(Settings(seats=8, bots="caller", seed=3), Console(file=out), io.StringIO()).chooser
    calls = []
    for _ in range(40):
        game = dealer._bot_choice()
        dealer._count(game)
        calls.append(game)
    assert all(game.players[0] <= 8 <= game.players[1] for game in calls)
    families = Counter(game.family.value for game in calls)
    assert max(families.values()) - min(families.values()) <= 3, families


def test_the_screen_shows_only_what_the_person_may_see(tmp_path: Path) -> None:
    _, text = session("f\nq\n", history=tmp_path, full_history=True)
    (path,) = tmp_path.glob("*.json")
    hand = Record.read(path).history.replay()
    secret = [card.pretty for seat in (1, 2) for card in hand.down[seat]]
    before_showdown = text[: text.index("Showdown")]
    assert not [card for card in secret if card in before_showdown]
    assert all(card in text for card in secret)


def test_a_saved_hand_holds_only_what_the_person_saw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 16: a player's file holds that player's cards, the cards shown and the board; every card
    # and the deck order only with --full.
    session("f\nq\n", history=tmp_path / "seen")
    session("f\nq\n", history=tmp_path / "full", full_history=True)
    (seen,) = (tmp_path / "seen").glob("hand-0001-holdem.phh")
    hand = Record.read(next((tmp_path / "full").glob("*.json"))).history.replay()  # the same seed: the same hand
    text = seen.read_text()
    assert all(str(card) in text for card in hand.down[PERSON])
    deals = [line for line in text.splitlines() if line.strip().startswith('"d dh')]
    assert len(deals) == 3 and sum("????" not in line for line in deals) == 1  # the person's own, only
    assert "_decks" not in text and "_mix" not in text  # nor the deck's order, nor a mix
    assert main(["history", "replay", str(seen), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][0]["same"] is True


def test_a_saved_hand_of_a_mix_names_the_mix(tmp_path: Path) -> None:
    # The person's file of a hand of H.O.R.S.E. names the mix as the full record and history export do.
    for folder, full in (("seen", False), ("full", True)):
        session("c\n" * 12 + "\nq\n", None, game_or_mix="horse", seats=2, history=tmp_path / folder, full_history=full)
    (seen,) = (tmp_path / "seen").glob("hand-0001-limit-holdem.phh")
    (full,) = (tmp_path / "full").glob("hand-0001-limit-holdem.json")
    assert loads(seen.read_text()).extra["_mix"] == Record.read(full).mix == "horse"
    assert main(["history", "export", "horse", "--seats", "2", "--seed", "1", "-o", str(tmp_path / "bots.phh")]) == 0
    assert loads((tmp_path / "bots.phh").read_text()).extra["_mix"] == "horse"


def test_every_hand_is_saved_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    standings, text = session("c\nd 2\nc\n\nc\nd\nc\nq\n", "draw", history=tmp_path, full_history=True)
    paths = sorted(tmp_path.glob("hand-*-draw.json"))
    assert [path.name for path in paths] == ["hand-0001-draw.json", "hand-0002-draw.json"]
    assert standings.hands == 2
    assert text.count("Saved as ") == 2
    record = Record.read(paths[0])
    assert record.names == ("you", "seat 2", "seat 3")  # seats count from 1, as everywhere
    hand = record.history.replay()
    assert hand.over and hand.result is not None and sum(hand.result.net) == 0

    out = io.StringIO()
    told = replay(record, io.StringIO("\n\na\n"), out)
    assert told.over and told.result == hand.result
    assert out.getvalue().count("Enter: next action") == 3
    assert "This hand:" in out.getvalue()

    out = io.StringIO()
    stopped = replay(record, io.StringIO("\nq\n"), out)
    assert not stopped.over and len(stopped.actions) == 1

    assert main(["replay", str(paths[0]), "--all", "--seat", "2"]) == 0
    seen = capsys.readouterr().out
    assert "you are dealt" not in seen and "seat 2 is dealt" in seen
    assert "This hand:" in seen
    for seat in ("0", "4"):
        assert main(["replay", str(paths[0]), "--seat", seat]) == 2
        assert f"--seat must be 1..3 (seats count from 1), not {seat}" in capsys.readouterr().err


def test_a_damaged_history_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["replay", str(path), "--all"]) == 2
    assert "not a homegame hand history" in capsys.readouterr().err


def test_command_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "draw", "--seats", "9"]) == 2
    assert "draw is for 2 to 6 players, not 9: play it with --seats 6" in capsys.readouterr().err
    assert main(["play", "five-o", "--seats", "3"]) == 2
    assert "five-o is heads-up: play it with --seats 2" in capsys.readouterr().err
    assert main(["play", "--stakes", "blinds=3"]) == 2
    assert "no such amount" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "bots"), [("kuhn", "1 caller bot"), ("chinese-poker", "3 caller bots")])
def test_without_seats_a_game_gets_as_many_as_it_takes(
    game: str, bots: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the default of six seats refused `homegame play kuhn` (heads-up) and chinese-poker (2 to 4)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["play", game, "--bots", "caller", "--seed", "1"]) == 0
    assert f"You sit down with {bots}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["holdem", "--stack", "10000000000001"], "a stack must be 1 to 1,000,000,000,000 chips"),
        (["holdem", "--stakes", "x99999999999"], "a stack must be 1 to 1,000,000,000,000 chips"),
        (["holdem", "--stack", "200", "--stakes", "x9999999999999"], "small_blind 9,999,999,999,999 is more"),
        (["holdem", "--stakes", "big_blind=0"], "holdem's small blind 1 would be more than its big blind 0"),
        (["horse", "--stakes", "small_bet=50"], "limit-holdem's small bet 50 would be more than its big bet 20"),
    ],
)
def test_stakes_and_stacks_no_table_can_play_are_refused_before_sitting_down(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err


def test_replay_of_a_phh_file_points_to_history_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text('[1]\nvariant = "NT"\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "PHH files replay with homegame history replay" in capsys.readouterr().err


def test_the_help_on_amounts_is_one_paragraph() -> None:
    # two lines of 100 characters each, wrapped at 80 one by one, left a ragged "a" / "number, min, max,"
    _, text = session("?\nq\ny\n")
    start = text.index("Amounts are")
    lines = text[start : text.index("all in.", start)].splitlines()
    assert len(lines) == 3 and all(len(line) > 60 for line in lines[:-1]), lines


def test_stakes_rule_scales_and_sets() -> None:
    _, text = session("q\n", stakes=StakesRule.parse("x5"), stack=1000)
    assert "small blind 5, big blind 10" in text
    _, text = session("q\n", "draw", stakes=StakesRule.parse("big_bet=8"))
    assert "big bet 8" in text


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("f", "fold"),
        ("c", "call"),
        ("b 10", "raise_to 10"),
        ("a", "raise_to 100"),
        ("raise_to 9", "raise_to 9"),
        ("r min", "raise_to 4"),
        ("r max", "raise_to 100"),
        ("u", "undo"),
        ("?", "help"),
        ("q", "quit"),
    ],
)
def test_short_commands(typed: str, expected: str) -> None:
    legal = (PlainLegal(K.FOLD), PlainLegal(K.CALL, chips=2), AmountLegal(K.RAISE_TO, min=4, max=100))
    assert str(read(typed, legal)) == expected


def test_a_check_never_calls_and_amounts_may_be_named() -> None:
    from homegame.play.commands import Sizing

    facing = (PlainLegal(K.FOLD), PlainLegal(K.CALL, chips=10), AmountLegal(K.RAISE_TO, min=20, max=190))
    for typed in ("k", "x", "check"):
        with pytest.raises(CommandError, match="you face a bet: c calls 10, f folds"):
            read(typed, facing)
    assert str(read("k", (PlainLegal(K.CHECK), AmountLegal(K.BET_TO, min=2, max=100)))) == "check"
    sizing = Sizing(pot_after_call=40, top=10)
    words = ("r pot", "r half", "r 2x", "r min", "r max", "r 35")
    assert [str(read(typed, facing, sizing)) for typed in words] == [
        "raise_to 50",
        "raise_to 30",
        "raise_to 20",
        "raise_to 20",
        "raise_to 190",
        "raise_to 35",
    ]
    assert str(read("r pot", facing, Sizing(pot_after_call=400, top=10))) == "raise_to 190"  # kept within bounds
    with pytest.raises(CommandError, match="a whole number, min, max, pot, half or 2x"):
        read("r lots", facing, sizing)


def test_all_in_and_leaving_ask_first() -> None:
    standings, text = session("a\nn\nq\nn\nc\n" + "c\n" * 3 + "q\n")
    assert "That puts in all your 200 chips: all in? (y/n) n" in text
    assert "Leave the table in the middle of the hand? (y/n) n" in text
    assert "you raise to 200" not in text and "you call" in text
    assert standings.hands == 1
    _, text = session("a\ny\nq\n")
    assert "you raise to 200" in text
    _, text = session("a\nc\ny\nq\n")  # the c was taken for a no, silently
    assert "'c': answer y (yes) or n (no)" in text and "you raise to 200" in text


def test_undo_takes_back_an_action_nobody_has_answered() -> None:
    out = io.StringIO()
    standings = run(Settings(game=load("push"), seats=3, bots="caller", seed=1), Undoing(out), out)
    text = out.getvalue()
    assert "nothing to undo: u takes back your last action while nobody else has" in text
    assert "You take back: keep." in text
    assert standings.hands == 1 and sum(standings.net) + standings.carried == 0


def test_commands_for_draws_and_choices() -> None:
    from homegame.cards import parse

    draw = (CardsLegal(K.DRAW, parse("As Kd 7c 4h 2s"), max=3),)
    assert format_cards(read("d 3 5", draw).cards) == "7c 2s"  # type: ignore[union-attr]
    assert format_cards(read("d 35", draw).cards) == "7c 2s"  # type: ignore[union-attr]
    assert format_cards(read("d 7c", draw).cards) == "7c"  # type: ignore[union-attr]
    assert str(read("pat", draw)) == "draw"
    with pytest.raises(CommandError, match="there is no card 7"):
        read("d 7", draw)
    with pytest.raises(CommandError, match=r"name 0\.\.3 cards, not 4"):
        read("d 1 2 3 4", draw)
    declare = (ChoiceLegal(K.DECLARE, ("high", "low", "both")),)
    assert [str(read(word, declare)) for word in ("h", "l", "b", "both", "declare low")] == [
        "declare high",
        "declare low",
        "declare both",
        "declare both",
        "declare low",
    ]
    assert read("t", declare) is Meta.TABLE
    with pytest.raises(CommandError, match="choose one of high, low, both"):
        read("declare sideways", declare)


def test_commands_for_the_kinds_of_the_catalogue_to_come() -> None:
    from homegame.cards import parse

    cards = parse("As Kd 7c 4h 2s Ah 3c")
    assert str(read("d 3", (CardsLegal(K.DISCARD, cards[:3], min=1, max=1),))) == "discard 7c"
    assert str(read("roll 2", (CardsLegal(K.ROLL, cards[:3], min=1, max=1),))) == "roll Kd"
    assert str(read("pass 1 2 3", (CardsLegal(K.PASS, cards, min=3, max=3),))) == "pass As Ah Kd"  # as numbered
    offer = (ChoiceLegal(K.BUY, ("card", "option"), prices=(5, 10)), PlainLegal(K.DECLINE))
    assert [str(read(typed, offer)) for typed in ("buy card", "buy o", "option", "decline")] == [
        "buy card",
        "buy option",
        "buy option",
        "decline",
    ]
    with pytest.raises(CommandError, match="you cannot check or call now"):
        read("c", offer)  # a short word never buys by accident
    store = (ChoiceLegal(K.BUY, ("Qs", "3s"), prices=(2, 4)), PlainLegal(K.DECLINE))
    assert str(read("buy qs", store)) == "buy Qs"
    assert str(read("keep", (PlainLegal(K.KEEP), PlainLegal(K.PUSH)))) == "keep"
    split = (DivideLegal(K.SPLIT, cards, sizes=(5, 2)),)
    assert str(read("split 1 2 3 4 7 / 5 6", split)) == "split As Ah Kd 7c 2s / 4h 3c"
    assert str(read("split", split)) == "split As Ah Kd 7c 4h / 3c 2s"
    with pytest.raises(CommandError, match=r"split into 5 \+ 2 cards, not 4 \+ 3"):
        read("split 1 2 3 4 / 5 6 7", split)
    place = (PlaceLegal(K.PLACE, cards[:2], rows=("front", "back")),)
    assert str(read("place 2 b", place)) == "place Kd back"
    with pytest.raises(CommandError, match="name a card and one of front, back"):
        read("place front", place)


class Persistent(io.StringIO):
    """A person who, at every prompt, tries a few commands in turn until one is taken, and leaves
    when the first hand is over (watching the ``screen``)."""

    WORDS = ("c", "d", "h", "in", "keep", "decline", "split", "d 1", "d 1 2", "roll 1")
    WORDS += ("pass 1 2 3", "pass 1 2", "pass 1")
    WORDS += tuple(f"place 1 {column}" for column in range(1, 6))

    def __init__(self, screen: io.StringIO) -> None:
        super().__init__()
        self.screen = screen
        self.count = 0

    def readline(self, size: int | None = -1) -> str:
        if self.screen.getvalue().endswith("Enter for the next hand, q to leave: "):
            return "q\n"
        self.count += 1
        if self.count > 3000:  # stuck: none of the words is legal here
            return ""
        return self.WORDS[self.count % len(self.WORDS)] + "\n"


@pytest.mark.parametrize("name", names())
def test_a_person_can_play_every_catalogue_game(name: str) -> None:
    game = load(name)
    seats = min(max(3, game.players[0]), game.players[1])
    out = io.StringIO()
    standings = run(Settings(game=game, seats=seats, bots="caller", seed=2), Persistent(out), out)
    assert standings.hands == 1 and sum(standings.net) + standings.carried == 0
    assert "This hand:" in out.getvalue() and "Traceback" not in out.getvalue()


@pytest.mark.parametrize("name", mix_names())
def test_a_person_can_play_every_mix(name: str) -> None:
    mix = load_game_or_mix(name)
    out = io.StringIO()
    standings = run(Settings(game=mix, seats=3, bots="caller", seed=2), Persistent(out), out)
    assert standings.hands == 1 and sum(standings.net) + standings.carried == 0
    assert "This hand:" in out.getvalue() and "Traceback" not in out.getvalue()


class Undoing(Persistent):
    """The persistent person, who also types ``u`` at every third prompt of the hand (40 times at most)."""

    undone = 0

    def readline(self, size: int | None = -1) -> str:
        if self.screen.getvalue().endswith("> ") and self.count % 3 == 2 and self.undone < 40:
            self.count += 1
            self.undone += 1
            return "u\n"
        return super().readline(size)


def _flat(text: str) -> str:
    """The transcript with its line breaks undone (the screen wraps at 80 columns)."""
    return " ".join(text.split())


def test_menus_say_each_choice_in_words_and_help_explains_the_decision() -> None:
    _, text = session("?\nq\ny\n", "push", seed=2)
    flat = _flat(text)
    assert "push the 3♥ to seat 2 and buy a new card for 1" in flat and "keep the 3♥" in flat
    assert "The decision: Each player in turn is offered an up card" in flat
    _, text = session("?\nq\ny\n", "guts", seed=2)
    assert "stay in: lose and you pay 3 to the next pot" in _flat(text)


def test_a_refused_split_names_the_rule() -> None:
    _, text = session("c\n" * 8 + "split 1 2 3 4 5 / 6 7\nsplit\nq\n", "pi-gow-stud", seed=2)
    assert "not one of the splits the rules allow here: the five must beat the two" in _flat(text)
    assert "you split" in text


def test_the_split_shown_is_one_the_game_takes() -> None:
    # Chinese poker's menu showed Pi Gow's "split 1 2 3 4 5 / 6 7" for its 5 + 5 + 3
    example = "split 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13"
    _, text = session(f"{example}\ny\nq\n", "chinese-poker", seats=2, seed=1)  # y: split it though it is a mis-set
    assert f"  {example}  hands of 5 + 5 + 3" in text and "you split" in text


def test_a_split_is_named_before_it_goes_and_a_mis_set_asks_first() -> None:
    """Rules 004, Chinese poker: "If one of the hands does not adhere to increasing rank (i.e. is
    mis-set), the hand is declared dead". Seed 2 deals you A♦ K♠ Q♣ T♠ T♥ T♣ 7♥ 5♣ 4♠ 4♦ 3♠ 3♥ 2♦."""
    typed = "split 13 12 11 10 9 / 8 7 6 5 4 / 3 2 1\nn\nsplit 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13\nq\ny\n"
    _, text = session(typed, "chinese-poker", seed=2)
    flat = _flat(text)
    assert "back: two pair, fours and threes · middle: three tens · front: ace high" in flat
    assert "Mis-set: the middle (three tens) beats the back (two pair, fours and threes)" in flat
    assert "back: pair of tens · middle: pair of fours · front: pair of threes" in flat
    assert flat.count("you split") == 1 and "you split A♦ K♠ Q♣ T♠ T♥ / T♣" in flat  # the mis-set was not sent


def test_after_a_fold_the_table_stays_drawn_street_by_street() -> None:
    standings, text = session("f\nq\n")
    assert "you fold" in text
    after = text[text.index("you fold") :]
    assert "The flop" in after and "The turn" in after and "The river" in after
    assert after.count("player   stack") >= 3
    assert standings.hands == 1


def test_the_screen_fits_80_columns_and_sorts_your_hand() -> None:
    _, text = session("place 1 1\n" + "place 1 2\n" * 6 + "q\ny\n", "five-o", seats=2, seed=2)
    assert max(map(len, text.splitlines())) <= 80
    _, text = session("q\ny\n", "chinese-poker", seed=2)
    lines = text.splitlines()
    at = next(index for index, line in enumerate(lines) if line.startswith("Your cards by number:"))
    assert "  1 A♦  2 K♠  3 Q♣" in lines[at] and "  13 2♦" in lines[at + 1]
    assert max(map(len, lines)) <= 80


def test_a_carried_pot_is_in_the_ledger_so_the_nets_add_up() -> None:
    standings, text = session("in\nq\n", "guts", seed=2)
    assert standings.carried > 0 and sum(standings.net) + standings.carried == 0
    assert "pot (carried)" in text and "nobody's yet" in text


def test_the_table_names_the_wild_cards_in_force_for_you() -> None:
    _, text = session("c\nq\ny\n", "baseball", seed=4)
    assert "Wild for you: threes, nines" in text
    _, text = session("c\nq\ny\n", "the-option", seed=4)
    assert "Wild for you: jacks" in text  # the lowest down card's rank


@pytest.mark.parametrize("kill", [True, False])
def test_two_pots_in_a_row_double_the_next_hand_at_a_kill_table(kill: bool) -> None:
    """Rules document 004, variation 4: "Kill game: When a fixed limit game is played and a player
    wins two pots in a row, the stakes are doubled." Seat 1 wins hand 1 (you fold) and hand 2 (at
    the showdown, seed 4): hand 3 is a kill hand only at a kill table."""
    lines = "f\n\n" + "k\n" * 4 + "\nf\nq\n"
    standings, text = session(lines, "limit-holdem", seats=2, seed=4, kill=kill)
    assert standings.hands == 3 and sum(standings.net) == 0
    hand3 = text[text.index("Hand 3 ·") :]
    assert text.count("seat 2 wins the pot") == 3
    doubled = "small blind 2, big blind 4, small bet 4, big bet 8"
    assert (doubled in hand3) is kill and ("small blind 1, big blind 2" in hand3) is not kill
    assert ("Kill hand (seat 2 killed): the stakes are doubled." in hand3) is kill
    assert "Kill hand" not in text[: text.index("Hand 3 ·")]


def test_a_kill_table_from_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("f\n\n" + "k\n" * 4 + "\nq\n"))
    assert main(["play", "limit-holdem", "--seats", "2", "--bots", "caller", "--seed", "4", "--kill"]) == 0
    assert "Kill hand (seat 2 killed)" in capsys.readouterr().out
