# uno_web: cli-only
"""UNO for reinforcement learning: a PettingZoo AEC environment for every rule set and 2 to 10
players (:func:`env`, :class:`UnoEnv`) and a Gymnasium environment that plays one seat against
the built-in bots (:class:`UnoSeatEnv`). Needs the ``rl`` extra (``pip install -e '.[rl]'``);
never shipped to the browser. See ``docs/rl.md``.
"""

from __future__ import annotations

from .actions import Action, ActionTable
from .aec import UnoEnv, env, raw_env
from .encoding import ObservationEncoder
from .seat import UnoSeatEnv

__all__ = ["Action", "ActionTable", "ObservationEncoder", "UnoEnv", "UnoSeatEnv", "env", "raw_env"]
