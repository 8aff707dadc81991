"""Two players on one keyboard, without a window: independent walkers on one clock, order, ghosts, shared fog."""

from __future__ import annotations

import itertools

import pytest

from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.base import EVERYONE, EventKind, Phase
from engine.modes.clock import MOVE_TICKS
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession

SPEC = MazeSpec.create("hex", 8, 7, "backtracker", seed=3)


def _run(duo: DuoSession, ticks: int, held=(None, None)) -> list:
    events = []
    for _ in range(ticks):
        events += duo.step(held)
    return events


def _open_direction(duo: DuoSession, player: int, avoid: int | None = None) -> tuple[tuple[float, float], int]:
    """A unit-ish direction toward an open neighbour of the player's cell (not ``avoid``) and that cell."""
    play = duo.racers[player].play
    for nxt in play.adj[play.cell]:
        if nxt == avoid:
            continue
        (ax, ay), (bx, by) = play.centers[play.cell], play.centers[nxt]
        d = (bx - ax, by - ay)
        if play.pick(d) == nxt:
            return d, nxt
    raise AssertionError("no open direction")


def test_countdown_refuses_moves_and_beeps_on_the_one_clock():
    duo = DuoSession(SPEC.level())
    assert duo.phase is Phase.READY and duo.countdown_left == 3
    assert duo.press(0, (1.0, 0.0)) is False and duo.press(1, (-1.0, 0.0)) is False
    events = []
    for _ in range(180):
        events += duo.advance(1 / 60)
    assert [e.value for e in events if e.kind is EventKind.BEEP] == [2, 1, 0]
    assert duo.phase is Phase.PLAYING and duo.clock == 0
    assert duo.moves(0) == duo.moves(1) == 0
    duo.advance(10.0)  # a stalled frame counts in full: the clock is real time at any frame rate
    assert duo.tick == 600


def test_players_move_independently_and_simultaneous_keys_both_move_on_the_same_tick():
    duo = DuoSession(SPEC.level(), countdown=0)
    start = duo.maze.start
    d0, c0 = _open_direction(duo, 0)
    d1, c1 = _open_direction(duo, 1)
    # Only player 1 presses: player 2 stays put.
    assert duo.press(0, d0)
    events = _run(duo, 1)
    assert [(e.kind, e.player, e.cell) for e in events] == [(EventKind.STEP, 0, c0)]
    assert duo.racers[1].play.cell == start and duo.moves(1) == 0
    _run(duo, MOVE_TICKS)
    # Both press in the same frame: both step on the same tick, each by its own rules.
    back = duo.maze.start
    d0b, _ = _open_direction(duo, 0)
    assert duo.press(0, d0b) and duo.press(1, d1)
    events = _run(duo, 1)
    steps = [(e.player, e.cell) for e in events if e.kind is EventKind.STEP]
    assert [p for p, _ in steps] == [0, 1] and steps[1][1] == c1
    assert duo.racers[0].moves[-1][0] == duo.racers[1].moves[-1][0] == duo.tick - 1
    assert duo.moves(0) == 2 and duo.moves(1) == 1
    assert duo.trail(0)[0] == duo.trail(1)[0] == back
    # A wall bumps only the player who walked into it.
    play = duo.racers[1].play
    _run(duo, MOVE_TICKS)
    closed = [n for n in duo.maze.grid.lists()[0][play.cell] if n not in play.adj[play.cell]]
    if closed:
        (ax, ay), (bx, by) = play.centers[play.cell], play.centers[closed[0]]
        if play.pick((bx - ax, by - ay)) is None:
            duo.press(1, (bx - ax, by - ay))
            events = _run(duo, 1)
            assert [(e.kind, e.player) for e in events] == [(EventKind.BUMP, 1)]


def test_walking_rules_are_the_single_player_ones_held_keys_run_along_corridors():
    duo = DuoSession(SPEC.level(), countdown=0)
    solo = PlaySession(duo.level, move_time=MOVE_TICKS / 60)
    d, _ = _open_direction(duo, 1)
    duo.press(1, d)
    solo.press(d)
    solo_cells = [duo.maze.start]
    for _ in range(120):  # hold the key for 2 s: the same cells as one player alone
        duo.step((None, d))
        solo_cells += [e.cell for e in solo.advance(1 / 60, d) if e.kind is EventKind.STEP]
    assert duo.moves(1) == solo.moves > 1
    assert duo.trail(1) == solo_cells
    assert duo.moves(0) == 0


def _finish(duo: DuoSession, delays: tuple[int, int], limit: int = 6000) -> list:
    """Both players walk the shortest path, player i setting off ``delays[i]`` ticks after the start."""
    events = []
    for _ in range(limit):
        for i, delay in enumerate(delays):
            if duo.tick == delay:
                duo.racers[i].play.walk_to(duo.maze.goal, explored_only=False)
        events += duo.step()
        if duo.over:
            break
    return events


def test_first_to_arrive_wins_the_other_finishes_for_a_time():
    duo = DuoSession(SPEC.level(), countdown=0)
    events = _finish(duo, (30, 0))
    assert duo.phase is Phase.OVER
    res = duo.result()
    assert res.winner == 1 and not res.tie
    assert res.margin == pytest.approx(0.5)  # 30 ticks later, the same path at the same pace
    r0, r1 = res.runs
    assert r0.place == 2 and r1.place == 1
    assert r0.steps == r1.steps == res.shortest
    assert r0.ticks == r1.ticks + 30 and r1.ticks >= res.shortest * MOVE_TICKS
    assert "won by 0:00.50" in res.summary()
    kinds = [(e.kind, e.player, e.value) for e in events
             if e.kind in (EventKind.ARRIVED, EventKind.DECIDED, EventKind.OVER)]
    # player 1 arrives first (place 1) and wins, player 0 arrives second, then the race is over
    assert kinds == [(EventKind.ARRIVED, 1, 1), (EventKind.DECIDED, 1, 0), (EventKind.ARRIVED, 0, 2),
                     (EventKind.OVER, EVERYONE, 0)]
    assert all(e.cell == duo.maze.goal for e in events if e.kind is EventKind.ARRIVED)


