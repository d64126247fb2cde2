"""A room on one machine: a host, guests and spectators wired by an in-memory transport that
delivers every message in order, a clock the test moves, and a checker that every message a
guest receives shows only what its seat may see."""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from uno_web.core.cards import card_str
from uno_web.core.state import GameState, Phase
from uno_web.room import RoomGuest, RoomHost


def fake_bytes(seed: int) -> Callable[[int], bytes]:
    """Repeatable 'random' bytes for tests."""
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


class Leak(AssertionError):
    pass


# keys that name hidden things: none may appear in a message to a guest (outside the reveal
# of a finished round, and the recipient's own hand)
_HIDDEN_KEYS = {"deck", "order", "hands", "draw", "host_value", "token_of", "seed"}


def check_message(msg: dict[str, Any], seat: int | None, s: GameState | None, phase: str,
                  recipient_token: str | None = None) -> None:
    """Raise :class:`Leak` when ``msg`` (to a recipient at ``seat``, None: a spectator) shows
    anything that seat may not see while the game is in state ``s``."""
    kind = msg.get("type")
    if kind == "reveal":
        r = msg["record"]["round"]
        if s is None or r > s.round or (
                r == s.round and s.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER)):
            raise Leak(f"round {r} was revealed before it was over")
        return
    if kind == "welcome":
        if msg.get("token") is not None and recipient_token is not None \
                and msg["token"] != recipient_token:
            raise Leak("another seat's token")
    _walk(msg, "")
    if kind == "lobby":
        for info in msg["seats"]:
            if "token" in info:
                raise Leak("a seat token in the lobby")
    if kind != "state":
        return
    assert s is not None
    view = msg["view"]
    if view["seat"] != seat:
        raise Leak(f"a view of seat {view['seat']} sent to {seat}")
    if seat is None:
        if view["hand"] or view["drawn"] or view["legal"]:
            raise Leak("a spectator got a hand")
    else:
        if view["hand"] != [card_str(c) for c in s.hands[seat]]:
            raise Leak(f"seat {seat} got a hand that is not its own")
        if view["drawn"] and s.turn != seat:
            raise Leak("drawn cards of the seat on turn")
    shown = view.get("shown_hand")
    if shown is not None:
        # the official rule: the challenger of a Wild Draw Four sees the challenged hand
        last = view["last"] or {}
        if seat is None or last.get("seat") != seat or not str(last.get("move", "")).startswith("X"):
            raise Leak(f"seat {shown['seat']}'s hand shown to {seat} without a challenge")
        msg = dict(msg, view=dict(view, shown_hand=None))
    for e in view["events"]:
        if e["event"] == "cards_drawn" and "cards" in e and e["seat"] != seat:
            raise Leak(f"seat {e['seat']}'s drawn cards sent to {seat}")
    text = json.dumps(msg)
    for other in range(s.n):
        if other != seat and len(s.hands[other]) >= 3:
            hand = json.dumps([card_str(c) for c in s.hands[other]])
            if hand in text:
                raise Leak(f"seat {other}'s hand sent to {seat}")
    if len(s.draw) >= 6:
        top = json.dumps([card_str(c) for c in s.draw[::-1][:6]])[1:-1]
        if top in text:
            raise Leak("the draw order was sent")


def _walk(node: Any, path: str) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            if k in _HIDDEN_KEYS:
                raise Leak(f"hidden field {path}.{k}")
            _walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _walk(v, f"{path}.{i}")


class Room:
    """A host and its peers; every message is delivered at once, in order, and checked."""

    def __init__(self, host: RoomHost, check: bool = True) -> None:
        self.host = host
        self.guests: dict[str, RoomGuest] = {}
        self.inbox: dict[str, list[str]] = {}
        self.now = 0.0
        self.check = check
        self.checked = 0
        self.tamper: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None
        self.sent: list[str] = []  # every text a guest sent

    def call(self, out: list[tuple[str, str]]) -> None:
        """Deliver what a host call returned, checked against the state it was made in."""
        state = self.host.state.copy() if self.host.state is not None else None
        self.deliver(out, state, self.host.phase)

    def add(self, peer: str, guest: RoomGuest) -> None:
        self.guests[peer] = guest
        self.inbox.setdefault(peer, [])
        self.call(self.host.connected(peer, self.now))
        self.send(peer, guest.join())

    def send(self, peer: str, text: str, dt: float = 0.05) -> None:
        """``peer`` sends ``text``, ``dt`` seconds after the last thing that happened."""
        self.now += dt
        self.sent.append(text)
        self.call(self.host.handle(peer, text, self.now))

    def deliver(self, out: list[tuple[str, str]], state: GameState | None, phase: str) -> None:
        replies: list[tuple[str, str]] = []
        for recipient, text in out:
            self.inbox.setdefault(recipient, []).append(text)
            guest = self.guests.get(recipient)
            if guest is None:
                continue
            msg = json.loads(text)
            if self.check:
                seat = guest.seat if guest.role == "player" else None
                if msg["type"] == "welcome":
                    seat = msg["you_seat"]
                check_message(msg, seat, state, phase)
                self.checked += 1
            if self.tamper is not None:
                msg = self.tamper(recipient, msg)
                text = json.dumps(msg)
            update = guest.receive(text)
            replies += [(recipient, r) for r in update.replies]
        for recipient, reply in replies:
            self.send(recipient, reply)

    def drop(self, peer: str) -> None:
        self.guests.pop(peer, None)
        self.call(self.host.disconnected(peer, self.now))

    def tick(self, dt: float = 0.1) -> None:
        self.now += dt
        self.call(self.host.tick(self.now))

    def messages(self, peer: str) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.inbox.get(peer, [])]


def play_people(room: Room, rng: random.Random, max_steps: int = 20_000,
                until: Callable[[], bool] | None = None, catch: bool = True) -> int:
    """Every connected person plays from its own view (a random legal move on its turn, and
    catches and UNO calls when its view offers them); time passes when nobody moves. Stops at
    game over or when ``until()`` is true. Returns the steps taken."""
    host = room.host
    for step in range(max_steps):
        if host.phase == "game_over" or (until is not None and until()):
            return step
        if host.phase == "round_over":
            peer, g = next((p, g) for p, g in room.guests.items() if g.seat is not None)
            room.send(peer, g.move(f"N{g.seat}"))
            continue
        moved = False
        for peer, g in list(room.guests.items()):
            view = g.view
            if g.seat is None or view is None or host.phase != "playing":
                continue
            legal = view["legal"]
            extra = [m for m in legal if m[0] in "CU"] if catch else []
            if view["turn"] == g.seat and legal:
                # a call or catch half the time when there is one (under uno_repeat_call a call
                # is legal again and again: always calling would never play a card)
                room.send(peer, g.move(rng.choice(extra if extra and rng.random() < 0.5 else legal)))
                moved = True
                break
            if extra and rng.random() < 0.5:
                room.send(peer, g.move(rng.choice(extra)))
                moved = True
                break
        if not moved:
            room.tick()
    return max_steps
