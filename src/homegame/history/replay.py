"""Playing a PHH hand on our engine, whoever wrote it: :func:`replay`.

A hand with a standard code is dealt from its own actions. The players become seats clockwise
from the button's left (the last player holds the button), the forced bets become stakes (antes,
blinds and a straddle; a hand with antes in a game without them gets an ante step), and the
cards named in the file are stacked in the order our deal and draw steps take them, so each
player and the board get exactly the file's cards. Unknown cards (``??``) are any cards the file
never names, unless the player shows them later. Amounts written in decimals are scaled to whole
chips and back.

Where the file's own actions decide what hidden cards held, replay follows the file and says so in
its note: the bring-in's unknown up card is one that brings in; at a showdown, a player who mucks
gives up the pot, and one whose cards stay unknown loses to the hands shown, unless the file's
stacks (or winnings) say that player won; among unknown hands alone, the stacks decide. Winnings
short of the pots are a rake (:func:`rake`), reported in the note.

A hand written by homegame for any other game carries its deck orders (``_decks``) and house rules
(``_options``): it is dealt again exactly, and its own action lines are checked against the replay.

Blinds single seats owed (homegame's ``_posts``: a missed big blind live, a missed small blind
dead) are taken out of the lists of forced bets, which hold their chips, and posted as the server
posted them, after the game's own.

Whatever cannot be played is a :class:`ReplayError` saying why: an action that is not legal on our
engine, cards dealt where our game deals none, a file that ends before the hand does...

>>> from homegame.history.phh import loads
>>> record = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h2c", "p3 f", "p1 cbr 6", "p2 f"]''')
>>> replay(record).finishing_stacks
(102, 98, 100)
"""

from __future__ import annotations

import random
import re
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from typing import TypeVar

from homegame.cards import Card, Rank
from homegame.engine.actions import (
    Action,
    ActionKind,
    AmountLegal,
    BetTo,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    Fold,
    PlainLegal,
    RaiseTo,
    parse_action,
)
from homegame.engine.betting import Betting, Post, Stakes
from homegame.engine.events import Returned, Shown, Won
from homegame.engine.game import Game, OptionValue
from homegame.engine.hand import Chance, Hand, Setup
from homegame.engine.steps.antes import Antes
from homegame.engine.steps.base import Dealer, Decision, Step
from homegame.engine.steps.bet import Bet
from homegame.engine.steps.blinds import Blinds
from homegame.engine.steps.deal import Deal
from homegame.engine.steps.draw import DrawStep
from homegame.engine.steps.showdown import Showdown
from homegame.errors import IllegalActionError, ParseError, PokerError
from homegame.history.phh import Amount, Record, _is_amount, parse_phh_cards
from homegame.history.phh import amount as read_amount
from homegame.history.variants import CODES, as_sites_deal

__all__ = ["PROFILES", "RAKE_SHARE", "ReplayError", "Replayed", "expected", "rake", "replay"]

T = TypeVar("T")

MAX_TRIES = 40
"""How many ways of filling in a hand's unknown cards replay tries before it gives up: where the
file's own actions decide what hidden cards held (who brought in, who won a showdown of cards
shown as ``????``), replay looks for cards that play the hand as the file says."""


class ReplayError(PokerError, ValueError):
    """A PHH hand that cannot be played on our engine; the message says why, and ``action`` is the
    number of the action line at fault (1-based; 0 for the hand as a whole)."""

    def __init__(self, message: str, *, action: int = 0) -> None:
        super().__init__(message)
        self.action = action


@dataclass(frozen=True, slots=True)
class Replayed:
    """A PHH hand played on our engine: the hand, and each player's finishing stack in the file's units.

    ``expected`` is what the file says the hand ends with (its ``finishing_stacks``, or the stacks
    its ``winnings`` give), ``None`` when it says nothing; ``same`` whether the replay ends there
    (``None`` when there is nothing to compare), and ``note`` whatever the replay had to read
    differently from the file's words to play it.
    """

    hand: Hand
    finishing_stacks: tuple[Amount, ...]
    expected: tuple[Amount, ...] | None = None
    note: str = ""

    @property
    def same(self) -> bool | None:
        """Whether the replay ends where the file says (``None``: the file does not say)."""
        if self.expected is None:
            return None
        return tuple(map(Decimal, self.expected)) == tuple(map(Decimal, self.finishing_stacks))


PROFILES: dict[str, dict[str, OptionValue]] = {
    "casino": {},
    "pokerkit": {
        "cap": 5,
        "straddle_min_raise": "big-blind",
        "short_all_in": "a-raise",
        "draw_deal": "discards-first",
        "showdown_pots": "merged",
    },
}
"""Rule profiles: named sets of house rules a file may have been written under. ``casino`` is the
games' own defaults; ``pokerkit`` PokerKit's readings where they are house rules here: a
fixed-limit round capped at a bet and four raises (the blinds not counted: a file PokerKit wrote
never goes past it, and our looser cap after the first round accepts what it allows), a
least raise of one big blind over a straddle, and an all-in for less counted as a raise
(``short_all_in``: the round's first raise always reopens the betting, and the next raise is a full
one over the all-in), and in the draw, every discard before a card is burned and the new cards
dealt (a new stock taking every discard), and at the showdown the hands that win nothing mucked
before the pots are shared, so pots left to the same players are shared as one, their odd chips all
to the first winner (``showdown_pots``)."""


def replay(record: Record, game: Game | None = None, *, rules: str = "casino") -> Replayed:
    """Play ``record`` on our engine to its end (:class:`ReplayError` when it cannot be played).

    A hand of a standard code plays that code's game; a hand written by homegame plays the
    catalogue game its variant names, or ``game``, a document the user named (a file never
    chooses a path to read). ``rules`` names the profile of house rules (:data:`PROFILES`) a hand
    of a standard code is played under; under ``casino``, a hand that plays only under another
    profile is refused with that profile's rules named.
    """
    if rules not in PROFILES:
        raise ReplayError(f"no rule profile {rules[:40]!r} (known: {', '.join(PROFILES)})")
    try:
        standard = _dealt_from_actions(record)
        played = _Standard(record, profile=PROFILES[rules]).play() if standard else _own(record, game)
    except ReplayError as error:
        if rules == "casino" and standard:
            _other_profile(record, error)
        raise
    except (PokerError, ValueError) as error:
        raise ReplayError(str(error)) from None
    try:
        played = replace(played, expected=expected(record, played))
        kept = rake(record, played)
    except (PokerError, ValueError) as error:
        raise ReplayError(str(error)) from None
    if played.expected is None and record.extra.get("winnings") is not None:
        note = "the file's winnings name no winner (all 0): not compared"
        played = replace(played, note="; ".join(filter(None, (played.note, note))))
    if kept and played.expected is not None:
        scale, stacks = _scale(record), list(played.expected)
        ours, _ = _collected(played.hand)
        for seat, amount in enumerate(ours):  # the winners' stacks as if no rake were taken
            if amount:
                stacks[seat] = _unscale(_chips(played.finishing_stacks[seat], scale), scale)
        played = replace(played, expected=tuple(stacks), note=_joined(played.note, _rake_note(record, played, kept)))
    return played


