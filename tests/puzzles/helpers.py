"""Shared instance builders for the puzzle tests."""

from __future__ import annotations

import itertools
import random

# Stand-in for the paper's Example 1 (section 3.2).  The text extraction of the
# paper lost the card list of Example 1, so this is NOT the paper's set: it is a
# 9-card yes-instance of the same shape (colours 1..4, numbers 1..4, distinct
# cards), chosen so that no Euler trail exists and the search has to work.
EXAMPLE1_STANDIN = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)]
EXAMPLE1_STANDIN_ORDER = [(1, 4), (1, 3), (2, 3), (2, 1), (2, 2), (1, 2), (1, 1), (3, 1), (3, 2)]


def hub_gadget_cards(hub_edges, plen, n_hubs):
    """Cards = edges of the bipartite graph obtained from a (multi)graph on hubs
    (colours 0..n_hubs-1) by replacing every hub edge with an even path of
    ``plen`` edges through fresh numbers and colours."""
    cards = []
    col, num = n_hubs, 0
    for i, j in hub_edges:
        verts = [("c", i)]
        for k in range(plen - 1):
            if k % 2 == 0:
                verts.append(("n", num))
                num += 1
            else:
                verts.append(("c", col))
                col += 1
        verts.append(("c", j))
        for a, b in zip(verts, verts[1:]):
            c = a[1] if a[0] == "c" else b[1]
            n = a[1] if a[0] == "n" else b[1]
            cards.append((c, n))
    return cards


K4 = list(itertools.combinations(range(4), 2))


def k4_gadget_no_instance():
    """24 cards, 2-edge-connected (no bridge shortcut applies), and NO: checked
    independently of the solver by :func:`dominating_trail_exists`."""
    return hub_gadget_cards(K4, 4, 4)


def dominating_trail_exists(cards) -> bool:
    """Independent oracle for Solitaire UNO (no permutations, no line graph).

    With cards as the edges of the colour-number multigraph H, a playing order
    exists iff H has a *dominating trail*: a trail T (possibly a single vertex)
    such that every card has an endpoint on T.  (Given T, play at each vertex of
    T the cards hung there, then walk on along T; conversely the vertices shared
    by consecutive cards of a playing order trace such a trail.)  Enumerates
    all trails: fine for sparse instances of a few dozen cards.
    """
    cards = list(cards)
    if len(cards) <= 1:
        return True
    edges = [(("c", c), ("n", n)) for c, n in cards]
    adj = {}
    for i, (u, v) in enumerate(edges):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    m = len(edges)

    def dominated(vs):
        return all(u in vs or v in vs for u, v in edges)

    used = [False] * m
    found = False

    def dfs(x, visited_count):
        nonlocal found
        if found:
            return
        if dominated(visited_count):
            found = True
            return
        for y, i in adj[x]:
            if not used[i]:
                used[i] = True
                visited_count[y] = visited_count.get(y, 0) + 1
                dfs(y, visited_count)
                visited_count[y] -= 1
                if visited_count[y] == 0:
                    del visited_count[y]
                used[i] = False
                if found:
                    return

    for start in adj:
        dfs(start, {start: 1})
        if found:
            return True
    return False


def deck_hand(rng: random.Random, n: int, colours: int = 4, numbers: int = 10, copies: int = 2):
    deck = [(c, k) for c in range(colours) for k in range(numbers) for _ in range(copies)]
    return rng.sample(deck, n)


def valid_sequence(cards, seq) -> bool:
    from uno_web.puzzles import as_cards

    cards, seq = as_cards(cards), as_cards(seq)
    return sorted(cards) == sorted(seq) and all(
        a[0] == b[0] or a[1] == b[1] for a, b in zip(seq, seq[1:])
    )
