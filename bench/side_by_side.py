"""Old checkout against new, alternating fresh worker processes: the shared driver of the in-process benches.

A bench script that measures inside the game's own process (``bench_board.py``, ``bench_screens.py``) runs itself
with ``--worker`` from each checkout in turn (the old one's code, this script's measuring), reads the JSON object
the worker prints last, and reports medians with new/old ratios as a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def parse(doc: str, repeats: int) -> argparse.Namespace:
    """The command line of a side-by-side bench: ``--old`` (required) and ``--repeats`` (default ``repeats``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--old", required=True, help="an old checkout of Tessera to compare with")
    parser.add_argument("--repeats", type=int, default=repeats,
                        help=f"runs of each checkout, alternating (default {repeats})")
    return parser.parse_args()


def alternate(script: str, old: Path, repeats: int) -> tuple[dict[str, list[dict[str, float]]], tuple[float, float]]:
    """Run ``script --worker`` from ``old`` and from this checkout in turn, ``repeats`` times each.

    Returns the workers' JSON objects by ``"old"``/``"new"`` and the 1-minute load before and after.

    Raises:
        subprocess.CalledProcessError: a worker failed.
    """
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    before = os.getloadavg()[0]
    for _ in range(repeats):
        for label, where in (("old", old), ("new", ROOT)):
            out = subprocess.run([sys.executable, str(Path(script).resolve()), "--worker"], cwd=where,
                                 capture_output=True, text=True, check=True)
            runs[label].append(json.loads(out.stdout.strip().splitlines()[-1]))
    return runs, (before, os.getloadavg()[0])


def report(runs: dict[str, list[dict[str, float]]], load: tuple[float, float], rows: list[tuple[str, str]],
           unit: str, digits: int, title: str, command: str, note: str, out_name: str) -> str:
    """Write and return ``bench/results/<out_name>``: a table of the ``rows`` (worker key, what it measures),
    old and new medians in ``unit`` with ``digits`` decimals and new/old, under ``title``, the ``command``, the
    time, the load and ``note``."""
    lines = []
    for key, what in rows:
        old = statistics.median(r[key] for r in runs["old"])
        new = statistics.median(r[key] for r in runs["new"])
        lines.append(f"| {what} | {old:.{digits}f} {unit} | {new:.{digits}f} {unit} | {new / old:.2f}x |")
    text = "\n".join([
        f"# {title}",
        "",
        f"`{command}`; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {load[0]:.2f} -> {load[1]:.2f}; "
        f"medians, old and new alternating, each run a fresh process on a hidden headless window (llvmpipe){note}.",
        "",
        "| what | old | new | new/old |",
        "|---|---|---|---|",
        *lines,
        "",
    ])
    (ROOT / "bench" / "results" / out_name).write_text(text, encoding="utf-8")
    return text


def main(script: str, doc: str, worker: Callable[[], None], repeats: int, rows: list[tuple[str, str]], unit: str,
         digits: int, title: str, note: str, out_name: str) -> None:
    """A side-by-side bench's whole command: ``--worker`` runs ``worker`` (the measuring, printing its JSON);
    otherwise alternate the checkouts (``--old``, ``--repeats``, default ``repeats``) and print and write the
    :func:`report` of ``rows`` to ``bench/results/<out_name>``."""
    if "--worker" in sys.argv:
        worker()
        return
    args = parse(doc, repeats)
    runs, load = alternate(script, Path(args.old), args.repeats)
    command = f"python bench/{Path(script).name} --old {args.old} --repeats {args.repeats}"
    print(report(runs, load, rows, unit, digits, title, command, note, out_name))