def _dealt_from_actions(record: Record) -> bool:
    """Whether the hand is dealt from its own actions (:class:`_Standard`): a standard code's, or one
    of a catalogue game (at any structure, ``omaha@fixed-limit``) whose steps the file's lines can
    plan, without the deck orders (``_decks``) that deal it again exactly (:func:`_own`)."""
    if record.variant in CODES:
        return True
    if "_decks" in record.extra:
        return False
    from homegame.games import OWN_GAME, from_catalogue

    try:
        game = from_catalogue(record.variant, otherwise=OWN_GAME)
    except ParseError:
        return False
    return all(_planned(step) for step in game.steps)


def _planned(step: Step) -> bool:
    """Whether :meth:`_Deal._plan` plans ``step`` from a file's lines: the forced bets, a betting
    round, a deal to the players or the one board, a draw for nothing, the showdown, a kill."""
    if isinstance(step, Deal):
        return type(step) is Deal and step.row == "board" and step.face == "up"
    if isinstance(step, DrawStep):
        return type(step) is DrawStep and not step.price
    return type(step) in (Antes, Blinds, Bet, Showdown) or step.kind == "kill"


def _game_of(record: Record) -> Game:
    """The game a hand dealt from its actions plays: its code's, or the catalogue game it names."""
    from homegame.games import OWN_GAME, from_catalogue

    return from_catalogue(CODES.get(record.variant, record.variant), otherwise=OWN_GAME)


def _other_profile(record: Record, error: ReplayError) -> None:
    """Raise ``error`` naming the profile the hand plays under, if another one plays it, and the
    rules of that profile it needs (those without which it does not play; all when none alone)."""

    def plays(profile: dict[str, OptionValue]) -> bool:
        try:
            _Standard(record, profile=profile).play()
        except (PokerError, ValueError):
            return False
        return True

    game = _game_of(record)
    for name, profile in PROFILES.items():
        if not profile or not plays(profile):
            continue
        own = {option: value for option, value in profile.items() if game.option(option)}
        needed = [
            option for option in own if not plays({other: value for other, value in own.items() if other != option})
        ]
        rules = ", ".join(f"{option} {own[option]}" for option in needed or own)
        raise ReplayError(
            f"{error}; the hand plays under {name}'s readings ({rules}): replay it with --rules {name}",
            action=error.action,
        ) from None


def expected(record: Record, played: Replayed | None = None) -> tuple[Amount, ...] | None:
    """The finishing stacks the file gives: its ``finishing_stacks``; else, from its ``winnings``
    (what each player collected from the pots), the replay's stacks with the file's winnings for
    ours (which needs ``played``, the replay); ``None`` when the file says neither.

    Sites write winnings two ways: with a bet nobody called, returned, counted in or not (a big
    blind's uncollected half, a raise everyone folded to); either reads as the same. A rake the
    house took shows as winnings short of the pot: see :func:`rake`.

    >>> from homegame.history.phh import loads
    >>> record = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...                'starting_stacks = [50, 50]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n'
    ...                'finishing_stacks = [51, 49]')
    >>> expected(record), replay(record).same
    ((51, 49), True)
    """
    seats = len(record.starting_stacks)
    given = record.extra.get("finishing_stacks")
    if given is not None:
        return _amounts(given, seats, "finishing_stacks")
    winnings = record.extra.get("winnings")
    if winnings is None or played is None:
        return None
    scale = _scale(record)
    theirs = [_chips(amount, scale) for amount in _amounts(winnings, seats, "winnings")]
    ours, returned = _collected(played.hand)
    if not any(theirs) and any(ours):
        return None  # winnings naming no winner say nothing (a writer that left them out)
    stacks = []
    for seat in range(seats):
        finishing = _chips(played.finishing_stacks[seat], scale)
        if theirs[seat] != ours[seat] + returned[seat]:  # else: the uncalled bet counted in
            finishing += theirs[seat] - ours[seat]
        stacks.append(_unscale(finishing, scale))
    return tuple(stacks)


RAKE_SHARE = 5
"""Without a rake the file names (``_rake``), winners short of what replay pays them by at most
one part in this many of the pots are taken as raked: sites' rakes run from 3 to 10 percent, more
on small pots where a site rounds its cut up to its unit (a handhq hand: 0.95 of a pot of 9); a
file short of more than that says something else happened to the chips, and does not compare."""


def rake(record: Record, played: Replayed) -> Amount:
    """What the house kept of the pots, as the file's stacks show it (its ``finishing_stacks``, or
    the stacks its ``winnings`` give): 0 when they show none, or show something other than a rake.

    A rake is what the winners, and they alone, end short of what the replay paid them, each
    keeping something: exactly the file's own ``_rake`` where it gives one (homegame's PokerStars
    import writes the summary's ``Rake``), else at most a fifth of the pots (:data:`RAKE_SHARE`).

    >>> from homegame.history.phh import loads
    >>> text = ('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...         'starting_stacks = [50, 50]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6",'
    ...         ' "p1 cc", "d db 2c3c4c", "p1 cbr 10", "p2 f"]\\nwinnings = [11.5, 0]')
    >>> played = replay(loads(text))
    >>> rake(loads(text), played), played.same, played.note
    (Decimal('0.5'), True, 'the house took a rake of 0.5, 4.2% of the pot of 12')
    >>> rake(loads(text.replace("11.5", "9")), played), rake(loads(text + "\\n_rake = 0.4"), played)
    (0, 0)
    >>> replay(loads(text.replace("11.5", "9") + "\\n_rake = 3")).note
    'the house took a rake of 3, 25% of the pot of 12, as the file says (_rake)'
    """
    wanted = expected(record, played)
    if wanted is None:
        return 0
    scale = _scale(record)
    ours, _ = _collected(played.hand)
    short = [
        _chips(finishing, scale) - _chips(theirs, scale)
        for finishing, theirs in zip(played.finishing_stacks, wanted, strict=True)
    ]
    if any(gap < 0 or (gap and gap >= won) for gap, won in zip(short, ours, strict=True)):
        return 0  # a player ends with more, one who won nothing with less, or a winner with nothing
    given = record.extra.get("_rake")
    if given is not None:
        return _unscale(sum(short), scale) if _is_amount(given) and _chips(given, scale) == sum(short) else 0
    if RAKE_SHARE * sum(short) > sum(ours):
        return 0
    return _unscale(sum(short), scale)


