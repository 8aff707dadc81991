"""Settings: theme, effects and music volumes, mute, fullscreen, the goal hint in dark mazes, the best run
in campaign levels, and the Keys page (saved at once).

Reachable from the menu and from the pause overlay (``back_to`` = the paused play
view, so Esc returns to it).  Two columns of buttons; Up/Down/Left/Right move between them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import routes
from game.audio import VOLUME_BUTTONS
from game.bases.screen import BaseView
from game.context import Context
from game.play.best_run import BEST_RUN_SETTING, best_run_on
from game.play.dark import GOAL_HINT_SETTING
from game.render.theme import THEME_LABELS
from game.ui import TEXT_SIZES, fit_text, place_grid, text_size


class SettingsView(BaseView):
    """One button per setting; its label shows the current value (fullscreen: the window's real state).

    Args:
        ctx: shared context.
        back_to: the view Esc/"Back" returns to (default: the main menu).
    """

    music: str | None = None  # reached from the menu and from a paused game: keep its music
    return_focus = "settings-focus"  # back from Keys or Rewards: that entry is focused

    def __init__(self, ctx: Context, back_to: Any = None) -> None:
        super().__init__(ctx, columns=2)
        self.back_to = back_to
        self.theme_btn = self.make_button("", self.toggle_theme)
        self.size_btn = self.make_button("", self.next_text_size)
        #: The looks stars buy (:mod:`engine.modes.rewards`): the player's mark and the trail behind it.
        self.mark_btn = self.make_button("", lambda: self.next_look("mark"))
        self.trail_btn = self.make_button("", lambda: self.next_look("trail"))
        #: Effects -, Effects +, Music -, Music + (:data:`game.audio.VOLUME_BUTTONS`, as in the pause overlay).
        self.volume_btns = [self.make_button(label, self._volume_action(channel, step))
                            for label, channel, step in VOLUME_BUTTONS]
        self.mute_btn = self.make_button("", self.toggle_mute)
        self.full_btn = self.make_button("", self.toggle_fullscreen)
        self.motion_btn = self.make_button("", self.toggle_motion)
        self.hint_btn = self.make_button("", self.toggle_goal_hint)
        self.best_btn = self.make_button("", self.toggle_best_run)
        self.make_button("Rewards…", self.open_rewards)
        self.make_button("Keys…", self.open_keys)
        self.make_button("Export records (CSV)", self.export_records)
        self.make_button("Back", self.back)
        for btn in self.buttons:
            self.ui.add(btn)
        self.title = self.text("Settings", 32, ctx.theme.accent, bold=True, anchor_x="center", anchor_y="top")
        self.pad_line = self.text("", 14, ctx.theme.text_dim, anchor_x="center", anchor_y="top")
        self.note = self.text("", 12, ctx.theme.text_dim, anchor_x="center", anchor_y="bottom")
        self.refresh()

    def refresh(self) -> None:
        """Update the button labels from the current values."""
        a = self.ctx.audio
        self.theme_btn.text = f"Theme: {THEME_LABELS.get(self.ctx.theme.name, self.ctx.theme.name)}"
        wallet = self.ctx.wallet()
        for btn, kind, word in ((self.mark_btn, "mark", "Player mark"), (self.trail_btn, "trail", "Trail")):
            got = len(wallet.opened(kind))
            more = f"  ({got} of {len(wallet.of_kind(kind))} open)" if got < len(wallet.of_kind(kind)) else ""
            btn.text = f"{word}: {wallet.chosen(kind, self.ctx.chosen(kind)).name.lower()}{more}"
        for btn, (label, channel, _) in zip(self.volume_btns, VOLUME_BUTTONS, strict=True):
            btn.text = f"{label}   ({round((a.music_volume if channel == 'music' else a.volume) * 100)} %)"
        self.mute_btn.text = "Sound: muted" if a.mute else "Sound: on"
        full = bool(self.ctx.window.fullscreen)
        self.full_btn.text = "Fullscreen: on" if full else "Fullscreen: off"
        self.size_btn.text = f"Text size: {text_size()} %"
        self.motion_btn.text = "Reduced motion: on" if self.ctx.reduced_motion else "Reduced motion: off"
        hint = self.ctx.store.setting(GOAL_HINT_SETTING) == "1"
        self.hint_btn.text = "Dark mazes: goal hint on" if hint else "Dark mazes: goal hint off"
        self.best_btn.text = "My best run: shown" if best_run_on(self.ctx.store) else "My best run: hidden"
        self.pad_line.text = self.ctx.pads.describe()
        self.request_redraw()

    def pads_changed(self) -> None:
        """A controller was connected or disconnected: the controller line follows."""
        self.refresh()
        if self.window is not None:
            self._place_pad_line(self.window.width)

    def back(self) -> None:
        """Back to the screen that opened the settings (default: the menu)."""
        if self.back_to is not None:
            self.ctx.show(self.back_to)
        else:
            routes.show_menu(self.ctx)

    def toggle_theme(self) -> None:
        """Dark -> light -> high contrast -> each theme stars bought -> dark; the screen is rebuilt in the new
        colours."""
        self.ctx.set_theme(self.ctx.wallet().step("theme", self.ctx.theme.name).id)
        view = SettingsView(self.ctx, self.back_to)  # this screen again, in the new colours
        view.focus = self.focus
        self.ctx.show(view)

    def next_look(self, kind: str) -> None:
        """The next bought ``kind`` ("mark" or "trail"), saved and drawn in play from now on."""
        self.ctx.choose(kind, self.ctx.wallet().step(kind, self.ctx.chosen(kind)).id)
        self.refresh()

    def open_rewards(self) -> None:
        """The Rewards page (what stars bought and what they buy next); its Back returns to this page."""
        back_to = self.back_to
        self.ctx.show(routes.rewards(self.ctx, lambda: self.ctx.go(routes.settings, back_to=back_to)))

    def next_text_size(self) -> None:
        """The next text size (100, 125 ... 200 %, then 100 % again), saved; the page is laid out again at
        once in the new size."""
        sizes = TEXT_SIZES
        self.ctx.set_text_size(sizes[(sizes.index(text_size()) + 1) % len(sizes)])
        self.on_resize(self.window.width, self.window.height)

    def toggle_motion(self) -> None:
        """Reduced motion on or off (pulses, shakes, camera easing, sliding tiles)."""
        self.ctx.set_reduced_motion(not self.ctx.reduced_motion)
        self.refresh()

    def open_keys(self) -> None:
        """The Keys page; its Back returns to a Settings page with the same way back."""
        back_to = self.back_to
        self.ctx.show(routes.keys(self.ctx, lambda: self.ctx.go(routes.settings, back_to=back_to)))

    def _volume_action(self, channel: str, step: float) -> Callable[[], None]:
        return lambda: self.change_volume(channel, step)

    def change_volume(self, channel: str, delta: float) -> None:
        """The ``channel`` ("effects" or "music") louder or quieter by ``delta`` (0..1), saved; the button's
        click sounds at the new effects volume."""
        self.ctx.change_volume(channel, delta)
        self.refresh()

    def toggle_mute(self) -> None:
        """Mute or unmute."""
        self.ctx.set_mute(not self.ctx.audio.mute)
        self.refresh()

    def toggle_fullscreen(self) -> None:
        """Fullscreen on or off."""
        self.ctx.toggle_fullscreen()
        self.refresh()

    def toggle_goal_hint(self) -> None:
        """The faint arrow toward the unseen goal in dark mazes: on or off (for mazes opened next)."""
        on = self.ctx.store.setting(GOAL_HINT_SETTING) == "1"
        self.ctx.store.set_setting(GOAL_HINT_SETTING, "0" if on else "1")
        self.refresh()

    def toggle_best_run(self) -> None:
        """Your best run, a faint disc to chase in campaign levels: shown or hidden (at once, also in a paused
        level)."""
        self.ctx.store.set_setting(BEST_RUN_SETTING, "0" if best_run_on(self.ctx.store) else "1")
        self.refresh()

    def export_records(self) -> None:
        """Write the records CSV (as ``tessera records --csv``) to a new file in ``<Documents>/Tessera``; say
        where (the whole path)."""
        from engine.paths import shown_path
        from game.records import export_records

        try:
            self.note.text = f"Records written to {shown_path(export_records(self.ctx.store))}"
        except OSError as exc:
            self.note.text = f"Could not export the records ({exc.strerror or exc})."
        self.relayout()

    def layout(self, width: int, height: int) -> None:
        """Title on top, the buttons below (labels follow the real fullscreen state after F11), a note under them."""
        s = self.scale
        fit_text(self.title, "Settings", 32 * min(s, 1.8), width - 40)
        self.title.position = (width / 2, height - 30 * s)
        fit_text(self.note, self.note.text, 12 * s, width - 40, min_size=7)
        self.note.position = (width / 2, 6 * s)
        top = self.title.bottom - 30 * s
        gap = 10 * s
        line = 22 * s + 16 * s  # the controller line below the buttons, the export note at the bottom

        def grid(cols: int) -> tuple[float, float]:
            rows = -(-len(self.buttons) // cols)
            h = max(24.0, min(56 * max(s, height / 800), (top - 24 * s - line - (rows - 1) * gap) / rows))
            return h, min(380 * s, (width - 40 - (cols - 1) * gap) / cols)

        # two columns while the buttons keep their height; else three (more settings than rows at 200 % text)
        cols = 2
        h, w = grid(2)
        if h < 40 * s and grid(3)[0] > h and grid(3)[1] >= 200 * s:
            cols = 3
            h, w = grid(3)
        self.columns = cols
        place_grid(self.buttons, width / 2 - (cols * w + (cols - 1) * gap) / 2, top, cols, w, h, gap)
        if len(self.buttons) % cols == 1:  # Back alone on the last row: in the middle
            last = self.buttons[-1]
            last.rect = last.rect.move(width / 2 - last.rect.center_x, 0)
        self.style_buttons(min(16 * s, h * 0.5))
        self.refresh()
        self.pad_line.y = self.buttons[-1].rect.bottom - 10 * s
        self._place_pad_line(width)

    def _place_pad_line(self, width: int) -> None:
        fit_text(self.pad_line, self.ctx.pads.describe(), 14 * self.scale, width - 40, min_size=8)
        self.pad_line.x = width / 2

    def draw_extra(self) -> None:
        """The title, the controller line and the export note."""
        self.title.draw()
        self.pad_line.draw()
        if self.note.text:
            self.note.draw()
