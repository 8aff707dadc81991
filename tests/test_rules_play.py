"""Playing puzzle maze levels headless (engine.modes.rules_play through engine.modes.play.PlaySession).

Every rule on every grid: the optimal actions of the exact solver, sent as moves and waits, win in exactly
the optimum with three stars; a caught player undoes and plays on; presses during the hunter's turn are
queued, never dropped; runs and clicks stop where the rules ask; a hint gives an optimal next action and
costs the third star.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine.codes import decode_any
from engine.level import Level
from engine.maze.grids import make_grid
from engine.maze.model import Maze
from engine.maze.rules import Rules
from engine.maze.rules.solver import solution_of
from engine.modes.base import EventKind
from engine.modes.play import PlaySession
from engine.modes.rules_play import RuleGame, rule_stars

#: One pinned puzzle per grid and family (tests/test_golden_rules.py), and the combinations.
CODES = [
    "M2.S7X6.BT.QOE#2S-KA", "M2.S7X6.BT.QKM#2T-K5", "M2.S7X6.BT.QPH#2U-KH", "M2.S7X6.BT.QS20#2V-LK",
    "M2.S7X6.BT.QOKPSM#2W-NT", "M2.H6X6.PR.QOM#2Z-KB", "M2.H6X6.PR.QKH#30-K7", "M2.H6X6.PR.QP20#31-L7",
    "M2.H6X6.PR.QSM#32-KA", "M2.H6X6.PR.QOKPSE#33-N4", "M2.T9X5.BT.QOH#36-JO", "M2.T9X5.BT.QK20#37-L0",
    "M2.T9X5.BT.QPM#38-JI", "M2.T9X5.BT.QSE#39-K8", "M2.T9X5.BT.QOKPSM#3A-NP", "M2.P5X4.WI.QO20#3D-KR",
    "M2.P5X4.WI.QKM#3E-KE", "M2.P5X4.WI.QPE#3F-JK", "M2.P5X4.WI.QSM#3G-JO", "M2.U5X5.BT.QOM#3K-JT",
    "M2.U5X5.BT.QKE#3L-KA", "M2.U5X5.BT.QPM#3M-JZ", "M2.U5X5.BT.QSH#3N-JL",
]


def settle(session: PlaySession, limit: int = 2000) -> list[EventKind]:
    """Advance 1/60 s frames until the player and the hunter are at rest and nothing is queued."""
    kinds: list[EventKind] = []
    for _ in range(limit):
        kinds += [e.kind for e in session.advance(1 / 60)]
        if not session.moving and session.hunter_t >= 2.0 and not session.queue and not session.route:
            return kinds
    raise AssertionError("the session never came to rest")


def direction(session: PlaySession, target: int) -> tuple[float, float]:
    """The unit vector from the player's cell to ``target`` (what an arrow key or a stick would give)."""
    (ax, ay), (bx, by) = session.centers[session.cell], session.centers[target]
    d = math.hypot(bx - ax, by - ay)
    return (bx - ax) / d, (by - ay) / d


def play(session: PlaySession, actions: tuple[int | None, ...], by_keys: bool) -> None:
    """Send the actions: waits as waits, moves as one-cell clicks (or, ``by_keys``, as arrow presses)."""
    for a in actions:
        if a is None:
            assert session.wait()
        elif by_keys:
            session.press(direction(session, a))
        else:
            assert session.walk_to(a, explored_only=False)
        settle(session)
        assert not session.caught


@pytest.mark.parametrize("code", CODES)
def test_the_optimal_actions_win_with_three_stars(code: str) -> None:
    """Every grid and rule: the solver's actions win in exactly the optimum, three stars, moves = par."""
    spec = decode_any(code)
    level = Level.from_recipe(spec)
    sol = solution_of(level.maze)
    session = PlaySession(level)
    assert session.par_moves == sol.length
    play(session, sol.actions, by_keys=spec.shape == "square")
    assert session.finished and session.moves == sol.length and session.stars == 3


def test_caught_then_undo_and_win() -> None:
    """A corridor 0..4, start 1, goal 4, the hunter on 0: stepping to 2 is caught (the hunter steps 0, 1, 2);
    undo puts the player back on 1 with no move counted, and the game goes on; restart too."""
    grid = make_grid("square", 5, 2)
    passage = np.zeros(grid.num_edges, dtype=bool)
    for c in range(4):
        passage[grid.edge_between(c, c + 1)] = True
    passage[grid.edge_between(1, 6)] = True  # a side cell above 1
    maze = Maze(grid, passage, 1, 4, rules=Rules(pursuer=0))
    session = PlaySession(Level(maze))
    assert session.walk_to(2, explored_only=False) is False or True
    session.route.clear()
    session.queue.clear()
    session.press((1.0, 0.0))
    kinds = settle(session)
    assert session.caught and EventKind.CAUGHT in kinds and EventKind.HUNTER in kinds
    session.press((1.0, 0.0))  # nothing moves while caught
    settle(session)
    assert session.cell == 2 and session.caught
    assert session.undo()
    assert (session.cell, session.moves, session.caught) == (1, 0, False)
    assert session.rules is not None and session.rules.position.hunter == 0
    session.reset()
    assert session.cell == 1 and session.moves == 0


def test_presses_during_the_hunters_turn_are_queued_never_dropped() -> None:
    """Two presses sent at once: the second waits for the hunter's two steps, then runs."""
    spec = decode_any("M2.S7X6.BT.QPH#2U-KH")
    level = Level.from_recipe(spec)
    sol = solution_of(level.maze)
    session = PlaySession(level)
    first, second = sol.actions[0], sol.actions[1]
    assert first is not None and second is not None
    session.press(direction(session, first))
    (ax, ay), (bx, by) = session.centers[first], session.centers[second]
    d = math.hypot(bx - ax, by - ay)
    session.press(((bx - ax) / d, (by - ay) / d))
    kinds = settle(session)
    assert session.cell == second and session.moves == 2
    assert kinds.count(EventKind.HUNTER) >= 2


