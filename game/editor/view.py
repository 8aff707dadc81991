"""The maze editor screen: walls by mouse or keyboard, start and goal, undo/redo, the live check, try it.

The rules are :class:`engine.modes.editor.EditorSession`'s; this view maps clicks, drags
and keys to its calls and draws the maze through :class:`game.editor.layer.EditorLayer` in a
:class:`game.ui.viewport.MazeViewport` left of the side panel (its texts:
:class:`game.editor.panel.EditorTexts`).

Mouse: a click toggles the wall nearest the cursor (within a few pixels); a drag toggles
every wall it crosses, each once per stroke (one undo); in the Start/Goal modes a click
puts the start or goal on the cell.  Right- or middle-drag pans, the wheel zooms.
Keys: arrows move the cell cursor; W/A/S/D or Shift+arrow toggle the wall on that side
(the neighbour closest in angle, as a player's step); 1/2 start/goal at the cursor; [ / ]
narrower/wider and , / . shorter/taller (also the panel's four size buttons); Z/Y
undo/redo; T try it; C copy code; Ctrl+S save; P print a PDF with its answer; N new; F fit; +/- zoom; Esc back.

A resize is :meth:`engine.modes.editor.EditorSession.resize`: one undoable step; a size out
of the shape's range is refused with one sentence; the start and goal stay on their cells
when both remain, else both are reset to the new grid's own (never clamped); the layer
and the viewport are rebuilt and fitted to the new grid, the cursor goes to the start.
"""

from __future__ import annotations

import math

import arcade
from arcade import key

from engine.codes import CodeError
from engine.level import NamedLevel
from engine.maze.grids import SHAPES
from engine.maze.rules.draw import Mark
from engine.modes.editor import EditorSession, crossed_edges, nearest_edge
from game import routes
from game.bases.screen import BaseView, common_key
from game.context import Context
from game.editor.layer import EditorLayer
from game.editor.panel import FOOTER_HEIGHT, HUD_HEIGHT, MODES, TOOL_ORDER, EditorTexts, check_colour, panel_width
from game.editor.saving import save_level
from game.play.keep import place_key
from game.render.rule_marks import draw_mark
from game.store import SaveStore
from game.ui import place_grid
from game.ui.clipboard import copy_to_clipboard
from game.ui.viewport import DRAG_THRESHOLD, MazeViewport

PICK_PX = 8  # a click this close to a wall (pixels, or more on big cells) toggles it
#: Resize actions of the key table -> (width step, height step): [ ] narrower/wider, , . shorter/taller.
SIZE_ACTIONS = {"narrower": (-1, 0), "wider": (1, 0), "shorter": (0, -1), "taller": (0, 1)}
#: Direction of each "cursor_*"/"wall_*" action suffix.
SIDES = {"up": (0.0, 1.0), "down": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}


def saved_text(store: SaveStore, code: str) -> str:
    """The place kept for level ``code`` as saved (``""``: none; a level without a code keeps none)."""
    return (store.setting(place_key(code)) or "") if code else ""


