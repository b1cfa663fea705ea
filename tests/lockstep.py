"""Playing one hand in homegame and in PokerKit at the same time (a helper of the PokerKit tests).

homegame deals; PokerKit is dealt the same cards (each player's cards from homegame's events, in
order; the same board). At each decision the same player must be to act in both engines, and
the action is drawn at random from what *both* allow (the rules where the two differ are pinned
by their own tests in ``test_pokerkit_diff.py``). At the end both hands must be over.

Seat ``s`` of homegame is PokerKit's player ``(s - button - 1) % n``: PokerKit's players go
clockwise from the button's left (the PHH convention).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerkit import Automation, Mode, Poker, State
from pokerkit.notation import HandHistory

from homegame.cards import Card
from homegame.engine import Action, BetTo, BringIn, Call, Check, Complete, Draw, Fold, Hand, RaiseTo
from homegame.engine.actions import ActionKind as K
from homegame.engine.actions import AmountLegal, CardsLegal, Legal, PlainLegal
from homegame.engine.events import Dealt, Drew
from homegame.engine.hand import Chance, Setup
from homegame.history.export import ante_trimming, stakes_fields
from homegame.history.variants import code_of

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)


def pokerkit_game(setup: Setup) -> Poker:
    """PokerKit's game for a hand of this setup (a game with a PHH code)."""
    code = code_of(setup.game.name)
    assert code is not None, setup.game.name
    kwargs: dict[str, Any] = {}
    for name, value in stakes_fields(setup).items():
        kwargs[f"raw_{name}" if name in ("antes", "blinds_or_straddles") else name] = value
    game: Poker = HandHistory.game_types[code](
        automations=AUTOMATIONS, ante_trimming_status=ante_trimming(setup), mode=Mode.CASH_GAME, **kwargs
    )
    return game


def pokerkit_state(game: Poker, setup: Setup) -> State:
    """PokerKit's state for a hand of this setup, its players in PHH order."""
    seats, button = len(setup.stacks), setup.button
    return game(tuple(setup.stacks[(button + 1 + index) % seats] for index in range(seats)), seats)


