"""Solitaire UNO (Uno-1): can one player play a whole multiset of number cards?

Model (Demaine et al., "The complexity of UNO", section 3.2): the first card is
free, every further card must have the colour or the number of the card played
just before it.  Uno-1 is NP-complete (Theorem 3.3), so the solver is an exact
search, made fast in practice by the paper's graph view:

* cards are the *edges* of a bipartite multigraph G whose two vertex sides are
  the colours and the numbers; two cards match iff their edges share an
  endpoint, so the match graph is the line graph L(G) and a solution is a
  Hamiltonian path of L(G).

Facts used (each only in the direction in which it is true):

* YES shortcut: an Euler trail of G (every card once, consecutive edges share
  a vertex) *is* a valid playing order.  G has one iff its edges form one
  connected component and at most two vertices have odd degree.  An Euler
  trail is sufficient, not necessary.
* NO: if the edges of G are not connected (ignoring isolated vertices), L(G) is
  disconnected -> no playing order.
* NO: a card that matches exactly one other card ("dead end") must be the first
  or last card of any order; three or more dead ends -> no.
* NO (bridge branches): call a card a *heavy bridge* when removing it from G
  leaves cards on both sides.  Every card on one side must be played before
  it and every card on the other side after it, so the heavy bridges must lie
  on one path of the bridge tree of G.  With a fixed first card (inside the
  search) that path must moreover start at the first card's 2-edge-connected
  block.  This subsumes the dead-end test and catches the "spider" shaped
  no-instances cheaply.
* The remaining cards must always be connected among themselves and touch
  the card on top of the pile.

The search state is (remaining multiset, last card); identical cards are kept
as a count.  Failed states are memoised under a canonical key that also
identifies states differing only by a renaming of the numbers (the rules do
not care which number is called "7"); when there are more colours than numbers
the instance is transposed first, which is legal because colours and numbers
play symmetric roles.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Generator, Optional, TypeVar

from .notation import Card, as_cards, format_card, format_cards

__all__ = [
    "SolitaireResult",
    "SearchLimitExceeded",
    "Steps",
    "run_steps",
    "solve_solitaire",
    "solve_solitaire_steps",
    "is_valid_solitaire_sequence",
    "solitaire_brute_force",
    "solitaire_quick_check",
]


class SearchLimitExceeded(RuntimeError):
    """Raised when a search exceeds its ``max_nodes`` budget."""


T = TypeVar("T")

#: Long work in steps: a generator that yields after a bounded amount of work (a progress
#: value: search nodes so far, or a fraction in [0, 1]) and returns its result.  A caller that
#: wants the answer at once runs it with :func:`run_steps`; the browser runs it in time slices
#: between which the page handles clicks (uno_web.web.puzzle), and may drop it to cancel.
Steps = Generator[Any, None, T]

#: canonical memo key of a search state (see :meth:`_Solver.key`): colour of the top card, the
#: colour profile of its number, and the sorted colour profiles of the other numbers still held
_Key = tuple[int, Optional[tuple[int, ...]], tuple[tuple[int, ...], ...]]


def run_steps(steps: "Steps[T]") -> T:
    """Run a step generator to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: T = stop.value
            return result


@dataclass(frozen=True)
class SolitaireResult:
    """Outcome of :func:`solve_solitaire`.

    ``solvable``: whether all cards can be played.
    ``sequence``: a playing order (list of (colour, number)) when solvable, else None.
    ``reason``: short code: ``"trivial"``, ``"euler"``, ``"search"`` for yes;
        ``"disconnected"``, ``"dead_ends"``, ``"bridge_branches"``, ``"search"`` for no.
    ``explanation``: one human sentence for the UI.
    ``facts``: what the explanation names, by name (``n`` a count, ``codes`` / ``code`` cards in
        notation), so that a page in another language writes it from them.
    ``nodes``: search nodes expanded (0 when a shortcut decided).
    ``memo_size``: number of failed states memoised.
    """

    solvable: bool
    sequence: Optional[list[Card]]
    reason: str
    explanation: str
    nodes: int = 0
    memo_size: int = 0
    cards: list[Card] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "puzzle": "solitaire",
            "cards": format_cards(self.cards),
            "n_cards": len(self.cards),
            "solvable": self.solvable,
            "sequence": format_cards(self.sequence) if self.sequence is not None else None,
            "reason": self.reason,
            "explanation": self.explanation,
            "nodes": self.nodes,
            "memo_size": self.memo_size,
        }


