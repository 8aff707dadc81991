"""``tessera puzzle ...``: solve, shuffle and bench from the command line.

``engine.cli`` calls :func:`add_parser` on its subparsers; the parsed
namespace carries ``func`` (= :func:`run`).  Bad input raises ``ValueError``
with one line, which ``main()`` prints before exiting with 2.  Values are
checked by :mod:`engine.values` and :mod:`engine.rng` (ASCII digits, the engine's seed range).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from engine.cli.parsing import OneLineParser, arg_type
from engine.output import REPLACES, check_output_path, is_stdout, write_output
from engine.puzzle.astar import HEURISTICS, solve_fast
from engine.puzzle.board import MAX_SIDE, Board, check_board_size
from engine.puzzle.codes import MAX_SHUFFLE_MOVES, decode, encode_board, shuffle_code
from engine.puzzle.pictures import check_picture, known_pictures
from engine.puzzle.result import SolveResult, SolverStopped
from engine.rng import new_seed, parse_seed
from engine.sanitise import one_line
from engine.values import parse_number, parse_size, parse_uint

#: What a move letter means, as printed next to solutions (see :mod:`engine.puzzle.board`).
MOVE_LETTERS = (
    "the way the blank moves: U up, D down, L left, R right "
    "(each move slides the tile beside the blank the opposite way)"
)
MAX_TIMEOUT = 86_400.0
SOLVERS = ("fast", "optimal", "near-optimal")
KORF_COUNT = 100


def add_position_args(p: argparse.ArgumentParser, what: str = "", required: bool = True) -> None:
    """``--board`` or ``--code`` (one of them, required unless ``required`` is False) and ``--size``: a position, as
    every puzzle command reads it (``what``: words before "tiles"/"a puzzle code" in the help, e.g. "the start as ")."""
    src = p.add_mutually_exclusive_group(required=required)
    src.add_argument("--board", help=f'{what}tiles row by row, 0 = blank, spaces or commas: "1 2 3 ... 0"')
    src.add_argument("--code", help=f"{what}a puzzle code (P1...)")
    p.add_argument("--size", help="WxH (default: square root of the tile count)")

def _size(text: str) -> tuple[int, int]:
    """A board size ``WxH``, each side in range.

    Raises:
        ValueError: not ``WxH`` in ASCII digits, or a side outside 2..MAX_SIDE.
    """
    w, h = parse_size(text, what="board size", example="4x4")
    check_board_size(w, h)
    return w, h


def parse_board(text: str, size: str | None = None) -> Board:
    """A position from tiles in ASCII digits separated by spaces or commas, row by row, 0 the blank.

    Raises:
        ValueError: a tile that is not a whole number in ASCII digits, a bad size, or any
            :meth:`Board.from_tiles` error (missing or repeated tiles, unsolvable).
    """
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise ValueError('the board is empty; give the tiles row by row, 0 for the blank ("1 2 3 4 5 6 0 7 8")')
    for p in parts:
        parse_uint(p, what="tile", lo=0, hi=MAX_SIDE * MAX_SIDE - 1)
    return Board.parse(" ".join(parts), None if size is None else _size(size))


def add_parser(subparsers: Any) -> argparse.ArgumentParser:  # argparse's private type
    """Add the ``puzzle`` subcommand (``solve``, ``shuffle``, ``bench``) to ``subparsers``."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "puzzle", help="sliding puzzle: solve, hint, shuffle, daily, analyse, bench")
    sub = p.add_subparsers(dest="puzzle_command", metavar="{solve,shuffle,bench,hint,daily,analyse}")
    sub.required = True

    s = sub.add_parser("solve", help="solve a position")
    add_position_args(s)
    s.add_argument(
        "--solver",
        choices=SOLVERS,
        default="fast",
        help="fast: layered A* (any size); optimal: shortest, at most 16 cells (4x4); near-optimal: "
        "beam search on pattern databases, 5x5 and larger (first use builds 38 MB of tables)",
    )
    s.add_argument(
        "--effort",
        choices=("quick", "strong", "max"),
        default="quick",
        help="near-optimal solver (5x5 and larger): quick (default, a fraction of a second on 5x5), strong "
        "(about 3 s, shorter) or max (about 30 s, shortest); strong and max build 122 MB of tables the first "
        "time (a few minutes)",
    )
    s.add_argument(
        "--timeout",
        type=arg_type(parse_number, what="timeout", lo=0.0, hi=MAX_TIMEOUT, lo_open=True),
        default=None,
        help="seconds, above 0 and at most 86400 (default 30; 300 with --effort max)",
    )
    s.add_argument("--heuristic", choices=HEURISTICS, default="manhattan", help="fast solver heuristic")
    s.add_argument("--no-edges", action="store_true", help="fast solver: no layers / edges tie-break")
    s.add_argument("--no-boost", action="store_true", help="fast solver: no random boost")
    s.add_argument("--seed", type=arg_type(parse_seed), default=0, help="seed of the random boost, 0..2**64-1")
    s.add_argument("--format", choices=("text", "json"), default="text")

    sh = sub.add_parser("shuffle", help="make a shuffled position and its code")
    sh.add_argument("--size", default="4x4", help="WxH (default 4x4)")
    sh.add_argument(
        "--seed", type=arg_type(parse_seed), default=None, help="seed, 0..2**64-1 (default: a fresh random one)"
    )
    sh.add_argument(
        "--moves",
        type=arg_type(parse_uint, what="moves", lo=1, hi=MAX_SHUFFLE_MOVES),
        default=None,
        help=f"K random moves (1..{MAX_SHUFFLE_MOVES}) instead of a uniform shuffle",
    )
    sh.add_argument(
        "--picture", default=None, help=f"tiles show this built-in picture ({known_pictures()}; see `tessera list`)"
    )
    sh.add_argument("--format", choices=("text", "json"), default="text")

    b = sub.add_parser("bench", help="reproduce the puzzle benchmark table")
    b.add_argument("--quick", action="store_true", help="small run counts (about a minute)")
    b.add_argument("--data", default=None, help="folder with korf100_goal_blank_last.txt (default: bench/data)")
    b.add_argument("--out", default=None, metavar="FILE",
                   help=f"also write the Markdown table to this file; {REPLACES} (printed once)")
    b.add_argument(
        "--korf",
        type=arg_type(parse_uint, what="korf", lo=1, hi=KORF_COUNT),
        default=None,
        help=f"how many Korf instances for the optimal solver, 1..{KORF_COUNT}",
    )
    add_hint_parser(sub)
    dp = sub.add_parser("daily", help="today's puzzle daily (3x3 or 4x4) and its proven fewest moves")
    dp.add_argument("--size", choices=("3", "4"), default="3", help="the board side: 3 (default) or 4")
    dp.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")
    dp.add_argument("--format", choices=("text", "json"), default="text")
    add_analyse_parser(sub)
    p.set_defaults(func=run)
    return p


