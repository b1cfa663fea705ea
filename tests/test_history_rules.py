"""Equivalent actions and rule profiles (issue 16): actions our rules say differently with the same
effect replay with a note, and a file PokerKit wrote under its own readings replays under
``--rules pokerkit``, refused under the casino rules with the rule that differs named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homegame.cli import main
from homegame.history import loads
from homegame.history.replay import ReplayError, replay

FIXTURES = Path(__file__).parent / "fixtures"
CAP = FIXTURES / "pokerkit-fixed-limit-cap.phh"  # PokerKit's file: four raises before the flop


def test_a_fixed_limit_raise_to_what_the_only_opponent_can_call() -> None:
    text = """variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 5]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 4", "p1 cbr 5", "p2 cc", "d db 2h3h4h", "d db 9s", "d db 9d"]
finishing_stacks = [105, 0]
"""
    played = replay(loads(text))
    assert played.same is True
    assert "'p1 cbr 5': a fixed-limit raise to what the others can call, played as the full raise to 6" in played.note


def test_pokerkits_cap_needs_its_profile() -> None:
    record = loads(CAP.read_text())
    with pytest.raises(ReplayError, match=r"under pokerkit's readings \(cap 5\): replay it with --rules pokerkit"):
        replay(record)
    assert replay(record, rules="pokerkit").finishing_stacks == (220, 190, 190)


def test_history_replay_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "replay", str(CAP), "--json"]) == 1
    assert "--rules pokerkit" in json.loads(capsys.readouterr().out)["hands"][0]["error"]
    assert main(["history", "replay", str(CAP), "--rules", "pokerkit", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][0]["finishing_stacks"] == [220, 190, 190]


def test_a_completion_for_the_bring_ins_chips_is_the_bring_in() -> None:
    up = (("3c", "Qs"), ("4c", "Js"), ("5c", "9s"))
    streets = ", ".join(f'"d dh p1 {card}", "d dh p2 {other}"' for card, other in up)
    text = f"""variant = "F7S"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [3, 50]
actions = ["d dh p1 AhAd2c", "d dh p2 KhKsKd", "p1 cbr 2", "p2 cc", {streets}, "d dh p1 7h", "d dh p2 8h",
           "p1 sm AhAd2c3c4c5c7h", "p2 sm KhKsKdQsJs9s8h"]
"""
    played = replay(loads(text))
    assert played.finishing_stacks == (6, 47)  # a wheel
    assert "'p1 cbr 2': a completion to the bring-in's amount, played as the bring-in" in played.note


def test_pokerkits_least_raise_over_a_straddle_needs_its_profile() -> None:
    record = loads((FIXTURES / "pokerkit-straddle-min-raise.phh").read_text())  # p4 raises 4 to 6
    with pytest.raises(ReplayError, match=r"\(straddle_min_raise big-blind\): replay it with --rules pokerkit"):
        replay(record)
    assert replay(record, rules="pokerkit").finishing_stacks == (99, 98, 109, 94)


# PokerKit's reading of an all-in for less (house rule short_all_in = "a-raise"): a raise of what it
# adds. Each hand below is PokerKit's own play (its finishing stacks), refused under the casino rules.
SHORT_ALL_INS = {
    # The big blind is no raise to PokerKit: p4's all-in raise of one chip over it is the round's
    # first raise, so it reopens the betting and p3, who had called, raises again.
    "a short all-in over the blinds reopens the betting": (
        """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 3]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "d dh p4 JcJd", "p3 cc", "p4 cbr 3", "p1 cc",
           "p2 cc", "p3 cbr 10", "p1 f", "p2 f", "d db 2h3h4h", "d db 9s", "d db 9d"]
finishing_stacks = [97, 97, 109, 0]
""",
        "seat 2 cannot raise_to now",
    ),
    # Limit: a one-chip all-in bet on the turn is raised a full bet over it (to 5), not completed
    # to a full bet (to 4, the casino rule).
    "a fixed-limit raise over a short all-in bet is a unit over it": (
        """variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 3, 100]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cc", "p1 cc", "p2 cc", "d db 2h3h4h", "p1 cc",
           "p2 cc", "p3 cc", "d db 9s", "p1 cc", "p2 cbr 1", "p3 cbr 5", "p1 f", "d db 9d"]
finishing_stacks = [98, 8, 97]
""",
        "raise_to 5: the amount must be 4",
    ),
    # Stud: p1, all in for the bring-in's two chips, completes with them (PokerKit's "cbr 2", not
    # "pb"); the next raise is a unit over the completion, to 7.
    "a stud completion all in for the bring-in is raised a unit over it": (
        """variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [3, 100, 100]