def is_valid_solitaire_sequence(cards: Any, sequence: Any) -> bool:
    """Certificate check: ``sequence`` is a permutation of the multiset ``cards``
    and every card matches the one before it."""
    cards = as_cards(cards)
    sequence = as_cards(sequence)
    if sorted(cards) != sorted(sequence):
        return False
    return all(a[0] == b[0] or a[1] == b[1] for a, b in zip(sequence, sequence[1:]))


def solitaire_brute_force(cards: Any) -> Optional[list[Card]]:
    """Reference oracle: try every distinct permutation (use only for <= 8 cards).
    Returns a playing order or None."""
    cards = sorted(as_cards(cards))
    if len(cards) <= 1:
        return list(cards)
    seen = set()
    for perm in itertools.permutations(cards):
        if perm in seen:
            continue
        seen.add(perm)
        if all(a[0] == b[0] or a[1] == b[1] for a, b in zip(perm, perm[1:])):
            return list(perm)
    return None


# ---------------------------------------------------------------------------
# Graph helpers on the compressed colour-number multigraph.
# Vertices: colours 0..C-1, numbers C..C+N-1.  Edge type t = c*N + n.
# ---------------------------------------------------------------------------


class _Graph:
    __slots__ = ("C", "N", "V")

    def __init__(self, C: int, N: int) -> None:
        self.C = C
        self.N = N
        self.V = C + N

    def edges(self, counts: list[int]) -> list[tuple[int, int, int, int]]:
        """(u, v, multiplicity, type) for every type with count > 0."""
        N = self.N
        C = self.C
        out = []
        for t, k in enumerate(counts):
            if k:
                out.append((t // N, C + t % N, k, t))
        return out


def _components(V: int, edges: list[tuple[int, int, int, int]]) -> list[int]:
    """Union-find; returns root per vertex."""
    parent = list(range(V))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v, _, _ in edges:
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
    return [find(x) for x in range(V)]


def _edge_groups(V: int, edges: list[tuple[int, int, int, int]]) -> list[list[int]]:
    """Types grouped by connected component of the edge set."""
    root = _components(V, edges)
    groups: dict[int, list[int]] = {}
    for u, _, _, t in edges:
        groups.setdefault(root[u], []).append(t)
    return list(groups.values())


def _bridges(V: int, edges: list[tuple[int, int, int, int]]) -> list[bool]:
    """is_bridge flag per edge index (iterative Tarjan; parallel edges never bridges)."""
    adj: list[list[tuple[int, int]]] = [[] for _ in range(V)]
    for i, (u, v, _, _) in enumerate(edges):
        adj[u].append((v, i))
        adj[v].append((u, i))
    disc = [-1] * V
    low = [0] * V
    is_bridge = [False] * len(edges)
    timer = 0
    for s in range(V):
        if disc[s] != -1 or not adj[s]:
            continue
        disc[s] = low[s] = timer
        timer += 1
        stack = [(s, -1, 0)]  # vertex, parent edge index, next adj position
        while stack:
            v, pe, pos = stack[-1]
            if pos < len(adj[v]):
                stack[-1] = (v, pe, pos + 1)
                w, ei = adj[v][pos]
                if ei == pe and edges[ei][2] == 1:
                    continue
                if disc[w] == -1:
                    disc[w] = low[w] = timer
                    timer += 1
                    stack.append((w, ei, 0))
                elif disc[w] < low[v]:
                    low[v] = disc[w]
            else:
                stack.pop()
                if stack:
                    p = stack[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] > disc[p] and edges[pe][2] == 1:
                        is_bridge[pe] = True
    return is_bridge


def _bridge_tree(
    V: int, edges: list[tuple[int, int, int, int]],
) -> tuple[list[int], dict[int, int], dict[int, list[tuple[int, int]]], list[bool]]:
    """Return (block_of_vertex, weight_per_block, tree_adj, bridge_edges).

    Blocks are the 2-edge-connected components (vertex sets joined by
    non-bridge edges); weight = number of cards (with multiplicity) inside a
    block; tree_adj[block] = list of (other_block, edge_index) over bridges.
    """
    is_bridge = _bridges(V, edges)
    parent = list(range(V))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, (u, v, _, _) in enumerate(edges):
        if not is_bridge[i]:
            ru, rv = find(u), find(v)
            if ru != rv:
                parent[ru] = rv
    block = [find(x) for x in range(V)]
    weight: dict[int, int] = {}
    tree: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, k, _) in enumerate(edges):
        bu = block[u]
        weight.setdefault(bu, 0)
        weight.setdefault(block[v], 0)
        tree.setdefault(bu, [])
        tree.setdefault(block[v], [])
        if is_bridge[i]:
            tree[bu].append((block[v], i))
            tree[block[v]].append((bu, i))
        else:
            weight[bu] += k
    return block, weight, tree, is_bridge


def _subtree_weights(
    root: int, weight: dict[int, int], tree: dict[int, list[tuple[int, int]]],
) -> tuple[list[int], dict[int, tuple[int, int]], dict[int, int]]:
    """Root the bridge tree; return (order, parent, sub) where sub[b] = cards in b's subtree
    (blocks + bridges below b, not counting the bridge to its parent)."""
    parent: dict[int, tuple[int, int]] = {root: (-1, -1)}
    order = [root]
    i = 0
    while i < len(order):
        b = order[i]
        i += 1
        for nb, ei in tree[b]:
            if nb not in parent:
                parent[nb] = (b, ei)
                order.append(nb)
    sub = {b: weight[b] for b in order}
    for b in reversed(order):
        p, _ = parent[b]
        if p != -1:
            sub[p] += sub[b] + 1
    return order, parent, sub


def _heavy_branch_problem(V: int, edges: list[tuple[int, int, int, int]]) -> Optional[list[int]]:
    """Unrooted bridge test.  Returns the heavy bridge edge indices around a
    block with >= 3 of them (proof of a no-instance), else None."""
    block, weight, tree, _ = _bridge_tree(V, edges)
    if not tree:
        return None
    total = sum(k for _, _, k, _ in edges)
    root = next(iter(tree))
    order, parent, sub = _subtree_weights(root, weight, tree)
    heavy_at: dict[int, list[int]] = {b: [] for b in order}
    for b in order:
        p, ei = parent[b]
        if p == -1:
            continue
        if sub[b] > 0 and total - sub[b] - 1 > 0:
            heavy_at[b].append(ei)
            heavy_at[p].append(ei)
    for b in order:
        if len(heavy_at[b]) >= 3:
            return heavy_at[b]
    return None


def _heavy_end_blocks(V: int, edges: list[tuple[int, int, int, int]]) -> Optional[list[set[int]]]:
    """If the heavy bridges form a path of length >= 1 in the bridge tree,
    return the two end "regions" as sets of edge indices (cards that are not
    heavy bridges and lie in an end block, including its pendant bridges).
    Otherwise None."""
    block, weight, tree, is_bridge = _bridge_tree(V, edges)
    total = sum(k for _, _, k, _ in edges)
    root = next(iter(tree))
    order, parent, sub = _subtree_weights(root, weight, tree)
    heavy_deg = {b: 0 for b in order}
    heavy_edges = set()
    for b in order:
        p, ei = parent[b]
        if p != -1 and sub[b] > 0 and total - sub[b] - 1 > 0:
            heavy_deg[b] += 1
            heavy_deg[p] += 1
            heavy_edges.add(ei)
    if not heavy_edges:
        return None
    ends = [b for b in order if heavy_deg[b] == 1]
    regions = []
    for end in ends[:2]:
        region = set()
        for i, (u, v, _, _) in enumerate(edges):
            if i in heavy_edges:
                continue
            if block[u] == end or block[v] == end:
                # pendant bridges hang on the end block; a pendant bridge's far
                # block is a lone vertex, so one endpoint lies in `end`
                region.add(i)
        regions.append(region)
    return regions


def _rooted_chain_ok(V: int, edges: list[tuple[int, int, int, int]], root_edge: int) -> bool:
    """Rooted bridge test for a search node: ``edges`` = remaining cards plus
    the card on top of the pile (edge index ``root_edge``).  Every block may
    have at most one heavy bridge leading away from the root."""
    block, weight, tree, is_bridge = _bridge_tree(V, edges)
    u, v, _, _ = edges[root_edge]
    root = block[u]
    if is_bridge[root_edge]:
        # The top card is a bridge: one side must hold no other card (else the
        # remaining cards are disconnected, refused earlier).  Root the tree at
        # the side that holds cards.
        bu = block[u]
        if weight[bu] == 0 and len(tree[bu]) == 1:
            root = block[v]
    order, parent, sub = _subtree_weights(root, weight, tree)
    heavy_children: dict[int, int] = {}
    for b in order:
        p, ei = parent[b]
        if p != -1 and sub[b] > 0:
            heavy_children[p] = heavy_children.get(p, 0) + 1
            if heavy_children[p] > 1:
                return False
    return True


def _euler_trail(V: int, edges: list[tuple[int, int, int, int]], start: int) -> list[int]:
    """Hierholzer on the multigraph; returns the list of edge types in trail
    order starting at vertex ``start``.  Caller guarantees existence."""
    adj: list[list[int]] = [[] for _ in range(V)]
    left = [k for _, _, k, _ in edges]
    for i, (u, v, _, _) in enumerate(edges):
        adj[u].append(i)
        adj[v].append(i)
    ptr = [0] * V
    stack: list[tuple[int, int]] = [(start, -1)]
    trail: list[int] = []
    while stack:
        x, e = stack[-1]
        a = adj[x]
        p = ptr[x]
        while p < len(a) and left[a[p]] == 0:
            p += 1
        ptr[x] = p
        if p < len(a):
            i = a[p]
            left[i] -= 1
            u, v, _, _ = edges[i]
            stack.append((v if u == x else u, i))
        else:
            stack.pop()
            if e != -1:
                trail.append(edges[e][3])
    trail.reverse()
    return trail


def _euler_start(
    V: int, edges: list[tuple[int, int, int, int]], allowed: Optional[tuple[int, ...]],
) -> Optional[int]:
    """If an Euler trail exists (edges assumed connected) starting at one of the
    ``allowed`` vertices (any vertex if None), return that start vertex, else None."""
    deg = [0] * V
    for u, v, k, _ in edges:
        deg[u] += k
        deg[v] += k
    odd = [x for x in range(V) if deg[x] % 2]
    if len(odd) == 0:
        cands = [x for x in range(V) if deg[x] > 0]
    elif len(odd) == 2:
        cands = odd
    else:
        return None
    if allowed is None:
        return cands[0] if cands else None
    for x in allowed:
        if x in cands:
            return x
    return None


# ---------------------------------------------------------------------------
# Solver
# ---------------------------------------------------------------------------


def solitaire_quick_check(cards: Any) -> Optional[SolitaireResult]:
    """Only the polynomial tests (connectivity, dead ends, bridge branches,
    Euler trail).  Returns a result if they decide the instance, else None."""
    return _Solver(as_cards(cards), max_nodes=None).quick()


def solve_solitaire(cards: Any, *, max_nodes: Optional[int] = None, use_shortcuts: bool = True) -> SolitaireResult:
    """Decide Solitaire UNO exactly.

    ``cards``: notation string ("R1 R2 G2") or iterable of (colour, number) pairs.
    ``max_nodes``: optional search budget; SearchLimitExceeded if exceeded.
    ``use_shortcuts``: False disables the Euler-trail yes-shortcuts (root and
    per node), for measuring the plain search effort (difficulty rating).
    """
    return run_steps(solve_solitaire_steps(cards, max_nodes=max_nodes, use_shortcuts=use_shortcuts))


def solve_solitaire_steps(cards: Any, *, max_nodes: Optional[int] = None,
                          use_shortcuts: bool = True) -> "Steps[SolitaireResult]":
    """:func:`solve_solitaire` in steps: yields the number of search nodes so far after every
    node (a node costs well under a millisecond), returns the :class:`SolitaireResult`.  The
    same search in the same order: the result is that of :func:`solve_solitaire`."""
    solver = _Solver(as_cards(cards), max_nodes=max_nodes, use_shortcuts=use_shortcuts)
    result: SolitaireResult = yield from solver.solve_steps()
    return result


class _Solver:
    def __init__(self, cards: list[Card], max_nodes: Optional[int], use_shortcuts: bool = True) -> None:
        self.cards = list(cards)
        self.max_nodes = max_nodes
        self.use_shortcuts = use_shortcuts
        colours = sorted({c for c, _ in cards})
        numbers = sorted({n for _, n in cards})
        # transpose so that the "number" side is the larger one (symmetry key)
        self.transposed = len(colours) > len(numbers)
        if self.transposed:
            colours, numbers = numbers, colours
        self.colours = colours
        self.numbers = numbers
        C, N = len(colours), len(numbers)
        self.C, self.N = C, N
        self.V = C + N
        ci = {c: i for i, c in enumerate(colours)}
        ni = {n: j for j, n in enumerate(numbers)}
        counts = [0] * (C * N)
        for c, n in cards:
            if self.transposed:
                c, n = n, c
            counts[ci[c] * N + ni[n]] += 1
        self.counts = counts
        self.g = _Graph(C, N)
        self.nodes = 0
        self.failed: set[_Key] = set()

    # -- conversions -------------------------------------------------------
    def card_of(self, t: int) -> Card:
        c = self.colours[t // self.N]
        n = self.numbers[t % self.N]
        return (n, c) if self.transposed else (c, n)

    def result(self, ok: bool, seq: Optional[list[int]], reason: str, why: str,
               **facts: Any) -> SolitaireResult:
        return SolitaireResult(
            solvable=ok,
            sequence=[self.card_of(t) for t in seq] if seq is not None else None,
            reason=reason,
            explanation=why,
            nodes=self.nodes,
            memo_size=len(self.failed),
            cards=list(self.cards),
            facts=facts,
        )

    # -- polynomial tests ----------------------------------------------------
    def quick(self) -> Optional[SolitaireResult]:
        n = len(self.cards)
        if n <= 1:
            return self.result(True, [t for t, k in enumerate(self.counts) for _ in range(k)], "trivial",
                               "zero or one card: trivially playable")
        edges = self.g.edges(self.counts)
        groups = _edge_groups(self.V, edges)
        if len(groups) > 1:
            desc = " | ".join(
                format_cards(sorted(self.card_of(t) for t in grp)) for grp in groups
            )
            return self.result(
                False, None, "disconnected",
                f"the cards split into {len(groups)} groups sharing no colour or number "
                f"with each other ({desc}); no card of one group can follow a card of another",
                n=len(groups), codes=desc,
            )
        # dead ends: cards matching exactly one other card
        degc = [0] * self.V
        for u, v, k, _ in edges:
            degc[u] += k
            degc[v] += k
        dead = []
        for u, v, k, t in edges:
            ldeg = degc[u] + degc[v] - k - 1  # neighbours of one copy
            if ldeg == 1:
                dead.extend([t] * k)
        if len(dead) > 2:
            return self.result(
                False, None, "dead_ends",
                f"{len(dead)} cards ({format_cards(self.card_of(t) for t in dead)}) each match only one "
                f"other card, so each must be played first or last; at most two can be",
                n=len(dead), codes=format_cards(self.card_of(t) for t in dead),
            )
        if self.use_shortcuts:
            s = _euler_start(self.V, edges, None)
            if s is not None:
                seq = _euler_trail(self.V, edges, s)
                return self.result(
                    True, seq, "euler",
                    "the colour-number graph (cards as edges) has an Euler trail, which is a playing order",
                )
        bad = _heavy_branch_problem(self.V, edges)
        if bad is not None:
            cards = [self.card_of(edges[i][3]) for i in bad]
            return self.result(
                False, None, "bridge_branches",
                f"the cards {format_cards(cards)} each separate the hand into two parts that must be "
                f"played on either side of them; {len(cards)} such separators meet at one place, "
                f"which no single playing order can accommodate",
                n=len(cards), codes=format_cards(cards),
            )
        return None

    # -- search --------------------------------------------------------------
    def key(self, last: int) -> _Key:
        counts = self.counts
        N, C = self.N, self.C
        ln = last % N
        profs = []
        lp = None
        for j in range(N):
            p = tuple(counts[c * N + j] for c in range(C))
            if j == ln:
                lp = p
            elif any(p):
                profs.append(p)
        profs.sort()
        return (last // N, lp, tuple(profs))

    def solve(self) -> SolitaireResult:
        return run_steps(self.solve_steps())

    def solve_steps(self) -> "Steps[SolitaireResult]":
        q = self.quick()
        if q is not None:
            return q
        edges = self.g.edges(self.counts)
        # start candidates
        starts: list[int]
        degc = [0] * self.V
        for u, v, k, _ in edges:
            degc[u] += k
            degc[v] += k
        dead = [t for u, v, k, t in edges if degc[u] + degc[v] - k - 1 == 1]
        if dead:
            starts = [dead[0]]  # a dead end is an endpoint; reverse the order if needed
        else:
            regions = _heavy_end_blocks(self.V, edges)
            if regions:
                region = min(regions, key=len)
                starts = [edges[i][3] for i in sorted(region)]
            else:
                starts = [t for _, _, _, t in edges]
        # try starts in Warnsdorff order (fewest neighbours first)
        starts.sort(key=lambda t: degc[t // self.N] + degc[self.C + t % self.N] - self.counts[t])
        path: list[int] = []
        for s in starts:
            self.counts[s] -= 1
            path.append(s)
            found = yield from self.extend_steps(s, path)
            if found:
                return self.result(True, path, "search", "found by exhaustive search")
            path.pop()
            self.counts[s] += 1
        return self.result(
            False, None, "search",
            "no playing order exists (exhaustive search over all orders, with pruning)",
        )

    def extend(self, start: int, path: list[int]) -> bool:
        return run_steps(self.extend_steps(start, path))

    def extend_steps(self, start: int, path: list[int]) -> "Steps[bool]":
        """Depth-first search from ``path`` (ending with ``start``), with an
        explicit stack so that long hands never hit the recursion limit (the
        browser's WebAssembly stack is small).  Yields the node count after
        every step (see :func:`solve_solitaire_steps`); returns whether the
        path was completed."""
        res, key, moves = self.enter(start, path)
        if res is not None:
            return res
        counts = self.counts
        frames: list[list[Any]] = [[key, moves, 0]]  # [key, moves, next move index] per level
        while frames:
            frame = frames[-1]
            key, moves, i = frame
            if i > 0:  # undo the move tried last at this level
                path.pop()
                counts[moves[i - 1]] += 1
            if i == len(moves):
                self.failed.add(key)
                frames.pop()
                continue
            frame[2] = i + 1
            t = moves[i]
            counts[t] -= 1
            path.append(t)
            res, k2, m2 = self.enter(t, path)
            if res is True:
                return True
            if res is None:
                frames.append([k2, m2, 0])
            yield self.nodes
        return False

    def enter(self, last: int, path: list[int]) -> tuple[Optional[bool], Any, Any]:
        """Examine a search node: (True, ...) solved (path completed),
        (False, ...) dead, (None, key, moves) to be expanded."""
        counts = self.counts
        remaining = len(self.cards) - len(path)
        if remaining == 0:
            return True, None, None
        key = self.key(last)
        if key in self.failed:
            return False, None, None
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimitExceeded(f"solitaire search exceeded {self.max_nodes} nodes")
        N, C, V = self.N, self.C, self.V
        lc, ln = last // N, C + last % N
        edges = self.g.edges(counts)
        # remaining cards must be connected and touch the top card
        root = _components(V, edges)
        r0 = root[edges[0][0]]
        deg = [0] * V
        for u, v, k, _ in edges:
            if root[u] != r0:
                self.failed.add(key)
                return False, None, None
            deg[u] += k
            deg[v] += k
        if not (deg[lc] or deg[ln]):
            self.failed.add(key)
            return False, None, None
        if self.use_shortcuts:
            s = _euler_start(V, edges, (lc, ln))
            if s is not None:
                path.extend(_euler_trail(V, edges, s))
                return True, None, None
        # rooted bridge chain test on remaining + top card
        ext = []
        root_index = -1
        for i, e in enumerate(edges):
            if e[3] == last:
                ext.append((e[0], e[1], e[2] + 1, last))
                root_index = i
            else:
                ext.append(e)
        if root_index == -1:
            root_index = len(ext)
            ext.append((lc, ln, 1, last))
        if remaining >= 3 and not _rooted_chain_ok(V, ext, root_index):
            self.failed.add(key)
            return False, None, None
        # moves, fewest onward neighbours first
        scored = []
        for u, v, k, t in edges:
            if u == lc or v == ln:
                scored.append((deg[u] + deg[v] - k, t))
        scored.sort()
        return None, key, [t for _, t in scored]
