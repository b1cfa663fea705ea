"""``homegame odds``: published counts, brute force on small cases of each family, Monte Carlo
within its stated error of exact, and the command line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame.analysis.calculator as odds_module
from homegame.analysis.calculator import Odds, holding, odds, parse_range
from homegame.cards import Card, parse
from homegame.cli import main
from homegame.errors import ParseError
from homegame.games import load
from homegame.ranking.forms import best


def counts(result: Odds) -> list[tuple[int, int]]:
    return [(player.contests[0].wins, player.contests[0].ties) for player in result.players]


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        (["AhKh", "QsQd"], [(787_966, 6_732), (917_606, 6_732)]),
        (["AsAd", "KhKc"], [(1_388_072, 6_538), (317_694, 6_538)]),
    ],
)
def test_published_preflop_counts(hands: list[str], expected: list[tuple[int, int]]) -> None:
    result = odds("holdem", hands)
    assert result.exact and result.deals == 1_712_304
    assert counts(result) == expected


Deal = tuple[Sequence[Sequence[Card]], Sequence[Card]]


def brute_force(game_name: str, finals: Sequence[Deal]) -> list[Fraction]:
    """Each player's pot share summed over the deals, judged by the reference ``best`` one deal at a time:
    ``finals`` holds, for each deal, every player's whole hand and the board."""
    game = load(game_name)
    contests = [step for step in game.steps if type(step).__name__ == "Showdown"][-1].contests  # type: ignore[attr-defined]
    players = len(finals[0][0])
    total = [Fraction(0)] * players
    for hands, board in finals:
        shares = [Fraction(0)] * players
        active_weight = 0
        won: list[tuple[int, list[int]]] = []
        for contest in contests:
            values = [best(contest.ranking, hand, board, contest.form) for hand in hands]
            keys = [value.key if value.qualified else None for value in values]
            if all(key is None for key in keys):
                continue
            top = max(key for key in keys if key is not None)
            won.append((contest.share, [i for i, key in enumerate(keys) if key == top]))
            active_weight += contest.share
        for weight, winners in won:
            for i in winners:
                shares[i] += Fraction(weight, active_weight * len(winners))
        if not won:
            shares = [Fraction(1, players)] * players
        total = [t + s for t, s in zip(total, shares, strict=True)]
    return total


def unseen(*known: Sequence[Card]) -> list[Card]:
    taken = {card for cards in known for card in cards}
    return [Card.from_code(code) for code in range(52) if Card.from_code(code) not in taken]


def shares(result: Odds) -> list[Fraction]:
    return [Fraction(player.units, result.unit) for player in result.players]


def test_holdem_on_the_turn_is_brute_force() -> None:
    a, b, board = parse("Ah Kh"), parse("Qs Qd"), parse("2h 7h Qc Kd")
    result = odds("holdem", ["Ah Kh", "Qs Qd"], board=board)
    finals = [([a, b], [*board, river]) for river in unseen(a, b, board)]
    assert result.exact and result.deals == 44
    assert shares(result) == brute_force("holdem", finals)


def test_omaha_hi_lo_on_the_turn_quarters_like_brute_force() -> None:
    a, b, board = parse("As 2d 3c Kh"), parse("Ad 2c 4s Kd"), parse("5h 8s Qd 9c")
    result = odds("omaha-hi-lo", ["As 2d 3c Kh", "Ad 2c 4s Kd"], board=board)
    finals = [([a, b], [*board, river]) for river in unseen(a, b, board)]
    assert shares(result) == brute_force("omaha-hi-lo", finals)
    quartered = {share for player in result.players for share, _ in player.splits}
    assert Fraction(3, 4) in quartered or Fraction(1, 4) in quartered or Fraction(1, 2) in quartered


def test_stud_on_sixth_street_is_brute_force() -> None:
    a, b = parse("Ah Kh Qh 7c 7d 2s"), parse("2c 2d 9h 4c 9s Jd")
    dead = unseen(a, b)[::2]  # half the deck seen folded: fewer deals to brute-force
    result = odds("stud", ["(Ah Kh) Qh 7c 7d 2s", "(2c 2d) 9h 4c 9s Jd"], dead=dead)
    rest = unseen(a, b, dead)
    finals: list[Deal] = [([[*a, x], [*b, y]], []) for x in rest for y in rest if x != y]
    assert result.exact and result.deals == len(finals)
    assert shares(result) == brute_force("stud", finals)