class _Progress:
    """Table-build progress on stderr.

    On a terminal: one line rewritten in place (``\\r``), ended with a newline by :meth:`end`.  Anywhere
    else (a pipe, a file): whole lines only, one per table (the text before the first ``:``), so
    ``tessera puzzle solve --solver optimal | cat`` never runs progress reports together.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream
        self.shown = False
        self.labels: set[str] = set()

    def _out(self) -> TextIO:
        return self.stream or sys.stderr

    def __call__(self, fraction: float, message: str) -> None:
        out = self._out()
        if _is_terminal(out):
            print(f"\r{one_line(message)} ({fraction:.0%})", end="", file=out, flush=True)
            self.shown = True
            return
        label = message.split(":", 1)[0]
        if label not in self.labels:
            self.labels.add(label)
            print(f"{one_line(message)} ({fraction:.0%})", file=out, flush=True)

    def end(self) -> None:
        if self.shown:
            print(file=self._out())
            self.shown = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _notes(messages: list[str]) -> None:
    """Each cache message (an unusable table folder, a table rebuilt) as one ``tessera: note:`` line on stderr."""
    for m in messages:
        print(f"tessera: note: {one_line(m)}", file=sys.stderr)


def _solve(args: argparse.Namespace) -> int:
    if args.code is not None:
        if args.size is not None:
            raise ValueError("give --size with --board only (a code holds its size)")
        board = decode(args.code).board
    else:
        board = parse_board(args.board, args.size)
    if args.effort != "quick" and args.solver != "near-optimal":
        raise ValueError("--effort is for --solver near-optimal")
    timeout = args.timeout if args.timeout is not None else 300.0 if args.effort == "max" else 30.0
    progress = _Progress()
    try:
        if args.solver == "optimal":
            from engine.puzzle.optimal import can_solve_optimally, solve_optimal  # the tables' code: only now

            if not can_solve_optimally(board.width, board.height):
                raise ValueError(
                    f"The optimal solver handles boards of at most 16 cells; {board.width}x"
                    f"{board.height} is larger (use --solver fast)."
                )
            res: SolveResult = solve_optimal(board, timeout=timeout, progress=progress)
        elif args.solver == "near-optimal":
            from engine.puzzle.near.solver import near_available, solve_near_optimal

            if not near_available(board.width, board.height):
                raise ValueError(f"The near-optimal solver handles boards of 5x5 and larger; {board.width}x"
                                 f"{board.height} is smaller (use --solver optimal up to 4x4, else fast).")
            res = solve_near_optimal(board, timeout=timeout, progress=progress, effort=args.effort)
        else:
            res = solve_fast(
                board,
                heuristic=args.heuristic,
                edges=not args.no_edges,
                boost=not args.no_boost,
                timeout=timeout,
                seed=args.seed,
            )
    except SolverStopped as stop:
        progress.end()
        print(
            f"No solution found: the solver stopped ({stop.reason}) after {stop.result.seconds:.2f} s.", file=sys.stderr
        )
        return 1
    finally:
        progress.end()
    _notes(list(res.extra.get("messages", [])))
    if args.format == "json":
        print(
            json.dumps(
                {
                    "solver": res.solver,
                    "moves": res.moves,
                    "length": res.length,
                    "nodes": res.nodes,
                    "seconds": round(res.seconds, 6),
                    "optimal": res.optimal,
                    "boosts": res.boosts,
                    "layers": res.layers,
                    "move_letters": MOVE_LETTERS,
                    "messages": list(res.extra.get("messages", [])),
                }
            )
        )
    else:
        print(
            f"{res.solver}: {res.length} moves{' (optimal)' if res.optimal else ''}, {res.nodes:,} nodes, "
            f"{res.seconds:.3f} s, boosts {res.boosts}, layers {res.layers}"
        )
        print(f"moves: {res.moves or '(none: the board is already solved)'}")
        print(f"letters: {MOVE_LETTERS}")
    return 0


def _shuffle(args: argparse.Namespace) -> int:
    w, h = _size(args.size)
    picture = check_picture(args.picture) if args.picture is not None else None  # ValueError: exit 2
    seed = new_seed() if args.seed is None else args.seed
    pc = shuffle_code(w, h, seed, args.moves).with_picture(picture)
    if args.format == "json":
        print(
            json.dumps(
                {
                    "size": f"{w}x{h}",
                    "board": list(pc.board.tiles),
                    "code": pc.code(),
                    "position_code": encode_board(pc.board, picture),
                    "picture": picture,
                }
            )
        )
    else:
        print(pc.board)
        print(f"board: {pc.board.text()}")
        if picture:
            print(f"picture: {picture}")
        print(f"code:  {pc.code()}")
        print(f"position code: {encode_board(pc.board, picture)}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from engine.cli.benchmark import load_korf, run_benchmark

    if args.out is not None:
        check_output_path(args.out)  # before minutes of benchmark
    load_korf(args.data)  # the data is there (one line naming the folder if not)
    text = run_benchmark(quick=args.quick, data_dir=args.data, korf=args.korf, log=lambda m: print(m, file=sys.stderr))
    print(text)
    if args.out is not None and not is_stdout(args.out):  # `--out -`: the table printed above is it
        write_output(args.out, text)
    return 0


def add_hint_parser(sub: Any) -> argparse.ArgumentParser:  # argparse's private type
    """Add ``tessera puzzle hint`` (the game's H key: the same planner, :func:`engine.puzzle.hint.plan_hint`)."""
    from engine.puzzle.hint import DEFAULT_BUDGET

    hp: argparse.ArgumentParser = sub.add_parser(
        "hint", help="the next move for a position (the same planner as the game's H key)"
    )
    add_position_args(hp)
    hp.add_argument(
        "--budget",
        type=arg_type(parse_number, what="budget", lo=0.0, hi=MAX_TIMEOUT, lo_open=True),
        default=DEFAULT_BUDGET,
        help=f"seconds the planner may use (default {DEFAULT_BUDGET:g})",
    )
    hp.add_argument("--format", choices=("text", "json"), default="text")
    hp.set_defaults(func=run_hint)
    return hp


def run_hint(args: argparse.Namespace) -> int:
    """Handle ``tessera puzzle hint``: print the move (blank's letter and the tile that slides) and the plan.

    Raises:
        ValueError: bad board, code or budget (one line).
    """
    from engine.puzzle.board import move_delta
    from engine.puzzle.hint import plan_hint

    if args.code is not None and args.size is not None:
        raise ValueError("give --size with --board only (a code holds its size)")
    board = decode(args.code).board if args.code is not None else parse_board(args.board, args.size)
    plan = plan_hint(board, args.budget)
    tile = board.tiles[board.blank + move_delta(plan.move, board.width)] if plan.move else 0
    if args.format == "json":
        print(
            json.dumps(
                {
                    "move": plan.move,
                    "tile": tile,
                    "source": plan.source.value,
                    "plan": plan.moves,
                    "complete": plan.complete,
                }
            )
        )
    elif not plan.move:
        print("Already solved: no move needed.")
    else:
        print(
            f"Slide tile {tile} into the gap (the gap moves {_WORDS[plan.move]}: {plan.move}); "
            f"from {plan.source.phrase}."
        )
        what = "solution" if plan.complete else "partial plan"
        print(f"{what} ({len(plan.moves)} moves of the gap; U/D/L/R = up/down/left/right): {plan.moves}")
    return 0


_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}


