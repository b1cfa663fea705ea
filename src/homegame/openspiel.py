"""Every game of the catalogue as an OpenSpiel game, for solving and training bots.

Importing this module (it needs the ``openspiel`` extra: ``pip install "homegame[openspiel]"``)
registers ``python_homegame`` with OpenSpiel. Its parameters:

- ``game``: a catalogue name or the path of a TOML game document (default ``kuhn``);
- ``players``: how many sit down (default 0: the fewest the game allows, at least 2);
- ``stacks``: every seat's chips (default 100);
- ``options``: house rules, ``name:value`` pairs separated by spaces (``"cap:2 wild:jokers"``);
- ``bet_sizes``: the raises offered in no-limit and pot-limit games besides the least bet and all
  in, as fractions of the pot, separated by spaces (default ``"0.5 1"``: half the pot and the pot).

Seat 0 sits left of the button (the last seat deals), so in most games OpenSpiel's player 0 acts
first. Kuhn poker, solved by CFR+ (player 0's value is -1/18):

>>> import pyspiel
>>> from open_spiel.python.algorithms import cfr, exploitability
>>> game = pyspiel.load_game("python_homegame", {"game": "kuhn"})
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(12, 3, 6)
>>> solver = cfr.CFRPlusSolver(game)
>>> for _ in range(200):
...     solver.evaluate_and_update_policy()
>>> bool(exploitability.exploitability(game, solver.average_policy()) < 0.01)
True

**Chance.** Every card comes from a chance node, one outcome per distinct card still in the deck
with its probability (outcome ``i`` is the ``i``-th distinct card of the game's deck, in card
order); the deck's order is never in the state before chance decides it. The adapter drives the
:class:`~homegame.engine.hand.Hand` with a deck whose order is decided card by card: the cards
chance has picked come first, and when the hand takes a card beyond them, the state is a chance
node for it. A reshuffle of the muck is dealt the same way, from the cards reshuffled.

**Decisions.** Seats decide one at a time: a simultaneous decision (declare, Anaconda's passes)
is asked of the pending seats in turn, and the hand hides the earlier choices from the later
players, as at the table. Every legal descriptor becomes a few of a fixed set of action ids
(:class:`Actions`): plain actions one id each; a bet or raise at the least amount, at each
fraction of the pot in ``bet_sizes`` and all in; a choice (declare, buy) by its place among the
choices offered; naming cards (draw, discard, roll, pass) one card at a time, by its place among
the cards offered, then ``done``; dividing cards into hands one card at a time (the next card
goes to hand ``j``); placing a card by its place and the row's.

**Returns** are the chips each seat won or lost (``HandResult.net``).

**Observations and information states** come from ``view(seat)`` only (:class:`HomegameObserver`):
the string is the view's JSON (``homegame.engine.wire``; the information state keeps the events,
the seat's whole story, the observation leaves them out), and the tensor is documented there.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from homegame.cards import Card, Rank
from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    CardsLegal,
    ChoiceLegal,
    DivideLegal,
    Legal,
    PlaceLegal,
    PlainLegal,
)
from homegame.engine.betting import Betting
from homegame.engine.game import Game, players_words
from homegame.engine.hand import Hand
from homegame.engine.wire import to_json
from homegame.games import load

__all__ = [
    "DEFAULT_BET_SIZES",
    "GAME_TYPE",
    "Actions",
    "HomegameGame",
    "HomegameObserver",
    "HomegameState",
]

DEFAULT_BET_SIZES: tuple[float, ...] = (0.5, 1.0)
"""The raises offered in no-limit and pot-limit games besides the least and all in: half the pot and the pot."""

_PLAIN = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BRING_IN,
    ActionKind.COMPLETE,
    ActionKind.DECLINE,
    ActionKind.KEEP,
    ActionKind.PUSH,
)
_AMOUNT = (ActionKind.BET_TO, ActionKind.RAISE_TO)
_CHOICE = (ActionKind.DECLARE, ActionKind.BUY)
_CARDS = (ActionKind.DRAW, ActionKind.DISCARD, ActionKind.ROLL, ActionKind.PASS)
_KINDS = tuple(ActionKind)
MAX_CHOICES = 8
"""The most choices a choice descriptor may offer (declare high/low/both; a store's items)."""
MAX_CARDS = 16
"""The most cards a descriptor may name from (a draw's five, Anaconda's seven, Chinese poker's thirteen)."""
MAX_HANDS = 4
"""The most hands cards may be divided into."""
MAX_ROWS = 8
"""The most rows a card may be placed in (Five-O's five)."""
MAX_ROWS_SEEN = 3
"""Community rows in the observation tensor (the board, then the others in the order dealt)."""
_SIDES = ("high", "low", "both", "in", "out")
"""Declarations the observation tensor knows by name (the string has every one)."""
_QUIET_STEPS = frozenset(
    {"antes", "blinds", "columns", "deal", "eliminate", "expose", "extra", "follow", "knockout", "showdown", "units"}
)
"""Step kinds that ask no seat anything."""
_CARRYING_STEPS = frozenset({"guts", "knockout"})
"""Step kinds that may keep chips for a next deal (so the game is not zero-sum)."""

_PARAMETERS: dict[str, Any] = {
    "game": "kuhn",
    "players": 0,
    "stacks": 100,
    "options": "",
    "bet_sizes": " ".join(map(str, DEFAULT_BET_SIZES)),
}

GAME_TYPE = pyspiel.GameType(
    short_name="python_homegame",
    long_name="homegame: any game of the dealer's choice catalogue",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)
"""The registered game type (a zero-sum game's own type says ``ZERO_SUM``)."""


def _house_rules(text: str) -> dict[str, object]:
    """``"cap:2 wild:jokers"`` as a mapping (the game checks and types the values).

    >>> _house_rules("cap:2  wild:jokers")
    {'cap': '2', 'wild': 'jokers'}
    """
    rules: dict[str, object] = {}
    for pair in text.split():
        name, colon, value = pair.partition(":")
        if not colon or not name:
            raise ValueError(f"options: {pair!r} is not name:value")
        rules[name] = value
    return rules


@dataclass(frozen=True, slots=True)
class Actions:
    """The fixed action space of one game: which id means what.

    Ids run in sections: the plain actions (fold, check, call, bring in, complete, decline, keep,
    push); then for bet_to and raise_to one id per slot (the least amount, each fraction of the pot
    in ``fractions``, all in); then, unless the game only bets, the choices (declare, buy) by
    place, naming cards (draw, discard, roll, pass: ``pick`` the card at a place among those
    offered, then ``done``), dividing (the next card goes to hand ``j``) and placing (card place
    times row place).

    >>> layout = Actions(fractions=(0.5, 1.0), betting_only=True)
    >>> layout.size, layout.amount(ActionKind.RAISE_TO, 3)
    (16, 15)
    >>> Actions(fractions=(), betting_only=False).size
    228
    """

    fractions: tuple[float, ...]
    betting_only: bool

    @property
    def slots(self) -> int:
        """Bet sizes per amount kind: the least, each fraction, all in."""
        return len(self.fractions) + 2

    def plain(self, kind: ActionKind) -> int:
        """The id of a plain action."""
        return _PLAIN.index(kind)

    def amount(self, kind: ActionKind, slot: int) -> int:
        """The id of bet_to/raise_to at ``slot`` (0 the least, then the fractions, last all in)."""
        return len(_PLAIN) + _AMOUNT.index(kind) * self.slots + slot

    @property
    def _choices(self) -> int:
        return len(_PLAIN) + len(_AMOUNT) * self.slots

    def choice(self, kind: ActionKind, place: int) -> int:
        """The id of choosing the ``place``-th choice offered."""
        return self._choices + _CHOICE.index(kind) * MAX_CHOICES + place

    @property
    def _cards(self) -> int:
        return self._choices + len(_CHOICE) * MAX_CHOICES

    def pick(self, kind: ActionKind, place: int) -> int:
        """The id of naming the ``place``-th card offered."""
        return self._cards + _CARDS.index(kind) * (MAX_CARDS + 1) + place

    def done(self, kind: ActionKind) -> int:
        """The id of ending the cards named (none at all: stand pat)."""
        return self.pick(kind, MAX_CARDS)

    @property
    def _divide(self) -> int:
        return self._cards + len(_CARDS) * (MAX_CARDS + 1)

    def to_hand(self, hand: int) -> int:
        """The id of putting the next card into hand ``hand``."""
        return self._divide + hand

    def place(self, card: int, row: int) -> int:
        """The id of placing the ``card``-th card offered in the ``row``-th row."""
        return self._divide + MAX_HANDS + card * MAX_ROWS + row

    @property
    def size(self) -> int:
        """How many ids there are (``num_distinct_actions``)."""
        return self._choices if self.betting_only else self.place(MAX_CARDS - 1, MAX_ROWS - 1) + 1


@dataclass(frozen=True, slots=True)
class _Pick:
    """A move that names one more card, or one more card's hand, without acting yet."""

    value: int


_Move = Action | _Pick | ActionKind
"""What an id does now: an action, one more pick, or ``done`` for a kind of cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class _Settings:
    """The parameters of a game, read and checked."""

    game: Game
    players: int
    stack: int
    options: dict[str, object]
    fractions: tuple[float, ...]

    @classmethod
    def read(cls, params: Mapping[str, Any] | None) -> _Settings:
        values = {**_PARAMETERS, **(params or {})}
        game = load(str(values["game"]))
        low, high = game.players
        players = int(values["players"]) or max(low, 2)
        if not low <= players <= high:
            raise ValueError(f"{game.name} is for {players_words(game.players)}, not {players}")
        options = _house_rules(str(values["options"]))
        game.option_values(options)  # refuses unknown house rules and bad values
        fractions = tuple(float(part) for part in str(values["bet_sizes"]).split())
        if any(fraction <= 0 for fraction in fractions):
            raise ValueError(f"bet_sizes: fractions of the pot must be > 0, not {values['bet_sizes']!r}")
        if game.betting is Betting.FIXED_LIMIT:
            fractions = ()
        return cls(game=game, players=players, stack=int(values["stacks"]), options=options, fractions=fractions)


class HomegameGame(pyspiel.Game):  # type: ignore[misc]
    """A game of the catalogue, with its table: players, stacks, house rules and bet sizes.

    >>> game = pyspiel.load_game("python_homegame", {"game": "holdem", "players": 3, "stacks": 20})
    >>> game.num_players(), game.num_distinct_actions(), game.min_utility(), game.max_utility()
    (3, 16, -20.0, 40.0)
    >>> game.get_type().utility
    <Utility.ZERO_SUM: 0>
    """

    def __new__(cls, params: Mapping[str, Any] | None = None) -> HomegameGame:
        _Settings.read(params)  # bad parameters are refused before there is a game to half-build
        game: HomegameGame = super().__new__(cls)
        return game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = {**_PARAMETERS, **(params or {})}
        settings = _Settings.read(params)
        self.game: Game = settings.game
        self.players = settings.players
        self.stacks = (settings.stack,) * self.players
        self.options = settings.options
        fractions = settings.fractions
        kinds = {step.kind for step in self.game.steps}
        self.actions = Actions(fractions=fractions, betting_only=kinds <= _QUIET_STEPS | {"bet"})
        self.cards: tuple[Card, ...] = tuple(sorted(set(self.game.deck.cards()), key=lambda card: card.code))
        """The distinct cards of the deck: chance outcome ``i`` deals ``cards[i]``."""
        self.outcome = {card: index for index, card in enumerate(self.cards)}
        carries = bool(kinds & _CARRYING_STEPS) or any(
            getattr(step, "no_winner", "split") == "carry" for step in self.game.steps
        )
        self.max_length = self._max_length()
        self.history_length = min(self.max_length, 16 + 4 * self.players * len(self.game.steps))
        """Actions the information state tensor records (a longer hand records its first ones)."""
        stack = self.stacks[0]
        game_type = GAME_TYPE
        if not carries:
            game_type = pyspiel.GameType(
                **{name: getattr(GAME_TYPE, name) for name in _TYPE_FIELDS},
                utility=pyspiel.GameType.Utility.ZERO_SUM,
                parameter_specification=_PARAMETERS,
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size,
            max_chance_outcomes=len(self.cards),
            num_players=self.players,
            min_utility=float(-stack),
            max_utility=float(stack * (self.players - 1)),
            utility_sum=None if carries else 0.0,
            max_game_length=self.max_length,
        )
        super().__init__(game_type, info, dict(values))
        self._root: _Node | None = None
        self.nodes = 0
        """How many hands the states of this game share (at most :data:`NODE_BUDGET`)."""

    def _max_length(self) -> int:
        """A bound on the decisions of a hand: a betting round asks each seat once plus once after
        each raise; any other step that asks asks each seat at most twice per card of the deck,
        plus twice (naming cards one at a time, then done)."""
        game, seats, stack = self.game, self.players, self.stacks[0]
        stakes = game.stakes
        values = game.option_values(self.options)
        cap = values.get("cap", 0)
        lifted = values.get("lift_cap_heads_up", True) is True and seats == 2
        if game.betting is Betting.FIXED_LIMIT and isinstance(cap, int) and cap > 0 and not lifted:
            raises = cap
        else:
            # a raise adds at least the least bet, but an all-in short one (once a seat)
            unit = min((bet for bet in (stakes.small_bet, stakes.big_bet, stakes.big_blind) if bet > 0), default=1)
            raises = stack // unit + seats + 1  # the bet never passes a stack
        total = 0
        for step in game.steps:
            if step.kind == "bet":
                total += seats * (raises + 2)
            elif step.kind not in _QUIET_STEPS:
                total += seats * (2 * game.deck.size + 2)
        return max(total, 1)

    def new_initial_state(self) -> HomegameState:
        """A hand about to be dealt."""
        return HomegameState(self)

    def root(self) -> _Node:
        """The hand before its first card (built once, when first asked for)."""
        if self._root is None:
            self._root = _Node.replay(self, (), ())
        return self._root

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> HomegameObserver:
        """An observer of states (see :class:`HomegameObserver`)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return HomegameObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


_TYPE_FIELDS = (
    "short_name",
    "long_name",
    "dynamics",
    "chance_mode",
    "information",
    "reward_model",
    "max_num_players",
    "min_num_players",
    "provides_information_state_string",
    "provides_information_state_tensor",
    "provides_observation_string",
    "provides_observation_tensor",
)


class _Stream(random.Random):
    """The randomness a hand is driven with: every shuffle puts the cards chance has decided for it
    first, the rest after them in the order given (a fixed order), and records what it shuffled."""

    def __init__(self, decided: tuple[Card, ...]) -> None:
        super().__init__(0)
        self.decided = decided
        self.shuffles: list[tuple[Card, ...]] = []
        self.size = 0
        """How many cards all the shuffles have put in the deck."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Put the decided cards of this shuffle first."""
        start = self.size
        self.shuffles.append(tuple(x))
        self.size += len(x)
        x[:] = _first(self.decided[start : start + len(x)], x)

    def copy(self, decided: tuple[Card, ...]) -> _Stream:
        """The stream of a copy of the hand, with ``decided`` (this stream's, or one card more)."""
        twin = _Stream(decided)
        twin.shuffles, twin.size = list(self.shuffles), self.size
        return twin

    def arrange(self, deck: list[Card]) -> None:
        """Put the decided cards still in ``deck`` (what is left of the shuffles, in their order) on
        top of what is left of their shuffles, as if the shuffles had known them: a card chance
        decides after a hand was copied goes where dealing it again from the start would put it."""
        taken = self.size - len(deck)
        start = 0
        for shuffled in self.shuffles:
            end = start + len(shuffled)
            low, high = max(start, taken), min(end, len(self.decided))
            if low < high:
                deck[low - taken : end - taken] = _first(self.decided[low:high], deck[low - taken : end - taken])
            start = end


def _first(top: tuple[Card, ...], cards: list[Card]) -> list[Card]:
    """``cards`` with ``top`` first, in its order, and the others after them in theirs.

    >>> from homegame.cards import parse
    >>> print(*_first(tuple(parse("Ks 2c")), list(parse("2c 3d Ks 4h"))))
    Ks 2c 3d 4h
    """
    if not top:
        return cards
    rest = Counter(cards)
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise ValueError("chance decided cards that are not in the cards shuffled")
    tail = []
    for card in cards:
        if rest[card] > 0:
            rest[card] -= 1
            tail.append(card)
    return [*top, *tail]


NODE_BUDGET = 10_000
"""How many hands a game keeps for its states to share (a tree walk, such as CFR's, then deals
and acts each of them once); past it, a state builds its hand again."""


class _Node:
    """One hand as it stands: the cards chance has decided, the actions taken and the live
    :class:`Hand` they make, never changed once built; with what is worked out from it (who is to
    act, the legal ids, the odds of the next card, the information strings), once.

    A child is its parent's hand copied (:meth:`Hand.clone`) and moved on by one step, never the
    whole history replayed: an action is acted on a copy of the hand; a card chance decides is put
    on top of the deck of a copy of the hand before the last action, which is then acted again."""

    __slots__ = (
        "actions",
        "children",
        "dealing",
        "decided",
        "hand",
        "legal",
        "moves",
        "outcomes",
        "player",
        "settled",
        "stream",
        "texts",
    )

    def __init__(
        self,
        decided: tuple[Card, ...],
        actions: tuple[tuple[int, Action], ...],
        hand: Hand,
        stream: _Stream,
        settled: Hand | None,
    ) -> None:
        self.decided = decided
        self.actions = actions
        self.stream = stream
        self.hand = hand
        self.dealing = stream.size - len(hand.deck) > len(decided)
        """Whether the hand has taken a card chance has not decided yet (reshuffles included)."""
        self.settled = settled if self.dealing else hand
        """The hand as the seats may see it: while dealing, as it stood at the last decision (the
        live hand holds cards chance has not decided yet); ``None`` before the first decision."""
        if self.dealing:
            self.player = int(pyspiel.PlayerId.CHANCE)
        elif hand.over:
            self.player = int(pyspiel.PlayerId.TERMINAL)
        else:
            self.player = hand.pending()[0]
        self.children: dict[object, _Node] = {}
        self.moves: dict[tuple[ActionKind | None, tuple[int, ...]], dict[int, _Move]] = {}
        self.legal: dict[tuple[ActionKind | None, tuple[int, ...]], list[int]] = {}
        self.outcomes: list[tuple[int, float]] | None = None
        self.texts: dict[tuple[object, ...], str] = {}

    @classmethod
    def replay(cls, table: HomegameGame, decided: tuple[Card, ...], actions: tuple[tuple[int, Action], ...]) -> _Node:
        """The hand dealt from the start with the cards ``decided`` and played with ``actions``
        (its settled hand, the one before the last action while dealing, not kept)."""
        stream = _Stream(decided)
        hand = Hand(table.game, table.stacks, button=table.players - 1, rng=stream, options=table.options)
        for seat, action in actions:
            hand.act(seat, action)
        return cls(decided, actions, hand, stream, None)

    def child(self, table: HomegameGame, step: Card | tuple[int, Action]) -> _Node:
        """The hand after chance deals ``step`` (a card) or a seat acts (``(seat, action)``)."""
        node = self.children.get(step)
        if node is None:
            node = self._dealt(table, step) if isinstance(step, Card) else self._acted(step)
            if table.nodes < NODE_BUDGET:
                table.nodes += 1
                self.children[step] = node
        return node

    def _acted(self, step: tuple[int, Action]) -> _Node:
        stream = self.stream.copy(self.decided)
        hand = self.hand.clone(stream)
        hand.act(*step)
        return _Node(self.decided, (*self.actions, step), hand, stream, self.hand)

    def _dealt(self, table: HomegameGame, card: Card) -> _Node:
        decided = (*self.decided, card)
        before = self.settled
        if before is None:  # no decision yet: the deal from the start is all there is
            return _Node.replay(table, decided, self.actions)
        assert isinstance(before.chance.rng, _Stream)
        stream = before.chance.rng.copy(decided)
        hand = before.clone(stream)
        stream.arrange(hand.deck.cards)
        hand.act(*self.actions[-1])
        return _Node(decided, self.actions, hand, stream, before)

    def odds(self) -> list[tuple[Card, Fraction]]:
        """The cards the next one dealt may be, each with its probability."""
        at = len(self.decided)
        start = 0
        for shuffled in self.stream.shuffles:
            if at < start + len(shuffled):
                left = Counter(shuffled)
                left.subtract(self.decided[start:at])
                total = sum(left.values())
                cards = sorted((card for card, count in left.items() if count > 0), key=lambda card: card.code)
                return [(card, Fraction(left[card], total)) for card in cards]
            start += len(shuffled)
        raise AssertionError("the hand has taken a card no shuffle put in the deck")


class _Deal:
    """What an OpenSpiel state holds: the hand as it stands (a :class:`_Node`, shared) and the
    seat's picks so far when it names cards or divides them one at a time."""

    __slots__ = ("node", "picking", "picks", "table")

    def __init__(self, table: HomegameGame) -> None:
        self.table = table
        self.node = table.root()
        self.picks: tuple[int, ...] = ()
        self.picking: ActionKind | None = None
        """The kind of the descriptor the picks are for (a cards kind, or split)."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Deal:
        twin = _Deal.__new__(_Deal)  # every part is immutable or shared
        twin.table, twin.node, twin.picks, twin.picking = self.table, self.node, self.picks, self.picking
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel serializes a state so) as the game's parameters and the history."""
        node = self.node
        history = (node.decided, node.actions, self.picks, self.picking)
        return (_restore, (self.table.get_parameters(), *history))

    @property
    def hand(self) -> Hand:
        """The live hand (while dealing, it holds cards chance has not decided yet)."""
        return self.node.hand

    @property
    def dealing(self) -> bool:
        """Whether the state is a chance node."""
        return self.node.dealing

    def seat(self) -> int:
        """The seat to decide now: the first pending one."""
        return self.node.player

    def legal(self) -> list[int]:
        """The legal ids of the seat to decide, ascending (a fresh list: the caller may keep it)."""
        key = (self.picking, self.picks)
        legal = self.node.legal.get(key)
        if legal is None:
            legal = self.node.legal[key] = list(self.moves())
        return list(legal)

    def moves(self) -> dict[int, _Move]:
        """What each legal id does now, for the seat to decide."""
        key = (self.picking, self.picks)
        cached = self.node.moves.get(key)
        if cached is not None:
            return cached
        seat = self.seat()
        layout = self.table.actions
        moves: dict[int, _Move] = {}
        picks = list(self.picks)
        for legal in self.hand.legal_actions(seat):
            if not picks or legal.kind is self.picking:  # mid-way, only that descriptor goes on
                moves.update(_moves(legal, layout, picks, self.hand, seat))
        moves = dict(sorted(moves.items()))
        self.node.moves[key] = moves
        return moves


def _restore(
    params: dict[str, Any],
    decided: tuple[Card, ...],
    actions: tuple[tuple[int, Action], ...],
    picks: tuple[int, ...],
    picking: ActionKind | None,
) -> _Deal:
    """A pickled :class:`_Deal` back: the hand dealt and played again, in a game of those parameters."""
    deal = _Deal(pyspiel.load_game(GAME_TYPE.short_name, params))
    deal.node = _Node.replay(deal.table, decided, actions)
    if deal.node.dealing and actions:  # the seats see the hand as it stood before the last action
        deal.node.settled = _Node.replay(deal.table, decided, actions[:-1]).hand
    deal.picks, deal.picking = picks, picking
    return deal


def _moves(legal: Legal, layout: Actions, picks: list[int], hand: Hand, seat: int) -> dict[int, _Move]:
    """The ids one legal descriptor offers, given the picks made so far."""
    if isinstance(legal, PlainLegal):
        return {} if picks else {layout.plain(legal.kind): legal.make()}
    if isinstance(legal, AmountLegal):
        return {} if picks else _amounts(legal, layout, hand, seat)
    if isinstance(legal, ChoiceLegal):
        if picks:
            return {}
        if len(legal.choices) > MAX_CHOICES:
            raise ValueError(f"{legal}: more than {MAX_CHOICES} choices")
        return {layout.choice(legal.kind, place): legal.make(choice) for place, choice in enumerate(legal.choices)}
    if isinstance(legal, CardsLegal):
        return _names(legal, layout, picks)
    if isinstance(legal, DivideLegal):
        return _divisions(legal, layout, picks)
    if isinstance(legal, PlaceLegal):
        if picks:
            return {}
        if len(legal.cards) > MAX_CARDS or len(legal.rows) > MAX_ROWS:
            raise ValueError(f"{legal}: more than {MAX_CARDS} cards or {MAX_ROWS} rows")
        return {
            layout.place(place, row): legal.make(card, name)
            for place, card in enumerate(legal.cards)
            for row, name in enumerate(legal.rows)
        }
    raise ValueError(f"no action ids for {legal!r}")


def _amounts(legal: AmountLegal, layout: Actions, hand: Hand, seat: int) -> dict[int, _Move]:
    """The least amount, each fraction of the pot (a raise: of the pot after calling), all in."""
    wanted = {0: legal.min}
    if layout.fractions and legal.min < legal.max:
        view = hand.view(seat)
        level = max(other.bet for other in view.seats)
        after_call = view.pot + level - view.seats[seat].bet
        for slot, fraction in enumerate(layout.fractions, start=1):
            wanted[slot] = level + round(fraction * after_call)
    wanted[layout.slots - 1] = legal.max
    moves: dict[int, _Move] = {}
    seen: set[int] = set()
    for slot, wish in wanted.items():
        amount = min(max(wish, legal.min), legal.max)
        if amount not in seen:
            seen.add(amount)
            moves[layout.amount(legal.kind, slot)] = legal.make(amount)
    return moves


def _names(legal: CardsLegal, layout: Actions, picks: list[int]) -> dict[int, _Move]:
    """Naming cards one at a time, in the order offered, then ``done``."""
    offered = len(legal.cards)
    if offered > MAX_CARDS:
        raise ValueError(f"{legal}: more than {MAX_CARDS} cards")
    count = len(picks)
    moves: dict[int, _Move] = {}
    if count < legal.max:
        first = picks[-1] + 1 if picks else 0
        last = offered - max(legal.min - count, 1)  # leave enough cards for the least to name
        for place in range(first, last + 1):
            moves[layout.pick(legal.kind, place)] = _Pick(place)
    if count >= legal.min:
        moves[layout.done(legal.kind)] = legal.kind
    return moves


def _divisions(legal: DivideLegal, layout: Actions, picks: list[int]) -> dict[int, _Move]:
    """Dividing the cards one at a time, in the order offered: the next card goes to hand ``j``
    (one with room, and when the rules list the splits, one some listed split agrees with)."""
    if len(legal.sizes) > MAX_HANDS:
        raise ValueError(f"{legal}: more than {MAX_HANDS} hands")
    cards = legal.cards
    moves: dict[int, _Move] = {}
    for hand, size in enumerate(legal.sizes):
        if picks.count(hand) >= size:
            continue
        chosen = [*picks, hand]
        if legal.splits and not any(
            all(cards[place] in split[into] for place, into in enumerate(chosen)) for split in legal.splits
        ):
            continue
        moves[layout.to_hand(hand)] = _Pick(hand)
    return moves


class HomegameState(pyspiel.State):  # type: ignore[misc]
    """One state of a hand, as OpenSpiel sees it.

    >>> game = pyspiel.load_game("python_homegame", {"game": "kuhn"})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), state.chance_outcomes()[0]
    (True, (0, 0.3333333333333333))
    >>> for card in (2, 0):  # seat 0 gets the king, seat 1 the jack
    ...     state.apply_action(card)
    >>> [state.action_to_string(action) for action in state.legal_actions()]
    ['check', 'bet_to 1']
    >>> state.apply_action(state.legal_actions()[1]); state.apply_action(state.legal_actions()[0])
    >>> state.is_terminal(), state.returns()
    (True, [1.0, -1.0])
    """

    def __init__(self, game: HomegameGame) -> None:
        super().__init__(game)
        self._deal = _Deal(game)  # all of the state (clones share the game through it)

    @property
    def _table(self) -> HomegameGame:
        return self._deal.table

    @property
    def hand(self) -> Hand | None:
        """The homegame hand as the seats may see it: at a chance node as it stood at the last
        decision (``None`` before the first), else as it stands. Read it; never change it."""
        return self._deal.node.settled

    def current_player(self) -> int:
        """The seat to decide, chance while dealing, or terminal."""
        return self._deal.node.player

    def is_terminal(self) -> bool:
        """Whether the hand is over (all its cards dealt)."""
        return self._deal.node.player == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        """The legal ids of the seat to decide, ascending."""
        return self._deal.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card the next one dealt may be (its place among the deck's distinct cards), with its probability."""
        node = self._deal.node
        if node.outcomes is None:
            outcome = self._table.outcome
            node.outcomes = [(outcome[card], float(chance)) for card, chance in node.odds()]
        return list(node.outcomes)

    def _apply_action(self, action: int) -> None:
        deal = self._deal
        if deal.dealing:
            deal.node = deal.node.child(self._table, self._table.cards[action])
            return
        move = deal.moves().get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal now")
        if isinstance(move, _Pick):
            if not deal.picks:
                deal.picking = _picking_kind(deal, action)
            deal.picks = (*deal.picks, move.value)
            done = self._finished_division()
            if done is None:
                return
            move = done
        elif isinstance(move, ActionKind):
            move = self._named()
        seat = deal.seat()
        deal.picks, deal.picking = (), None
        deal.node = deal.node.child(self._table, (seat, move))

    def _finished_division(self) -> Action | None:
        """The split, once every card has its hand."""
        deal = self._deal
        for legal in deal.hand.legal_actions(deal.seat()):
            if isinstance(legal, DivideLegal) and len(deal.picks) == len(legal.cards):
                hands = [
                    tuple(card for card, into in zip(legal.cards, deal.picks, strict=True) if into == hand)
                    for hand in range(len(legal.sizes))
                ]
                return legal.make(hands)
        return None

    def _named(self) -> Action:
        """The cards action the picks make."""
        deal = self._deal
        for legal in deal.hand.legal_actions(deal.seat()):
            if isinstance(legal, CardsLegal) and (not deal.picks or legal.kind is deal.picking):
                if not deal.picks:
                    return legal.make(())
                return legal.make([legal.cards[place] for place in deal.picks])
        raise AssertionError("no cards descriptor for the cards named")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._table.cards[action]}"
        move = self._deal.moves().get(action)
        if isinstance(move, Action):
            return str(move)
        if isinstance(move, ActionKind):
            return f"{move} done"
        if isinstance(move, _Pick):
            return _pick_string(self._deal, action, move)
        return f"action {action} (not legal here)"

    def returns(self) -> list[float]:
        """The chips each seat has won or lost, at the end (zeros before)."""
        result = self._deal.hand.result
        if result is None or self._deal.dealing:
            return [0.0] * self._table.players
        return [float(net) for net in result.net]

    def __str__(self) -> str:
        deal = self._deal
        dealt = " ".join(map(str, deal.node.decided))
        actions = "; ".join(f"{seat}: {action}" for seat, action in deal.node.actions)
        picks = f" | picking {deal.picks}" if deal.picks else ""
        return f"dealt {dealt} | {actions}{picks}"


def _picking_kind(deal: _Deal, action: int) -> ActionKind:
    """The kind of cards action (or split) a first pick starts."""
    layout = deal.table.actions
    for legal in deal.hand.legal_actions(deal.seat()):
        if isinstance(legal, CardsLegal) and layout.pick(legal.kind, 0) <= action < layout.done(legal.kind):
            return legal.kind
        if isinstance(legal, DivideLegal) and layout.to_hand(0) <= action < layout.to_hand(MAX_HANDS):
            return legal.kind
    raise AssertionError(f"id {action} picks for no descriptor")


def _pick_string(deal: _Deal, action: int, move: _Pick) -> str:
    layout = deal.table.actions
    for legal in deal.hand.legal_actions(deal.seat()):
        if isinstance(legal, CardsLegal) and layout.pick(legal.kind, 0) <= action < layout.done(legal.kind):
            return f"{legal.kind} {legal.cards[move.value]}"
        if isinstance(legal, DivideLegal) and layout.to_hand(0) <= action < layout.to_hand(MAX_HANDS):
            return f"{legal.cards[len(deal.picks)]} to hand {move.value + 1}"
    return f"pick {move.value}"


class HomegameObserver:
    """What one seat knows of a state, as a string and a tensor, from ``view(seat)`` only.

    The string is the JSON of the view (:func:`homegame.engine.wire.to_json`, keys sorted), with
    the events for an information state (perfect recall) and without them for an observation,
    and the seat's picks so far when it is naming cards one at a time. A public observation
    (``private_info`` none) is the spectator's view; ``ALL_PLAYERS`` joins every seat's (its
    tensor: the spectator's, with every seat's down cards in ``seen``).

    The tensor (``dict`` names its pieces; ``N`` seats, ``D`` distinct cards of the deck):

    - ``player`` (N): the viewer; ``to_act`` (N): the seats to decide;
    - ``down`` (D): the viewer's own down cards; ``seen`` (N x D): every card of each seat the
      viewer sees (up cards, and down cards shown); ``rows`` (3 x D): the community rows, the
      board first;
    - ``stack``, ``bet``, ``committed``, ``folded``, ``all_in``, ``down_count``, ``has_declared``
      (N each): chips and flags per seat; ``declared`` (N x 5): revealed declarations
      (high, low, both, in, out); ``pot`` (1); ``wild`` (13): the wild rank, two to ace;
      ``over`` (1);
    - ``picking`` (5): what the viewer is naming cards for, one at a time (draw, discard, roll,
      pass, or a split); ``picked`` (16): the places of the cards named so far (a split: for each
      card so far, the hand it went to, from 1);
    - with perfect recall, ``history`` (H x (N + 18 + 1)): for each action of the hand in order
      (the first ``H``), who acted, its kind and the amount bet to, as every seat sees them.

    >>> game = pyspiel.load_game("python_homegame", {"game": "kuhn"})
    >>> state = game.new_initial_state()
    >>> state.apply_action(2); state.apply_action(0)
    >>> state.information_state_tensor(0)[:4], len(state.information_state_tensor(0))
    ([1.0, 0.0, 1.0, 0.0], 214)
    >>> '"down":["Ks"]' in state.information_state_string(0)
    True
    """

    def __init__(self, game: HomegameGame, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.game = game
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info
        seats, cards = game.players, len(game.cards)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("player", (seats,)),
            ("to_act", (seats,)),
            ("down", (cards,)),
            ("seen", (seats, cards)),
            ("rows", (MAX_ROWS_SEEN, cards)),
            *((name, (seats,)) for name in _SEAT_NUMBERS),
            ("declared", (seats, len(_SIDES))),
            ("pot", (1,)),
            ("wild", (13,)),
            ("over", (1,)),
            ("picking", (len(_CARDS) + 1,)),
            ("picked", (MAX_CARDS,)),
        ]
        if self.recall:
            pieces.append(("history", (game.history_length, seats + len(_KINDS) + 1)))
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def _viewer(self, player: int) -> int | None:
        return player if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER else None

    def set_from(self, state: HomegameState, player: int) -> None:
        """Fill the tensor with what ``player`` knows of ``state``."""
        self.tensor.fill(0)
        deal = state._deal
        viewer = self._viewer(player)
        pieces = self.dict
        if viewer is not None:
            pieces["player"][viewer] = 1
        hand = deal.node.settled
        if hand is None:
            return
        view = hand.view(viewer)
        index = self.game.outcome
        if viewer is not None:
            for card in view.seats[viewer].down or ():
                pieces["down"][index[card]] = 1
        for acting in view.to_act:
            pieces["to_act"][acting] = 1
        for seat in view.seats:
            for card in (*seat.up, *(seat.down or ())):
                pieces["seen"][seat.seat, index[card]] = 1
            for name in _SEAT_NUMBERS:
                pieces[name][seat.seat] = float(getattr(seat, name))
            if seat.declared in _SIDES:
                pieces["declared"][seat.seat, _SIDES.index(seat.declared)] = 1
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:  # every seat's down cards, by its own view
            for each in range(self.game.players):
                for card in hand.view(each).seats[each].down or ():
                    pieces["seen"][each, index[card]] = 1
        for row, (_, cards) in enumerate(view.rows[:MAX_ROWS_SEEN]):
            for card in cards:
                pieces["rows"][row, index[card]] = 1
        pieces["pot"][0] = view.pot
        if view.wild_rank is not None:
            pieces["wild"][int(view.wild_rank) - int(Rank.TWO)] = 1
        pieces["over"][0] = float(view.over)
        if viewer is not None and deal.picks and not deal.dealing and viewer == deal.seat():
            if deal.picking in _CARDS:
                pieces["picking"][_CARDS.index(deal.picking)] = 1
                for place in deal.picks:
                    pieces["picked"][place] = 1
            else:  # dividing: the hand each card so far went to, from 1
                pieces["picking"][len(_CARDS)] = 1
                for place, into in enumerate(deal.picks):
                    pieces["picked"][place] = into + 1
        if self.recall:
            history = pieces["history"]
            seats = self.game.players
            for turn, (actor, action) in enumerate(hand.actions[: self.game.history_length]):
                history[turn, actor] = 1
                history[turn, seats + _KINDS.index(action.kind)] = 1
                history[turn, -1] = float(getattr(action, "amount", 0))

    def string_from(self, state: HomegameState, player: int) -> str:
        """What ``player`` knows of ``state``, as text."""
        deal = state._deal
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return " | ".join(self._text(deal, seat) for seat in range(self.game.players))
        return self._text(deal, self._viewer(player))

    def _text(self, deal: _Deal, viewer: int | None) -> str:
        picking = viewer is not None and bool(deal.picks) and not deal.dealing and viewer == deal.seat()
        key = (self.recall, viewer, deal.picking if picking else None, deal.picks if picking else ())
        text = deal.node.texts.get(key)
        if text is None:
            hand = deal.node.settled
            if hand is None:
                return "dealing"
            data = to_json(hand.view(viewer))
            assert isinstance(data, dict)
            if not self.recall:
                data.pop("events", None)
            text = json.dumps(data, sort_keys=True, separators=(",", ":"))
            if picking:
                text += f" picked {deal.picking} {list(deal.picks)}"
            deal.node.texts[key] = text
        return text


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_SEAT_NUMBERS = ("stack", "bet", "committed", "folded", "all_in", "down_count", "has_declared")


if GAME_TYPE.short_name not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, HomegameGame)