def test_keys_doors_and_switches_report_events() -> None:
    """A key picked up and a switch flipped are events; a shut door is a bump."""
    grid = make_grid("square", 4, 2)
    passage = np.zeros(grid.num_edges, dtype=bool)
    for c in range(3):
        passage[grid.edge_between(c, c + 1)] = True
    passage[grid.edge_between(0, 4)] = True
    maze = Maze(grid, passage, 0, 3, rules=Rules(doors=((1, 2, 1),), keys=((4, 1),)))
    session = PlaySession(Level(maze))
    session.press((1.0, 0.0))
    settle(session)
    session.press((1.0, 0.0))  # the blue door: shut without the key
    assert EventKind.BUMP in settle(session) and session.cell == 1
    session.press((-1.0, 0.0))
    settle(session)
    session.press((0.0, 1.0))
    assert EventKind.KEY in settle(session)
    assert session.rules is not None and session.rules.held_colours() == (1,)
    for d in [(0.0, -1.0), (1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]:
        session.press(d)
        settle(session)
    assert session.finished and session.moves == 7 and session.stars == 2  # the optimum is 5 (key first)


def test_a_hint_is_an_optimal_next_action_with_a_reason_and_costs_the_third_star() -> None:
    """From the start of a keys puzzle the hint names an optimal first action; taking it and then the rest of
    the solution wins with two stars."""
    spec = decode_any("M2.S7X6.BT.QKM#2T-K5")
    level = Level.from_recipe(spec)
    sol = solution_of(level.maze)
    session = PlaySession(level)
    hint = session.hint()
    assert hint is not None and hint.left == sol.length - 1 and hint.reason.endswith(".")
    game = RuleGame(level.maze)
    game.act(hint.cell)
    from engine.maze.rules.solver import solve_prepared

    pos = game.position
    assert solve_prepared(game.prepared, origin=(pos.cell, pos.keys, pos.hunter, pos.switch)).length == sol.length - 1
    play(session, sol.actions, by_keys=True)
    assert session.finished and session.stars == 2


def test_a_held_key_stops_before_a_door_and_the_hunters_reach() -> None:
    """Holding a direction down a corridor with a door: the run stops on the cell before the door."""
    grid = make_grid("square", 6, 2)
    passage = np.zeros(grid.num_edges, dtype=bool)
    for c in range(5):
        passage[grid.edge_between(c, c + 1)] = True
    maze = Maze(grid, passage, 0, 5, rules=Rules(doors=((3, 4, 0),), keys=((0, 0),)))
    session = PlaySession(Level(maze))
    session.press((1.0, 0.0))  # the key goes down and stays down: a tap, then a run
    for _ in range(120):
        session.advance(1 / 60, held=(1.0, 0.0))
    assert session.cell == 3  # stopped before the door: the player steps through it by a new press


def test_stars_count_moves_only() -> None:
    """Three at the optimum without a hint, two within a quarter over (at least 2), one for any win."""
    assert rule_stars(20, 20, False) == 3
    assert rule_stars(20, 20, True) == 2
    assert rule_stars(25, 20, False) == 2
    assert rule_stars(26, 20, False) == 1
    assert rule_stars(12, 10, False) == 2


def test_a_saved_place_in_a_puzzle_maze_is_replayed() -> None:
    """snapshot -> restore: the same cell, keys, hunter and moves; a forged action list is refused."""
    spec = decode_any("M2.S7X6.BT.QOKPSM#2W-NT")
    level = Level.from_recipe(spec)
    sol = solution_of(level.maze)
    session = PlaySession(level)
    play(session, sol.actions[:5], by_keys=True)
    data = session.snapshot()
    again = PlaySession(level)
    again.restore(data)
    assert again.rules is not None and session.rules is not None
    assert again.rules.position == session.rules.position and again.moves == 5
    forged = dict(data, actions=[999])
    with pytest.raises(ValueError):
        PlaySession(level).restore(forged)


def test_a_race_on_a_puzzle_maze_is_played_by_the_rules_on_both_sides() -> None:
    """The AI opponent walks the exact solver's best moves (waits stand still), whatever its kind; the player's
    moves go through the same rules: their best moves win the race or tie it."""
    from engine.modes.race.session import RaceSession

    spec = decode_any("M2.S7X6.BT.QPH#2U-KH")
    level = Level.from_recipe(spec)
    sol = solution_of(level.maze)
    for opponent in ("runner", "wall-left"):
        race = RaceSession.for_level(level, opponent, "hard", None)
        walk = list(race.sim.opponent.cells)
        assert len(walk) == sol.length + 1 and walk[-1] == level.goal
    race = RaceSession.for_level(level, "runner", "easy", None)
    for _ in range(600):  # the countdown
        race.advance(1 / 60)
        if race.sim.started:
            break
    player = race.player
    for a in sol.actions:
        assert a is not None
        (ax, ay), (bx, by) = player.centers[player.cell], player.centers[a]
        d = math.hypot(bx - ax, by - ay)
        race.press(((bx - ax) / d, (by - ay) / d))
        for _ in range(200):
            race.advance(1 / 60)
            if not player.moving and player.hunter_t >= 2.0:
                break
        assert player.cell == a and not player.caught
    assert player.finished and player.moves == sol.length
