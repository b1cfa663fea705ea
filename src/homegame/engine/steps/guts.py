"""``guts``: everyone declares in or out at once; the best hand in takes the pot, and every
other player who went in matches it for the next deal.

Rules document 004, "Guts": "They usually involve hands of 3 or fewer cards, ranked similarly
to hands in poker, and multiple successive rounds of betting each of which consist of the
decision to be 'in' or 'out', and each with its own showdown. The losers of rounds of guts
generally match or double the pot, which grows rapidly."

One deal is one round. Everyone still in chooses ``in`` or ``out`` at the same moment and in
secret (a declaration, :class:`~homegame.engine.steps.declare.DeclareRound`); then all open:

- nobody in: the pot stays as it is for another deal;
- one player in: that player takes the pot, and the game is over (the next deal is a new
  game, with antes);
- two or more in: they show, and the best hand takes the pot (equal hands share it, odd chips
  from the button's left). Every other player who went in matches the pot they lost (or, by
  the house rule ``losers_pay = "double"``, pays twice it), at most the house rule
  ``match_cap`` (0: no cap) and at most their chips (:func:`match_price`); the matches make
  the pot of the next deal.

While a pot goes on to another deal, the hand's result says the game continues, so a table
deals Guts again whatever the schedule (:attr:`~homegame.engine.hand.HandResult.continues`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from homegame.engine.events import SEATS, Event, Judged, Names, Prompt, Shown, Won, says
from homegame.engine.judge import Judge
from homegame.engine.pots import share
from homegame.engine.spec import Fields, OptionValue
from homegame.engine.steps.base import Dealer, Decision, Rules, Step, register
from homegame.engine.steps.declare import DeclareRound
from homegame.ranking import Ranking, get
from homegame.ranking.forms import Form

__all__ = ["Guts", "Matched", "match_price"]


def match_price(options: Mapping[str, OptionValue], pot: int) -> int:
    """What a player who went in and lost puts in for the next deal, under the house rules
    ``options``: the pot ("match"), or twice it under ``losers_pay = "double"`` (rules 004: "The
    losers of rounds of guts generally match or double the pot"), at most ``match_cap`` when one
    is set.

    >>> match_price({}, 12), match_price({"losers_pay": "double"}, 12)
    (12, 24)
    >>> match_price({"losers_pay": "double", "match_cap": 20}, 12)
    20
    """
    price = 2 * pot if options.get("losers_pay", "match") == "double" else pot
    cap = options.get("match_cap", 0)
    return min(price, cap) if isinstance(cap, int) and cap > 0 else price


@dataclass(frozen=True, slots=True)
class Matched(Event):
    """A player who went in and lost puts ``amount`` chips into the next deal's pot."""

    seat: int
    amount: int

    @property
    def chips(self) -> int:
        """The chips matched."""
        return self.amount

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 matches the pot with 12``."""
        return f"{says(names, self.seat, 'matches')} the pot with {self.amount}"


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Guts(Step):
    """In or out, then the round's showdown and the losers' matches (see the module docstring).

    >>> print(Guts(ranking=get("three-card"), form=Form(size=3)).describe())
    Everyone declares in or out at once; the best hand in (three-card, best-3) takes the pot, and \
every other player in matches it for the next deal.
    """

    kind: ClassVar[str] = "guts"
    settles: ClassVar[bool] = True
    ranking: Ranking
    form: Form
    judge: Judge = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "judge", Judge(self.ranking, self.form))

    @classmethod
    def read(cls, fields: Fields) -> Guts:
        """``ranking`` (``three-card``) and ``form`` (``best-3``)."""
        try:
            ranking = get(fields.string("ranking", "three-card"))
        except ValueError as error:
            fields.problem("ranking", str(error))
            ranking = get("three-card")
        try:
            form = Form.parse(fields.string("form", "best-3"))
        except ValueError as error:
            fields.problem("form", str(error))
            form = Form(size=3)
        return cls(ranking=ranking, form=form)

    def match_price(self, options: Mapping[str, OptionValue], pot: int) -> int | None:
        """What a loser who went in pays to the next pot: :func:`match_price`."""
        return match_price(options, pot)

    @property
    def judged_by(self) -> Ranking | None:
        """The ranking the hands in are judged by: :attr:`ranking`."""
        return self.ranking

    def begin(self, hand: Dealer) -> Decision | None:
        """Everyone still in declares in or out."""
        return GutsRound(hand, self.judge)

    def describe(self) -> str:
        """One line for the rules."""
        judged = f"{self.ranking.label}, {self.form}"
        return (
            f"Everyone declares in or out at once; the best hand in ({judged}) takes the pot, "
            "and every other player in matches it for the next deal."
        )

    def check_game(self, game: Rules, fields: Fields) -> None:
        """Guts ends the game's steps."""
        if game.steps[-1] is not self:
            fields.problem("kind", "guts must be the last step")


class GutsRound(DeclareRound):
    """The declaration of in or out; when all have chosen, the round is settled."""

    __slots__ = ("judge",)

    def __init__(self, hand: Dealer, judge: Judge) -> None:
        super().__init__(hand, ("in", "out"), fold=False)
        self.judge = judge

    def prompt(self, seat: int) -> Prompt:
        """What going in and out mean, with the pot and what a loser pays."""
        hand = self.hand
        price = match_price(hand.options, hand.pot)
        return Prompt(
            text=f"In: your cards play for the pot of {hand.pot}; the best hand in takes it, and every other "
            f"player in pays {price} into the next pot. Out: you drop out of this deal and pay nothing."
        )

    def close(self) -> None:
        """Open the declarations, then pay the pot and take the matches."""
        super().close()
        hand = self.hand
        ins = [seat for seat in hand.in_hand() if hand.declared[seat] == "in"]
        pot = hand.pot
        if len(ins) == 1:
            hand.award(Won(seat=ins[0], amount=pot))
            return
        if not ins:
            hand.carry_over(pot, again=True)
            return
        judged = {}
        for seat in ins:
            shown = tuple(hand.cards(seat))
            hand.show(seat, shown)
            judged[seat] = Judged(side="in", held=shown, judge=self.judge)
            hand.emit(Shown(seat, shown, (judged[seat],)))
        scores = self.judge.scores({seat: (hand.cards(seat), ()) for seat in ins})
        winners = self.judge.winners(scores, ins)
        for seat, amount in zip(winners, share(pot, winners), strict=True):
            if amount:
                hand.award(Won(seat=seat, amount=amount, side="in", judged=judged[seat]))
        price = match_price(hand.options, pot)
        matched = 0
        for seat in ins:
            amount = 0 if seat in winners else hand.pay(seat, price)
            if amount:
                matched += amount
                hand.emit(Matched(seat, amount))
        if matched:
            hand.carry_over(matched, again=True)