def test_decided_while_the_other_still_races_and_a_finished_player_is_frozen():
    duo = DuoSession(SPEC.level(), countdown=0)
    duo.racers[0].play.walk_to(duo.maze.goal, explored_only=False)
    for _ in range(3000):
        duo.step()
        if duo.decided:
            break
    assert duo.phase is Phase.DECIDED and duo.winner == 0
    # the winner's last move glides on into the goal (it was left drawn on the cell before it)
    _run(duo, 2)
    assert duo.position(0) == pytest.approx(duo.racers[0].play.centers[duo.maze.goal])
    assert duo.press(0, (1.0, 0.0)) is False
    d, _ = _open_direction(duo, 1)
    assert duo.press(1, d) is True
    res = duo.result()
    assert res.runs[1].ticks is None and res.margin is None
    duo.end()  # "End race": the one still racing gives up
    _run(duo, 1)
    assert duo.phase is Phase.OVER
    assert duo.result().summary(("Blue", "Orange")) == "Blue won; Orange did not finish."


def test_a_dead_heat_and_nobody_finishing():
    duo = DuoSession(SPEC.level(), countdown=0)
    _finish(duo, (5, 5))
    res = duo.result()
    assert res.tie and res.winner is None and res.margin == 0
    assert res.runs[0].place == res.runs[1].place == 1 and res.summary() == "A dead heat!"
    quit_early = DuoSession(SPEC.level(), countdown=0)
    _run(quit_early, 10)
    quit_early.give_up(0)
    assert quit_early.phase is Phase.PLAYING  # a race is only won at the goal
    quit_early.give_up(1)
    assert quit_early.over and quit_early.result().summary() == "Nobody reached the goal."


def test_a_player_who_gives_up_leaves_the_other_racing_alone_to_win_at_the_goal():
    duo = DuoSession(SPEC.level(), countdown=0)
    duo.give_up(0)
    assert duo.press(0, (1.0, 0.0)) is False
    _finish(duo, (10**9, 0))
    res = duo.result()
    assert res.winner == 1 and res.runs[0].ticks is None and res.runs[1].place == 1


def test_ghost_codes_of_both_runs_decode_and_replay_the_same_paths():
    spec = MazeSpec.create("square", 9, 9, "wilson", braid=0.2, seed=11)
    duo = DuoSession(spec.level(), countdown=0)
    # Player 2 walks by keys (with a detour), player 1 by the shortest path; both reach the goal.
    d, first = _open_direction(duo, 1)
    duo.press(1, d)
    _run(duo, MOVE_TICKS + 3)
    _finish(duo, (20, 40))
    assert duo.over
    path = shortest_path(duo.maze.open_lists(), duo.maze.start, duo.maze.goal)
    for i in (0, 1):
        ghost = duo.ghost_of(i)
        assert ghost is not None
        again = Ghost.from_code(ghost.code(duo.level), duo.level)
        assert again.path == duo.trail(i)
        assert again.finish_tick == duo.result().runs[i].ticks
        # Racing it is a race against that ghost as today: it arrives when the player did.
        race = RaceSession.from_code(ghost.code(duo.level), level=duo.level)
        assert race.info.is_ghost and race.sim.opponent.finish_tick == duo.result().runs[i].ticks
    assert duo.trail(0) == path and duo.trail(1)[1] == first


def test_no_ghost_for_an_unfinished_run_and_again_starts_over():
    duo = DuoSession(SPEC.level(), countdown=0)
    _run(duo, 5)
    assert duo.ghost_of(0) is None and duo.ghost_of(1) is None
    again = duo.again()
    assert again.tick == 0 and again.maze is duo.maze and again.code == SPEC.code()


def test_dark_race_shares_one_fog_the_union_of_both_players_sight():
    spec = SPEC.with_dark()
    duo = DuoSession(spec.level(), countdown=0)
    assert duo.dark and ".D#" in duo.code
    fog = duo.fog
    assert fog is not None and fog.goal_known is False
    d, _ = _open_direction(duo, 0)
    duo.press(0, d)
    _run(duo, MOVE_TICKS)
    p0, p1 = duo.racers[0].play, duo.racers[1].play
    assert p0.cell != p1.cell
    expected = fog.sight(p0.cell, p0.in_sight()) | fog.sight(p1.cell, p1.in_sight())
    assert fog.visible == expected
    # Everything either player has seen stays remembered; the goal shows once someone saw it.
    _finish(duo, (duo.tick, duo.tick))
    assert fog.goal_known and fog.is_seen(duo.maze.start)
    # A lit race has no fog.
    assert DuoSession(SPEC.level()).fog is None


def test_a_held_run_moves_every_six_ticks_like_the_computer_racers():
    duo = DuoSession(SPEC.level(), countdown=0)
    d, _ = _open_direction(duo, 0)
    duo.press(0, d)
    for _ in range(120):
        duo.step((d, None))
    ticks = [t for t, _ in duo.racers[0].moves]
    assert len(ticks) > 2
    assert all(b - a >= MOVE_TICKS for a, b in itertools.pairwise(ticks))
    assert MOVE_TICKS in {b - a for a, b in itertools.pairwise(ticks)}
