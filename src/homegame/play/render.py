"""The table at the terminal, drawn with rich from one seat's view and the events it may see.

Nothing here reads a hand: every function takes a
:class:`~homegame.engine.view.View` (what one seat may know) or events already
filtered for that seat, plus the public game. So the screen cannot show a
card the player may not see. Cards carry their suit symbol and colour (red
hearts and diamonds), wild cards are marked, down cards are in brackets and
others' down cards are backs (``▒▒``).

Players are named by :class:`Names`: the person is "you", a bot "seat 3"
(the engine's seat numbers), and sentences agree with either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from homegame.analysis.equity import contests
from homegame.cards import Card, Rank, Suit
from homegame.engine.actions import (
    ActionKind,
    AmountLegal,
    BetTo,
    BringIn,
    Call,
    CardsLegal,
    Check,
    ChoiceLegal,
    Complete,
    Declare,
    DivideLegal,
    Fold,
    Legal,
    PlaceLegal,
    PlainLegal,
    RaiseTo,
)
from homegame.engine.betting import Stakes
from homegame.engine.events import (
    Acted,
    Burned,
    CarriedOver,
    Dealt,
    Declared,
    Drew,
    Event,
    Made,
    Posted,
    Returned,
    Revealed,
    Shown,
    Won,
)
from homegame.engine.game import Game
from homegame.engine.view import View, WildCards
from homegame.play.commands import Sizing, ordered, shortcuts
from homegame.ranking.wild import Lowest, WildSpec

__all__ = ["Names", "Screen", "entries", "split_rule"]

_BACK = "▒▒"
_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


@dataclass(frozen=True, slots=True)
class Names:
    """Who sits where: ``names[seat]`` ("you" for the person)."""

    names: tuple[str, ...]

    def __call__(self, seat: int) -> str:
        return self.names[seat]

    @property
    def mapping(self) -> dict[int, str]:
        """The names by seat, for an event's ``describe``."""
        return dict(enumerate(self.names))

    def says(self, seat: int, third: str, second: str) -> str:
        """``seat`` with the verb agreeing: ``seat 2 calls`` but ``you call``."""
        name = self.names[seat]
        return f"{name} {second if name == 'you' else third}"


