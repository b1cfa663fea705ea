"""``showdown``: the players still in show their cards, and each pot is shared between contests.

A contest is one way to win a share of the pot: a side name (``high``,
``low``), a ranking with its options, a hand form, and a share (a weight;
equal by default). For each pot, main pot first:

- the contests with at least one entrant among the pot's players share it in
  proportion to their shares; a contest nobody enters (no qualifying low, or
  nobody declared that side) leaves its share to the others; the odd chip of
  the split goes to the contest listed first (high, by default);
- within a contest the best hand wins; tied hands split that share, the odd
  chips going one each to the tied players from the button's left;
- when no contest has an entrant, the pot is split among its players
  (``no_winner = "split"``) or kept for the next deal (``"carry"``).

After a declaration (rules 000 and 003), each contest is entered only by the
players who declared its side or ``both``. A player who declared both must win
every side outright: a loss *or a tie* on either side, judged against every
other player still in, and that player wins nothing; every pot is then shared
as if they had folded. If nobody declared one side, the other side takes the pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from homegame.cards import Rank, suit_order
from homegame.engine.actions import ActionKind
from homegame.engine.events import Acted, Declared, Judged, Missed, Mucked, Returned, Revealed, Shown, SplitUp, Won
from homegame.engine.judge import Score
from homegame.engine.pots import share
from homegame.engine.spec import Fields, HouseRule, OptionValue
from homegame.engine.steps.base import SUIT_ORDER, Contest, Dealer, Decision, Rules, Snapshot, Step, register
from homegame.engine.steps.deal import Deal
from homegame.engine.steps.discard import Discarded
from homegame.ranking import Kind, PokerRanking, Ranking
from homegame.ranking.wild import WildSpec

SHOWDOWN_POTS = HouseRule(
    "showdown_pots",
    str,
    "each",
    "each pot is judged on its own (each), or the pots are merged and shared as one (merged)",
    choices=("each", "merged"),
)
ODD_CHIP = HouseRule(
    "odd_chip",
    str,
    "position",
    "an odd chip of tied hands goes to the first winner left of the button (position) or by card and suit (suit)",
    choices=("position", "suit"),
)


@register
@dataclass(frozen=True, slots=True, kw_only=True)
class Showdown(Step):
    """The showdown: contests sharing each pot (see the module docstring).

    >>> from homegame.ranking import get
    >>> from homegame.ranking.forms import Form
    >>> print(Showdown(contests=(Contest(side="high", ranking=get("high"), form=Form()),)).describe())
    Showdown: the best hand wins (high, best-5).
    """

    kind: ClassVar[str] = "showdown"
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = (SHOWDOWN_POTS, ODD_CHIP, SUIT_ORDER)
    settles: ClassVar[bool] = True
    contests: tuple[Contest, ...]
    no_winner: str = "split"

    @classmethod
    def read(cls, fields: Fields) -> Showdown:
        """``contests = [{side, ranking, ...}, ...]`` and ``no_winner``."""
        contests = []
        for table in fields.tables("contests"):
            contests.append(Contest.read(table))
            table.finish()
        if not contests:
            fields.problem("contests", "a showdown needs at least one contest")
        sides = [contest.side for contest in contests]
        if len(set(sides)) != len(sides):
            fields.problem("contests", f"sides must differ, not {', '.join(sides)}")
        return cls(contests=tuple(contests), no_winner=fields.string("no_winner", "split", ("split", "carry")))

    def begin(self, hand: Dealer) -> Decision | None:
        """Judge, show (each seat's cards with its hand in every contest it entered, unless it mucks:
        :meth:`mucking`), and pay every pot."""
        live = hand.in_hand()
        scores, judged, missed = self._judge(hand, live)
        paid = self._payouts(hand, live, scores, judged, missed)
        mucking = self.mucking(hand, live, {won.seat for won in paid if isinstance(won, Won)})
        for seat in _showing_order(hand, live) if hand.mucks else live:
            if seat in mucking:
                hand.emit(Mucked(seat))
                continue
            shown = tuple(card for part in hand.splits[seat] for card in part) or tuple(hand.cards(seat))
            hand.show(seat, shown)
            hands = tuple(entrants[seat] for entrants in judged if seat in entrants)
            hand.emit(Shown(seat, shown, hands, missed.get(seat, ())))
        for won in paid:
            if isinstance(won, Won):
                hand.award(won)
            else:
                hand.carry_over(won)
        return None

    @staticmethod
    def mucking(hand: Snapshot, live: Sequence[int], winners: set[int]) -> set[int]:
        """The seats of ``live`` that throw their hands away unseen: those that asked to
        (:attr:`~homegame.engine.setup.Setup.mucks`) and that the rules do not make show. Robert's
        Rules of Poker, Showdown: "A player must show all cards in the hand face-up on the table to
        win any part of the pot", so a winner shows; "the last player to take aggressive action by a
        bet or raise is the first to show the hand", so the last aggressor of the final round shows;
        and once a player is all in with the betting over, every hand is turned face up for the runout.
        """
        asked = set(hand.mucks) & set(live) - winners
        if not asked or sum(1 for seat in live if hand.stacks[seat] > 0) <= 1:
            return set()
        return asked - {_last_aggressor(hand)}

    def _payouts(
        self,
        hand: Dealer,
        live: list[int],
        scores: list[dict[int, Score]],
        judged: list[dict[int, Judged]],
        missed: dict[int, tuple[Missed, ...]],
    ) -> list[Won | int]:
        """What each pot pays, in order: the chips won (:class:`Won`), or carried over (an ``int``)."""
        paid: list[Won | int] = []
        merged = SHOWDOWN_POTS.read(hand.options) == "merged"
        for index, (amount, eligible) in enumerate(self._pots(hand, live, scores, merged=merged)):
            divide = _first_takes_odd if merged else share
            active = [
                (contest, score, entrants)
                for contest, score, entrants in zip(self.contests, scores, judged, strict=True)
                if any(seat in score for seat in eligible)
            ]
            if not active:
                if self.no_winner == "carry":
                    paid.append(amount)
                    continue
                takers = _odd_chip_order(hand, [seat for seat in eligible if seat not in missed] or eligible)
                for seat, chips in zip(takers, divide(amount, takers), strict=True):
                    if chips:
                        paid.append(Won(seat=seat, amount=chips, pot=index))
                continue
            parts = share(amount, active, [contest.share for contest, _, _ in active])
            for (contest, score, entrants), part in zip(active, parts, strict=True):
                winners = contest.judge.winners(score, eligible)
                winners = winners if merged else _odd_chip_order(hand, winners, low=_aces(contest.ranking))
                for seat, chips in zip(winners, divide(part, winners), strict=True):
                    if chips:
                        paid.append(Won(seat=seat, amount=chips, pot=index, side=contest.side, judged=entrants[seat]))
        return paid

    def _pots(
        self, hand: Dealer, live: list[int], scores: list[dict[int, Score]], *, merged: bool
    ) -> list[tuple[int, list[int]]]:
        """Each pot's chips and the live seats that may win it, main pot first. Under the house rule
        ``showdown_pots = "merged"`` (PokerKit's reading) the hands that win no share of any pot are
        mucked first, so pots left to the same players are one pot."""
        pots = [(pot.amount, [seat for seat in live if seat in pot.eligible]) for pot in hand.pots(with_bets=True)]
        if not merged:
            return pots
        winning = {
            seat
            for _, eligible in pots
            for contest, score in zip(self.contests, scores, strict=True)
            for seat in contest.judge.winners(score, eligible)
        }
        joined: list[tuple[int, list[int]]] = []
        for amount, eligible in pots:
            contenders = [seat for seat in eligible if seat in winning] or eligible
            before = joined.pop()[0] if joined and joined[-1][1] == contenders else 0
            joined.append((before + amount, contenders))
        return joined

    def _judge(
        self, hand: Dealer, live: list[int]
    ) -> tuple[list[dict[int, Score]], list[dict[int, Judged]], dict[int, tuple[Missed, ...]]]:
        """Each contest's scores of its entrants and their hands as judged, and why each player who
        declared both and failed won nothing."""
        declaring = any(hand.declared[seat] for seat in live)
        scores: list[dict[int, Score]] = []
        judged: list[dict[int, Judged]] = []
        for contest in self.contests:
            entrants = [seat for seat in live if not declaring or hand.declared[seat] in (contest.side, "both")]
            board = hand.rows.get(contest.row, [])
            held = {seat: contest.held(hand, seat) for seat in entrants}
            # A player left with no card to play (Good/Bad rows: every hole card dead, no good card) has no hand.
            hands = {seat: (cards, board) for seat, cards in held.items() if cards or board}
            scores.append(contest.judge.scores(hands, hand.wild_rank, {seat: hand.down[seat] for seat in entrants}))
            judged.append({seat: contest.judged(hand, seat, cards, board) for seat, (cards, board) in hands.items()})
        missed: dict[int, tuple[Missed, ...]] = {}
        for seat in (seat for seat in live if hand.declared[seat] == "both"):
            won = [
                (contest.side, contest.judge.winners(score, live))
                for contest, score in zip(self.contests, scores, strict=True)
            ]
            reasons = tuple(
                Missed(side=side, by=tuple(other for other in winners if other != seat), tied=seat in winners)
                for side, winners in won
                if winners != [seat]
            )
            if reasons:
                missed[seat] = reasons
        for score in scores:
            for seat in missed:
                score.pop(seat, None)
        return scores, judged, missed

    def wild_specs(self) -> tuple[WildSpec, ...]:
        """The wild cards of the contests' rankings."""
        return tuple(contest.ranking.wild for contest in self.contests if contest.ranking.wild is not None)

    def seen_hands(self, hand: Snapshot, viewer: int) -> tuple[Judged, ...]:
        """The viewer's hand in each contest it can be judged in yet (a split contest once split; a
        form such as Omaha's once there are cards enough)."""
        judged = []
        for contest in self.contests:
            if contest.cards.split and not hand.splits[viewer]:
                continue
            held = contest.held(hand, viewer)
            board = hand.rows.get(contest.row, [])
            if (held or board) and next(contest.form.candidates(held, board), None) is not None:
                judged.append(contest.judged(hand, viewer, held, board))
        return tuple(judged)

    def judging(self) -> tuple[Contest, ...]:
        """The contests hands are judged by: :attr:`contests`."""
        return self.contests

    def describe(self) -> str:
        """One line for the rules."""
        if len(self.contests) == 1:
            return f"Showdown: the best hand wins ({self.contests[0].ranking.label}, {self.contests[0].form})."
        parts = ", ".join(contest.describe() for contest in self.contests)
        return f"Showdown: the pot is shared between {parts}."

    def under(self, options: Mapping[str, OptionValue]) -> Showdown:
        """The showdown with the low the house rules choose (see :meth:`Contest.under`)."""
        contests = tuple(contest.under(options) for contest in self.contests)
        same = all(new is old for new, old in zip(contests, self.contests, strict=True))
        return self if same else replace(self, contests=contests)

    def check_game(self, game: Rules, fields: Fields) -> None:
        """The showdown is the last step, its contests use rows that are dealt, and a low the house
        rules choose has them, their defaults the contest's own ranking and qualifier."""
        if game.steps[-1] is not self:
            fields.problem("kind", "the showdown must be the last step")
        dealt = {"board"} | {step.row for step in game.steps if isinstance(step, Deal)}
        for contest in self.contests:
            if contest.low_rules:
                _check_low_rules(contest, game, fields)
            for rule in contest.ranking_rules:
                option = game.option(rule)
                if option is None or option.default != getattr(contest.ranking, rule):
                    fields.problem("contests", f"{contest.side}: the house rule {rule} must default to the ranking's")
            if contest.row not in dealt:
                fields.problem("contests", f"row {contest.row!r} of {contest.side} is never dealt")
            if contest.cards.split and not any(step.kind == "split" for step in game.steps):
                fields.problem("contests", f"{contest.side} judges a hand of a split, but no step splits")


def _check_low_rules(contest: Contest, game: Rules, fields: Fields) -> None:
    """The options ``low`` and ``qualifier`` exist, name lows, and default to the contest's reading."""
    ranking = contest.ranking
    assert isinstance(ranking, PokerRanking)
    low, qualifier = game.option("low"), game.option("qualifier")
    if low is None or qualifier is None:
        fields.problem("contests", f"{contest.side} has low_rules: the game needs the house rules low and qualifier")
        return
    lows = [kind.value for kind in Kind if PokerRanking(kind=kind).is_low]
    if low.default != ranking.kind.value or not low.choices or any(choice not in lows for choice in low.choices):
        fields.problem("contests", f"options.low: default {ranking.kind.value} (the contest's), choices among {lows}")
    numbers = [str(number) for number in range(5, 15)]
    if (
        qualifier.default != str(ranking.qualifier or "none")
        or not qualifier.choices
        or any(choice not in ("none", *numbers) for choice in qualifier.choices)
    ):
        fields.problem("contests", f"options.qualifier: default {ranking.qualifier or 'none'}, choices none or 5..14")


_AGGRESSIVE = frozenset({ActionKind.BET_TO, ActionKind.RAISE_TO, ActionKind.COMPLETE})
_AFTER_BETTING = (Returned, Declared, Revealed, SplitUp, Discarded)
"""What may happen between the final betting round and the showdown: an uncalled bet returned, a
declaration, a split (Pi Gow stud), a last discard (Shanghai). Anything else (cards dealt, drawn,
rolled, passed) begins a street of its own."""


def _last_aggressor(hand: Snapshot) -> int | None:
    """The seat that made the last bet or raise of the final betting round (``None``: everyone
    checked, or there was no betting since the last cards came)."""
    for event in reversed(hand.events):
        if isinstance(event, Acted):
            if event.action.kind in _AGGRESSIVE:
                return event.seat
        elif not isinstance(event, _AFTER_BETTING):
            return None
    return None


def _showing_order(hand: Snapshot, live: list[int]) -> list[int]:
    """The order the hands still in are shown (Robert's Rules of Poker, Showdown: "If everyone
    checks (or is all-in) on the final betting round, the player who acted first is the first to
    show the hand. If there is wagering on the final betting round, the last player to take
    aggressive action by a bet or raise is the first to show the hand"), then clockwise: ``live``
    is clockwise from the button's left already."""
    first = _last_aggressor(hand)
    start = live.index(first) if first in live else 0
    return live[start:] + live[:start]


def _first_takes_odd(amount: int, takers: Sequence[object]) -> list[int]:
    """``amount`` shared equally, every odd chip to the first taker (PokerKit's division).

    >>> _first_takes_odd(11, ["a", "b", "c"])
    [5, 3, 3]
    """
    quotient, remainder = divmod(amount, len(takers))
    return [quotient + (remainder if index == 0 else 0) for index in range(len(takers))]


def _aces(ranking: Ranking) -> bool | None:
    """How a low contest orders cards for its odd chip: ``True`` when aces are low (razz, ace-to-five),
    ``False`` when they are high (deuce-to-seven); ``None`` for a high contest."""
    if not ranking.is_low:
        return None
    return isinstance(ranking, PokerRanking) and ranking.aces_low


def _odd_chip_order(hand: Dealer, winners: list[int], *, low: bool | None = None) -> list[int]:
    """Tied winners in the order odd chips go to them: from the button's left (the default), or by
    the house rule ``odd_chip = "suit"`` to the holder of the highest card, equal ranks broken by the
    suit order in force (rules document 004, "Ranking of suits"); in a low contest (``low`` not
    ``None``: ``True`` when aces are low) to the holder of the lowest card, by suit (Robert's Rules
    of Poker, Ties: "the odd chip goes to the lowest card by suit in low games", all cards used)."""
    if len(winners) < 2 or ODD_CHIP.read(hand.options) != "suit":
        return winners
    order = suit_order(SUIT_ORDER.read(hand.options))

    def highest(seat: int) -> tuple[int, int]:
        cards = [card for card in hand.cards(seat) if card.rank is not None and card.suit is not None]
        return max((int(card.rank), order.value(card.suit)) for card in cards)  # type: ignore[arg-type]

    def lowest(seat: int) -> tuple[int, int]:
        cards = [card for card in hand.cards(seat) if card.rank is not None and card.suit is not None]
        ranks = [1 if low and card.rank == Rank.ACE else int(card.rank) for card in cards]  # type: ignore[arg-type]
        return min((rank, order.value(card.suit)) for rank, card in zip(ranks, cards, strict=True))  # type: ignore[arg-type]

    if low is None:
        return sorted(winners, key=highest, reverse=True)
    return sorted(winners, key=lowest)
