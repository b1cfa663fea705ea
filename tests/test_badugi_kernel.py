"""The badugi kernel against the reference ranking: key for key, and the table of every hand."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.analysis import count
from homegame.analysis.tables import _count_each
from homegame.cards import Card, DeckSpec
from homegame.ranking import get
from homegame.ranking.badugi_kernel import category, keys


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True))
def test_the_kernel_gives_the_reference_key(codes: list[int]) -> None:
    value = get("badugi").evaluate([Card.from_code(code) for code in codes])
    key = int(keys(np.array([codes], dtype=np.uint8))[0])
    assert key == value.key
    assert category(key) == value.category


def test_the_table_of_a_small_deck_is_the_reference_table() -> None:
    deck = DeckSpec.of_size(20)
    table = count(get("badugi"), cards=4, deck=deck)
    reference = _count_each(get("badugi"), deck, 4, lambda done: None)
    assert dict(table.values) == dict(reference.hands)


def test_every_four_card_hand() -> None:
    table = count(get("badugi"), cards=4)
    assert table.hands == 270_725
    assert table.counts == {"badugi_4": 17_160, "badugi_3": 154_440, "badugi_2": 96_252, "badugi_1": 2_873}
