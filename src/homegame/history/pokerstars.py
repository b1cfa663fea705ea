"""PokerStars hand-history text, the format Hold'em Manager and PokerTracker import: :func:`to_pokerstars`.

A hand is written in the line shapes of PokerStars' own files: the header (hand number, game,
stakes, date), the table line (with the button; none in stud), the seats, the forced bets, the
street markers of its family, the actions, the show down and the summary with the pot arithmetic.
``Dealt to`` shows the hero's cards only (and every player's up cards in stud). Hands are
separated by three blank lines (:func:`dumps_pokerstars`). A hand dealt in a mixed game names the
mix before its game, as real files do: ``HORSE (Razz Limit, 10/20)`` (:func:`mix_label`).

The shapes are those of PokerStars' own files (as fpdb's regression files hold them): a stud
completion is a raise of the bring-in (``raises 3 to 5``), the antes and a stud street's cards
are written seat by seat, stud's seats numbered from the dealer's left; a single draw has no
marker of its own (its discards follow the first round), triple draw has ``*** FIRST DRAW ***``..,
and a fold is ``folded after the 2nd Draw``; the hero ``stands pat on [..]``; hands are named
as PokerStars names them (:func:`describe`), ``Betting is capped`` follows the last raise a round
allows, and one side pot is the ``side pot`` (``side pot-1``.. beside more).

Only the games those tools hold are written (:data:`GAMES`): hold'em (no limit, pot limit,
limit), Omaha and Omaha hi-lo, seven-card stud and stud hi-lo, razz, five-card draw, 2-7 single
and triple draw and badugi, as the catalogue deals them; any other hand (wild cards, declare,
buying, passing, a carried pot, a house rule changed) is refused with a :class:`ParseError`
pointing to PHH, which holds every game.

>>> from homegame.bots import CallerBot, play
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc 2c 7d 8h 9s 2d 3h 4s 5c")
>>> play(hand, [CallerBot()] * 2)
>>> text = to_pokerstars(hand.history(), names=["ann", "bob"], hero=0, number=7)
>>> print(text.splitlines()[0][:48])
PokerStars Hand #7:  Hold'em No Limit (1/2) - 20
>>> print("\\n".join(text.splitlines()[1:5]))
Table 'homegame' 2-max Seat #1 is the button
Seat 1: ann (100 in chips)
Seat 2: bob (100 in chips)
ann: posts small blind 1
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING

from homegame.cards import Card, Rank
from homegame.engine.actions import Action, BetTo, BringIn, Call, Check, Complete, Draw, Fold, RaiseTo, RunTwice
from homegame.engine.betting import Betting
from homegame.engine.events import Acted, Dealt, Drew, Made, Posted, Returned, Shown, Won
from homegame.engine.game import Family, Game
from homegame.engine.hand import Chance, Hand, History
from homegame.engine.steps.base import Wagering
from homegame.errors import ParseError
from homegame.history.phh import Record
from homegame.history.variants import CODES, as_listed, code_of
from homegame.ranking.core import Category

if TYPE_CHECKING:
    from homegame.games.mixes import Mix

__all__ = [
    "GAMES",
    "IMPORTS",
    "decode_pokerstars",
    "describe",
    "dumps_pokerstars",
    "hand_number",
    "mix_label",
    "read_pokerstars",
    "to_pokerstars",
]

PLAYED: dict[str, dict[Betting, str]] = {
    "Hold'em": {Betting.NO_LIMIT: "holdem", Betting.POT_LIMIT: "pot-limit-holdem", Betting.FIXED_LIMIT: "limit-holdem"},
    "Omaha": {Betting.POT_LIMIT: "omaha"},
    "Omaha Hi/Lo": {Betting.FIXED_LIMIT: "omaha-hi-lo", Betting.POT_LIMIT: "pot-limit-omaha-hi-lo"},
    "5 Card Omaha": {Betting.POT_LIMIT: "five-card-omaha"},
    "5 Card Omaha Hi/Lo": {Betting.POT_LIMIT: "big-o"},
    "6 Card Omaha": {Betting.POT_LIMIT: "six-card-omaha"},
    "7 Card Stud": {Betting.FIXED_LIMIT: "stud"},
    "7 Card Stud Hi/Lo": {Betting.FIXED_LIMIT: "stud-hi-lo"},
    "Razz": {Betting.FIXED_LIMIT: "razz"},
    "5 Card Draw": {Betting.FIXED_LIMIT: "draw"},
    "Single Draw 2-7 Lowball": {Betting.NO_LIMIT: "2-7-single-draw"},
    "Triple Draw 2-7 Lowball": {Betting.FIXED_LIMIT: "2-7-triple-draw"},
    "Badugi": {Betting.FIXED_LIMIT: "badugi"},
}
"""PokerStars's names of the games homegame plays, and the catalogue's documents of each by structure;
at another structure, the first document's game is played at it (``omaha@fixed-limit``)."""


GAMES: dict[str, str] = {name: stars for stars, documents in PLAYED.items() for name in documents.values()}
"""The catalogue games PokerStars text holds, and the name its header gives each (at any of the three
structures: ``omaha@fixed-limit`` is ``Omaha Limit``)."""

LIMITS = {Betting.NO_LIMIT: "No Limit", Betting.POT_LIMIT: "Pot Limit", Betting.FIXED_LIMIT: "Limit"}

_COMMUNITY = ("FLOP", "TURN", "RIVER")
_STUD = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_TRIPLE = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
"""The markers of triple draw's draws (a single draw has none: its draw follows the first round)."""
_WHEN = {"FLOP": "Flop", "TURN": "Turn", "RIVER": "River"}
_ORDINALS = ("1st", "2nd", "3rd")
_DEUCE_TO_SEVEN = {"2-7-single-draw", "2-7-triple-draw"}
_RANK_NAMES = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")


def _rank_name(card: Card, plural: bool = False) -> str:
    rank = card.rank
    assert rank is not None, "a joker has no rank"  # the games written are played without jokers
    name = _RANK_NAMES[rank - 2]
    return name + ("es" if name == "Six" else "s") if plural else name


def _ranks(cards: Sequence[Card]) -> str:
    return ",".join(str(card)[0] for card in cards)


