"""The guided start's progress (engine only): each step ends on its own action, skip ends it."""

from __future__ import annotations

from engine.modes.guide import COUNTDOWN, RUN_STEPS, Guide, GuideStep

RIGHT, DOWN = (1.0, 0.0), (0.0, -1.0)


def tick(guide: Guide, seconds: float, held=None) -> None:
    for _ in range(round(seconds * 60)):
        guide.play.advance(1 / 60, held)


def test_guide_starts_at_move_and_lists_every_step():
    g = Guide()
    assert g.step is GuideStep.MOVE and g.number == 1 and g.total == 8
    assert not g.done and "arrow" in g.prompt


def test_each_step_advances_only_on_its_action():
    g = Guide()
    tick(g, 0.5)
    assert g.step is GuideStep.MOVE  # time alone does nothing
    g.zoomed()
    g.clicked()
    assert g.step is GuideStep.MOVE  # other steps' actions do not count
    g.play.press(DOWN)
    tick(g, 0.2)
    assert g.step is GuideStep.RUN
    for d in (DOWN, RIGHT, DOWN):  # single presses are not a run
        g.play.press(d)
        tick(g, 0.3)
    assert g.step is GuideStep.RUN and g.play.moves == 4
    for _ in range(RUN_STEPS):  # taps with the key still down count as presses, not as a run
        g.play.press(RIGHT)
        tick(g, 0.05, held=RIGHT)  # released before the step ends: the press's step only
        tick(g, 0.2)
    assert g.step is GuideStep.RUN
    tick(g, 1.0, held=RIGHT)  # the held key runs along the corridor of row 3, past side openings
    assert g.step is GuideStep.CLICK, (g.play.cell, g.play.moves)
    assert g.play.moves >= 4 + 2 * RUN_STEPS
    g.zoomed()
    assert g.step is GuideStep.CLICK
    assert g.play.walk_to(g.play.visited[0])  # back to a visited cell
    assert g.step is GuideStep.ZOOM
    g.zoomed()
    assert g.step is GuideStep.GOAL
    tick(g, 3.0)
    assert g.play.walk_to(g.play.goal, explored_only=False)
    tick(g, 3.0)
    assert g.step is GuideStep.RACE
    assert g.play.cell == g.play.start and g.play.moves == 0  # the race starts afresh


def race_guide() -> Guide:
    g = Guide()
    for step in (GuideStep.MOVE, GuideStep.RUN, GuideStep.CLICK, GuideStep.ZOOM, GuideStep.GOAL):
        assert g.step is step
        g._next()
    return g


def test_race_counts_down_then_ends_in_a_result_and_waits_for_enter():
    g = race_guide()
    assert g.step is GuideStep.RACE and g.countdown() == 3 and g.waiting()
    g.play.press(DOWN)
    tick(g, 0.2)
    assert g.play.moves == 0  # refused before go
    start = g.opponent_position()
    tick(g, COUNTDOWN)
    assert g.countdown() == 0 and not g.waiting()
    tick(g, 0.5)
    assert g.opponent_position() != start  # the opponent set off after go
    for d in (DOWN, DOWN, RIGHT):  # a few steps do not end the race (it used to end after 3 steps)
        g.play.press(d)
        tick(g, 0.15)
    assert g.step is GuideStep.RACE
    assert g.play.walk_to(g.play.goal, explored_only=False)
    tick(g, 3.0)
    assert g.step is GuideStep.RESULT and g.player_time is not None
    assert g.result.startswith("You won the race") and "Enter" in g.prompt
    assert g.player_time < g.opponent_time()
    moves = g.play.moves
    g.play.press(DOWN)  # keys still held or pressed from the race reach nothing
    tick(g, 0.5, held=DOWN)
    assert g.play.moves == moves and g.step is GuideStep.RESULT and g.countdown() == 0
    g.slide("U")
    assert g.step is GuideStep.RESULT and g.puzzle is None
    g.proceed()
    assert g.step is GuideStep.HINT and g.puzzle is not None
    assert g.opponent_position() is None


def test_the_opponent_reaching_the_goal_first_ends_the_race_too():
    g = race_guide()
    tick(g, COUNTDOWN + g.opponent_time() + 0.2)
    assert g.step is GuideStep.RESULT and g.player_time is None
    assert g.result.startswith("The diamond won")


def test_the_click_step_walks_to_any_cell_of_the_lit_maze():
    g = Guide()
    for step in (GuideStep.MOVE, GuideStep.RUN):
        assert g.step is step
        g._next()
    far = max(range(len(g.play.adj)), key=lambda c: abs(c - g.play.cell))
    assert far not in g.play.visited_set | g.play.in_sight()
    assert g.play.walk_to(far)  # a real level refuses this far a click; the guide's lit maze does not
    assert g.step is GuideStep.ZOOM


def test_hint_step_ends_on_the_hinted_move_only():
    g = race_guide()
    g._next()
    g.proceed()
    assert g.step is GuideStep.HINT and g.puzzle is not None
    assert not g.puzzle.solved
    g.slide("D")  # a move without a hint does not count
    assert g.step is GuideStep.HINT
    hint = g.hint()
    assert hint is not None
    other = next(m for m in g.puzzle.board.legal_moves() if m != hint.move)
    g.slide(other)
    assert g.step is GuideStep.HINT
    hint = g.hint()
    assert hint is not None
    g.slide(g.puzzle.act(hint.move))
    assert g.step is GuideStep.DONE and g.done


def test_skip_ends_at_any_step():
    g = Guide()
    g.skip()
    assert g.done and g.changed == 1
    g.skip()
    assert g.changed == 1


def test_play_snapshot_restores_place_moves_and_time():
    import pytest

    g = Guide()
    play = g.play
    for d in (DOWN, DOWN):
        play.press(d)
        tick(g, 0.3)
    data = play.snapshot()
    assert data["cell"] == 16 and data["moves"] == 2
    other = Guide().play
    other.restore(data)
    assert (other.cell, other.moves, other.visited, other.started) == (16, 2, play.visited, True)
    assert other.elapsed == pytest.approx(play.elapsed, abs=1e-3)
    other.press(RIGHT)
    for _ in range(20):
        other.advance(1 / 60)
    assert other.cell == 17 and other.moves == 3  # plays on from there
    for bad in (
        {"cell": 999, "moves": 1, "elapsed": 1, "visited": [999]},
        {"cell": 8},
        {**data, "moves": -1},
        {**data, "cell": other.goal, "visited": [other.goal]},
    ):
        with pytest.raises(ValueError):
            other.restore(bad)
    assert other.cell == 17  # a refused place changes nothing


def test_reaching_the_goal_early_moves_on_to_the_race():
    g = Guide()
    assert g.play.walk_to(g.play.goal, explored_only=False)
    tick(g, 3.0)
    assert g.step is GuideStep.RACE and not g.play.finished  # never stuck on a finished maze
