"""What every step kind is, and the dealer it works through.

A *step* is one line of the dealer's recital ("everyone antes", "two down and
one up", "a round of betting, small bets, high hand showing first"). Its class
holds the fields a document may give it, reads them (:meth:`Step.read`),
checks how it fits the rest of the game (:meth:`Step.check_game`), and does
its work through the dealer (:meth:`Step.begin`).

The *dealer* (:class:`Dealer`) is all a step may do to a hand: deal and move
cards between piles (:class:`Down`, :class:`Up`, :class:`Row`, :data:`MUCK`),
collect chips as bets, antes and prices and return them, award the pot, fold a
seat, say what the table now shows (cards shown, declarations, the wild rank)
and announce events. What it reads is the *snapshot* (:class:`Snapshot`): the
table as it stands, typed read-only (``Sequence`` and ``Mapping``), which is
also all a view is built from. A step never writes the hand's state except
through a verb, and keeps its own state (whose turn, secret choices, what was
bought) in its *round*, the :class:`Decision` it returns.

A step that needs players to decide returns a :class:`Decision` from
``begin``; the hand then routes ``pending``/``legal_actions``/``act`` to it
until it is done, and calls ``close``. A step that only does something
(dealing, posting antes, the showdown) returns ``None``. The
:class:`~homegame.engine.hand.Hand` is the dealer:

>>> from homegame.games import load
>>> from homegame.engine.hand import Hand
>>> dealer: Dealer = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc")
>>> dealer.move(dealer.down[1][:1], Down(1), MUCK)
>>> print(*dealer.down[1], "|", *dealer.muck)
Ah | As
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from homegame.cards import Card, DeckSpec, Rank
from homegame.engine.actions import Action, Hands, Legal
from homegame.engine.betting import Betting, Post, Stakes
from homegame.engine.events import Event, HandResult, Judged, Prompt, Won
from homegame.engine.judge import Judge
from homegame.engine.pots import Pot
from homegame.engine.spec import Fields, HouseRule, Option, OptionValue
from homegame.ranking import Kind, PokerRanking, Ranking, get
from homegame.ranking.forms import Form
from homegame.ranking.wild import WildSpec

__all__ = [
    "MUCK",
    "STEP_KINDS",
    "Contest",
    "Dealer",
    "Decision",
    "Down",
    "Held",
    "Muck",
    "Pile",
    "Preview",
    "Row",
    "Rules",
    "Secret",
    "Snapshot",
    "Step",
    "Up",
    "Wagering",
    "register",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Preview:
    """What a division would make, before it is made (:meth:`Step.preview`): each hand's
    name as the rules say it with the hand it makes (``("back", "two pair, aces and sevens")``),
    why it would be played dead (a mis-set, when the game plays one dead; ``""`` when it would
    not), and why it would be refused (``""`` when it would stand)."""

    parts: tuple[tuple[str, str], ...]
    dead: str
    refused: str


@dataclass(frozen=True, slots=True)
class Down:
    """A seat's down cards (seen by that seat alone)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Up:
    """A seat's up cards (seen by all)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Row:
    """A row of community cards by name (``board``, Good/Bad's ``good`` and ``bad``, a store's
    places, the ``discards``), face up, or face down (``face_up=False``: in no view until moved
    to the open row)."""

    name: str
    face_up: bool = True


@dataclass(frozen=True, slots=True)
class Muck:
    """Discards, burned and folded cards: the stuff of a reshuffle, seen by nobody."""


MUCK = Muck()
"""The muck (there is one)."""

Pile = Down | Up | Row | Muck
"""Where cards lie on the table."""


class Rules(Protocol):
    """What a step reads of its game (a :class:`~homegame.engine.game.Game` is one)."""

    @property
    def name(self) -> str:
        """The game's name."""
        ...

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most players."""
        ...

    @property
    def deck(self) -> DeckSpec:
        """The deck it is dealt from."""
        ...

    @property
    def betting(self) -> Betting:
        """Its betting structure."""
        ...

    @property
    def stakes(self) -> Stakes:
        """Its stakes by default."""
        ...

    @property
    def steps(self) -> tuple[Step, ...]:
        """Its steps, in order."""
        ...

    def option(self, name: str) -> Option | None:
        """The house-rule option called ``name``, if the game has it."""
        ...


class Snapshot(Protocol):
    """The table as it stands, read-only: what steps decide from and views are built from.

    Seats are ``0..seats-1``; per-seat sequences are indexed by seat. Hidden things are here too
    (down cards, face-down rows, splits, a seat's secret choice): a view shows each only to whom
    it may.
    """

    @property
    def game(self) -> Rules:
        """The game as the house rules in force play it."""
        ...

    @property
    def stakes(self) -> Stakes:
        """The stakes in force (doubled by a kill)."""
        ...

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The house rules in force, by name."""
        ...

    @property
    def seats(self) -> int:
        """How many seats are dealt in."""
        ...

    @property
    def mucks(self) -> Sequence[int]:
        """The seats that throw away at the showdown a hand the rules do not make them show."""
        ...

    @property
    def button(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def stacks(self) -> Sequence[int]:
        """Each seat's chips behind its bet."""
        ...

    @property
    def bets(self) -> Sequence[int]:
        """Chips in front of each seat in the current betting round."""
        ...

    @property
    def committed(self) -> Sequence[int]:
        """Chips each seat has put in this hand (bets included)."""
        ...

    @property
    def folded(self) -> Sequence[bool]:
        """Whether each seat has folded."""
        ...

    @property
    def live(self) -> int:
        """How many seats have not folded."""
        ...

    @property
    def owed(self) -> Sequence[Post]:
        """Forced bets single seats owe on top of the game's (a missed blind made up)."""
        ...

    @property
    def carried_in(self) -> int:
        """Chips carried in from an earlier deal."""
        ...

    @property
    def pot(self) -> int:
        """All chips in the middle, bets included."""
        ...

    @property
    def down(self) -> Sequence[Sequence[Card]]:
        """Each seat's down cards."""
        ...

    @property
    def up(self) -> Sequence[Sequence[Card]]:
        """Each seat's up cards."""
        ...

    @property
    def rows(self) -> Mapping[str, Sequence[Card]]:
        """The face-up community rows by name, in the order they were laid out."""
        ...

    @property
    def board(self) -> Sequence[Card]:
        """The main row (``rows["board"]``)."""
        ...

    @property
    def runouts(self) -> Sequence[tuple[Card, ...]]:
        """The two boards of a hand run twice, once both are dealt (else none)."""
        ...

    @property
    def face_down(self) -> Mapping[str, Sequence[Card]]:
        """Community rows dealt face down, by name."""
        ...

    @property
    def muck(self) -> Sequence[Card]:
        """Discards, burned and folded cards."""
        ...

    @property
    def stock(self) -> int:
        """Cards left in the stock."""
        ...

    @property
    def shown(self) -> Mapping[int, Sequence[Card]]:
        """The cards each seat has shown at the showdown."""
        ...

    @property
    def declared(self) -> Sequence[str | None]:
        """Declarations, once revealed to all."""
        ...

    @property
    def splits(self) -> Sequence[Hands]:
        """Each seat's division of its cards into hands, strongest first: empty until it splits,
        secret until it shows them."""
        ...

    @property
    def placed(self) -> Sequence[Mapping[str, Sequence[Card]]]:
        """Each seat's own rows (Five-O's columns), in the open except the face-down cards in them."""
        ...

    @property
    def wild_rank(self) -> Rank | None:
        """The wild rank named during the hand, if any."""
        ...

    @property
    def last_blind(self) -> int:
        """The seat that posted the last live blind (-1 when none did)."""
        ...

    @property
    def events(self) -> Sequence[Event]:
        """Everything that has happened, in order."""
        ...

    @property
    def over(self) -> bool:
        """True once the hand is over."""
        ...

    @property
    def result(self) -> HandResult | None:
        """How the hand ended (``None`` until it is over)."""
        ...

    def secret(self, seat: int) -> str | None:
        """The seat's secret choice in the decision pending (a declaration not yet revealed)."""
        ...

    def prompt(self, seat: int) -> Prompt | None:
        """What the decision pending asks of ``seat`` in words, when it says (``None`` otherwise)."""
        ...

    def pending(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        ...

    def legal_actions(self, seat: int) -> tuple[Legal, ...]:
        """What ``seat`` may do now."""
        ...

    def pots(self, *, with_bets: bool = False) -> list[Pot]:
        """The main pot and side pots as they stand, each with the live seats that may win it (the
        chips nobody left may win are already back with the last of their players to fold)."""
        ...

    def order(self, first: int | None = None) -> Sequence[int]:
        """Every seat clockwise, from ``first`` (by default left of the button)."""
        ...

    def in_hand(self, first: int | None = None) -> list[int]:
        """The seats still in the hand, clockwise from ``first`` (by default left of the button)."""
        ...

    def cards(self, seat: int) -> list[Card]:
        """All of a seat's cards: down cards, then up cards."""
        ...


class Dealer(Snapshot, Protocol):
    """The verbs a step has: everything it may do to a hand."""

    # -- cards

    def take(self, count: int) -> tuple[Card, ...]:
        """Take ``count`` cards off the stock (the muck shuffled under it when it runs short)."""
        ...

    def deal(self, cards: Sequence[Card], to: Pile) -> None:
        """Put cards just taken off the stock on a pile (a seat's, a row, the muck for a burn)."""
        ...

    def move(self, cards: Sequence[Card], source: Pile, to: Pile) -> None:
        """Move ``cards`` from one pile to another, in their order (each must lie in ``source``)."""
        ...

    def lay_out(self, rows: Sequence[str], seat: int | None = None) -> None:
        """Open empty rows, in this order: community rows, or (``seat``) rows of the seat's own
        that it places cards into (:meth:`place`). A row already open stays as it is."""
        ...

    def muck_row(self, name: str) -> tuple[Card, ...]:
        """Put a community row's cards in the muck and take the row off the table; its cards."""
        ...

    def place(self, seat: int, row: str, card: Card) -> None:
        """Record that ``seat`` placed ``card`` (one of its own) in its row ``row``."""
        ...

    # -- chips

    def put_in(self, seat: int, amount: int, *, blind: bool = False) -> int:
        """Move up to ``amount`` chips from the seat's stack to its bet; ``blind``: a live blind
        (the first round starts left of the last). Returns the chips moved."""
        ...

    def put_dead(self, seat: int, amount: int, *, main_pot: bool = False) -> int:
        """Move up to ``amount`` chips into the pot without betting them (an ante): counted as the
        seat's own, or (``main_pot``) dead money of the main pot. Returns the chips moved."""
        ...

    def pay(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` chips into the pot as a price paid; returns the chips moved."""
        ...

    def take_back(self, seat: int, amount: int) -> None:
        """Return ``amount`` of the seat's bet to its stack (an uncalled bet)."""
        ...

    def collect_bets(self) -> None:
        """Gather the bets of the round into the pot."""
        ...

    def change_stakes(self, stakes: Stakes) -> None:
        """Play the rest of the hand at ``stakes`` (a kill doubles them)."""
        ...

    def award(self, won: Won) -> None:
        """Pay ``won.amount`` chips from the pot to ``won.seat`` and announce it."""
        ...

    def carry_over(self, amount: int, *, again: bool = False) -> None:
        """Keep ``amount`` chips of the pot for the next deal; ``again``: the game goes on with
        another deal of it (Guts)."""
        ...

    # -- seats and what the table shows

    def fold(self, seat: int) -> None:
        """The seat gives up the hand; its cards go to the muck. Chips its fold leaves nobody to win
        go back to it once the step has acted, as an uncalled bet does."""
        ...

    def show(self, seat: int, cards: Sequence[Card]) -> None:
        """The seat shows ``cards`` at the showdown."""
        ...

    def declare(self, seat: int, side: str) -> None:
        """The seat's declaration, now open to all."""
        ...

    def split(self, seat: int, hands: Hands) -> None:
        """The seat's division of its cards into hands (secret until it shows them)."""
        ...

    def name_wild(self, rank: Rank | None) -> None:
        """The wild rank in force from now on."""
        ...

    def emit(self, event: Event) -> None:
        """Announce an event (the hand's only log)."""
        ...

    def end(self) -> None:
        """End the hand now, the steps left unplayed."""
        ...


class Decision(Protocol):
    """The runtime of a step that waits for players (a betting round, a draw, a declaration)."""

    def pending(self) -> tuple[int, ...]:
        """The seats that must decide now (several at once for a simultaneous decision)."""
        ...

    def legal(self, seat: int) -> tuple[Legal, ...]:
        """What a pending seat may do."""
        ...

    def apply(self, seat: int, action: Action, legal: Legal) -> None:
        """Carry out an action already checked against ``legal``; emit its event. An action that
        ``legal`` cannot rule out (a Pi Gow split whose five-card hand does not beat its two) is
        refused here with an :class:`~homegame.errors.IllegalActionError` saying why, before
        anything changes."""
        ...

    def done(self) -> bool:
        """True when nobody has anything left to decide."""
        ...

    def close(self) -> None:
        """Finish the step (return uncalled bets, reveal declarations...)."""
        ...


class Wagering(Protocol):
    """What a hand history reads of a round of betting in progress (:meth:`Step.wagering`)."""

    @property
    def to_match(self) -> int:
        """The bet a player must match to stay in, 0 while nobody has bet."""
        ...

    @property
    def double_bet_offered(self) -> bool:
        """Every player may bet the big bet instead of the small (an open pair on fourth street)."""
        ...

    @property
    def capped(self) -> bool:
        """No more bets or raises this round."""
        ...


@runtime_checkable
class Secret(Protocol):
    """A decision that holds secret choices (a declaration): :meth:`Snapshot.secret` asks it."""

    def secret(self, seat: int) -> str | None:
        """The seat's choice, if it has made one."""
        ...


@runtime_checkable
class Prompting(Protocol):
    """A decision that says in words what it asks of a seat (whom a pushed card goes to, what
    rolling a card does): :meth:`Snapshot.prompt` asks it."""

    def prompt(self, seat: int) -> Prompt | None:
        """What the decision asks of ``seat``, if it says."""
        ...


@dataclass(frozen=True, slots=True)
class Held:
    """Which of a player's cards a contest judges: all of them (the default), only those ``down``
    (in the hole, as the Chicago spade must be), or ``part`` N of the player's split (Pi Gow stud's
    five-card hand is part 1, its two-card hand part 2). A document writes ``all``, ``down`` or
    ``split-N``; the loader parses it once.

    >>> Held.parse("split-2"), str(Held.parse("down")), Held.parse("all") == Held()
    (Held(down=False, part=2), 'down', True)
    >>> Held.parse("split-0")
    Traceback (most recent call last):
    ...
    ValueError: must be all, down or split-N (N 1..9), not 'split-0'
    """

    down: bool = False
    part: int = 0

    @classmethod
    def parse(cls, text: str) -> Held:
        """The value a document's ``cards`` names (:class:`ValueError` for anything else)."""
        if text in ("all", "down"):
            return cls(down=text == "down")
        if re.fullmatch(r"split-[1-9]", text):
            return cls(part=int(text[6:]))
        raise ValueError(f"must be all, down or split-N (N 1..9), not {text!r}")

    @property
    def split(self) -> bool:
        """True for a hand of a split."""
        return self.part > 0

    @property
    def whole(self) -> bool:
        """True for all the player's cards."""
        return not (self.down or self.part)

    def __str__(self) -> str:
        return f"split-{self.part}" if self.part else "down" if self.down else "all"


@dataclass(frozen=True, slots=True, kw_only=True)
class Contest:
    """One way to win a share of the pot."""

    side: str
    ranking: Ranking
    form: Form
    share: int = 1
    row: str = "board"
    cards: Held = Held()
    """Which of a player's cards the contest judges (:class:`Held`)."""
    low_rules: bool = False
    """True when the house rules ``low`` (a low ranking's name) and ``qualifier`` (``none``, or N
    for N-or-better) choose this contest's ranking; ``ranking`` is then the game's default."""
    ranking_rules: tuple[str, ...] = ()
    """House rules of the game given to the ranking as its options of the same names (short-deck's
    ``three_of_a_kind_beats_straight``); ``ranking`` holds their defaults."""
    judge: Judge = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "judge", Judge(self.ranking, self.form))

    @classmethod
    def read(cls, fields: Fields) -> Contest:
        """``side``, ``ranking``, ``options`` (ranking options), ``qualifier``, ``form``, ``share`` and
        ``row`` (the community cards hands are made with: the board unless the game has several rows),
        ``cards`` (``all``; ``down``: the hole cards only; ``split-N``: the Nth hand of a split) and
        ``low_rules`` (the house rules ``low`` and ``qualifier`` choose the ranking) and
        ``ranking_rules`` (house rules that are options of the ranking)."""
        side = fields.string("side", "high")
        name = fields.string("ranking", "high")
        options = dict(fields.table("options").data)
        fields.has("options")
        if fields.has("qualifier"):
            options["qualifier"] = fields.integer("qualifier", 8, low=5, high=14)
        try:
            ranking = get(name, **options)
        except ValueError as error:
            fields.problem("ranking", str(error))
            ranking = get("high")
        try:
            form = Form.parse(fields.string("form", "best-5"))
        except ValueError as error:
            fields.problem("form", str(error))
            form = Form()
        share = fields.integer("share", 1, low=1, high=100)
        row = fields.string("row", "board")
        try:
            cards = Held.parse(fields.string("cards", "all"))
        except ValueError as error:
            fields.problem("cards", str(error))
            cards = Held()
        low_rules = fields.boolean("low_rules", False)
        if low_rules and not (isinstance(ranking, PokerRanking) and ranking.is_low):
            fields.problem("low_rules", f"the house rules low and qualifier choose a poker low, not {name}")
            low_rules = False
        ranking_rules = fields.strings("ranking_rules", ())
        unknown = [rule for rule in ranking_rules if rule not in getattr(ranking, "__dataclass_fields__", {})]
        if unknown:
            fields.problem("ranking_rules", f"{', '.join(unknown)}: not an option of the ranking {name}")
            ranking_rules = ()
        return cls(
            side=side,
            ranking=ranking,
            form=form,
            share=share,
            row=row,
            cards=cards,
            low_rules=low_rules,
            ranking_rules=ranking_rules,
        )

    def under(self, options: Mapping[str, OptionValue]) -> Contest:
        """The contest with the ranking the house rules choose: the low and qualifier (with
        ``low_rules``) and the ranking's own options named in ``ranking_rules``; itself unless they
        change it.

        >>> contest = Contest(side="low", ranking=get("low-reversed"), form=Form(), low_rules=True)
        >>> print(contest.under({"low": "low-a5", "qualifier": "8"}).ranking.label)
        low-a5 qualifier=8
        >>> triton = ("three_of_a_kind_beats_straight",)
        >>> contest = Contest(side="high", ranking=get("high", deck=36), form=Form(), ranking_rules=triton)
        >>> print(contest.under({"three_of_a_kind_beats_straight": True}).ranking.label)
        high lowest_rank=6 three_of_a_kind_beats_straight=True
        """
        ranking = self.ranking
        if not isinstance(ranking, PokerRanking) or not (self.low_rules or self.ranking_rules):
            return self
        changes: dict[str, Any] = {rule: options[rule] for rule in self.ranking_rules if rule in options}
        chosen = replace(ranking, **changes)
        if self.low_rules:
            qualifier = str(options.get("qualifier", "none"))
            kind = Kind(str(options.get("low", ranking.kind.value)))
            chosen = replace(chosen, kind=kind, qualifier=None if qualifier == "none" else int(qualifier))
        return self if chosen == ranking else replace(self, ranking=chosen)

    def held(self, hand: Snapshot, seat: int) -> Sequence[Card]:
        """The cards of ``seat`` this contest judges."""
        if self.cards.split:
            return list(hand.splits[seat][self.cards.part - 1])
        return hand.down[seat] if self.cards.down else hand.cards(seat)

    def judged(self, hand: Snapshot, seat: int, held: Sequence[Card], board: Sequence[Card]) -> Judged:
        """The hand of ``seat`` in this contest from the cards it ``held`` and the ``board``, judged when asked."""
        down = tuple(hand.down[seat]) if self.judge.needs_down else ()
        return Judged(
            side=self.side, held=tuple(held), board=tuple(board), wild_rank=hand.wild_rank, down=down, judge=self.judge
        )

    def describe(self) -> str:
        """The contest for the rules text: ``high (high, best-5)``."""
        which = ", down cards" if self.cards.down else ""
        which = f", hand {self.cards.part} of the split" if self.cards.split else which
        return f"{self.side} ({self.ranking.label}, {self.form}{which})"


class Dealing(Protocol):
    """What a plain deal of cards says of itself (:attr:`Step.dealing`): the cards to each seat,
    the community cards, the row they go to and their face."""

    @property
    def cards(self) -> tuple[str, ...]: ...
    @property
    def board(self) -> int: ...
    @property
    def row(self) -> str: ...
    @property
    def face(self) -> str: ...
    def cards_needed(self, players: int) -> int: ...
    def begin(self, dealer: Dealer) -> Decision | None: ...


class Step(ABC):
    """Base of the step kinds. Subclasses are frozen dataclasses registered by ``kind``.

    Neutral defaults for the hooks a kind may not need: :meth:`check_game` finds
    nothing wrong, :meth:`cards_needed` deals no cards, :meth:`under` is the step itself, and a
    viewer sees no wild cards (:meth:`wild_specs`) and no hands (:meth:`seen_hands`) of it.
    """

    kind: ClassVar[str]
    """The name a game document uses (``kind = "deal"``)."""
    settles: ClassVar[bool] = False
    """True for a step that pays out the whole pot (the showdown; High Card Poker's knock-out): a
    game's last step is one."""
    house_rules: ClassVar[tuple[HouseRule[Any], ...]] = ()
    """The house rules this kind reads, declared once (:class:`~homegame.engine.spec.HouseRule`):
    a game document that offers one must give it the declared type (the loader checks)."""

    @classmethod
    @abstractmethod
    def read(cls, fields: Fields) -> Step:
        """Build the step from its table, recording problems in ``fields``."""

    @abstractmethod
    def begin(self, dealer: Dealer) -> Decision | None:
        """Do the step's work through ``dealer``; return what players must decide, if anything."""

    @abstractmethod
    def describe(self) -> str:
        """The step as a dealer would say it, for the rules text."""

    def check_game(self, game: Rules, fields: Fields) -> None:
        """Check how this step fits the whole game (its stakes, betting, other steps); problems go to
        ``fields``, the step's own table."""
        return None

    def cards_needed(self, players: int) -> int:
        """How many cards this step takes from the deck at most, with ``players`` at the table."""
        return 0

    def under(self, options: Mapping[str, OptionValue]) -> Step:
        """The step as the house rules ``options`` play it, for a step whose very make-up they
        change (the showdown's low ranking); most steps read them as they go and are themselves."""
        return self

    # -- a bomb pot (:meth:`~homegame.engine.game.Game.bomb_pot`) --------------------------------

    @property
    def dealing(self) -> Dealing | None:
        """The step as a plain deal of cards from the deck (the ``deal`` kind's), which a runout
        dealt twice and the rabbit read; ``None`` for every other step."""
        return None

    @property
    def betting_round(self) -> bool:
        """True for a round of betting (the ``bet`` kind): a runout passes over the rounds nobody can bet in."""
        return False

    @property
    def deals_board(self) -> bool:
        """True for a step that deals cards face up to the community board (the first is the flop)."""
        return False

    def straddled(self) -> Step:
        """The step in a hand with a live straddle (:meth:`~homegame.engine.game.Game.straddled`):
        the blinds add one; every other step is itself."""
        return self

    def bombed(self, before_flop: bool) -> Step | None:
        """The step in a bomb pot (every seat antes, no blinds, no betting before the flop), by
        where it comes (``before_flop``): itself by default, ``None`` for a step the bomb pot drops."""
        return self

    # -- what a viewer may see of the hand, asked of the game's settling step -----------------

    def wild_specs(self) -> tuple[WildSpec, ...]:
        """The wild cards this step's judging counts (the showdown's contests'); none by default."""
        return ()

    def seen_hands(self, hand: Snapshot, viewer: int) -> tuple[Judged, ...]:
        """The viewer's hands as this settling step would judge them now, for its view (the
        showdown: its hand in each contest; the knock-out: its standing); none by default."""
        return ()

    # -- what the rest of the program asks of a step (neutral answers here) ----------------------

    def wagering(self, decision: Decision) -> Wagering | None:
        """The round of betting ``decision`` is, as a hand history reads it (the bet step's
        round), ``None`` for any other step's decision."""
        return None

    def preview(self, decision: Decision, seat: int, hands: Sequence[Sequence[Card]]) -> Preview | None:
        """What ``seat``'s division of its cards into ``hands`` would make, judged as the step's
        ``decision`` will judge it, changing nothing; ``None`` for a step with no division to
        preview (every step but the split). Hands that do not fit raise
        :class:`~homegame.errors.IllegalActionError`."""
        return None

    @property
    def posts_antes(self) -> bool:
        """True for the step where everyone antes (a tournament's antes are a game's own step)."""
        return False

    @property
    def dead_antes(self) -> bool:
        """True for antes that are dead money of the main pot (the antes' ``dead``)."""
        return False

    @property
    def draws(self) -> bool:
        """True for a draw (players throw cards and are dealt new ones in their place)."""
        return False

    @property
    def bets(self) -> bool:
        """True for a round of betting (the ``bet`` step)."""
        return False

    def restructured(self, betting: Betting, size: str) -> Step:
        """The step in the game played at the betting structure ``betting``
        (:mod:`homegame.games.structures`): a round of betting takes the bet ``size`` in fixed
        limit where it names none, and drops the open-pair big bet in the big-bet structures;
        every other step is itself."""
        return self

    def blind_posts(self, stakes: Stakes, seats: int, button: int) -> tuple[Post, ...] | None:
        """The blinds this step posts with ``seats`` dealt in and the button at ``button`` (the
        blinds' step), ``None`` for a step that posts none (a seat can miss only a blind)."""
        return None

    def judging(self) -> tuple[Contest, ...]:
        """The contests this step judges hands by, for the odds and the bots (the showdown's);
        none by default."""
        return ()

    @property
    def dealt(self) -> tuple[str, ...]:
        """The cards this step deals each player, ``down`` or ``up`` in turn (the deal's); none by default."""
        return ()

    @property
    def dealt_to(self) -> tuple[str, int]:
        """The row this step deals community cards to and how many (the deal's), none by default."""
        return ("board", 0)

    @property
    def common_if_short(self) -> bool:
        """True for a deal whose last card is one common card when the deck runs short (stud's)."""
        return False

    @property
    def cuts_hands(self) -> bool:
        """True for a step after which the hands are what is left of them (an elimination's), which
        the odds calculator takes as given."""
        return False

    @property
    def moving_wild(self) -> Rank | None:
        """The rank whose up card names the next wild rank (Follow the Queen's), if this step has one."""
        return None

    @property
    def declarations(self) -> tuple[str, ...]:
        """The sides a player may declare in this step (a declaration's), none by default."""
        return ()

    @property
    def knockout_row(self) -> str | None:
        """The row of the extra hand every hand is played against (High Card Poker's knock-out),
        for the odds calculator; ``None`` by default."""
        return None

    def survives_equal(self, options: Mapping[str, OptionValue]) -> bool:
        """True when a card equal to the extra hand's survives under the house rules ``options``
        (the knock-out's), False by default."""
        return False

    @property
    def throws(self) -> int:
        """The cards a buyer of this step's item throws away for good (Push's insurance), 0 by default."""
        return 0

    def buyer(self, event: Event) -> int | None:
        """The seat that bought this step's item, when ``event`` is that purchase; ``None`` by default."""
        return None

    @property
    def sells(self) -> str:
        """The item this step sells (a purchase's), ``""`` by default."""
        return ""

    def sale(self, seat: int) -> Event | None:
        """The event of ``seat`` buying this step's item at no price, for a bot weighing what the
        hand would be after it (a purchase's); ``None`` by default."""
        return None

    @property
    def roll_bought(self) -> str:
        """The item whose buyers alone make this step's roll (The Option's), ``""`` by default."""
        return ""

    @property
    def columns_to_win(self) -> int:
        """The columns a player must win to take the pot (a showdown of columns), 0 by default."""
        return 0

    def match_price(self, options: Mapping[str, OptionValue], pot: int) -> int | None:
        """What a player who went in and lost pays to the next pot under the house rules
        ``options`` (Guts), ``None`` for a step with no such match."""
        return None

    @property
    def judged_by(self) -> Ranking | None:
        """The ranking of a settling step that judges each player's one hand with no contest
        (Guts), for the bots; ``None`` by default."""
        return None

    @property
    def split_rule(self) -> str:
        """The rule a split must keep, in words (the split's), ``""`` by default."""
        return ""

    def award_words(self, events: Sequence[Event], side: str, seat: int) -> str:
        """Why the pot part ``side`` went to ``seat`` when no hand of a contest won it, from the
        hand's ``events``, for a screen (``" with 3 of 5 columns"``); ``""`` when this step has
        no words for it (every step but the columns' and the units')."""
        return ""


SUIT_ORDER = HouseRule(
    "suit_order", str, "bridge", "the order of the suits, lowest first, where a suit breaks a tie (bridge: c d h s)"
)
"""The suits' order, read by the bet (who shows the best or brings it in) and the showdown (an odd chip)."""


STEP_KINDS: dict[str, type[Step]] = {}
"""Every step kind by its document name (the package :mod:`homegame.engine.steps` fills it)."""

S = TypeVar("S", bound=type[Step])


def register(cls: S) -> S:
    """Class decorator: make a step kind known by its ``kind`` name."""
    if cls.kind in STEP_KINDS:
        raise ValueError(f"step kind {cls.kind!r} is registered twice")
    STEP_KINDS[cls.kind] = cls
    return cls
