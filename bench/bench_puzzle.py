"""Sliding puzzle benchmark: writes bench/results/puzzle.md.

    python bench/bench_puzzle.py [--quick] [--korf N] [--data DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.puzzle.benchmark import run_benchmark  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--korf", type=int, default=None)
    ap.add_argument("--data", default=None)
    args = ap.parse_args()
    text = run_benchmark(quick=args.quick, data_dir=args.data, korf=args.korf,
                         log=lambda m: print(m, file=sys.stderr, flush=True))
    out = Path(__file__).resolve().parent / "results" / "puzzle.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