def run(args: argparse.Namespace) -> int:
    """Handle ``tessera puzzle ...``; returns the exit code.

    Raises:
        ValueError: bad input (one line, for exit code 2).
    """
    cmd = args.puzzle_command
    if cmd == "solve":
        return _solve(args)
    if cmd == "shuffle":
        return _shuffle(args)
    if cmd == "daily":
        return _daily(args)
    if cmd == "analyse":
        return _analyse(args)
    return _bench(args)


def _daily(args: argparse.Namespace) -> int:
    """``tessera puzzle daily``: the day's position code and its optimum (proven by the optimal solver)."""
    from engine.modes.daily import puzzle_daily, utc_today
    from engine.values import parse_day

    day = parse_day(args.date) if args.date is not None else utc_today()
    size = int(args.size)
    progress = _Progress()
    try:
        daily = puzzle_daily(day, size, progress=progress)
    finally:
        progress.end()
    if args.format == "json":
        print(json.dumps({"date": day.isoformat(), "size": f"{size}x{size}", "code": daily.code,
                          "optimal": daily.optimal}))
    else:
        print(f"{daily.code}  {day.isoformat()}: {size}x{size} sliding puzzle, "
              f"fewest moves {daily.optimal} (proven optimal)")
    return 0


def add_analyse_parser(sub: Any) -> argparse.ArgumentParser:  # argparse's private type
    """Add ``tessera puzzle analyse``: where a solve lost moves (:mod:`engine.puzzle.analysis`)."""
    ap: argparse.ArgumentParser = sub.add_parser(
        "analyse", help="where a solve lost moves: the distance to solved after each move, and the better moves"
    )
    add_position_args(ap, "the start as ", required=False)
    ap.add_argument("--moves", required=True,
                    help="the solve: the blank's moves U D L R, as `puzzle solve` writes them, or a replay code "
                         "(S2..., it holds its start: no --board or --code then)")
    ap.add_argument("--format", choices=("text", "json"), default="text")
    return ap


