"""Betting: the four structures, minimum raises, short all-ins, caps, uncalled bets, the bring-in (issue 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.engine import Betting, BetTo, BringIn, Call, Check, Complete, Draw, Fold, Hand, RaiseTo
from homegame.engine.events import Returned
from homegame.engine.game import Game
from homegame.engine.steps.bet import BettingRound
from homegame.errors import IllegalActionError
from homegame.games import load, load_text, names

CATALOGUE = Path(__file__).parent.parent / "src" / "homegame" / "games" / "catalogue"


def variant(name: str, **changes: str) -> Game:
    """A catalogue game with some top-level lines replaced (``betting``, ``stakes``)."""
    lines = (CATALOGUE / f"{name}.toml").read_text().splitlines()
    for key, value in changes.items():
        lines = [f"{key} = {value}" if line.startswith(f"{key} = ") else line for line in lines]
    return load_text("\n".join(lines), f"{name}-variant.toml")


def legal(hand: Hand, seat: int) -> list[str]:
    return [str(option) for option in hand.legal_actions(seat)]


def test_the_house_rule_free_fold_offers_a_fold_where_a_check_is_free() -> None:
    """Without it (every catalogue game) a player who may check is not offered the fold; with it
    (a game document may list it; replay plays sites' files under it) the fold is binding."""
    text = (CATALOGUE / "holdem.toml").read_text()
    rule = '[options.free_fold]\ndefault = true\ndoc = "a player may fold where a check is free"\n\n'
    free = load_text(text.replace("[[steps]]", rule + "[[steps]]", 1), "free-fold.toml")
    for game, offered in ((load("holdem"), ["check"]), (free, ["fold", "check"])):
        hand = Hand(game, [100, 100, 100], button=0, seed=1)
        hand.act(0, Call())
        hand.act(1, Call())
        assert legal(hand, 2)[:-1] == offered  # the big blind's option
    hand.act(2, Fold())
    assert hand.folded == [False, False, True]


# -- no limit -------------------------------------------------------------------------------------


def test_no_limit_preflop_bounds_and_the_big_blinds_option() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], button=0, seed=1)
    assert hand.pending() == (0,)  # three-handed, the button is first before the flop
    assert legal(hand, 0) == ["fold", "call 2", "raise_to 4..100"]
    hand.act(0, RaiseTo(10))
    assert legal(hand, 1) == ["fold", "call 9", "raise_to 18..100"]
    hand.act(1, Call())
    hand.act(2, Call())
    assert hand.board and hand.pending() == (1,)  # the flop, and the small blind speaks first


def test_big_blind_keeps_its_option_when_everyone_limps() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], seed=2)
    hand.act(0, Call())
    hand.act(1, Call())
    assert hand.pending() == (2,)
    assert legal(hand, 2) == ["check", "raise_to 4..100"]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_only_preflop() -> None:
    hand = Hand(load("holdem"), [100, 100], button=1, seed=3)
    assert hand.bets == [2, 1] and hand.pending() == (1,)
    hand.act(1, Call())
    hand.act(0, Check())
    assert hand.pending() == (0,)


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    # Seat 2 has 14 left after the flop comes: its all-in over a bet of 10 is not a full raise.
    hand = Hand(load("holdem"), [100, 16, 100], button=2, seed=4)
    for seat in (2, 0, 1):
        hand.act(seat, Call() if seat != 1 else Check())
    assert hand.pending() == (0,)
    hand.act(0, BetTo(10))
    assert legal(hand, 1) == ["fold", "call 10", "raise_to 14"]
    hand.act(1, RaiseTo(14))
    hand.act(2, Call())
    assert legal(hand, 0) == ["fold", "call 4"]  # no raise: seat 0 faces only the short all-in
    with pytest.raises(IllegalActionError, match="cannot raise_to now"):
        hand.act(0, RaiseTo(40))


def test_a_full_raise_after_a_short_all_in_reopens_the_betting() -> None:
    hand = Hand(load("holdem"), [100, 16, 100], button=2, seed=4)
    for seat in (2, 0, 1):
        hand.act(seat, Call() if seat != 1 else Check())
    hand.act(0, BetTo(10))
    hand.act(1, RaiseTo(14))
    assert legal(hand, 2) == ["fold", "call 14", "raise_to 24..98"]
    hand.act(2, RaiseTo(30))
    assert legal(hand, 0) == ["fold", "call 20", "raise_to 46..98"]


