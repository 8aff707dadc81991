"""Game logic without a window: keyboard directions, camera maths (the store: tests/test_store.py)."""

from __future__ import annotations

import pytest

from game.render.camera import CameraState
from game.ui.input import KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_W
from game.ui.movement import direction_from_keys


def test_direction_from_keys_diagonals_and_cancel():
    assert direction_from_keys([KEY_RIGHT]) == (1.0, 0.0)
    assert direction_from_keys([KEY_RIGHT, KEY_UP]) == (1.0, 1.0)
    assert direction_from_keys([KEY_UP, KEY_W]) == (0.0, 1.0)  # same direction twice counts once
    assert direction_from_keys([KEY_LEFT, KEY_RIGHT], KEY_LEFT) == (-1.0, 0.0)
    assert direction_from_keys([]) is None


def test_camera_fit_zoom_around_cursor_pan_follow():
    cam = CameraState((0, 0, 100, 50), 1280, 800, hud=50)
    x0, y0 = cam.world_to_screen(0, 0)
    x1, y1 = cam.world_to_screen(100, 50)
    assert x0 >= 0 and x1 <= 1280 and y0 >= 0 and y1 <= 750
    wx, wy = cam.screen_to_world(300, 200)
    cam.zoom_at(300, 200, 2.0)
    assert cam.zoom == pytest.approx(2 * cam.fit_zoom)
    assert cam.screen_to_world(300, 200) == pytest.approx((wx, wy))
    cam.pan(10, 0)
    assert not cam.following
    cam.following = True
    for _ in range(200):
        cam.follow(99, 49, 1 / 60)
    sx, sy = cam.world_to_screen(99, 49)
    assert 0 < sx < 1280 and 0 < sy < 750
    cam.resize(640, 480)
    assert not cam.zoomed_in and cam.world_to_screen(100, 50)[0] <= 640


def test_direction_keys_chords_diagonals_and_square_moves_at_once():
    from engine.modes.clock import FakeClock
    from game.ui.input import KEY_DOWN, KEY_RIGHT, KEY_UP
    from game.ui.movement import CHORD_TIME, HOLD_TIME, DirectionKeys

    square = DirectionKeys(chords=False)
    assert square.press(KEY_RIGHT) == [((1.0, 0.0), (1.0, 0.0))]
    clock = FakeClock()
    hexk = DirectionKeys(chords=True, clock=clock)
    assert hexk.press(KEY_RIGHT) == []  # waits for a possible second key
    assert hexk.press(KEY_UP) == [((1.0, 1.0), (0.0, 1.0))]  # one diagonal move
    hexk.release(KEY_RIGHT)
    hexk.release(KEY_UP)
    assert hexk.press(KEY_DOWN) == []
    clock.advance(CHORD_TIME / 2)
    assert hexk.tick() == []
    clock.advance(CHORD_TIME / 2)
    assert hexk.tick() == [((0.0, -1.0), (0.0, -1.0))]
    assert hexk.held_direction() is None  # down for 0.05 s: still a tap
    clock.advance(HOLD_TIME)
    hexk.tick()
    clock.advance(1 / 60)
    hexk.tick()  # a later frame still sees it down: a hold
    assert hexk.held_direction() == (0.0, -1.0)
    hexk.release(KEY_DOWN)
    assert hexk.held_direction() is None


def test_a_key_counts_as_held_only_once_a_later_frame_proves_it():
    """Tap or hold on key timestamps: a key-up delivered after a stalled 0.3 s frame is still a tap."""
    from engine.modes.clock import FakeClock
    from game.ui.input import KEY_RIGHT
    from game.ui.movement import HOLD_TIME, DirectionKeys

    clock = FakeClock()
    keys = DirectionKeys(chords=False, clock=clock)
    keys.tick()
    keys.press(KEY_RIGHT)
    clock.advance(0.3)  # one stalled frame: the key-up is waiting in the queue
    keys.tick()
    assert keys.held_direction() is None
    keys.release(KEY_RIGHT)
    # Held for real: frames every 1/60 s; known as a hold only after HOLD_TIME plus one frame.
    keys.press(KEY_RIGHT)
    seen = []
    for _ in range(20):
        clock.advance(1 / 60)
        keys.tick()
        seen.append(keys.held_direction() is not None)
    first = seen.index(True) + 1  # frames after the press
    assert HOLD_TIME <= first / 60 <= HOLD_TIME + 2 / 60 + 1e-9


def test_count_says_one_move_and_many_moves():
    from game.format import count

    assert (count(1, "move"), count(0, "move"), count(57, "move")) == ("1 move", "0 moves", "57 moves")
