"""The pause overlay shown over the play view: it hides the maze while the clock is stopped.

Under "Paused", where the game stands (the level, its clock and moves: a screen's ``status``), then the volume
line; buttons: Resume, Restart, Effects −/+, Music −/+ (as in Settings), Settings, Help, Quit level.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.audio import VOLUME_BUTTONS
from game.bases.overlay import Overlay
from game.context import Context
from game.render.theme import button_style
from game.ui import FONT, fit_text, place_column, snap_to_pixels, ui_scale


class PauseOverlay(Overlay):
    """An opaque panel (no peeking at the maze) with its own UIManager, enabled only while shown
    (an :class:`~game.bases.overlay.Overlay`).

    Args:
        ctx: shared context (theme, audio).
        on_resume, on_restart, on_quit: what those buttons do.
        on_settings, on_help: open the settings / help screen (they come back to the paused game).
        quit_label: the caption of the ``on_quit`` button.
        status: where the game stands, one line asked each time the overlay shows (e.g. "3. Forks  ·  0:42  ·
            17 moves"); None: no such line.
    """

    def __init__(
        self, ctx: Context, on_resume: Callable[[], None], on_restart: Callable[[], None], on_quit: Callable[[], None],
        on_settings: Callable[[], object] | None = None, on_help: Callable[[], object] | None = None,
        quit_label: str = "Quit level", status: Callable[[], str] | None = None,
    ) -> None:
        entries: list[tuple[str, Callable[[], object], bool]] = [
            ("Resume", on_resume, True),
            ("Restart", on_restart, True),
            *((label, self._volume_action(channel, step), False) for label, channel, step in VOLUME_BUTTONS),
        ]
        if on_settings is not None:
            entries.append(("Settings", on_settings, True))
        if on_help is not None:
            entries.append(("Help", on_help, True))
        entries.append((quit_label, on_quit, True))
        super().__init__(ctx, [label for label, _, _ in entries], [action for _, action, _ in entries], (280, 50))
        self.closes = [closes for _, _, closes in entries]
        self.title = arcade.Text("Paused", 0, 0, ctx.theme.text, 36, font_name=FONT, anchor_x="center",
                                 anchor_y="top", bold=True)
        self.status = status
        self.status_line = arcade.Text("", 0, 0, ctx.theme.text, 18, font_name=FONT, anchor_x="center",
                                       anchor_y="top")
        self.volume = arcade.Text("", 0, 0, ctx.theme.text_dim, 14, font_name=FONT, anchor_x="center",
                                  anchor_y="top")
        self._room = (1280, 800)  # the window size of the last layout (the status line is fitted to it)
        self.refresh()

    def _volume_action(self, channel: str, step: float) -> Callable[[], None]:
        return lambda: self.change_volume(step, channel)

    def refresh(self) -> None:
        """Update the status line (asked afresh) and the volume line."""
        if self.status is not None:
            width, height = self._room
            s = ui_scale(width, height)
            fit_text(self.status_line, self.status(), 18 * s, width - 40, min_size=max(8.0, 12 * s))
        a = self.ctx.audio
        self.volume.text = ("Sound muted" if a.mute
                            else f"Effects {round(a.volume * 100)} %   ·   Music {round(a.music_volume * 100)} %")

    def change_volume(self, delta: float, channel: str | None = None) -> None:
        """Louder or quieter by ``delta`` (0..1), saved: ``channel`` "effects" or "music"; None: the one
        of the focused volume button (effects when the focus is elsewhere)."""
        if channel is None:
            label = self.labels[self.focus]
            channel = next((c for text, c, _ in VOLUME_BUTTONS if text == label), "effects")
        self.ctx.change_volume(channel, delta)
        self.refresh()

    def show(self) -> None:
        """Show the overlay (the volume line up to date) and take mouse input."""
        self.refresh()
        super().show()

    def closes_on(self, i: int) -> bool:
        """Buttons that leave the overlay hide it first; the volume buttons keep it."""
        return self.closes[i]

    def on_key_press(self, symbol: int) -> bool:
        """Up/Down/Enter inside the overlay, Left/Right (-/+) change the volume (music on a Music button,
        else effects); returns True when handled."""
        keys = self.ctx.keys
        action = keys.action("menu", symbol)
        if action is None and keys.action("camera", symbol) in ("zoom_in", "zoom_out"):
            action = "right" if keys.action("camera", symbol) == "zoom_in" else "left"
        return self.menu_action(action)

    def menu_action(self, action: str | None) -> bool:
        """A menu action (key table or controller): up/down focus, left/right volume, confirm; True if handled."""
        if action == "up":
            self.focus = max(0, self.focus - 1)
        elif action == "down":
            self.focus = min(len(self.buttons) - 1, self.focus + 1)
        elif action in ("left", "right"):
            self.change_volume(-0.1 if action == "left" else 0.1)
        elif action == "confirm":
            self.activate(self.focus)
        else:
            return False
        return True

    def layout(self, width: int, height: int) -> None:
        """Place the title, volume line and buttons for the window size."""
        super().layout(width, height)
        s = ui_scale(width, height)
        self._room = (width, height)
        fit_text(self.title, "Paused", 36 * s, width - 40)
        self.refresh()  # the status line, fitted to this width
        n = len(self.buttons)
        status_h = self.status_line.content_height + 6 * s if self.status is not None else 0.0
        block = self.title.content_height + status_h + 40 * s + (n + (n - 1) * 0.27) * 50 * s
        self.title.position = (width / 2, min(height - 24 * s, (height + block) / 2))
        self.status_line.position = (width / 2, self.title.bottom - 6 * s)
        self.volume.font_size = 14 * s
        self.volume.position = (width / 2, (self.status_line.bottom if self.status is not None else self.title.bottom)
                                - 6 * s)
        h = place_column(self.buttons, width / 2, self.volume.bottom - 18 * s, 20 * s, 300 * s, 50 * s)
        snap_to_pixels((self.title, self.status_line, self.volume))
        style = button_style(self.ctx.theme, max(8, round(min(16 * s, h * 0.4))))
        for btn in self.buttons:
            btn.set_font_size(16 * s, style)

    def draw_back(self, width: int, height: int) -> None:
        """Cover the whole window (the maze is hidden), then the title and the volume line."""
        arcade.draw_lrbt_rectangle_filled(0, width, 0, height, (*self.ctx.theme.background[:3], 255))
        self.title.draw()
        if self.status is not None:
            self.status_line.draw()
        self.volume.draw()
