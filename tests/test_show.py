"""`tessera show`: describe any code without a window; JSON lines; never a traceback."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from engine.cli import main
from engine.codes import seal
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.ghost import Ghost
from engine.modes.race.code import RaceSpec
from engine.puzzle.codes import shuffle_code

ROOT = Path(__file__).resolve().parents[1]
SPEC = MazeSpec.create("hex", 8, 6, "growing-tree", {"rule": "newest:3,random"}, braid=0.2, seed=5)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["show", *argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def ghost_code() -> str:
    maze = SPEC.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    return Ghost.record(SPEC.level(maze), [(6 * i + 2, c) for i, c in enumerate(path[1:])]).code(SPEC.level(maze))


def test_text_describes_every_field_of_a_maze():
    code, out, err = run(SPEC.code().lower())
    assert code == 0 and err == ""
    maze = SPEC.build()
    length = len(shortest_path(maze.open_lists(), maze.start, maze.goal)) - 1
    for want in [SPEC.code(), "maze (format version 2)", "hex", "growing-tree", "rule=newest:3,random:1",
                 "braid          20", "seed           5", f"cells          {maze.grid.n}",
                 f"shortest path  {length}"]:
        assert want in out, want


def test_json_one_object_per_code_of_every_kind():
    race = RaceSpec.create(SPEC, "tremaux", speed=6.5).code()
    puzzle = shuffle_code(4, 4, 7, 80).code()
    v1 = replace(SPEC, version=1).code()
    code, out, err = run(SPEC.code(), race, ghost_code(), puzzle, v1, "--format", "json")
    assert code == 0 and err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["kind"] for r in rows] == ["maze", "race", "ghost", "puzzle", "maze"]
    assert all(r["ok"] for r in rows)
    maze, race_row, ghost, pz, old = rows
    assert maze["code"] == SPEC.code() and maze["width"] == 8 and maze["braid"] == 20 and maze["cells"] == 48
    assert race_row["opponent"] == "tremaux" and race_row["difficulty"] == "custom" and race_row["speed"] == 6.5
    assert ghost["moves"] == maze["shortest_path"] and ghost["seconds"] > 0
    assert pz["board"] and pz["solvable"] is True and pz["shuffle_moves"] == 80 and pz["form"] == "moves"
    assert old["version"] == 1 and old["code"] == v1 and old["shortest_path"] == maze["shortest_path"]
    assert old["current_code"] == SPEC.code() and "current_code" not in maze


def test_invalid_codes_are_sentences_and_exit_2():
    code, out, err = run(SPEC.code(), "M2.S5X5.WI#0-00", "--format", "json")
    assert code == 2 and err == ""
    good, bad = (json.loads(line) for line in out.splitlines())
    assert good["ok"] is True
    assert bad == {"input": "M2.S5X5.WI#0-00", "ok": False, "error": bad["error"]}
    assert bad["error"].endswith(".") and "check" in bad["error"]
    code, out, err = run("hello")
    assert code == 2 and out == "" and err.startswith("tessera: error: hello: ") and err.count("\n") == 1
    code, out, err = run()
    assert code == 2 and "code" in err


def test_a_ghost_through_a_wall_is_refused_when_its_maze_is_built():
    maze = SPEC.build()
    nb, _ = maze.grid.lists()
    adj = maze.open_lists()
    walled = next(k for k, c in enumerate(nb[maze.start]) if c not in adj[maze.start])
    good = ghost_code()
    level, moves = good.rsplit("-", 1)[0].split(":")
    bad = seal(level + ":" + "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[4 * walled + 3] + "11" + moves[1:])
    code, out, _ = run(bad, "--format", "json")
    row = json.loads(out)
    assert code == 2 and row["ok"] is False and "wall" in row["error"]


def test_stdin_megabytes_of_garbage_never_give_a_traceback():
    rnd = random.Random(9)
    noise = [b for b in range(256) if b not in b"\r\n"]
    lines = [SPEC.code().encode(), b"", b"   ", bytes(rnd.choice(noise) for _ in range(3000)),
             b"x" * 3_000_000, "M2.S5X5.WÏ#0-00".encode(), b"\xff\xfe\x00garbage", b"G2." + b"0" * 200_000,
             ghost_code().encode()]
    lines += [bytes(rnd.randrange(32, 127) for _ in range(rnd.randrange(1, 200))) for _ in range(300)]
    data = b"\n".join(lines) + b"\n"
    assert len(data) > 3_000_000
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "show", "--stdin", "--format", "json"], input=data,
                          capture_output=True, cwd=str(ROOT), env=env, timeout=120)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and proc.stderr == b""
    rows = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    expected = [ln for ln in lines if ln.decode("utf-8", "replace").strip()]
    assert len(rows) == len(expected)
    assert rows[0]["ok"] and rows[-301]["ok"] and rows[-301]["kind"] == "ghost"
    assert sum(r["ok"] for r in rows) >= 2 and all(r["ok"] or r["error"].endswith(".") for r in rows)
    assert len(rows[4]["input"]) < 200  # the 3 MB line is echoed shortened
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "show", "--stdin"], input=data,
                          capture_output=True, cwd=str(ROOT), env=env, timeout=120)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    assert proc.stdout.count(b"code ") == 2