def test_an_uncalled_bet_goes_back() -> None:
    hand = Hand(load("holdem"), [100, 100], button=0, seed=5)
    hand.act(0, RaiseTo(50))
    events = hand.act(1, Fold())
    assert Returned(0, 48) in events
    assert hand.over and hand.stacks == [102, 98]


def test_nobody_left_to_bet_against_means_no_raise() -> None:
    hand = Hand(load("holdem"), [100, 30], button=0, seed=6)
    hand.act(0, RaiseTo(100))
    assert legal(hand, 1) == ["fold", "call 28"]
    hand.act(1, Call())
    assert hand.over and len(hand.board) == 5  # the board runs out with nobody able to bet
    assert hand.stacks[0] + hand.stacks[1] == 130


# -- pot limit and spread limit -------------------------------------------------------------------


def test_pot_limit_raises_at_most_the_pot_after_calling() -> None:
    hand = Hand(variant("holdem", betting='"pot-limit"'), [100, 100], button=0, seed=7)
    assert legal(hand, 0) == ["fold", "call 1", "raise_to 4..6"]
    hand.act(0, RaiseTo(6))
    assert legal(hand, 1) == ["fold", "call 4", "raise_to 10..18"]
    hand.act(1, Call())
    assert legal(hand, 1) == ["check", "bet_to 2..12"]


def test_spread_limit_bets_within_the_spread() -> None:
    game = variant("holdem", betting='"spread-limit"', stakes="{ small_blind = 1, big_blind = 2, max_bet = 10 }")
    hand = Hand(game, [100, 100, 100], button=0, seed=8)
    assert legal(hand, 0) == ["fold", "call 2", "raise_to 4..12"]
    hand.act(0, RaiseTo(8))
    assert legal(hand, 1) == ["fold", "call 7", "raise_to 14..18"]


# -- fixed limit ----------------------------------------------------------------------------------


def test_fixed_limit_cap_stops_the_raising() -> None:
    # Five-card draw, cap 4: the big blind is the bet, then three raises and no more.
    hand = Hand(load("draw"), [100, 100, 100], button=0, seed=9)
    assert legal(hand, 0) == ["fold", "call 2", "raise_to 4"]
    hand.act(0, RaiseTo(4))
    hand.act(1, RaiseTo(6))
    hand.act(2, RaiseTo(8))
    assert legal(hand, 0) == ["fold", "call 4"]
    hand.act(0, Call())
    hand.act(1, Call())
    assert hand.pending() == (1,) and hand.pot == 24  # the draw, from the button's left


def test_fixed_limit_cap_is_a_house_rule() -> None:
    hand = Hand(load("draw"), [100, 100, 100], button=0, seed=9, options={"cap": 5})
    for seat, to in ((0, 4), (1, 6), (2, 8)):
        hand.act(seat, RaiseTo(to))
    assert legal(hand, 0) == ["fold", "call 4", "raise_to 10"]


@pytest.mark.parametrize("game", [name for name in names() if load(name).betting is Betting.FIXED_LIMIT])
def test_fixed_limit_cap_lifted_heads_up_by_default(game: str) -> None:
    # The casino convention the documents do not state: "unlimited raising heads-up", in every
    # fixed-limit game, the home games too; the house rule lift_cap_heads_up = false keeps the cap.
    spec = load(game)
    values = spec.option_values()
    if "cap" in values:
        assert values["lift_cap_heads_up"] is (game != "kuhn")  # Kuhn poker has no raise at all
        assert game == "kuhn" or "lift_cap_heads_up" in spec.rules


def test_fixed_limit_cap_lifted_heads_up_and_kept_by_house_rule() -> None:
    lifted = Hand(load("draw"), [100, 100], button=0, seed=10)
    capped = Hand(load("draw"), [100, 100], button=0, seed=10, options={"lift_cap_heads_up": False})
    for hand in (capped, lifted):
        for seat, to in ((0, 4), (1, 6), (0, 8)):
            hand.act(seat, RaiseTo(to))
    assert legal(capped, 1) == ["fold", "call 2"]
    assert legal(lifted, 1) == ["fold", "call 2", "raise_to 10"]


def test_fixed_limit_cap_lifted_when_a_fold_leaves_two_in_the_round() -> None:
    # "Unlimited raising heads-up" counts the players left in the betting round, not at the table:
    # three-handed, one folds, and the two left raise past the cap of a bet and three raises.
    def fourth_raise(**options: object) -> list[str]:
        hand = Hand(load("draw"), [100, 100, 100], button=0, seed=9, options=options)
        hand.act(0, RaiseTo(4))
        hand.act(1, Fold())
        hand.act(2, RaiseTo(6))
        hand.act(0, RaiseTo(8))  # the cap: the big blind's bet and three raises
        return legal(hand, 2)

    assert fourth_raise() == ["fold", "call 2", "raise_to 10"]
    assert fourth_raise(lift_cap_heads_up=False) == ["fold", "call 2"]


