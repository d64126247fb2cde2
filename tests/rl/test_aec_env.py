"""The PettingZoo environment: PettingZoo's own API and seed tests, the action table held to
legal_moves, observations that depend on the seat's observation alone, reaction windows, illegal
actions answered by the validator, seeded replays."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from uno_web.core import PRESETS, RuleSet, apply, legal_moves, new_game, observe  # noqa: E402
from uno_web.core.moves import MoveKind, shape_problem  # noqa: E402
from uno_web.core.observation import sample_state  # noqa: E402
from uno_web.core.state import Phase  # noqa: E402
from uno_web.rl import ActionTable, UnoEnv, env  # noqa: E402
from uno_web.rl.aec import may_react  # noqa: E402

ROUND = RuleSet(scoring="single-round")


def play(e, rng: random.Random, limit: int = 10_000, rewards: dict[str, float] | None = None):  # type: ignore[no-untyped-def]
    """Random legal actions until every agent is done; yields (agent, obs, action). The reward
    each agent collects (last()'s, at each of its turns and its final step) goes in ``rewards``."""
    for _ in range(limit):
        if not e.agents:
            return
        agent = e.agent_selection
        obs, reward, terminated, truncated, _ = e.last()
        if rewards is not None:
            rewards[agent] = rewards.get(agent, 0.0) + reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[int(rng.random() * len(legal))])
        yield agent, obs, action
        e.step(action)


@pytest.mark.parametrize("players, preset", [
    (2, "official"), (4, "house-party"), (3, "playing-cards"), (3, "classic-notes"),
    (10, "duo-default"),
])
def test_pettingzoo_api_test(players, preset):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Dict observation's advice, as for classic envs
        api_test(env(players=players, rules=preset), num_cycles=200)


def test_pettingzoo_seed_test():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(players=3, rules="house-party"), num_cycles=200)


def test_the_action_table_covers_every_legal_move_of_every_preset_and_table_size():
    rng = random.Random(5)
    for preset, rules in PRESETS.items():
        for players in range(2, 11):
            try:
                s = new_game(rules.model_copy(update={"scoring": "single-round"}), players, players)
            except ValueError:  # too many players for the deck
                continue
            table = ActionTable(rules.deck, players)
            assert len({a for a in table.actions}) == table.size
            for seat in range(players):
                for i, m in enumerate(table.moves[seat]):
                    assert shape_problem(m) is None and table.index[seat][m] == i
            for _ in range(300):
                if s.phase >= Phase.ROUND_OVER:
                    break
                for seat in range(players):
                    for m in legal_moves(s, seat):
                        assert table.moves[seat][table.action_of(m)] == m, (preset, m)
                moves = legal_moves(s, s.turn)
                s = apply(s, moves[int(rng.random() * len(moves))]).state


def test_every_kind_of_move_has_actions():
    table = ActionTable("uno", 4)
    assert {a.kind for a in table.actions} == set(MoveKind)
    names = {table.name(i) for i in range(table.size)}
    assert {"P:R7>+3!", "P:W+4=B", "D", "K", "O=G", "U", "C>+1", "X", "A", "N"} <= names


def test_reaction_windows_are_offered_whenever_a_seat_off_turn_may_move():
    rng = random.Random(1)
    for preset in ("official", "house-party", "duo-default"):
        for players in (2, 3, 5):
            s = new_game(PRESETS[preset].model_copy(update={"scoring": "single-round"}), players, 9)
            for _ in range(400):
                if s.phase >= Phase.ROUND_OVER:
                    break
                off_turn = [m for t in range(players) if t != s.turn for m in legal_moves(s, t)]
                assert may_react(s) or not off_turn, (preset, off_turn)
                moves = off_turn + legal_moves(s, s.turn)
                s = apply(s, moves[int(rng.random() * len(moves))]).state


def test_a_missed_uno_call_opens_a_window_with_pass_and_the_catch():
    e = UnoEnv(3, ROUND)
    rng = random.Random(3)
    seen = 0
    for game in range(30):
        e.reset(seed=game)
        for agent, obs, action in play(e, rng):
            if e.reacting and e.agent_selection == agent:
                mask = obs["action_mask"]
                kinds = {e.table.actions[i].kind for i in np.flatnonzero(mask)}
                assert mask[e.table.pass_action] == 1
                assert kinds <= {MoveKind.PASS, MoveKind.CATCH, MoveKind.CALL_UNO, MoveKind.PLAY}
                assert e.seat_of[agent] != e.game.turn
                seen += 1
    assert seen > 10


