"""The state of a hand as a value, to prove a refused action changed nothing (issue 13)."""

from __future__ import annotations

import copy
from typing import Any

from homegame.engine import Hand

_SKIPPED = ("setup", "game", "chance", "decision", "_legal", "_legal_seat", "events", "actions")
"""Fields compared another way: the fixed inputs, the caches, and the logs (compared by length)."""


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything a hand holds that an action could change: its fields, the deck, the logs' lengths,
    who must act and what each of them may do."""
    state = {name: copy.deepcopy(value) for name, value in vars(hand).items() if name not in _SKIPPED}
    state["deck"] = list(hand.deck.cards)
    state["logged"] = (len(hand.events), len(hand.actions), len(hand.chance.log))
    state["pending"] = hand.pending()
    state["legal"] = [hand.legal_actions(seat) for seat in hand.pending()]
    return state


def chips_conserved(hand: Hand) -> bool:
    """True when the stacks, the pot and the chips carried out are the chips the hand began with."""
    return sum(hand.stacks) + hand.pot + hand.carried_out == sum(hand.setup.stacks) + hand.setup.carried