def _high(made: Made) -> str:
    """A high hand as PokerStars names it: ``a pair of Queens``, ``a straight, Ten to Ace``.

    >>> from homegame.ranking import get
    >>> hands = ("Ah 2s 3d 4c 5h", "Kd Kh Kc 7s 7h", "9s 4s 2s Js 3s")
    >>> [_high(Made.of(get("high").evaluate(cards))) for cards in hands]
    ['a straight, Ace to Five', 'a full house, Kings full of Sevens', 'a flush, Jack high']
    """
    cards, category = made.cards, made.category
    if category is Category.STRAIGHT_FLUSH and cards[0].rank == Rank.ACE and cards[1].rank == Rank.KING:
        return "a Royal Flush"
    return {
        Category.HIGH_CARD: lambda: f"high card {_rank_name(cards[0])}",
        Category.ONE_PAIR: lambda: f"a pair of {_rank_name(cards[0], True)}",
        Category.TWO_PAIR: lambda: f"two pair, {_rank_name(cards[0], True)} and {_rank_name(cards[2], True)}",
        Category.THREE_OF_A_KIND: lambda: f"three of a kind, {_rank_name(cards[0], True)}",
        Category.STRAIGHT: lambda: f"a straight, {_rank_name(cards[-1])} to {_rank_name(cards[0])}",
        Category.FLUSH: lambda: f"a flush, {_rank_name(cards[0])} high",
        Category.FULL_HOUSE: lambda: f"a full house, {_rank_name(cards[0], True)} full of {_rank_name(cards[3], True)}",
        Category.FOUR_OF_A_KIND: lambda: f"four of a kind, {_rank_name(cards[0], True)}",
        Category.STRAIGHT_FLUSH: lambda: f"a straight flush, {_rank_name(cards[-1])} to {_rank_name(cards[0])}",
    }[category]()


def describe(game: str, shown: Shown) -> str:
    """What a shown hand makes, in the words of PokerStars' show down and summary lines: a high
    hand (``two pair, Tens and Eights``), an ace-to-five low (``Lo: 8,6,4,3,2``), a deuce-to-seven
    low (``Lo: 9,7,6,4,2``, or ``Lo: a pair of Fives`` when it holds one), a badugi
    (``Badugi: 8,5,4,2``, ``3-card: 9,2,A``), and both halves of a high-low hand
    (``HI: a pair of Sevens; LO: 8,7,5,4,2``, the low only when it qualifies).

    >>> from homegame.cards import parse
    >>> from homegame.engine.events import Judged
    >>> from homegame.ranking import get
    >>> def shown(*sides):
    ...     made = [(side, Made.of(get(ranking).evaluate(cards))) for side, ranking, cards in sides]
    ...     return Shown(seat=0, cards=(), hands=tuple(Judged(side=s, held=(), given=m) for s, m in made))
    >>> describe("razz", shown(("low", "low-a5", "Kh 8s 6d 3c Ah")))
    'Lo: K,8,6,3,A'
    >>> describe("2-7-triple-draw", shown(("low", "low-27", "8h 8s 4d 3c 7h")))
    'Lo: a pair of Eights'
    >>> describe("badugi", shown(("low", "badugi", "5h 2c Ah 9d")))
    '3-card: 9,2,A'
    >>> describe("stud-hi-lo", shown(("high", "high", "7h 7s 5d 4c 2h"), ("low", "low-a5", "7h 5d 4c 8s 2h")))
    'HI: a pair of Sevens; LO: 8,7,5,4,2'
    """

    def one(side: str, made: Made) -> str:
        if made.category.name.startswith("BADUGI"):
            size = int(made.category.value[-1])
            return f"{'Badugi' if size == 4 else f'{size}-card'}: {_ranks(made.cards)}"
        if side != "low":
            return _high(made)
        if game in _DEUCE_TO_SEVEN and made.category is not Category.HIGH_CARD:
            return f"Lo: {_high(made)}"
        return f"Lo: {_ranks(made.cards)}"

    hands = [(judged.side, judged.made) for judged in shown.hands]
    if len(hands) == 1:
        return one(*hands[0])
    halves = [f"HI: {_high(made)}" if side == "high" else f"LO: {_ranks(made.cards)}" for side, made in hands]
    return "; ".join(half for half, (_, made) in zip(halves, hands, strict=True) if made.qualified)


def hand_number(history: History) -> int:
    """A stable number for the hand: the same hand always gets it, another hand almost never.

    >>> from homegame.engine import Hand
    >>> from homegame.games import load
    >>> a, b = (Hand(load("razz"), [30, 30], seed=seed).history() for seed in (1, 2))
    >>> hand_number(a) == hand_number(a), hand_number(a) == hand_number(b)
    (True, False)
    """
    text = repr((history.setup.game.name, history.setup.stacks, history.chance, history.actions))
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)


def to_pokerstars(
    history: History,
    *,
    names: Sequence[str] | None = None,
    hero: int | None = 0,
    number: int | None = None,
    when: datetime | None = None,
    table: str = "homegame",
    mix: Mix | None = None,
    size: int | None = None,
) -> str:
    """The hand as PokerStars text (``hero``: the seat whose hole cards it shows, ``None`` for nobody's;
    ``mix``: the mixed game the hand was dealt in, which the header names before its game, as
    ``HORSE (Razz Limit, 1/2)``; see :func:`mix_label`; ``size``: the seats at the table, the
    header's ``N-max``, by default the seats dealt)."""
    from homegame.games import load
    from homegame.games.structures import at

    setup = history.setup
    game = setup.game
    asked = setup.run_it_twice and any(isinstance(action, RunTwice) for _, action in history.actions)
    if asked and history.replay().runouts:
        raise ParseError("a hand run twice: its two boards are written as PHH (homegame history export)")
    base = _base(game.name)
    dealt = game.betting is Betting.FIXED_LIMIT or (game.betting in LIMITS and base not in _STUD_GAMES)
    catalogue = at(load(base), game.betting) if base in GAMES and dealt else None
    if catalogue is None or not as_listed(setup, catalogue):
        raise ParseError(
            f"{game.name}: PokerStars text holds {', '.join(sorted(GAMES))} as the catalogue deals them; "
            "write this hand as PHH (homegame history export), which holds every game",
            token=game.name,
        )
    hand = Hand.from_setup(setup, Chance(random.Random(0), history.chance))
    writer = _Writer(hand, list(names or [f"seat {seat + 1}" for seat in range(hand.seats)]), hero)
    writer.header(number if number is not None else hand_number(history), when, table, mix, size)
    writer.events(hand.events)
    for seat, action in history.actions:
        before, step, decision = hand.bets[seat], hand.step, hand.decision
        betting = step.wagering(decision) if step is not None and decision is not None else None
        level = betting.to_match if betting is not None else 0
        events = hand.act(seat, action)
        writer.action(seat, action, events, before, betting=betting, level=level)
        writer.events(events)
    writer.summary()
    return "\n".join(writer.lines)


