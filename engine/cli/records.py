"""``tessera records [--csv FILE] [--runs]``: the player's records, read from the save through the game's store.

The engine does not read the save file itself (it is the game's, :mod:`game.store`): :func:`engine.cli.main` is
given an ``open_records`` callback by :mod:`game.launcher` that opens the save and returns a
:class:`RecordSource`; without it (``python -m engine.cli``) the command says how to run it.  Bad input is one line
and exit code 2 (:func:`engine.cli.main`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from engine import records
from engine.output import REPLACES, check_output_path, named, write_output
from engine.records import SOLVE_SUFFIX, Run, puzzle_records, records_csv, runs_csv, speed_bests


class RecordSource(Protocol):
    """What the records command reads (the game's save store has these)."""

    @property
    def message(self) -> str | None:
        """One sentence when the save is not as it should be, else None."""
        ...

    def runs(self) -> list[Run]:
        """The history of finished games, oldest first."""
        ...

    def bests(self) -> list[tuple[str, float | None, int | None, int]]:
        """Every kept best as ``(key, best time s, best moves, wins)``."""
        ...

    def close(self) -> None:
        """Let the save go."""
        ...


OpenRecords = Callable[[], "RecordSource | None"]


def seconds_text(seconds: float) -> str:
    """``12.34 s`` (cut to hundredths like every recorded time: :func:`engine.records.seconds_text`)."""
    return f"{records.seconds_text(seconds)} s"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:  # argparse's private type
    """Add ``records``."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "records", help="your records (puzzle sizes, levels) from the saved games; --csv FILE exports them"
    )
    p.add_argument("--csv", metavar="FILE",
                   help=f"write the records (or, with --runs, every finished game) as CSV; {REPLACES}")
    p.add_argument("--runs", action="store_true", help="with --csv: the history of finished games instead")
    return p


def run_records(args: argparse.Namespace, out: TextIO, err: TextIO, open_records: OpenRecords | None) -> int:
    """Print the records, or write them to ``--csv``; returns the exit code.

    Raises:
        ValueError: ``--runs`` without ``--csv``, an output path that cannot be written, no save store to read.
    """
    if args.runs and args.csv is None:
        raise ValueError("--runs chooses what --csv writes: give --csv FILE too")
    if args.csv is not None:
        check_output_path(args.csv)
    if open_records is None:
        raise ValueError("'records' reads your saved games: run it as `tessera records` (python -m game.launcher)")
    source = open_records()
    if source is None:
        runs: list[Run] = []
        bests: list[tuple[str, float | None, int | None, int]] = []
        err.write("note: no saved games yet\n")
    else:
        try:
            runs, bests = source.runs(), source.bests()
            if source.message:  # after reading: a value set aside while reading is said too
                err.write(f"note: {source.message}\n")
        finally:
            source.close()
    records = puzzle_records(runs)
    if args.csv is not None:
        write_output(args.csv, runs_csv(runs) if args.runs else records_csv(records, bests))
        what = f"{len(runs)} finished games" if args.runs else f"{len(records) + len(bests)} records"
        err.write(f"wrote {what} to {named(args.csv)}\n")  # on stderr: `--csv -` carries the CSV
        return 0
    if not records and not bests and not speed_bests(runs):
        out.write("No records yet: finish a puzzle or a maze.\n")
    for r in records:
        avg = "  ".join(f"{name} {seconds_text(v)}" for name, v in (("Ao5", r.ao5), ("Ao12", r.ao12)) if v is not None)
        out.write(
            f"puzzle {r.size}: {r.solves} solves, best {seconds_text(r.best_time)}, fewest {r.fewest_moves} "
            f"moves, {r.best_tps:.2f} tiles/s{'  ' + avg if avg else ''}\n"
        )
    for (mode, key), best in sorted(speed_bests(runs).items()):
        what = f"{mode.removesuffix(SOLVE_SUFFIX)} single {key}" if mode.endswith(SOLVE_SUFFIX) else f"{mode} {key}"
        out.write(f"{what}: {best.runs} finished, best {seconds_text(best.best)}\n")
    levels = [b for b in bests if b[1] is not None and not b[0].startswith("puzzle-size:")]
    if levels:
        out.write(f"{len(levels)} levels with a best time (--csv FILE lists them all)\n")
    elif bests and not records:
        out.write(f"No best times yet: {len(bests)} kept without one (--csv FILE lists them)\n")
    return 0
