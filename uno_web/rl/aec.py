# uno_web: cli-only
"""UNO as a PettingZoo AEC environment, for every rule set and 2 to 10 players.

    from uno_web.rl import env
    e = env(players=4, rules="house-party")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

**Agents** are ``player_0`` … ``player_{n-1}``, seat ``i`` being ``player_i``.

**Actions** are :class:`~uno_web.rl.actions.ActionTable`'s numbers: every distinct move, with
relative targets. **Observations** are ``{"observation": vector, "action_mask": int8 mask}``
(PettingZoo's classic convention): the vector is built by
:class:`~uno_web.rl.encoding.ObservationEncoder` from
:func:`~uno_web.core.observation.observe` of the seat alone; the mask comes from
:func:`~uno_web.core.engine.legal_moves` of the agent to act (all zeros for any other agent).

**Out-of-turn moves** (catching a missed UNO call, calling UNO late, jumping in) happen in
*reaction windows*. After every move, and after the deal, each seat that is not on turn and has
a legal move gets the choice, one at a time, in a random order drawn from the game's seed: it
takes one of its moves or ``PASS`` (let it go). A reaction is applied at once and the window
starts again with a new order (a caught player may call, another may jump in on the jump-in);
when every seat has let it go, the seat on turn acts. This is
:func:`uno_web.ai.match.run_reactions`'s procedure, the one the bots' tournaments use, with
agents instead of bots. Seats with nothing to react with are never asked, so most steps have no
window at all.

**Rounds**: an episode is a whole game under the rule set's scoring (``single-round``, first to
the target, or elimination). A finished round is dealt again at once (``NEXT_ROUND`` by the
first seat still in the game, as the tournaments do) unless ``auto_next_round=False``, when that
seat gets it as its only legal action.

**Rewards** come at the end: the winner +1, every other seat ``-1/(n-1)`` (zero-sum; +1/-1 with
two players). A seat knocked out under elimination scoring gets its ``-1/(n-1)`` and is
terminated when it is knocked out. Reaching ``max_steps`` truncates every agent with reward 0.

**Illegal actions** are answered by the validator (:func:`~uno_web.core.engine.check`): the
acting agent's ``info`` gets ``illegal_move: True`` and the verdict's ``reason`` code,
``message``, ``explanation`` and ``rule``. With ``illegal="terminate"`` (the default, PettingZoo's
classic convention, as ``TerminateIllegalWrapper``) the game ends: the culprit gets
``illegal_reward``, the others 0, every agent is terminated. With ``illegal="penalize"`` the
move is refused, the state is unchanged, the culprit gets ``illegal_reward`` and acts again. An
action number outside the space gets the verdict ``E_MALFORMED``.

**Seeds**: ``reset(seed=k)`` deals exactly ``new_game(rules, players, k)`` and the reaction
order is drawn from ``k``; the same seed and the same actions replay the same game. A reset
without a seed draws the next game's seed from the generator the last seeded reset started.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from ..ai.seeds import driver_rng
from ..core.catch_window import any_open
from ..core.engine import check, legal_moves, new_game, step
from ..core.moves import Move, MoveKind
from ..core.observation import Observation, observe
from ..core.rules import RuleSet, ruleset_of
from ..core.state import GameState, Phase
from .actions import ActionTable
from .encoding import ObservationEncoder

__all__ = ["UnoEnv", "env", "raw_env", "ILLEGAL_MODES"]

ILLEGAL_MODES = ("terminate", "penalize")
_INT8 = np.dtype(np.int8)
_GAME_OVER, _ROUND_OVER, _NEXT_ROUND = Phase.GAME_OVER, Phase.ROUND_OVER, MoveKind.NEXT_ROUND
MAX_REACTIONS = 64  # reactions in one window (each changes the state, so windows end anyway)


def may_react(s: GameState) -> bool:
    """False when no seat but the one on turn can have a legal move: nobody to catch or to call
    UNO late (one card, not called) and no jump-in window. A quick test before asking
    ``legal_moves`` of every seat (tests/rl holds it to ``legal_moves``)."""
    r = s.r
    if r.jump_in and s.jump_window:
        return True
    if not r.uno_call:
        return False
    if any_open(s):
        return True
    called = s.called
    turn = s.turn
    for seat, hand in enumerate(s.hands):
        if len(hand) == 1 and not called[seat] and seat != turn:
            return True
    return False


class UnoEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """The raw AEC environment (use :func:`env` for the order-enforcing wrapper)."""

    metadata: dict[str, Any] = {"name": "uno_web_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        rules: "RuleSet | str | None" = None,
        *,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        max_steps: int = 20_000,
        auto_next_round: bool = True,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
            raise ValueError(f"players must be 2 to 10, not {players!r}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        self.rules = ruleset_of(rules)
        new_game(self.rules, players, 0)  # too many players for the hand size: ValueError now
        self.players = players
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.auto_next_round = auto_next_round
        self.render_mode = render_mode
        self.table = ActionTable(self.rules.deck, players)
        self._no_moves = bytearray(self.table.size)
        self.encoder = ObservationEncoder(self.rules, players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self.observation_spaces = {a: self._space() for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: GameState = new_game(self.rules, players, 0)
        self.game_seed = 0
        self.history: list[Move] = []
        self.agents: list[str] = []

    def _space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(low=np.zeros_like(self.encoder.high), high=self.encoder.high,
                                      dtype=np.uint8),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.table.size,), dtype=np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --------------------------------------------------------------------------------------
    # reset and the agent to act
    # --------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.getrandbits(62)
        self.game_seed = game_seed
        self.game = new_game(self.rules, self.players, game_seed)
        self._order = driver_rng(game_seed, "reaction order")  # reaction windows (as ai.match)
        self.history = []
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._window: list[int] | None = None
        self._reactions = 0
        self._rewarded = False
        self._skip_agent_selection = None
        self._next_actor()

    def _next_actor(self) -> None:
        """Deal a finished round, offer a reaction window or hand the turn over: sets
        ``agent_selection`` and the legal actions of that agent."""
        s = self.game
        while True:
            phase = s.phase
            if phase == _GAME_OVER:
                self._game_over()
                return
            if phase == _ROUND_OVER:
                self._window = None
                seat = s.active_seats()[0]
                if self.auto_next_round:
                    self._apply(Move(MoveKind.NEXT_ROUND, seat))
                    continue
                self._select(seat, legal_moves(s, seat), reacting=False)
                return
            if self._window is None:
                self._window = self._reacting_seats()
            while self._window:
                seat = self._window.pop()
                moves = legal_moves(s, seat)
                if moves:
                    self._select(seat, moves, reacting=True)
                    return
            self._select(s.turn, legal_moves(s, s.turn), reacting=False)
            return

    def _reacting_seats(self) -> list[int]:
        """The seats to offer a reaction window, in the order they are asked (last first), or
        none."""
        s = self.game
        if self._reactions >= MAX_REACTIONS or not may_react(s):
            return []
        turn = s.turn
        seats = [t for t in range(s.n) if t != turn and s.active[t]]
        self._order.shuffle(seats)
        seats.reverse()  # popped from the end
        return seats

    def _select(self, seat: int, moves: list[Move], reacting: bool) -> None:
        index = self.table.index[seat]
        try:
            legal: dict[int, Move | None] = {index[m]: m for m in moves}
        except KeyError as exc:  # pragma: no cover - the action table covers legal_moves
            raise AssertionError(f"legal move {exc.args[0]} has no action") from None
        if reacting:
            legal[self.table.pass_action] = None  # let it go
        self._legal = legal
        mask = self._no_moves[:]
        for i in legal:
            mask[i] = 1
        self._mask = mask  # the acting agent's mask (observe hands out copies)
        self._seat = seat
        self.reacting = reacting
        self.agent_selection = self.possible_agents[seat]

    def legal_moves(self) -> list[Move]:
        """The engine's legal moves of the agent to act (bots choose from these); in a reaction
        window ``PASS`` is not among them: a bot's ``None`` is the pass."""
        return [m for m in self._legal.values() if m is not None]

    def seat_observation(self, seat: int) -> Observation:
        """:func:`observe` of ``seat``: what the seat may see, for bots and debugging."""
        return observe(self.game, seat)

    # --------------------------------------------------------------------------------------
    # observing
    # --------------------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.seat_of[agent]
        vec = self.encoder.encode(observe(self.game, seat))
        if agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent)
        ):
            mask = self._mask[:]
        else:
            mask = self._no_moves[:]
        return {"observation": vec, "action_mask": np.frombuffer(mask, _INT8)}

    # --------------------------------------------------------------------------------------
    # stepping
    # --------------------------------------------------------------------------------------

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if agent in self.infos and self.infos[agent]:
            self.infos[agent] = {}
        try:
            number = int(action)
            key = number if number == action else -1
        except (TypeError, ValueError, OverflowError):
            key = -1
        if key in self._legal:
            move = self._legal[key]
            if move is None:  # PASS in a reaction window: let it go
                self._next_actor()
                return
            self._apply(move)
            self.steps += 1
            if self.steps >= self.max_steps and self.game.phase != _GAME_OVER:
                self._truncate()
                return
            self._next_actor()
            self._knock_out()
            return
        self._refuse(agent, action, key)

    _rewarded = False

    def _apply(self, move: Move) -> None:
        step(self.game, move)  # a move from self._legal: legal_moves listed it
        self.history.append(move)
        if move.kind == _NEXT_ROUND:
            self._reactions = 0
        elif self._window is not None and move.seat != self.game.turn:
            self._reactions += 1
        else:
            self._reactions = 0
        self._window = None

    def _refuse(self, agent: str, action: Any, key: int) -> None:
        """An action that is not legal now: the validator's verdict goes in the agent's info."""
        seat = self._seat
        if 0 <= key < self.table.size:
            move: object = self.table.moves[seat][key]
        else:
            move = action  # not an action number: check() says E_MALFORMED
        verdict = check(self.game, move)  # type: ignore[arg-type]
        # only a move the house rules accept at a cost (a P_ verdict) may be ok here: the
        # environment takes moves from the action mask, never a costly mistake
        assert not verdict.ok or verdict.penalized, (move, "check() accepts a move legal_moves did not list")
        self.infos[agent] = {
            "illegal_move": True, "action": key if key >= 0 else None,
            "reason": verdict.code.value, "message": verdict.message,
            "explanation": verdict.explanation, "rule": verdict.rule,
        }
        self.rewards[agent] = self.illegal_reward
        self._rewarded = True
        if self.illegal == "terminate":
            EnvLogger.warn_on_illegal_move()
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def _knock_out(self) -> None:
        """Elimination scoring: terminate the agents of seats that went out of the game."""
        s = self.game
        if s.n_active == s.n or s.phase == Phase.GAME_OVER:
            return
        loss = -1.0 / (self.players - 1)
        out = False
        for agent in self.agents:
            if not s.active[self.seat_of[agent]] and not self.terminations[agent]:
                self.terminations[agent] = True
                self.rewards[agent] = loss
                out = True
        if out:
            self._rewarded = True
            self._accumulate_rewards()
            self._deads_step_first()

    def _game_over(self) -> None:
        s = self.game
        winner = s.winner
        loss = -1.0 / (self.players - 1)
        for agent in self.agents:
            if not self.terminations[agent]:
                self.terminations[agent] = True
                self.rewards[agent] = 1.0 if self.seat_of[agent] == winner else loss
        self._rewarded = True
        self._accumulate_rewards()
        self._legal = {}
        self._mask = self._no_moves

    def _truncate(self) -> None:
        self.truncations = dict.fromkeys(self.agents, True)
        self._legal = {}
        self._mask = self._no_moves

    # --------------------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        s = self.game
        lines = [repr(s)]
        if self.history:
            lines.append("last moves: " + " ".join(str(m) for m in self.history[-8:]))
        lines.append(f"to act: {self.agent_selection}"
                     + (" (reaction window)" if getattr(self, "reacting", False) else ""))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


raw_env = UnoEnv


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks on its hot path, reached
    without its generic ``__getattr__`` forwarding (a failed attribute lookup, a set built and
    a second lookup, for each of the several reads a step makes): the names an agent loop reads
    every step are properties, and ``last`` asks the environment once."""

    def _read(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    agents = property(lambda self: self._read("agents"))
    agent_selection = property(lambda self: self._read("agent_selection"))
    rewards = property(lambda self: self._read("rewards"))
    terminations = property(lambda self: self._read("terminations"))
    truncations = property(lambda self: self._read("truncations"))
    infos = property(lambda self: self._read("infos"))
    _cumulative_rewards = property(lambda self: self._read("_cumulative_rewards"))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if observe and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)


def env(**kwargs: Any) -> Any:
    """The environment as PettingZoo's classic environments come: :class:`UnoEnv` inside
    ``OrderEnforcingWrapper`` (errors for stepping before a reset and the like; a subclass
    whose per-step reads skip the wrapper's generic attribute forwarding). Illegal moves
    are the raw environment's own business (its ``illegal`` option), so no
    ``TerminateIllegalWrapper``: that wrapper would answer from the mask alone, without the
    validator's reason."""
    return _OrderEnforcing(UnoEnv(**kwargs))
