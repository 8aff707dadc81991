"""The sliding-puzzle play model behind the puzzle screen (pure: no window, no game/ imports).

:class:`PuzzleSession` is the single owner of one game: the dealt position,
the current board, the undo/redo stacks, the move counter, the timer, the hint
flow (over the one planner, :func:`engine.puzzle.hint.plan_hint`), the
auto-solve (which solver runs to ask for, and what to do with each answer: the
fast plan plays at once, the optimal one takes over when it arrives), the
playback (plan, position in it, speed), what counts as a win and under which
keys bests are kept (the auto-solve and playback methods come from
:class:`engine.puzzle.autosolve.AutoSolve`; its names are importable from here
too).  It runs no threads: long solver runs are described as
:class:`SolveJob` values that the caller runs (in the game, in a child
process) and hands back with :meth:`PuzzleSession.solve_finished`.  The view
forwards input to it and draws what it says; :attr:`PuzzleSession.phase` says
where the game is.

Conventions (also shown on screen and in the README):

* Moves are counted **one per tile moved**: clicking a tile three cells away
  from the blank slides three tiles and counts 3 moves.  The counter is the
  length of the current path from the dealt position, so an undo takes its
  moves back.
* One player action is one undo step: a click that slid three tiles is undone
  at once.  Every step of an auto-solve is its own undo step, so the player can
  walk back through a solution.
* Arrow keys move **a tile into the blank** by default (Up slides the tile
  below the blank up, like Tatham's Fifteen); the ``"blank"`` mode moves the
  blank instead.
* A game in which a hint was shown or the solver played is *assisted*: it is
  celebrated but does not count for best times and fewest moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from engine.puzzle.autosolve import (
    ANIMATE_MAX_SPEED,
    AUTO_MIN_SPEED,
    AUTO_SECONDS,
    MAX_STEPS_PER_UPDATE,
    OPTIMAL_BACKGROUND_S,
    SPEEDS,
    AutoSolve,
    Playback,
    SolveJob,
    SolveKind,
    SolveOutcome,
    SolveState,
    auto_speed,
)
from engine.puzzle.board import INVERSE, Board, move_delta
from engine.puzzle.hint import DEFAULT_BUDGET, HintJob, HintPlan, plan_hint
from engine.undo import UndoStack

__all__ = [
    "ANIMATE_MAX_SPEED",
    "ARROW_MODES",
    "AUTO_MIN_SPEED",
    "AUTO_SECONDS",
    "DIRECTIONS",
    "MAX_INPUT_LAG",
    "MAX_STEPS_PER_UPDATE",
    "OPTIMAL_BACKGROUND_S",
    "SPEEDS",
    "Hint",
    "HintJob",
    "PuzzlePhase",
    "Playback",
    "PuzzleSession",
    "SolveJob",
    "SolveKind",
    "SolveOutcome",
    "SolveState",
    "auto_speed",
    "size_key",
]

ARROW_MODES = ("tile", "blank")
DIRECTIONS = {"up": "U", "down": "D", "left": "L", "right": "R"}


def size_key(width: int, height: int) -> str:
    """The store key of the per-size bests (``puzzle-size:WxH``)."""
    return f"puzzle-size:{width}x{height}"


class PuzzlePhase(Enum):
    """Where a game is (see :attr:`PuzzleSession.phase`)."""

    READY = "ready"  # dealt, no move yet
    PLAYING = "playing"  # the player is moving tiles
    PLAYBACK = "playback"  # a solution is playing
    PAUSED = "paused"  # a solution playback is paused
    WON = "won"  # the goal was reached (and the board is still solved)


#: The most seconds a move's input is placed after the frame before it (the frame clock's own cap on one frame).
MAX_INPUT_LAG = 0.25


@dataclass
class Hint:
    """A suggested next move for one position.

    Attributes:
        move: the blank's move (``U``/``D``/``L``/``R``).
        source: which solver produced it (free text, shown to the player).
        tiles: the position it belongs to (the hint is dropped when the board changes).
        tile_cell: the cell of the tile that should slide into the blank.
    """

    move: str
    source: str
    tiles: tuple[int, ...]
    tile_cell: int


@dataclass
class PuzzleSession(AutoSolve):
    """One sliding-puzzle game: the single owner of its moves, hints, auto-solve, playback and win.

    Args:
        start: the dealt position (validated, solvable).
        code: the position code of ``start`` (``P2...:rank-check``), or None.
        seed_code: the code that regenerates the shuffle (``P2...#seed-check``), or None.
        arrows: ``"tile"`` (arrows move a tile into the blank) or ``"blank"``.

    Attributes:
        board: the current position.
        actions: the undo stack (:class:`engine.undo.UndoStack`), one ``UDLR`` string per player action;
            :attr:`history` and :attr:`future` are its done and undone actions.
        elapsed: seconds of play; starts with the first move, stops when solved.
        assisted: a hint or the solver was used in this game.
        won: the goal was reached (set once; the timer stops).
        won_assisted: help had been used when the goal was reached.
        playback: the auto-solve being played, or None.
        solve: the auto-solve whose solver answers are awaited, or None.
        speed: the playback speed the player chose (moves/s), or None for :func:`auto_speed`.
        hint: the hint shown for the current board, or None.
        on_solved: called once with the session when the goal is reached.
        plan: position -> (next move, source) of solutions seen (see :meth:`learn_plan`).
        log: every blank move made since the deal (or the last restart), undos and redos included, as
            ``(ms of the clock, move)``: what a replay code keeps (:func:`engine.puzzle.replay.Replay.of_solve`).
        frame_at: the caller's clock (seconds, any monotonic clock: the game's ``time.perf_counter``) at the last
            :meth:`update` given ``now``, else None.

    Input times: the frame clock (:meth:`update`'s ``dt``) counts :attr:`elapsed`; a move given ``at`` (the
    caller's clock when its key or click arrived, the same clock as ``now``) is stamped at input resolution instead
    of the frame's: :attr:`elapsed` at the last frame plus the time since that frame (0 .. :data:`MAX_INPUT_LAG`
    s), so a replay keeps the gaps the player made, and the winning move's stamp is the game's time.  The clock's
    start (the first move, or :meth:`start_clock` given ``at``) is placed the same way, and the part of the next
    frame's ``dt`` before it is not counted.  Without ``at`` or ``now`` a move is stamped at :attr:`elapsed`.
    """

    start: Board
    code: str | None = None
    seed_code: str | None = None
    arrows: str = "tile"
    board: Board = field(init=False)
    actions: UndoStack[str] = field(default_factory=UndoStack, repr=False)
    elapsed: float = 0.0
    started: bool = False
    assisted: bool = False
    won: bool = False
    won_assisted: bool = False
    playback: Playback | None = None
    solve: SolveState | None = None
    speed: float | None = None
    hint: Hint | None = None
    on_solved: Callable[[PuzzleSession], None] | None = field(default=None, repr=False)
    plan: dict[tuple[int, ...], tuple[str, str]] = field(default_factory=dict, repr=False)
    log: list[tuple[int, str]] = field(default_factory=list, repr=False)
    frame_at: float | None = field(default=None, repr=False)
    _lead: float = field(default=0.0, init=False, repr=False)  # s of the next dt before the clock started

    def __post_init__(self) -> None:
        if self.arrows not in ARROW_MODES:
            raise ValueError(f"The arrow mode must be one of {', '.join(ARROW_MODES)}; got {self.arrows!r}.")
        self.board = self.start

    # -- queries ----------------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The actions done, oldest first (the undo stack's own list)."""
        return self.actions.done

    @property
    def future(self) -> list[str]:
        """The actions undone, to redo (top last; the undo stack's own list)."""
        return self.actions.undone

    @property
    def moves(self) -> int:
        """Tiles moved on the current path from the dealt position (>= 0)."""
        return sum(len(a) for a in self.history)

    @property
    def path(self) -> str:
        """Every blank move from the dealt position to the current board."""
        return "".join(self.history)

    @property
    def solved(self) -> bool:
        """True when the current board is the goal."""
        return self.board.is_solved()

    @property
    def phase(self) -> PuzzlePhase:
        """Where the game is now."""
        if self.won and self.solved:
            return PuzzlePhase.WON
        if self.playback is not None:
            return PuzzlePhase.PAUSED if self.playback.paused else PuzzlePhase.PLAYBACK
        return PuzzlePhase.PLAYING if self.started else PuzzlePhase.READY

    @property
    def size_label(self) -> str:
        """``"WxH"``."""
        return f"{self.board.width}x{self.board.height}"

    def can_undo(self) -> bool:
        """True when there is an action to undo."""
        return self.actions.can_undo

    def can_redo(self) -> bool:
        """True when there is an undone action to redo."""
        return self.actions.can_redo

    def current_hint(self) -> Hint | None:
        """The hint for the current board, or None (stale hints are dropped)."""
        if self.hint is not None and self.hint.tiles != self.board.tiles:
            self.hint = None
        return self.hint

    # -- wins and bests ----------------------------------------------------------
    @property
    def counts_for_bests(self) -> bool:
        """True when the game was won without help (hints and solves make a game *assisted*)."""
        return self.won and not self.won_assisted

    def best_keys(self) -> tuple[str, ...]:
        """The store keys a win is recorded under: the puzzle code (if any), then :func:`size_key`."""
        keys = (self.code,) if self.code else ()
        return (*keys, size_key(self.board.width, self.board.height))

    # -- input -> moves ----------------------------------------------------------
    def arrow_move(self, direction: str) -> str:
        """The blank's move for an arrow key (``"up"``/``"down"``/``"left"``/``"right"``).

        In ``"tile"`` mode the tile moves in the arrow's direction, so the blank
        moves the opposite way.  Returns ``""`` for an unknown direction.
        """
        m = DIRECTIONS.get(direction, "")
        if not m:
            return ""
        return INVERSE[m] if self.arrows == "tile" else m

    def press(self, direction: str, at: float | None = None) -> str:
        """Apply an arrow key (pressed at ``at`` on the caller's clock, see the class docstring); returns the move
        played or ``""`` if none was legal."""
        m = self.arrow_move(direction)
        if not m or m not in self.board.legal_moves():
            return ""
        return self.act(m, at=at)

    def click(self, cell: int, at: float | None = None) -> str:
        """Slide every tile between ``cell`` and the blank (same row or column).

        Returns the moves played (one letter per tile moved), ``""`` when the
        cell is the blank or not in the blank's row or column.  ``at``: when the click arrived (the caller's
        clock, see the class docstring).

        Raises:
            IndexError: ``cell`` outside ``0..W*H-1``.
        """
        if not 0 <= cell < self.board.size:
            raise IndexError(f"Cell {cell} is outside the {self.size_label} board.")
        return self.act(self.board.slide_tile(cell), at=at)

    def act(self, moves: str, *, assisted: bool = False, at: float | None = None) -> str:
        """Play ``moves`` as one undoable action (player moves clear the redo stack).

        A player action (``assisted=False``) stops a running solution playback.  ``at``: when its input arrived
        (the caller's clock, see the class docstring; None: now on the frame clock).
        Returns ``moves``; ``""`` plays nothing.

        Raises:
            ValueError: an illegal move (nothing is changed).
        """
        if not moves:
            return ""
        new = self.board.apply(moves)
        if not assisted:
            self.playback = None
        else:
            self.assisted = True
        if not self.started:
            self._begin(at)
        self.board = new
        self.actions.push(moves)
        self._log(moves, at)
        self.started = True
        self._after_change()
        return moves

    def undo(self, at: float | None = None) -> str:
        """Take back the last action (at ``at``, the caller's clock); returns the moves that were played to undo it
        (``""`` if none)."""
        action = self.actions.undo()
        if action is None:
            return ""
        self.playback = None
        back = "".join(INVERSE[m] for m in reversed(action))
        self.board = self.board.apply(back)
        self._log(back, at)
        self._after_change()
        return back

    def redo(self, at: float | None = None) -> str:
        """Play the last undone action again (at ``at``, the caller's clock); returns its moves (``""`` if none)."""
        action = self.actions.redo()
        if action is None:
            return ""
        self.playback = None
        self.board = self.board.apply(action)
        self._log(action, at)
        self._after_change()
        return action

    def restart(self) -> None:
        """Back to the dealt position as a fresh attempt: no history, timer 0, not assisted."""
        self.board = self.start
        self.actions.clear()
        self.elapsed = 0.0
        self.started = False
        self.assisted = False
        self.won = False
        self.won_assisted = False
        self.playback = None
        self.solve = None
        self.hint = None
        self.log.clear()
        self._lead = 0.0

    def start_clock(self, at: float | None = None, frame_at: float | None = None) -> None:
        """Start the timer before the first move (a relay's next board, a blindfold solve's hidden numbers): at
        ``at`` on the caller's clock (None: from the next frame), ``frame_at`` the caller's clock at the last frame
        (default :attr:`frame_at`; a board dealt between frames has none of its own yet)."""
        if frame_at is not None:
            self.frame_at = frame_at
        if not self.started:
            self._begin(at)
        self.started = True

    def _since_frame(self, at: float | None) -> float | None:
        """Seconds from the last frame to ``at`` (0 .. :data:`MAX_INPUT_LAG`), None when either is not known."""
        if at is None or self.frame_at is None:
            return None
        return min(max(0.0, at - self.frame_at), MAX_INPUT_LAG)

    def _begin(self, at: float | None) -> None:
        """The clock starts at ``at``: the part of the next frame's ``dt`` before it is not counted."""
        since = self._since_frame(at)
        self._lead = 0.0 if since is None else since

    # -- hints ----------------------------------------------------------------------
    def set_hint(self, move: str, source: str, tiles: tuple[int, ...] | None = None) -> Hint | None:
        """Show a hint for the position ``tiles`` (default: the current one); marks the game assisted.

        Returns the hint, or None when ``tiles`` is no longer the current board
        (a late answer) or the move is not legal here.
        """
        tiles = self.board.tiles if tiles is None else tiles
        if tiles != self.board.tiles or move not in self.board.legal_moves():
            return None
        self.assisted = True
        cell = self.board.blank + move_delta(move, self.board.width)
        self.hint = Hint(move, source, tiles, cell)
        return self.hint

    def learn_plan(self, origin: Board, moves: str, source: str) -> None:
        """Remember a solution from ``origin``: every position along it maps to its next move.

        Hints then follow one consistent plan (re-solving each position from
        scratch with a non-optimal solver can walk in circles).  The newest plan
        wins, and within a plan a position's *last* visit wins (random-boost
        solutions can revisit positions), so following the map always moves
        strictly forward along one plan and reaches the goal.
        """
        b = origin
        for m in moves:
            self.plan[b.tiles] = (m, source)
            b = b.move(m)

    def plan_move(self) -> tuple[str, str] | None:
        """``(move, source)`` of a remembered plan for the current board, or None."""
        return self.plan.get(self.board.tiles)

    def known_hint(self) -> Hint | None:
        """The H key, first half: the hint for the current board when no planner run is needed.

        Returns the hint already shown, or the next move of a remembered plan
        (shown now, marking the game assisted); None when the board is solved
        or the planner must run (:func:`engine.puzzle.hint.plan_hint` on
        :attr:`board`, then :meth:`take_hint_plan`).
        """
        if self.solved:
            return None
        if self.current_hint() is not None:
            return self.hint
        planned = self.plan_move()
        if planned is not None:
            return self.set_hint(*planned)
        return None

    def begin_hint(self) -> HintJob | None:
        """The H key: the session decides whether the hint is known or must be planned (as :meth:`begin_solve`
        decides an auto-solve's runs).  A known one (:meth:`known_hint`) is shown now (:meth:`current_hint`) and
        None is returned, as for a solved board; otherwise the planner run to make (:class:`HintJob`: the caller
        runs :func:`engine.puzzle.hint.plan_hint` on its origin, then :meth:`take_hint_plan`)."""
        if self.solved or self.known_hint() is not None:
            return None
        return HintJob(self.board)

    def take_hint_plan(self, origin: Board, plan: HintPlan) -> Hint | None:
        """The H key, second half: a planner's answer for ``origin`` (maybe late).

        A complete plan is remembered (later hints follow it without another
        run); the hint is shown when ``origin`` is still the current board.
        """
        if plan.complete and plan.moves:
            self.learn_plan(origin, plan.moves, plan.source.phrase)
        if not plan.moves:
            return None
        return self.set_hint(plan.move, plan.source.phrase, origin.tiles)

    def hint_now(
        self, budget_s: float = DEFAULT_BUDGET, *, heuristic: str = "manhattan", edges: bool = True, boost: bool = True
    ) -> Hint | None:
        """The whole H key at once (blocking): :meth:`begin_hint`, its planner run (if any) within ``budget_s``.

        ``heuristic``/``edges``/``boost`` are the planner's fast-solver settings.

        Raises:
            ValueError: bad budget or solver settings.
        """
        job = self.begin_hint()
        if job is None:
            return self.current_hint()
        plan = plan_hint(job.origin, budget_s, heuristic=heuristic, edges=edges, boost=boost)
        return self.take_hint_plan(job.origin, plan)

    # -- time ---------------------------------------------------------------------------
    def update(self, dt: float, *, busy: bool = False, now: float | None = None) -> str:
        """Advance the timer by ``dt`` seconds and the playback clock; ``now`` is the caller's clock at this frame
        (what input times are measured from, see the class docstring; None: input is stamped at the frame).

        Plays every playback move that falls due in ``dt`` (at most
        :data:`MAX_STEPS_PER_UPDATE`).  ``busy`` (a slide animation is still
        running) holds a slow playback back; fast playbacks (tiles jump) ignore it.
        Returns the playback moves played during this update (``""`` if none).
        """
        if self.started and not self.won:
            self.elapsed += max(0.0, dt - self._lead)
            self._lead = 0.0
        self.frame_at = now
        pb = self.playback
        if pb is None or pb.paused:
            return ""
        if busy and pb.animated:
            pb.clock = min(pb.clock + dt, pb.interval)
            return ""
        pb.clock += dt
        played = ""
        while pb.clock >= pb.interval and len(played) < MAX_STEPS_PER_UPDATE and self.playback is pb:
            pb.clock -= pb.interval
            m = self.playback_step()
            if not m:
                break
            played += m
        if len(played) >= MAX_STEPS_PER_UPDATE:
            pb.clock = 0.0
        return played

    def _log(self, moves: str, at: float | None = None) -> None:
        """Keep ``moves`` in :attr:`log` at the clock's time of ``at`` (ms; see the class docstring), never before
        the last move's; a winning move's stamp becomes :attr:`elapsed` (the game's time is its last move's)."""
        if self.won:
            return
        since = self._since_frame(at)
        seconds = self.elapsed if since is None else max(0.0, self.elapsed + since - self._lead)
        ms = max(round(seconds * 1000), self.log[-1][0] if self.log else 0)
        self.log.extend((ms, m) for m in moves)
        if since is not None and self.board.is_solved():
            self.elapsed = max(self.elapsed, seconds)

    def _after_change(self) -> None:
        self.current_hint()
        if not self.won and self.board.is_solved() and self.history:
            self.won = True
            self.won_assisted = self.assisted
            if self.on_solved is not None:
                self.on_solved(self)