class Screen:
    """Everything the person sees, printed on ``console``."""

    def __init__(self, console: Console, names: Names) -> None:
        self.console = console
        self.names = names
        self._board = 0
        self._mine = 0
        self._acted = False

    # -- plain lines -----------------------------------------------------------------------------

    def say(self, text: str | Text, style: str = "") -> None:
        """Print a line."""
        self.console.print(text, style=style, highlight=False, markup=False)

    def problem(self, text: str) -> None:
        """Explain why a command cannot be carried out."""
        self.say(f"  {text}", style="yellow")

    def ask(self, prompt: str, readline: Callable[[], str], *, echo: bool = True) -> str:
        """Print ``prompt`` and return the line ``readline`` gives (``""`` at the end of the input).
        With ``echo`` (input from a script or a pipe, which no terminal shows as it is typed) the line
        is printed after the prompt, so a transcript reads as question and answer.

        >>> import io
        >>> out = io.StringIO()
        >>> screen = Screen(Console(file=out), Names(("you",)))
        >>> screen.ask("> ", io.StringIO("c\\n").readline)
        'c\\n'
        >>> out.getvalue()
        '> c\\n'
        """
        self.console.print(prompt, end="", markup=False, highlight=False)
        line = readline()
        if echo:
            self.console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    # -- the table -------------------------------------------------------------------------------

    def header(self, number: int, game: Game, stakes: Stakes, dealer: int) -> None:
        """The title of a new hand: its number, the game, the betting, the stakes and who deals."""
        amounts = ", ".join(f"{name.replace('_', ' ')} {amount}" for name, amount in stakes.to_dict().items())
        dealing = self.names.says(dealer, "deals", "deal")
        self._board, self._mine, self._acted = 0, 0, False
        self.console.rule(style="dim")
        self.say(f"Hand {number} · {game.title} · {dealing}", style="bold")
        self.say(f"{game.betting.label.capitalize()} · {amounts}", style="dim")
        wild = _wild_specs(game)
        if wild:
            self.say(f"Wild: {'; '.join(map(_wild_words, wild))}")

    def table(self, view: View, game: Game) -> None:
        """The table as ``view.viewer`` sees it, its hand so far in each contest, and what they may
        do if it is their turn."""
        wild = view.wild
        grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        grid.add_column("")
        grid.add_column("player")
        grid.add_column("stack", justify="right")
        grid.add_column("bet", justify="right")
        grid.add_column("cards")
        grid.add_column("")
        for seat in view.seats:
            marks = ("D" if seat.seat == view.button else "") + ("▶" if seat.seat in view.to_act else "")
            cards = Text()
            if not seat.folded:
                hidden = ordered(seat.down) if seat.down is not None else (None,) * seat.down_count
                if hidden:
                    cards.append("[")
                    cards.append_text(_cards(hidden, wild))
                    cards.append("] " if seat.up or seat.placed else "]")
                if seat.placed:  # rows of its own (Five-O's columns) hold its up cards, one a line
                    cards.append("\n" if hidden else "")
                    for index, (name, row) in enumerate(seat.placed):
                        cards.append(f"{chr(10) if index else ''}{name}: ")
                        cards.append_text(_cards(row, wild) if row else Text("–", style="dim"))
                else:
                    cards.append_text(_cards(seat.up, wild))
            status = "folded" if seat.folded else "all in" if seat.all_in else ""
            if seat.declared:
                status = f"declared {seat.declared}"
            elif seat.has_declared:
                status = "has declared"
            grid.add_row(marks, self.names(seat.seat), str(seat.stack), str(seat.bet or ""), cards, status)
        self.console.print(grid)
        line = Text()
        for name, row in view.rows:
            if row:
                line.append(f"{_row(name)} ")
                line.append_text(_cards(row, wild))
                line.append("   ")
        line.append(f"Pot {view.pot}")
        if len(view.pots) > 1:
            parts = ", ".join(
                f"{'main' if index == 0 else f'side {index}'} {pot.amount}" for index, pot in enumerate(view.pots)
            )
            line.append(f" ({parts}, bets not yet in)")
        self.say(line)
        if wild:  # every wild card in force for the viewer, the fixed ones too (Baseball's threes and nines)
            named = Text("Wild for you: ")
            kinds = [Text(part) for part in str(replace(wild, cards=())).split(", ") if part != "none"]
            kinds += [_cards((card,), wild) for card in wild.cards]
            self.say(named + Text(", ").join(kinds))
        if view.hands:
            hands = Text("Your hand: ")
            for index, judged in enumerate(view.hands):
                hands.append("; " if index else "")
                hands.append(f"{judged.side}: " if len(view.hands) > 1 else "")
                hands.append_text(_made(judged.made, ()))
            self.say(hands)
        if view.pot_after_call is not None:
            self.say(f"The pot after a call: {view.pot_after_call}", style="dim")
        for option in view.legal:
            if isinstance(option, CardsLegal | DivideLegal | PlaceLegal) and option.cards:
                numbered = Text("Your cards by number:")
                for number, card in enumerate(ordered(option.cards), 1):
                    item = Text(f"  {number} ") + _cards((card,), wild)
                    if len(numbered) + len(item) > self.console.width:  # never a number apart from its card
                        self.say(numbered)
                        numbered = Text(" " * len("Your cards by number:"))
                    numbered.append_text(item)
                self.say(numbered)
                break
        if view.legal:
            self._menu(view, game)
        elif view.to_act and not view.over:
            self.say(f"Waiting for {', '.join(map(self.names, view.to_act))}")

    def _menu(self, view: View, game: Game) -> None:
        """What the viewer may do, each choice in words: on one line when it fits, else one a line."""
        items = [item for option in view.legal for item in entries(option, view, game, self.names)]
        line = " · ".join(f"{key}: {what}" for key, what in items) + " · ? explains"
        if len("Your move: " + line) <= self.console.width:
            self.say(Text("Your move: ", style="bold") + Text(line))
            return
        self.say(Text("Your move:", style="bold"))
        width = max(len(key) for key, _ in items)
        for key, what in items:
            self.say(f"  {key:<{width}}  {what}")
        self.say(f"  {'?':<{width}}  what this decision is about")

    def help(self, view: View, game: Game, rule: str = "") -> None:
        """What may be typed now, each choice in words, and the rule of the decision at hand."""
        if rule:
            self.say(Text("The decision: ", style="bold") + Text(rule))
        self.say("What you may do now:", style="bold")
        items = [item for option in view.legal for item in entries(option, view, game, self.names)]
        width = max((len(key) for key, _ in items), default=1)
        for key, what in items:
            self.say(f"  {key:<{width}}  {what}")
        if any(isinstance(option, AmountLegal) and option.min < option.max for option in view.legal):
            self.say(
                "Amounts are what your bet this round becomes in all (r 40: raise to 40): a number, min, max, "
                "pot (a pot-sized raise), half (half the pot) or 2x (twice the bet you face); a = all in."
            )
        if any(isinstance(option, CardsLegal | DivideLegal | PlaceLegal) for option in view.legal):
            self.say("Cards go by their numbers on the line 'Your cards by number', or by name (Kc 2d).")
        self.say("Also: t the table · rules · ledger · u undo your last action · q leave")

    def rules(self, game: Game) -> None:
        """The game's rules, as the dealer would explain them."""
        self.console.rule(Text(game.title, style="bold"))
        self.say(game.rules.strip())

    # -- what happens ----------------------------------------------------------------------------

    def narrate(self, events: Iterable[Event], view: View, game: Game) -> bool:
        """One line for each event worth telling (the showdown is told by :meth:`summary`), with a
        marker where a new street is dealt; whether one was."""
        wild = view.wild
        street = False
        for event in events:
            if isinstance(event, Dealt) and self._acted:
                self._acted = False
                street = True
                self.console.rule(Text(self._street(event, view, game), style="dim"), style="dim")
            elif isinstance(event, Acted | Drew):
                self._acted = True
            if isinstance(event, Dealt) and event.seat is None and event.row == "board":
                self._board += len(event.cards) or event.hidden
            if isinstance(event, Dealt) and event.seat == view.viewer and event.seat is not None:
                self._mine += len(event.cards) or event.hidden
            line = self._line(event, wild)
            if line is not None:
                self.say(line)
        return street

    def _street(self, event: Dealt, view: View, game: Game) -> str:
        """The name of the street a deal begins: the flop, the turn and the river on a board; fourth to
        seventh street in stud; else the next deal."""
        if event.seat is None and event.row == "board":
            board = self._board + (len(event.cards) or event.hidden)
            return {3: "The flop", 4: "The turn", 5: "The river"}.get(board, "The board")
        if game.family.value == "stud" and view.viewer is not None and self._mine:
            named = {3: "Third", 4: "Fourth", 5: "Fifth", 6: "Sixth", 7: "Seventh"}.get(self._mine + 1)
            return f"{named} street" if named else "More cards"
        return "More cards"

    def _line(self, event: Event, wild: WildCards) -> Text | str | None:
        says = self.names.says
        match event:
            case Posted(seat=seat, blind=blind, amount=amount):
                what = "antes" if blind == "ante" else f"posts the {blind.replace('_', ' ')}"
                return f"{says(seat, what, 'ante' if blind == 'ante' else what.replace('posts', 'post'))} {amount}"
            case Dealt(seat=None, cards=(), row=row, hidden=hidden):
                return f"{_row(row)}: {hidden} cards face down"
            case Dealt(seat=None, cards=cards, row=row):
                return Text(f"{_row(row)}{'' if event.up else ' (face down)'}: ") + _cards(cards, wild)
            case Dealt(seat=int(seat), cards=cards) if cards:
                face = "" if event.up else " down"
                return Text(f"{says(seat, 'is dealt', 'are dealt')} ") + _cards(cards, wild) + Text(face)
            case Dealt() | Burned() | Shown() | Won() | CarriedOver():
                return None
            case Acted(seat=seat, action=action, put_in=put_in):
                return _acted(self.names, seat, action, put_in)
            case Drew(seat=seat, count=0):
                return says(seat, "stands pat", "stand pat")
            case Drew(seat=seat, discarded=thrown, drawn=drawn, count=count) if drawn:
                return (
                    Text(f"{says(seat, 'discards', 'discard')} ")
                    + _cards(thrown, wild)
                    + Text(" and draw ")
                    + _cards(drawn, wild)
                )
            case Drew(seat=seat, count=count):
                return says(seat, f"draws {count}", f"draw {count}")
            case Declared(seat=seat, side=side):
                return says(seat, f"declares {side}", f"declare {side}") if side else says(seat, "has declared", "have")
            case Revealed(sides=sides):
                return "Declarations: " + ", ".join(f"{self.names(seat)} {side}" for seat, side in sides)
            case Returned(seat=seat, amount=amount):
                return f"Uncalled {amount} goes back to {self.names(seat)}"
        return _prose(event.describe(self.names.mapping), wild)

    def summary(self, view: View, game: Game) -> None:
        """The end of a hand: the hands shown and what each makes (as the showdown judged them), who
        won each part of each pot and why, and every seat's result."""
        shown = [event for event in view.events if isinstance(event, Shown)]
        if shown:
            self.say("Showdown", style="bold")
        for event in shown:
            line = Text(f"  {self.names.says(event.seat, 'shows', 'show')} ") + _cards(event.cards, view.wild)
            declared = view.seats[event.seat].declared
            if declared:
                line.append(f"  (declared {declared})")
            for index, judged in enumerate(event.hands):
                line.append(": " if index == 0 else "; ")
                if len(event.hands) > 1 or declared:
                    line.append(f"{judged.side}: ")
                made = judged.made
                line.append_text(_made(made, made.cards if judged.held != event.cards else ()))
            if event.missed:
                why = "; ".join(missed.describe(self.names.mapping) for missed in event.missed)
                line.append(f"; declared both and {why}: nothing")
            self.say(line)
        for award in _awards(view, game, self.names):
            self.say(award)
        result = view.result
        if result is not None:
            parts = [f"{self.names(seat)} {net:+d}" for seat, net in enumerate(result.net) if net]
            self.say("This hand: " + (", ".join(parts) if parts else "no chips changed hands"), style="bold")

    def ledger(self, rows: Sequence[tuple[str, int, int]], hands: int, carried: int = 0) -> None:
        """The session's ledger: each player's stack, chips bought and net, after ``hands`` hands, and the
        chips waiting in the pot for the next deal."""
        grid = Table(title=f"Ledger after {hands} hand{'s' if hands != 1 else ''}", box=box.SIMPLE_HEAD)
        grid.add_column("player")
        grid.add_column("stack", justify="right")
        grid.add_column("bought in", justify="right")
        grid.add_column("net", justify="right")
        for name, stack, bought in rows:
            net = stack - bought
            grid.add_row(
                name, str(stack), str(bought), Text(f"{net:+d}", style="green" if net > 0 else "red" if net < 0 else "")
            )
        if carried:
            grid.add_row(Text("pot (carried)", style="dim"), str(carried), "", Text(f"{carried:+d}", style="dim"))
        self.console.print(grid)
        if carried:
            self.say(f"{carried} chips nobody won wait in the pot for the next deal (they are nobody's yet).")


