"""The fast kernel against the reference ranking (issue 3, "Speed"; rules document 004).

"A property test holds kernel and reference equal on random hands": for every kind
the kernel serves, stripped decks ("In a stripped deck game, the ace is considered
to be adjacent to the lowest card present in the deck") and "a Flush is sometimes
ranked above a Full House", the ordinal the kernel gives maps to the key the
reference gives, from five, six and seven cards ("Poker ranks are always based on
five cards only": the best five count). Hands with five or more cards of a suit
are drawn on purpose, since that is where the lows must avoid a flush.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.cards import Card, DeckSpec, parse
from homegame.engine.judge import Judge
from homegame.ranking import get
from homegame.ranking.forms import Form, best
from homegame.ranking.kernel import Evaluator
from homegame.ranking.lookup import RANK_KEYS, SUM_MASK, build, cache_dir, load, search_rank_keys, supports
from homegame.ranking.poker import PokerRanking

CONFIGS = [
    ("high", {}),
    ("low-a5", {}),
    ("low-27", {}),
    ("low-a6", {}),
    ("low-reversed", {}),
    ("low-a5", {"qualifier": 8}),
    ("low-reversed", {"qualifier": 8}),
    ("low-a6", {"ace_high_straight": True, "ace_pair_high": True}),
    ("high", {"deck": 36}),
    ("high", {"deck": 32, "flush_beats_full_house": True}),
    ("high", {"deck": 20}),
    ("low-27", {"deck": 36}),
    ("low-a5", {"deck": 32}),
    ("low-a6", {"deck": 20, "flush_beats_full_house": True}),
]
IDS = [" ".join([name, *(f"{k}={v}" for k, v in options.items())]) for name, options in CONFIGS]


def ranking_of(name: str, options: dict[str, object]) -> PokerRanking:
    ranking = get(name, **options)
    assert isinstance(ranking, PokerRanking)
    return ranking


def deck_codes(ranking: PokerRanking) -> list[int]:
    return [card.code for card in DeckSpec(lowest_rank=ranking.lowest_rank).cards()]


@st.composite
def hands(draw: st.DrawFn, codes: list[int]) -> list[int]:
    """5 to 7 distinct cards of the deck; half the time five or more of them of one suit."""
    size = draw(st.integers(5, 7))
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        suited = [code for code in codes if code & 3 == suit]
        many = draw(st.integers(5, min(size, len(suited))))
        chosen = draw(st.lists(st.sampled_from(suited), min_size=many, max_size=many, unique=True))
        rest = [code for code in codes if code not in chosen]
        chosen += draw(st.lists(st.sampled_from(rest), min_size=size - many, max_size=size - many, unique=True))
        return draw(st.permutations(chosen))
    return draw(st.lists(st.sampled_from(codes), min_size=size, max_size=size, unique=True))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_kernel_agrees_with_the_reference(name: str, options: dict[str, object], data: st.DataObject) -> None:
    ranking = ranking_of(name, options)
    evaluator = Evaluator.for_ranking(ranking)
    assert evaluator is not None
    codes = data.draw(hands(deck_codes(ranking)))
    reference = ranking.evaluate([Card.from_code(code) for code in codes])
    ordinal = evaluator.rank(codes)
    assert evaluator.keys[ordinal] == reference.key
    assert evaluator.categories[ordinal] is reference.category
    assert evaluator.qualified[ordinal] == reference.qualified
    named = evaluator.best(ranking, [[Card.from_code(code) for code in codes]])
    assert named is not None and named.key == reference.key  # the hand named from the same five cards
    assert (named.cards, named.name, named.category, named.qualified) == (
        reference.cards,
        reference.name,
        reference.category,
        reference.qualified,
    )


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=9, max_size=9, unique=True), st.sampled_from(["high", "low-a5"]))
def test_a_judge_names_an_omaha_hand_as_the_reference_does(codes: list[int], name: str) -> None:
    """Four hole cards and five on the board, exactly two and three of them: the judge's value (the
    kernel choosing the five) is the reference ``best``'s, cards and name alike."""
    ranking, form = get(name), Form(hole=2)
    hole, board = [Card.from_code(code) for code in codes[:4]], [Card.from_code(code) for code in codes[4:]]
    fast, reference = Judge(ranking, form).value(hole, board), best(ranking, hole, board, form)
    assert (fast.key, fast.cards, fast.name) == (reference.key, reference.cards, reference.name)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_batch_agrees_with_the_single_hand_path(name: str, options: dict[str, object]) -> None:
    ranking = ranking_of(name, options)
    evaluator = Evaluator.for_ranking(ranking)
    assert evaluator is not None
    codes = deck_codes(ranking)
    rng = random.Random(3)
    for size in (5, 6, 7):
        rows = [rng.sample(codes, size) for _ in range(300)]
        for _ in range(300):  # five or more of one suit, the rest anything
            suit = rng.randrange(4)
            of_suit = [code for code in codes if code & 3 == suit]
            suited = rng.sample(of_suit, rng.randint(5, min(size, len(of_suit))))
            rows.append(suited + rng.sample([code for code in codes if code not in suited], size - len(suited)))
        array = np.array(rows, dtype=np.uint8)
        single = [evaluator.rank(row) for row in rows]
        assert evaluator.batch(array).tolist() == single
        assert evaluator.batch(array, parallel=True).tolist() == single