def test_observations_depend_on_the_seats_observation_only():
    """Deal the hidden cards again (other hands, draw pile): the vector does not change."""
    e = UnoEnv(4, PRESETS["house-party"])
    rng = random.Random(2)
    e.reset(seed=4)
    checked = 0
    for agent, obs, _action in play(e, rng, 300):
        seat = e.seat_of[agent]
        other = sample_state(observe(e.game, seat), rng)
        again = e.encoder.encode(observe(other, seat))
        assert np.array_equal(again, obs["observation"])
        assert e.observation_space(agent).contains(obs)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("mode", ["terminate", "penalize"])
def test_an_illegal_action_is_answered_by_the_validator(mode):
    e = UnoEnv(2, ROUND, illegal=mode)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = next(i for i in range(e.table.size)
               if not mask[i] and e.table.actions[i].kind == MoveKind.PLAY)
    before = e.game.snapshot()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(bad)
    info = e.infos[agent]
    assert info["illegal_move"] and info["reason"].startswith("E_")
    assert info["message"].startswith(info["reason"] + ": ") and info["explanation"]
    assert e._cumulative_rewards[agent] == -1.0
    assert e.game.snapshot() == before
    if mode == "terminate":
        assert all(e.terminations.values())
        other = next(a for a in e.agents if a != agent)
        assert e._cumulative_rewards[other] == 0
    else:
        assert not any(e.terminations.values()) and e.agent_selection == agent
        e.step(10**9)  # not an action number at all
        assert e.infos[agent]["reason"] == "E_MALFORMED"
        legal = int(np.flatnonzero(e.observe(agent)["action_mask"])[0])
        e.step(legal)
        assert e.infos[agent] == {}


def test_a_seeded_reset_replays_and_the_history_replays_through_the_safe_api():
    rules = PRESETS["house-party"].model_copy(update={"scoring": "single-round"})
    runs = []
    for _ in range(2):
        e = UnoEnv(3, rules)
        e.reset(seed=11)
        rng = random.Random(7)
        trace = [(agent, action, obs["observation"].tobytes())
                 for agent, obs, action in play(e, rng, 2_000)]
        runs.append((trace, e.game.snapshot(), list(e.history)))
    assert runs[0] == runs[1]
    _trace, final, history = runs[0]
    s = new_game(rules, 3, 11)
    for move in history:
        s = apply(s, move).state
    assert s.snapshot() == final


def test_rewards_are_zero_sum_and_every_agent_finishes_under_elimination():
    rules = PRESETS["classic-notes"].model_copy(update={"elimination_threshold": 60})
    e = UnoEnv(4, rules)
    e.reset(seed=3)
    total: dict[str, float] = {}
    for _ in play(e, random.Random(4), 50_000, total):
        pass
    assert not e.agents and e.game.phase == Phase.GAME_OVER
    assert e.game.n_active < 4  # somebody was knocked out before the end
    assert max(total.values()) == 1.0 and abs(sum(total.values())) < 1e-9


@pytest.mark.parametrize("preset", ["official", "house-party"])
def test_the_mask_is_the_actions_of_the_legal_moves_and_a_fresh_copy(preset: str) -> None:
    rules = PRESETS[preset].model_copy(update={"scoring": "single-round"})
    e = UnoEnv(3, rules, illegal="penalize")
    e.reset(seed=11)
    rng = random.Random(11)
    checked = 0
    for agent, obs, action in play(e, rng):
        mask = obs["action_mask"]
        want = {e.table.action_of(m) for m in e.legal_moves()}
        if e.reacting:
            want.add(e.table.pass_action)
        assert set(np.flatnonzero(mask).tolist()) == want
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        mask[:] = 0  # the agent's own copy: the environment's next answer is unchanged
        assert set(np.flatnonzero(e.observe(agent)["action_mask"]).tolist()) == want
        if checked % 7 == 0:  # an illegal action (penalize: refused, the same agent acts again)
            wrong = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
            e.step(wrong)
            assert e.agent_selection == agent and e.infos[agent]["illegal_move"]
            assert set(np.flatnonzero(e.observe(agent)["action_mask"]).tolist()) == want
        checked += 1
    assert checked > 50 and not e.agents  # the game ended: nobody has an action left
    assert all(not e.observe(a)["action_mask"].any() for a in e.possible_agents)


def test_the_wrapper_keeps_pettingzoos_order_checks() -> None:
    e = env(players=2)
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos",
                 "num_agents"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    with pytest.raises(AssertionError, match="reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    e.reset(seed=3)
    raw = e.unwrapped
    assert e.agents == raw.agents and e.agent_selection == raw.agent_selection
    obs, reward, terminated, truncated, info = e.last()
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
    assert (obs["action_mask"] == raw.observe(raw.agent_selection)["action_mask"]).all()