def mix_label(mix: Mix) -> str:
    """The name a PokerStars header gives a mixed game: its title without the dots (``HORSE``,
    ``HOSE``), and ``8-Game`` for the eight-game mix, as PokerStars names it.

    >>> from homegame.games.mixes import load_mix
    >>> [mix_label(load_mix(name)) for name in ("horse", "eight-game", "hoe", "holdem-mixed")]
    ['HORSE', '8-Game', 'HOE', "Hold'em mixed"]
    """
    return {"eight-game": "8-Game"}.get(mix.name) or re.sub(r"[^A-Za-z0-9'+/ -]", "", mix.title).strip() or "Mixed"


def dumps_pokerstars(hands: Iterable[str]) -> str:
    """Hands of PokerStars text as one file: three blank lines between hands."""
    return "\n\n\n\n".join(hands) + "\n"


def _base(name: str) -> str:
    """The catalogue's name of a game at another structure (``omaha`` of ``omaha@fixed-limit``)."""
    return name.partition("@")[0]


def _hole_count(game: Game) -> int:
    """The cards a player holds when the betting starts: every deal before the first round (a
    lowball deal comes two and three, with the chance to kill between)."""
    first_bet = next(index for index, step in enumerate(game.steps) if step.kind == "bet")
    return sum(len(getattr(step, "cards", ())) for step in game.steps[:first_bet] if step.kind == "deal")


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


@dataclass(eq=False)
class _Tally:
    """A hand's PokerStars text in the making: its lines (those written in seat order held back until
    the next other line), and the tallies its summary is written from: what each seat put in and
    collected, the pots, who folded when, the hands shown."""

    hand: Hand
    names: list[str]
    hero: int | None
    lines: list[str] = field(default_factory=list)
    by_seat: list[tuple[int, str]] = field(default_factory=list)
    """Lines PokerStars writes in seat order (the antes, a stud street's cards), until the next other line."""
    street: int = 0
    """How many street markers are written (the first is the hole cards')."""
    draws: int = 0
    """How many draws have begun."""
    board: list[Card] = field(default_factory=list)
    put: list[int] = field(default_factory=list)
    collected: list[int] = field(default_factory=list)
    pots: dict[int, int] = field(default_factory=dict)
    folded_on: dict[int, str] = field(default_factory=dict)
    shown: dict[int, tuple[tuple[Card, ...], str]] = field(default_factory=dict)
    held: list[list[Card]] = field(default_factory=list)
    up: list[list[Card]] = field(default_factory=list)
    drawing: bool = False
    """A draw round is under way (its marker is written at its first draw)."""
    announced: object = None
    """The betting round whose open pair was announced."""
    showdown: bool = False

    owed: list[Posted] = field(default_factory=list)
    """The posts of blinds single seats owed (a missed blind made up: the setup's ``posts``)."""
    dead_small: dict[int, Posted] = field(default_factory=dict)
    """The dead small blind of each seat that also owed the big one: one line says both."""

    def __post_init__(self) -> None:
        seats = self.hand.seats
        self.put, self.collected = [0] * seats, [0] * seats
        self.held, self.up = [[] for _ in range(seats)], [[] for _ in range(seats)]
        posted = [event for event in self.hand.events if isinstance(event, Posted)]
        owed = [(post.seat, post.name) for post in self.hand.owed]
        while posted and owed and (posted[-1].seat, posted[-1].blind) == owed[-1]:  # they go in last
            self.owed.insert(0, posted.pop())
            owed.pop()
        for event in self.owed:
            if event.blind == "dead_small_blind" and any(
                other.seat == event.seat and other.blind == "big_blind" for other in self.owed
            ):
                self.dead_small[event.seat] = event

    def is_owed(self, event: Posted) -> bool:
        """True for the post of a blind its seat owed (the same post as the game's blind is another event)."""
        return any(event is owed for owed in self.owed)

    @property
    def family(self) -> str:
        return self.hand.game.family.value

    @property
    def triple(self) -> bool:
        return sum(1 for step in self.hand.game.steps if step.kind == "draw") > 1

    def number(self, seat: int) -> int:
        """The seat's number in the text: stud has no button, so its seats are numbered from the
        dealer's left (PokerStars breaks a tie of the hands showing by seat number); the others as seated."""
        if self.family != "stud":
            return seat + 1
        return (seat - self.hand.button - 1) % self.hand.seats + 1

    @property
    def seats(self) -> list[int]:
        """The seats in the order of their numbers."""
        return sorted(range(self.hand.seats), key=self.number)

    def say(self, line: str) -> None:
        """Write a line, after the seat-ordered lines before it."""
        self.lines.extend(line for _, line in sorted(self.by_seat, key=lambda pair: self.number(pair[0])))
        self.by_seat.clear()
        self.lines.append(line)

    def _pot_name(self, pot: int) -> str:
        """``pot`` alone; ``main pot`` and ``side pot`` beside one side pot; ``side pot-1``.. beside more."""
        count = len({won.pot for won in self.hand.events if isinstance(won, Won)})
        if count == 1:
            return "pot"
        return "main pot" if pot == 0 else "side pot" if count == 2 else f"side pot-{pot}"

    def won(self, event: Won) -> None:
        self.collected[event.seat] += event.amount
        self.pots[event.pot] = self.pots.get(event.pot, 0) + event.amount
        self.say(f"{self.names[event.seat]} collected {event.amount} from {self._pot_name(event.pot)}")

    def summary(self) -> None:
        hand = self.hand
        if not self.showdown:
            winners = {seat for seat in range(hand.seats) if self.collected[seat]}
            for seat in sorted(winners):
                self.say(f"{self.names[seat]}: doesn't show hand")
        else:
            sides = {judged.side for event in hand.events if isinstance(event, Shown) for judged in event.hands}
            if {"high", "low"} <= sides and not any(isinstance(e, Won) and e.side == "low" for e in hand.events):
                self.say("No low hand qualified")
        self.say("*** SUMMARY ***")
        total = sum(self.put)
        if len(self.pots) > 1:
            parts = " ".join(
                f"{self._pot_name(pot).capitalize()} {amount}." for pot, amount in sorted(self.pots.items())
            )
            self.say(f"Total pot {total} {parts} | Rake 0")
        else:
            self.say(f"Total pot {total} | Rake 0")
        if self.board:
            self.say(f"Board [{_cards(self.board)}]")
        for seat in self.seats:
            self.say(f"Seat {self.number(seat)}: {self.names[seat]}{self._role(seat)} {self._result(seat)}")

    def _role(self, seat: int) -> str:
        hand = self.hand
        if self.family == "stud":
            return ""
        roles = []
        if seat == hand.button:
            roles.append(" (button)")
        for event in hand.events:
            if (
                isinstance(event, Posted)
                and event.seat == seat
                and event.blind in ("small_blind", "big_blind")
                and not self.is_owed(event)  # a missed blind made up gives no seat a blind's role
            ):
                roles.append(f" ({event.blind.replace('_', ' ')})")
        return "".join(roles)

    def _result(self, seat: int) -> str:
        won = self.collected[seat]
        if seat in self.folded_on:
            posted = [event for event in self.hand.events if isinstance(event, Posted) and event.seat == seat]
            antes = sum(event.amount for event in posted if event.blind == "ante")
            blind = any(event.blind != "ante" for event in posted)
            quiet = " (didn't bet)" if self.put[seat] == antes and not blind else ""
            return f"folded {self.folded_on[seat]}{quiet}"
        if seat in self.shown:
            cards, text = self.shown[seat]
            text = f"a {text}" if text.startswith(("Badugi", "1-card", "2-card", "3-card")) else text
            outcome = f"won ({won})" if won else "lost"
            return f"showed [{_cards(cards)}] and {outcome}" + (f" with {text}" if text else "")
        return f"collected ({won})" if won else "mucked"