@dataclass
class Lockstep:
    """One hand in both engines."""

    hand: Hand
    game: Poker
    state: State
    rng: random.Random

    def __post_init__(self) -> None:
        seats = self.hand.seats
        self.holes: list[deque[Any]] = [deque() for _ in range(seats)]
        self.board: deque[Any] = deque()
        self.seen = 0

    def pk(self, seat: int) -> int:
        return (seat - self.hand.button - 1) % self.hand.seats

    def deal(self) -> None:
        """Give PokerKit the cards homegame has dealt since last time, as PokerKit asks for them."""
        for event in self.hand.events[self.seen :]:
            if isinstance(event, Dealt):
                if event.seat is None:
                    self.board.extend(str(card) for card in event.cards)
                else:
                    self.holes[self.pk(event.seat)].extend(str(card) for card in event.cards)
            elif isinstance(event, Drew):
                self.holes[self.pk(event.seat)].extend(str(card) for card in event.drawn)
        self.seen = len(self.hand.events)
        state = self.state
        while True:
            if state.can_deal_hole():
                dealee = state.hole_dealee_index
                assert dealee is not None and self.holes[dealee], f"PokerKit deals p{dealee} a card homegame did not"
                state.deal_hole(self.holes[dealee].popleft(), dealee)
            elif state.can_deal_board():
                count = state.board_dealing_count
                assert count is not None and len(self.board) >= count, "PokerKit deals a board card homegame did not"
                state.deal_board("".join(self.board.popleft() for _ in range(count)))
            else:
                break

    def choices(self, seat: int) -> list[tuple[str, int, int]]:
        """What both engines allow the seat now: ``(kind, least, most)``, kinds in homegame's words."""
        state = self.state
        ours = {legal.kind: legal for legal in self.hand.legal_actions(seat)}
        both: list[tuple[str, int, int]] = []
        if "fold" in ours and state.can_fold():
            both.append(("fold", 0, 0))
        if state.can_check_or_call():
            kind = "check" if state.checking_or_calling_amount == 0 else "call"
            if kind in ours:
                both.append((kind, 0, 0))
        if "bring_in" in ours and state.can_post_bring_in():
            both.append(("bring_in", 0, 0))
        draw = ours.get(K.DRAW)
        if isinstance(draw, CardsLegal) and state.can_stand_pat_or_discard():
            both.append(("draw", 0, draw.max))
        if state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            for kind in ("bet_to", "raise_to", "complete"):
                if kind in ours:
                    ours_low, ours_high = self.bounds(seat, ours[K(kind)])
                    least, most = max(low, ours_low), min(high, ours_high)
                    if least <= most:
                        both.append((kind, least, most))
        return both

    def bounds(self, seat: int, legal: Legal) -> tuple[int, int]:
        """The least and most this round's bet may become by a bet, raise or completion."""
        if isinstance(legal, AmountLegal):
            return legal.min, legal.max
        assert isinstance(legal, PlainLegal)
        to = self.hand.bets[seat] + legal.chips
        return to, to

    def step(self) -> None:
        """One decision drawn at random from what both engines allow."""
        self.deal()
        seat = self.hand.pending()[0]
        both = self.choices(seat)
        assert both, f"no action both engines allow: {self.hand.legal_actions(seat)}"
        kind, least, most = self.rng.choice(both)
        amount = self.rng.choice((least, most, self.rng.randint(least, most)))
        action: Action
        if kind == "draw":
            action = Draw(tuple(self.rng.sample(self.hand.down[seat], amount)))
        else:
            simple = {"fold": Fold(), "check": Check(), "call": Call(), "bring_in": BringIn(), "complete": Complete()}
            action = simple.get(kind) or (BetTo(amount) if kind == "bet_to" else RaiseTo(amount))
        self.act(seat, action)

    def empty_checks(self, seat: int | None = None) -> None:
        """PokerKit asks a player to check where homegame has no decision for it (everyone else
        all in, or folded: nobody could answer a bet); check there, an action of no effect."""
        state = self.state
        while state.status and state.turn_index is not None and state.turn_index != seat:
            turn = state.turn_index
            if not state.can_check_or_call() or state.checking_or_calling_amount:
                break
            if any(self.pk(pending) == turn for pending in self.hand.pending()):
                break
            state.check_or_call()
            self.deal()

    def act(self, seat: int, action: Action) -> None:
        """The same action in both engines (the seat must be the one to act in both)."""
        self.deal()
        self.empty_checks(self.pk(seat))
        state = self.state
        assert state.turn_index == self.pk(seat), f"homegame's seat {seat} acts, PokerKit waits for {state.turn_index}"
        if isinstance(action, Fold):
            state.fold()
        elif isinstance(action, Check | Call):
            state.check_or_call()
        elif isinstance(action, BringIn):
            state.post_bring_in()
        elif isinstance(action, Draw):
            state.stand_pat_or_discard("".join(map(str, action.cards)))
        elif isinstance(action, Complete):
            complete = next(legal for legal in self.hand.legal_actions(seat) if legal.kind is K.COMPLETE)
            state.complete_bet_or_raise_to(self.bounds(seat, complete)[0])
        else:
            assert isinstance(action, BetTo | RaiseTo)
            state.complete_bet_or_raise_to(action.amount)
        self.hand.act(seat, action)

    def play(self) -> None:
        """Play to the end in both engines."""
        while not self.hand.over:
            self.step()
        self.deal()
        self.empty_checks()
        assert not self.state.status, "homegame's hand is over, PokerKit's is not"

    def phh(self) -> str:
        """PokerKit's own PHH of the hand."""
        text: str = HandHistory.from_game_state(self.game, self.state).dumps()
        return text

    def stacks(self) -> tuple[list[int], list[int]]:
        """The final stacks in PHH order: homegame's, PokerKit's."""
        seats = self.hand.seats
        ours = [self.hand.stacks[(self.hand.button + 1 + index) % seats] for index in range(seats)]
        return ours, list(self.state.stacks)


def lockstep(setup: Setup, seed: int, decks: Sequence[Sequence[Card]] = ()) -> Lockstep:
    """A hand of ``setup`` shuffled by ``seed`` (or dealt from ``decks``), ready to play in both engines."""
    hand = Hand.from_setup(setup, Chance(random.Random(seed), decks))
    game = pokerkit_game(setup)
    return Lockstep(hand, game, pokerkit_state(game, setup), random.Random(seed ^ 0x5EED))
