"""The distance meter (engine.puzzle.meter): bounded searches give the same distances as full proofs."""

from __future__ import annotations

from engine.puzzle.board import Board, legal_moves_at, shuffle_moves
from engine.puzzle.meter import DistanceMeter, MeterQuery, measure, meter_available
from engine.puzzle.optimal import solve_optimal
from engine.rng import Rng


def play(meter: DistanceMeter, start: Board, moves: str) -> list[tuple[int, int]]:
    """Each position of ``moves`` from ``start``: (the meter's distance, a full proof's)."""
    board, path, out = start, "", []
    for m in moves:
        board, path = board.move(m), path + m
        got = meter.reading(board)
        if got is None:
            q = meter.query(board, path)
            answer = measure(q)
            meter.learn(answer)
            got = answer.distance
        out.append((got, solve_optimal(board).length))
    return out


def random_moves(board: Board, n: int, rng: Rng) -> str:
    out, blank = "", board.blank
    for _ in range(n):
        legal = legal_moves_at(blank, board.width, board.height)
        m = legal[rng.below(len(legal))]
        out += m
        board = board.move(m)
        blank = board.blank
    return out


def test_meter_matches_full_proofs_move_by_move():
    for w, h, seed in ((3, 3, 1), (4, 3, 2)):
        rng = Rng(seed)
        start = shuffle_moves(w, h, 40, rng)
        meter = DistanceMeter()
        first = measure(meter.query(start))
        meter.learn(first)
        assert first.distance == solve_optimal(start).length and meter.reading(start) == first.distance
        for got, proof in play(meter, start, random_moves(start, 25, rng)):
            assert got == proof


def test_one_move_after_a_known_position_is_bounded_to_two_values():
    start = shuffle_moves(4, 3, 30, Rng(7))
    meter = DistanceMeter()
    meter.learn(measure(meter.query(start)))
    d = meter.reading(start)
    m = legal_moves_at(start.blank, 4, 3)[0]
    q = meter.query(start.move(m), m)
    assert (q.at_least, q.at_most) == (max(0, d - 1), d + 1)


def test_following_the_found_solution_needs_no_search():
    start = shuffle_moves(3, 3, 30, Rng(3))
    meter = DistanceMeter()
    answer = measure(meter.query(start))
    meter.learn(answer)
    board = start
    for i, m in enumerate(answer.path, start=1):
        board = board.move(m)
        assert meter.reading(board) == answer.distance - i
    assert meter.reading(Board.goal(3, 3)) == 0


def test_bounds_that_leave_one_value_answer_without_a_search():
    board = shuffle_moves(3, 3, 10, Rng(5))
    assert measure(MeterQuery(board, 12, 12)).distance == 12
    assert meter_available(4, 4) and not meter_available(5, 4)


def test_the_look_ahead_measures_every_neighbour_of_a_known_position_then_stops():
    start = shuffle_moves(4, 3, 30, Rng(11))
    meter = DistanceMeter()
    assert meter.ahead(start) is None  # nothing known yet: measure the position first
    meter.learn(measure(meter.query(start)))
    d = meter.reading(start)
    asked = []
    while (q := meter.ahead(start)) is not None:
        assert (q.at_least, q.at_most) == (max(0, d - 1), d + 1)
        assert q.board in [start.move(m) for m in start.legal_moves()] and q.board not in asked
        asked.append(q.board)
        meter.learn(measure(q))
    assert asked  # the neighbour on the found line was known; the others were measured
    for m in start.legal_moves():
        assert meter.reading(start.move(m)) == solve_optimal(start.move(m)).length


def test_the_game_line_looks_ahead_and_drops_a_look_ahead_the_player_did_not_take():
    from engine.puzzle.session import PuzzleSession
    from game.puzzle.meter import MeterLine

    start = shuffle_moves(4, 3, 40, Rng(2))
    session = PuzzleSession(start)
    line = MeterLine()
    line.attach(session)

    def settle() -> None:
        while line.task is not None:
            line.task.wait(60)
            line.poll(session, True)

    line.poll(session, True)
    settle()  # the dealt position, then its neighbours, one search at a time
    for m in start.legal_moves():
        assert line.meter.reading(start.move(m)) == solve_optimal(start.move(m)).length
    # a move to a neighbour: read at once, and the look-ahead now measures that position's neighbours
    def unknown(b: Board) -> list[Board]:
        return [b.move(m) for m in b.legal_moves() if line.meter.reading(b.move(m)) is None]

    session.act(next(m for m in start.legal_moves() if len(unknown(start.move(m))) >= 2))
    line.poll(session, True)
    assert line.text.startswith(f"{line.meter.reading(session.board)} move")
    assert line.task is not None and line.asked in [session.board.move(m) for m in session.board.legal_moves()]
    # the player moves on to a position the look-ahead is not measuring: it is dropped for the new position
    here = session.board
    other = next(b for b in unknown(here) if b != line.asked)
    ahead = line.task
    session.act(next(m for m in here.legal_moves() if here.move(m) == other))
    line.poll(session, True)
    assert ahead.cancelled or ahead.done
    assert line.meter.reading(session.board) is not None or line.asked == session.board
    settle()
    assert line.meter.reading(session.board) == solve_optimal(session.board).length


