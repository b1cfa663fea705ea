"""Writing a hand as PHH: :func:`to_phh` turns a hand's history into a :class:`~homegame.history.phh.Record`.

The hand is replayed action by action, so each action's line is followed by the lines of what it
caused (cards dealt, the showdown), in the order a dealer would call them. Seats become players
``p1``..``pN`` clockwise from the button's left, so in a button game the last player holds the
button (the standard's convention).

A hand of a game with a standard code (:mod:`homegame.history.variants`) played by the standard's
rules (the house rules at their defaults, no pot carried in) is written in the standard alone,
as PokerKit and other readers expect: the cards each player shows, and when (at once when all but
one of the players still in are all in, before the rest of the cards are dealt). Blinds single seats
owe (a missed blind made up, :attr:`~homegame.engine.hand.Setup.posts`) go into the standard's
``blinds_or_straddles`` (live) and ``antes`` (dead), so every reader adds the chips up, and
homegame's ``_posts`` names them (:func:`owed_text`), so that replay takes them back out. Whatever
its game, a hand dealt in a mixed game names the mix by its catalogue name in homegame's ``_mix``
(``_mix = "horse"``), as a hand saved by ``homegame play --history --full`` does. Any other hand
is written with the game's name as its variant and homegame's own fields:

- ``_decks``: every order the deck was in (the first deal, then any reshuffle), so the hand can be
  dealt again exactly; ``_stakes``, ``_options`` (house rules), ``_carried`` (chips carried in).
  A game outside the catalogue is named only by its name: whoever replays the hand names its
  document (``homegame history replay FILE --game DOC``), since a file never chooses a path to read;
- actions the standard has no verb for, written ``pN`` and homegame's own notation:
  ``p2 discard Kd``, ``p1 roll 7h``, ``p3 declare high``, ``p1 buy card``, ``p2 pass Qc 3d``;
- ``d dr NAME CARDS`` for cards dealt to a named row other than the board, and ``# ...``
  comments for anything else that happened (a wild card named, a knock-out).

>>> from homegame.bots import CallerBot, play
>>> from homegame.engine import Hand
>>> from homegame.games import load
>>> hand = Hand(load("holdem"), [100, 100], deck="As Kd Ah Kc 2c 7d 8h 9s 2d 3h 4s 5c")
>>> play(hand, [CallerBot()] * 2)
>>> record = to_phh(hand.history())
>>> record.variant, record.blinds_or_straddles, record.actions[:3]
('NT', (1, 2), ('d dh p1 AsAh', 'd dh p2 KdKc', 'p2 cc'))
>>> record.actions[-2:], record.extra["finishing_stacks"]
(('p1 sm AsAh', 'p2 sm KdKc'), [102, 98])
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.engine.actions import (
    Action,
    BetTo,
    BringIn,
    Call,
    Check,
    Complete,
    Declare,
    Decline,
    Discard,
    Draw,
    Fold,
    Pass,
    Place,
    RaiseTo,
    RunTwice,
    Split,
)
from homegame.engine.betting import Betting, Post
from homegame.engine.events import (
    Acted,
    Answered,
    Burned,
    CarriedOver,
    Dealt,
    Declared,
    Drew,
    Event,
    Posted,
    Reshuffled,
    Returned,
    Revealed,
    Shown,
    Tabled,
    Won,
)
from homegame.engine.hand import Chance, Hand, History, Setup
from homegame.engine.missed import blinds_of
from homegame.history.phh import Record, format_phh_cards
from homegame.history.variants import as_listed, code_of

if TYPE_CHECKING:
    from homegame.games.mixes import Mix

__all__ = ["ante_trimming", "is_standard", "owed_text", "player", "stakes_fields", "to_phh"]

_SILENT = (Posted, Burned, Acted, Returned, Won, Declared, Revealed, Reshuffled, CarriedOver, Answered, Tabled)
"""Events whose story is told by an action line (or needs none): they write no line of their own
(nor does a step's event told by its action, :attr:`~homegame.engine.events.Event.told_by_action`)."""


def player(seat: int, button: int, seats: int) -> str:
    """The PHH name of a seat: ``p1`` is the seat left of the button.

    >>> player(0, 2, 3), player(2, 2, 3)
    ('p1', 'p3')
    """
    return f"p{(seat - button - 1) % seats + 1}"


def is_standard(history: History) -> bool:
    """True when the hand can be written in the standard alone: its game has a code, it is the
    catalogue's document (a live straddle added: ``blinds_or_straddles`` holds it), the house rules
    are the defaults, no pot was carried in and it was not run twice (the standard has no word for
    it: such a hand is written with homegame's own fields, ``_run_it_twice`` and its players'
    ``run_twice`` and ``decline``, each board's cards in turn)."""
    from homegame.games import load

    setup = history.setup
    if code_of(setup.game.name) is None:
        return False
    catalogue = load(setup.game.name)
    if not any(as_listed(setup, game) for game in (catalogue, catalogue.straddled())):  # a live straddle too
        return False
    if setup.run_it_twice and any(isinstance(action, RunTwice) for _, action in history.actions):
        return not history.replay().runouts
    return True


def to_phh(
    history: History,
    *,
    names: Sequence[str] | None = None,
    number: int | None = None,
    seat: int | None = None,
    full: bool | None = None,
    mix: Mix | None = None,
) -> Record:
    """The hand as a PHH record (``names``: the players, in seat order; ``number``: the hand's number;
    ``mix``: the mixed game the hand was dealt in, which homegame's ``_mix`` names).

    With ``seat``, only what that seat saw: its own cards, the cards dealt face up, the board and
    the cards shown at the showdown; every other card is ``??`` (another's passes, discards,
    splits and declarations too, until the table learns them), and there is no deck order
    (``_decks``), so a hand of a game without a standard code cannot be dealt again from it.
    ``full=False`` without a seat is what a spectator saw; ``full`` (the default without a seat)
    is the full record.

    >>> from homegame.bots import CallerBot, play
    >>> from homegame.engine import Hand
    >>> from homegame.games import load
    >>> hand = Hand(load("holdem"), [100, 100, 100], deck="As Kd 2c Ah Kc 7d 8h 9s 2d 3h 4s 5c 6c 7c")
    >>> play(hand, [CallerBot()] * 3)
    >>> to_phh(hand.history(), seat=1).actions[:3]
    ('d dh p1 AsAh', 'd dh p2 ????', 'd dh p3 ????')
    >>> to_phh(hand.history(), full=False).actions[:3]
    ('d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????')
    """
    setup = history.setup
    game, seats, button = setup.game, len(setup.stacks), setup.button
    standard = is_standard(history)
    full = seat is None if full is None else full and seat is None
    hand = Hand.from_setup(setup, Chance(random.Random(0), history.chance))
    writer = _Writer(hand, standard, None if full else _Viewer(seat))
    writer.events(hand.events)
    for actor, action in history.actions:
        bet_before = hand.bets[actor]
        events = hand.act(actor, action)
        writer.action(actor, action, events, bet_before)
        writer.events(events)
    for shower, cards in history.shows:  # a winner's cards shown once the hand was over
        writer.events(hand.show_won(shower, cards))
    writer.finish()
    order = [(button + 1 + index) % seats for index in range(seats)]
    extra: dict[str, Any] = {}
    if any(step.posts_antes for step in game.steps) or not ante_trimming(setup):
        extra["ante_trimming_status"] = ante_trimming(setup)
    if hand.result is not None:
        extra["finishing_stacks"] = [hand.result.stacks[seat] for seat in order]
    if names is not None:
        extra["players"] = [names[seat] for seat in order]
    if number is not None:
        extra["hand"] = number
    if mix is not None:
        extra["_mix"] = mix.name
    if setup.posts:
        extra["_posts"] = [owed_text(post, button, seats) for post in setup.posts]
    if not standard:
        extra.update(_own_fields(history, full=full))
    return Record(
        variant=(code_of(game.name) if standard else None) or game.name,
        starting_stacks=tuple(setup.stacks[seat] for seat in order),
        actions=tuple(writer.lines),
        extra=extra,
        **stakes_fields(setup),
    )


def owed_text(post: Post, button: int, seats: int) -> str:
    """homegame's ``_posts`` entry for a blind a seat owes (:attr:`Setup.posts`): its player, the
    post's name and amount, and ``dead`` for dead money. The standard's ``blinds_or_straddles`` and
    ``antes`` already hold its chips (a live post in the first, a dead one in the second), so any
    reader adds the hand up; the entry says which of them are owed, for replay to take back out.

    >>> owed_text(Post(0, "dead_small_blind", 1, live=False), 3, 5)
    'p2 dead_small_blind 1 dead'
    """
    return f"{player(post.seat, button, seats)} {post.name} {post.amount}" + ("" if post.live else " dead")


def ante_trimming(setup: Setup) -> bool:
    """How the hand's antes make pots, as the standard's ``ante_trimming_status`` says it: ``True``
    when everyone's ante counts as a bet (a short ante wins only what it matched), ``False`` when a
    big-blind or button ante is dead money of the main pot.

    >>> from dataclasses import replace
    >>> from homegame.games import load
    >>> game = load("holdem")
    >>> ante_trimming(Setup(game=game, stacks=(9, 9), stakes=replace(game.stakes, big_blind_ante=2)))
    False
    """
    dead = any(step.dead_antes for step in setup.game.steps)
    return not (dead or setup.stakes.big_blind_ante or setup.stakes.button_ante)


def stakes_fields(setup: Setup) -> dict[str, Any]:
    """The standard's fields for the forced bets and bet sizes of a hand: ``antes`` (one per
    player), ``blinds_or_straddles`` (blind games), ``bring_in``, ``small_bet`` and ``big_bet``
    (fixed limit) or ``min_bet``.

    The lists are the standard's, one amount a position from the button's left, the big blind's
    second, the button's last; heads-up the button posts the first (the small blind), so the
    lists name the players in the other order (PokerKit's reading).

    >>> from dataclasses import replace
    >>> from homegame.games import load
    >>> setup = Setup(game=load("razz"), stacks=(50, 50, 50), stakes=load("razz").stakes)
    >>> stakes_fields(setup)
    {'antes': (1, 1, 1), 'bring_in': 2, 'small_bet': 5, 'big_bet': 10}
    >>> holdem = load("holdem")
    >>> setup = Setup(game=holdem, stacks=(50,) * 4, stakes=replace(holdem.stakes, big_blind_ante=2))
    >>> stakes_fields(setup)
    {'antes': (0, 2, 0, 0), 'blinds_or_straddles': (1, 2, 0, 0), 'min_bet': 2}
    """
    game, stakes, seats = setup.game, setup.stakes, len(setup.stacks)
    ante = stakes.ante if any(step.posts_antes for step in game.steps) else 0
    antes = [ante] * seats
    blinds = blinds_of(game)
    if blinds is not None:
        button = seats - 1  # positions: the seat left of the button is the first
        forced = [0] * seats
        for post in blinds.blind_posts(stakes, seats, button) or ():
            (forced if post.live else antes)[post.seat] += post.amount
        for post in setup.posts:  # blinds single seats owe, as the hand posts them: live up to the amount
            at = (post.seat - setup.button - 1) % seats
            live = max(0, post.amount - forced[at]) if post.live else 0
            forced[at] += live
            antes[at] += post.amount - live
        fields: dict[str, Any] = {"antes": _positions(antes), "blinds_or_straddles": _positions(forced)}
    else:
        fields = {"antes": tuple(antes)}
    if stakes.bring_in:
        fields["bring_in"] = stakes.bring_in
    if game.betting is Betting.FIXED_LIMIT:
        fields["small_bet"], fields["big_bet"] = stakes.small_bet, stakes.big_bet
    else:
        fields["min_bet"] = stakes.opening_bet
    return fields


def _positions(amounts: Sequence[int]) -> tuple[int, ...]:
    """Amounts by player (``p1`` first) as the standard lists them: heads-up the other way round."""
    return tuple(reversed(amounts)) if len(amounts) == 2 else tuple(amounts)


def _own_fields(history: History, *, full: bool = True) -> dict[str, Any]:
    """homegame's underscore fields: enough to deal the hand again exactly (``full``; else no deck orders)."""
    setup = history.setup
    fields: dict[str, Any] = {"_decks": [format_phh_cards(order) for order in history.chance]} if full else {}
    fields["_stakes"] = setup.stakes.to_dict()
    if setup.options:
        fields["_options"] = dict(setup.options)
    if setup.carried:
        fields["_carried"] = setup.carried
    if setup.game.bomb:
        fields["_bomb"] = True
    if setup.run_it_twice:
        fields["_run_it_twice"] = True
    return fields


@dataclass(frozen=True, slots=True)
class _Viewer:
    """Whose view a file holds: a seat's, or a spectator's (``seat`` ``None``)."""

    seat: int | None


_SECRET = (Draw, Discard, Pass, Split, Declare, Place)
"""Actions whose content is the actor's secret (what it threw away, passed, split, declared, or a
card it placed face down): another seat learns it only from the events the action caused."""


class _Writer:
    """Turns a hand's actions and events into PHH action lines, in order."""

    def __init__(self, hand: Hand, standard: bool, viewer: _Viewer | None = None) -> None:
        self.hand = hand
        self.standard = standard
        self.viewer = viewer
        """Whose view is written (``None``: everything)."""
        self.lines: list[str] = []
        self.draws: list[str] = []
        """Cards dealt in the draw under way: the standard lists them after everyone's discards."""
        self.drawing: set[int] = set()
        """The seats that have drawn in the draw under way."""
        self.stacks = list(hand.setup.stacks)
        self.held: list[list[Card]] = [[] for _ in range(hand.seats)]
        """Each seat's cards in the order dealt (the standard's games: what a player shows)."""
        self.shown: dict[int, int] = {}
        """How many cards each seat had when it showed (a stud player all in shows again at the end for
        the cards dealt since)."""
        self.early_showdown = standard and not any(step.draws for step in hand.game.steps)
        self.joining = -1
        """The seat whose ``d dh`` line is the last line: cards dealt to it next join that line."""

    def p(self, seat: int) -> str:
        return player(seat, self.hand.button, self.hand.seats)

    def write(self, line: str) -> None:
        self.lines.append(line)
        self.joining = -1

    def action(self, seat: int, action: Action, events: Sequence[Event], bet_before: int) -> None:
        """The line of a player's action."""
        if self.standard and isinstance(action, RunTwice | Decline):
            return  # asked to run it twice, and it was not: the standard's hand is the same without it
        if not isinstance(action, Draw) or seat in self.drawing:
            self.flush_draws()
        if isinstance(action, Draw):
            self.drawing.add(seat)
        who = self.p(seat)
        if self.viewer is not None and self._hides(seat, action, events, self.viewer.seat):
            self.hidden(who, action)  # something of it the viewer did not see
        elif isinstance(action, Fold):
            self.write(f"{who} f")
        elif isinstance(action, Check | Call):
            self.write(f"{who} cc")
        elif isinstance(action, BringIn):
            self.write(f"{who} pb")
        elif isinstance(action, BetTo | RaiseTo):
            self.write(f"{who} cbr {action.amount}")
        elif isinstance(action, Complete):
            put_in = sum(event.put_in for event in events if isinstance(event, Acted) and event.seat == seat)
            self.write(f"{who} cbr {bet_before + put_in}")
        elif isinstance(action, Draw):
            self.write(f"{who} sd {format_phh_cards(action.cards)}".rstrip())
        else:
            self.write(f"{who} {action}")

    @staticmethod
    def _hides(seat: int, action: Action, events: Sequence[Event], viewer: int | None) -> bool:
        """True when the viewer does not see all of what the action did (another's discards, a
        declaration not yet open); the cards dealt after it are their own lines. A secret choice
        made at once with others (a pass, a discard, a split, a declaration) causes nothing until the
        last player has chosen: the viewer learns nothing of it then."""
        if seat == viewer or isinstance(action, Fold | Check | Call | BringIn | BetTo | RaiseTo | Complete):
            return False
        told = [event for event in events if not isinstance(event, Dealt)]
        if isinstance(action, _SECRET) and not told:
            return True
        return any(event.seen_by(viewer) != event for event in told)

    def hidden(self, who: str, action: Action) -> None:
        """The line of an action the viewer saw only in part: its cards unknown."""
        cards = getattr(action, "cards", ())
        if isinstance(action, Draw):
            self.write(f"{who} sd {'??' * len(cards)}".rstrip())
        else:
            verb = str(action).split()[0]
            self.write(f"{who} {verb} {'??' * len(cards)}".rstrip())

    def events(self, events: Sequence[Event]) -> None:
        """The lines of what happened (and the stacks, to know when everyone is all in)."""
        if self.viewer is not None:
            events = [event.seen_by(self.viewer.seat) for event in events]
        for event in events:
            seat = getattr(event, "seat", None)
            if event.chips and isinstance(seat, int):
                self.stacks[seat] -= event.chips
            if isinstance(event, Dealt):
                self.dealt(event)
            elif isinstance(event, Drew):
                self.drew(event)
            elif isinstance(event, Shown):
                self.flush_draws()
                whole = len(event.cards) == len(self.held[event.seat])  # not a winner's one card shown
                known = self.standard and whole and (self.viewer is None or event.seat == self.viewer.seat)
                self.show(event.seat, () if known else event.cards)
            elif not isinstance(event, _SILENT) and not event.told_by_action and not self.standard:
                self.flush_draws()
                self.write("# " + re.sub(r"\bseat (\d+)", lambda match: self.p(int(match[1])), str(event)))

    def dealt(self, event: Dealt) -> None:
        """A deal: to the board (or a named row) or to a player, whose consecutive cards share a line."""
        self.flush_draws()
        if self.early_showdown and not self.shown:
            live = [seat for seat in range(self.hand.seats) if not self.hand.folded[seat]]
            dealt = all(self.held[seat] for seat in live)  # not before the players hold cards (all in from the blinds)
            if dealt and len(live) > 1 and sum(1 for seat in live if self.stacks[seat] > 0) <= 1:
                for seat in live:
                    if self.viewer is None or seat == self.viewer.seat:  # the others at their Shown
                        self.show(seat)
        cards = format_phh_cards(event.cards) or "??" * event.hidden
        if event.seat is None:
            self.write(f"d db {cards}" if event.row == "board" else f"d dr {event.row} {cards}")
            return
        self.held[event.seat].extend(event.cards)
        if self.joining == event.seat:
            self.lines[-1] += cards
        else:
            self.write(f"d dh {self.p(event.seat)} {cards}")
        self.joining = event.seat

    def drew(self, event: Drew) -> None:
        """A draw: the new cards wait until everyone has discarded."""
        if self.standard:  # other games may move cards in ways only their steps know: they show them
            held = self.held[event.seat]
            for card in event.discarded:
                held.remove(card)
            held.extend(event.drawn)
        if event.drawn or event.count:
            drawn = format_phh_cards(event.drawn) or "??" * event.count
            self.draws.append(f"d dh {self.p(event.seat)} {drawn}")

    def show(self, seat: int, cards: Sequence[Card] = ()) -> None:
        """Show the seat's cards: ``cards``, or those it was dealt (in the order dealt)."""
        held = cards or self.held[seat]
        if self.shown.get(seat, -1) < len(held):
            self.shown[seat] = len(held)
            self.write(f"{self.p(seat)} sm {format_phh_cards(held)}")

    def flush_draws(self) -> None:
        self.drawing.clear()
        draws, self.draws = self.draws, []
        for line in draws:
            self.write(line)

    def finish(self) -> None:
        """Write what is still waiting (the last draw's cards, when nothing followed them)."""
        self.flush_draws()