def test_ordinals_follow_the_reference_order() -> None:
    # "Table entries are dense ordinals in the order of the reference keys"
    evaluator = Evaluator.for_ranking(get("high"))
    assert evaluator is not None
    assert len(evaluator) == 7462
    assert (np.diff(evaluator.keys) > 0).all()
    royal = evaluator.rank([card.code for card in parse("Ac Kc Qc Jc Tc")])
    assert royal == len(evaluator) - 1
    assert evaluator.categories[0].value == "high_card"


def test_qualified_marks_the_eight_or_better_lows() -> None:
    ranking = get("low-a5", qualifier=8)
    evaluator = Evaluator.for_ranking(ranking)
    assert evaluator is not None
    for text, qualified in (("8h 6d 5c 4s 2h Kd Kc", True), ("9h 6d 5c 4s 9d Kd Kc", False), ("Ah 2d 3c 4s 5h", True)):
        cards = parse(text)
        assert ranking.evaluate(cards).qualified is qualified
        assert evaluator.qualified[evaluator.rank([card.code for card in cards])] == qualified


@pytest.mark.parametrize(
    "ranking",
    [
        get("three-card"),
        get("badugi"),
        get("high", suit_tiebreak="highest-card"),
        get("high", italian_straight_flush=True),
        get("high", imperial_flush=True),
        get("high", packs=2),
        get("high", wild="jokers"),
    ],
    ids=str,
)
def test_configurations_the_kernel_leaves_to_the_reference(ranking: object) -> None:
    assert not supports(ranking)
    assert Evaluator.for_ranking(ranking) is None  # type: ignore[arg-type]


def test_bad_hands_are_refused() -> None:
    evaluator = Evaluator.for_ranking(get("high"))
    assert evaluator is not None
    with pytest.raises(ValueError, match="5 to 7 cards"):
        evaluator.rank([0, 1, 2, 3])
    with pytest.raises(ValueError, match="natural card codes"):
        evaluator.rank([0, 1, 2, 3, 52])
    with pytest.raises(ValueError, match="shape"):
        evaluator.batch(np.zeros((3, 4), dtype=np.uint8))


def test_rank_keys_are_what_the_greedy_search_finds() -> None:
    # the search is greedy, rank by rank: its first eleven keys are the constants' (all thirteen take
    # seconds more), and the constants keep every multiset of a size apart
    assert search_rank_keys(ranks=11) == RANK_KEYS[:11]
    for size in (5, 6, 7):
        legal = [ranks for ranks in combinations_with_replacement(range(13), size) if max(Counter(ranks).values()) <= 4]
        sums = {sum(RANK_KEYS[rank] for rank in ranks) for ranks in legal}
        assert len(sums) == len(legal)
        assert max(sums) <= SUM_MASK  # every sum fits the mask


def test_tables_are_cached_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ranking = ranking_of("low-27", {"deck": 20})
    assert cache_dir() == tmp_path / "homegame"
    load.cache_clear()
    built = load(ranking)
    (written,) = (tmp_path / "homegame").glob("kernel-*.npz")
    load.cache_clear()
    read = load(ranking)
    assert read is not built
    assert read.categories == built.categories
    for field in ("keys", "qualified", "offsets", "ranks", "flush"):
        assert np.array_equal(getattr(read, field), getattr(built, field))
    written.write_bytes(b"not a table")  # a damaged cache is rebuilt
    load.cache_clear()
    assert np.array_equal(load(ranking).keys, built.keys)


def test_an_unwritable_cache_builds_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache directory should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    load.cache_clear()
    ranking = ranking_of("high", {"deck": 20})
    assert np.array_equal(load(ranking).keys, build(ranking).keys)
    load.cache_clear()
