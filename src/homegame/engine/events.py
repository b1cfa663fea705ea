"""Events: what happened in a hand, one small frozen value per happening.

The hand records every event in one place (:meth:`Hand.act` and the steps it
runs), so the list is the full story for whoever may see all of it. What one
seat may see of an event is :meth:`Event.seen_by`: another seat's down cards,
drawn cards and undisclosed declarations are hidden, their count kept.

>>> from homegame.cards import parse
>>> event = Dealt(seat=2, cards=parse("As Kd"), up=False)
>>> print(event)
seat 2 dealt As Kd down
>>> print(event.seen_by(0))
seat 2 dealt 2 cards down
>>> print(event.seen_by(2))
seat 2 dealt As Kd down

``str(event)`` is the engine's wording, seats by number (the golden playthroughs are written in
it); :meth:`Event.describe` says the same with the players' names, the verb agreeing with "you":

>>> print(Won(seat=1, amount=4).describe({1: "you"}))
you win 4 from the main pot
>>> print(Drew(seat=0, discarded=(), drawn=(), count=2).describe({0: "ann"}))
ann draws 2

The showdown tells its judgement as data, once: each :class:`Shown` carries the seat's hand in
every contest it entered (a :class:`Judged`: the cards judged and the hand they make, a
:class:`Made` with its name, the cards that play and what each wild card stands for), and
:class:`Missed` says why a seat that declared both won nothing; each :class:`Won` carries the
winning hand. Screens render from these and never judge a hand again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from homegame.cards import Card, Rank, format_cards
from homegame.engine.actions import Action
from homegame.ranking.core import Category, HandValue

if TYPE_CHECKING:
    from homegame.engine.judge import Judge

__all__ = [
    "SEATS",
    "Acted",
    "Answered",
    "Burned",
    "CarriedOver",
    "Dealt",
    "Declaration",
    "Declared",
    "Drew",
    "Event",
    "HandResult",
    "Judged",
    "KnockedOut",
    "Made",
    "Missed",
    "Mucked",
    "Names",
    "Posted",
    "Prompt",
    "Reshuffled",
    "Returned",
    "Revealed",
    "Runout",
    "Shown",
    "SplitUp",
    "Tabled",
    "TurnedUp",
    "Won",
    "name",
    "says",
]

Names = Mapping[int, str]
"""Players' names by seat, for :meth:`Event.describe`; a seat missing from it is ``seat N``."""

SEATS: Names = {}
"""No names: every seat is called ``seat N`` (the engine's own wording, as in ``str(event)``)."""


def name(names: Names, seat: int) -> str:
    """The name of ``seat``: ``names[seat]``, else ``seat N``.

    >>> name({0: "ann"}, 0), name({0: "ann"}, 3)
    ('ann', 'seat 3')
    """
    return names.get(seat, f"seat {seat}")


def says(names: Names, seat: int, verb: str) -> str:
    """``seat`` and a verb (``wins``, ``is dealt``) agreeing with the name: the person at the screen,
    named ``you``, is spoken to.

    >>> says({}, 2, "wins"), says({2: "you"}, 2, "wins"), says({2: "you"}, 2, "is dealt")
    ('seat 2 wins', 'you win', 'you are dealt')
    >>> says({1: "you"}, 1, "matches the pot"), says({1: "you"}, 1, "has declared")
    ('you match the pot', 'you have declared')
    """
    who = name(names, seat)
    if who != "you":
        return f"{who} {verb}"
    first, _, rest = verb.partition(" ")
    return f"you {_second_person(first)}{' ' if rest else ''}{rest}"


