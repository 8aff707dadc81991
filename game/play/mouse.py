"""The play screen's mouse: press and drag to pan, wheel to zoom, a click on the minimap to look there, a click
on a cell to walk to it (refused with a bump and a footer notice when it is not next to the way seen so far, or in a
lit maze down a corridor from it up to the next fork: :meth:`engine.modes.play.PlaySession.walk_to`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from engine.modes.base import Event, EventKind

if TYPE_CHECKING:
    from engine.modes.play import PlaySession
    from game.render.camera import CameraState
    from game.render.minimap import Minimap
    from game.ui.viewport import MazeViewport

TOO_FAR = "Too far: click a cell you have seen, next to your way"  # in the dark
TOO_FAR_LIT = "Too far: click along your way, up to the next fork you have not taken"  # lit: every cell is seen


class PlayMouse:
    """Mouse handlers of :class:`game.play.screen.PlayScreen` (a mixin: the screen provides what is declared)."""

    paused: bool
    viewport: MazeViewport
    minimap: Minimap | None
    session: PlaySession
    felt: list[Event]
    hud_height: float
    window: arcade.Window

    if TYPE_CHECKING:
        @property
        def cam(self) -> CameraState: ...

        def asking(self) -> bool: ...

        def notice(self, line: str) -> None: ...

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Start a click or a drag."""
        if not self.paused and not self.asking():
            self.viewport.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan once the mouse moved a few pixels."""
        if not self.paused:
            self.viewport.drag(x, y, dx, dy)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A click without drag walks to the clicked cell."""
        if self.paused or self.asking() or not self.viewport.release():
            return
        if self.minimap is not None and self.minimap.click(x, y, self.cam):
            return
        if button != arcade.MOUSE_BUTTON_LEFT or y > self.window.height - self.hud_height:
            return
        cell = self.viewport.cell_at(x, y)
        if cell < 0:
            return
        if self.session.walk_to(cell):
            self.cam.following = True
        elif not self.session.finished:  # not reachable through explored cells: a bump, and the footer says why
            self.felt.append(Event(EventKind.BUMP, cell=self.session.cell, time=self.session.elapsed))
            self.notice(TOO_FAR if self.session.fog is not None else TOO_FAR_LIT)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        if not self.paused:
            self.viewport.scroll(x, y, scroll_y)