def _analyse(args: argparse.Namespace) -> int:
    """``tessera puzzle analyse``: the distances, the losses and the better moves of one solve (module
    :mod:`engine.puzzle.analysis`); exact up to 16 cells, bands on larger boards."""
    from engine.puzzle.analysis import analyse, positions
    from engine.puzzle.analysis_text import analysis_json, analysis_lines

    board, moves = _analysed_solve(args)
    positions(board, moves)  # a bad move: one line before any table is loaded
    progress = _Progress()
    try:
        result = analyse(board, moves, progress=progress)
    except SolverStopped as stop:
        print(f"The analysis stopped: a search gave up ({stop.reason}).", file=sys.stderr)
        return 1
    finally:
        progress.end()
    if args.format == "json":
        print(json.dumps(analysis_json(result)))
    else:
        for line in analysis_lines(result):
            print(line)
    return 0


def _analysed_solve(args: argparse.Namespace) -> tuple[Board, str]:
    """The start and the blank's moves ``tessera puzzle analyse`` reads: ``--moves`` letters with ``--board`` or
    ``--code``, or a replay code (:mod:`engine.puzzle.replay`) in ``--moves`` alone.

    Raises:
        ValueError: a bad position, moves or replay code (one line), a replay code with a position too, or no
            position.
    """
    from engine.puzzle.analysis import parse_moves
    from engine.puzzle.replay import decode as decode_replay
    from engine.puzzle.replay import looks_like_replay

    if args.code is not None and args.size is not None:
        raise ValueError("give --size with --board only (a code holds its size)")
    if looks_like_replay(args.moves):
        if args.board is not None or args.code is not None or args.size is not None:
            raise ValueError("a replay code holds its start: give --moves alone, without --board, --code or --size")
        replay = decode_replay(args.moves)
        return replay.start, replay.moves
    if args.board is None and args.code is None:
        raise ValueError("give the start with --board or --code (or a replay code in --moves)")
    board = decode(args.code).board if args.code is not None else parse_board(args.board, args.size)
    return board, parse_moves(args.moves)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (``python -m engine.cli.puzzle puzzle ...``) with the same error convention.

    Returns the exit code: 2 with one ``tessera: error: ...`` line on stderr for bad input.
    """
    parser = OneLineParser(prog="tessera")
    add_parser(parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser))
    try:
        args = parser.parse_args(argv)
        return int(args.func(args))
    except ValueError as e:  # CodeError and UsageError included
        print(f"tessera: error: {one_line(str(e))}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
