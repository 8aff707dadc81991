"""Fuzz the one decoder door (engine.codes.decode_any) and time the rejection of 1000x1000 codes.

Per kind (maze, race, ghost, puzzle): N mutated codes (1 to 3 random edits of a
valid code: substitute, insert, delete, swap neighbours, cut, duplicate a tail;
half of them resealed with correct check characters so that the field parsers
are reached).  Each result is classified: refused with a CodeError sentence,
decoded (then built and, for ghosts, every move checked when the maze has at
most 10,000 cells), crash (any other exception, at decode or build), hang (one
decode over 1 s).  Memory: the process's peak RSS over the whole run (if it
stays under 300 MB no single decode used more).

Then the worst case: broken codes of 1000x1000 levels (every single edit of a
maze, race and ghost code, plus resealed bad fields and ghost moves) -- the
slowest rejection and the largest traced allocation (tracemalloc peak).

Run: ``python bench/bench_codes.py [--n 12000]``; writes ``bench/results/codes.md``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.codes import SYMBOLS, CodeError, decode_any, seal  # noqa: E402
from engine.maze.recipe import MazeSpec  # noqa: E402
from engine.modes.ghost import GhostCode  # noqa: E402
from engine.modes.race.code import RaceSpec  # noqa: E402
from engine.rng import Rng  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from test_codes import ghost_runs, maze_specs, puzzle_codes, race_specs, single_edits  # noqa: E402

JUNK = SYMBOLS + "abz \t'\"é€\x00"


def mutate(code: str, rng: Rng) -> str:
    for _ in range(1 + rng.below(3)):
        op = rng.below(6)
        i = rng.below(len(code) + 1)
        ch = JUNK[rng.below(len(JUNK))]
        if op == 0 and code:
            i %= len(code)
            code = code[:i] + ch + code[i + 1 :]
        elif op == 1:
            code = code[:i] + ch + code[i:]
        elif op == 2:
            code = code[:i] + code[i + 1 :]
        elif op == 3 and i + 1 < len(code):
            code = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        elif op == 4:
            code = code[:i]
        else:
            code = code[:i] + code[i:] * 2
    if rng.below(2) and "-" in code:
        code = seal(code.rsplit("-", 1)[0].upper())
    return code


def fuzz(kind: str, pool: list[str], n: int) -> dict[str, float]:
    rng = Rng(hash(kind) & 0xFFFF)
    stats = {"tried": 0, "refused": 0, "decoded": 0, "crash": 0, "hang": 0, "worst_ms": 0.0}
    for _ in range(n):
        text = mutate(pool[rng.below(len(pool))], rng)
        stats["tried"] += 1
        t0 = time.perf_counter()
        try:
            decoded = decode_any(text)
        except CodeError:
            stats["refused"] += 1
            decoded = None
        except Exception:  # noqa: BLE001 - counted: this is what the fuzz looks for
            stats["crash"] += 1
            continue
        dt = time.perf_counter() - t0
        stats["worst_ms"] = max(stats["worst_ms"], dt * 1000)
        stats["hang"] += dt > 1.0
        if decoded is None:
            continue
        stats["decoded"] += 1
        spec = getattr(decoded, "spec", None) or getattr(decoded, "maze", None) or decoded
        if getattr(spec, "width", 0) * getattr(spec, "height", 0) > 10_000 or kind == "puzzle":
            continue
        try:
            maze = decoded.build()
            if kind == "ghost":
                decoded.check_moves(decoded.spec.level(maze))
        except CodeError:
            pass
        except Exception:  # noqa: BLE001
            stats["crash"] += 1
    return stats


def worst_big() -> list[tuple[str, int, float, float]]:
    big = MazeSpec.create("square", 1000, 1000, "aldous-broder", braid=0.1, seed=1)
    steps = tuple((6 * i + 3, i % 4) for i in range(20_000))
    ghost = GhostCode(big, steps).code()
    maze = big.code()
    race = RaceSpec.create(big, "tremaux", "hard").code()
    head = ghost.rsplit(":", 1)[0]
    cases: dict[str, list[str]] = {
        "maze 1000x1000 (every single edit)": sorted(single_edits(maze)),
        "race 1000x1000 (every single edit)": sorted(single_edits(race)),
        "ghost 1000x1000, 20,000 moves (500 single edits)": [],
        "ghost 1000x1000, resealed broken moves": [
            seal(f"{head}:{m}") for m in ["", "3", "3.", "39ZZ", "G", "37ZZZZZZZ", "36ZZZZZZ0", "0" + "2" * 6,
                                          "0" * 50_000 + "3", "0" * 99_000 + "Z"]
        ],
    }
    rng = Rng(5)
    for _ in range(500):
        i = rng.below(200) if rng.below(2) else len(ghost) - 1 - rng.below(60)
        ch = SYMBOLS[rng.below(len(SYMBOLS))]
        op = rng.below(4)
        if op == 0:
            text = ghost[:i] + ch + ghost[i + 1 :]
        elif op == 1:
            text = ghost[:i] + ch + ghost[i:]
        elif op == 2:
            text = ghost[:i] + ghost[i + 1 :]
        else:
            text = ghost[:i] + ghost[i + 1 : i + 2] + ghost[i] + ghost[i + 2 :]
        if text != ghost:
            cases["ghost 1000x1000, 20,000 moves (500 single edits)"].append(text)
    out = []
    for name, texts in cases.items():
        worst_t = 0.0
        worst_mb = 0.0
        for text in texts:
            tracemalloc.start()
            t0 = time.perf_counter()
            try:
                decode_any(text)
                ok = True
            except CodeError:
                ok = False
            dt = time.perf_counter() - t0
            peak = tracemalloc.get_traced_memory()[1] / 1e6
            tracemalloc.stop()
            if ok:
                continue
            worst_t, worst_mb = max(worst_t, dt), max(worst_mb, peak)
        out.append((name, len(texts), worst_t * 1000, worst_mb))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=12_000, help="mutated codes per kind")
    args = ap.parse_args()
    pools = {
        "maze": [s.code() for s in maze_specs(120)],
        "race": [s.code() for s in race_specs(110)],
        "ghost": [g.code() for g, _ in ghost_runs(105)] + [GhostCode(
            MazeSpec.create("square", 1000, 1000, "wilson", seed=3), tuple((6 * i, i % 4) for i in range(5000))
        ).code()],
        "puzzle": puzzle_codes(110),
    }
    rows = []
    t_all = time.perf_counter()
    for kind, pool in pools.items():
        rows.append((kind, fuzz(kind, pool, args.n)))
    fuzz_s = time.perf_counter() - t_all
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    big = worst_big()
    lines = [
        "# Code fuzz (`python bench/bench_codes.py`)",
        "",
        f"Python {platform.python_version()}, {os.cpu_count()} cores (shared, loaded); {fuzz_s:.0f} s for the fuzz.",
        "Mutated codes: 1-3 random edits of a valid code, half resealed with correct check characters.",
        "Decoded mazes up to 10,000 cells were built and ghost moves checked in them.",
        "",
        "| kind | tried | refused (CodeError) | decoded | crash | hang (> 1 s) | slowest decode |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind, st in rows:
        lines.append(f"| {kind} | {st['tried']:,} | {st['refused']:,} | {st['decoded']:,} | {st['crash']} | "
                     f"{st['hang']} | {st['worst_ms']:.1f} ms |")
    lines += ["", f"Peak RSS of the whole fuzz process: {rss_mb:.0f} MB (so no decode used 300 MB).", "",
              "| 1000×1000 broken codes | count | slowest rejection | largest traced allocation |",
              "|---|---|---|---|"]
    for name, count, ms, mb in big:
        lines.append(f"| {name} | {count:,} | {ms:.1f} ms | {mb:.2f} MB |")
    text = "\n".join(lines) + "\n"
    out = ROOT / "bench" / "results" / "codes.md"
    out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