def test_eight_handed_stud_deals_the_common_card_as_the_engine_does() -> None:
    """Issue 33.7: eight players' sixth street leaves four cards, so the river is one common card
    every hand uses (odds refused: "the deck has 4 cards left")."""
    deck = list(parse(" ".join(f"{r}{s}" for s in "cdhs" for r in "23456789TJQKA")))
    hands = [deck[index * 6 : index * 6 + 6] for index in range(8)]
    written = [f"({a} {b}) {' '.join(map(str, rest))}" for a, b, *rest in hands]
    result = odds("stud", written)
    finals: list[Deal] = [([[*hand, river] for hand in hands], []) for river in deck[48:]]
    assert result.exact and result.deals == 4
    assert shares(result) == brute_force("stud", finals)


def test_razz_on_sixth_street_is_brute_force() -> None:
    a, b = parse("Ah 2h 8c 5c Kd 3s"), parse("2c 3d 4h 6c Qs Jd")
    dead = unseen(a, b)[::2]
    result = odds("razz", ["(Ah 2h) 8c 5c Kd 3s", "(2c 3d) 4h 6c Qs Jd"], dead=dead)
    rest = unseen(a, b, dead)
    finals: list[Deal] = [([[*a, x], [*b, y]], []) for x in rest for y in rest if x != y]
    assert shares(result) == brute_force("razz", finals)


def test_a_draw_is_brute_force() -> None:
    kept, pat, thrown = parse("Ks Qs Js Ts"), parse("Ah Ad Ac 7d 7s"), parse("2c")
    result = odds("draw", ["Ks Qs Js Ts 2c / 1", "Ah Ad Ac 7d 7s"])
    finals: list[Deal] = [([[*kept, card], pat], []) for card in unseen(kept, pat, thrown)]
    assert result.exact and result.deals == 42
    assert shares(result) == brute_force("draw", finals)


def test_a_wild_card_draw_is_brute_force() -> None:
    kept, pat, thrown = parse("2s Qs Js 9h"), parse("Ah Ad Ac 7d 7s"), parse("4c")
    result = odds("draw-deuces-wild", ["2s Qs Js 9h 4c / 1", "Ah Ad Ac 7d 7s"])
    finals: list[Deal] = [([[*kept, card], pat], []) for card in unseen(kept, pat, thrown)]
    assert shares(result) == brute_force("draw-deuces-wild", finals)


def test_a_badugi_draw_is_brute_force() -> None:
    first, second = parse("As 2d 3c"), parse("Kh 4s")
    thrown = parse("3h 7h 9c")
    dead = unseen(first, second, thrown)[::2]
    result = odds("badugi", ["As 2d 3c 3h / 1", "Kh 4s 7h 9c / 2"], dead=dead)
    rest = unseen(first, second, thrown, dead)
    finals: list[Deal] = [
        ([[*first, x], [*second, *pair]], []) for x in rest for pair in combinations(rest, 2) if x not in pair
    ]
    assert result.exact and result.deals == len(finals)
    assert shares(result) == brute_force("badugi", finals)


def test_a_declare_game_counts_each_contest_and_each_declaration() -> None:
    a, b = parse("Ah Kh Qh 7c 2d 8c"), parse("2s 3d 4h 5c 9d Kd")
    dead = unseen(a, b)[::2]
    result = odds("stud-declare", ["(Ah Kh) Qh 7c 2d 8c", "(2s 3d) 4h 5c 9d Kd"], dead=dead)
    rest = unseen(a, b, dead)
    finals: list[Deal] = [([[*a, x], [*b, y]], []) for x in rest for y in rest if x != y]
    assert shares(result) == brute_force("stud-declare", finals)
    for player in result.players:
        assert {side for side, _ in player.declarations} == {"high", "low", "both"}
        assert player.best in ("high", "low", "both")
        assert all(0.0 <= value <= 1.0 for _, value in player.declarations)


def test_elimination_judges_the_totals_left() -> None:
    result = odds("elimination", ["As Kd", "2c 3d 4h"])
    high, low = result.players[0].contests
    assert result.exact and result.deals == 1
    assert (high.wins, low.wins) == (1, 1)  # 21 is the high total; ace-king also counts lowest (1 1/2)


def test_monte_carlo_is_within_its_stated_error_of_exact() -> None:
    hands = ["Ah Kh", "Qs Qd"]
    exact = odds("holdem", hands, board="2h 7h Qc")
    estimate = odds("holdem", hands, board="2h 7h Qc", exact=False, trials=20_000, seed=3)
    assert not estimate.exact and estimate.deals == 20_000
    for truth, guess in zip(exact.players, estimate.players, strict=True):
        assert abs(truth.equity - guess.equity) < 4 * guess.error