# --- known distances read instead of searched (engine.puzzle.optimal's ``known``, the meter's copy) ---
# 4x3 boards (their tables build in about a second) and 4x4 with two 5-5-5 partitions (as test_puzzle_optimal):
# the default 4x4 tables take about 40 s to build in the test run's empty cache.

P555 = ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15))
Q555 = ((1, 5, 9, 13, 2), (3, 4, 6, 7, 8), (10, 11, 12, 14, 15))
FIXED = ((4, 4, 50, 21), (4, 4, 50, 22), (4, 3, 80, 25), (4, 3, 80, 26))  # width, height, shuffle moves, seed


def _solve(board: Board, **kw):
    """The optimal solver, with the 5-5-5 partitions on 4x4."""
    if board.width == board.height == 4:
        kw["partitions"] = (P555, Q555)
    return solve_optimal(board, **kw)


def _line(board: Board, moves: str) -> dict[tuple[int, ...], int]:
    """Every position along the optimal solution ``moves`` of ``board``, with its distance."""
    out = {board.tiles: len(moves)}
    for i, m in enumerate(moves, start=1):
        board = board.move(m)
        out[board.tiles] = len(moves) - i
    return out


def test_known_distances_give_the_full_proofs_distance_and_a_path_to_a_known_position():
    for w, h, n, seed in FIXED:
        start = shuffle_moves(w, h, n, Rng(seed))
        known = _line(start, _solve(start).moves)
        for m in start.legal_moves():
            nb = start.move(m)
            exact = _solve(nb)
            res = _solve(nb, known=known)
            assert len(res.moves) + res.extra["rest"] == exact.length
            end = nb
            for step in res.moves:
                end = end.move(step)
            assert known.get(end.tiles, 0 if end.is_solved() else -1) == res.extra["rest"]
            # the move back to the proven start is read, not searched: never more positions than without it
            assert res.nodes <= exact.nodes


def test_a_known_neighbour_too_far_for_the_bound_is_not_searched():
    proved = 0
    for w, h, n, seed in FIXED:
        start = shuffle_moves(w, h, n, Rng(seed))
        d = _solve(start).length
        for q in [start.move(m) for m in start.legal_moves()]:
            if _solve(q).length != d + 1:
                continue
            # proving q is not d - 1, without and with start's distance: the same verdict, less work with it
            plain = _solve(q, at_least=d - 1)
            read = _solve(q, at_least=d - 1, known={start.tiles: d})
            assert plain.length == d + 1 and len(read.moves) + read.extra["rest"] == d + 1
            assert read.nodes < plain.nodes
            proved += 1
    assert proved >= 3


def test_a_wrong_known_distance_is_believed_so_the_search_really_reads_them():
    start = shuffle_moves(4, 3, 80, Rng(25))
    exact = solve_optimal(start).length
    m = start.legal_moves()[0]
    lie = {start.move(m).tiles: 0}  # claims a neighbour is solved
    res = solve_optimal(start, known=lie)
    assert res.moves == m and res.extra["rest"] == 0 and exact > 1


def test_the_look_ahead_with_known_distances_learns_the_exact_ones_on_fixed_positions():
    for seed in (25, 26, 27):
        start = shuffle_moves(4, 3, 80, Rng(seed))
        meter = DistanceMeter()
        meter.learn(measure(meter.query(start)))
        board = start
        for step in random_moves(start, 6, Rng(seed)):
            while (q := meter.ahead(board)) is not None:
                assert q.known and board.tiles in q.known  # the position on screen is read, not searched
                meter.learn(measure(q))
            board = board.move(step)
            if meter.reading(board) is None:
                meter.learn(measure(meter.query(board, "")))
        for tiles, d in meter.known.items():
            assert solve_optimal(Board(4, 3, tiles)).length == d


def test_a_pending_reading_shows_the_two_values_the_last_one_leaves():
    from game.puzzle.meter import COMPUTING, pending_text

    assert pending_text(62, 64) == "62 or 64 moves from solved (checking…)"
    assert pending_text(0, None) == COMPUTING and pending_text(60, 64) == COMPUTING and pending_text(0, 1) == COMPUTING