def _acted(names: Names, seat: int, action: object, put_in: int) -> str:
    says = names.says
    match action:
        case Fold():
            return says(seat, "folds", "fold")
        case Check():
            return says(seat, "checks", "check")
        case Call():
            return f"{says(seat, 'calls', 'call')} {put_in}"
        case BetTo(amount=amount):
            return f"{says(seat, 'bets', 'bet')} {amount}"
        case RaiseTo(amount=amount):
            return f"{says(seat, 'raises to', 'raise to')} {amount}"
        case BringIn():
            return f"{says(seat, 'brings in for', 'bring in for')} {put_in}"
        case Complete():
            return f"{says(seat, 'completes', 'complete')} the bet, putting in {put_in}"
        case Declare(side=side):
            return says(seat, f"declares {side}", f"declare {side}")
    return f"{names(seat)}: {action}"


def _awards(view: View, game: Game, names: Names) -> list[Text | str]:
    """Who won what and why, pot by pot and part by part, from the showdown's own judgement."""
    awards = [event for event in view.events if isinstance(event, Won)]
    contested = len({won.side for won in awards if won.judged is not None}) > 1
    lines: list[Text | str] = []
    pots = sorted({won.pot for won in awards})
    for pot in pots:
        here = [won for won in awards if won.pot == pot]
        where = "the pot" if len(pots) == 1 else "the main pot" if pot == 0 else f"side pot {pot}"
        sides = list(dict.fromkeys(won.side for won in here))
        for side in sides:
            winners = [won for won in here if won.side == side]
            total = sum(won.amount for won in winners)
            part = (
                where
                if len(sides) == 1 or not side
                else f"the {side} {'half' if len(sides) == 2 else 'share'} of {where}"
            )
            if side == "units" and len(winners) > 1:  # each settled units with each other player: a line each
                for won in winners:
                    why = _why(view, game, side, won.seat)
                    lines.append(f"  {names.says(won.seat, 'wins', 'win')} {won.amount} of {part}{why}")
                continue
            if len(winners) == 1:
                lead = f"{names.says(winners[0].seat, 'wins', 'win')} {part} ({total})"
            else:
                who = " and ".join(f"{names(won.seat)} ({won.amount})" for won in winners)
                lead = f"{who} split {part}"
            value = winners[0].value
            if value is None:
                lines.append(f"  {lead}{_why(view, game, side, winners[0].seat)}")
                continue
            line = Text(f"  {lead} with ")
            line.append_text(_made(value, value.cards if len(winners) == 1 else (), article=True))
            if len(winners) > 1:  # tied hands, each with its own cards
                for index, won in enumerate(winners):
                    line.append(f"{'; ' if index else ' ('}{names(won.seat)}: ")
                    line.append_text(_cards(won.value.cards if won.value else (), WildCards()))
                line.append(")")
            if contested and len(sides) == 1:
                line.append(f" for {side}")
            lines.append(line)
    for event in view.events:
        if isinstance(event, CarriedOver):
            lines.append(f"  {event.amount} carried over to the next deal")
    return lines