def test_monte_carlo_is_seeded() -> None:
    first = odds("stud", ["(Ah Kh) Qh", "(2s 2d) 9h"], trials=3000, seed=5)
    again = odds("stud", ["(Ah Kh) Qh", "(2s 2d) 9h"], trials=3000, seed=5)
    assert first == again


def test_ranges() -> None:
    assert len(parse_range("QQ+")) == 18 and len(parse_range("AKs")) == 4 and len(parse_range("AKo")) == 12
    assert len(parse_range("AJs+")) == 12 and len(parse_range("T9s-76s")) == 16 and len(parse_range("random")) == 1326
    assert len(parse_range("QQ+,AKs,AK")) == 18 + 16
    with pytest.raises(ParseError):
        parse_range("AKz")
    # a range is the average over its hands: aces against one pair of kings, on a known flop
    one = odds("holdem", ["AA", "Kh Kd"], board="2c 7s 9d")
    each = [
        odds("holdem", [f"{a} {b}", "Kh Kd"], board="2c 7s 9d") for a, b in combinations(["Ac", "Ad", "Ah", "As"], 2)
    ]
    assert one.exact and one.deals == sum(result.deals for result in each)
    assert one.players[0].units == sum(result.players[0].units for result in each)


def test_a_random_hand_is_cards_to_come() -> None:
    result = odds("holdem", ["As Ad", "random"], board="2c 7s 9d Kh")
    assert result.exact and result.deals == 1035 * 44
    assert holding("random").combos == ()


def test_bad_hands_say_why() -> None:
    with pytest.raises(ParseError, match="down"):
        odds("stud", ["Ah Kh Qh Jh Th 9h 8h 7h", "2c 2d"])
    with pytest.raises(ParseError, match="held 2 times"):
        odds("holdem", ["Ah Kh", "Ah Qd"])
    with pytest.raises(ParseError, match="too many"):
        odds("stud", ["(Ah Kh) Qh", "(2s 2d) 9h"], exact=True)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "holdem", "Ah Kh", "Qs Qd", "--board", "2h 7h Qc Kd", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] and data["deals"] == 44 and isinstance(data["players"][0]["contests"][0]["wins"], int)
    assert main(["odds", "omaha-hi-lo", "As Ad 2c 3d", "Kh Kd Qh Jd", "--board", "2h 7s 9d"]) == 0
    assert "scoop" in capsys.readouterr().out
    assert main(["odds", "holdem", "Ah Kh", "Qs Qd", "--board", "2h 7h Qc Kd 3s"]) == 0
    assert "exact, 1 deal;" in capsys.readouterr().out
    assert main(["odds", "stud", "(Ah Kh) Qh", "(2s 2d) 9h", "--trials", "2000"]) == 0
    assert "±" in capsys.readouterr().out
    assert main(["odds", "holdem", "Ah Kh", "Ah Qd"]) == 2
    assert "held 2 times" in capsys.readouterr().err


@settings(max_examples=12, deadline=None)
@given(st.permutations(range(52)), st.integers(2, 4), st.sampled_from([3, 4]))
def test_the_board_enumerator_equals_the_general_path(order: list[int], players: int, shown: int) -> None:
    cards = [Card.from_code(code) for code in order]
    hands = [f"{cards[2 * i]} {cards[2 * i + 1]}" for i in range(players)]
    board = cards[2 * players : 2 * players + shown]
    fast = odds("holdem", hands, board=board)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds_module._Fast, "of", classmethod(lambda cls, judge, spot: None))
        general = odds("holdem", hands, board=board)
    assert fast == general


@settings(max_examples=4, deadline=None)
@given(st.permutations(range(16, 52)), st.integers(2, 3))
def test_whole_boards_counted_by_ranks_equal_the_general_path(order: list[int], players: int) -> None:
    # short-deck hold'em (36 cards) before the flop: 201,376 boards a player pair, fast enough for both paths
    cards = [Card.from_code(code) for code in order]
    hands = [f"{cards[2 * i]} {cards[2 * i + 1]}" for i in range(players)]
    fast = odds("short-deck", hands)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds_module._Fast, "of", classmethod(lambda cls, judge, spot: None))
        general = odds("short-deck", hands)
    assert fast == general