def _line_at(start: Board):  # a game line whose dealt position is measured and whose first look-ahead is out
    from engine.puzzle.session import PuzzleSession
    from game.puzzle.meter import MeterLine

    session = PuzzleSession(start)
    line = MeterLine()
    line.attach(session)
    line.poll(session, True)
    assert line.task is not None and line.asked == start
    line.task.wait(60)
    line.poll(session, True)  # the start's answer taken; a look-ahead starts
    assert line.task is not None and line.asked != start
    return session, line


def test_while_a_reading_is_out_the_line_names_the_two_possible_values_and_the_answer_is_one():
    start = shuffle_moves(4, 3, 80, Rng(26))
    session, line = _line_at(start)
    d = line.meter.reading(start)
    m = next(m for m in start.legal_moves()
             if line.meter.reading(start.move(m)) is None and start.move(m) != line.asked)
    session.act(m)
    line.poll(session, True)
    assert line.text == f"{d - 1} or {d + 1} moves from solved (checking…)"
    while line.meter.reading(session.board) is None:
        assert line.task is not None
        line.task.wait(60)
        line.poll(session, True)
    got = line.meter.reading(session.board)
    assert got == solve_optimal(session.board).length and got in (d - 1, d + 1)
    assert line.text == f"{got} moves from solved (optimal)"


def test_following_the_known_line_drops_the_look_ahead_of_the_position_left():
    start = shuffle_moves(4, 3, 80, Rng(26))
    session, line = _line_at(start)
    d = line.meter.reading(start)
    on_line = next(m for m in start.legal_moves() if line.meter.reading(start.move(m)) == d - 1)
    assert line.asked != start.move(on_line)  # the look-ahead measures another neighbour
    ahead = line.task
    session.act(on_line)
    line.poll(session, True)
    assert ahead is not None and (ahead.cancelled or ahead.done)
    # what is out now serves the position on screen: one of its neighbours
    assert line.task is not None and line.asked in [session.board.move(m) for m in session.board.legal_moves()]


def test_the_searchs_known_lookup_finds_exactly_the_known_positions_of_a_batch():
    import numpy as np

    from engine.puzzle.optimal import _Known, _known_words
    from engine.puzzle.tables.optimal_tables import load_layout, partitions_for

    parts = partitions_for(4, 3, None, None)
    lay = load_layout(4, 3, None, None, parts[0], parts[1:])
    rng = Rng(8)
    boards = [shuffle_moves(4, 3, 30 + k, rng) for k in range(400)]
    known = {b.tiles: k for k, b in enumerate(boards[:200])}
    words, _ = _known_words(lay, {b.tiles: 0 for b in boards})  # every board's word, in word order
    kn = _Known(lay, known)
    at, dist = kn.find(words)
    got = {int(words[i]): int(d) for i, d in zip(at, dist, strict=True)}
    want = {int(_known_words(lay, {t: 0})[0][0]): d for t, d in known.items()}
    assert got == want and list(at) == sorted(at) and np.all(dist >= 0)


class _HeldTask:
    """A stand-in for game.workers.Task whose work runs only when the test says so (a search that is slow)."""

    made: list[_HeldTask] = []

    def __init__(self, work, name: str = "task") -> None:
        self.work, self.name, self.cancelled, self.done = work, name, False, False
        self.reported: tuple[float, str] = (0.0, "")
        self.value: object = None
        self.error: BaseException | None = None
        _HeldTask.made.append(self)

    def cancel(self) -> None:
        self.cancelled = True

    def progress(self) -> tuple[float, str]:
        return self.reported

    def report(self, fraction: float, message: str = "") -> None:
        self.reported = (fraction, message)

    def finish(self) -> None:
        try:
            self.value = self.work(self.report, lambda: self.cancelled)
        except Exception as exc:  # handed over as Task does
            self.error = exc
        self.done = True

    def result(self) -> object:
        if self.error is not None:
            raise self.error
        return self.value


def _held_line(monkeypatch, start: Board):
    import game.puzzle.meter as gm
    from engine.puzzle.session import PuzzleSession

    _HeldTask.made = []
    monkeypatch.setattr(gm, "Task", _HeldTask)
    session = PuzzleSession(start)
    line = gm.MeterLine()
    line.attach(session)
    line.poll(session, True)
    line.task.finish()  # the dealt position
    line.poll(session, True)
    return session, line