def _rake_note(record: Record, played: Replayed, kept: Amount) -> str:
    """The note of a rake: how much, of what pot, and whether the file names it."""
    scale = _scale(record)
    pot = sum(_collected(played.hand)[0])
    share = (Decimal(100) * _chips(kept, scale) / pot).quantize(Decimal("0.1")).normalize()
    named = ", as the file says (_rake)" if record.extra.get("_rake") is not None else ""
    return f"the house took a rake of {kept}, {share:f}% of the pot of {_unscale(pot, scale)}{named}"


def _fits(record: Record, played: Replayed) -> bool:
    """Whether the replay ends with the stacks the file gives, or with them but for a rake."""
    wanted = expected(record, played)
    if wanted is None or tuple(map(Decimal, wanted)) == tuple(map(Decimal, played.finishing_stacks)):
        return True
    return bool(rake(record, played))


def _collected(hand: Hand) -> tuple[list[int], list[int]]:
    """Each seat's chips won from the pots, and its bets returned uncalled."""
    won, returned = [0] * hand.seats, [0] * hand.seats
    for event in hand.events:
        if isinstance(event, Won):
            won[event.seat] += event.amount
        elif isinstance(event, Returned):
            returned[event.seat] += event.amount
    return won, returned


def _amounts(value: object, seats: int, name: str) -> tuple[Amount, ...]:
    """A list of one amount a player, else a :class:`ReplayError` naming the field."""
    if not isinstance(value, list) or len(value) != seats or not all(_is_amount(item) for item in value):
        raise ReplayError(f"{name} must be a list of {seats} amounts, one a player, not {value!r:.60}")
    return tuple(value)


# -- amounts ---------------------------------------------------------------------------------------


def _scale(record: Record) -> int:
    """The power of ten that makes every amount of the record a whole number of chips."""
    amounts: list[Amount] = [*record.antes, *record.starting_stacks, *(record.blinds_or_straddles or ())]
    amounts += [amount for amount in (record.bring_in, record.small_bet, record.big_bet, record.min_bet) if amount]
    for name in ("finishing_stacks", "winnings", "_rake"):
        given = record.extra.get(name)
        given = given if isinstance(given, list) else [given]
        amounts += [amount for amount in given if _is_amount(amount) and Decimal(amount).is_finite()]
    for number, action in enumerate(record.actions, 1):
        words = action.split("#")[0].split()
        if len(words) == 3 and words[1] == "cbr":
            amounts.append(_amount(words[2], number))
    places = 0
    for amount in amounts:
        if isinstance(amount, Decimal):
            if not amount.is_finite():
                raise ReplayError("a starting stack is unknown (inf): homegame needs every stack")
            exponent = amount.normalize().as_tuple().exponent
            places = max(places, -exponent if isinstance(exponent, int) else 0)
    scale: int = 10**places
    return scale


def _amount(text: str, number: int) -> Amount:
    try:
        return read_amount(text)
    except ParseError as error:
        raise ReplayError(f"action {number}: {error}", action=number) from None


def _chips(amount: Amount | None, scale: int) -> int:
    return 0 if amount is None else int(Decimal(amount) * scale)


def _unscale(chips: int, scale: int) -> Amount:
    if scale == 1:
        return chips
    value = Decimal(chips) / scale
    return int(value) if value == value.to_integral_value() else value


# -- the action lines ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Line:
    """One action line: the dealer's (``seat`` ``None``) or a player's, its verb and argument."""

    number: int
    text: str
    seat: int | None
    verb: str
    argument: str = ""


def _lines(record: Record, seats: int) -> list[_Line]:
    lines = []
    for number, text in enumerate(record.actions, 1):
        words = text.split("#")[0].split()
        if not words:
            continue
        actor, verb, rest = words[0], words[1] if len(words) > 1 else "", " ".join(words[2:])
        if actor == "d" and verb == "dh" and len(words) == 4:
            seat = _player(words[2], seats, number, text)
            lines.append(_Line(number, text, None, "dh", f"{seat} {words[3]}"))
        elif actor == "d":
            lines.append(_Line(number, text, None, verb, rest))
        else:
            lines.append(_Line(number, text, _player(actor, seats, number, text), verb, rest))
    return lines


def _player(word: str, seats: int, number: int, text: str) -> int:
    match = re.fullmatch(r"p(\d+)", word)
    if match is None or not 1 <= int(match[1]) <= seats:
        raise ReplayError(
            f"action {number} {text!r}: {word!r} is not a player of this hand (p1..p{seats})", action=number
        )
    return int(match[1]) - 1


_BETTING = ("f", "cc", "cbr", "pb")


def _skipped(hand: Hand, line: _Line, later: set[int | None]) -> str:
    """Fold the players the file passes over at a bet: a seat homegame asks to act before ``line``'s
    player that has no line left in the file gave up its hand (transcribed final tables leave out
    the folds of players the camera never showed); returns a note naming them."""
    skipped = []
    for _ in range(hand.seats):
        pending = hand.pending()
        if len(pending) != 1 or pending[0] == line.seat or pending[0] in later:
            break
        seat = pending[0]
        if not any(option.kind is ActionKind.CALL for option in hand.legal_actions(seat)):
            break  # a player who may check is not taken as folding
        hand.act(seat, Fold())
        skipped.append(f"p{seat + 1}")
    if not skipped:
        return ""
    names = ", ".join(skipped)
    return f"action {line.number} {line.text!r}: {names} not in the file where homegame asks, taken as folding"