def _why(view: View, game: Game, side: str, seat: int) -> str:
    """Why a pot went to ``seat`` when no hand of a contest won it, from the events of the showdown."""
    events = view.events
    said = next((words for step in game.steps if (words := step.award_words(events, side, seat))), "")
    if said:
        return said
    if side == "last survivor":
        return " as the last player standing against the extra hand"
    if side == "all cards eliminated":
        return ": every card eliminated"
    shown = [event for event in events if isinstance(event, Shown)]
    if shown and all(event.missed for event in shown):
        return ": every declarer lost a side: the pot is shared"
    if shown:
        return ": no hand qualified"
    return ": everyone else folded"


def _made(made: Made, cards: Sequence[Card], *, article: bool = False) -> Text:
    """A hand made, as people say it, with ``cards`` (the cards that play, when worth showing) and what
    each wild card stands for; its wild cards are marked."""
    wild = WildCards(cards=tuple(card for card, _ in made.wild))
    text = Text(_article(made.name) if article else made.name)
    if cards:
        text.append(" (")
        text.append_text(_cards(cards, wild))
        text.append(")")
    for index, (card, stands) in enumerate(made.wild):
        text.append(", " if index else ", with ")
        text.append_text(_cards((card,), wild))
        text.append(f" as {stands.pretty}")
    if not made.qualified:
        text.append(": does not qualify")
    return text


