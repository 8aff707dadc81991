"""Growing tree, with its cell-selection rules.

Growing tree keeps an *active list* of cells that may still have unvisited
neighbours.  Each iteration selects one active cell by a *rule*; if it has
unvisited neighbours one of them (uniformly) is carved into and appended to the
list, otherwise the cell is removed from the list.

Rules (option ``rule``, case-insensitive):

* ``newest``: the most recently added cell (this is the recursive backtracker,
  and runs its code: same seed, same maze as ``backtracker``);
* ``random``: a uniformly random active cell (Prim-like);
* ``oldest``: the first cell still in the list (long corridors, few branches);
* ``newest-quarter``: uniformly among the newest quarter of the list
  (``max(1, len // 4)`` cells);
* ``mostly-newest``: ``newest`` 80 % of the time, ``random`` 20 %
  (the same as ``newest:4,random:1``);
* a weighted mix ``name:weight,name:weight,...`` of the four basic rules,
  e.g. ``newest:3,random:1`` (integer weights 1..1000; ``name`` alone means weight 1).

The default is ``mostly-newest``: plain ``newest`` is exactly the
``backtracker`` generator, so the default gives growing tree its own character.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from engine.maze.generators._common import (
    COUNT,
    SLOTS,
    GeneratorStep,
    Record,
    chunk_size,
    replay,
    to_passage,
    u32_list,
    visit_in_hops,
    visit_in_square_masks,
)
from engine.maze.generators._info import ALL_SHAPES, OptionCodec, generator_info
from engine.maze.generators.backtracker import backtracker_core
from engine.maze.generators.visits import carve_sizes, hops, square_view
from engine.maze.grids.base import Grid
from engine.rng import Rng
from engine.values import parse_uint

NEWEST, RANDOM, OLDEST, QUARTER = 0, 1, 2, 3
_BASIC = {"newest": NEWEST, "random": RANDOM, "oldest": OLDEST, "newest-quarter": QUARTER}
_ALIASES = {"mostly-newest": "newest:4,random:1"}
DEFAULT_RULE = "mostly-newest"
RULE_HELP = (
    "newest | random | oldest | newest-quarter | mostly-newest (newest 80%, random 20%) | "
    "weighted mix like newest:3,random:1 (weights 1..1000); default mostly-newest"
)


def parse_rule(text: str) -> tuple[tuple[int, int], ...]:
    """Parse a rule into ``((kind, weight), ...)`` with kinds ``NEWEST..QUARTER``.

    Raises:
        ValueError: on an unknown rule name, a kind named twice, a weight that is not ASCII digits
            in 1..1000, or an empty rule.
    """
    spec = _ALIASES.get(text.strip().lower(), text.strip().lower())
    parts = [p.strip() for p in spec.split(",")]
    if not spec or any(not p for p in parts):
        raise ValueError(f"empty growing-tree rule {text!r}; use {RULE_HELP}")
    out: dict[int, int] = {}
    for part in parts:
        name, sep, weight = part.partition(":")
        name = name.strip()
        if name not in _BASIC:
            raise ValueError(f"unknown growing-tree rule {name!r} in {text!r}; use {RULE_HELP}")
        kind = _BASIC[name]
        if kind in out:
            raise ValueError(
                f"growing-tree rule {text!r} names '{name}' twice; give each kind once with "
                "its weight (for example newest:3,random:1)"
            )
        out[kind] = parse_uint(weight, what=f"the weight of '{name}' in the rule", lo=1, hi=1000) if sep else 1
    return tuple(sorted(out.items()))


#: Rule kinds' letters in level codes, in kind order: N newest, R random, O oldest, Q newest quarter.
RULE_LETTERS = "NROQ"
_KIND_NAMES = ("newest", "random", "oldest", "newest-quarter")


def format_rule(pairs: tuple[tuple[int, int], ...]) -> str:
    """The canonical rule text for parsed pairs (``newest`` or ``newest:3,random:1``)."""
    if len(pairs) == 1:
        return _KIND_NAMES[pairs[0][0]]
    return ",".join(f"{_KIND_NAMES[k]}:{w}" for k, w in pairs)


def canonical_options(options: dict[str, str]) -> dict[str, str]:
    """The options with the rule explicit and canonical (codes never depend on the default).

    Raises:
        ValueError: a bad rule (see :func:`parse_rule`).
    """
    return {**options, "rule": format_rule(parse_rule(str(options.get("rule", DEFAULT_RULE))))}


def options_to_code(options: dict[str, str]) -> str:
    """The rule as one level-code field: a letter per kind, then its weight when above 1 (``N3R``)."""
    return "".join(RULE_LETTERS[k] + ("" if w == 1 else str(w)) for k, w in parse_rule(options["rule"]))


def options_from_code(text: str) -> dict[str, str]:
    """Inverse of :func:`options_to_code`.

    Raises:
        ValueError: one sentence (unknown letter, bad weight, letters repeated or out of order, empty).
    """
    pairs: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        letter = text[i]
        if letter not in RULE_LETTERS:
            raise ValueError(f"The growing-tree rule letter '{letter}' is unknown (known: {RULE_LETTERS}).")
        j = i + 1
        while j < len(text) and text[j] in "0123456789":
            j += 1
        digits = text[i + 1 : j]
        if len(digits) > 4 or digits and not 2 <= int(digits) <= 1000 or digits[:1] == "0":
            raise ValueError(f"The growing-tree rule weight '{digits}' must be 2..1000.")
        kind = RULE_LETTERS.index(letter)
        if pairs and kind <= pairs[-1][0]:
            raise ValueError("The growing-tree rule letters are repeated or out of order.")
        pairs.append((kind, int(digits) if digits else 1))
        i = j
    if not pairs:
        raise ValueError("The growing-tree rule is empty.")
    return {"rule": format_rule(tuple(pairs))}


def growing_tree_core(grid: Grid, rng: Rng, rule: tuple[tuple[int, int], ...], rec: Record) -> np.ndarray:
    """Carve a perfect maze with the growing-tree algorithm; see the module docstring.

    Random draws: the start cell with ``rng.below(n)``, then 32-bit values taken
    in chunks of :func:`chunk_size` words.  Returns the ``(E,)`` bool passages.
    """
    n = grid.n
    # Unvisited neighbours as slot bitmasks, as in the backtracker (square grids: by
    # direction, neighbours and edge ids computed; others: :func:`hops`).
    view = square_view(grid)
    sq = view is not None
    placed = None
    if view is not None:
        tab, placed = view
        wd = tab.width
        vb = tab.vertical
        off = tab.offset
        o_s, o_e, o_n, o_w = off
        c_s, c_e, c_n, c_w = tab.clear
        full = tab.masks
    else:
        h = hops(grid)
        full, step, visit, first, eid = h.full, h.step, h.visit, h.first, h.eid
    um = bytearray(full)
    ne, npos = carve_sizes(grid, placed)  # a square grid cut to a shape carves on its base grid's ids
    pas = bytearray(ne)
    start = rng.below(n)
    if view is not None:
        if placed is not None:
            start = int(placed.cells[start])
        visit_in_square_masks(um, start, tab)
    else:
        visit_in_hops(um, start, h)
    active = [start]
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    lim = cs - 3
    single = len(rule) == 1
    kind0 = rule[0][0]
    kinds = [k for k, _ in rule]
    cum = []
    total = 0
    for _, weight in rule:
        total += weight
        cum.append(total)
    # The kind is the first j with (r * total) >> 32 < cum[j], i.e. r < ceil(cum[j] * 2**32 / total):
    # one comparison per kind against these thresholds picks the same kind.
    cut = [-(-(x << 32) // total) for x in cum]
    cut0 = cut[0]
    kind1 = kinds[1] if len(kinds) > 1 else kind0
    last = -1
    # Removal: with no newest-quarter in the rule, a cell removed from the middle
    # of the list is only marked gone (a random pick rejects gone entries and
    # draws again, which keeps it uniform over the live ones); the list keeps a
    # live first (from `head`) and last entry and is compacted when half gone.
    # newest-quarter needs exact ranks, so it deletes in place (slower on huge grids).
    lazy = QUARTER not in kinds
    gone = bytearray(npos)
    head = 0
    ngone = 0
    if rec is not None:
        rec.append(("visit", start))
    while len(active) > head:
        if bi > lim:
            buf = u32_list(rng, cs)
            bi = 0
        if single:
            kind = kind0
        else:
            r = buf[bi]
            bi += 1
            if r < cut0:
                kind = kind0
            else:
                j = 1
                while r >= cut[j]:
                    j += 1
                kind = kind1 if j == 1 else kinds[j]
        size = len(active)
        if kind == NEWEST:
            i = size - 1
        elif kind == RANDOM:
            span = size - head
            while True:
                i = head + ((buf[bi] * span) >> 32)
                bi += 1
                if not gone[active[i]]:
                    break
                if bi > lim:
                    buf = u32_list(rng, cs)
                    bi = 0
        elif kind == OLDEST:
            i = head
        else:
            q = size >> 2 or 1
            i = size - 1 - ((buf[bi] * q) >> 32)
            bi += 1
        c = active[i]
        mk = um[c]
        if mk:
            m = COUNT[mk]
            if m == 1:
                k = SLOTS[mk][0]
            else:
                k = SLOTS[mk][(buf[bi] * m) >> 32]
                bi += 1
            if sq:
                d = c + off[k]
                e = c - c // wd - (k >> 1) if k & 1 else vb + c + (k >> 1) * wd  # SquareTables.edge, inlined
                um[d + o_s] &= c_s
                um[d + o_e] &= c_e
                um[d + o_n] &= c_n
                um[d + o_w] &= c_w
            else:
                d = c + step[c][k]
                e = eid[first[c] + k]
                visit[d](um, d)
            pas[e] = 1
            active.append(d)
            if rec is not None:
                if c != last:
                    rec.append(("current", c))
                rec.append(("open", e))
                rec.append(("visit", d))
                rec.append(("current", d))
                last = d
        elif not lazy:
            if i == size - 1:
                active.pop()
            else:
                del active[i]
        elif i == size - 1:
            active.pop()
            while len(active) > head and gone[active[-1]]:
                active.pop()
                ngone -= 1
        elif i == head:
            head += 1
            while head < size and gone[active[head]]:
                head += 1
                ngone -= 1
        else:
            gone[c] = 1
            ngone += 1
            if ngone > 64 and 2 * ngone > size - head:
                active = [x for x in active[head:] if not gone[x]]
                head = 0
                ngone = 0
    if placed is not None:
        if rec is not None:
            placed.unmap(rec)
        return placed.passages(pas)
    return to_passage(pas)


def _rule(options: dict[str, str]) -> tuple[tuple[int, int], ...]:
    return parse_rule(options.get("rule", DEFAULT_RULE))


def _carve(grid: Grid, rng: Rng, options: dict[str, str], rec: Record) -> np.ndarray:
    rule = _rule(options)
    if rule == ((NEWEST, rule[0][1]),):
        # Pure "newest" is the recursive backtracker: use its leaner loop (same maze).
        return backtracker_core(grid, rng, rec)
    return growing_tree_core(grid, rng, rule, rec)


def run_growing_tree(grid: Grid, rng: Rng, options: dict[str, str]) -> np.ndarray:
    """Fast form of growing tree (option ``rule``); ``newest`` gives the backtracker's maze."""
    return _carve(grid, rng, options, None)


def steps_growing_tree(grid: Grid, rng: Rng, options: dict[str, str]) -> Iterator[GeneratorStep]:
    """Step form of growing tree (option ``rule``)."""
    rec: list[GeneratorStep] = []
    _carve(grid, rng, options, rec)
    return replay(rec)


INFO = generator_info(
    "growing-tree",
    "GT",
    "Growing tree: grow from an active list picked by a rule (option rule)",
    ALL_SHAPES,
    run_growing_tree,
    steps_growing_tree,
    {"rule": RULE_HELP},
    codec=OptionCodec(canonical_options, options_to_code, options_from_code),
)
