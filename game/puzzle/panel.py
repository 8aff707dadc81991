"""The puzzle screen's side panel: title, code, counters, messages, solver statistics, buttons.

Everything is laid out from the window size: fonts scale with the window
(about 0.8x at 800×600 up to 2x at 3840×2160), one-line texts shrink or end in
"…", blocks are cut to the room they have, and the buttons sit at the bottom
of the panel, so nothing overlaps or leaves the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
import pyglet

from engine.puzzle.result import SolveResult
from engine.puzzle.session import PuzzleSession
from engine.puzzle.solving import solver_kinds, solver_label, solver_method
from game.format import count, format_time, running_time
from game.puzzle.settings import PuzzleSettings
from game.puzzle.widgets import PanelButton, fit_block, fit_label, label_width
from game.render.theme import Theme
from game.store import SaveStore
from game.ui import FONT, fit_text, gui, text_scale
from game.ui.textfit import measure, set_text

Action = Callable[[], None]

#: The Advanced panel's settings buttons (labels set by :meth:`PuzzlePanel.show`), then the main
#: panel's action buttons (name, label); ``advanced`` folds/unfolds the Advanced panel.
SETTINGS = ("solver", "timeout", "boost", "heuristic", "arrows")
ACTIONS = (
    ("hint", "Hint  H"), ("solve", "Solve  S"), ("pause", "Pause  Space"),
    ("step", "Step  ."), ("stop", "Stop  X"), ("slower", "Slower  −"),
    ("faster", "Faster  +"), ("undo", "Undo  Z"), ("redo", "Redo  Y"),
    ("restart", "Restart  R"), ("new", "New  N"), ("copy", "Copy  C"),
    ("advanced", "Advanced  V"), ("meter", "Distance off"), ("back", "Setup  Esc"),
)
#: Shown only with the Advanced panel open (Details): the solver's statistics and the puzzle's codes (engine words;
#: C copies the code, Q shows its QR code, the Share of the win holds it too).
ADVANCED_TEXTS = ("code", "stats_head", "stats", "settings_head")
COLUMNS = 3


def meter_label(on: bool) -> str:
    """The distance line's button (M): its state in words, ``Distance on`` / ``Distance off`` (as short as the
    other buttons' labels: it must not be cut at 200 % text)."""
    return f"Distance {'on' if on else 'off'}"


def ui_scale(width: int, height: int) -> float:
    """Font and spacing scale for a window of ``width`` × ``height`` px (1.0 at 1280×800; 0.8..2.2), times the
    player's text size (:func:`game.ui.text_scale`)."""
    return max(0.8, min(2.2, min(width / 1280, height / 800))) * text_scale()