def _act(hand: Hand, line: _Line, scale: int, fillers: AbstractSet[Card] = frozenset()) -> str:
    """Carry out a player's line on the hand (``fillers``: the cards standing for unknown ones);
    returns a note when the line was read differently from its words to the same effect."""
    seat = line.seat
    assert seat is not None
    pending = hand.pending()
    if seat not in pending and line.verb == "cc" and hand.bets[seat] >= max(hand.bets):
        # PokerKit asks for a check where nobody could answer a bet: no decision on our engine
        return f"action {line.number} {line.text!r}: a check where homegame has no decision, passed over"
    if seat not in pending:
        waiting = " or ".join(f"p{other + 1}" for other in pending) or "nobody (the hand is over)"
        raise ReplayError(f"action {line.number} {line.text!r}: homegame waits for {waiting}", action=line.number)
    legal = {option.kind: option for option in hand.legal_actions(seat)}
    action: Action
    if line.verb == "f":
        action = Fold()
    elif line.verb == "cc":
        action = Check() if ActionKind.CHECK in legal else Call()
    elif line.verb == "pb":
        action = BringIn()
    elif line.verb == "cbr":
        amount = _chips(_amount(line.argument, line.number), scale)
        complete = legal.get(ActionKind.COMPLETE)
        if isinstance(complete, PlainLegal) and hand.bets[seat] + complete.chips == amount:
            action = Complete()
        elif ActionKind.BET_TO in legal:
            action = BetTo(amount)
        else:
            action = RaiseTo(amount)
    elif line.verb == "sd":
        action = Draw(_discards(hand, seat, line, fillers))
    else:
        try:
            action = parse_action(f"{line.verb} {line.argument}".strip())
        except PokerError as error:
            raise ReplayError(f"action {line.number} {line.text!r}: {error}", action=line.number) from None
    try:
        hand.act(seat, action)
    except IllegalActionError as error:
        bring_in = next((option for option in hand.legal_actions(seat) if option.kind is ActionKind.BRING_IN), None)
        if (
            isinstance(bring_in, PlainLegal)
            and isinstance(action, BetTo | RaiseTo)
            and action.amount == hand.bets[seat] + bring_in.chips
        ):
            hand.act(seat, BringIn())  # a completion all in for the bring-in's chips: the bring-in
            return f"action {line.number} {line.text!r}: a completion to the bring-in's amount, played as the bring-in"
        capped = _capped_raise(hand, seat, action)
        if capped is not None:
            hand.act(seat, capped)
            return (
                f"action {line.number} {line.text!r}: a fixed-limit raise to what the others can call, "
                f"played as the full raise to {capped.amount} (the same chips)"
            )
        raise ReplayError(
            f"action {line.number} {line.text!r} is not legal on homegame's engine: {error}", action=line.number
        ) from None
    if isinstance(action, Fold) and ActionKind.CHECK in legal:
        return f"action {line.number} {line.text!r}: a fold where a check is free, a fold (as PokerStars allows)"
    return ""


def _capped_raise(hand: Hand, seat: int, action: Action) -> BetTo | RaiseTo | None:
    """A fixed-limit bet or raise to less than a full one but to all that the other players still
    in can put in: the full one, which they can only call as far (the rest goes back uncalled)."""
    if hand.game.betting is not Betting.FIXED_LIMIT or not isinstance(action, BetTo | RaiseTo):
        return None
    others = [hand.bets[other] + hand.stacks[other] for other in hand.in_hand() if other != seat]
    kinds = (ActionKind.BET_TO, ActionKind.RAISE_TO)
    legal = next((option for option in hand.legal_actions(seat) if option.kind in kinds), None)
    if not isinstance(legal, AmountLegal) or not others or action.amount != max(others) or action.amount >= legal.min:
        return None
    return BetTo(legal.min) if isinstance(action, BetTo) else RaiseTo(legal.min)


def _discards(hand: Hand, seat: int, line: _Line, fillers: AbstractSet[Card]) -> tuple[Card, ...]:
    """The cards of a draw line; unknown ones (``??``) are the player's cards the file never names."""
    cards = parse_phh_cards(line.argument)
    known = [card for card in cards if card is not None]
    unknown = sum(1 for card in cards if card is None)
    if not unknown:
        return tuple(known)
    spare = [card for card in hand.down[seat] if card in fillers and card not in known]
    if len(spare) < unknown:
        raise ReplayError(f"action {line.number} {line.text!r}: the discarded cards are unknown", action=line.number)
    return (*known, *spare[:unknown])


# -- hands written by homegame for its own games -----------------------------------------------


def _own(record: Record, document: Game | None) -> Replayed:
    """A hand of a game without a standard code, written by homegame with its deck orders: a game of
    the catalogue, or ``document``, the game the user named."""
    from homegame.games import OWN_GAME, from_catalogue
    from homegame.history.export import to_phh

    extra = record.extra
    if "_decks" not in extra:
        raise ReplayError(
            f"variant {record.variant[:60]!r} is not a standard code, and the file has no _decks to deal it again "
            "(homegame history export --full writes them; a seat's view cannot be dealt again)"
        )
    if document is None:
        game = from_catalogue(record.variant, otherwise=OWN_GAME)
    elif document.name != record.variant:
        raise ReplayError(f"the hand is of {record.variant[:60]!r}, not of {document.name!r}, the game named")
    else:
        game = document
    if _typed(extra.get("_bomb", False), bool, "_bomb", "true or false"):
        game = game.bomb_pot()
    seats = len(record.starting_stacks)
    stacks = tuple(_typed(stack, int, "starting_stacks", "whole chips") for stack in record.starting_stacks)
    stakes = _typed(extra.get("_stakes", {}), dict, "_stakes", "a table of stakes")
    unknown = set(stakes) - {field.name for field in fields(Stakes)}
    if unknown:
        raise ReplayError(f"_stakes: {', '.join(sorted(map(str, unknown)))[:80]} not stakes homegame knows")
    options = game.option_values(_typed(extra.get("_options", {}), dict, "_options", "a table of house rules"))
    setup = Setup(
        game=game,
        stacks=stacks,
        button=seats - 1,
        stakes=Stakes(**stakes),
        options=tuple(options.items()),
        carried=extra.get("_carried", 0),
        posts=_owed(record, seats, 1),
    )
    orders = _typed(extra["_decks"], list, "_decks", "a list of deck orders")
    texts = [_typed(order, str, "_decks", "a list of deck orders") for order in orders]
    decks = [tuple(card for card in parse_phh_cards(order) if card is not None) for order in texts]
    hand = Hand.from_setup(setup, Chance(random.Random(0), decks))
    for line in _lines(record, seats):
        if line.seat is not None and line.verb != "sm":
            _act(hand, line, 1)
    _finished(hand)
    again = to_phh(hand.history()).actions
    for number, (ours, theirs) in enumerate(zip(again, record.actions, strict=False), 1):
        if ours != theirs:
            raise ReplayError(f"action {number} {theirs!r}: the replay has {ours!r} there", action=number)
    if len(again) != len(record.actions):
        raise ReplayError(f"the file has {len(record.actions)} actions, the replay {len(again)}")
    assert hand.result is not None
    return Replayed(hand, hand.result.stacks)


