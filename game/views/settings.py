"""Settings: theme, volume, mute, fullscreen (saved in the store at once)."""

from __future__ import annotations

from game.context import Context
from game.ui import gui
from game.views.base import BaseView


class SettingsView(BaseView):
    """One button per setting; its label shows the current value."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        box = gui.UIBoxLayout(space_between=12)
        self.theme_btn = box.add(self.make_button("", self.toggle_theme, width=380))
        self.louder = box.add(self.make_button("Volume +", lambda: self.change_volume(0.1), width=380))
        self.quieter = box.add(self.make_button("Volume -", lambda: self.change_volume(-0.1), width=380))
        self.mute_btn = box.add(self.make_button("", self.toggle_mute, width=380))
        self.full_btn = box.add(self.make_button("", self.toggle_fullscreen, width=380))
        box.add(self.make_button("Back", self.back, width=380))
        self.ui.add(gui.UIAnchorLayout()).add(box, anchor_x="center", anchor_y="center", align_y=-20)
        self.title = self.text("Settings", 32, ctx.theme.accent, bold=True, anchor_x="center")
        self.refresh()

    def refresh(self) -> None:
        """Update the button labels from the current values."""
        a = self.ctx.audio
        self.theme_btn.text = f"Theme: {self.ctx.theme.name}"
        self.louder.text = f"Volume +   ({round(a.volume * 100)} %)"
        self.quieter.text = f"Volume -   ({round(a.volume * 100)} %)"
        self.mute_btn.text = "Sound: muted" if a.mute else "Sound: on"
        self.full_btn.text = "Fullscreen: on" if self.window and self.window.fullscreen else "Fullscreen: off"

    def toggle_theme(self) -> None:
        """Dark <-> light; the screen is rebuilt in the new colours."""
        self.ctx.set_theme("light" if self.ctx.theme.name == "dark" else "dark")
        view = SettingsView(self.ctx)
        view.focus = self.focus
        self.ctx.show(view)

    def change_volume(self, delta: float) -> None:
        """Louder or quieter by ``delta`` (0..1), with a click to hear it."""
        self.ctx.set_volume(self.ctx.audio.volume + delta)
        self.refresh()

    def toggle_mute(self) -> None:
        """Mute or unmute."""
        self.ctx.set_mute(not self.ctx.audio.mute)
        self.refresh()

    def toggle_fullscreen(self) -> None:
        """Fullscreen on or off."""
        self.ctx.toggle_fullscreen()
        self.refresh()

    def layout(self, width: int, height: int) -> None:
        """Place the title."""
        self.title.position = (width / 2, height - 90)

    def draw_extra(self) -> None:
        """The title."""
        self.title.draw()
