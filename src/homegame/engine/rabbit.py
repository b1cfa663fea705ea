"""The rabbit: the cards a hand that ended before its last card would have dealt.

A hand ended before its last card when all but one folded in a game whose later cards come from
the deck (community and stud games; not draws). Its rabbit is its own: the next cards of its
shuffled deck, dealt by its steps as they would have dealt them, to the board and to the seats that
were still in when the last card came (a betting round left to play is passed over; a step that
asks anything else, or a reshuffle, ends the rabbit there). Nobody's hand, and no chip: a hand still
going, or one played to its last card, has none.

>>> from homegame.games import load
>>> from homegame.engine.actions import Fold
>>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc 2c 7d 8h 9s 2d 3h 4s 5c")
>>> _ = hand.act(0, Fold())
>>> [str(dealt) for dealt in rabbit(hand)]
['board dealt 7d 8h 9s up', 'board dealt 3h up', 'board dealt 5c up']
"""

from __future__ import annotations

import random

from homegame.engine.actions import ActionKind
from homegame.engine.events import Acted, Dealt, Reshuffled
from homegame.engine.game import Family
from homegame.engine.hand import Hand

__all__ = ["rabbit"]


def rabbit(hand: Hand) -> tuple[Dealt, ...]:
    """The rabbit of ``hand`` (see the module), each deal as the hand would have announced it; the
    hand itself is left as it was (its steps deal on a copy)."""
    if not hand.over or hand.live != 1 or hand.game.family not in (Family.COMMUNITY, Family.STUD):
        return ()
    twin = hand.clone(random.Random(0))
    last = max((index for index, event in enumerate(hand.events) if isinstance(event, Dealt)), default=-1)
    for event in hand.events[last + 1 :]:
        if isinstance(event, Acted) and event.action.kind is ActionKind.FOLD:
            twin.folded[event.seat] = False  # still in when the last card came: dealt the next
    start = len(twin.events)
    for step in hand.steps_left[:-1]:
        if step.betting_round:
            continue
        if step.dealing is None:
            break
        before = len(twin.events)
        step.begin(twin)
        if any(isinstance(event, Reshuffled) for event in twin.events[before:]):
            del twin.events[before:]
            break
    return tuple(event for event in twin.events[start:] if isinstance(event, Dealt))