def _typed(value: object, kind: type[T], name: str, wanted: str) -> T:
    """``value`` when it is a ``kind`` (never a boolean for a number), else a :class:`ReplayError`."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"{name} must be {wanted}, not {value!r:.60}")
    return value


def _owed(record: Record, seats: int, scale: int) -> tuple[Post, ...]:
    """The blinds single seats owe, from homegame's ``_posts`` (:func:`~homegame.history.export.owed_text`):
    ``p4 big_blind 2`` a live post, ``p4 dead_small_blind 1 dead`` dead money; players are seats
    (the last holds the button)."""
    entries = _typed(record.extra.get("_posts", []), list, "_posts", "a list of owed posts")
    posts = []
    for entry in entries:
        match = _OWED.fullmatch(entry) if isinstance(entry, str) else None
        if match is None or not 1 <= int(match["player"]) <= seats:
            raise ReplayError(f"_posts: {entry!r:.60} is not an owed post (p1..p{seats}, a name, an amount, dead)")
        try:
            chips = _chips(read_amount(match["amount"]), scale)
        except ParseError as error:
            raise ReplayError(f"_posts: {error}") from None
        posts.append(Post(int(match["player"]) - 1, match["name"], chips, live=match["dead"] is None))
    return tuple(posts)


_OWED = re.compile(r"p(?P<player>\d{1,3}) (?P<name>[a-z_]{1,40}) (?P<amount>\S{1,40})(?P<dead> dead)?")


def _finished(hand: Hand) -> None:
    if not hand.over:
        waiting = ", ".join(f"p{seat + 1}" for seat in hand.pending())
        raise ReplayError(f"the file ends before the hand is over (homegame waits for {waiting})")


# -- hands of the standard's games ---------------------------------------------------------------


@dataclass(eq=False, kw_only=True)
class _Deal:
    """The deal of a hand as its file has it: our game's steps walked with the file's lines, which
    give the order the stock's cards go in (and to whom), the players' moves, the hands shown."""

    profile: dict[str, OptionValue] = field(default_factory=dict)
    seats: int = 0
    game: Game = field(init=False)
    order: list[Card | None] = field(default_factory=list)
    """The cards our steps take from the stock, in order (``None``: a card the file does not name)."""
    owners: list[int | None] = field(default_factory=list)
    """Who got each of them (a seat; ``None`` for the board and burned cards)."""
    moves: list[_Line] = field(default_factory=list)
    faces: list[bool] = field(default_factory=list)
    """Whether each of them is dealt face up."""
    notes: list[str] = field(default_factory=list)
    """What the replay read from the file's actions rather than its cards."""
    shown: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)
    mucked: set[int] = field(default_factory=set)
    discarded: list[int] = field(default_factory=list)
    """The unknown slots of the first deck order whose cards an earlier try found in the discards at
    the reshuffle: where the cards the file names after it go next."""

    def _plan(self, lines: Sequence[_Line]) -> None:
        """Walk our game's steps and the file's lines together: who is dealt what, and the moves."""
        queue = deque(lines)
        live = [True] * self.seats
        holes: list[deque[Card | None]] = [deque() for _ in range(self.seats)]
        board: deque[Card | None] = deque()

        def take_deals(need: dict[int, int], board_count: int, what: str) -> None:
            while any(len(holes[seat]) < count for seat, count in need.items()) or len(board) < board_count:
                if not queue:
                    raise ReplayError(f"the file ends before homegame deals {what}")
                line = queue.popleft()
                if line.verb == "sm" and line.seat is not None:
                    self._show(line)
                elif line.verb == "dh" and line.seat is None:
                    seat_text, cards = line.argument.split()
                    seat = int(seat_text)
                    if seat not in need:
                        raise ReplayError(
                            f"action {line.number} {line.text!r}: homegame deals {what} now", action=line.number
                        )
                    holes[seat].extend(parse_phh_cards(cards))
                elif line.verb == "db" and line.seat is None and board_count:
                    board.extend(parse_phh_cards(line.argument))
                else:
                    raise ReplayError(
                        f"action {line.number} {line.text!r}: homegame deals {what} now", action=line.number
                    )

        for step in self.game.steps:
            in_hand = [seat for seat in range(self.seats) if live[seat]]
            if len(in_hand) < 2:
                break  # everyone else folded: the hand is over
            if isinstance(step, Bet | Showdown):
                while queue and queue[0].seat is not None and queue[0].verb in (*_BETTING, "sm"):
                    line = queue.popleft()
                    assert line.seat is not None
                    if line.verb == "sm":
                        self._show(line)
                        continue
                    self.moves.append(line)
                    if line.verb == "f":
                        live[line.seat] = False
            elif isinstance(step, Deal):
                if step.common_if_short and queue and queue[0].seat is None and queue[0].verb == "db":
                    line = queue.popleft()  # the deck ran short: one common card instead
                    common = parse_phh_cards(line.argument)
                    self._take(common, [None] * len(common))
                    continue
                what = step.describe().lower().rstrip(".")
                take_deals({seat: len(step.cards) for seat in in_hand} if step.cards else {}, step.board, what)
                self._take([None] * step.burn, [None] * step.burn)
                for face in step.cards:
                    self._take([holes[seat].popleft() for seat in in_hand], in_hand, up=face == "up")
                self._take([board.popleft() for _ in range(step.board)], [None] * step.board)
            elif isinstance(step, DrawStep):
                discards: dict[int, int] = {}
                while queue:
                    line = queue[0]
                    if line.seat is not None and line.verb == "sd" and line.seat not in discards:
                        discards[line.seat] = len(parse_phh_cards(line.argument))
                        self.moves.append(line)
                    elif line.seat is None and line.verb == "dh":
                        seat_text, cards = line.argument.split()
                        holes[int(seat_text)].extend(parse_phh_cards(cards))
                    else:
                        break
                    queue.popleft()
                    if len(discards) == len(in_hand) and all(len(holes[s]) >= n for s, n in discards.items()):
                        break
                need = {seat: discards.get(seat, 0) for seat in in_hand}
                take_deals(need, 0, "the draw")
                if self.profile.get("draw_deal") == "discards-first" and self.game.option("draw_deal"):
                    self._take([None], [None])  # the card burned once everyone has discarded
                for seat in in_hand:
                    self._take([holes[seat].popleft() for _ in range(need[seat])], [seat] * need[seat])
            elif step.kind == "kill":
                continue  # a chance to kill the pot: PHH has no verb for it, so the file's hand had none
            elif not isinstance(step, Antes | Blinds):
                raise ReplayError(f"homegame cannot plan a {step.kind} step from a PHH file")
        for line in queue:
            if line.seat is not None and line.verb == "sm":
                self._show(line)
            else:
                raise ReplayError(
                    f"action {line.number} {line.text!r} comes after the end of homegame's hand", action=line.number
                )
        if any(holes) or board:
            raise ReplayError("the file deals more cards than homegame's game does")

    def _take(self, cards: Iterable[Card | None], owners: Iterable[int | None], *, up: bool = False) -> None:
        self.order.extend(cards)
        self.owners.extend(owners)
        self.faces.extend([up] * (len(self.owners) - len(self.faces)))

    def _bring_in(self, order: list[Card | None]) -> None:
        """When the player who brings in (the file's first ``pb``) has an unknown up card, make it
        the card that brings in: the lowest (aces high, clubs lowest) or, where the highest brings
        in (razz), the highest (aces low, spades highest)."""
        line = next((line for line in self.moves if line.verb == "pb"), None)
        bet = next((step for step in self.game.steps if isinstance(step, Bet) and step.first == "bring-in"), None)
        if line is None or bet is None:
            return
        slot = next((i for i, owner in enumerate(self.owners) if owner == line.seat and self.faces[i]), None)
        if slot is None or order[slot] is not None:
            return
        pool = Counter(self.game.deck.cards())
        pool.subtract(card for card in order if card is not None)
        spare = [card for card, count in pool.items() if count > 0 and card.rank is not None]
        if not spare:
            return
        if bet.bring_in == "highest":
            order[slot] = max(spare, key=lambda card: (1 if card.rank == Rank.ACE else card.rank, card.suit or 0))
        else:
            order[slot] = min(spare, key=lambda card: (card.rank or 0, card.suit or 0))
        self.notes.append(
            f"p{line.seat + 1 if line.seat is not None else 0}'s unknown up card taken as {order[slot]}, "
            "the card that brings in, as the file says"
        )

    def _show(self, line: _Line) -> None:
        assert line.seat is not None
        if line.argument in ("", "-"):
            if not line.argument:
                self.mucked.add(line.seat)
            return
        self.shown[line.seat] = parse_phh_cards(line.argument)

    def _deck(self, rng: random.Random | None = None) -> tuple[list[Card], list[Card | None], frozenset[Card]]:
        """The first deck order, the cards wanted after each reshuffle, and the filler cards (in the
        deck's order, or shuffled by ``rng``)."""
        order = list(self.order)
        self._bring_in(order)
        for seat, shown in self.shown.items():
            slots = [index for index, owner in enumerate(self.owners) if owner == seat]
            dealt = {order[index] for index in slots}
            reveal = deque(card for card in shown if card is not None and card not in dealt)
            for index in reversed(slots):  # the last shown are the last drawn: the unknown discards stay unknown
                if order[index] is None and reveal:
                    order[index] = reveal.pop()
        deck = list(self.game.deck.cards())
        size = len(deck)
        head, tail = order[:size], order[size:]
        pool = Counter(deck)
        named = Counter(card for card in head if card is not None)
        for card, count in named.items():
            if count > pool[card]:
                raise ReplayError(f"{card} is dealt more often than the deck holds it (is it in this game's deck?)")
        pool.subtract(named)
        spare = _counted(deck, pool)
        if rng is not None:
            rng.shuffle(spare)
        # Cards the file first names after a reshuffle must have reached the discards before it: they
        # stand for unknown cards (burned, discarded, or held by players who folded): the first unknown
        # ones, or (another try) unknown ones anywhere, since which of them were kept the file may not say.
        later = {card for card in tail if card is not None}
        unknown = [index for index, wanted in enumerate(head) if wanted is None]
        coming = deque(card for card in spare if card in later)
        fill = deque(card for card in spare if card not in later)
        slots = [index for index in self.discarded if index in unknown] or unknown
        chosen = set(slots[: len(coming)] if rng is None else rng.sample(slots, min(len(coming), len(slots))))
        first = [
            wanted if wanted is not None else (coming.popleft() if index in chosen else fill.popleft())
            for index, wanted in enumerate(head)
        ]
        return first + list(coming) + list(fill), tail, frozenset(spare)

    def _check_mucks(self, hand: Hand) -> None:
        """A player who mucked at the showdown gave up the pot; our showdown shows every hand."""
        for seat in sorted(self.mucked):
            if any(isinstance(event, Won) and event.seat == seat and event.side for event in hand.events):
                raise ReplayError(
                    f"p{seat + 1} mucked at the showdown, but homegame's showdown (every hand shown) pays that hand"
                )

    def _unseen(self) -> frozenset[int]:
        """The players (not mucking) some of whose cards the file never names, shown or dealt."""
        unseen = set()
        for seat in range(self.seats):
            slots = [index for index, owner in enumerate(self.owners) if owner == seat]
            dealt = {self.order[index] for index in slots}
            shown = [card for card in self.shown.get(seat, ()) if card is not None and card not in dealt]
            if sum(1 for index in slots if self.order[index] is None) > len(shown):
                unseen.add(seat)
        return frozenset(unseen - self.mucked)