def action_columns(inner: float, gap: float, size: float, rows_room: int = 99) -> int:
    """How many columns the action buttons take in ``inner`` pixels: :data:`COLUMNS`, or fewer while larger
    text (Settings) would have to shrink a label below its 100 % size (or cut it) to fit, as long as the
    rows stay within ``rows_room``: large text reflows into more rows instead of cutting labels."""
    grow = text_scale()
    if grow <= 1.0:
        return COLUMNS
    floor = max(0.7 * size, size / grow)  # fit_text shrinks to 70 % before it cuts; never under the 100 % size
    need = max(label_width(label, floor) for _name, label in ACTIONS)
    best = COLUMNS
    for columns in range(COLUMNS, 0, -1):
        if -(-len(ACTIONS) // columns) > rows_room:
            break
        best = columns
        if (inner - gap * (columns - 1)) / columns >= need:
            return columns
    return best


def panel_width(width: int, height: int | None = None) -> float:
    """Width of the side panel for a window ``width`` (× ``height``) px: 31 % of the width, at most 440 px times
    the window's scale (1280×800: 397 px, 1920×1080: 594 px, 3840×2160: 968 px), at least 300 px; a larger text
    size widens it as much, up to half the window (the board keeps the rest), so larger labels are not cut."""
    h = height if height is not None else width * 0.5625
    window_k = max(0.8, min(2.2, min(width / 1280, h / 800)))
    grow = text_scale()
    return max(300.0, min(width * min(0.5, 0.31 * grow), 440 * window_k * grow))


class PuzzlePanel:
    """Texts and buttons of the side panel.

    Args:
        theme: colours.
        actions: button name -> action, for every name of :data:`SETTINGS` and :data:`ACTIONS`.
    """

    def __init__(self, theme: Theme, actions: dict[str, Action]) -> None:
        self.theme = t = theme
        self.batch = pyglet.graphics.Batch()
        self.left = 0.0
        self.scale = 1.0
        self.columns = COLUMNS  # of the action buttons in the last layout
        self.t_title = self._text(t.accent, bold=True)
        self.t_code = self._text(t.text_dim, multiline=True)
        self.t_moves = self._text(t.text)
        self.t_meter = self._text(t.accent)
        self.t_speed = self._text(t.text_dim)
        self.t_assist = self._text(t.accent)
        self.t_best = self._text(t.text_dim, multiline=True)
        self.t_status = self._text(t.text, multiline=True)
        self.t_stats_head = self._text(t.accent, bold=True)
        self.t_stats = self._text(t.text_dim, multiline=True)
        self.t_settings_head = self._text(t.accent, bold=True)
        self.values: dict[str, str] = {
            "title": "", "code": "", "moves": "", "meter": "", "speed": "", "assist": "", "best": "", "status": "",
            "stats_head": "Solver", "settings_head": "Advanced: solver settings",
            "stats": "Press S to solve: the statistics of the solver's run appear here.",
        }
        self.bottom_of_texts = 0.0
        self.advanced = False  # the Advanced panel (solver settings and statistics) is open
        #: texts :meth:`show` leaves alone (their owner sets them: a speed run's clock line) and buttons kept off
        self.held: set[str] = set()
        self.off: set[str] = set()
        self.folded: set[str] = set()  # names of the buttons taken out of the UI manager (Advanced folded)
        self.ui = gui.UIManager()  # the buttons (the view enables it while shown)
        self.buttons: dict[str, PanelButton] = {}
        for name in SETTINGS:
            self.buttons[name] = self.ui.add(PanelButton(theme, "", actions[name], 12))
        for name, label in ACTIONS:
            self.buttons[name] = self.ui.add(PanelButton(theme, label, actions[name], 11))
        self._size = (0, 0)

    def _text(self, color: Any, bold: bool = False, multiline: bool = False) -> arcade.Text:
        return arcade.Text("", 0, 0, color, 12, font_name=FONT, bold=bold, anchor_y="top", multiline=multiline,
                           width=300 if multiline else None, batch=self.batch)

    # -- content ----------------------------------------------------------------------
    def set(self, **values: str) -> bool:
        """Change texts by name (``title``, ``code``, ``moves``, ...); True if any changed (then :meth:`layout`)."""
        changed = False
        for k, v in values.items():
            if self.values.get(k) != v:
                self.values[k] = v
                changed = True
        return changed

    def update(self, **values: str) -> bool:
        """:meth:`set`, then lay out again if anything changed; True then."""
        changed = self.set(**values)
        if changed and self._size != (0, 0):
            self.layout(*self._size)
        return changed

    def set_status_color(self, error: bool) -> None:
        """The message in the error colour or the normal one."""
        self.t_status.color = self.theme.error if error else self.theme.text

    def label(self, name: str, text: str, enabled: bool = True) -> None:
        """A button's label text and enabled state (a button kept :attr:`off` stays disabled)."""
        enabled = enabled and name not in self.off
        b = self.buttons[name]
        if b.disabled == enabled:
            b.disabled = not enabled
        fit_label(b, text)

    def show(self, s: PuzzleSession, st: PuzzleSettings, solving: bool, can_deal: bool,
             code: str | None = None) -> bool:
        """Counters, code and button labels/states from the session and settings.

        ``code`` is the puzzle code to show (default: the session's; a picture game
        shows the one naming its picture).  Lays out again when something changed; returns True then.
        """
        pb = s.playback
        speed = pb.speed if pb is not None else s.speed
        code = (code or s.code or "") + (f"\nshuffle: {s.seed_code}" if s.seed_code else "")
        clock = format_time(s.elapsed) if s.solved else running_time(s.elapsed)  # one redraw a second while it runs
        texts = {"moves": f"Moves {s.moves}   Time {clock}",
                 "speed": f"Solution playback: {f'{speed:g} moves/s' if speed else 'automatic speed'}  (−/+)",
                 "assist": "Assisted (hint, solver or distance line used)" if s.assisted else "", "code": code}
        changed = self.set(**{k: v for k, v in texts.items() if k not in self.held})
        before = {n: (btn.want, btn.disabled) for n, btn in self.buttons.items()}
        b = s.board
        kind = st.solver if st.solver in solver_kinds(b.width, b.height) else "fast"
        fast = kind == "fast"
        self.label("solver", f"Solver: {solver_label(kind)}  O")
        self.label("timeout", f"Timeout: {st.timeout:g} s  T")
        self.label("boost", f"Random boost: {'on' if st.boost else 'off'}  B", enabled=fast)
        self.label("heuristic", f"Heuristic: {st.heuristic}  E", enabled=fast)
        self.label("arrows", f"Arrows: {'a tile into the gap' if st.arrows == 'tile' else 'the gap'}  A")
        self.label("pause", "Play  Space" if pb is not None and pb.paused else "Pause  Space", pb is not None)
        self.buttons["advanced"].active = self.advanced
        self.label("meter", meter_label(st.meter))
        self.buttons["meter"].active = st.meter  # drawn as a toggle that is on
        enabled = {"step": pb is not None,
                   "stop": pb is not None or solving, "undo": s.can_undo(), "redo": s.can_redo(), "new": can_deal,
                   "solve": not solving and not s.solved, "hint": not s.solved}
        enabled |= {name: False for name in self.off if name in self.buttons}
        for name, on in enabled.items():
            if self.buttons[name].disabled == on:  # only real changes (each one asks for a render)
                self.buttons[name].disabled = not on
        changed |= before != {n: (btn.want, btn.disabled) for n, btn in self.buttons.items()}
        if changed and self._size != (0, 0):
            self.layout(*self._size)
        return changed

    def show_bests(self, s: PuzzleSession, store: SaveStore) -> None:
        """The best times and moves kept under the session's :meth:`~PuzzleSession.best_keys`."""
        parts = []
        keys = s.best_keys()
        if s.code:
            best = store.best(keys[0])
            if best.best_time is not None:
                fewest = count(best.best_moves or 0, "move")
                parts.append(f"This puzzle: best {format_time(best.best_time)}, fewest {fewest}")
        size = store.best(keys[-1])
        if size.best_time is not None:
            fewest = count(size.best_moves or 0, "move")
            parts.append(f"All {s.size_label}: best {format_time(size.best_time)}, fewest {fewest}")
        none = "No best yet for this size (games with hints or solves don't count)."
        if self.set(best="\n".join(parts) if parts else none) and self._size != (0, 0):
            self.layout(*self._size)

    # -- layout -----------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        """Place everything in the panel at the right of a ``width`` × ``height`` window."""
        self._size = (width, height)
        k = self.scale = ui_scale(width, height)
        pw = panel_width(width, height)
        self.left = width - pw
        pad = 10 * k
        px, inner = self.left + pad, pw - 2 * pad
        # buttons from the bottom up: actions (grid), then settings (one per row)
        bh, gap = max(22.0, 26 * k), max(3.0, 4 * k)
        settings = len(SETTINGS) + 1 if self.advanced else 0  # the Advanced panel's rows (and its heading)
        room = int((height * 0.72 - settings * (bh + gap)) // (bh + gap))  # rows that leave the texts some room
        columns = self.columns = action_columns(inner, gap, 11 * k, room)
        rows = -(-len(ACTIONS) // columns)
        col = (inner - gap * (columns - 1)) / columns
        # the title and the Moves / Time line always keep their room: with the Advanced panel open in a short
        # window (large text) the buttons get as low as their labels allow, then its heading goes
        heads = (20 + 17) * k * 1.45 + 3 * pad
        n_rows = rows + (len(SETTINGS) if self.advanced else 0)
        heading = 13 * k * 1.45 + 8 * k if self.advanced else 0.0
        if height - 2 * pad - n_rows * (bh + gap) - heading < heads:
            bh = max(22.0, min(bh, 11 * k * 1.45 + 8))  # a label's line and a margin
        tight = self.advanced and height - 2 * pad - n_rows * (bh + gap) - heading < heads
        y = pad
        for i, (name, _label) in enumerate(ACTIONS):
            r, c = divmod(i, columns)
            b = self.buttons[name]
            b.place(px + c * (col + gap), y + (rows - 1 - r) * (bh + gap), col, bh)
            fit_label(b, size=11 * k, force=True)
        y += rows * (bh + gap) + gap
        for name in reversed(SETTINGS):  # the Advanced panel: one setting per row, above the actions
            b = self.buttons[name]
            if (name in self.folded) == self.advanced:  # folded-away buttons leave the UI manager
                if self.advanced:
                    self.folded.discard(name)
                    self.ui.add(b)
                else:
                    self.folded.add(name)
                    self.ui.remove(b)
            if self.advanced:
                b.place(px, y, inner, bh)
                fit_label(b, size=12 * k, force=True)
                y += bh + gap
        head = self.t_settings_head  # its heading sits right above the settings buttons
        fit_text(head, self.values["settings_head"] if self.advanced and not tight else "", 13 * k, inner, 9 * k,
                 step=1)
        head.position = (px, y + head.content_height + 2 * k)
        floor = y + (head.content_height + 8 * k if self.advanced and not tight else 4 * k)  # texts stay above
        top = height - pad
        # texts from the top down, each fitted to what is left
        lines: list[tuple[arcade.Text, str, float, bool]] = [
            (self.t_title, "title", 20, False), (self.t_moves, "moves", 17, False), (self.t_code, "code", 10, True),
            (self.t_meter, "meter", 13, False), (self.t_speed, "speed", 11, False),
            (self.t_assist, "assist", 11, False), (self.t_best, "best", 11, True),
            (self.t_status, "status", 12, True), (self.t_stats_head, "stats_head", 13, False),
            (self.t_stats, "stats", 11, True),
        ]
        for text, name, size, multiline in lines:
            if name in ADVANCED_TEXTS and not self.advanced:
                text.text = ""
                continue
            text.position = (px, top)
            if multiline:  # (a one-line text gets its size from fit_text: setting it here too laid it out twice)
                set_text(text, size=size * k, width=int(inner))
            value = self.values[name]
            if name == "code":
                value = hard_wrap(text, value, inner)
            if not multiline:
                # shrink before cutting: to 70 %, or (large text) as far as the 100 % size, never below it
                fit_text(text, value, size * k, inner, max(7.0, min(size * k * 0.7, size * k / text_scale())), step=1)
                h = text.content_height if value else 0.0
            else:
                budget = max(0.0, top - floor - self._reserve(lines, text, k))
                fit_block(text, value, budget)
                h = text.content_height if text.text else 0.0
            if top - h < floor:  # no room left (tiny windows): drop it rather than overlap the buttons
                text.text = ""
                h = 0.0
            top -= h + (6 * k if value else 0)
        self.bottom_of_texts = top

    def _reserve(self, lines: list[tuple[arcade.Text, str, float, bool]], current: arcade.Text, k: float) -> float:
        """Height to keep free below ``current`` for the texts after it (one line each, blocks 2 lines)."""
        after = False
        need = 0.0
        for text, name, size, multiline in lines:
            if text is current:
                after = True
                continue
            if after and self.values[name] and (self.advanced or name not in ADVANCED_TEXTS):
                need += (2.6 if multiline else 1.4) * size * k + 6 * k
        return need

    def shown_buttons(self) -> list[PanelButton]:
        """The buttons on screen (the Advanced panel's only while it is open)."""
        return [b for n, b in self.buttons.items() if n not in self.folded]

    def fold(self, advanced: bool) -> None:
        """Open (``advanced``) or fold the Advanced panel, and lay out again."""
        self.advanced = advanced
        self.buttons["advanced"].active = advanced
        if self._size != (0, 0):
            self.layout(*self._size)

    def refresh(self, width: int, height: int) -> None:
        """Lay out again if the window size changed."""
        if self._size != (width, height):
            self.layout(width, height)

    # -- drawing ----------------------------------------------------------------------
    def draw(self, height: int, width: int) -> None:
        """Panel background, buttons and texts."""
        arcade.draw_lrbt_rectangle_filled(self.left, width, 0, height, self.theme.panel)
        self.ui.draw()
        arcade.get_window().default_camera.use()
        self.batch.draw()

    def texts(self) -> list[arcade.Text]:
        """The panel's own texts that show something (button labels are the buttons'; layout tests)."""
        own = [self.t_title, self.t_code, self.t_moves, self.t_meter, self.t_speed, self.t_assist, self.t_best,
               self.t_status, self.t_stats_head, self.t_stats, self.t_settings_head]
        return [t for t in own if t.text]


def hard_wrap(text: arcade.Text, value: str, width: float) -> str:
    """``value`` with each line wider than ``width`` px (in ``text``'s font) cut in pieces (codes have no spaces)."""
    out = []
    for line in value.split("\n"):
        w = measure(text, line)[0]  # (measured, not laid out: the shown text is set once, by the caller)
        if w <= width or not line:
            out.append(line)
            continue
        per = max(4, int(len(line) * width / w) - 1)
        out.extend(line[i : i + per] for i in range(0, len(line), per))
    return "\n".join(out)


def stats_text(r: SolveResult, stopped: str = "") -> str:
    """The statistics block of a solver run."""
    lines = [
        f"{solver_method(r.solver)}" + (f" — stopped ({stopped})" if stopped else ""),
        f"Time: {r.seconds * 1000:.0f} ms" if r.seconds < 10 else f"Time: {r.seconds:.1f} s",
        f"Nodes expanded: {r.nodes:,}",
    ]
    if r.solver == "fast":
        lines.append(f"Random boosts: {r.boosts}   Layers locked: {r.layers}")
    elif r.iterations:
        lines.append(f"Iterations: {r.iterations}")
    if not stopped:
        lines.append(f"Solution length: {count(r.length, 'move')}")
        lines.append("Proven optimal: yes" if r.optimal else "Proven optimal: no")
    return "\n".join(lines)