class _Writer(_Tally):
    """The hand's lines as it goes: the header, the street markers, the deals, draws and actions."""

    def header(self, number: int, when: datetime | None, table: str, mix: Mix | None, size: int | None) -> None:
        game, stakes = self.hand.game, self.hand.stakes
        limit = game.betting is Betting.FIXED_LIMIT
        low, high = (stakes.small_bet, stakes.big_bet) if limit else (stakes.small_blind, stakes.big_blind)
        moment = (when or datetime(2026, 1, 1, tzinfo=UTC)).strftime("%Y/%m/%d %H:%M:%S")
        label = f"{GAMES[_base(game.name)]} {LIMITS[game.betting]}"
        played = f"{mix_label(mix)} ({label}, {low}/{high})" if mix is not None else f"{label} ({low}/{high})"
        self.say(f"PokerStars Hand #{number}:  {played} - {moment} ET")
        size = max(size or 0, self.hand.seats)  # the table's seats: a 4-seat table is 4-max
        if self.family == "stud":
            self.say(f"Table '{table}' {size}-max")
        else:
            self.say(f"Table '{table}' {size}-max Seat #{self.hand.button + 1} is the button")
        for seat in self.seats:
            self.say(f"Seat {self.number(seat)}: {self.names[seat]} ({self.hand.setup.stacks[seat]} in chips)")

    def marker(self) -> None:
        """The next street's marker, before the first card it deals."""
        family = self.family
        if family == "community":
            if self.street == 0:
                self.say("*** HOLE CARDS ***")
            else:
                name = _COMMUNITY[self.street - 1]
                self.say(f"*** {name} *** " + self._board_text())
        elif family == "stud":
            self.say(f"*** {_STUD[self.street]} ***")
        else:
            self.say("*** DEALING HANDS ***")
        self.street += 1

    def _board_text(self) -> str:
        board = self.board
        if self.street == 1:
            return f"[{_cards(board)}]"
        return f"[{_cards(board[:-1])}] [{_cards(board[-1:])}]"

    def when(self) -> str:
        """The street a fold happened on, as the summary says it."""
        family = self.family
        if family == "community":
            return "before Flop" if self.street <= 1 else f"on the {_WHEN[_COMMUNITY[self.street - 2]]}"
        if family == "stud":
            return f"on the {_STUD[max(self.street - 1, 0)].replace(' STREET', ' Street').replace('RIVER', 'River')}"
        if not self.draws:
            return "before the Draw"
        return f"after the {_ORDINALS[self.draws - 1]} Draw" if self.triple else "after the Draw"

    def events(self, events: Sequence[object]) -> None:
        won = [event for event in events if isinstance(event, Won)]
        for event in events:
            if won and event is won[0]:  # every award together: the last side pot first, the main pot last
                for award in sorted(won, key=lambda award: -award.pot):
                    self.won(award)
            if isinstance(event, Posted) and event is self.dead_small.get(event.seat):
                continue  # written with the big blind the seat owed: "posts small & big blinds"
            if isinstance(event, Posted):
                amount = event.amount
                what = {
                    "ante": "the ante",
                    "small_blind": "small blind",
                    "dead_small_blind": "small blind",  # out of turn: dead, as PokerStars writes a missed one
                    "big_blind": "big blind",
                    "straddle": "straddle",
                }.get(event.blind, event.blind.replace("_", " "))
                dead = self.dead_small.get(event.seat)
                if event.blind == "big_blind" and dead is not None and self.is_owed(event):
                    what, amount = "small & big blinds", amount + dead.amount  # the big live, the small dead
                self.put[event.seat] += amount
                who = self.names[event.seat]
                allin = " and is all-in" if self.put[event.seat] == self.hand.setup.stacks[event.seat] else ""
                line = f"{who}: posts {what} {amount}{allin}"
                if event.blind == "ante":
                    self.by_seat.append((event.seat, line))
                else:
                    self.say(line)
            elif isinstance(event, Dealt):
                self.dealt(event)
            elif isinstance(event, Drew):
                self.drew(event)
            elif isinstance(event, Returned):
                self.put[event.seat] -= event.amount
                self.say(f"Uncalled bet ({event.amount}) returned to {self.names[event.seat]}")
            elif isinstance(event, Shown):
                self.show(event)

    def dealt(self, event: Dealt) -> None:
        family = self.family
        if event.seat is not None and self.street == 0 and family != "stud":
            self.marker()  # the hole cards
        elif event.seat is not None and family == "stud":
            while self.street <= max(len(self.held[event.seat]) + len(event.cards) - 3, 0):
                self.marker()  # the street's first card (a street per card from the third on)
        if event.seat is None:
            self.board.extend(event.cards)
            self.marker()
            if family == "stud":  # a common card: the deck ran short on the river
                self.lines[-1] += f" [{_cards(event.cards)}]"
            return
        seat = event.seat
        before = list(self.held[seat])
        self.held[seat].extend(event.cards)
        if event.up:
            self.up[seat].extend(event.cards)
        if family in {"community", "draw"}:
            if seat == self.hero and len(self.held[seat]) == _hole_count(self.hand.game):
                self.say(f"Dealt to {self.names[seat]} [{_cards(self.held[seat])}]")
            return
        # stud: each player's cards on a street, once the street's cards are all dealt
        self._stud_line(seat, before, list(event.cards), event.up)

    def _stud_line(self, seat: int, before: list[Card], new: list[Card], up: bool) -> None:
        who = self.names[seat]
        mine = seat == self.hero
        if self.street == 1:  # third street comes card by card: write it at its up card
            if not up:
                return
            shown = self.held[seat] if mine else self.up[seat]
            self.by_seat.append((seat, f"Dealt to {who} [{_cards(shown)}]"))
            return
        if not up and not mine:
            return
        old = before if mine else [card for card in before if card in self.up[seat]]
        self.by_seat.append((seat, f"Dealt to {who} [{_cards(old)}] [{_cards(new)}]"))

    def drew(self, event: Drew) -> None:
        who = self.names[event.seat]
        held = self.held[event.seat]
        kept = [card for card in held if card not in event.discarded]
        discarded = [card for card in held if card in event.discarded]
        self.held[event.seat] = [*kept, *event.drawn]
        mine = event.seat == self.hero
        if event.count == 0:
            self.say(f"{who}: stands pat on [{_cards(kept)}]" if mine else f"{who}: stands pat")
            return
        s = "s" if event.count > 1 else ""
        if mine:
            self.say(f"{who}: discards {event.count} card{s} [{_cards(discarded)}]")
            kept_text = f"[{_cards(kept)}] " if kept else ""
            self.say(f"Dealt to {who} {kept_text}[{_cards(event.drawn)}]")
        else:
            self.say(f"{who}: discards {event.count} card{s}")

    def action(
        self, seat: int, action: Action, events: Sequence[object], before: int, *, betting: Wagering | None, level: int
    ) -> None:
        """An action's line: ``level`` is the bet to match before it (a completion raises the bring-in)."""
        who = self.names[seat]
        put = sum(event.put_in for event in events if isinstance(event, Acted) and event.seat == seat)
        if isinstance(action, Draw):
            if not self.drawing:
                self.draws += 1
                if self.triple:
                    self.say(f"*** {_TRIPLE[self.draws - 1]} ***")
                self.drawing = True
            return
        self.drawing = False
        if betting is not None and betting.double_bet_offered and self.announced is not betting:
            self.announced = betting
            self.say("Pair on board - a double bet is allowed")
        self.put[seat] += put
        allin = " and is all-in" if self.hand.stacks[seat] == 0 and put else ""
        to = before + put
        if isinstance(action, Fold):
            self.say(f"{who}: folds")
            self.folded_on[seat] = self.when()
        elif isinstance(action, Check):
            self.say(f"{who}: checks")
        elif isinstance(action, Call):
            self.say(f"{who}: calls {put}{allin}")
        elif isinstance(action, BringIn):
            self.say(f"{who}: brings in for {put}{allin}")
        elif isinstance(action, BetTo | RaiseTo | Complete):  # a completion is a raise of the bring-in
            if level:
                self.say(f"{who}: raises {to - level} to {to}{allin}")
            else:
                self.say(f"{who}: bets {to}{allin}")
            if betting is not None and betting.capped:
                self.say("Betting is capped")

    def show(self, event: Shown) -> None:
        if not self.showdown:
            self.say("*** SHOW DOWN ***")
            self.showdown = True
        text = describe(_base(self.hand.game.name), event)
        self.shown[event.seat] = (event.cards, text)
        self.say(f"{self.names[event.seat]}: shows [{_cards(event.cards)}]" + (f" ({text})" if text else ""))


