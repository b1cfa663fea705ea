"""All-in odds: once no more betting is possible, cards are still to come and the hands still in are
turned up, every screen shows each hand's chance, from the odds engine
(:func:`homegame.analysis.calculator.odds`): exact when the deals left are few enough to count
(:data:`EXACT_DEALS`), else a stated sample of :data:`TRIALS` deals (seeded: every viewer, and a
restored table, sees the same figures). Only what everyone sees goes in: the hands turned up and the
board; the folded and burned cards stay unknown, so the figures tell nobody anything hidden. They are
the table's words, never the hand's history.

>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> from homegame.engine.actions import Call, RaiseTo
>>> hand = Hand(load("holdem"), [50, 50], deck="As Kd Ah Kc", run_it_twice=True)
>>> all_in_odds(hand, (4, 7)) is None
True
>>> _ = hand.act(0, RaiseTo(50)); _ = hand.act(1, Call())
>>> shown = all_in_odds(hand, (4, 7))
>>> shown["how"], [seat["seat"] for seat in shown["seats"]], shown["seats"][0]["text"]
('a sample of 3,000 deals', [4, 7], '20% (win 19%, tie 0%)')
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from homegame.cards import Card, format_cards
from homegame.engine.events import Dealt, Tabled
from homegame.engine.game import Family
from homegame.engine.hand import Hand
from homegame.engine.wire import JSON
from homegame.errors import PokerError

__all__ = ["EXACT_DEALS", "TRIALS", "all_in_odds", "runout_odds"]

EXACT_DEALS = 20_000
"""Most ways the rest of the hand can fall that are all counted (exact odds); more, and a sample."""
TRIALS = 3_000
"""Deals in a sample (the odds engine states its error; a few hundredths at most)."""


def all_in_odds(hand: Hand, dealt: Sequence[int]) -> JSON:
    """The odds of each hand still in, ``dealt`` naming their table seats (the hand's seats in
    order): ``{exact, deals, how, contests, seats}``, each seat's ``{seat, equity, win, split,
    text}`` in thousandths (``win``: the whole pot, every contest of it; ``split``: a part of it;
    ``equity``: its share on average) and in words; ``None`` when the hand is not all in or the odds
    engine cannot judge it."""
    if not hand.all_in:
        return None
    live = hand.in_hand(0)
    coming = sum(deal.board + len(deal.cards) * len(live) for deal in hand.coming)
    hands = [(tuple(hand.down[seat]), tuple(hand.up[seat])) for seat in live]
    return _odds(hand, [dealt[seat] for seat in live], hands, tuple(hand.board), coming)


def runout_odds(hand: Hand, dealt: Sequence[int], cut: int) -> JSON:
    """The odds as they stood when a finished hand's all-in runout had dealt its first ``cut``
    events (a street shown street by street: :class:`~homegame.server.runout.Runout`), the hands
    turned up by then and the board so far; ``None`` when cards were still to come for no board
    (stud), the hand was run twice, or nothing was left to come."""
    events = hand.events[:cut]
    live = hand.in_hand(0)
    tabled = {event.seat for event in events if isinstance(event, Tabled)}
    if hand.runouts or hand.game.family is not Family.COMMUNITY or not set(live) <= tabled:
        return None
    board = tuple(card for event in events if isinstance(event, Dealt) and event.seat is None for card in event.cards)
    if board != tuple(hand.board[: len(board)]) or len(board) == len(hand.board):
        return None
    hands = [(tuple(hand.down[seat]), ()) for seat in live]
    return _odds(hand, [dealt[seat] for seat in live], hands, board, len(hand.board) - len(board))


def _odds(
    hand: Hand,
    seats: Sequence[int],
    hands: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]],
    board: tuple[Card, ...],
    coming: int,
) -> JSON:
    """The odds of ``hands`` (each its down and up cards; ``seats`` their table seats) over
    ``board``, ``coming`` cards still to come, from the odds engine (see :func:`all_in_odds`)."""
    from homegame.analysis.calculator import Holding, odds  # numpy and the kernels: only once all in

    game = hand.game
    holdings = [
        Holding(
            text=f"({format_cards(down)}) {format_cards(up)}".strip() if up else format_cards(down), down=down, up=up
        )
        for down, up in hands
    ]
    unseen = len(game.deck.cards()) - sum(len(down) + len(up) for down, up in hands) - len(board)
    exact = comb(max(unseen, 0), coming) <= EXACT_DEALS
    try:
        found = odds(game, holdings, board=board, exact=exact, trials=TRIALS, seed=0)
    except (PokerError, ValueError):
        return None
    contests = len(found.players[0].contests) if found.players else 1
    shown: list[JSON] = []
    for seat, player in zip(seats, found.players, strict=True):
        whole = sum(count for share, count in player.splits if share == 1)
        part = sum(count for share, count in player.splits if 0 < share < 1)
        win, split = whole / found.deals, part / found.deals
        words = ("scoop", "split") if contests > 1 else ("win", "tie")
        text = f"{player.equity:.0%} ({words[0]} {win:.0%}, {words[1]} {split:.0%})"
        permille = {"equity": round(player.equity * 1000), "win": round(win * 1000), "split": round(split * 1000)}
        shown.append({"seat": seat, **permille, "text": text})
    how = f"exact: every one of {found.deals:,} deals" if found.exact else f"a sample of {found.deals:,} deals"
    return {"exact": found.exact, "deals": found.deals, "how": how, "contests": contests, "seats": shown}