@dataclass(eq=False)
class _Standard(_Deal):
    """A hand dealt from its actions (a standard code's, or a catalogue game's a file names without its deck
    orders): its game, stakes, deck and player lines, planned from the file."""

    record: Record
    scale: int = 1
    posts: tuple[Post, ...] = ()
    """The blinds single seats owe (the file's ``_posts``), taken out of its lists of forced bets."""

    def play(self) -> Replayed:

        record = self.record
        self.seats = len(record.starting_stacks)
        self.scale = _scale(record)
        self.game = as_sites_deal(_game_of(record))
        stakes = self._stakes()
        self._plan(_lines(record, self.seats))
        stacks = tuple(_chips(stack, self.scale) for stack in record.starting_stacks)
        if any(stack <= 0 for stack in stacks):
            raise ReplayError("every starting stack must be more than nothing")
        setup = Setup(
            game=self.game,
            stacks=stacks,
            button=self.seats - 1,
            stakes=stakes,
            posts=self.posts,
            options=tuple(
                self.game.option_values(
                    {name: value for name, value in self.profile.items() if self.game.option(name)}
                ).items()
            ),
        )
        unknown = None in self.order or any(None in shown for shown in self.shown.values())
        winnings = record.extra.get("winnings")
        given = unknown and (
            record.extra.get("finishing_stacks") is not None or (isinstance(winnings, list) and any(winnings))
        )
        unseen = self._unseen()
        problem: ReplayError | None = None
        first: Replayed | None = None
        # Unknown cards at a showdown lose to the hands shown, unless the file's stacks say otherwise.
        for losing in (unseen, frozenset())[: 2 if given and unseen else 1]:
            showing = _FileShowdown.of(setup, frozenset(self.mucked), losing)
            for attempt in range(MAX_TRIES if unknown else 1):
                try:
                    played = self._attempt(showing, random.Random(attempt) if attempt else None)
                except ReplayError as error:
                    problem = problem or error
                    continue
                if given and not _fits(record, played):
                    first = first or played
                    continue  # other cards for the unknown ones may give the stacks the file says
                how = "taken as cards that give the file's stacks" if given else ""
                if attempt and not how:
                    played = replace(played, note=_joined(played.note, _FILLED))
                return replace(played, note=self._showdown_note(played, unseen, how))
        if first is not None:
            return replace(
                first, note=self._showdown_note(first, unseen, "taken as any cards (none gives the file's stacks)")
            )
        assert problem is not None
        raise problem

    def _showdown_note(self, played: Replayed, unseen: frozenset[int], how: str) -> str:
        """The replay's note, with what it took from the file's actions at the showdown: who gave up
        the pot, and ``how`` the unknown cards that went to the showdown were taken."""
        hand = played.hand
        folded = {line.seat for line in self.moves if line.verb == "f"}
        gave_up = [seat for seat in range(self.seats) if hand.folded[seat] and seat not in folded]
        shown = {event.seat for event in hand.events if isinstance(event, Shown)}
        notes = [played.note]
        mucked = [seat for seat in gave_up if seat in self.mucked]
        if mucked:
            notes.append(f"{_players(mucked)} mucked at the showdown: taken as giving up the pot, as the file says")
        lost = [seat for seat in gave_up if seat in unseen]
        if lost:
            notes.append(
                f"the cards of {_players(lost)} are unknown at the showdown: taken as losing to the hands shown"
            )
        deciding = sorted(shown & unseen) if len(shown) > 1 else []
        if deciding:
            how = how or "taken as any cards (the file does not say who won with them)"
            notes.append(f"the unknown cards of {_players(deciding)} at the showdown {how}")
        return _joined(*notes)

    def _attempt(self, setup: Setup, rng: random.Random | None) -> Replayed:
        """Play the hand once, the unknown cards the spare cards in order (or shuffled by ``rng``)."""
        first, later, spare = self._deck(rng)
        chance = _PlannedChance(first, later, set(spare))
        fillers = chance.fillers
        hand = Hand.from_setup(setup, chance)
        notes = []
        try:
            for index, line in enumerate(self.moves):
                notes.append(_skipped(hand, line, {later.seat for later in self.moves[index:]}))
                notes.append(_act(hand, line, self.scale, fillers))
        except ReplayError:
            if chance.muck and not self.discarded:  # the next try puts the cards dealt again there
                muck = Counter(chance.muck)
                self.discarded = [
                    i for i, card in enumerate(first[: len(self.order)]) if self.order[i] is None and _take(muck, card)
                ]
            raise
        notes = [note for note in notes if note]
        _finished(hand)
        self._check_mucks(hand)
        assert hand.result is not None
        finishing = tuple(_unscale(stack, self.scale) for stack in hand.result.stacks)
        return Replayed(hand, finishing, note="; ".join(dict.fromkeys([*self.notes, *notes])))

    # forced bets ------------------------------------------------------------------------------

    def _stakes(self) -> Stakes:
        """The file's forced bets as stakes (and the steps that post them).

        The lists give one amount a position (heads-up, the button's first): everyone's ante is
        the least of ``antes``, and what more the big blind or the button antes is the big-blind
        ante or the button ante. ``blinds_or_straddles`` gives the small and the big blind, then
        straddles (each twice the one before) and a button blind last.
        """
        record, scale, game, seats = self.record, self.scale, self.game, self.seats
        big, button = 1, 0 if seats == 2 else seats - 1  # positions: the small blind first
        antes = self._by_position(record.antes, "antes") or [0] * seats  # none: no antes
        blinds = self._by_position(record.blinds_or_straddles or (), "blinds_or_straddles")
        self.posts = _owed(record, seats, scale)
        self._take_owed(blinds, antes)
        ante = min(antes, default=0)
        extra = [amount - ante for amount in antes]
        big_blind_ante, button_ante = (extra[big], extra[button]) if seats > 1 else (0, 0)
        if seats > 1:
            extra[big] = extra[button] = 0
        if any(extra):
            raise ReplayError(
                f"antes {list(record.antes)}: homegame's antes are one from everyone, "
                "and more from the big blind or the button alone"
            )
        steps = list(game.steps)
        if ante and not any(isinstance(step, Antes) for step in steps):
            steps.insert(0, Antes())
        if ante and record.extra.get("ante_trimming_status", False) is False:  # the standard's default: dead
            steps = [replace(step, dead=True) if isinstance(step, Antes) else step for step in steps]
        small = blind = straddle = straddles = button_blind = 0
        if blinds:
            small, blind, *rest = [*blinds, 0]
            rest = rest[: max(seats - 2, 0)]  # the straddles, the button's blind last
            while straddles < len(rest) and rest[straddles] and rest[straddles] == rest[0] << straddles:
                straddles += 1
            straddle = rest[0] if straddles else 0
            remaining = rest[straddles:]
            if remaining and remaining[-1] and not any(remaining[:-1]):
                button_blind, remaining = remaining[-1], remaining[:-1]
            if any(remaining):
                raise ReplayError(
                    f"blinds_or_straddles {list(record.blinds_or_straddles or ())}: homegame posts a small and "
                    "a big blind, straddles each twice the one before, and a button blind"
                )
            if any(blinds) and not any(isinstance(step, Blinds) for step in steps):
                raise ReplayError(f"blinds_or_straddles: homegame's {game.name} has no blinds")
            steps = [Blinds(straddles=straddles) if isinstance(step, Blinds) else step for step in steps]
        elif big_blind_ante or button_ante:
            raise ReplayError("antes: a big-blind or button ante needs blinds_or_straddles")
        self.game = replace(game, steps=tuple(steps))
        return Stakes(
            ante=ante,
            small_blind=small,
            big_blind=blind,
            straddle=straddle,
            bring_in=_chips(record.bring_in, scale),
            small_bet=_chips(record.small_bet, scale),
            big_bet=_chips(record.big_bet, scale),
            min_bet=_chips(record.min_bet, scale),
            big_blind_ante=big_blind_ante,
            button_ante=button_ante,
            button_blind=button_blind,
        )

    def _take_owed(self, blinds: list[int], antes: list[int]) -> None:
        """Take the owed posts out of the file's lists (``blinds``, ``antes``: chips a position), leaving
        the game's own forced bets. The writer adds an owed live post as the hand posts it: live up to
        its amount over what the position's blind already has in, the rest dead; so undone last
        first, a position whose blind the post topped up had in what it antes beyond the others.
        """
        if not blinds and any(post.live for post in self.posts):
            raise ReplayError("_posts: a live owed post needs blinds_or_straddles")
        seats = self.seats
        owing = {seats - 1 - post.seat if seats == 2 else post.seat for post in self.posts}  # heads-up: reversed
        ante = min((antes[at] for at in range(seats) if at not in owing), default=0)
        for post in reversed(self.posts):
            at = seats - 1 - post.seat if seats == 2 else post.seat
            if post.live and blinds[at] <= post.amount:  # it topped the blind up to its amount
                had = min(max(antes[at] - ante, 0), post.amount)
                blinds[at], antes[at] = had, antes[at] - had
            else:  # dead money, or a bet in already as big: all of it dead
                antes[at] -= post.amount
            if antes[at] < 0:
                raise ReplayError(f"_posts: p{post.seat + 1} owes more than the file's forced bets hold")

    def _by_position(self, amounts: Sequence[Amount], name: str) -> list[int]:
        """A list of the file's forced bets in chips, one a position (none: an empty list)."""
        if amounts and len(amounts) != self.seats:
            raise ReplayError(f"{name} must give one amount a player ({self.seats}), not {len(amounts)}")
        return [_chips(amount, self.scale) for amount in amounts]