# -- PokerStars text in ----------------------------------------------------------------------------


_UNREAD = {"Courchevel": "courchevel", "Courchevel Hi/Lo": "courchevel-hi-lo"}
"""Games homegame plays whose PokerStars text it does not read (how a Courchevel hand writes its
first flop card, dealt before the first round, is not known here): refused, naming the game."""

_STUD_GAMES = {"stud", "stud-hi-lo", "razz"}
"""PokerStars deals stud at fixed limit only, and a stud header's amounts are the bets: no other
structure of them is read or written."""


def _imported(documents: dict[Betting, str], betting: Betting) -> str:
    """The PHH variant of a game PokerStars names, at ``betting``: its standard code, else the
    catalogue's name of the game at that structure."""
    name = documents.get(betting) or f"{next(iter(documents.values()))}@{betting.value}"
    return code_of(name) or name


IMPORTS: dict[str, str] = {
    f"{game} {words}": _imported(documents, betting)
    for game, documents in PLAYED.items()
    for betting, words in LIMITS.items()
    if betting is Betting.FIXED_LIMIT or not _STUD_GAMES.intersection(documents.values())
}
"""The games PokerStars text is read for (the game's name and its structure, as a header says
them), and the PHH variant each becomes: a standard code (``Hold'em No Limit``: ``NT``), else the
catalogue game's name (``5 Card Draw Limit``: ``draw``; ``Omaha Limit``: ``omaha@fixed-limit``)."""