def _second_person(verb: str) -> str:
    """``wins`` as said to "you": ``win``; ``is``, ``has``: ``are``, ``have``."""
    irregular = {"is": "are", "has": "have", "was": "were"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("ches", "shes", "sses", "xes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. ``chips`` is what the event moves from stacks into the
    pot (negative when chips go back to a stack), so a ledger can follow chips event by event."""

    told_by_action: ClassVar[bool] = False
    """True for an event whose story the action that caused it tells (a discard, a roll): a hand
    history writes no line of its own for it."""

    @property
    def chips(self) -> int:
        """Chips moved from a stack into the pot by this event (0 for most)."""
        return 0

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` (``None``: a spectator) may see it."""
        return self

    def describe(self, names: Names = SEATS) -> str:
        """The event in words, each player called by ``names`` (``str(event)`` calls them ``seat N``).
        Every event says itself here (an event that only defines ``__str__`` is told in its words)."""
        return type(self).__name__ if type(self).__str__ is Event.__str__ else str(self)

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class Posted(Event):
    """A forced bet: ``blind`` is ``ante``, ``small_blind``, ``big_blind`` or ``straddle``."""

    seat: int
    blind: str
    amount: int

    @property
    def chips(self) -> int:
        """The amount posted."""
        return self.amount

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 posts small_blind 1``."""
        return f"{says(names, self.seat, 'posts')} {self.blind} {self.amount}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """Cards dealt to a seat, face up or down, or (``seat`` ``None``) to a row of community cards
    (``row``, by default the board; face down for a row such as High Card Poker's extra hand). Seen
    by anyone but their owner, down cards keep only their number (``hidden``)."""

    seat: int | None
    cards: tuple[Card, ...]
    up: bool
    hidden: int = 0
    row: str = "board"

    def seen_by(self, seat: int | None) -> Event:
        """Down cards of another seat, or of a row, become a count."""
        if self.up or (self.seat is not None and self.seat == seat):
            return self
        return Dealt(seat=self.seat, cards=(), up=False, hidden=len(self.cards), row=self.row)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2 dealt As Kd down``, ``board dealt 7d 8h 9s up``; hidden: ``seat 1 dealt 1 card down``.

        >>> [Dealt(seat=1, cards=(), up=False, hidden=count).describe() for count in (1, 2)]
        ['seat 1 dealt 1 card down', 'seat 1 dealt 2 cards down']
        """
        who = self.row if self.seat is None else name(names, self.seat)
        what = format_cards(self.cards) if self.cards else f"{self.hidden} card{'' if self.hidden == 1 else 's'}"
        return f"{who} dealt {what} {'up' if self.up else 'down'}"


@dataclass(frozen=True, slots=True)
class Burned(Event):
    """Cards put aside unseen before a deal."""

    count: int

    def describe(self, names: Names = SEATS) -> str:
        """``burn 1``."""
        return f"burn {self.count}"


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting action; ``put_in`` is the chips it moved into the pot."""

    seat: int
    action: Action
    put_in: int = 0

    @property
    def chips(self) -> int:
        """The chips put in."""
        return self.put_in

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0: raise_to 4``, ``seat 1: call (2)``."""
        if self.put_in and not hasattr(self.action, "amount"):
            return f"{name(names, self.seat)}: {self.action} ({self.put_in})"
        return f"{name(names, self.seat)}: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """A draw: the seat discarded ``discarded`` and was dealt ``drawn``; others see only how many."""

    seat: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    count: int

    def seen_by(self, seat: int | None) -> Event:
        """Other seats learn how many cards were drawn, not which."""
        return self if seat == self.seat else Drew(seat=self.seat, discarded=(), drawn=(), count=self.count)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 stands pat``, ``seat 1 draws 2``, ``seat 1 discards 4c Qh, draws 2d Qd``."""
        if self.count == 0:
            return says(names, self.seat, "stands pat")
        if not self.drawn:
            return f"{says(names, self.seat, 'draws')} {self.count}"
        draws = "draw" if name(names, self.seat) == "you" else "draws"
        discards = f"{says(names, self.seat, 'discards')} {format_cards(self.discarded)}"
        return f"{discards}, {draws} {format_cards(self.drawn)}"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The stock ran short: ``count`` discards were shuffled to make a new stock."""

    count: int

    def describe(self, names: Names = SEATS) -> str:
        """``12 discards reshuffled into the stock``."""
        return f"{self.count} discards reshuffled into the stock"


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A seat has chosen its declaration; the side stays hidden from others until :class:`Revealed`."""

    seat: int
    side: str | None

    def seen_by(self, seat: int | None) -> Event:
        """Others see that the seat has chosen, not what."""
        return self if seat == self.seat else Declared(self.seat, None)

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 declares both``, or ``seat 0 declares`` when the side is hidden."""
        return says(names, self.seat, "declares") + (f" {self.side}" if self.side else "")


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Everyone has chosen: the declarations open at once, as ``(seat, side)`` pairs."""

    sides: tuple[tuple[int, str], ...]

    def describe(self, names: Names = SEATS) -> str:
        """``declarations: seat 0 both, seat 1 low``."""
        return "declarations: " + ", ".join(f"{name(names, seat)} {side}" for seat, side in self.sides)


@dataclass(frozen=True, slots=True)
class Returned(Event):
    """An uncalled bet goes back to the seat that made it."""

    seat: int
    amount: int

    @property
    def chips(self) -> int:
        """Negative: chips leave the pot."""
        return -self.amount

    def describe(self, names: Names = SEATS) -> str:
        """``uncalled 6 returned to seat 2``."""
        return f"uncalled {self.amount} returned to {name(names, self.seat)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Made:
    """A hand as a showdown judged it, for people and programs: its ``name``, its ``category``,
    the ``cards`` that play (in the order they count), each ``wild`` card with the card it stands
    for, and whether it ``qualified`` (a low needs eight or better; the spade needs a spade).

    >>> from homegame.ranking import get
    >>> made = Made.of(get("high", wild="jokers").evaluate("As 9s 8s 5s Jk"))
    >>> made.name, made.category.value, str(made)
    ('ace-high flush', 'flush', 'ace-high flush (As Jk 9s 8s 5s), Jk as Ks')
    """

    name: str
    category: Category
    cards: tuple[Card, ...]
    wild: tuple[tuple[Card, Card], ...] = ()
    qualified: bool = True

    @classmethod
    def of(cls, value: HandValue) -> Made:
        """What people read of a ranking's :class:`~homegame.ranking.HandValue`."""
        return cls(
            name=value.name, category=value.category, cards=value.cards, wild=value.wild, qualified=value.qualified
        )

    def __str__(self) -> str:
        text = f"{self.name} ({format_cards(self.cards)})" if self.cards else self.name
        if self.wild:
            text += ", " + ", ".join(f"{wild} as {card}" for wild, card in self.wild)
        return text + ("" if self.qualified else ": does not qualify")


@dataclass(frozen=True, slots=True, kw_only=True)
class Judged:
    """One seat's hand in one contest of a showdown: ``side`` names the contest, ``held`` the seat's
    cards that contest judges (all of them; only the down cards, as Chicago's spade in the hole;
    or one hand of a split, as Pi Gow's five and two, Chinese poker's rows and Five-O's columns,
    ``side`` then naming the hand), with the community cards of its row (``board``), the wild rank in force
    and the seat's ``down`` cards (for a lowest-down wild card).

    :attr:`made` is the hand they make, worked out when first asked (a simulation that never looks
    pays nothing) by the contest's ``judge``, or ``given`` when already known.

    >>> from homegame.cards import parse
    >>> from homegame.engine.judge import Judge
    >>> from homegame.ranking import get
    >>> from homegame.ranking.forms import Form
    >>> judge = Judge(get("high"), Form())
    >>> judged = Judged(side="high", held=parse("Ah Kd"), board=parse("As 7c 7d 2h 9s"), judge=judge)
    >>> print(judged.made)
    two pair, aces and sevens (As Ah 7d 7c Kd)
    """

    side: str
    held: tuple[Card, ...]
    board: tuple[Card, ...] = ()
    wild_rank: Rank | None = None
    down: tuple[Card, ...] = ()
    judge: Judge | None = field(default=None, compare=False, repr=False)
    given: Made | None = field(default=None, compare=False)
    _memo: list[Made] = field(default_factory=list, init=False, compare=False, repr=False)

    @property
    def made(self) -> Made:
        """The hand made, judged once (raises ``ValueError`` when there is neither a judge nor a given hand)."""
        if self.given is not None:
            return self.given
        if not self._memo:
            if self.judge is None:
                raise ValueError(f"the {self.side} hand of {format_cards(self.held)} was never judged")
            self._memo.append(Made.of(self.judge.value(self.held, self.board, self.wild_rank, self.down)))
        return self._memo[0]

    def __str__(self) -> str:
        return f"{self.side}: {self.made}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Missed:
    """Why a seat that declared ``both`` won nothing: on ``side`` it did not win outright, the
    seats ``by`` beating it or tying with it (``tied``), or none when its hand did not qualify."""

    side: str
    by: tuple[int, ...]
    tied: bool

    def describe(self, names: Names = SEATS) -> str:
        """The reason in words.

        >>> Missed(side="low", by=(2,), tied=True).describe({2: "bob"})
        'tied bob for low'
        >>> Missed(side="high", by=(1, 3), tied=False).describe()
        'lost high to seat 1 and seat 3'
        >>> Missed(side="low", by=(), tied=False).describe()
        'had no low that qualifies'
        """
        who = " and ".join(name(names, seat) for seat in self.by)
        if not self.by:
            return f"had no {self.side} that qualifies"
        return f"tied {who} for {self.side}" if self.tied else f"lost {self.side} to {who}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Prompt:
    """What a decision asks of the seat deciding, in words a screen shows beside its controls: ``text``,
    where ``{to}`` stands for the seat ``to`` (named for the reader), the rules' words for the choice.

    >>> Prompt(text="Keep your 7h, or push it to {to}.", to=2).describe({2: "bob"})
    'Keep your 7h, or push it to bob.'
    >>> Prompt(text="In: play for the pot.").describe()
    'In: play for the pot.'
    """

    text: str
    to: int | None = None

    def describe(self, names: Names = SEATS) -> str:
        """The words, the seat ``to`` named."""
        return self.text if self.to is None else self.text.replace("{to}", name(names, self.to))


@dataclass(frozen=True, slots=True, kw_only=True)
class Declaration:
    """A seat's declaration as the result tells it: the ``side`` it declared (``high``, ``low``,
    ``both`` or the game's word, Guts' ``in`` or ``out``), why a declarer of both won nothing
    (``missed``), and whether it ``folded`` after declaring.

    >>> Declaration(seat=0, side="high").describe({0: "ann"})
    'ann declared high'
    >>> lost = Missed(side="high", by=(2,), tied=False)
    >>> Declaration(seat=1, side="both", missed=(lost,)).describe({1: "you", 2: "bob"})
    'you declared both, lost high to bob: nothing'
    >>> Declaration(seat=0, side="low", folded=True).describe({})
    'seat 0 declared low, then folded'
    """

    seat: int
    side: str
    missed: tuple[Missed, ...] = ()
    folded: bool = False

    def describe(self, names: Names = SEATS) -> str:
        """The declaration in words, with why a "both" got nothing."""
        text = f"{name(names, self.seat)} declared {self.side}"
        if self.missed:
            text += ", " + "; ".join(missed.describe(names) for missed in self.missed) + ": nothing"
        return text + (", then folded" if self.folded else "")


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A seat shows its ``cards`` at the showdown. ``hands`` is its hand in each contest it entered,
    as judged (see :class:`Judged`); ``missed`` says why a seat that declared both won nothing."""

    seat: int
    cards: tuple[Card, ...]
    hands: tuple[Judged, ...] = ()
    missed: tuple[Missed, ...] = ()

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2 shows As Kd ...``; the hands are told by :meth:`judgement`."""
        return f"{says(names, self.seat, 'shows')} {format_cards(self.cards)}"

    def judgement(self, names: Names = SEATS) -> str:
        """The hands made, contest by contest, and why a declarer of both won nothing.

        >>> from homegame.ranking import get
        >>> from homegame.cards import parse
        >>> made = Made.of(get("high").evaluate("Ah Ad 9c 7s 2d"))
        >>> shown = Shown(seat=1, cards=parse("Ah Ad 9c 7s 2d"), hands=(Judged(side="high", held=(), given=made),))
        >>> shown.judgement()
        'high: pair of aces (Ah Ad 9c 7s 2d)'
        """
        parts = [str(hand) for hand in self.hands]
        if self.missed:
            why = "; ".join(missed.describe(names) for missed in self.missed)
            parts.append(f"declared both and {why}: nothing")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Mucked(Event):
    """A seat still in at the showdown throws its hand away unseen: it wins nothing, and its cards
    stay in no view, the seat's own aside (Robert's Rules of Poker, Showdown: "A player must show
    all cards in the hand face-up on the table to win any part of the pot"; a hand that cannot win
    need not be shown).

    >>> print(Mucked(2))
    seat 2 mucks
    """

    seat: int

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2 mucks``."""
        return says(names, self.seat, "mucks")


@dataclass(frozen=True, slots=True, kw_only=True)
class Won(Event):
    """Chips from pot number ``pot`` (0 the main pot) to a seat, for ``side`` (``""`` when
    uncontested, or when no hand qualified and the pot was shared). At a showdown ``judged`` is the
    winning hand (:attr:`value` and :attr:`hand` name it); other ways to win say so in ``side``
    (``columns``, ``units``, ``last survivor``, ``all cards eliminated``) and in the events before."""

    seat: int
    amount: int
    pot: int = 0
    side: str = ""
    judged: Judged | None = None
    runout: int = 0
    """The board the chips were won on when the hand was run twice (1 or 2; 0: the only board)."""

    @property
    def chips(self) -> int:
        """Negative: chips leave the pot."""
        return -self.amount

    @property
    def value(self) -> Made | None:
        """The winning hand (``None`` when the pot was won another way)."""
        return None if self.judged is None else self.judged.made

    @property
    def hand(self) -> str:
        """The winning hand's name, as people say it (empty when won another way)."""
        value = self.value
        return "" if value is None else value.name

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 wins 4 from the main pot (high: pair of aces)``."""
        hand = self.hand
        what = f" ({self.side}: {hand})" if hand else ""
        where = "the main pot" if self.pot == 0 else f"side pot {self.pot}"
        board = f" on the {_ORDINALS[self.runout]} board" if self.runout else ""
        return f"{says(names, self.seat, 'wins')} {self.amount} from {where}{board}{what}"


_ORDINALS = ("", "first", "second")


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A seat still in answers whether to run the rest of the board twice: ``twice`` yes or no.

    >>> print(Answered(1, True).describe({1: "you"}), "/", Answered(0, False))
    you agree to run it twice / seat 0 declines to run it twice
    """

    seat: int
    twice: bool

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 agrees to run it twice``."""
        return says(names, self.seat, "agrees to run it twice" if self.twice else "declines to run it twice")


@dataclass(frozen=True, slots=True)
class Runout(Event):
    """Every seat still in agreed: the rest of the board is dealt twice from the same deck, and each
    pot is shared between the two boards (the odd chip to the first). ``number`` is the board about
    to be dealt; the cards already on the board are on both.

    >>> print(Runout(1), "/", Runout(2))
    the rest of the board is run twice: the first board / the second board
    """

    number: int

    def describe(self, names: Names = SEATS) -> str:
        """``the second board``."""
        board = f"the {_ORDINALS[self.number]} board"
        return board if self.number > 1 else f"the rest of the board is run twice: {board}"


@dataclass(frozen=True, slots=True)
class Tabled(Event):
    """No more betting is possible and cards are still to come: a seat still in turns its down
    ``cards`` face up for all to see (the casino's all-in rule; online tables do it too).

    >>> from homegame.cards import parse
    >>> print(Tabled(2, parse("As Kd")).describe({2: "you"}))
    you turn up As Kd
    """

    seat: int
    cards: tuple[Card, ...]

    def describe(self, names: Names = SEATS) -> str:
        """``seat 2 turns up As Kd``."""
        return f"{says(names, self.seat, 'turns up')} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class CarriedOver(Event):
    """Nobody won these chips: they stay in the pot for the next deal."""

    amount: int

    @property
    def chips(self) -> int:
        """Negative: chips leave this hand's pot (the table keeps them)."""
        return -self.amount

    def describe(self, names: Names = SEATS) -> str:
        """``30 carried over to the next deal``."""
        return f"{self.amount} carried over to the next deal"


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """Community cards of ``row`` dealt face down are turned face up (as listed: High Card Poker's
    extra hand is sorted from lowest to highest)."""

    row: str
    cards: tuple[Card, ...]

    def describe(self, names: Names = SEATS) -> str:
        """``extra turned up: 2c 5d 9h Jc Ks``."""
        return f"{self.row} turned up: {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockedOut(Event):
    """High Card Poker: at comparison ``position`` (1 the lowest card), the seat's ``card`` was not
    higher than the extra hand's ``against``, and the seat is out."""

    seat: int
    position: int
    card: Card
    against: Card

    def describe(self, names: Names = SEATS) -> str:
        """``seat 1 knocked out at card 2: 5c does not beat 7d``."""
        who = name(names, self.seat)
        return f"{who} knocked out at card {self.position}: {self.card} does not beat {self.against}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitUp(Event):
    """A seat divides its cards into ``hands``, strongest first (Pi Gow stud's five and two). Others
    see only that it has split (the hands show at the showdown)."""

    seat: int
    hands: tuple[tuple[Card, ...], ...]

    def seen_by(self, seat: int | None) -> Event:
        """Others learn that the seat has split, not how."""
        return self if seat == self.seat else SplitUp(seat=self.seat, hands=())

    def describe(self, names: Names = SEATS) -> str:
        """``seat 0 splits As Ks 9d 7c 2h / Ac 3d``, or ``seat 0 splits`` when the split is hidden."""
        if not self.hands:
            return says(names, self.seat, "splits")
        return f"{says(names, self.seat, 'splits')} " + " / ".join(format_cards(hand) for hand in self.hands)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """How a hand ended: each seat's final stack and net, the awards, the chips carried over, and
    whether the game ``continues`` with another deal of it (Guts, until only one player goes in);
    in a game with a declaration, each seat's, in seat order (``declared``)."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    awards: tuple[Won, ...]
    carried: int = 0
    continues: bool = False
    declared: tuple[Declaration, ...] = ()

    def __str__(self) -> str:
        text = ", ".join(f"seat {seat} {net:+d}" for seat, net in enumerate(self.net))
        return text + (f", {self.carried} carried over" if self.carried else "")
