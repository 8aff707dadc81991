"""The base of the panels drawn over a screen (pause, a question): buttons with their own UIManager and a focus.

An :class:`Overlay` is not a screen: the screen that shows it forwards its keys while :attr:`Overlay.visible`,
draws it last (:meth:`Overlay.draw`) and keeps its own widgets disabled meanwhile.  The overlay's UIManager
(mouse clicks) is enabled only while it is shown.  Subclasses say what their buttons do when pressed
(:meth:`Overlay.closes_on`), lay themselves out (:meth:`Overlay.layout`) and draw what lies under the buttons
(:meth:`Overlay.draw_back`); the base draws the buttons and the focus ring over it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.context import Context
from game.render.theme import button_style
from game.ui import ActionButton, draw_focus_ring, enable_ui, gui, needs_render


class Overlay:
    """Buttons over a screen, one of them focused.

    Args:
        ctx: shared context (theme, sound).
        labels: the buttons' captions, in focus order.
        actions: what each button does (same length as ``labels``).
        button_size: ``(width, height)`` of a button before the first layout, in pixels.

    Attributes:
        visible: shown (takes input) or not.
        focus: index of the focused button.
    """

    def __init__(self, ctx: Context, labels: Sequence[str], actions: Sequence[Callable[[], object]],
                 button_size: tuple[int, int]) -> None:
        self.ctx = ctx
        self.ui = gui.UIManager()
        self.visible = False
        self.focus = 0
        self.labels = list(labels)
        self.actions = list(actions)
        width, height = button_size
        self.buttons: list[ActionButton] = [
            self.ui.add(ActionButton(self._clicker(i), text=label, width=width, height=height,
                                     style=button_style(ctx.theme)))
            for i, label in enumerate(self.labels)
        ]
        self._size = (0, 0)

    def _clicker(self, i: int) -> Callable[[], None]:
        def click() -> None:
            self.focus = i
            self.activate(i)

        return click

    def show(self) -> None:
        """Show the overlay and take mouse input."""
        self.visible = True
        enable_ui(self.ui)

    def hide(self) -> None:
        """Hide the overlay."""
        self.visible = False
        self.ui.disable()

    def closes_on(self, i: int) -> bool:
        """True when pressing button ``i`` hides the overlay first (default: every button)."""
        return True

    def activate(self, i: int) -> None:
        """Press button ``i``: a click, the overlay hidden when :meth:`closes_on` says so, then its action."""
        self.ctx.audio.play("click")
        if self.closes_on(i):
            self.hide()
        self.actions[i]()

    def needs_render(self) -> bool:
        """True when a button wants drawing (hover, press)."""
        return self.visible and needs_render(self.ui)

    def layout(self, width: int, height: int) -> None:
        """Place everything for a window of ``width`` × ``height`` pixels (subclasses; call this first)."""
        self._size = (width, height)

    def draw_back(self, width: int, height: int) -> None:
        """What lies under the buttons (a cover, a panel, texts); subclasses draw it."""

    def draw(self, width: int, height: int) -> None:
        """Lay out when the window size changed, then :meth:`draw_back`, the buttons and the focus ring."""
        if self._size != (width, height):
            self.layout(width, height)
        self.draw_back(width, height)
        self.ui.draw()
        r = self.buttons[self.focus].rect
        draw_focus_ring(r.left, r.right, r.bottom, r.top, self.ctx.theme, width, height)
