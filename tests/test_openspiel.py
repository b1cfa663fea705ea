"""Every catalogue game as an OpenSpiel game (homegame.openspiel): OpenSpiel's own random
simulation test over the catalogue, chance nodes for every card, cards named one at a time, bet
sizes, information states from views only, and CFR+ solving Kuhn poker."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from homegame.engine.events import Reshuffled
from homegame.games import load, names

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("homegame.openspiel")

SERIALIZED = {"kuhn", "anaconda", "chinese-poker", "pi-gow-stud", "five-o", "the-option"}
"""Games whose random simulations also go through OpenSpiel's serialization."""


def _game(name: str, **params: Any) -> Any:
    return pyspiel.load_game("python_homegame", {"game": name, **params})


@pytest.mark.parametrize("name", names())
def test_random_simulations_pass_openspiel_checks(name: str) -> None:
    """OpenSpiel's checks: legal ids within the action space, chance outcomes summing to one,
    clones and (some games) serialization giving the same states, observation and information
    state tensors of the stated shape, histories within max_game_length, returns within the
    utilities and summing to the utility sum of a zero-sum game."""
    players = max(load(name).players[0], 2)
    game = _game(name, players=players, stacks=20)
    pyspiel.random_sim_test(game, num_sims=2, serialize=name in SERIALIZED, verbose=False)


def test_kuhn_game_shape() -> None:
    game = _game("kuhn")
    assert (game.num_players(), game.max_chance_outcomes(), game.max_game_length()) == (2, 3, 6)
    assert game.num_distinct_actions() == 12  # plain actions and bet_to/raise_to at least and all in
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-100.0, 100.0, 0.0)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    for card in (2, 0):
        state.apply_action(card)
    shape = game.information_state_tensor_shape()
    assert len(state.information_state_tensor(0)) == shape[0] == game.information_state_tensor_size()
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()


def test_a_game_that_carries_chips_is_general_sum() -> None:
    game = _game("guts")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_cfr_plus_solves_kuhn() -> None:
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    game = _game("kuhn")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(250):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert exploitability.exploitability(game, policy) < 0.01
    value = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
    assert value[0] == pytest.approx(-1 / 18, abs=0.003)


def _play(state: Any, *moves: str) -> Any:
    """Apply the actions whose strings are ``moves`` (chance outcomes as ``deal Ks``)."""
    for move in moves:
        options = {state.action_to_string(state.current_player(), action): action for action in state.legal_actions()}
        assert move in options, f"{move!r} not among {sorted(options)}"
        state.apply_action(options[move])
    return state


def test_chance_deals_each_card_with_its_probability() -> None:
    game = _game("kuhn")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    _play(state, "deal Ks")
    assert state.chance_outcomes() == [(0, 1 / 2), (1, 1 / 2)]
    assert "Ks" not in str(game.new_initial_state())  # nothing dealt before chance decides


def test_states_a_seat_cannot_tell_apart_give_it_the_same_information_state() -> None:
    game = _game("kuhn")
    jack = _play(game.new_initial_state(), "deal Ks", "deal Js", "check")
    queen = _play(game.new_initial_state(), "deal Ks", "deal Qs", "check")
    assert jack.information_state_string(0) == queen.information_state_string(0)
    assert jack.information_state_tensor(0) == queen.information_state_tensor(0)
    assert jack.observation_string(0) == queen.observation_string(0)
    assert jack.information_state_string(1) != queen.information_state_string(1)
    assert jack.information_state_tensor(1) != queen.information_state_tensor(1)


def test_a_simultaneous_choice_is_asked_in_turn_and_hidden_from_the_later_players() -> None:
    game = _game("guts", stacks=10)
    deals = [f"deal {card}" for card in ("As", "Ah", "Ad", "2c", "7d", "9h")]
    went_in = _play(game.new_initial_state(), *deals)
    stayed_out = went_in.clone()
    first = went_in.current_player()
    choices = [went_in.action_to_string(action) for action in went_in.legal_actions()]
    _play(went_in, choices[0])
    _play(stayed_out, choices[1])
    second = went_in.current_player()
    assert second == stayed_out.current_player() != first
    assert went_in.information_state_string(second) == stayed_out.information_state_string(second)
    assert went_in.information_state_tensor(second) == stayed_out.information_state_tensor(second)
    assert went_in.information_state_string(first) != stayed_out.information_state_string(first)


def _advance(state: Any, choose: Callable[[list[str]], str], until: Callable[[Any], bool]) -> Any:
    """Play ``state`` on, chance taking the first card, seats as ``choose`` says, until ``until``."""
    while not until(state):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        options = {state.action_to_string(action): action for action in state.legal_actions()}
        state.apply_action(options[choose(sorted(options))])
    return state


def test_cards_are_named_one_at_a_time_then_done() -> None:
    game = _game("draw", stacks=20)
    state = _advance(game.new_initial_state(), _passive, _drawing)
    seat = state.current_player()
    down = list(state.hand.down[seat])
    _play(state, f"draw {down[1]}")
    assert state.current_player() == seat and "picked draw [1]" in state.information_state_string(seat)
    _play(state, f"draw {down[3]}", "draw done")
    assert state.is_chance_node()  # the two new cards
    _advance(state, _passive, lambda state: not state.is_chance_node())
    draws = [action for who, action in state.hand.actions if who == seat and action.kind == "draw"]
    assert draws[-1].cards == (down[1], down[3])


def _passive(options: list[str]) -> str:
    """Check or call when possible, stand pat when drawing."""
    for wanted in ("check", "call", "draw done", "bring_in"):
        for option in options:
            if option.startswith(wanted):
                return option
    return options[0]


