"""Replay codes (``S2...``, engine/puzzle/replay.py): the round trip of a solve's moves and times, every single typo
refused, the checks on decode, the player's timings, ``tessera puzzle analyse --moves`` taking one, and a puzzle
session's log (what a replay keeps)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli.puzzle import main
from engine.code_frame import CodeError
from engine.codes import KIND_MODES, decode_any, mode_of
from engine.puzzle.analysis import analyse
from engine.puzzle.astar import solve_fast
from engine.puzzle.board import INVERSE, MOVES, Board
from engine.puzzle.codes import decode as decode_puzzle
from engine.puzzle.codes import encode_board, shuffle_code
from engine.puzzle.replay import (
    MAX_MS,
    REPLAY_CODES,
    Replay,
    ReplayPlayer,
    analysis_note,
    decode,
    pack_moves,
    unpack_moves,
)
from engine.puzzle.session import PuzzleSession
from engine.rng import Rng
from tests.test_codes import single_edits


def solve_of(seed: int, w: int = 3, h: int = 3, kind: str = "uniform") -> Replay:
    """A solve of a shuffle (``kind`` ``uniform``, ``moves``) or of a position (``board``), with varied gaps."""
    rng = Rng(seed)
    if kind == "board":
        pc = decode_puzzle(encode_board(shuffle_code(w, h, seed).board))
    else:
        pc = shuffle_code(w, h, seed, 30 if kind == "moves" else None)
    moves = solve_fast(pc.board).moves
    t, times = 0, []
    for i in range(len(moves)):
        t += [0, 1, 35, 36, 180, 1295, 1296, 70_000][rng.below(8)] if i else rng.below(3) * 400
        times.append(t)
    return Replay(pc, moves, tuple(times))


def replays(n: int = 100) -> list[Replay]:
    sizes = [(3, 3), (4, 4), (3, 4), (5, 5), (2, 3)]
    kinds = ["uniform", "moves", "board"]
    out: list[Replay] = []
    i = 0
    while len(out) < n:
        i += 1
        try:
            out.append(solve_of(i, *sizes[i % len(sizes)], kinds[i % 3]))
        except ValueError:  # dealt solved: no move to replay
            continue
    return out


def test_a_replay_code_gives_back_its_start_moves_and_times():
    for r in replays(60):
        code = r.code()
        assert code.startswith("S2.") and decode(code) == r and decode_any(code.lower()) == r
        back = decode(code)
        assert back.moves == r.moves and back.times == r.times and back.start == r.start and back.solved
        assert back.puzzle.kind == r.puzzle.kind  # a shuffle stays a shuffle, a position a position


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(MOVES), st.integers(0, 3_000_000)), max_size=60))
def test_the_moves_part_packs_any_moves_and_gaps(steps):
    moves = "".join(m for m, _ in steps)
    times, t = [], 0
    for _, gap in steps:
        t += gap
        times.append(t)
    assert unpack_moves(pack_moves(moves, times) or "0") == ((moves, tuple(times)) if moves else ("U", (0,)))


def test_every_single_typo_of_a_replay_code_is_refused():
    """Exhaustive over 100 replays: every substitution, insertion, deletion and neighbour swap is a CodeError."""
    tried = 0
    for r in replays(100):
        code = r.code()
        for typo in single_edits(code):
            tried += 1
            try:
                got = decode_any(typo)
            except CodeError:
                continue
            pytest.fail(f"{typo!r} (one edit from {code!r}) decoded to {got!r}")
    assert tried > 100 * 1000


@pytest.mark.parametrize("body, why", [
    ("S2.3X3.U#1", "no moves"),
    ("S2.3X3.U#1:", "no moves"),
    ("S2.3X3.U#1:*", "characters"),
    ("S2.3X3.U#1:7", "cut short"),  # g = 1 digit announced, none follows
    ("S2.3X3.U#1:401", "broken time"),  # a gap with a leading zero
    ("S2.3X3.U#1:" + "ZZZZZZZZZ", "broken time"),  # 8 digits: past the longest gap
    ("S2.3X3.U#1:O" + "Z" * 6, "too late"),  # a gap past MAX_MS
    ("S2.3X3.U#1:4P" + "O" + "Z" * 6, "too late"),  # the sum of the gaps past it
    ("S2.9X1:0:0", "board size"),
    ("S2.3X3.Q#1:0", "start is not valid"),
])
def test_bad_replays_are_refused_in_one_sentence(body, why):
    from engine.code_frame import seal

    with pytest.raises(CodeError) as err:
        decode(seal(body))
    msg = str(err.value)
    assert "\n" not in msg and msg.endswith(".") and why in msg, msg


def test_a_move_off_the_board_is_refused_and_the_goal_can_be_left():
    goal = encode_board(Board.goal(3, 3)).rpartition("-")[0][2:]  # .3X3:0
    from engine.code_frame import seal

    with pytest.raises(CodeError, match="off the board"):
        decode(seal(f"S2{goal}:1"))  # D from the bottom-right corner
    r = decode(seal(f"S2{goal}:0"))  # U: legal, not solved
    assert r.moves == "U" and not r.solved and "unfinished" in r.line()


def test_old_puzzle_codes_still_read_and_a_replay_of_a_v1_code_is_written_in_v2():
    from dataclasses import replace

    pc = shuffle_code(4, 4, 77)
    v1 = replace(pc, version=1).code()
    assert decode_puzzle(v1).board == pc.board  # P1 codes are untouched
    r = Replay.of_solve(v1, [(10 * i, m) for i, m in enumerate(solve_fast(pc.board).moves)])
    assert r.code().startswith("S2.4X4.U#") and decode(r.code()).start == pc.board


def test_the_replay_kind_is_listed_once_with_its_player():
    mode = KIND_MODES[REPLAY_CODES]
    assert mode.session is ReplayPlayer and mode.level is None
    r = replays(1)[0]
    assert mode_of(decode_any(r.code())) is mode
    assert r.label() == f"replay of a {r.puzzle.width}×{r.puzzle.height} solve" and "moves in" in r.line()
    assert r.describe()["times_ms"] == list(r.times)


def test_the_player_makes_each_move_at_its_time():
    r = solve_of(5, 3, 3)
    p = ReplayPlayer(r)
    dt, out, clock = 1 / 60, [], 0.0
    while not p.done:
        clock += dt
        for m in p.advance(dt):
            out.append((p.clock, m))
    assert "".join(m for _, m in out) == r.moves and p.board.is_solved()
    for (at, _), t in zip(out, r.times, strict=True):
        assert t / 1000 <= at + 1e-9 and at < t / 1000 + dt + 1e-9
    p.restart()
    assert p.board == r.start and p.played == 0
    fast = ReplayPlayer(r, speed=4)
    frames = 0
    while not fast.done:
        fast.advance(dt)
        frames += 1
    assert frames <= r.seconds / dt / 4 + 2
    with pytest.raises(ValueError):
        ReplayPlayer(r, speed=100)


def test_a_session_logs_every_move_made_with_its_time_undos_included():
    start = shuffle_code(3, 3, 4).board
    s = PuzzleSession(start, code=encode_board(start))
    moves = solve_fast(start).moves
    s.act(moves[0])
    s.update(0.5)
    s.undo()
    s.update(0.25)
    s.redo()
    for m in moves[1:]:
        s.update(0.1)
        s.act(m)
    assert s.won
    assert [m for _, m in s.log] == [moves[0], INVERSE[moves[0]], moves[0], *moves[1:]]
    assert [t for t, _ in s.log[:3]] == [0, 500, 750]
    r = Replay.of_solve(encode_board(start), s.log)
    assert r.solved and r.seconds == pytest.approx(s.elapsed, abs=0.001)
    s.act(INVERSE[moves[-1]])  # after the win: not the solve's any more
    assert len(s.log) == len(moves) + 2
    s.restart()
    assert s.log == []


def test_analysis_note_is_the_summary_kept_with_a_run():
    start = shuffle_code(3, 3, 9).board
    moves = solve_fast(start).moves
    note = json.loads(analysis_note(analyse(start, moves)))
    assert note["exact"] and note["moves"] == len(moves) and note["places"] * 2 == note["lost"]
    assert note["lost"] == len(moves) - note["optimal"] and note["summary"].endswith(".")


def test_analyse_takes_a_replay_code_for_its_moves(capsys):
    r = solve_of(3, 3, 3)
    assert main(["puzzle", "analyse", "--moves", r.code(), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == r.moves and out["distances"][-1] == 0 and out["length"] == len(r.moves)
    assert main(["puzzle", "analyse", "--board", r.start.text(), "--moves", r.moves, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == out  # the same analysis as the letters give
    bad = r.code()[:-1] + ("0" if r.code()[-1] != "0" else "1")
    for argv in (["puzzle", "analyse", "--moves", bad],
                 ["puzzle", "analyse", "--moves", r.code(), "--board", r.start.text()],
                 ["puzzle", "analyse", "--moves", "S2.3X3"],
                 ["puzzle", "analyse", "--moves", "UDLR"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("tessera: error: ")


def test_times_past_the_limit_are_refused_when_packing():
    with pytest.raises(ValueError):
        pack_moves("UD", [5, 4])
    with pytest.raises(ValueError):
        pack_moves("U", [MAX_MS + 1])
    with pytest.raises(ValueError):
        pack_moves("X", [0])
    with pytest.raises(ValueError, match="at least one move"):
        Replay(shuffle_code(3, 3, 1), "", ())


def test_a_session_stamps_each_move_when_its_input_arrived_not_at_the_frame():
    """Given the caller's input clock (``now`` per frame, ``at`` per move), a move is stamped at the frame clock
    plus the time since that frame: the gaps the player made, to the millisecond, with the frames at 50 fps; the
    clock starts at the first move's input (the rest of its frame is not counted) and the win's time is the last
    move's stamp."""
    start = shuffle_code(3, 3, 4).board
    s = PuzzleSession(start, code=encode_board(start))
    moves = solve_fast(start).moves
    frame, t = 0.02, 100.0
    s.update(frame, now=t)  # a frame before any move
    # inputs at 100.0073, then one every 37.25 ms (two or three to a frame, never on a frame)
    inputs = [100.0073 + 0.03725 * i for i in range(len(moves))]
    made: list[int] = []
    i = 0
    while i < len(moves):
        while i < len(moves) and inputs[i] < t + frame:
            s.act(moves[i], at=inputs[i])
            made.append(round((inputs[i] - inputs[0]) * 1000))
            i += 1
        t += frame
        s.update(frame, now=t)
    assert s.won and [ms for ms, _ in s.log] == made  # each gap as made, not a multiple of 20 ms
    assert len({ms % 20 for ms in made}) > 5
    assert s.elapsed == pytest.approx(inputs[-1] - inputs[0], abs=1e-9)
    r = Replay.of_solve(encode_board(start), s.log)
    assert decode(r.code()).times == tuple(made)


def test_a_move_stamped_late_or_out_of_order_never_goes_before_the_last():
    """An input more than MAX_INPUT_LAG after its frame counts that much; a time before the last move's (a clock
    that moved back, a playback move stamped at the frame) is stamped at the last move's: the log stays in order."""
    from engine.puzzle.session import MAX_INPUT_LAG

    start = shuffle_code(3, 3, 4).board
    s = PuzzleSession(start)
    moves = solve_fast(start).moves
    s.update(0.02, now=10.0)
    s.act(moves[0], at=10.01)
    s.update(0.02, now=10.02)  # elapsed 0.01
    s.act(moves[1], at=12.0)  # 1.98 s after the frame: counted as MAX_INPUT_LAG
    s.act(moves[2], at=10.0)  # before the frame
    s.act(moves[3])  # no input time: the frame's
    late = round((0.01 + MAX_INPUT_LAG) * 1000)
    assert late == 260 and [ms for ms, _ in s.log] == [0, late, late, late]
