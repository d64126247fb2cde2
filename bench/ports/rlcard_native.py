"""RLCard's own UNO: ``UNORuleAgentV1`` against ``RandomAgent`` in RLCard 1.2.0 itself, the
reference the port in ``rlcard_rule_v1.py`` is checked against (needs ``pip install
rlcard==1.2.0``; benchmark only).

    .venv/bin/python bench/ports/rlcard_native.py 5000 7     # games, seed

Seats alternate from game to game; a game is one RLCard UNO game (one round). Measured here
(23 November 2026): 2,798 of 5,000 = 55.96%.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import rlcard
from rlcard.agents import RandomAgent
from rlcard.models.uno_rule_models import UNORuleAgentV1


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    env = rlcard.make("uno", config={"seed": seed})
    np.random.seed(seed)  # UNORuleAgentV1 draws with np.random
    rule, rnd = UNORuleAgentV1(), RandomAgent(num_actions=env.num_actions)
    wins = 0
    t0 = time.time()
    for g in range(games):
        seat = g % 2
        agents = [rnd, rnd]
        agents[seat] = rule
        env.set_agents(agents)
        _, payoffs = env.run(is_training=False)
        wins += payoffs[seat] > 0
    print(f"RLCard UNORuleAgentV1 vs RandomAgent: {wins} of {games} = {wins / games:.2%} "
          f"({time.time() - t0:.0f}s)")


if __name__ == "__main__":
    main()