class EditorView(BaseView):
    """Edit one level.

    Args:
        ctx: shared context.
        session: the level being edited.
        message: a first sentence for the panel (e.g. why a code was refused).
    """

    key_context = "editor"

    def __init__(self, ctx: Context, session: EditorSession, message: str = "") -> None:
        super().__init__(ctx, columns=2)
        self.session = session
        self.mode = "walls"
        self.message = message
        self.cursor = session.start
        self.hover = -1
        self.press_px: tuple[float, float] | None = None  # a left press in the maze: a click or a stroke
        self.stroke_at = (0.0, 0.0)  # world point the stroke reached
        self.dragging = False
        self.stroked: set[int] = set()
        self._marks_key: tuple[object, ...] | None = None  # what the puzzle elements' marks were made for
        self._marks: list[Mark] = []
        self.hud_camera = arcade.Camera2D()
        self.hud = EditorTexts(self.text, ctx.theme)
        self._theme = ctx.theme
        self.lay_size: tuple[int, int] = (int(ctx.window.width), int(ctx.window.height))
        for label, action in (
            ("New (N)", self.new), ("Try it (T)", self.try_it),
            ("Start (1)", lambda: self.set_mode("start")), ("Goal (2)", lambda: self.set_mode("goal")),
            ("Puzzle (K)", self.next_tool),
            ("Undo (Z)", self.undo), ("Redo (Y)", self.redo),
            ("Copy code (C)", self.copy_code), ("Save (Ctrl+S)", self.save), ("Print (P)", self.print_pdf),
            ("Narrower ([)", lambda: self.grow(-1, 0)), ("Wider (])", lambda: self.grow(1, 0)),
            ("Shorter (,)", lambda: self.grow(0, -1)), ("Taller (.)", lambda: self.grow(0, 1)),
            ("Back (Esc)", self.back),
        ):
            self.ui.add(self.make_button(label, action, width=140, height=32, font_size=12))
        self.undo_btn, self.redo_btn = (next(b for b in self.buttons if b.text.startswith(w)) for w in ("Undo", "Redo"))
        self.focus = 1
        self.layer: EditorLayer
        self.viewport: MazeViewport
        self._new_grid()

    # -- the grid on screen -------------------------------------------------------------------
    def _new_grid(self) -> None:
        """A layer and viewport for the session's grid (first, after New or a resize)."""
        maze = self.session.maze()
        self.layer = EditorLayer(self.ctx.window.ctx, maze, self.ctx.theme)
        self._shown = (maze.grid, self.session.version)
        self.viewport = MazeViewport(maze.grid.bounds(), 100, 100, keys=self.ctx.keys, layer=self.layer,
                                     grid=maze.grid)
        self._fit_viewport()

    def _fit_viewport(self) -> None:
        width, height = self.lay_size
        s = self.scale  # the screen's (window and text size), as its buttons and texts
        self.viewport.cam.hud, self.viewport.cam.footer = HUD_HEIGHT * s, FOOTER_HEIGHT * s
        self.viewport.fit_area(max(100, width - panel_width(width, s)), height)

    def _sync_layer(self) -> None:
        """Show the session's maze: a new layer for a new grid, else the walls rewritten (only on change)."""
        grid, version = self._shown
        if version == self.session.version:
            return
        if self.session.grid is not grid:
            self._new_grid()
            self.cursor = self.session.start
        else:
            self.layer.show(self.session.maze())
            self._shown = (grid, self.session.version)

    # -- lifecycle -----------------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Back from play, New, settings or help: a changed theme is taken up."""
        t = self.ctx.theme
        if t is not self._theme:
            self._theme = t
            self.layer.set_theme(t)
            self.hud = EditorTexts(self.text, t)
        super().on_show_view()

    def layout(self, width: int, height: int) -> None:
        """Maze area, panel buttons (two columns) and texts for the window size."""
        self.lay_size = (width, height)
        self.hud_camera.match_window(position=True)
        self._fit_viewport()
        s = self.scale
        pw = panel_width(width, s)
        gap = 8 * max(0.75, s)
        bw = (pw - 24 - gap) / 2
        bh = max(26.0, 34 * s)
        top = height - HUD_HEIGHT * s - 12 * s
        place_grid(self.buttons, width - pw + 12, top, 2, bw, bh, gap)
        self.style_buttons(min(13 * s, bh * 0.42), pad=6)
        rows = (len(self.buttons) + 1) // 2
        self.hud.layout(width, height, top - rows * (bh + gap) - 8 * s, s)
        self._refresh()

    def spills(self, width: int, height: int) -> bool:
        """A button, or the panel's lines under them, leave the window (the layout is tried smaller)."""
        return super().spills(width, height) or self.hud.bottom() < 0

    def _refresh(self) -> None:
        """Texts and button states from the session (cheap when nothing changed)."""
        s = self.session
        chk = s.check()
        g = s.grid
        dark = " · dark" if s.dark else ""
        title = f"Editor · {g.kind} {g.width}×{g.height}{dark}"
        t = self.ctx.theme
        self.hud.set(title, chk.summary(), check_colour(chk, t), MODES[self.mode], self.message,
                     t.text_dim if self.mode == "walls" else t.accent)
        self.undo_btn.disabled = not s.can_undo
        self.redo_btn.disabled = not s.can_redo
        self.request_redraw()

    def say(self, message: str) -> None:
        """One sentence in the panel."""
        self.message = message
        self._refresh()

    # -- actions -------------------------------------------------------------------------------
    def back(self) -> None:
        """Esc: leave a Start/Goal mode, else the main menu."""
        if self.mode != "walls":
            self.set_mode("walls")
            return
        routes.show_menu(self.ctx)

    def set_mode(self, mode: str) -> None:
        """What a click does: ``walls``, ``start`` or ``goal`` (a second press of the same one leaves it)."""
        self.mode = "walls" if mode == self.mode else mode
        self.hover = -1
        self._refresh()

    def next_tool(self) -> None:
        """K: the next puzzle element to place (one-way arrows, doors, gates, keys, switches, the hunter), then
        walls again."""
        at = TOOL_ORDER.index(self.mode) if self.mode in TOOL_ORDER else 0
        self.mode = TOOL_ORDER[(at + 1) % len(TOOL_ORDER)]
        self.hover = -1
        self._refresh()

    def use_tool(self, x: float, y: float) -> None:
        """A click in a puzzle element's mode: on the passage nearest the click, or on the clicked cell."""
        from engine.maze.rules.edit import TOOLS

        if TOOLS[self.mode] == "passage":
            e = self.pick(x, y)
            if e < 0:
                return
            a, b = (int(c) for c in self.session.grid.edges[e])
            if not self.session.use_tool(self.mode, a, b):
                self.say("That is a wall: open it first (walls mode, K), then place the element on the passage.")
            return
        cell = self.viewport.cell_at(x, y)
        if cell >= 0:
            self.session.use_tool(self.mode, cell)

    def new(self) -> None:
        """The New screen (the editor comes back with its level, or unchanged on Esc)."""
        self.ctx.show(routes.editor_new(self.ctx, self.adopt, back=self))

    def adopt(self, session: EditorSession) -> None:
        """Edit ``session`` from now on (from the New screen) and show the editor."""
        self.session = session
        self.mode = "walls"
        self.cursor = session.start
        self.message = ""
        self._new_grid()
        self.ctx.show(self)

    def undo(self) -> None:
        """Z: take back the last edit or stroke (a resize too: the old size comes back)."""
        if not self.session.undo():
            self.say("Nothing to undo.")
        self._sync_layer()
        self._refresh()

    def redo(self) -> None:
        """Y: do the undone edit again."""
        if not self.session.redo():
            self.say("Nothing to redo.")
        self._sync_layer()
        self._refresh()

    def grow(self, dw: int, dh: int) -> None:
        """[ ] , . and the size buttons: the grid ``dw`` wider and ``dh`` taller (see the module docstring)."""
        g = self.session.grid
        info = SHAPES[g.kind]
        w, h = g.width + dw, g.height + dh
        value, side = (w, "wide") if dw else (h, "high")
        if not info.min_size <= value <= info.max_size:
            self.say(f"Cannot resize: {g.kind} mazes are {info.min_size}..{info.max_size} cells {side}.")
            return
        try:
            self.session.resize(w, h)
        except ValueError as exc:  # the other side out of range (a level made elsewhere)
            self.say(f"Cannot resize: {exc}.")
            return
        self._sync_layer()
        self.say(f"Size {w}×{h} (Z undoes it).")

    def try_it(self) -> None:
        """T: play the level as it is now; Esc in the game comes back here."""
        if not self.session.playable:
            self.say("The goal cannot be reached yet: open a way from the start first.")
            return
        self.message = ""
        level = self.session.level()
        code = NamedLevel.of(level).code  # what the play screen keeps a place under
        store = self.ctx.store
        kept = saved_text(store, code)

        def back() -> None:  # Esc from Try it keeps no place: whatever was kept for this level stays as it was
            if saved_text(store, code) != kept:
                store.set_setting(place_key(code), kept)
            self.ctx.show(self)

        self.ctx.show(routes.play_level(self.ctx, level, back=back))

    def copy_code(self) -> None:
        """C: the level's code to the clipboard (a hand-made level has none yet: the sentence says so)."""
        try:
            code = self.session.level().code()
        except CodeError as exc:
            self.say(str(exc))
            return
        ok = copy_to_clipboard(self.window, code)
        self.say(f"Code copied: {code}" if ok else f"No clipboard here; the code is {code}")

    def print_pdf(self) -> None:
        """P: a PDF of the level and its answer in the export folder (a level whose goal cannot be reached
        yet has no answer: the line says so)."""
        from game.lab.export import print_maze

        level = self.session.level()
        try:
            code = level.code()
        except CodeError:
            code = ""
        _, lines = print_maze(self.ctx.store, level.maze, code, "My maze")
        self.say(" ".join(lines))

    def save(self) -> None:
        """Ctrl+S: keep the level in My levels (when the game has them)."""
        self.say(save_level(self.ctx, self.session.level(), self.session.name()))

    def place(self, which: str, cell: int) -> None:
        """Put the start or the goal on ``cell``."""
        s = self.session
        moved = s.set_start(cell) if which == "start" else s.set_goal(cell)
        if not moved and cell in (s.start, s.goal) and cell != (s.start if which == "start" else s.goal):
            self.say("The start and the goal need a cell each.")
        self.cursor = cell
        self.mode = "walls"
        self._refresh()

    # -- keyboard ------------------------------------------------------------------------------
    def toggle_side(self, direction: tuple[float, float]) -> None:
        """Toggle the wall between the cursor and its neighbour in ``direction``."""
        nb = self.session.neighbour_toward(self.cursor, direction)
        if nb is None:
            self.say("That is the outer wall: it always stands.")
            return
        self.session.toggle_between(self.cursor, nb)
        self._refresh()

    def move_cursor(self, direction: tuple[float, float]) -> None:
        """Move the cell cursor to the neighbour in ``direction``."""
        nb = self.session.neighbour_toward(self.cursor, direction)
        if nb is not None:
            self.cursor = nb

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """See the module docstring; Tab moves between the panel's buttons, Enter presses one."""
        if common_key(self.ctx, symbol, modifiers):
            return True
        ctrl = bool(modifiers & (key.MOD_CTRL | key.MOD_COMMAND))
        shift = bool(modifiers & key.MOD_SHIFT)
        action = self.ctx.keys.action("editor", symbol) or ""
        side = SIDES.get(action.partition("_")[2]) if action.startswith(("cursor_", "wall_")) else None
        if symbol == key.ESCAPE:
            self.back()
        elif symbol == key.S and ctrl:
            self.save()
        elif action == "undo" and ctrl and shift:
            self.redo()
        elif action in ("undo", "redo"):
            (self.undo if action == "undo" else self.redo)()
        elif side is not None:
            if action.startswith("cursor_") and not shift:
                self.move_cursor(side)
            else:
                self.toggle_side(side)
        elif action in SIZE_ACTIONS:
            self.grow(*SIZE_ACTIONS[action])
        elif action in ("start", "goal"):
            self.place(action, self.cursor)
        elif action == "tool":
            self.next_tool()
        elif action in ("try", "copy", "new", "print"):
            {"try": self.try_it, "copy": self.copy_code, "new": self.new, "print": self.print_pdf}[action]()
        elif self.viewport.handle_key(symbol, self._cell_xy(self.cursor)):
            pass
        elif symbol == key.TAB or self.ctx.keys.action("menu", symbol) == "confirm":
            return super().on_key_press(symbol, modifiers)
        else:
            return None
        self.request_redraw()
        return True

    # -- mouse ---------------------------------------------------------------------------------
    def in_maze(self, x: float, y: float) -> bool:
        """True for a window pixel over the maze area (not the panel or the top bar)."""
        width, height = self.lay_size
        return x < width - panel_width(width, self.scale) and y < height - HUD_HEIGHT * self.scale

    def pick(self, x: float, y: float) -> int:
        """The edge whose wall is nearest window pixel ``(x, y)`` within reach, or -1."""
        zoom = self.viewport.zoom
        reach_px = max(PICK_PX, 0.3 * self.layer.cell_size * zoom)
        wx, wy = self.viewport.screen_to_world(x, y)
        return nearest_edge(self.session.grid, wx, wy, reach_px / zoom)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Left: the start of a click or a stroke; right or middle: the start of a pan."""
        if not self.in_maze(x, y):
            return
        if button == arcade.MOUSE_BUTTON_LEFT:
            self.press_px = (x, y)
            self.stroke_at = self.viewport.screen_to_world(x, y)
            self.dragging = False
            self.stroked = set()
            self.session.begin_stroke()
        else:
            self.viewport.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """A left drag toggles each wall it crosses (once per stroke); other buttons pan."""
        if self.press_px is None:
            if self.viewport.drag(x, y, dx, dy):
                self.request_redraw()
            return
        if self.mode != "walls":
            return
        if not self.dragging:
            if math.hypot(x - self.press_px[0], y - self.press_px[1]) < DRAG_THRESHOLD:
                return
            self.dragging = True
        here = self.viewport.screen_to_world(x, y)
        for e in crossed_edges(self.session.grid, *self.stroke_at, *here):
            if e not in self.stroked:
                self.stroked.add(e)
                self.session.toggle(e)
        self.stroke_at = here
        self.hover = -1
        self._refresh()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """End a stroke (a click toggles the nearest wall, or places the start or goal) or a pan."""
        if self.press_px is None or button != arcade.MOUSE_BUTTON_LEFT:
            self.viewport.release()
            return
        if not self.dragging:
            if self.mode == "walls":
                e = self.pick(x, y)
                if e >= 0:
                    self.session.toggle(e)
            elif self.mode not in ("start", "goal"):
                self.use_tool(x, y)
            else:
                cell = self.viewport.cell_at(x, y)
                if cell >= 0:
                    self.place(self.mode, cell)
        self.session.end_stroke()
        self.press_px = None
        self.dragging = False
        self._refresh()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Highlight the wall a click would toggle."""
        passage = self.mode in ("walls", "oneway", "door", "gate")
        hover = self.pick(x, y) if passage and self.in_maze(x, y) else -1
        if hover != self.hover:
            self.hover = hover
            self.request_redraw()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Zoom around the cursor."""
        if self.in_maze(x, y) and self.viewport.scroll(x, y, scroll_y):
            self.request_redraw()

    # -- drawing -------------------------------------------------------------------------------
    def _cell_xy(self, cell: int) -> tuple[float, float]:
        """The window pixel of ``cell``'s centre."""
        cx, cy = self.session.grid.centers[cell]
        return self.viewport.world_to_screen(float(cx), float(cy))

    def draw_background(self) -> None:
        """The maze, the hovered wall and the cell cursor; then the top bar and panel plates."""
        self._sync_layer()
        t = self.ctx.theme
        vp = self.viewport
        vp.use()
        self.layer.draw_editor(vp.zoom)
        px = 1.0 / max(vp.zoom, 1e-9)
        g = self.session.grid
        self._draw_elements()
        if 0 <= self.hover < g.num_edges:
            (x0, y0), (x1, y1) = g.walls[self.hover].tolist()
            arcade.draw_line(x0, y0, x1, y1, t.accent, 4 * px)
        if 0 <= self.cursor < g.n:
            points = [(float(x), float(y)) for x, y in g.polygon(self.cursor).tolist()]
            arcade.draw_polygon_outline(points, t.focus, 2.5 * px)
        self.hud_camera.use()
        w, h = self.lay_size
        top = h - HUD_HEIGHT * self.scale
        arcade.draw_lrbt_rectangle_filled(0, w, top, h, t.panel)
        arcade.draw_lrbt_rectangle_filled(w - panel_width(w, self.scale), w, 0, top, t.panel)
        self.window.default_camera.use()

    def _draw_elements(self) -> None:
        """The puzzle elements placed (those waiting on a closed wall too), world camera active."""
        rules = self.session.rules
        if rules.empty:
            return
        key = (self.session.version, rules)
        if self._marks_key != key:
            from engine.maze.model import Maze
            from engine.maze.rules.draw import rule_marks

            m = self.session.maze()
            self._marks = rule_marks(Maze(m.grid, m.passage, m.start, m.goal), rules)
            self._marks_key = key
        for mark in self._marks:
            draw_mark(mark)

    def draw_extra(self) -> None:
        """Top bar, panel and footer texts."""
        self.hud.draw()

    def texts(self) -> list[arcade.Text]:
        """The texts on screen now (for layout tests)."""
        return self.hud.texts()