def test_the_same_answer_for_a_seed_whatever_the_workers() -> None:
    hands = ["(Ah Kh) Qh", "(2s 2d) 9h", "(Tc Jc) 8c"]
    trials = 2 * odds_module.CHUNK + 100  # three chunks, the last one short
    one = odds("stud", hands, trials=trials, seed=11)
    two = odds("stud", hands, trials=trials, seed=11, workers=2)
    assert one == two and one.deals == trials


def test_ranges_deal_the_same_on_a_pool() -> None:
    trials = odds_module.CHUNK + 1
    one = odds("holdem", ["QQ+", "AKs"], exact=False, trials=trials, seed=2)
    assert not one.exact and one == odds("holdem", ["QQ+", "AKs"], exact=False, trials=trials, seed=2, workers=2)


def test_odds_from_a_hand_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    history = tmp_path / "hand.phhs"
    assert main(["history", "export", "holdem", "--hands", "1", "--seed", "3", "--full", "-o", str(history)]) == 0
    capsys.readouterr()
    assert main(["odds", "--from", str(history), "--at", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    players = data["odds"]["players"]
    assert len(players) == len(data["seats"]) == len(data["views"])
    assert data["odds"]["exact"] and abs(sum(p["equity"] for p in players) - 1) < 1e-9
    assert main(["odds", "--from", str(history), "--at", "4"]) == 0
    seen = capsys.readouterr().out
    assert f"seat {data['seats'][0] + 1}: " in seen and "seat 0:" not in seen
    assert main(["odds", "--from", str(history), "--at", "999"]) == 2
    assert "actions" in capsys.readouterr().err


def test_by_street_in_stud_and_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["(Ah Kh 2c) Qh 7c 7d 9s", "(2s 2d 3c) 9h 4c Jd Js"]
    dead = unseen(*(parse(hand.replace("(", "").replace(")", "")) for hand in hands))[::2]  # fewer deals
    streets = odds_module.by_street("stud", hands, dead=dead, trials=500, seed=1)
    assert [street.name for street in streets][-1] == "seventh street"
    assert streets[-1].odds.exact and streets[-1].odds.deals == 1
    picture = tmp_path / "streets.png"
    argv = ["odds", "holdem", "Ah Kh", "Qs Qd", "--board", "2h 7h Qc Kd 3h", "--by-street", "--plot", str(picture)]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [street["street"] for street in data["streets"]] == ["preflop", "flop", "turn", "river"]
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_high_card_poker_against_the_extra_hand_is_brute_force() -> None:
    from homegame.ranking.positional import survived

    a, b = parse("5h 8c Td Qs Ah"), parse("4d 9s Jh Kd Ac")
    dead = unseen(a, b)[::3] + unseen(a, b)[1::3]
    result = odds("high-card-poker", ["5h 8c Td Qs Ah", "4d 9s Jh Kd Ac"], dead=dead)
    wins, carried = [0, 0], 0
    for extra in combinations(unseen(a, b, dead), 5):
        lasted = [survived(a, extra), survived(b, extra)]
        if lasted[0] == lasted[1]:
            carried += 1
        else:
            wins[lasted.index(max(lasted))] += 1
    assert result.exact and result.deals == sum(wins) + carried
    assert [player.contests[0].wins for player in result.players] == wins
    assert [player.contests[0].ties for player in result.players] == [carried, carried]


def test_follow_the_queen_names_its_wild_rank_deal_by_deal_like_brute_force() -> None:
    from homegame.engine.steps.follow import follow

    game = load("follow-the-queen")
    ranking = [step for step in game.steps if type(step).__name__ == "Showdown"][-1].contests[0].ranking  # type: ignore[attr-defined]
    down = [parse("Ah Kh"), parse("2s 3d")]
    up = [parse("Qh 7c 5d"), parse("Qs 4h 9d")]
    dead = unseen(*down, *up)[6:]  # six cards left to deal from
    result = odds("follow-the-queen", ["(Ah Kh) Qh 7c 5d", "(2s 3d) Qs 4h 9d"], dead=dead)
    rest = unseen(*down, *up, dead)
    total = [Fraction(0), Fraction(0)]
    deals = 0
    for sixth in combinations(rest, 2):
        for first_sixth in (sixth, sixth[::-1]):
            left = [card for card in rest if card not in first_sixth]
            for seventh in combinations(left, 2):
                for first_seventh in (seventh, seventh[::-1]):
                    order = [c for street in zip(*up, strict=True) for c in street] + list(first_sixth)
                    named = follow(order)
                    wild = None if named is None else named.rank
                    hands = [[*down[i], first_seventh[i], *up[i], first_sixth[i]] for i in range(2)]
                    values = [ranking.evaluate(hand, wild_rank=wild).key for hand in hands]
                    best_key = max(values)
                    winners = [i for i, value in enumerate(values) if value == best_key]
                    for i in winners:
                        total[i] += Fraction(1, len(winners))
                    deals += 1
    assert result.exact and result.deals == deals
    assert shares(result) == total


def test_a_dask_cluster_gives_the_same_answer() -> None:
    distributed = pytest.importorskip("distributed")
    from homegame.commands.simulate import simulate_sessions

    trials = odds_module.CHUNK + 50
    hands = ["(Ah Kh) Qh", "(2s 2d) 9h"]
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, host="127.0.0.1", protocol="tcp", dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        assert odds("stud", hands, trials=trials, seed=4, dask=address) == odds("stud", hands, trials=trials, seed=4)
        there = simulate_sessions("draw", hands=250, seats=3, seed=2, dask=address)
    here = simulate_sessions("draw", hands=250, seats=3, seed=2, workers=1)
    assert (there.chips_start, there.chips_end, there.broken) == (here.chips_start, here.chips_end, here.broken)


def test_no_dask_scheduler_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    from homegame.analysis import pool

    monkeypatch.setattr(pool, "DASK_TIMEOUT", 0.5)
    with pytest.raises(ParseError, match="no Dask scheduler"):
        odds("stud", ["(Ah Kh) Qh", "(2s 2d) 9h"], trials=10, dask="tcp://127.0.0.1:9")


def test_the_help_states_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"{odds_module.EXACT_LIMIT:,} deals" in text and f"{odds_module.FAST_LIMIT:,} boards" in text


@settings(max_examples=8, deadline=None)
@given(st.permutations(range(52)), st.integers(2, 3), st.sampled_from([3, 4]), st.sampled_from([4, 5]))
def test_omaha_boards_counted_in_loops_equal_the_general_path(
    order: list[int], players: int, shown: int, held: int
) -> None:
    cards = [Card.from_code(code) for code in order]
    hands = [" ".join(str(card) for card in cards[held * i : held * (i + 1)]) for i in range(players)]
    board = cards[held * players : held * players + shown]
    game = "omaha" if held == 4 else "five-card-omaha"
    fast = odds(game, hands, board=board)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds_module._Fast, "of", classmethod(lambda cls, judge, spot: None))
        general = odds(game, hands, board=board)
    assert fast == general


@settings(max_examples=8, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["stud", "razz", "2-7-single-draw"]), st.integers(2, 3))
def test_cards_to_come_for_players_counted_in_loops_equal_the_general_path(
    order: list[int], game: str, players: int
) -> None:
    # stud and razz on sixth street (one card each to come), a draw of one or two cards each
    cards = [Card.from_code(code) for code in order]
    if game == "2-7-single-draw":
        hands = [" ".join(map(str, cards[5 * i : 5 * i + 5])) + f" / {1 + i % 2}" for i in range(players)]
        dead = cards[5 * players : 5 * players + 20]  # fewer cards left, fewer deals to count the slow way
    else:
        hands = [
            f"({cards[6 * i]} {cards[6 * i + 1]}) " + " ".join(map(str, cards[6 * i + 2 : 6 * i + 6]))
            for i in range(players)
        ]
        dead = cards[6 * players : 6 * players + 10]
    fast = odds(game, hands, dead=dead)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds_module._Fast, "of", classmethod(lambda cls, judge, spot: None))
        general = odds(game, hands, dead=dead)
    assert fast == general and fast.exact


@settings(max_examples=6, deadline=None)
@given(st.permutations(range(52)), st.integers(2, 3), st.sampled_from([3, 4]))
def test_omaha_hi_lo_scored_in_loops_equals_the_general_path(order: list[int], players: int, shown: int) -> None:
    cards = [Card.from_code(code) for code in order]
    hands = [" ".join(str(card) for card in cards[4 * i : 4 * (i + 1)]) for i in range(players)]
    board = cards[4 * players : 4 * players + shown]
    looped = odds("omaha-hi-lo", hands, board=board)
    with pytest.MonkeyPatch.context() as patch:  # every hand judged by the kernel's batch, in arrays
        patch.setattr(odds_module, "_hole_tally", lambda judge, spot, pick, pool: None)
        patch.setattr("homegame.analysis.equity._compiled_tables", lambda evaluator, size: None)
        general = odds("omaha-hi-lo", hands, board=board)
    assert looped == general and looped.exact
