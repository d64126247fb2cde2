"""The batched engine on its own: invariants checked on the device at every step of a small
batch, illegal actions, rule sets it refuses (naming the toggle), bad deck orders, and that
none of it reaches the browser."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

from uno_web.batched import BatchedUno, State, UnsupportedRules, unsupported_toggles  # noqa: E402
from uno_web.batched.engine import _take  # noqa: E402
from uno_web.core.rules import PRESETS, RuleSet  # noqa: E402
from uno_web.core.state import deck_cards  # noqa: E402
from uno_web.site.manifest import browser_modules  # noqa: E402

PLAYERS = 4
BATCH = 48


@pytest.fixture(scope="module")
def env() -> BatchedUno:
    """Official rules, finished games left as they are until reset_done (compiled once)."""
    return BatchedUno("official", PLAYERS, auto_reset=False, max_steps=200)


def _invariants(env: BatchedUno) -> Any:
    t = env.tables
    copies = np.bincount(t.deck, minlength=t.C)

    @jax.jit
    def check(s: State) -> Any:
        hands = s.hands.astype(jnp.int32)
        pile = jax.vmap(lambda d, k: jnp.zeros(t.C, jnp.int32).at[d.astype(jnp.int32)].add(
            (jnp.arange(t.D) < k).astype(jnp.int32)))(s.draw, s.draw_n)
        per_card = hands.sum(axis=1) + s.discard.astype(jnp.int32) + pile
        return {
            "every card of the deck accounted for": (per_card == jnp.asarray(copies)).all(axis=1),
            "no hand negative": (hands >= 0).all(axis=(1, 2)),
            "no pile negative": (s.draw_n >= 0) & (s.discard >= 0).all(axis=1),
            "the top card is on the discard pile": jnp.take_along_axis(
                s.discard, s.top[:, None], axis=1)[:, 0] > 0,
            "a mask for every game in play": s.legal_action_mask.any(axis=1)
            | s.terminated | s.truncated,
        }

    return check


def _game(s: Any, g: int) -> list[Any]:
    """Game ``g``'s fields (the step's outputs aside)."""
    skip = {"key", "rewards", "winner"}
    return [np.asarray(getattr(s, f))[g] for f in State._fields if f not in skip]


def test_invariants_at_every_step_and_finished_games_unchanged(env: BatchedUno) -> None:
    check = _invariants(env)
    s = env.init(jax.random.key(3), BATCH)
    rng = np.random.default_rng(3)
    ended_at: dict[int, list[Any]] = {}
    for step in range(420):
        for name, ok in check(s).items():
            bad = np.flatnonzero(~np.asarray(ok))
            assert not len(bad), f"step {step}: {name} fails in games {bad.tolist()}"
        for g, fields in ended_at.items():
            for f, a, b in zip([f for f in State._fields if f not in {"key", "rewards", "winner"}],
                               fields, _game(s, g)):
                assert np.array_equal(a, b), f"step {step}: finished game {g} changed {f}"
        mask = np.asarray(s.legal_action_mask)
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        s = env.step(s, actions)
        for g in np.flatnonzero(np.asarray(s.terminated | s.truncated)):
            ended_at.setdefault(int(g), _game(s, int(g)))
    assert len(ended_at) >= 5  # games to 500 points or truncated at 200 steps
    # dealt again: fresh games where they ended, the others untouched
    before = s
    s = env.reset_done(s)
    for name, ok in check(s).items():
        assert np.asarray(ok).all(), name
    for g in range(BATCH):
        if g in ended_at:
            assert not bool(s.terminated[g]) and not bool(s.truncated[g])
            assert np.asarray(s.scores[g]).sum() == 0 and int(s.steps[g]) == 0
            assert int(s.deals[g]) == int(before.deals[g]) + 1
            assert np.asarray(s.legal_action_mask[g]).any()
        else:
            for a, b in zip(_game(before, g), _game(s, g)):
                assert np.array_equal(a, b)


def test_an_illegal_action_ends_the_game_for_its_player(env: BatchedUno) -> None:
    s = env.init(jax.random.key(5), BATCH)  # the batch size compiled above: no new compile
    mask = np.asarray(s.legal_action_mask)
    actions = mask.argmax(axis=1)
    illegal = int(np.flatnonzero(~mask[0])[0])
    actions[0] = illegal
    actions[1] = env.num_actions + 7  # not an action number at all
    seat0, seat1 = int(s.current_player[0]), int(s.current_player[1])
    s2 = env.step(s, actions)
    assert bool(s2.terminated[0]) and bool(s2.terminated[1])
    assert not bool(s2.terminated[2]) and not bool(s2.terminated[3])
    want = np.zeros(PLAYERS)
    want[seat0] = -1.0
    assert np.asarray(s2.rewards[0]).tolist() == want.tolist()
    want = np.zeros(PLAYERS)
    want[seat1] = -1.0
    assert np.asarray(s2.rewards[1]).tolist() == want.tolist()
    # the refused action changed nothing in the game but its end
    names = [f for f in State._fields if f not in {"key", "rewards", "winner"}]
    for f, a, b in zip(names, _game(s, 0), _game(s2, 0)):
        if f not in {"terminated", "legal_action_mask"}:
            assert np.array_equal(a, b), f
    assert not np.asarray(s2.legal_action_mask[0]).any()


def test_the_reaction_window_asks_each_candidate_seat_equally_often(env: BatchedUno) -> None:
    """Seat 1 holds one card and may be caught: seats 1 (a late call), 2 and 3 (a catch) may
    react while seat 0 is on turn; the next seat asked is one of them, each a third of the
    time (one random word a game picks it)."""
    B = 3000
    s = _take(env.init(jax.random.key(9), BATCH), jnp.zeros(B, jnp.int32))  # game 0, B times
    hand = np.zeros((PLAYERS, env.tables.C), np.int8)
    hand[:, 0] = [3, 1, 2, 2]  # seat 1 holds one card
    s = s._replace(hands=jnp.broadcast_to(jnp.asarray(hand), s.hands.shape),
                   turn=jnp.zeros(B, jnp.int32), phase=jnp.zeros(B, jnp.int32),
                   called=jnp.zeros((B, PLAYERS), bool),
                   vuln=jnp.zeros((B, PLAYERS), bool).at[:, 1].set(True),
                   asked=jnp.zeros((B, PLAYERS), bool), reactions=jnp.zeros(B, jnp.int32))
    out = jax.jit(env._engine._select_all)(s, jax.random.key(4))
    picked = np.asarray(out.current_player)
    assert np.asarray(out.reacting).all()
    counts = np.bincount(picked, minlength=PLAYERS)
    assert counts[0] == 0, "the seat on turn is not asked in a reaction window"
    # each of the three a third of the time: 1,000 expected, sd about 26
    assert all(abs(c - B / 3) < 130 for c in counts[1:]), counts.tolist()


@pytest.mark.parametrize("preset,toggles", [
    ("house-party", ["jump_in = true"]),
    ("everything-goes", ["jump_in = true", "play_same_number = true", "skip_passes_penalty = true",
                         "reverse_returns_draw_two = true"]),
    ("classic-notes", ["scoring = elimination", "wild_draws_one = true",
                       "wild_last_resort = true", "no_action_card_last = true"]),
    ("strict-table", ["no_wild_finish = true", "no_draw_card_finish = true"]),
    ("playing-cards", ["deck = playing-cards", "first_card = lead-any", "reshuffle = turn-over"]),
])
def test_unsupported_presets_are_refused_naming_the_toggles(preset: str, toggles: list[str]) -> None:
    with pytest.raises(UnsupportedRules) as exc:
        BatchedUno(preset, 4)
    for toggle in toggles:
        assert toggle in str(exc.value)
        assert toggle in exc.value.toggles


@pytest.mark.parametrize("rules,toggle", [
    (RuleSet(uno_catch_window="next-turn-end"), "uno_catch_window = next-turn-end"),
    (RuleSet(escalating_stack=True), "escalating_stack = true"),
    (RuleSet(reverse_returns_draw_four=True), "reverse_returns_draw_four = true"),
    (RuleSet(first_card="lead-any"), "first_card = lead-any"),
    (RuleSet(draw_answers="top-card"), "draw_answers = top-card"),
    (RuleSet(uno_catch_window="while-one-card"), "uno_catch_window = while-one-card"),
    (RuleSet(jump_in_window="while-on-top"), "jump_in_window = while-on-top"),
    (RuleSet(jump_in_wild=True), "jump_in_wild = true"),
    (RuleSet(uno_call_needs_fit=True), "uno_call_needs_fit = true"),
    (RuleSet(after_draw_play="any-card"), "after_draw_play = any-card"),
    (RuleSet(uno_repeat_call=True), "uno_repeat_call = true"),
    (RuleSet(draw_lapses=True), "draw_lapses = true"),
    (RuleSet(penalty_draw="one-by-one"), "penalty_draw = one-by-one"),
    (RuleSet(draw_takes_penalty=True), "draw_takes_penalty = true"),
    (RuleSet(draw_then_pass=True), "draw_then_pass = true"),
])
def test_an_unsupported_toggle_is_refused_by_name(rules: RuleSet, toggle: str) -> None:
    assert unsupported_toggles(rules) == [toggle]
    with pytest.raises(UnsupportedRules, match=toggle):
        BatchedUno(rules, 3)


def test_the_letsuno_classic_preset_is_refused_for_its_draws() -> None:
    refused = unsupported_toggles(PRESETS["letsuno-classic"])
    assert "draw_takes_penalty = true" in refused and "draw_then_pass = true" in refused


def test_supported_rule_sets_build_and_bad_tables_are_refused() -> None:
    for preset in ("official", "duo-uno-subset", "duo-default"):
        assert unsupported_toggles(PRESETS[preset]) == []
    # options that only act on moves outside the action mask are played
    assert unsupported_toggles(RuleSet(misplay_keeps_turn=True, self_catch=True,
                                       finish_keeps_turn=True, jump_in_same_number=False,
                                       misplay_may_pass=True, misplay_after_draw=True,
                                       forced_play_at_once=True)) == []
    with pytest.raises(ValueError, match="players must be 2 to 10"):
        BatchedUno("official", 11)
    with pytest.raises(ValueError, match="need more than the 108 cards"):
        BatchedUno(RuleSet(hand_size=11), 10)
    with pytest.raises(ValueError, match="batch must be"):
        BatchedUno("official", 2).init(jax.random.key(0), 0)


def test_deck_orders_must_be_permutations_of_the_deck() -> None:
    env = BatchedUno("official", 2)
    deck = list(deck_cards("uno"))
    with pytest.raises(ValueError, match="orders must be whole numbers"):
        env.init_from_orders(jax.random.key(0), np.array([deck[:-1]]))
    bad = deck[:]
    bad[0] = bad[1]
    with pytest.raises(ValueError, match=r"orders\[1\] is not a permutation"):
        env.init_from_orders(jax.random.key(0), np.array([deck, bad]))


def test_nothing_of_it_reaches_the_browser() -> None:
    assert not [m for m in browser_modules() if m.startswith("uno_web/batched")]


@pytest.mark.parametrize("preset,players", [("official", 2), ("duo-default", 7), ("official", 10)])
def test_the_spaces_are_the_pettingzoo_environments(preset: str, players: int) -> None:
    from uno_web.rl import UnoEnv

    pz = UnoEnv(players, preset)
    env = BatchedUno(preset, players)
    agent = pz.possible_agents[0]
    assert env.num_actions == pz.action_space(agent).n
    assert env.observation_size == pz.observation_space(agent)["observation"].shape[0]
    assert [a.name() for a in env.table.actions] == [a.name() for a in pz.table.actions]