_MONEY = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?"
_GAME = "|".join(map(re.escape, sorted(IMPORTS, key=len, reverse=True)))  # the longest name first
_HEADER = re.compile(
    r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<number>\d+):\s+(?:\{(?P<club>[^}]*)\}\s+)?"
    r"(?:(?:Zoom )?Tournament #(?P<tournament>\d+), (?:(?:Freeroll|\S*\d\S*(?: [A-Z]{3})?) )?)?"
    rf"(?:[A-Za-z0-9'+/ -]+? \()?(?P<game>{_GAME})\)?"  # a mixed game (8-Game, HORSE) names its game in brackets
    r"(?:,| - (?:Match Round (?P<round>[IVXLC\d]+), )?Level [IVXLC\d]+)?"
    rf" \(?(?P<low>{_MONEY})/(?P<high>{_MONEY})(?: [A-Z]{{3}})?\)"
)
"""A hand's first line: cash (``Razz Limit ($0.04/$0.08 USD)``), a tournament's level
(``Badugi Limit - Level I (20/40)``), a mixed game's (``8-Game (Razz Limit, $400/$800 USD)``), a Home
Game club's (``{Club name}`` after the hand number), a Zoom tournament's and a heads-up or shootout
match's round (``- Match Round I, Level I (20/40)``)."""
_GAME_NAMED = re.compile(
    r"PokerStars .*?#\d+:\s+(?:\{[^}]*\}\s+)?(?:(?:Zoom )?Tournament #\d+, (?:(?:Freeroll|\S*\d\S*(?: [A-Z]{3})?) )?)?"
    r"(?:[A-Za-z0-9'+/ -]+? \((?P<mixed>[A-Za-z][^,()]*)[,)]|(?P<game>.+?)(?: - | \(|$))"
)
"""The game a header names, for a refusal to name it (``5 Card Omaha Pot Limit``)."""
_SEAT = re.compile(
    rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{_MONEY}) in chips(?:, .*)?\)(?P<out> is sitting out)?"
)
_BUTTON = re.compile(r"Table '.*' (?:\d+-max )?(?:\(Play Money\) )?Seat #(?P<button>\d+) is the button")
_PAID = (
    "calls|bets|brings in for|posts the ante|posts small blind|posts big blind|posts small & big blinds|posts straddle"
)
_ACTION = re.compile(
    r"(?P<name>.+?): (?:(?P<verb>folds(?: \[[^\]]*\])?|checks|stands pat(?: on \[[^\]]*\])?|mucks hand"
    r"|doesn't show hand)"
    rf"|(?P<paid>{_PAID}) (?P<amount>{_MONEY})"
    rf"|raises (?P<by>{_MONEY}) to (?P<to>{_MONEY})|completes it to (?P<complete>{_MONEY})"
    rf"|discards (?P<count>\d) cards?(?: \[(?P<discarded>[^\]]*)\])?|shows \[(?P<shown>[^\]]*)\].*)"
    r"(?P<allin> and is all-in)?"
)
_VERB = re.compile(r"(?:folds|checks|calls|bets|raises|brings in|posts|discards|stands pat|shows|mucks|completes)\b")
"""How an action's line goes on after the player's name: such a line that reads as no action is refused."""
_CARD_LIST = r"(?:(?:[2-9TJQKA][cdhs]|XX|of)(?: (?:[2-9TJQKA][cdhs]|XX|of))*)?"
"""The cards between brackets (``XX`` and ``of``: a card the file does not know)."""
_DEALT = re.compile(rf"Dealt to (?P<name>.+?) \[(?P<first>{_CARD_LIST})\](?: \[(?P<second>{_CARD_LIST})\])?")
"""A deal (a name may hold brackets itself: ``Lucky [DE]``)."""
_MARKER = re.compile(r"\*\*\* (?P<marker>[A-Za-z0-9 ]+) \*\*\*(?P<cards>.*)")
_RAKE = re.compile(rf"^Total pot .*\| Rake (?P<rake>{_MONEY})")
_COLLECTED = re.compile(rf"(?P<name>.+?) collected (?P<amount>{_MONEY}) from (?:the )?(?:main |side )?pot(?:-\d+)?")


def _money(text: str) -> int | Decimal:
    value = Decimal(text.lstrip("$€£").replace(",", ""))
    return int(value) if value == value.to_integral_value() else value


def _phh_cards(text: str) -> str:
    """Cards as PHH writes them, an unknown one (``XX``, ``of``) as ``??``.

    >>> _phh_cards("As XX of")
    'As????'
    """
    return "".join(card if card not in ("XX", "of") else "??" for card in text.split())


