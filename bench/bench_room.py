"""What the room protocol costs on the host and on a guest, per message (a benchmark that
prints figures; not a test).

    .venv/bin/python bench/bench_room.py            # 5 games, 4 seats (3 people, 1 bot)
    .venv/bin/python bench/bench_room.py --games 2

The issue's budget is 150 ms from a guest's move to every other guest's screen on a loopback
relay; this measures the Python part of it, with no transport: the host's ``handle`` of one
move (parse, check, apply with the joint shuffle, a view for every recipient), a guest's
``receive`` of one ``state`` message, and a guest's verification of a revealed round (which
replays every round so far). Medians and 95th percentiles over whole games, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uno_web.room import RoomGuest, RoomHost  # noqa: E402


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(games: int) -> dict[str, object]:
    host_move: list[float] = []
    guest_state: list[float] = []
    verify: list[float] = []
    sizes: list[int] = []
    rounds = 0
    for g in range(games):
        rng = random.Random(g)
        host = RoomHost(f"bench-{g}", seats=4, bot_delay=0.0, bot_maker=None)
        guests = {f"p{i}": RoomGuest(f"bench-{g}", f"P{i}") for i in range(3)}
        now = 0.0

        def deliver(out: list[tuple[str, str]]) -> None:
            nonlocal now
            queue = list(out)
            while queue:
                peer, text = queue.pop(0)
                sizes.append(len(text))
                t0 = time.perf_counter()
                update = guests[peer].receive(text)
                dt = time.perf_counter() - t0
                if update.kind == "state":
                    guest_state.append(dt)
                elif update.kind == "reveal":
                    verify.append(dt)
                for reply in update.replies:
                    now += 0.05
                    queue += host.handle(peer, reply, now)

        for peer, guest in guests.items():
            host.connected(peer, now)
            deliver(host.handle(peer, guest.join(), now))
        deliver(host.set_seat(3, "bot", "normal"))
        deliver(host.start(now))
        for _ in range(50_000):
            if host.phase == "game_over":
                break
            now += 0.05
            if host.phase == "round_over":
                deliver(host.handle("p0", guests["p0"].move("N0"), now))
                continue
            s = host.state
            assert s is not None
            peer = next((p for p, q in guests.items() if q.seat == s.turn), None)
            if peer is None or host.phase != "playing":
                deliver(host.tick(now))
                continue
            view = guests[peer].view
            assert view is not None
            text = guests[peer].move(rng.choice(view["legal"]))
            t0 = time.perf_counter()
            out = host.handle(peer, text, now)
            host_move.append(time.perf_counter() - t0)
            deliver(out)
        rounds += host.revealed
    ms = 1000.0
    return {
        "games": games, "rounds": rounds, "moves": len(host_move),
        "host_handle_move_ms": {"median": round(statistics.median(host_move) * ms, 3),
                                "p95": round(_pct(host_move, 0.95) * ms, 3)},
        "guest_receive_state_ms": {"median": round(statistics.median(guest_state) * ms, 3),
                                   "p95": round(_pct(guest_state, 0.95) * ms, 3)},
        "guest_verify_reveal_ms": {"median": round(statistics.median(verify) * ms, 1),
                                   "max": round(max(verify) * ms, 1)},
        "message_chars": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        "python": platform.python_version(), "machine": platform.machine(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print(json.dumps(run(args.games), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
