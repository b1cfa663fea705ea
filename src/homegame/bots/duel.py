"""A duplicate match: how far the sensible bot beats other bots in a game, with its standard error.

Each deal is played once with the sensible bot in every seat (the same cards, the button moving
deal by deal), the others played by ``opponent`` bots, as few seats as the game allows (three for
anaconda, whose heads-up pots always split between its two players), stacks of ``stack`` betting
units afresh, carried-over pots chained seat by seat. Duplicate deals cancel most of the luck of
the cards, so a few dozen deals show a margin.

>>> from homegame.bots import CallerBot
>>> from homegame.games import load
>>> mean, error = duel(load("kuhn"), lambda rng: CallerBot(), deals=20, trials=20)
>>> error > 0
True
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

from homegame.bots import Bot, SensibleBot, play
from homegame.engine.game import Game
from homegame.engine.hand import Hand

__all__ = ["SEATS", "duel"]

SEATS = {"anaconda": 3}
"""Games played with more than the fewest seats (heads-up anaconda always splits)."""


def duel(
    game: Game,
    opponent: Callable[[random.Random], Bot],
    deals: int,
    *,
    trials: int = 20,
    seed: int = 1,
    stack: int = 25,
) -> tuple[float, float]:
    """The sensible bot's winnings (``trials`` Monte Carlo trials a decision) in betting units per
    deal against ``opponent`` bots over ``deals`` duplicate deals, and their standard error."""
    seats = SEATS.get(game.name, max(2, game.players[0]))
    stakes = game.stakes
    unit = max(stakes.big_bet, stakes.big_blind, stakes.min_bet, stakes.ante, 1)
    sensible = SensibleBot(random.Random(seed), trials=trials)
    others = [opponent(random.Random(seed * 7 + seat)) for seat in range(seats)]
    carried = [0] * seats
    won = []
    for number in range(deals):
        total = 0.0
        for mine in range(seats):
            bots = [sensible if seat == mine else others[seat] for seat in range(seats)]
            hand = Hand(
                game, [stack * unit] * seats, button=number % seats, seed=seed * 100_003 + number, carried=carried[mine]
            )
            play(hand, bots)
            assert hand.result is not None
            carried[mine] = hand.result.carried
            total += hand.result.net[mine] / unit
        won.append(total / seats)
    return statistics.mean(won), statistics.stdev(won) / len(won) ** 0.5
