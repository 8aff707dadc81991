"""The sliding puzzle win's "where you lost moves": a timeline of the distance to solved after each move, the moves
that took the player further marked on it, "You lost 14 moves in 6 places", and a step through those places that
shows the board before each one with the tile slid and the better slide marked.

The analysis is :func:`engine.puzzle.analysis.analyse` (exact on 3x3 and 4x4, bands between a proven lower bound
and the shortest known solution on larger boards), run in the analysis workers, child processes beside the window
(:func:`game.puzzle.tasks.analysis_worker`: the forward one warmed with its tables when the puzzle screen opened;
on 4x4 a second one measures backward from the solved end, :data:`SPLIT_MOVES`) that send a snapshot of their state
after every position (:meth:`engine.puzzle.analysis.SolveAnalysis.state`); the screen merges the newest once a
frame (:func:`engine.puzzle.analysis_stream.merge_states`), so the first places show while the rest is measured,
and the searches do not share the window's process (in a thread they held its interpreter lock: every frame while
they ran was late).  This module maps the snapshot to pixels; the words are :mod:`engine.puzzle.analysis_text`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import arcade

from engine.puzzle.analysis import AnalysisState, Loss, SolveAnalysis, positions, slid, slide_words
from engine.puzzle.analysis_stream import analyse_streamed, merge_states
from engine.puzzle.analysis_text import band_words, plural, summary
from engine.puzzle.board import Board, move_delta
from game.puzzle.tasks import analysis_split, analysis_worker
from game.render.theme import Theme
from game.stream_worker import StreamTask
from game.ui import fit_text

Rect = tuple[float, float, float, float]  # left, bottom, right, top (pixels)

SPLIT_MOVES = 30
"""Solves of at least this many moves on 4x4-sized boards (10..16 cells, ending solved) are measured by two
processes: forward from the start and backward from the end, meeting in the middle (about half the wall time on two
idle cores: docs/BENCHMARKS.md, "Where a solve lost moves")."""

STEP_KEYS = "← →"
"""The keys that step through the places (the menu's left and right)."""


class TextMaker(Protocol):
    """What makes the texts (:meth:`game.bases.screen.BaseView.text`)."""

    def text(self, value: str, size: float = 16, color: Any = None, bold: bool = False, **kw: Any) -> arcade.Text:
        """A themed text."""
        ...


class LostMoves:
    """One solve's analysis on the win screen: the background run, the timeline, the places and the step through.

    Args:
        maker: makes the texts (the win screen).
        theme: the colours.
        start: the dealt position; ``moves`` the player's path to solved (the blank's ``UDLR``).
        known: distances already proven (the distance meter's; position -> moves).
    """

    def __init__(self, maker: TextMaker, theme: Theme, start: Board, moves: str,
                 known: Mapping[tuple[int, ...], int] | None = None) -> None:
        self.theme = theme
        self.start = start
        self.moves = moves
        self.known = dict(known or {})
        self.boards = positions(start, moves)
        self.task: StreamTask | None = None  # the forward run (the first losses come from it)
        self.back: StreamTask | None = None  # the backward run beside it (:meth:`_split`), or None
        self._states: dict[str, AnalysisState] = {}  # each run's newest state
        from engine.puzzle.optimal import can_solve_optimally

        #: the solve a snapshot's state belongs to (exact sizes: those of the optimal solver)
        self._base = SolveAnalysis(start, moves, can_solve_optimally(start.width, start.height))
        self.shown: SolveAnalysis | None = None  # the snapshot drawn
        self.error = ""
        self.selected: int | None = None  # index into the places (losses), or None: the finished board shows
        self.chart: Rect = (0.0, 0.0, 1.0, 1.0)
        self.board_rect: Rect = (0.0, 0.0, 1.0, 1.0)
        self.scale = 1.0
        self.headline = maker.text("", 16, theme.text, bold=True, anchor_x="left", anchor_y="top")
        self.what = maker.text("", 13, theme.error, anchor_x="left", anchor_y="top")
        self.better = maker.text("", 13, theme.accent, anchor_x="left", anchor_y="top")
        self.axis = maker.text("", 11, theme.text_dim, anchor_x="right", anchor_y="top")
        self.tile_texts: list[arcade.Text] = [
            maker.text("", 14, theme.button_text, bold=True, anchor_x="center", anchor_y="center")
            for _ in range(start.size)]
        self._strip: Rect = (0.0, 0.0, 1.0, 1.0)
        self._built_text = ""  # the tables' build progress shown ("" when none is being built)

    # -- the background run ------------------------------------------------------------------
    def begin(self) -> None:
        """Start the analysis (again if a run was cancelled before it finished: the win shown again)."""
        if self.task is not None and not (self.task.cancelled and not self.finished):
            return
        if self.shown is not None and self.shown.exact:  # what a cancelled run proved is not measured again
            self.known.update((b.tiles, d) for b, d in zip(self.boards, self.shown.distances, strict=True)
                              if d is not None)
        self._states = {}
        self.task = analysis_worker(0).run(analyse_streamed, self.start, self.moves, dict(self.known),
                                           name="lost moves")
        self.back = None
        if self._split():
            self.back = analysis_worker(1).run(analyse_streamed, self.start, self.moves, dict(self.known),
                                               backward=True, name="lost moves, backward")

    def _split(self) -> bool:
        """True when a second process measures from the end back (:data:`SPLIT_MOVES`)."""
        from engine.puzzle.tables.pdb import MAX_EXACT_CELLS

        return (self._base.exact and self.start.size > MAX_EXACT_CELLS and len(self.moves) >= SPLIT_MOVES
                and self.boards[-1].is_solved() and analysis_split())

    def _tasks(self) -> list[tuple[str, StreamTask]]:
        return [(k, t) for k, t in (("forward", self.task), ("backward", self.back)) if t is not None]

    def cancel(self) -> None:
        """Stop the runs (the win hidden: left, or under Share until it shows again); returns at once (the
        children stop at their searches' next batch)."""
        for _, task in self._tasks():
            task.cancel()

    @property
    def finished(self) -> bool:
        """The whole solve is measured."""
        return self.shown is not None and self.shown.finished

    @property
    def running(self) -> bool:
        """The run is out."""
        return any(not t.done for _, t in self._tasks())

    def poll(self) -> bool:
        """Take the newest snapshots (both runs' merged); True when what is drawn changed.  Once they prove
        everything between them, the runs still out are stopped."""
        changed = False
        task = self.task
        for key, run in self._tasks():
            latest: AnalysisState | None = run.take()
            if latest is None and run.done and run.error is None and not self.finished:
                latest = run.result()  # the final state (emitted last too: this covers a snapshot not taken)
            if latest is not None:
                self._states[key] = latest
                changed = True
        if changed and not self.finished:
            states = list(self._states.values())
            self.shown = self._base.with_state(states[0] if len(states) == 1 else merge_states(self._base, states))
            if self.shown.finished:
                self.cancel()
        building = self._building()
        if building != self._built_text:
            self._built_text = building
            changed = True
        if task is not None and task.done and not self.error and (self.shown is None or not self.shown.finished):
            exc = task.error
            if exc is not None and not task.cancelled:
                self.error = f"Your moves could not be measured ({type(exc).__name__})."
                changed = True
        if changed:
            self._refresh_texts()
        return changed

    def _building(self) -> str:
        """``"building the 4x4 tables, once: 40 %"`` while the run builds the solver's tables, else ``""``."""
        task = self.task
        if task is None or task.done or (self.shown is not None and self.shown.done):
            return ""
        frac, msg = task.progress()
        if not msg:
            return ""
        return f"building the {self.start.width}x{self.start.height} tables, once: {frac * 100:.0f} %"

    # -- places ------------------------------------------------------------------------------
    def losses(self) -> list[Loss]:
        """The places found so far."""
        return self.shown.losses() if self.shown is not None else []

    def step(self, k: int) -> bool:
        """Select the next (``k`` = 1) or previous (-1) place; from the finished board, the first or last.
        Stepping past either end shows the finished board again.  True when the selection changed."""
        n = len(self.losses())
        if not n:
            return False
        if self.selected is None:
            self.selected = 0 if k > 0 else n - 1
        else:
            nxt = self.selected + k
            self.selected = nxt if 0 <= nxt < n else None
        self._refresh_texts()
        return True

    def click(self, x: float, y: float) -> bool:
        """A click on the timeline selects the place nearest to it; True when it was on the timeline."""
        l, b, r, t = self.chart
        if not (l - 8 <= x <= r + 8 and b - 8 <= y <= t + 8):
            return False
        losses = self.losses()
        if losses:
            near = min(range(len(losses)), key=lambda i: abs(self._x(losses[i].move) - x))
            self.selected = near
            self._refresh_texts()
        return True

    # -- words ---------------------------------------------------------------------------------
    def _refresh_texts(self) -> None:
        a = self.shown
        w = self._strip[2] - self._strip[0]
        s = self.scale
        if self.error:
            head = self.error
        elif a is None or (self._built_text and not a.done):
            head = f"Measuring your moves… {self._built_text}".rstrip()
        elif not a.finished and not a.losses():
            head = f"Measuring your moves… {a.done} of {a.count + 1} positions"
        else:
            head = summary(a)
        what = better = ""
        losses = self.losses()
        if self.selected is not None and self.selected < len(losses) and a is not None:
            loss = losses[self.selected]
            before = self.boards[loss.move - 1]
            what = (f"Place {self.selected + 1} of {len(losses)}: move {loss.move}, you slid "
                    f"{slid(before, self.moves[loss.move - 1])} ({plural(loss.lost, 'move')} lost)")
            if loss.better:
                better = f"Better: {slide_words(before, loss.better)}.  {STEP_KEYS} or a click: another place"
            else:
                better = f"The board was solved already.  {STEP_KEYS}: another place"
        elif losses:
            what = f"{STEP_KEYS} or a click on the line: step through the places you lost moves"
        elif a is not None and not a.exact:
            lo, hi = a.bounds(0)
            what = f"The fewest moves from the start: {band_words(lo, hi)} (not proven at this size)"
        fit_text(self.headline, head, 16 * s, w)
        fit_text(self.what, what, 13 * s, w)
        fit_text(self.better, better, 13 * s, w)
        self.what.color = self.theme.error if self.selected is not None else self.theme.text_dim
        top = self._max_distance()
        fit_text(self.axis, str(top) if top else "", 11 * s, 60 * s)

    # -- layout ----------------------------------------------------------------------------------
    def strip_height(self, height: float, scale: float) -> float:
        """Pixels the timeline takes under the board in a picture area ``height`` pixels tall."""
        return min(max(0.3 * height, 150 * scale), 240 * scale, 0.5 * height)

    def layout(self, strip: Rect, board: Rect, scale: float) -> None:
        """Place the words and the timeline in ``strip`` and the stepped board in ``board``."""
        self.scale = scale
        self._strip = strip
        self.board_rect = board
        l, b, r, t = strip
        self._refresh_texts()
        self.headline.position = (l, t)
        y = t - 16 * scale * 1.6
        self.better.position = (l, b + 13 * scale * 1.5)
        self.what.position = (l, b + 2 * 13 * scale * 1.5 + 2 * scale)
        chart_bottom = b + 3 * 13 * scale * 1.5 + 4 * scale
        self.chart = (l + 34 * scale, chart_bottom, r - 6 * scale, y - 4 * scale)
        self.axis.position = (self.chart[0] - 6 * scale, self.chart[3])

    def texts(self) -> list[arcade.Text]:
        """The texts drawn (layout tests)."""
        return [t for t in (self.headline, self.what, self.better, self.axis) if t.text]

    # -- drawing ----------------------------------------------------------------------------------
    def _max_distance(self) -> int:
        a = self.shown
        if a is None:
            return 0
        highs = [h for h in a.high if h is not None]
        return max([*a.low, *highs, 1])

    def _x(self, i: int) -> float:
        l, _, r, _ = self.chart
        return l + (r - l) * i / max(1, len(self.moves))

    def _y(self, d: int) -> float:
        _, b, _, t = self.chart
        return b + (t - b) * d / max(1, self._max_distance())

    def draw(self) -> None:
        """The words and the timeline."""
        for text in self.texts():
            text.draw()
        a = self.shown
        l, b, r, t = self.chart
        th, s = self.theme, self.scale
        if r - l < 4 or t - b < 4:
            return
        arcade.draw_lrbt_rectangle_filled(l, r, b, t, (*th.panel[:3], 160))
        arcade.draw_line(l, b, r, b, th.text_dim, max(1.0, s))
        if a is None:
            return
        n = a.count
        d0 = a.optimal
        if d0 is not None and d0 <= n:  # the shortest way: one move closer each move
            arcade.draw_line(self._x(0), self._y(d0), self._x(d0), self._y(0), (*th.goal[:3], 170), max(1.0, 1.5 * s))
        if not a.exact:  # bands: the least and the most it can be
            for i in range(n + 1):
                hi = a.high[i]
                if hi is not None and hi > a.low[i]:
                    x = self._x(i)
                    arcade.draw_line(x, self._y(a.low[i]), x, self._y(hi), (*th.text_dim[:3], 120), max(1.0, s))
        points = [(self._x(i), self._y(d)) for i, d in enumerate(a.distances) if d is not None] if a.exact else [
            (self._x(i), self._y(a.low[i])) for i in range(n + 1)]
        if len(points) > 1:
            arcade.draw_line_strip(points, th.text, max(1.0, 2 * s))
        if not a.finished and a.exact and a.done <= n:  # how far the measuring is
            x = self._x(max(0, a.done - 1))
            arcade.draw_line(x, b, x, t, (*th.text_dim[:3], 140), max(1.0, s))
        for k, loss in enumerate(a.losses()):
            d = a.distance(loss.move)
            y = self._y(d if d is not None else a.low[loss.move])
            x = self._x(loss.move)
            if k == self.selected:
                arcade.draw_line(x, b, x, t, th.focus, max(1.0, 2 * s))
                arcade.draw_circle_filled(x, y, 6 * s, th.error, num_segments=16)
            else:
                arcade.draw_circle_filled(x, y, 3.5 * s, th.error, num_segments=12)

    def draw_board(self) -> bool:
        """The board before the selected place, the tile slid and the better slide marked; False when no place
        is selected (the finished board shows instead)."""
        losses = self.losses()
        if self.selected is None or self.selected >= len(losses):
            return False
        loss = losses[self.selected]
        board = self.boards[loss.move - 1]
        slid = board.blank + move_delta(self.moves[loss.move - 1], board.width)
        good = board.blank + move_delta(loss.better, board.width) if loss.better else -1
        l, b, r, t = self.board_rect
        cell = min((r - l) / board.width, (t - b) / board.height)
        x0 = l + ((r - l) - cell * board.width) / 2
        y0 = t - ((t - b) - cell * board.height) / 2
        th = self.theme
        gap = max(1.0, cell * 0.05)
        for i, tile in enumerate(board.tiles):
            row, col = divmod(i, board.width)
            cl, ct = x0 + col * cell, y0 - row * cell
            text = self.tile_texts[i]
            if not tile:
                text.text = ""
                continue
            colour = th.error if i == slid else th.accent if i == good else th.button
            arcade.draw_lrbt_rectangle_filled(cl + gap, cl + cell - gap, ct - cell + gap, ct - gap, colour)
            text.color = th.background if i in (slid, good) else th.button_text
            fit_text(text, str(tile), cell * 0.4, cell * 0.8)
            text.position = (cl + cell / 2, ct - cell / 2)
            text.draw()
        return True
