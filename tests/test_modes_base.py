"""The shape every timed maze mode shares (engine.modes.base): one Phase, one Event, one Session protocol.

The annotated assignments are checked by mypy (``python -m mypy --strict tests/test_modes_base.py``): each
session is a ``Session`` of its result type; the isinstance checks are the runtime half.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.maze.recipe import MazeSpec
from engine.modes.base import EVERYONE, Event, EventKind, Phase, Session
from engine.modes.lab import LabPhase
from engine.modes.play import PlayResult, PlaySession
from engine.modes.race.code import RaceSpec
from engine.modes.race.duo import DuoResult, DuoSession
from engine.modes.race.session import RaceSession
from engine.modes.race.sim import RaceResult

SPEC = MazeSpec.create("square", 6, 5, "backtracker", seed=7)


def _sessions() -> tuple[Session[PlayResult], Session[RaceResult], Session[DuoResult]]:
    level = SPEC.level()
    play: Session[PlayResult] = PlaySession(level)
    race: Session[RaceResult] = RaceSession.for_spec(RaceSpec.create(SPEC, "runner"), level)
    duo: Session[DuoResult] = DuoSession(level)
    return play, race, duo


def test_every_maze_session_satisfies_the_protocol() -> None:
    for session in _sessions():
        assert isinstance(session, Session)
        assert session.phase is Phase.READY
        assert all(isinstance(e, Event) for e in session.advance(1 / 60))


def test_the_lab_and_plain_objects_are_not_sessions() -> None:
    assert not isinstance(object(), Session)
    assert {p.shared for p in LabPhase} == {Phase.PLAYING, Phase.OVER}
    assert [p for p in LabPhase if p.shared is Phase.PLAYING] == [p for p in LabPhase if p.stepping]


def test_play_session_phases_and_result() -> None:
    level = SPEC.level()
    maze = level.maze
    s = PlaySession(level)
    assert (s.phase, s.result()) == (Phase.READY, None)
    assert s.walk_to(maze.goal, explored_only=False)
    events = s.advance(0.0)
    assert (s.phase, [e.kind for e in events]) == (Phase.PLAYING, [EventKind.STEP])
    phases = set()
    for _ in range(2000):
        events += s.advance(1 / 60)
        phases.add(s.phase)
        if s.finished:
            break
    assert phases == {Phase.PLAYING, Phase.OVER}
    res = s.result()
    assert res is not None and res == PlayResult(s.elapsed, s.moves, s.stars) and res.moves == s.shortest
    arrived = [e for e in events if e.kind is EventKind.ARRIVED]
    assert [(e.player, e.cell, e.value) for e in arrived] == [(0, maze.goal, 1)]
    assert arrived[0].time == pytest.approx(s.elapsed)


def test_events_are_frozen_and_whole_race_events_name_everyone() -> None:
    e = Event(EventKind.BEEP, EVERYONE, value=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.value = 2  # type: ignore[misc]
    race = RaceSession.for_spec(RaceSpec.create(SPEC, "runner"))
    events: list[Event] = []
    for _ in range(180):
        events += race.advance(1 / 60)
    beeps = [(e.player, e.value, e.time) for e in events if e.kind is EventKind.BEEP]
    assert beeps == [(EVERYONE, 2, -2.0), (EVERYONE, 1, -1.0), (EVERYONE, 0, 0.0)]
