"""``tessera puzzle ...``: solve, shuffle and bench from the command line.

The lead's ``engine.cli`` calls :func:`add_parser` on its subparsers; the
parsed namespace carries ``func`` (= :func:`run`).  Bad input raises
``ValueError`` with one line, which ``main()`` prints before exiting with 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.puzzle.astar import HEURISTICS, solve_fast
from engine.puzzle.board import Board
from engine.puzzle.codes import decode, encode_board, shuffle_code
from engine.puzzle.optimal import can_solve_optimally, solve_optimal
from engine.puzzle.pictures import check_picture, known_pictures
from engine.puzzle.result import SolveResult, SolverStopped


def _size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit():
        raise ValueError(f"The size {text!r} is not of the form WxH (for example 4x4).")
    return int(w), int(h)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:  # noqa: ANN401 - argparse's private type
    """Add the ``puzzle`` subcommand (``solve``, ``shuffle``, ``bench``) to ``subparsers``."""
    p = subparsers.add_parser("puzzle", help="sliding puzzle: solve, shuffle, bench")
    sub = p.add_subparsers(dest="puzzle_command", metavar="{solve,shuffle,bench,hint}")
    sub.required = True

    s = sub.add_parser("solve", help="solve a position")
    src = s.add_mutually_exclusive_group(required=True)
    src.add_argument("--board", help='tiles row by row, 0 = blank, spaces or commas: "1 2 3 ... 0"')
    src.add_argument("--code", help="a puzzle code (P1...)")
    s.add_argument("--size", help="WxH (default: square root of the tile count)")
    s.add_argument("--solver", choices=("fast", "optimal"), default="fast")
    s.add_argument("--timeout", type=float, default=30.0, help="seconds (default 30)")
    s.add_argument("--heuristic", choices=HEURISTICS, default="manhattan", help="fast solver heuristic")
    s.add_argument("--no-edges", action="store_true", help="fast solver: no layers / edges tie-break")
    s.add_argument("--no-boost", action="store_true", help="fast solver: no random boost")
    s.add_argument("--seed", type=int, default=0, help="seed of the random boost")
    s.add_argument("--format", choices=("text", "json"), default="text")

    sh = sub.add_parser("shuffle", help="make a shuffled position and its code")
    sh.add_argument("--size", default="4x4", help="WxH (default 4x4)")
    sh.add_argument("--seed", type=int, default=None, help="seed (default: from the clock)")
    sh.add_argument("--moves", type=int, default=None, help="K random moves instead of a uniform shuffle")
    sh.add_argument("--picture", default=None,
                    help=f"tiles show this built-in picture ({known_pictures()}; see `tessera list`)")
    sh.add_argument("--format", choices=("text", "json"), default="text")

    b = sub.add_parser("bench", help="reproduce the puzzle benchmark table")
    b.add_argument("--quick", action="store_true", help="small run counts (about a minute)")
    b.add_argument("--data", default=None, help="folder with korf100_goal_blank_last.txt")
    b.add_argument("--out", default=None, help="also write the Markdown table to this file")
    b.add_argument("--korf", type=int, default=None, help="how many Korf instances for the optimal solver")
    add_hint_parser(sub)
    p.set_defaults(func=run)
    return p


def _solve(args: argparse.Namespace) -> int:
    if args.code:
        board = decode(args.code).board
    else:
        board = Board.parse(args.board, args.size)
    if args.timeout <= 0:
        raise ValueError(f"The timeout must be > 0 seconds, got {args.timeout}.")
    try:
        if args.solver == "optimal":
            if not can_solve_optimally(board.width, board.height):
                raise ValueError(f"The optimal solver handles boards of at most 16 cells; {board.width}x"
                                 f"{board.height} is larger (use --solver fast).")
            res: SolveResult = solve_optimal(board, timeout=args.timeout,
                                             progress=lambda f, m: print(f"\r{m} ({f:.0%})", end="", file=sys.stderr))
        else:
            res = solve_fast(board, heuristic=args.heuristic, edges=not args.no_edges, boost=not args.no_boost,
                             timeout=args.timeout, seed=args.seed)
    except SolverStopped as stop:
        print(f"No solution found: the solver stopped ({stop.reason}) after {stop.result.seconds:.2f} s.",
              file=sys.stderr)
        return 1
    if args.format == "json":
        print(json.dumps({"solver": res.solver, "moves": res.moves, "length": res.length, "nodes": res.nodes,
                          "seconds": round(res.seconds, 6), "optimal": res.optimal, "boosts": res.boosts,
                          "layers": res.layers}))
    else:
        print(f"{res.solver}: {res.length} moves{' (optimal)' if res.optimal else ''}, {res.nodes:,} nodes, "
              f"{res.seconds:.3f} s, boosts {res.boosts}, layers {res.layers}")
        print(res.moves)
    return 0


def _shuffle(args: argparse.Namespace) -> int:
    w, h = _size(args.size)
    picture = check_picture(args.picture) if args.picture is not None else None  # ValueError: exit 2
    seed = args.seed
    if seed is None:
        import time

        seed = time.time_ns() % (1 << 64)
    pc = shuffle_code(w, h, seed, args.moves).with_picture(picture)
    if args.format == "json":
        print(json.dumps({"size": f"{w}x{h}", "board": list(pc.board.tiles), "code": pc.code(),
                          "position_code": encode_board(pc.board, picture), "picture": picture}))
    else:
        print(pc.board)
        print(f"board: {pc.board.text()}")
        if picture:
            print(f"picture: {picture}")
        print(f"code:  {pc.code()}")
        print(f"position code: {encode_board(pc.board, picture)}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from engine.puzzle.benchmark import run_benchmark

    text = run_benchmark(quick=args.quick, data_dir=args.data, korf=args.korf, log=lambda m: print(m, file=sys.stderr))
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


def add_hint_parser(sub: Any) -> argparse.ArgumentParser:  # noqa: ANN401 - argparse's private type
    """Add ``tessera puzzle hint`` (the game's H key: the same planner, :func:`engine.puzzle.hint.plan_hint`)."""
    from engine.puzzle.hint import DEFAULT_BUDGET

    hp = sub.add_parser("hint", help="the next move for a position (the same planner as the game's H key)")
    src = hp.add_mutually_exclusive_group(required=True)
    src.add_argument("--board", help='tiles row by row, 0 = blank, spaces or commas: "1 2 3 ... 0"')
    src.add_argument("--code", help="a puzzle code (P1...)")
    hp.add_argument("--size", help="WxH (default: square root of the tile count)")
    hp.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                    help=f"seconds the planner may use (default {DEFAULT_BUDGET:g})")
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

    board = decode(args.code).board if args.code else Board.parse(args.board, args.size)
    plan = plan_hint(board, args.budget)
    tile = board.tiles[board.blank + move_delta(plan.move, board.width)] if plan.move else 0
    if args.format == "json":
        print(json.dumps({"move": plan.move, "tile": tile, "source": plan.source.value, "plan": plan.moves,
                          "complete": plan.complete}))
    elif not plan.move:
        print("Already solved: no move needed.")
    else:
        print(f"Slide tile {tile} into the gap (the gap moves {_WORDS[plan.move]}: {plan.move}); "
              f"from {plan.source.phrase}.")
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
    return _bench(args)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (``python -m engine.puzzle.cli puzzle ...``) with the same error convention."""
    parser = argparse.ArgumentParser(prog="tessera")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ValueError as e:
        print(f"tessera: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