@dataclass(frozen=True, slots=True, kw_only=True)
class _FileShowdown(Showdown):
    """The showdown as the file has it: before the hands are shown, each player who ``mucked`` gives
    up the pot if in each pot they share another player stays (our showdown shows every hand), then
    each player of ``losing`` (cards unknown) does if in each pot a player whose cards are known stays."""

    mucked: frozenset[int] = frozenset()
    losing: frozenset[int] = frozenset()

    @classmethod
    def of(cls, setup: Setup, mucked: frozenset[int], losing: frozenset[int]) -> Setup:
        """``setup`` with its game's showdowns these showdowns."""
        steps = tuple(
            cls(**{name: getattr(step, name) for name in ("contests", "no_winner")}, mucked=mucked, losing=losing)
            if type(step) is Showdown
            else step
            for step in setup.game.steps
        )
        return replace(setup, game=replace(setup.game, steps=steps))

    def begin(self, hand: Dealer) -> Decision | None:
        keeps = [seat for seat in hand.in_hand() if seat not in self.mucked]
        for giving, against in ((self.mucked, keeps), (self.losing, [s for s in keeps if s not in self.losing])):
            for seat in sorted(giving):
                pots = [pot.eligible for pot in hand.pots(with_bets=True) if seat in pot.eligible]
                if not hand.folded[seat] and all(any(other in against for other in pot) for pot in pots):
                    hand.fold(seat)
        return Showdown.begin(self, hand)  # (a slotted dataclass has no zero-argument super)