actions = ["d dh p1 AhAd2c", "d dh p2 KhKsKc", "d dh p3 7h8sQs", "p1 cbr 2", "p2 cbr 7", "p3 f", "d dh p1 3c",
           "d dh p2 Qd", "d dh p1 4c", "d dh p2 Jd", "d dh p1 5c", "d dh p2 Td", "d dh p1 9c", "d dh p2 2d"]
finishing_stacks = [7, 97, 99]
""",
        "seat 1 cannot raise_to now (legal: fold; call 2; complete 5)",
    ),
}


@pytest.mark.parametrize("reading", SHORT_ALL_INS)
def test_pokerkits_short_all_in_needs_its_profile(reading: str) -> None:
    text, casino = SHORT_ALL_INS[reading]
    record = loads(text)
    with pytest.raises(ReplayError) as refused:
        replay(record)
    assert casino in str(refused.value)
    assert "(short_all_in a-raise): replay it with --rules pokerkit" in str(refused.value)
    assert replay(record, rules="pokerkit").same is True


def test_a_player_the_file_leaves_out_at_a_bet_folds() -> None:
    # Transcribed final tables leave out the folds of players the broadcast never showed: p4 (the
    # button) does not appear after p3's raise, and its stack ends where it began.
    text = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [50, 50, 50, 50]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "d dh p4 JcJd", "p3 cbr 6", "p1 cc", "p2 f",
           "d db 2h3h4h", "p1 cc", "p3 cc", "d db 9s", "p1 cc", "p3 cc", "d db 9d", "p1 cc", "p3 cc"]
finishing_stacks = [58, 48, 44, 50]
"""
    played = replay(loads(text))
    assert played.same is True
    assert "'p1 cc': p4 not in the file where homegame asks, taken as folding" in played.note
    refused = text.replace('"p1 cc", "p2 f",', '"p1 cc", "p2 f", "p4 cc",')  # p4 acts after its turn
    with pytest.raises(ReplayError, match="homegame waits for p4"):
        replay(loads(refused))


def test_pokerkits_draw_deals_after_every_discard() -> None:
    # PokerKit's triple draw (its own play): in the last draw p3 throws Ts, then the stock runs out
    # and Ts comes back to p6 in the same draw. PokerKit deals once everyone has discarded, after
    # burning a card (house rule draw_deal = "discards-first"); in turn, p3's discard would not be
    # in the new stock yet.
    text = """variant = "F2L3D"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [21, 300, 151, 70, 3, 4]
actions = ["d dh p1 Kc6sJc7hJd", "d dh p2 KsAs7sKd5c", "d dh p3 Ts5h4dQc2h", "d dh p4 KhTc8s7d6d",
           "d dh p5 9c9sJhAh4s", "d dh p6 3h9hQs3s7c", "p3 cbr 4", "p4 cc", "p5 f", "p6 cc", "p1 f", "p2 f",
           "p3 sd 4dQc2hTs", "p4 sd 8sKh6dTc7d", "p6 sd Qs", "d dh p3 Qh4h3cAc", "d dh p4 5sTd2c9d3d",
           "d dh p6 4c", "p3 cbr 2", "p4 f", "p3 sd Qh", "p6 sd 3s3h7c9h4c", "d dh p3 8d", "d dh p6 2s6c5dQdAd",
           "p3 sd 8d", "p6 sd 6cQd5dAd2s", "d dh p3 Js", "d dh p6 6hTh9hAhTs", "p3 sm 5h4h3cAcJs",
           "p6 sm 6hTh9hAhTs"]
finishing_stacks = [20, 298, 162, 66, 3, 0]
"""
    record = loads(text)
    with pytest.raises(ReplayError, match=r"\(draw_deal discards-first\): replay it with --rules pokerkit"):
        replay(record)
    assert replay(record, rules="pokerkit").same is True


def test_the_rules_text_states_the_casino_rule_and_pokerkits_reading(capsys: pytest.CaptureFixture[str]) -> None:
    """``homegame rules GAME`` says in words what each of the two readings does, which is the casino
    default and which PokerKit's (the one ``--rules pokerkit`` plays), in every game declaring them."""
    from homegame.games import load, names
    from homegame.history.replay import PROFILES

    declaring = 0
    for name in names():
        game = load(name)
        for rule in ("short_all_in", "draw_deal"):
            option = game.option(rule)
            if option is None:
                continue
            declaring += 1
            assert main(["rules", name]) == 0
            [line] = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith(f"{rule} =")]
            assert (
                f"{rule} = {option.default}: " in line and f"by the casino rule ({option.default}, the default)" in line
            )
            assert f"by PokerKit's reading ({PROFILES['pokerkit'][rule]})" in line
    assert declaring == 14  # 11 games of short_all_in, 3 draws of draw_deal
