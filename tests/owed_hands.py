"""Shared by the history tests: hold'em hands (blinds 1 and 2) where seats post blinds they owe, as
the server charges them (a missed big blind live, a missed small blind dead), played by seeded
random bots."""

from __future__ import annotations

import random

from homegame.bots import RandomBot, play
from homegame.engine import Hand
from homegame.engine.betting import Post
from homegame.games import load

STORIES = {
    # seat 0 in the small blind owes the big: its bet topped up to 2, the rest dead
    "small blind owes the big": (5, 4, [Post(0, "big_blind", 2)]),
    # seat 3, back out of the blinds (under the gun): the big live, the small dead, one line in PokerStars
    "back from sitting out": (5, 0, [Post(3, "big_blind", 2), Post(3, "dead_small_blind", 1, live=False)]),
    # seat 3 missed the small blind alone: dead money, no bet
    "a missed small blind": (5, 0, [Post(3, "dead_small_blind", 1, live=False)]),
    # three seats at once: both blinds, a small blind alone (dead), a new player's big blind
    "several at once": (
        6,
        5,
        [
            Post(2, "big_blind", 2),
            Post(2, "dead_small_blind", 1, live=False),
            Post(3, "dead_small_blind", 1, live=False),
            Post(4, "big_blind", 2),
        ],
    ),
    # heads-up, the button (the small blind) owes the big one
    "heads-up": (2, 1, [Post(1, "big_blind", 2)]),
}


def owed_hands(story: str, count: int) -> list[Hand]:
    """``count`` hands of the story, seeds 0 and up, stacks short and deep."""
    seats, button, posts = STORIES[story]
    hands = []
    for seed in range(count):
        rng = random.Random(seed)
        stacks = [rng.choice((rng.randint(4, 20), rng.randint(40, 200))) for _ in range(seats)]
        hand = Hand(load("holdem"), stacks, button=button, seed=seed, posts=posts)
        play(hand, [RandomBot(random.Random(seed * 7 + seat)) for seat in range(seats)])
        hands.append(hand)
    return hands