def test_fixed_limit_cap_not_lifted_by_a_fold_after_it_was_reached() -> None:
    # Robert's Rules of Poker, Betting and raising 4: unlimited raising heads-up "applies any time
    # two players are heads-up before the raising has been capped. Once the raising has been capped
    # on a betting round, it cannot be uncapped by a subsequent fold that leaves two players heads-up."
    hand = Hand(load("limit-holdem"), [100, 100, 100], button=0, seed=9)
    hand.act(0, RaiseTo(4))
    hand.act(1, RaiseTo(6))
    hand.act(2, RaiseTo(8))  # the cap: the big blind's bet and three raises
    hand.act(0, Fold())
    assert legal(hand, 1) == ["fold", "call 2"]
    hand.act(1, Call())
    assert hand.pending() != (2,)  # the round is over: nobody may raise again


def test_fixed_limit_cap_only_with_three_players_not_all_in() -> None:
    # Robert's Rules of Poker, Betting and raising 3: "In limit poker, for a pot involving three or
    # more players who are not all-in, there is a maximum of a bet and three raises allowed."
    hand = Hand(load("limit-holdem"), [100, 100, 3], button=0, seed=9)
    hand.act(0, RaiseTo(4))
    hand.act(1, RaiseTo(6))
    hand.act(2, Call())  # the big blind is all in: two players are left betting
    hand.act(0, RaiseTo(8))  # the cap is reached with two players not all in
    assert legal(hand, 1) == ["fold", "call 2", "raise_to 10"]
    kept = Hand(load("limit-holdem"), [100, 100, 3], button=0, seed=9, options={"lift_cap_heads_up": False})
    for seat, action in ((0, RaiseTo(4)), (1, RaiseTo(6)), (2, Call()), (0, RaiseTo(8))):
        kept.act(seat, action)
    assert legal(kept, 1) == ["fold", "call 2"]


def test_the_round_says_what_a_history_writer_reads() -> None:
    # PokerStars text writes "raises 2 to 4" over the full blind and "Betting is capped" after the
    # last raise: the round says both through read-only properties, not through its counters.
    short = Hand(load("holdem"), [100, 100, 1], button=0, seed=13)
    assert short.bets == [0, 1, 1] and isinstance(short.decision, BettingRound)
    assert short.decision.to_match == 2  # the full big blind, not the one chip it has in
    hand = Hand(load("draw"), [100, 100, 100], button=0, seed=9)
    rounds = []
    for seat, to in ((0, 4), (1, 6), (2, 8)):
        assert isinstance(hand.decision, BettingRound)
        rounds.append((hand.decision.capped, hand.decision.to_match))
        hand.act(seat, RaiseTo(to))
    assert isinstance(hand.decision, BettingRound)
    assert [*rounds, (hand.decision.capped, hand.decision.to_match)] == [(False, 2), (False, 4), (False, 6), (True, 8)]
    for lift, capped in ((True, False), (False, True)):  # two players: the cap is lifted unless the house says not
        heads_up = Hand(load("draw"), [100, 100], button=0, seed=10, options={"lift_cap_heads_up": lift})
        for seat, to in ((0, 4), (1, 6), (0, 8)):
            heads_up.act(seat, RaiseTo(to))
        assert isinstance(heads_up.decision, BettingRound) and heads_up.decision.capped is capped


def test_fixed_limit_after_the_draw_uses_the_big_bet() -> None:
    hand = Hand(load("draw"), [100, 100], button=0, seed=11)
    hand.act(0, Call())
    hand.act(1, Check())
    hand.act(1, Draw(()))  # the draw starts left of the button
    hand.act(0, Draw(()))
    assert legal(hand, 1) == ["check", "bet_to 4"]


# -- stud: the bring-in, completion, best hand showing ----------------------------------------


def stud(deck: str, **options: object) -> Hand:
    return Hand(load("stud-declare"), [100, 100, 100], button=2, deck=deck, options=options)


