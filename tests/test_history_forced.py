"""Forced bets as real tables have them (issue 16): a big-blind ante, a button ante, straddles, a
button blind, dealt by the engine from a game's stakes, written in PHH, read back by PokerKit to
its own stacks, and PokerKit's files of the same hands replayed here to ours."""

from __future__ import annotations

import random
import warnings
from dataclasses import replace

import pytest

from homegame.engine import Hand
from homegame.engine.events import Posted
from homegame.engine.hand import Chance, Setup
from homegame.engine.steps.antes import Antes
from homegame.engine.steps.blinds import Blinds
from homegame.games import load
from homegame.history import dumps, loads, to_phh
from homegame.history.export import is_standard
from homegame.history.replay import ReplayError, replay

pytest.importorskip("pokerkit")

from pokerkit.notation import HandHistory

from lockstep import lockstep

LAYOUTS = {
    "big-blind ante": ("holdem", {"big_blind_ante": 2}, 0),
    "button ante": ("holdem", {"button_ante": 1}, 0),
    "a straddle": ("holdem", {"straddle": 4}, 1),
    "three straddles": ("holdem", {"straddle": 4}, 3),
    "a button blind with antes": ("short-deck", {"small_blind": 0, "big_blind": 0, "ante": 1, "button_blind": 3}, 0),
    "a lone big blind": ("holdem", {"small_blind": 0}, 0),
}


def layout_setup(name: str, seed: int) -> Setup:
    game_name, amounts, straddles = LAYOUTS[name]
    game = load(game_name)
    steps = tuple(Blinds(straddles=straddles) if isinstance(step, Blinds) else step for step in game.steps)
    if amounts.get("ante") and not any(isinstance(step, Antes) for step in steps):
        steps = (Antes(), *steps)
    game = replace(game, steps=steps)
    rng = random.Random(seed)
    seats = rng.randint(2 + straddles, 6)
    stacks = tuple(rng.choice((rng.randint(2, 30), rng.randint(50, 300))) for _ in range(seats))
    options = tuple(game.option_values().items())
    stakes = replace(game.stakes, **amounts)
    return Setup(game=game, stacks=stacks, button=rng.randrange(seats), stakes=stakes, options=options)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_forced_bets_play_as_in_pokerkit_and_replay_from_its_files(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(12):
            hands = lockstep(layout_setup(name, seed), seed)
            hands.play()
            ours, theirs = hands.stacks()
            assert ours == theirs, f"{name} seed {seed}"
            text = hands.phh()  # PokerKit's own file of the hand
            assert list(replay(loads(text)).finishing_stacks) == theirs, f"{name} seed {seed}"
            history = hands.hand.history()
            if is_standard(history):  # a game changed outside its document is written for --game
                assert list(replay(loads(dumps(to_phh(history)))).finishing_stacks) == ours


def test_the_big_blind_antes_before_posting_its_blind() -> None:
    game = load("holdem")
    stakes = replace(game.stakes, big_blind_ante=2)
    hand = Hand.from_setup(Setup(game=game, stacks=(50, 3, 50), button=0, stakes=stakes), Chance(random.Random(1)))
    posts = [(event.seat, event.blind, event.amount) for event in hand.events if isinstance(event, Posted)]
    assert posts == [(2, "big_blind_ante", 2), (1, "small_blind", 1), (2, "big_blind", 2)]
    short = Hand.from_setup(Setup(game=game, stacks=(50, 50, 3), button=0, stakes=stakes), Chance(random.Random(1)))
    assert [(e.blind, e.amount) for e in short.events if isinstance(e, Posted) and e.seat == 2] == [
        ("big_blind_ante", 2),
        ("big_blind", 1),  # all in: the ante first, then what is left
    ]


def test_a_game_document_deals_them() -> None:
    from homegame.games.loader import load_text

    document = """
name = "bba-holdem"
title = "Hold'em with a big-blind ante and two straddles"
family = "community"
players = { min = 2, max = 9 }
deck = "standard"
betting = "no-limit"
stakes = { small_blind = 1, big_blind = 2, straddle = 4, big_blind_ante = 2 }
rules = "Hold'em."
[[steps]]
kind = "blinds"
straddles = 2
[[steps]]
kind = "deal"
cards = ["down", "down"]
[[steps]]
kind = "bet"
first = "after-blinds"
[[steps]]
kind = "showdown"
contests = [{ side = "high", ranking = "high", form = "best-5" }]
"""
    game = load_text(document, "bba-holdem.toml")
    hand = Hand(game, [100] * 5, button=4)
    posts = [(event.seat, event.blind, event.amount) for event in hand.events if isinstance(event, Posted)]
    assert posts == [
        (1, "big_blind_ante", 2),
        (0, "small_blind", 1),
        (1, "big_blind", 2),
        (2, "straddle", 4),
        (3, "straddle", 8),
    ]
    assert hand.pending() == (4,)  # the button acts first, after the last straddle


@pytest.mark.parametrize(
    ("antes", "blinds", "first", "reason"),
    [
        ("[1, 0, 0, 0, 2]", "[1, 2, 0, 0, 0]", 3, "one from everyone"),
        ("[0, 0, 0, 0, 0]", "[1, 2, 5, 0, 0]", 4, ""),  # a straddle
        ("[0, 0, 0, 0, 0]", "[1, 2, 4, 8, 0]", 5, ""),  # a double straddle
        ("[0, 0, 0, 0, 0]", "[1, 2, 4, 9, 0]", 5, "each twice the one before"),
        ("[0, 0, 0, 0, 0]", "[1, 2, 0, 0, 5]", 1, ""),  # a button blind
        ("[0, 0, 0, 0, 0]", "[0, 2, 0, 0, 0]", 3, ""),  # a lone blind
        ("[0, 0, 0, 0, 0]", "[1, 2, 3]", 3, "one amount a player"),
    ],
)
def test_layouts_are_read_or_named(antes: str, blinds: str, first: int, reason: str) -> None:
    folds = [f"p{(first - 1 + step) % 5 + 1} f" for step in range(4)]
    text = f"""variant = "NT"
antes = {antes}
blinds_or_straddles = {blinds}
min_bet = 2
starting_stacks = [100, 100, 100, 100, 100]
actions = [{", ".join(f'"d dh p{player} ????"' for player in range(1, 6))}, {", ".join(f'"{fold}"' for fold in folds)}]
"""
    if not reason:
        assert replay(loads(text)).hand.over
        return
    with pytest.raises(ReplayError, match=reason):
        replay(loads(text))


def test_an_empty_check_pokerkit_asks_for_is_passed_over_with_a_note() -> None:
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 4]
min_bet = 2
starting_stacks = [245, 3, 200]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p1 f", "p2 cc", "p3 cc",
           "d db 2c3c4c", "d db 5d", "d db 6h"]