def decode_pokerstars(data: bytes) -> tuple[str, str]:
    """A PokerStars file's text and the encoding it was read in: UTF-8 (its byte order mark, which
    PokerStars writes, skipped), UTF-16 when it starts with that mark, else Windows-1252, in which
    older files and some clients write a ``€`` in the stakes.

    >>> decode_pokerstars("\ufeffPokerStars Hand #1".encode())
    ('PokerStars Hand #1', 'utf-8')
    >>> decode_pokerstars("Hold'em No Limit (€0.02/€0.05 EUR)".encode("cp1252"))
    ("Hold'em No Limit (€0.02/€0.05 EUR)", 'cp1252')
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace"), "utf-16"
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace"), "cp1252"


def read_pokerstars(text: str) -> list[tuple[int, Record | None, ParseError | None]]:
    """Every hand of a PokerStars text as a PHH record, each with the line its header is on, or the
    :class:`ParseError` saying why it cannot be read (with the hand's line and the line at fault).

    >>> from homegame.bots import CallerBot, play
    >>> from homegame.engine import Hand
    >>> from homegame.games import load
    >>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc 2c 7d 8h 9s 2d 3h 4s 5c")
    >>> play(hand, [CallerBot()] * 2)
    >>> text = to_pokerstars(hand.history())
    >>> [(line, record.variant, record.actions[:3]) for line, record, _ in read_pokerstars(text)]
    [(1, 'NT', ('d dh p1 ????', 'd dh p2 KdKc', 'p2 cc'))]
    """
    text = text.removeprefix("\ufeff")  # PokerStars begins its files with a byte order mark
    lines = [line.rstrip() for line in text.splitlines()]  # some years of files end lines with a space
    starts = [index for index, line in enumerate(lines) if line.startswith("PokerStars ")]
    if not starts:
        raise ParseError("not a PokerStars hand history: no line starts 'PokerStars Hand #'")
    hands: list[tuple[int, Record | None, ParseError | None]] = []
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        try:
            hands.append((start + 1, _read_hand(lines, start, end), None))
        except ParseError as error:
            hands.append((start + 1, None, error))
        except (ValueError, ArithmeticError) as error:  # whatever else a malformed hand holds
            hands.append((start + 1, None, ParseError(f"the hand on line {start + 1} cannot be read: {error}")))
    return hands


def _read_hand(lines: Sequence[str], start: int, end: int) -> Record:
    header = _HEADER.match(lines[start])
    if header is None:
        named = _GAME_NAMED.match(lines[start])
        game = (named["mixed"] or named["game"]).strip()[:60] if named else ""
        played = _UNREAD.get(re.sub(r" (?:No Limit|Pot Limit|Limit)$", "", game))
        if played is not None:
            raise ParseError(
                f"line {start + 1}: {game!r}: homegame plays it ({played}), but does not read its PokerStars text"
            )
        raise ParseError(
            f"line {start + 1}: {f'{game!r}, ' if game else ''}not a game homegame reads ({', '.join(IMPORTS)})"
        )
    code = IMPORTS[header["game"]]
    seats = _seats(lines, start, end, stud=_game(code).family is Family.STUD)
    names, low, high = [name for _, name, _ in seats], _money(header["low"]), _money(header["high"])
    reader = _HandReader(lines, end, code, names, low, high)
    for index in range(start + 1, end):
        if not reader.read(index):
            break
    return reader.record(header, [stack for _, _, stack in seats], f"the hand on line {start + 1}")


@cache
def _game(variant: str) -> Game:
    """The catalogue game a PHH variant names (a standard code's, or the game by name)."""
    from homegame.games import from_catalogue

    return from_catalogue(CODES.get(variant, variant))


def _seats(lines: Sequence[str], start: int, end: int, *, stud: bool) -> list[tuple[int, str, int | Decimal]]:
    """The hand's seats (number, name, stack) in PHH's order: from the button's left, the button
    last (stud, which has none: by seat number)."""
    button = 0
    listed: list[tuple[int, str, int | Decimal, bool]] = []
    acting: set[str] = set()
    for index in range(start + 1, end):
        line = lines[index]
        if line.startswith("*** SUMMARY ***"):
            break
        if match := _BUTTON.match(line):
            button = int(match["button"])
        elif match := _SEAT.fullmatch(line):
            listed.append((int(match["seat"]), match["name"], _money(match["stack"]), bool(match["out"])))
        elif match := _ACTION.fullmatch(line):
            acting.add(match["name"])
    # a player sitting out is dealt in at a tournament (the blinds and antes posted, the hand folded), not at cash
    seats = sorted((seat, name, stack) for seat, name, stack, out in listed if not out or name in acting)
    if len(seats) < 2:
        raise ParseError(f"line {start + 1}: a hand needs two players or more, with their stacks")
    if not stud:
        if button not in [seat for seat, _, _ in seats]:
            earlier = [seat for seat, _, _ in seats if seat < button]
            button = max(earlier) if earlier else seats[-1][0]
        at = next(index for index, (seat, _, _) in enumerate(seats) if seat == button)
        seats = seats[at + 1 :] + seats[: at + 1]  # p1 left of the button, the button last
    return seats


@dataclass(eq=False)
class _HandReader:
    """One hand's lines read into PHH, line by line (:meth:`read`), then the record (:meth:`record`)."""

    lines: Sequence[str]
    end: int
    code: str
    names: list[str]
    low: int | Decimal
    high: int | Decimal
    player: dict[str, str] = field(default_factory=dict)
    antes: list[int | Decimal] = field(default_factory=list)
    blinds: list[int | Decimal] = field(default_factory=list)
    winnings: list[int | Decimal] = field(default_factory=list)
    short: list[int] = field(default_factory=list)
    """The positions whose ante was all they had."""
    posted: set[str] = field(default_factory=set)
    owed: list[str] = field(default_factory=list)
    """homegame's ``_posts``: the blinds players made up out of turn."""
    bring_in: int | Decimal | None = None
    actions: list[str] = field(default_factory=list)
    folded: set[str] = field(default_factory=set)
    all_in: set[str] = field(default_factory=set)
    street: str = ""
    hero: str = ""
    bets: dict[str, int | Decimal] = field(default_factory=dict)
    dealt_hole: bool = False
    dealing: bool = False
    """Between the deal's marker and the first action: its ``Dealt to`` lines (the hero's, or every seat's)."""
    raked: int | Decimal | None = None

    def __post_init__(self) -> None:
        count = len(self.names)
        self.player = {name: f"p{index + 1}" for index, name in enumerate(self.names)}
        self.antes, self.blinds, self.winnings = [0] * count, [0] * count, [0] * count

    @property
    def stud(self) -> bool:
        return _game(self.code).family is Family.STUD

    @property
    def limit(self) -> bool:
        return _game(self.code).betting is Betting.FIXED_LIMIT

    def who(self, name: str, index: int) -> str:
        if name not in self.player:
            raise ParseError(f"line {index + 1}: {name[:40]!r} is not seated in this hand")
        return self.player[name]

    def read(self, index: int) -> bool:
        """Read line ``index``; false at the summary, where the hand's play ends."""
        line = self.lines[index]
        if line.startswith("*** SUMMARY ***"):
            summary = (_RAKE.search(self.lines[later]) for later in range(index + 1, self.end))
            self.raked = next((_money(match["rake"]) for match in summary if match), None)
            return False
        if match := _MARKER.fullmatch(line):
            self.marker(index, match)
        elif match := _DEALT.fullmatch(line):
            self.dealt(index, match)
        elif match := _COLLECTED.fullmatch(line):
            position = int(self.who(match["name"], index)[1:]) - 1  # p1 is the first name
            self.winnings[position] += _money(match["amount"])
        elif (match := _ACTION.fullmatch(line)) is not None and match["name"] in self.player:
            self.act(index, match)
        else:
            acted = next((name for name in self.names if line.startswith(f"{name}: ")), None)
            if acted is not None and _VERB.match(line, len(acted) + 2):
                raise ParseError(f"line {index + 1}: {line[:80]!r} is no action homegame reads")
            # what the format says besides (chat, joins, timeouts) has no place in PHH
        return True

    def deal_hole(self, index: int) -> None:
        if self.dealt_hole or self.stud:
            return
        self.dealt_hole = True
        known = {}
        for later in range(index, self.end):  # the hero's line, or every seat's (research logs are written so)
            if match := _DEALT.fullmatch(self.lines[later]):
                known[match["name"]] = _phh_cards(match["first"])
            elif known or _MARKER.fullmatch(self.lines[later]):
                break
        for name in self.names:
            self.actions.append(f"d dh {self.player[name]} {known.get(name, '??' * _hole_count(_game(self.code)))}")

    def marker(self, index: int, match: re.Match[str]) -> None:
        """A street's marker: the hole cards, the board, stud's river."""
        street = self.street = match["marker"]
        self.bets = {}
        stud, actions = self.stud, self.actions
        if street in ("HOLE CARDS", "DEALING HANDS"):
            self.deal_hole(index + 1)
            self.dealing = True
        elif street in ("FLOP", "TURN", "RIVER") and not stud:
            board = re.findall(r"\[([^\]]*)\]", match["cards"])
            if not board:
                raise ParseError(f"line {index + 1}: the {street.lower()} without its cards")
            actions.append(f"d db {_phh_cards(board[-1])}")
        elif street == "RIVER" and stud and (common := re.findall(r"\[([^\]]*)\]", match["cards"])):
            actions.append(f"d db {_phh_cards(common[-1])}")  # the deck ran short: one card for everyone
        elif street == "RIVER" and stud:
            for name in self.names:
                if name not in self.folded and name != self.hero:  # the hero's card is its own line
                    actions.append(f"d dh {self.player[name]} ??")

    def dealt(self, index: int, match: re.Match[str]) -> None:
        """A ``Dealt to`` line: the hero's hole cards (every seat's, in research logs), a draw's
        cards, a stud street's cards."""
        name = match["name"]
        p = self.who(name, index)
        if not self.stud:
            if not self.dealing:  # a draw's cards (its marker: none in a single draw): the second list, or the only one
                self.actions.append(f"d dh {p} {_phh_cards(match['second'] or match['first'])}")
            self.hero = name
            return
        new = match["second"] if match["second"] is not None else match["first"]
        cards = _phh_cards(new)
        if self.street == "3rd STREET":
            if len(cards) == 6:
                self.hero = name
                self.actions.append(f"d dh {p} {cards}")
            else:
                self.actions.append(f"d dh {p} ????{cards}")
        else:
            self.actions.append(f"d dh {p} {cards}")

    def act(self, index: int, match: re.Match[str]) -> None:
        """A player's line: a forced bet, a move, a draw, a hand shown or mucked."""
        name = match["name"]
        p = self.who(name, index)
        self.dealing = False
        verb, paid = match["verb"], match["paid"]
        if match["allin"]:
            self.all_in.add(name)
        if name in self.all_in and not match["allin"] and verb is not None and verb.startswith("folds"):
            self.actions.append(f"# {p} folds all in: the line is dropped (a player all in stays in the hand)")
            return
        if (paid == "bets" or match["to"] is not None) and all(
            other in self.folded | self.all_in for other in self.names if other != name
        ):
            self.bets[name] = max(self.bets.values(), default=0)  # nobody left can call: the bet above comes back
            self.actions.append(f"{p} cc")
            self.actions.append(f"# {p} {'bets' if paid == 'bets' else 'raises'} where nobody left can call: a call")
            return
        if paid is not None and paid.startswith("posts"):
            self.post(name, paid, match)
            return
        self.move(p, name, match)

    def post(self, name: str, paid: str, match: re.Match[str]) -> None:
        """A forced bet: a blind, a straddle, an ante, or a blind made up out of turn."""
        position, p = self.names.index(name), self.player[name]
        low, high, limit = self.low, self.high, self.limit
        blinds, antes = self.blinds, self.antes
        if paid == "posts small & big blinds" or paid in self.posted & {"posts small blind", "posts big blind"}:
            # a blind made up out of turn (a player back or new): a big blind live, a small blind dead
            amount = _money(match["amount"])
            big = min(amount, low if limit else high) if paid != "posts small blind" else 0
            if big:
                self.owed.append(f"{p} big_blind {big}")
                live = max(big - blinds[position], 0)  # live up to its amount, as homegame posts it
                blinds[position] += live
                antes[position] += big - live
                self.bets[name] = max(self.bets.get(name, 0), big)
            if amount > big:
                self.owed.append(f"{p} dead_small_blind {amount - big} dead")
                antes[position] += amount - big
        elif paid in ("posts small blind", "posts big blind", "posts straddle"):
            self.posted.add(paid)
            amount = _money(match["amount"])
            self.bets[name] = amount
            # a blind all in for less is the table's blind, cut short by the stack (the small blind of a
            # limit game is not always half the small bet: only the amount posted is known)
            nominal = {"posts big blind": low if limit else high, "posts small blind": 0 if limit else low}
            blinds[position] = max(amount, nominal.get(paid, 0)) if match["allin"] else amount
        elif paid == "posts the ante":
            antes[position] = _money(match["amount"])
            if match["allin"]:
                self.short.append(position)

    def move(self, p: str, name: str, match: re.Match[str]) -> None:
        """A move of the play: a fold, check, call, bring-in, bet or raise, a draw, a hand shown."""
        verb, paid, actions = match["verb"], match["paid"], self.actions
        if verb is not None and verb.startswith("folds"):
            actions.append(f"{p} f")
            self.folded.add(name)
        elif verb == "checks" or paid == "calls":
            actions.append(f"{p} cc")
            if paid:
                self.bets[name] = self.bets.get(name, 0) + _money(match["amount"])
        elif paid == "brings in for":
            self.bring_in = self.bets[name] = _money(match["amount"])
            actions.append(f"{p} pb")
        elif paid == "bets" or match["to"] is not None or match["complete"] is not None:
            amount = self.bets[name] = _money(match["amount"] if paid == "bets" else match["to"] or match["complete"])
            actions.append(f"{p} cbr {amount}")
        elif verb is not None and verb.startswith("stands pat"):
            actions.append(f"{p} sd")
        elif match["count"] is not None:
            discarded = _phh_cards(match["discarded"] or "") or "??" * int(match["count"])
            actions.append(f"{p} sd {discarded}")
            if not match["discarded"]:
                actions.append(f"d dh {p} {'??' * int(match['count'])}")
        elif match["shown"] is not None:
            actions.append(f"{p} sm {_phh_cards(match['shown'])}")
        elif verb == "mucks hand":
            actions.append(f"{p} sm")

    def forced(self) -> tuple[list[int | Decimal], list[int | Decimal]]:
        """The antes and blinds as PHH lists them, one a player (heads-up, the button's first)."""
        antes, blinds, count = list(self.antes), list(self.blinds), len(self.names)
        for position in self.short:  # an ante all in for less is the others' ante, cut short by the stack
            antes[position] = max(antes)
        if not self.stud:  # a blind the ante left no chips for is not posted, but stands: the others call it whole
            big, small = (0, 1) if count == 2 else (1, 0)  # the button, last, posts the small blind heads-up
            if "posts big blind" not in self.posted and big in self.short:
                blinds[big] = self.low if self.limit else self.high
            if "posts small blind" not in self.posted and small in self.short and not self.limit:
                blinds[small] = self.low
        if count == 2:
            antes.reverse()
            blinds.reverse()
        return antes, blinds

    def record(self, header: re.Match[str], stacks: list[int | Decimal], where: str) -> Record:
        """The hand as a PHH record (``stacks``: the players' starting stacks; ``where``: the hand, for errors)."""
        antes, blinds = self.forced()
        low, high = self.low, self.high
        fields: dict[str, object] = {
            "variant": self.code,
            "antes": antes,
            **({"ante_trimming_status": True} if min(antes) > 0 else {}),  # a short ante wins what it matched
            "starting_stacks": stacks,
            "actions": self.actions,
        }
        if not self.stud:
            fields["blinds_or_straddles"] = blinds
        if self.stud:
            bring_in = self.bring_in
            fields["bring_in"] = (
                bring_in if bring_in is not None else max(low // 2 if isinstance(low, int) else low / 2, 1)
            )
        if self.limit:
            fields["small_bet"], fields["big_bet"] = low, high
        else:
            fields["min_bet"] = high
        fields["players"] = self.names
        fields["hand"] = int(header["number"])
        for name in ("club", "tournament", "round"):  # a Home Game's club, a tournament and its match round
            if header[name] is not None:
                fields[f"_{name}"] = int(header[name]) if name == "tournament" else header[name]
        fields["winnings"] = self.winnings
        if self.owed:
            fields["_posts"] = self.owed  # their chips are in the lists: replay takes them back out
        if self.raked is not None:
            fields["_rake"] = self.raked  # what the house kept, which replay checks the winnings against
        return Record.from_fields(fields, where)
