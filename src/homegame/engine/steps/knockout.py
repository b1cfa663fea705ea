"""``knockout``: High Card Poker's reveal (rules 002), where hands are tested against the table,
not against each other.

The extra hand, dealt face down to a row (``extra`` by default), is turned up and sorted from
lowest to highest; so is each player's hand. Position by position from the lowest card, a player
whose card is not higher than the extra hand's card in the same position is knocked out (aces
high, suits count for nothing). The last survivor wins. The pot carries over to the next deal
when the last two or more players are knocked out by the same card (4.5(a)) or when two or more
survive all five comparisons (4.5(b)).

The rules state the equal-card rule only for the first comparison: an equal card is knocked out.
For the later comparisons the house rule ``equal_card`` says: ``out`` (the consistent reading,
and the default) or ``survives``.

A hand's fate does not depend on the other hands: it survives some number of comparisons, 0 to 5
(:func:`~homegame.ranking.positional.survived`). So each pot (a side pot too, among the players who
may win it) goes to the one player who survived the most comparisons, and carries over when several
share the most.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from homegame.cards import Card
from homegame.engine.events import SEATS, Event, Judged, KnockedOut, Made, Names, Shown, TurnedUp, Won, name
from homegame.engine.spec import Fields, HouseRule, OptionValue
from homegame.engine.steps.base import Dealer, Decision, Row, Rules, Snapshot, Step, register
from homegame.engine.steps.deal import Deal
from homegame.ranking.core import Category
from homegame.ranking.poker import rank_name
from homegame.ranking.positional import ordered, survived

__all__ = ["SIDE", "STANDING", "Knockout", "KnockoutTie", "standing"]

SIDE = "last survivor"
"""The side of the pot the knock-out pays."""

STANDING = "against the extra hand"
"""The contest of each player's standing (no hand is "last survivor" that is not)."""

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockoutTie(Event):
    """Nobody is the last survivor of pot ``pot`` (0 the main pot), so it carries over: the
    ``seats`` that lasted longest survived ``survived`` of the ``cards`` comparisons, all of them
    (4.5(b): two or more survive), or fewer (4.5(a): the same card knocked them all out).

    >>> KnockoutTie(seats=(1, 2), survived=5, cards=5).describe({1: "bob", 2: "you"})
    'bob and you survive all 5 cards: two survivors carry the pot over to the next deal'
    >>> KnockoutTie(seats=(0, 2), survived=2, cards=5, pot=1).describe()
    'seat 0 and seat 2 are knocked out by the same card (card 3): side pot 1 carries over to the next deal'
    """

    seats: tuple[int, ...]
    survived: int
    cards: int
    pot: int = 0

    def describe(self, names: Names = SEATS) -> str:
        """Why the pot carries over, in words."""
        who = " and ".join(name(names, seat) for seat in self.seats)
        where = "the pot" if self.pot == 0 else f"side pot {self.pot}"
        if self.survived == self.cards:
            count = _COUNTS[len(self.seats)] if len(self.seats) < len(_COUNTS) else str(len(self.seats))
            return f"{who} survive all {self.cards} cards: {count} survivors carry {where} over to the next deal"
        card = self.survived + 1
        return f"{who} are knocked out by the same card (card {card}): {where} carries over to the next deal"


def standing(
    cards: Sequence[Card],
    extra: Sequence[Card] | None,
    *,
    equal_survives: bool = False,
    rivals: Sequence[Sequence[Card]] = (),
) -> Judged:
    """A player's standing against the extra hand: the cards from the lowest and, before the reveal,
    the lowest card ("a hand is only as strong as its lowest card"); once the extra hand is up
    (``extra``), the card that knocked it out, or that it is the last survivor.

    Comparisons stop "as soon as only one player survives": given the other hands still in
    (``rivals``), a hand left alone after card 2 is the last survivor after card 2, whatever its
    later cards would have done. The worked example of rules 002 (extra hand 4♣ 7♦ 9♠ J♥ K♣):

    >>> from homegame.cards import parse
    >>> print(standing(parse("Ah 5h Qs 8c Td"), None))
    against the extra hand: lowest card five (5h 8c Td Qs Ah)
    >>> extra = parse("4c 7d 9s Jh Kc")
    >>> a, b, c = parse("5h 8c Td Qs Ah"), parse("2d 8s Th Qd Ac"), parse("5s 6d Jc Kd Ad")
    >>> [standing(one, extra, rivals=[x for x in (a, b, c) if x is not one]).made.name for one in (a, b, c)]
    ['last survivor after card 2', 'knocked out at card 1', 'knocked out at card 2']
    >>> print(standing(a, extra).made.name)
    survives all 5
    """
    mine = ordered(cards)
    if extra is None or len(extra) != len(mine):
        name = f"lowest card {rank_name(int(mine[0].rank or 0))}" if mine else "no cards yet"
    else:
        lasted = survived(mine, extra, equal_survives=equal_survives)
        others = [survived(other, extra, equal_survives=equal_survives) for other in rivals]
        compared = len(mine) if not others else min(len(mine), max(others) + 1)  # alone after the best rival fell
        if lasted < compared:
            name = f"knocked out at card {lasted + 1}"
        elif compared == len(mine):
            name = f"survives all {lasted}"
        else:
            name = f"last survivor after card {compared}"
    return Judged(side=STANDING, held=mine, given=Made(name=name, category=Category.HIGH_CARD, cards=mine))


