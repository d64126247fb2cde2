"""A room on one machine: a host, guests and spectators wired by an in-memory transport that
delivers every message in order and records it, and a clock the test moves."""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from uno_web.room import RoomGuest, RoomHost


def counter_bytes(seed: int) -> Callable[[int], bytes]:
    """Deterministic 'random' bytes for tests."""
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


class Room:
    def __init__(self, host: RoomHost) -> None:
        self.host = host
        self.guests: dict[str, RoomGuest] = {}
        self.inbox: dict[str, list[str]] = {}  # every text each peer received, in order
        self.now = 0.0
        self.updates: dict[str, list[Any]] = {}

    def add(self, peer: str, guest: RoomGuest) -> None:
        self.guests[peer] = guest
        self.inbox.setdefault(peer, [])
        self.updates.setdefault(peer, [])
        self.deliver(self.host.connected(peer, self.now))
        self.send(peer, guest.join())

    def send(self, peer: str, text: str) -> None:
        self.deliver(self.host.handle(peer, text, self.now))

    def deliver(self, out: list[tuple[str, str]]) -> None:
        queue = list(out)
        while queue:
            recipient, text = queue.pop(0)
            self.inbox.setdefault(recipient, []).append(text)
            guest = self.guests.get(recipient)
            if guest is None:
                continue
            update = guest.receive(text)
            self.updates[recipient].append(update)
            for reply in update.replies:
                queue += self.host.handle(recipient, reply, self.now)

    def drop(self, peer: str) -> None:
        self.guests.pop(peer, None)
        self.deliver(self.host.disconnected(peer, self.now))

    def tick(self, dt: float = 0.1) -> None:
        self.now += dt
        self.deliver(self.host.tick(self.now))

    def messages(self, peer: str) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.inbox.get(peer, [])]