_CARD = re.compile(r"\b(?:[2-9TJQKA][cdhs]|Jk[2-8]?)\b")


def _prose(text: str, wild: WildCards) -> Text:
    """An event the screen has no words of its own for, told in its own words (its ``describe``, with
    the players' names) and the cards drawn as cards."""
    line = Text()
    at = 0
    for match in _CARD.finditer(text):
        line.append(text[at : match.start()])
        line.append_text(_cards((Card(match[0]),), wild))
        at = match.end()
    line.append(text[at:])
    return line


def entries(option: Legal, view: View, game: Game, names: Names) -> list[tuple[str, str]]:
    """What to type for a legal action, and what it does in words, with its price and what it is
    about: ``('push', 'push the K♦ to seat 2 and buy a new card for 1')``. A choice among items
    gives one entry each."""
    kind = option.kind
    me = view.seats[view.viewer] if view.viewer is not None else None
    card = me.up[-1].pretty if me is not None and me.up else "card"
    if isinstance(option, PlainLegal):
        chips = option.chips
        match kind:
            case ActionKind.CALL:
                after = f" (the pot becomes {view.pot_after_call})" if view.pot_after_call is not None else ""
                return [("c", f"call {chips}{after}")]
            case ActionKind.KEEP:
                return [("keep", f"keep the {card}")]
            case ActionKind.PUSH:
                price = f" for {chips}" if chips else " for nothing"
                return [("push", f"push the {card} to {_next(view, names)} and buy a new card{price}")]
            case ActionKind.RUN_TWICE:
                return [("run_twice", "run the rest of the board twice")]
            case ActionKind.DECLINE:
                twice = any(legal.kind is ActionKind.RUN_TWICE for legal in view.legal)
                return [("decline", "run it once" if twice else "buy nothing")]
        return [shortcuts(option)]
    if isinstance(option, AmountLegal):
        key, what = shortcuts(option)
        if option.min < option.max:
            top = max(seat.bet for seat in view.seats)
            pot = Sizing(pot_after_call=view.pot_after_call or view.pot, top=top).amount("pot")
            if pot is not None and option.min <= pot <= option.max:
                what += f" (pot: {pot})"
        return [(key, what)]
    if isinstance(option, CardsLegal):
        each = f", {option.price} a card" if option.price else ""
        most = f"up to {option.max}" if option.min == 0 else str(option.max) if option.min == option.max else ""
        count = most or f"{option.min} to {option.max}"
        match kind:
            case ActionKind.DRAW:
                return [("d 1 3", f"throw {count} cards by number and draw as many{each}; d alone stands pat")]
            case ActionKind.DISCARD:
                return [("d 1", f"throw away {count} of your cards, by number")]
            case ActionKind.ROLL:
                return [("roll 1", f"turn {count} of your down cards face up, by number")]
            case ActionKind.PASS:
                return [(f"pass {' '.join(map(str, range(1, option.max + 1)))}", f"pass {count} of your cards on")]
        return [shortcuts(option)]
    if isinstance(option, DivideLegal):
        rule = split_rule(game)
        hands = " + ".join(map(str, option.sizes))
        return [(shortcuts(option)[0], f"hands of {hands} by number{': ' + rule if rule else ''}")]
    if isinstance(option, PlaceLegal):
        where = "column" if all(row.isdigit() for row in option.rows) else "row"
        return [(f"place 1 {option.rows[0]}", f"put a card (by number) in {where} {' / '.join(option.rows)}")]
    if isinstance(option, ChoiceLegal):
        match = game.steps[-1].match_price(game.option_values(), view.pot)
        if kind is ActionKind.DECLARE and match is not None:
            return [("in", f"stay in: lose and you pay {match} to the next pot"), ("out", "drop out, paying nothing")]
        if kind is ActionKind.DECLARE:
            keys = dict(zip(option.choices, shortcuts(option)[0].split(" / "), strict=False))
            words = {"both": "declare both ways (you must win both)"}
            return [(keys.get(choice, choice), words.get(choice, f"declare {choice}")) for choice in option.choices]
        items = []
        for choice in option.choices:
            price = f" for {option.price(choice)}" if option.prices else ""
            named = _item(choice)
            items.append((f"{kind} {choice}", f"{kind} {named}{price}"))
        return items
    return [shortcuts(option)]