def _drawing(state: Any) -> bool:
    return not state.is_chance_node() and any(
        state.action_to_string(action) == "draw done" for action in state.legal_actions()
    )


def test_no_limit_raises_are_the_least_fractions_of_the_pot_and_all_in() -> None:
    game = _game("holdem", stacks=100, bet_sizes="0.5 1")
    state = _advance(game.new_initial_state(), _passive, lambda state: not state.is_chance_node())
    raises = [text for text in map(state.action_to_string, state.legal_actions()) if text.startswith("raise_to")]
    # the blinds 1 and 2: to call 1 makes the pot 4; half the pot raises to 4, the pot to 6
    assert raises == ["raise_to 4", "raise_to 6", "raise_to 100"]


def test_a_reshuffle_deals_from_the_muck() -> None:
    """Six players drawing five cards each run the stock out: the muck is reshuffled, and its cards
    come one at a time from chance too; no card is ever held twice."""
    game = _game("2-7-triple-draw", players=6, stacks=50)

    def draw_everything(options: list[str]) -> str:
        named = [option for option in options if option.startswith("draw ") and option != "draw done"]
        return named[0] if named else _passive(options)

    def reshuffling(state: Any) -> bool:
        node = state._deal.node
        return state.is_chance_node() and len(node.decided) >= len(node.stream.shuffles[0])

    state = _advance(game.new_initial_state(), draw_everything, reshuffling)
    stream = state._deal.node.stream
    muck = set(stream.shuffles[1])
    outcomes = {game.cards[outcome] for outcome, _ in state.chance_outcomes()}
    assert outcomes == muck - set(state._deal.node.decided[len(stream.shuffles[0]) :])
    assert muck <= set(state._deal.node.decided)  # the muck is cards dealt before

    def no_card_twice(state: Any) -> bool:
        node = state._deal.node  # the hand copied on from before the reshuffle, as dealt from the start
        assert openspiel._Node.replay(game, node.decided, node.actions).hand.deck.cards == node.hand.deck.cards
        if not state.is_chance_node() and state.hand is not None:
            held = [card for seat in range(6) for card in state.hand.cards(seat)]
            assert len(held) == len(set(held))
        return bool(state.is_terminal())

    _advance(state, draw_everything, no_card_twice)
    assert any(isinstance(event, Reshuffled) for event in state.hand.events)


def test_house_rules_and_bad_parameters() -> None:
    capped = [_game("stud", players=3, options=f"cap:{cap}").max_game_length() for cap in (2, 6)]
    assert capped[0] < capped[1]
    with pytest.raises(ValueError, match="2 to 10 players"):
        _game("holdem", players=11)
    with pytest.raises(Exception, match="name:value"):
        _game("holdem", options="cap")


def test_kuhn_is_openspiels_kuhn_poker() -> None:
    """The uniform policy is as exploitable in our Kuhn poker as in OpenSpiel's own."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    ours, theirs = _game("kuhn"), pyspiel.load_game("kuhn_poker")
    expected = exploitability.exploitability(theirs, policy.UniformRandomPolicy(theirs))
    assert exploitability.exploitability(ours, policy.UniformRandomPolicy(ours)) == pytest.approx(expected)


def test_the_game_documents_of_the_docs_play(tmp_path: Path) -> None:
    """docs/openspiel.md's games (Leduc hold'em, six-card Guts) load and pass OpenSpiel's checks."""
    text = (Path(__file__).parent.parent / "docs" / "openspiel.md").read_text(encoding="utf-8")
    documents = [block.split("```", 1)[0] for block in text.split("```toml\n")[1:]]
    shapes = []
    for number, document in enumerate(documents):
        path = tmp_path / f"game{number}.toml"
        path.write_text(document, encoding="utf-8")
        game = _game(str(path), stacks=10)
        shapes.append((game.num_distinct_actions(), game.max_chance_outcomes()))
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert shapes == [(12, 6), (228, 6)]


def test_public_and_all_players_observations() -> None:
    from open_spiel.python.observation import make_observation

    game = _game("kuhn")
    state = _play(game.new_initial_state(), "deal Ks", "deal Js")
    kinds = pyspiel.PrivateInfoType
    seen = {}
    for kind in (kinds.NONE, kinds.SINGLE_PLAYER, kinds.ALL_PLAYERS):
        observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, private_info=kind))
        observer.set_from(state, 0)
        text = observer.string_from(state, 0)
        seen[kind] = ("Ks" in text, "Js" in text, int(observer.dict["seen"].sum()))
    assert seen[kinds.NONE] == (False, False, 0)  # the spectator's view
    assert seen[kinds.SINGLE_PLAYER] == (True, False, 1)
    assert seen[kinds.ALL_PLAYERS] == (True, True, 2)


@pytest.mark.parametrize(("name", "players"), [("stud", 3), ("2-7-triple-draw", 6), ("anaconda", 3), ("holdem", 3)])
def test_a_state_holds_the_hand_its_history_makes(name: str, players: int) -> None:
    """Each state's hand is its parent's copied and moved on one step, never the history replayed:
    it is the hand that dealing the decided cards and playing the actions from the start makes
    (its views, events, deck and who is to act), cards named one at a time included."""
    game = _game(name, players=players, stacks=50)
    rng = random.Random(name)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            node = state._deal.node
            fresh = openspiel._Node.replay(game, node.decided, node.actions)
            assert (fresh.dealing, fresh.player) == (node.dealing, node.player)
            assert fresh.hand.deck.cards == node.hand.deck.cards and fresh.hand.events == node.hand.events
            if not node.dealing:
                for seat in (None, *range(players)):
                    assert fresh.hand.view(seat) == node.hand.view(seat)
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