def test_the_lowest_door_card_brings_in_and_suits_break_ties() -> None:
    # Doors (third card of each seat): seat 0 2h, seat 1 2c, seat 2 Ad. Two deuces: clubs is lowest.
    hand = stud("Ks Qs Js  Kh Qh Jh  2h 2c Ad")
    assert hand.pending() == (1,)
    assert legal(hand, 1) == ["bring_in 2", "complete 5"]
    italian = stud("Ks Qs Js  Kh Qh Jh  2h 2c Ad", suit_order="hdcs")  # hearts high, spades low: clubs above
    assert italian.pending() == (1,)
    hand2 = stud("Ks Qs Js  Kh Qh Jh  2h 2s Ad", suit_order="hdcs")
    assert hand2.pending() == (1,)  # 2s is the lowest under hdcs
    hand3 = stud("Ks Qs Js  Kh Qh Jh  2h 2s Ad")
    assert hand3.pending() == (0,)  # under bridge order hearts are below spades


def test_after_the_bring_in_players_call_it_or_complete() -> None:
    hand = stud("Ks Qs Js  Kh Qh Jh  2h 5c Ad")
    assert hand.pending() == (0,)
    hand.act(0, BringIn())
    assert legal(hand, 1) == ["fold", "call 2", "complete 5"]
    hand.act(1, Complete())
    assert legal(hand, 2) == ["fold", "call 5", "raise_to 10"]
    hand.act(2, Call())
    assert legal(hand, 0) == ["fold", "call 3", "raise_to 10"]


def test_everyone_calling_the_bring_in_ends_the_round() -> None:
    hand = stud("Ks Qs Js  Kh Qh Jh  2h 5c Ad  3c 3d 4d")
    hand.act(0, BringIn())
    hand.act(1, Call())
    hand.act(2, Call())
    # Fourth street: seat 0 shows 2h 3c, seat 1 5c 3d, seat 2 Ad 4d: the ace is the best hand showing.
    assert hand.pending() == (2,)
    assert legal(hand, 2) == ["check", "bet_to 5"]


def test_a_pair_showing_acts_first() -> None:
    hand = stud("Ks Qs Js  Kh Qh Jh  2h 5c Ad  2d 3d 4d")
    for seat, action in ((0, BringIn()), (1, Call()), (2, Call())):
        hand.act(seat, action)
    assert hand.pending() == (0,)  # deuces showing


def test_illegal_actions_say_why_and_change_nothing() -> None:
    hand = Hand(load("holdem"), [100, 100, 100], seed=12)
    before = hand.view(None)
    with pytest.raises(IllegalActionError, match="seat 1 cannot act now: waiting for seat 0"):
        hand.act(1, Call())
    with pytest.raises(IllegalActionError, match=r"raise_to 3: the amount must be 4\.\.100"):
        hand.act(0, RaiseTo(3))
    with pytest.raises(IllegalActionError, match=r"cannot check now \(legal: fold; call 2; raise_to 4\.\.100\)"):
        hand.act(0, Check())
    with pytest.raises(IllegalActionError, match="cannot bet_to now"):
        hand.act(0, BetTo(10))
    assert hand.view(None) == before and hand.actions == []


def test_a_short_big_blind_is_still_called_in_full() -> None:
    # The big blind has one chip: the others must call the full blind; its extra comes back uncalled.
    hand = Hand(load("holdem"), [100, 100, 1], button=0, seed=13)
    assert hand.bets == [0, 1, 1]
    assert legal(hand, 0) == ["fold", "call 2", "raise_to 4..100"]
    hand.act(0, Call())
    assert legal(hand, 1) == ["fold", "call 1", "raise_to 4..100"]
    events = hand.act(1, Fold())
    assert Returned(0, 1) in events  # nobody else can bet: the board runs out for a pot of 3
    assert hand.over and sum(won.amount for won in hand.result.awards) == 3  # type: ignore[union-attr]


def test_fixed_limit_an_all_in_raise_of_less_than_half_a_bet_does_not_reopen() -> None:
    hand = Hand(load("draw"), [100, 100, 7], button=0, seed=14)
    for seat, action in ((0, Call()), (1, Call()), (2, Check())):
        hand.act(seat, action)
    for seat in (1, 2, 0):
        hand.act(seat, Draw(()))
    hand.act(1, BetTo(4))
    assert legal(hand, 2) == ["fold", "call 4", "raise_to 5"]  # all in: one chip more than the bet
    hand.act(2, RaiseTo(5))
    assert legal(hand, 0) == ["fold", "call 5", "raise_to 8"]  # a full raise is still one bet over 4
    hand.act(0, Call())
    assert legal(hand, 1) == ["fold", "call 1"]  # seat 1 faces less than half a bet: no raise
