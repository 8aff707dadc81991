"""Minimum spanning trees in numpy (Borůvka), for the fast forms of Kruskal and Prim.

Kruskal keeps each edge of a random order unless it closes a loop: that is the
minimum spanning tree for weights "position in the order", which are all
different, so the tree is unique and any minimum-spanning-tree algorithm finds the
same one.  Borůvka's algorithm does it in whole-array passes: every component
takes its lightest outgoing edge, components joined that way merge, repeat
(at most ``log2 n`` rounds).  The step forms keep their sequential loops, which
record the order in which edges are taken.
"""

from __future__ import annotations

from collections import defaultdict, deque

import numpy as np


def spanning_forest_by_rank(
    n: int, ea: np.ndarray, eb: np.ndarray, order: np.ndarray, labels: bool = False
) -> tuple[np.ndarray, np.ndarray | None]:
    """The minimum spanning forest when edge ``order[i]`` has weight ``i``.

    Args:
        n: number of cells; ``ea``, ``eb``: ``(E,)`` the two cells of each edge.
        order: ``(E',)`` distinct edge ids, lightest first (edges not listed are left out).
        labels: also return each cell's component (numbered ``0..k-1``).

    Returns:
        ``(tree, comp)``: ``(E,)`` bool, True on the forest's edges; ``comp`` ``(n,)``
        int64 component ids, or None unless ``labels``.
    """
    ne = int(ea.shape[0])
    order = np.asarray(order, dtype=np.int64)
    ca = ea[order].astype(np.int64)
    cb = eb[order].astype(np.int64)
    idx = np.arange(order.shape[0], dtype=np.int64)  # rank of each remaining edge, increasing
    taken = np.zeros(order.shape[0], dtype=bool)
    k = n
    vlab = np.arange(n, dtype=np.int64) if labels else None
    keep = ca != cb
    ca, cb, idx = ca[keep], cb[keep], idx[keep]
    while idx.shape[0]:
        m = idx.shape[0]
        # Each component's lightest edge: the first position naming it (positions follow the rank).
        pick = np.full(k, m, dtype=np.int64)
        pos = np.arange(m, dtype=np.int64)
        np.minimum.at(pick, ca, pos)
        np.minimum.at(pick, cb, pos)
        comp = np.arange(k, dtype=np.int64)
        has = pick < m
        pk = pick[has]
        taken[idx[pk]] = True
        # Hook each component onto the one across its edge; a pair that chose the same
        # edge points at each other: the smaller becomes the root.
        parent = comp.copy()
        pa, pb = ca[pk], cb[pk]
        parent[has] = np.where(pa == comp[has], pb, pa)
        mutual = (parent[parent] == comp) & (comp < parent)
        parent[mutual] = comp[mutual]
        while True:
            nxt = parent[parent]
            if np.array_equal(nxt, parent):
                break
            parent = nxt
        roots = parent == comp
        newid = np.cumsum(roots) - 1
        lab = newid[parent]
        k = int(newid[-1]) + 1
        if vlab is not None:
            vlab = lab[vlab]
        ca = lab[ca]
        cb = lab[cb]
        keep = ca != cb
        ca, cb, idx = ca[keep], cb[keep], idx[keep]
    tree = np.zeros(ne, dtype=bool)
    tree[order[taken]] = True
    return tree, vlab


def unique_for_weights(
    n: int, tree: np.ndarray, ea: np.ndarray, eb: np.ndarray, w: np.ndarray, order: np.ndarray
) -> bool:
    """Whether ``tree``, a minimum spanning tree for weights ``w``, is the only one.

    Another minimum spanning tree exists exactly when some edge ``e`` outside the
    tree has a tree edge of the same weight on the tree path between its cells
    (swapping the two keeps the weight).  Only edges whose weight is shared can do
    that: the tree is cut at the tree edges of such weights, and each path is then
    followed between the pieces (a tree of a few hundred nodes at most).

    Args:
        n: number of cells; ``ea``, ``eb``: ``(E,)`` the two cells of each edge.
        tree: ``(E,)`` bool; ``w``: ``(E,)`` integer weights.
        order: the edges sorted by ``w`` (stable), as used to build the tree.
    """
    sw = w[order]
    tied = np.flatnonzero(sw[1:] == sw[:-1])
    if not tied.shape[0]:
        return True
    # (Sets and flags rather than np.unique / np.isin: those import numpy.ma on first use, ~14 ms.)
    flag = np.zeros(sw.shape[0], dtype=bool)
    flag[tied] = True
    flag[tied + 1] = True
    members = np.flatnonzero(flag)
    edges = order[members]
    weights = sw[members]
    # Keep only weights shared by a tree edge and an edge outside the tree.
    in_tree = tree[edges]
    mixed = set(weights[in_tree].tolist()) & set(weights[~in_tree].tolist())
    if not mixed:
        return True
    sel = np.array([x in mixed for x in weights.tolist()], dtype=bool)
    edges, weights, in_tree = edges[sel], weights[sel], in_tree[sel]
    cut = edges[in_tree]  # tree edges that might be swapped
    keep = tree.copy()
    keep[cut] = False
    rest = np.flatnonzero(keep)
    _, piece = spanning_forest_by_rank(n, ea, eb, rest, labels=True)
    assert piece is not None
    adj: dict[int, list[tuple[int, int]]] = defaultdict(list)  # piece -> (piece, weight of the cut edge)
    for e, wt in zip(cut.tolist(), weights[in_tree].tolist(), strict=True):
        a, b = int(piece[ea[e]]), int(piece[eb[e]])
        adj[a].append((b, wt))
        adj[b].append((a, wt))
    for e, wt in zip(edges[~in_tree].tolist(), weights[~in_tree].tolist(), strict=True):
        src, dst = int(piece[ea[e]]), int(piece[eb[e]])
        if src == dst:
            continue  # the path stays inside one piece: no cut edge on it
        # Breadth-first search over the pieces, remembering whether a cut edge of weight wt was crossed.
        seen = {src: False}
        todo = deque([src])
        while todo:
            x = todo.popleft()
            for y, wy in adj[x]:
                if y not in seen:
                    seen[y] = seen[x] or wy == wt
                    todo.append(y)
        if seen.get(dst, False):
            return False
    return True
