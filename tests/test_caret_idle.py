"""A focused text field (CodeField) must not redraw the whole screen often while idle."""

from __future__ import annotations

import pyglet

from game import routes
from game.ui import CARET_BLINK_FOR, CodeField


def idle_redraws(window, view, seconds: float, monkeypatch) -> list[float]:
    """Run ``seconds`` of simulated 20-tick/s idling (pyglet clock on fake time); the times a frame was wanted."""
    clock = pyglet.clock.get_default()
    now = [clock.time()]
    monkeypatch.setattr(clock, "time", lambda: now[0])
    # The window's own frame callback would draw (and so take the redraw request) on the ticks it happens to
    # share with a caret blink: this loop stands in for the window's frames, so that callback waits meanwhile.
    frames = [s for s in clock._schedule_interval_items if getattr(s.func, "__name__", "") == "_dispatch_frame"]
    for item in frames:
        clock.unschedule(item.func)
    drawn = []
    try:
        for i in range(int(seconds * 20)):
            now[0] += 0.05
            clock.tick()  # the caret's blink is a pyglet clock callback
            window.dispatch_event("on_update", 0.05)  # the view and its UIManager, as the window clock does
            if view.needs_redraw():
                view.on_draw()
                drawn.append(i * 0.05)
    finally:
        for item in frames:
            clock.schedule_interval(item.func, item.interval)
    return drawn


def field_of(view) -> CodeField:
    fields = [w for w in view.ui.walk_widgets() if isinstance(w, CodeField)]
    assert fields
    return fields[0]


def test_focused_code_field_redraws_at_most_a_few_times_a_second_then_stops(window, ctx, monkeypatch):
    """The Enter-code screen (every screen with a CodeField shares the caret logic)."""
    view = ctx.go(routes.code_entry)
    field = field_of(view)
    assert field.active
    view.on_draw()
    drawn = idle_redraws(window, view, 2.0, monkeypatch)
    assert 1 <= len(drawn) <= 8, drawn  # the caret blinks (≤ 4 redraws/s) ...
    drawn = idle_redraws(window, view, CARET_BLINK_FOR + 1, monkeypatch)
    tail = [t for t in drawn if t > CARET_BLINK_FOR - 2 + 0.2]
    assert tail == [], drawn  # ... then stays on without redrawing
    assert field.caret._blink_visible and field.caret.visible  # steady, visible caret
    window.dispatch_event("on_text", "A")  # input: blinks again
    view.on_draw()
    assert len(idle_redraws(window, view, 2.0, monkeypatch)) >= 1
