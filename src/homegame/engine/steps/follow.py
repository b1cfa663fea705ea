"""``follow``: the card dealt face up right after an exposed queen names the wild rank (Follow the Queen).

Rules document 004, "Follow the Queen": "a wild-card designated as whichever card is
immediately dealt (exposed, or face-up) after any queen previously dealt (exposed). In the
event that the final card dealt (exposed) is itself a queen, then all queens are wild. If no
queens are dealt (exposed), then there are no wilds for that hand."

The step goes after every deal of up cards. It reads the up cards in the order they were
dealt (the hand's events) and names the wild rank (:meth:`~homegame.engine.steps.base.Dealer.name_wild`),
which every view shows and the showdown passes to the judge (the contests need a ranking with ``wild = "dynamic"``):

- no queen exposed yet: no wild rank;
- a queen exposed: queens are wild for now, since if no card followed it, the queen
  would be the final card exposed;
- the next up card names its rank wild, replacing any earlier wild rank; a queen that
  follows a queen keeps queens wild until a card follows it.

Down cards play no part: a queen dealt face down is named by nobody.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from homegame.cards import Card, Rank
from homegame.engine.events import Dealt, Event
from homegame.engine.spec import Fields
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register
from homegame.ranking.poker import rank_name

__all__ = ["Follow", "WildNamed", "follow"]


@dataclass(frozen=True, slots=True)
class WildNamed(Event):
    """The wild rank changed: ``rank`` is wild now (``None``: nothing is), named by ``card`` (a queen,
    or the card that followed one)."""

    rank: Rank | None
    card: Card | None = None
    leader: Rank = Rank.QUEEN

    def __str__(self) -> str:
        if self.rank is None:
            return "no wild cards"
        wild, leader = rank_name(self.rank, plural=True), rank_name(self.leader)
        if self.rank == self.leader:
            return f"{wild} are wild (the {self.card} waits for a card to follow it)"
        return f"{wild} are wild (the {self.card} follows a {leader})"


def follow(up_cards: list[Card], leader: Rank = Rank.QUEEN) -> Card | None:
    """The card that names the wild rank after ``up_cards`` were exposed in this order (see the
    module docstring): the last card to follow a queen, or a queen still waiting for its follower.

    >>> from homegame.cards import parse
    >>> follow(list(parse("Kc Qd 7h 2s")))
    Card('7h')
    >>> follow(list(parse("Qd 7h Qs"))), follow(list(parse("Kc 2s")))
    (Card('Qs'), None)
    """
    naming = previous = None
    for card in up_cards:
        if leader in (card.rank, previous):
            naming = card
        previous = card.rank
    return naming


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Follow(Step):
    """After a deal: the card following an exposed ``rank`` (a queen) names the wild rank.

    >>> Follow().describe()
    'The card dealt face up after a queen names the wild rank; a queen dealt last makes queens wild.'
    """

    kind: ClassVar[str] = "follow"
    rank: Rank = Rank.QUEEN

    @classmethod
    def read(cls, fields: Fields) -> Follow:
        """``rank``: the card whose follower is wild (``Q``)."""
        return cls(rank=fields.rank("rank", Rank.QUEEN))

    def begin(self, hand: Dealer) -> Decision | None:
        """Set the wild rank from every up card dealt so far; say so when it changes."""
        ups = [card for event in hand.events if isinstance(event, Dealt) and event.up for card in event.cards]
        naming = follow(ups, self.rank)
        wild = None if naming is None else naming.rank
        if wild != hand.wild_rank:
            hand.name_wild(wild)
            hand.emit(WildNamed(wild, naming, self.rank))
        return None

    @property
    def moving_wild(self) -> Rank | None:
        """The rank whose up card names the next wild rank: :attr:`rank`."""
        return self.rank

    def describe(self) -> str:
        """One line for the rules."""
        name = rank_name(self.rank)
        return (
            f"The card dealt face up after a {name} names the wild rank; "
            f"a {name} dealt last makes {rank_name(self.rank, plural=True)} wild."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The showdown must take a wild rank named during the hand (``wild = "dynamic"``)."""
        from homegame.engine.steps.showdown import Showdown

        contests = [contest for step in game.steps if isinstance(step, Showdown) for contest in step.contests]
        if not any(contest.ranking.takes_wild_rank for contest in contests):
            fields.problem("kind", 'the showdown needs a ranking with wild = "dynamic" to use the wild rank')
