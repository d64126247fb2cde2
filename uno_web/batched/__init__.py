# uno_web: cli-only
"""UNO for accelerators: a batch of games stepped together by pure functions written for
``jax.numpy`` (jit-compiled; the same code on CPU and GPU), with the PettingZoo
environment's action numbers, observation vectors, masks, rewards and reaction windows.
Needs the ``jax`` extra (``pip install -e '.[jax]'``); never shipped to the browser.

    import jax
    from uno_web.batched import BatchedUno
    env = BatchedUno("official", players=4)
    state = env.init(jax.random.key(0), batch=1024)
    state = env.step(state, actions)        # int [batch]: one action per game

See ``docs/batched.md``.
"""

from __future__ import annotations

from typing import Any, cast

import jax
import jax.numpy as jnp
import numpy as np

from ..core.rules import RuleSet, ruleset_of
from ..rl.actions import ActionTable
from ..rl.encoding import ObservationEncoder
from .engine import Engine, State
from .tables import Tables, UnsupportedRules, build_tables, supported_presets, unsupported_toggles

__all__ = ["BatchedUno", "State", "UnsupportedRules", "unsupported_toggles", "supported_presets"]


class BatchedUno:
    """A table (rule set and number of players) and its jitted pure functions.

    * ``init(key, batch)`` deals ``batch`` new games;
    * ``init_from_orders(key, orders)`` deals them from deck orders (the core's card numbers,
      top first, one row a game), as ``uno_web.core.engine.new_game(deck_order=...)`` does;
    * ``step(state, actions)`` carries out one action per game for its ``current_player``;
    * ``reset_done(state)`` deals new games for the games that ended (``auto_reset=False``).

    ``auto_reset`` (default): a game that ends is dealt again in the same step; the step's
    ``rewards``, ``terminated``, ``truncated`` and ``winner`` tell of the game that ended,
    its observation and mask are the new game's. ``record`` keeps each game's last refill
    and deal orders in the state (for the lock-step test). An illegal action ends its game:
    the actor gets ``illegal_reward``, the others 0 (the PettingZoo environment's default,
    ``illegal="terminate"``). ``max_steps`` truncates a game as the environment does.
    """

    def __init__(self, rules: "RuleSet | str | None" = None, players: int = 2, *,
                 auto_reset: bool = True, record: bool = False, max_steps: int = 20_000,
                 illegal_reward: float = -1.0, lanes: int | None = None) -> None:
        self.rules = ruleset_of(rules)
        self.tables: Tables = build_tables(self.rules, players)
        self.players = players
        self.max_steps = max_steps
        self.table = ActionTable(self.rules.deck, players)
        self.encoder = ObservationEncoder(self.rules, players)
        self.num_actions = self.tables.A
        self.observation_size = self.tables.O
        self._engine = Engine(self.tables, auto_reset=auto_reset, record=record,
                              max_steps=max_steps, illegal_reward=illegal_reward, lanes=lanes)
        self._index = np.full(int(self.tables.core_card.max()) + 1, -1, np.int32)
        self._index[self.tables.core_card] = np.arange(self.tables.C)

    def init(self, key: jax.Array, batch: int) -> State:
        if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
            raise ValueError(f"batch must be a whole number of games, at least 1, not {batch!r}")
        return cast(State, self._engine.init(key, batch))

    def init_from_orders(self, key: jax.Array, orders: Any) -> State:
        """Deal one game a row of ``orders``: each row the deck's cards (the core's card
        numbers), top first, as ``new_game``'s ``deck_order``; ValueError otherwise."""
        rows = np.asarray(orders)
        deck = np.sort(self.tables.core_card[self.tables.deck])
        if rows.ndim != 2 or rows.shape[1] != self.tables.D or not np.issubdtype(rows.dtype, np.integer):
            raise ValueError(f"orders must be whole numbers, one row of {self.tables.D} cards a "
                             f"game, not an array of shape {rows.shape}")
        if not (np.sort(rows, axis=1) == deck).all():
            bad = int(np.flatnonzero(~(np.sort(rows, axis=1) == deck).all(axis=1))[0])
            raise ValueError(f"orders[{bad}] is not a permutation of the deck")
        return cast(State, self._engine.init_from_orders(key, jnp.asarray(self._index[rows])))

    def step(self, state: State, actions: Any) -> State:
        return cast(State, self._engine.step(state, jnp.asarray(actions)))

    def reset_done(self, state: State) -> State:
        return cast(State, self._engine.reset_done(state))

    def cards(self, indexes: Any) -> "np.ndarray[Any, Any]":
        """The core's card numbers of card indexes (as in ``State.draw`` or the orders)."""
        return self.tables.core_card[np.asarray(indexes, np.int64)]

    def __repr__(self) -> str:
        return (f"<BatchedUno players={self.players} actions={self.num_actions} "
                f"observation={self.observation_size}>")