def _players(seats: Iterable[int]) -> str:
    """``p1``, ``p1 and p3``: players by their PHH names."""
    names = [f"p{seat + 1}" for seat in seats]
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))


def _joined(*notes: str) -> str:
    """Notes in one, each once."""
    return "; ".join(dict.fromkeys(filter(None, notes)))


_FILLED = "the unknown cards taken as cards that play the hand as its file says"


class _PlannedChance(Chance):
    """The deck as the file deals it: the first order given, and after each reshuffle of the discards,
    the cards the file deals next put first."""

    __slots__ = ("fillers", "later", "muck")

    def __init__(self, first: list[Card], later: list[Card | None], fillers: set[Card]) -> None:
        super().__init__(random.Random(0), [first])
        self.later = later
        self.fillers = fillers
        self.muck: tuple[Card, ...] = ()
        """The discards at the (first) reshuffle."""
        """The cards standing for unknown ones: the spare cards, and each card a reshuffle deals where
        the file names none (a card named once, a discard, can come back to another player unknown)."""

    def shuffle(self, cards: list[Card]) -> None:
        if not self.log:
            super().shuffle(cards)
            return
        wanted, self.later = self.later[: len(cards)], self.later[len(cards) :]
        self.muck = self.muck or tuple(cards)
        pool = Counter(cards)
        for card in wanted:
            if card is not None:
                if pool[card] <= 0:
                    raise ReplayError(f"{card} is dealt again after the reshuffle, but it is not among the discards")
                pool[card] -= 1
        rest = _counted(cards, pool)
        filled = [card if card is not None else rest.pop() for card in wanted]
        self.fillers.update(card for card, named in zip(filled, wanted, strict=True) if named is None)
        cards[:] = filled + rest
        self.log.append(tuple(cards))


def _take(counts: Counter[Card], card: Card) -> bool:
    """Take ``card`` from ``counts`` if it holds one."""
    if counts[card] <= 0:
        return False
    counts[card] -= 1
    return True


def _counted(cards: Iterable[Card], counts: Counter[Card]) -> list[Card]:
    """The cards of ``cards`` (in order) that ``counts`` still holds, taking each from it."""
    kept = []
    for card in cards:
        if counts[card] > 0:
            counts[card] -= 1
            kept.append(card)
    return kept