def _slide_two(board: Board, avoid: Board | None, path: str = "") -> str:
    """Two blank moves in one direction (a click sliding two tiles) whose first step does not land on ``avoid``,
    not back along ``path``."""
    from engine.puzzle.board import INVERSE

    for m in "UDLR":
        if path and m == INVERSE[path[-1]]:
            continue
        try:
            b1 = board.move(m)
            b1.move(m)
        except ValueError:
            continue
        if b1 != avoid:
            return m + m
    raise AssertionError("no two-tile slide")


def test_a_player_who_keeps_moving_keeps_the_search_of_a_position_passed_and_gets_readings(monkeypatch):
    """Clicks that slide two tiles never land on a measured neighbour: the search for the position passed is kept
    (it used to be dropped at the next click and restarted for the new position, so a player clicking faster
    than a search lasted never got a reading), then the position on screen is measured from its answer."""
    start = shuffle_moves(4, 3, 80, Rng(31))
    session, line = _held_line(monkeypatch, start)
    assert line.meter.reading(start) is not None and line.task is not None  # a look-ahead is out
    session.act(_slide_two(start, line.asked))
    line.poll(session, True)
    first, passed = line.task, session.board
    assert first is not None and line.asked == passed  # the look-ahead not taken was dropped for this position
    for _ in range(3):  # the player clicks on while that search runs
        session.act(_slide_two(session.board, None, session.path))
        line.poll(session, True)
        assert line.task is first and not first.cancelled
        assert line.text.startswith("computing")
    first.finish()
    line.poll(session, True)
    assert line.meter.reading(passed) == solve_optimal(passed).length
    assert line.asked == session.board and line.task is not first  # now the position on screen, bounded by it
    line.task.finish()
    line.poll(session, True)
    assert line.meter.reading(session.board) == solve_optimal(session.board).length
    assert line.text.endswith("moves from solved (optimal)")


def test_a_look_ahead_passed_and_left_behind_a_measured_position_is_dropped(monkeypatch):
    start = shuffle_moves(4, 3, 80, Rng(31))
    session, line = _held_line(monkeypatch, start)
    ahead = line.task
    assert ahead is not None and line.asked != start
    other = next(m for m in start.legal_moves() if start.move(m) != line.asked)
    session.act(other)  # not the look-ahead's position; walking back reaches the measured start first
    line.poll(session, True)
    assert ahead.cancelled and line.task is not ahead


def test_a_search_that_fails_is_not_asked_again_and_the_line_says_so(monkeypatch):
    import engine.puzzle.optimal as opt
    from engine.puzzle.result import SolveResult, SolverStopped

    start = shuffle_moves(4, 3, 80, Rng(32))
    session, line = _held_line(monkeypatch, start)

    def stopped(*_a, **_k):
        raise SolverStopped("limit", SolveResult("optimal", "", 0, 0.0, False))

    line.cancel()
    monkeypatch.setattr(opt, "solve_optimal", stopped)
    m = next(m for m in start.legal_moves() if line.meter.reading(start.move(m)) is None)
    session.act(m)
    line.poll(session, True)
    failing = line.task
    assert failing is not None and line.asked == session.board
    failing.finish()
    line.poll(session, True)
    assert line.text == "Distance not found (limit)."
    made = len(_HeldTask.made)
    for _ in range(3):
        line.poll(session, True)
    assert len(_HeldTask.made) == made and line.task is None  # not searched again and again


def test_while_the_search_out_builds_tables_the_line_says_so(monkeypatch):
    """Tables in the cache that are not this installation's are rebuilt by the search itself (the files exist, so
    the line thought them ready): the line says they are being built, from the search's own progress."""
    import engine.puzzle.optimal as opt

    start = shuffle_moves(4, 3, 80, Rng(33))
    session, line = _held_line(monkeypatch, start)
    line.cancel()
    m = next(m for m in start.legal_moves() if line.meter.reading(start.move(m)) is None)
    session.act(m)
    line.poll(session, True)
    d = line.meter.reading(start)
    assert line.ready and line.text == f"{d - 1} or {d + 1} moves from solved (checking…)"
    line.task.report(0.4, "4x3 table 2 of 3")  # what the build reports through the task
    line.poll(session, True)
    assert line.text == "computing… (building the 4x3 tables, once)"
    seen: list[str] = []
    real = opt.solve_optimal

    def building(*a, **k):  # the solver reports a build through the progress it is handed
        k["progress"](0.5, "4x3 table 1 of 3")
        seen.append("called")
        return real(*a, **k)

    monkeypatch.setattr(opt, "solve_optimal", building)
    task = line.task
    task.finish()
    assert seen and task.progress() == (0.5, "4x3 table 1 of 3")
    line.poll(session, True)
    assert line.text.endswith("moves from solved (optimal)")