def split_rule(game: Game) -> str:
    """The rule a split must keep, in words: ``the five must beat the two``.

    >>> from homegame.games import load
    >>> split_rule(load("pi-gow-stud"))
    'the five must beat the two; the two must hold a down card'
    >>> split_rule(load("chinese-poker"))
    'the back must be at least as strong as the middle, the middle as the front'

    >>> split_rule(load("holdem"))
    ''
    """
    return next((rule for step in game.steps if (rule := step.split_rule)), "")


def _item(choice: str) -> str:
    """An item for sale as people say it: a card by its face, else ``the option``."""
    try:
        return Card(choice).pretty
    except ValueError:
        return f"the {choice}"


def _next(view: View, names: Names) -> str:
    """The next player still in after the viewer."""
    if view.viewer is None:
        return "the next player"
    count = len(view.seats)
    for step in range(1, count):
        seat = view.seats[(view.viewer + step) % count]
        if not seat.folded:
            return names(seat.seat)
    return "the next player"


def _wild_specs(game: Game) -> list[WildSpec]:
    specs: list[WildSpec] = []
    for contest in contests(game):
        ranking = contest.ranking
        if ranking.wild is not None and ranking.wild not in specs:
            specs.append(ranking.wild)
    return specs


def _cards(cards: Sequence[Card | None], wild: WildCards) -> Text:
    """Cards with suit symbols and colours; ``None`` is a card face down."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        if card is None:
            text.append(_BACK, style="dim")
            continue
        style = "bold magenta" if card.is_joker else "bold red" if card.suit in _RED else "bold"
        if card in wild:
            style += " reverse"
        text.append(card.pretty, style=style)
    return text


def _wild_words(spec: WildSpec) -> str:
    """A wild spec as people say it: ``jokers, deuces``, ``the rank named during the hand``."""
    parts = ["jokers"] if spec.jokers else ["the bug (a joker)"] if spec.bug else []
    parts += [_plural(rank) for rank in sorted(spec.ranks)]
    parts += [card.pretty for card in sorted(spec.cards, key=lambda card: card.code)]
    if spec.lowest is Lowest.HELD:
        parts.append("each hand's lowest card")
    elif spec.lowest is Lowest.DOWN:
        parts.append("each hand's lowest down card")
    if spec.dynamic:
        parts.append("the rank named during the hand (shown as Wild for you)")
    return ", ".join(parts)


def _plural(rank: Rank) -> str:
    return {Rank.SIX: "sixes"}.get(rank, f"{rank.name.lower()}s")


def _row(name: str) -> str:
    """A row of community cards as people name it: ``Board``, ``Good row``."""
    return "Board" if name == "board" else f"{name.capitalize()} row"


def _article(name: str) -> str:
    """A hand's name as the object of "with": ``a pair of aces``, ``an ace-high flush``, ``three kings``,
    ``kings full of fours``, ``a wheel``, ``an 8-6-5-4-2 low``, ``the jack of spades``, ``a total of 35``.

    >>> _article("pair of aces"), _article("ace-high flush"), _article("jack of spades"), _article("total 35")
    ('a pair of aces', 'an ace-high flush', 'the jack of spades', 'a total of 35')
    >>> _article("nines full of threes"), _article("wheel"), _article("8-6-5-4-2 low"), _article("7-5-4-3-2 low")
    ('nines full of threes', 'a wheel', 'an 8-6-5-4-2 low', 'a 7-5-4-3-2 low')
    >>> _article("4-card badugi 4-3-2-A"), _article("A-5-4-3-2 low")
    ('a 4-card badugi 4-3-2-A', 'an A-5-4-3-2 low')
    """
    if " full of " in name:
        return name
    if name.startswith(("pair", "wheel")) or name.endswith(("flush", "straight", " low")) or "badugi" in name:
        return f"{'an' if name[0] in 'aeiouA8' else 'a'} {name}"
    if name.startswith("total "):
        return f"a total of {name[6:]}"
    if " of " in name:
        return f"the {name}"
    return name