"""
    played = replay(loads(text))
    assert played.finishing_stacks == (244, 4, 200)  # the board plays: p2 and p3 share 7 chips
    assert "action 6 'p3 cc': a check where homegame has no decision, passed over" in played.note


def test_heads_up_pokerkit_reads_the_lists_in_the_other_order() -> None:
    game = load("holdem")
    stakes = replace(game.stakes, big_blind_ante=2)
    setup = Setup(game=game, stacks=(40, 60), button=1, stakes=stakes, options=tuple(game.option_values().items()))
    record = to_phh(Hand.from_setup(setup, Chance(random.Random(1))).history())
    assert record.antes == (0, 2) and record.blinds_or_straddles == (1, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = HandHistory.loads(dumps(record).replace("actions = [", 'actions = [\n  "p2 f",')).create_state()
    assert (state.get_effective_ante(0), state.get_effective_ante(1)) == (2, 0)  # p1, the big blind, antes


@pytest.mark.parametrize("name", ["stud", "razz", "omaha-hi-lo"])
def test_dead_antes_play_as_pokerkit_without_ante_trimming(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(10):
            setup = layout_setup("big-blind ante" if name == "omaha-hi-lo" else "a straddle", seed)
            game = load(name)
            steps = tuple(replace(step, dead=True) if isinstance(step, Antes) else step for step in game.steps)
            if not any(isinstance(step, Antes) for step in steps):
                steps = (Antes(dead=True), *steps)
            game = replace(game, steps=steps)
            stakes = replace(game.stakes, ante=game.stakes.ante or 1)
            options = tuple(game.option_values().items())
            setup = replace(setup, game=game, stakes=stakes, options=options)
            if len(setup.stacks) > game.players[1]:
                continue
            hands = lockstep(setup, seed)
            hands.play()
            ours, theirs = hands.stacks()
            assert ours == theirs, f"{name} seed {seed}"
            assert list(replay(loads(hands.phh())).finishing_stacks) == theirs