EQUAL_CARD = HouseRule(
    "equal_card",
    str,
    "out",
    "a card equal to the extra hand's at its position knocks the hand out (out) or survives (survives)",
    choices=("out", "survives"),
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Knockout(Step):
    """Turn up the face-down ``row`` and knock players out against it (see the module docstring).

    >>> print(Knockout().describe())
    The extra hand is turned up and sorted; each player's sorted cards must beat it position by
    position, lowest first, and a card that is not higher is knocked out; the last survivor wins,
    and the pot carries over when the last players go out on the same card or two or more survive
    all five.
    """

    kind: ClassVar[str] = "knockout"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (EQUAL_CARD,)
    settles: ClassVar[bool] = True
    row: str = "extra"

    @classmethod
    def read(cls, fields: Fields) -> Knockout:
        """``row``: the face-down row the hands are tested against."""
        return cls(row=fields.string("row", "extra"))

    def seen_hands(self, hand: Snapshot, viewer: int) -> tuple[Judged, ...]:
        """The viewer's standing against the extra hand: against the others too only once the viewer
        sees all their cards (the showdown), so the name says "last survivor after card 2" for a
        winner without telling anything hidden."""
        if not hand.cards(viewer):
            return ()
        others = [seat for seat in hand.in_hand() if seat != viewer]
        shown = hand.shown
        rivals = [shown[seat] for seat in others] if all(seat in shown for seat in others) else []
        equal = EQUAL_CARD.read(hand.options) == "survives"
        return (standing(hand.cards(viewer), hand.rows.get(self.row), equal_survives=equal, rivals=rivals),)

    def begin(self, hand: Dealer) -> Decision | None:
        """Reveal, tell the story of the knock-outs, and settle every pot."""
        extra = ordered(hand.face_down[self.row])
        hand.move(extra, Row(self.row, face_up=False), Row(self.row))
        hand.emit(TurnedUp(self.row, extra))
        live = hand.in_hand()
        equal = EQUAL_CARD.read(hand.options) == "survives"
        for seat in live:
            shown = ordered(hand.cards(seat))
            hand.show(seat, shown)
            rivals = [hand.cards(other) for other in live if other != seat]
            hand.emit(Shown(seat, shown, (standing(shown, extra, equal_survives=equal, rivals=rivals),)))
        lasted = {seat: survived(hand.cards(seat), extra, equal_survives=equal) for seat in live}
        left = live
        for position, against in enumerate(extra):
            if len(left) < 2:
                break  # "As soon as only one player survives, that player wins the pot."
            for seat in left:
                if lasted[seat] == position:
                    hand.emit(
                        KnockedOut(seat=seat, position=position + 1, card=hand.shown[seat][position], against=against)
                    )
            left = [seat for seat in left if lasted[seat] > position]
        for index, pot in enumerate(hand.pots(with_bets=True)):
            eligible = [seat for seat in live if seat in pot.eligible]
            most = max(lasted[seat] for seat in eligible)
            last = [seat for seat in eligible if lasted[seat] == most]
            if len(last) == 1:
                hand.award(Won(seat=last[0], amount=pot.amount, pot=index, side=SIDE))
            else:  # 4.5(a) when most < 5, 4.5(b) when they all survived
                hand.emit(KnockoutTie(seats=tuple(last), survived=most, cards=len(extra), pot=index))
                hand.carry_over(pot.amount)
        return None

    @property
    def knockout_row(self) -> str | None:
        """The row of the extra hand every hand is played against: :attr:`row`."""
        return self.row

    def survives_equal(self, options: Mapping[str, OptionValue]) -> bool:
        """True when a card equal to the extra hand's survives under the house rules ``options``."""
        return EQUAL_CARD.read(options) == "survives"

    def describe(self) -> str:
        """One line for the rules."""
        return (
            f"The {self.row} hand is turned up and sorted; each player's sorted cards must beat it position by "
            "position, lowest first, and a card that is not higher is knocked out; the last survivor wins, and "
            "the pot carries over when the last players go out on the same card or two or more survive all five."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The row must be dealt face down, five cards, and every player must hold five cards; the
        knock-out is the last step."""
        dealt = [step for step in game.steps if isinstance(step, Deal) and step.row == self.row and step.board]
        if sum(step.board for step in dealt) != 5 or any(step.face != "down" for step in dealt):
            fields.problem("row", f"row {self.row!r} must be five cards dealt face down")
        held = sum(len(step.cards) for step in game.steps if isinstance(step, Deal))
        if held != 5:
            fields.problem("kind", f"each player must hold five cards to compare, not {held}")
        if game.steps[-1] is not self:
            fields.problem("kind", "the knock-out must be the last step")
