"""Background runs of the puzzle screen: the hint planner and the auto-solve's solver jobs.

:class:`PuzzleJobs` starts what the session asks for in child processes
(:class:`game.workers.ProcessTask`), polls them once a frame and hands every
answer back to the session, returning :class:`JobEvent` values the view turns
into messages.  No rule lives here: which jobs to run and what an answer does
are :class:`engine.puzzle.session.PuzzleSession`'s decisions.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from engine.puzzle.board import Board
from engine.puzzle.hint import HintJob, HintPlan
from engine.puzzle.result import SolveResult
from engine.puzzle.session import Hint, PuzzleSession, SolveJob, SolveKind, SolveOutcome
from engine.puzzle.solving import (
    Stopped,
    hint_job,
    near_optimal_available,
    optimal_available,
    solve_job,
    solver_label,
)
from game.format import count
from game.puzzle.settings import PuzzleSettings
from game.stream_worker import Worker
from game.workers import PROGRESS_FPS, ProcessTask, Task, preload, spinner

preload("engine.puzzle.board", "engine.puzzle.astar", "engine.puzzle.optimal", "engine.puzzle.near.solver",
        "engine.puzzle.hint", "engine.puzzle.meter", "engine.puzzle.analysis", "engine.puzzle.analysis_stream",
        "engine.puzzle.session", "engine.puzzle.solving", "game.puzzle.settings")

_ANALYSIS: dict[int, Worker] = {}

ANALYSIS_NICE = 10
"""The analysis workers' niceness over the game's: on a 2-core machine the window (its own thread and Mesa's
software-drawing threads) wins a contested core, the analysis takes the rest (see docs/BENCHMARKS.md, "Where a solve
lost moves").  ``TESSERA_ANALYSIS_NICE`` (0..19) overrides it, for benchmarks."""


def analysis_nice() -> int:
    """:data:`ANALYSIS_NICE`, or ``TESSERA_ANALYSIS_NICE`` when that is a whole number 0..19."""
    text = os.environ.get("TESSERA_ANALYSIS_NICE", "")
    return int(text) if text.isdigit() and int(text) <= 19 else ANALYSIS_NICE


def analysis_split() -> bool:
    """True unless ``TESSERA_ANALYSIS_WORKERS`` is ``1`` (benchmarks: one forward worker only, no backward one)."""
    return os.environ.get("TESSERA_ANALYSIS_WORKERS", "") != "1"


def analysis_worker(index: int = 0) -> Worker:
    """The child processes that measure a won solve's moves (the win's "where you lost moves",
    :func:`engine.puzzle.analysis_stream.analyse_streamed`), shared by every screen and kept between wins: their tables
    stay loaded, and they run beside the window instead of in its process (whose frames they would slow).  Worker 0
    measures forward from the start (the first losses first; warmed before the win, :func:`warm_analysis`), worker
    1 backward from the solved end (started at the first win), the two meeting in the middle."""
    got = _ANALYSIS.get(index)
    if got is None:
        got = _ANALYSIS[index] = Worker("analysis" if index == 0 else f"analysis-{index + 1}", nice=analysis_nice())
    return got


_WARMED: set[tuple[int, int]] = set()


def warm_analysis(width: int, height: int) -> None:
    """Have :func:`analysis_worker` load the tables a ``width`` x ``height`` solve's analysis reads, once per size
    and child (:func:`engine.puzzle.analysis_stream.warm_exact`: only what is in the cache, nothing built), so the win's
    first losses show at once.  Sizes without exact distances start nothing."""
    from engine.puzzle.analysis_stream import warm_exact

    w = analysis_worker()
    if not optimal_available(width, height) or ((width, height) in _WARMED and w.alive):
        return
    if not w.alive:
        _WARMED.clear()
    _WARMED.add((width, height))
    w.warm(warm_exact, width, height)

SPINNER_AFTER = 0.25  # seconds before a running task shows its spinner


@dataclass(frozen=True)
class JobEvent:
    """Something a background run delivered.

    Attributes:
        kind: ``"hint"`` or ``"solve"``.
        hint: the hint now shown (hint runs), or None.
        job: the solver job (solve runs), or None.
        result: the solver's statistics (also when it stopped), or None.
        stopped: why a solver stopped without a solution (``"timeout"``, ...), else ``""``.
        outcome: what the session did with a solver answer, or None.
        error: a sentence when the run failed.
    """

    kind: str
    hint: Hint | None = None
    job: SolveJob | None = None
    result: SolveResult | None = None
    stopped: str = ""
    outcome: SolveOutcome | None = None
    error: str = ""


class PuzzleJobs:
    """The hint run and the solver runs of one puzzle screen.

    Args:
        settings: the screen's solver settings (read when a run starts).
    """

    def __init__(self, settings: PuzzleSettings) -> None:
        self.settings = settings
        self.hint_task: Task[Any] | None = None
        self.hint_origin: Board | None = None
        self.solves: dict[SolveKind, tuple[SolveJob, Task[Any]]] = {}
        self.solve_label = ""
        self.warmed: tuple[int, int] | None = None  # the size the analysis worker was warmed for

    # -- state ------------------------------------------------------------------------
    @property
    def solving(self) -> bool:
        """True while a solver run is out."""
        return bool(self.solves)

    @property
    def busy(self) -> bool:
        """True while any run is out (frames change: spinner, progress)."""
        return self.hint_task is not None or bool(self.solves)

    def solve_task(self) -> Task[Any] | None:
        """The solver run to show progress for (optimal and near-optimal first: they may be building tables)."""
        for kind in (SolveKind.OPTIMAL, SolveKind.NEAR, SolveKind.FAST):
            if kind in self.solves:
                return self.solves[kind][1]
        return None

    # -- control ----------------------------------------------------------------------
    def start_hint(self, job: HintJob) -> None:
        """Run the hint planner the session asked for (:meth:`PuzzleSession.begin_hint`; one at a time)."""
        if self.hint_task is not None:
            return
        self.hint_origin = job.origin
        self.hint_task = ProcessTask(hint_job, job.origin, self.settings, name="hint")

    def start_solves(self, jobs: list[SolveJob]) -> None:
        """Run the session's solver jobs (any earlier solve runs are cancelled)."""
        self.cancel_solves()
        for job in jobs:
            self.solves[job.kind] = (job, ProcessTask(solve_job, job, self.settings, name=f"solve-{job.kind}"))

    def solve(self, session: PuzzleSession, optimal: bool) -> str:
        """Start the auto-solve of ``session`` (optimal or fast, see :meth:`PuzzleSession.begin_solve`).

        The near-optimal solver runs instead when the settings choose it and the board is 5x5 or larger.
        Returns the message to show.
        """
        from engine.puzzle.tables.optimal_tables import tables_ready

        b = session.board
        near = self.settings.solver == "near-optimal" and near_optimal_available(b.width, b.height)
        if near:
            from engine.puzzle.near.tables import tables_ready as near_ready

            ready = near_ready()
        else:
            ready = not optimal or not optimal_available(b.width, b.height) or tables_ready(b.width, b.height)
        jobs = session.begin_solve(optimal, self.settings.timeout, fast_first=ready, near=near)  # no tables: wait
        self.start_solves(jobs)
        kinds = {j.kind for j in jobs}
        self.solve_label = solver_label(next((k.value for k in (SolveKind.OPTIMAL, SolveKind.NEAR) if k in kinds),
                                             "fast"))
        if kinds == {SolveKind.FAST, SolveKind.OPTIMAL}:
            return ("Solving: the fast solver's plan (not proven shortest) plays as soon as it is found; the "
                    "optimal solution takes over if its search ends before that plan does. X stops.")
        if not ready and jobs and near:
            return ("Near-optimal solve: the solver builds its tables first (only once; cached afterwards), then "
                    "its solution plays. X or Esc cancels (O then S plays a fast plan instead).")
        if not ready and jobs:
            return ("Optimal solve: the solver builds its tables first (only once; cached afterwards), then the "
                    "shortest solution plays. X or Esc cancels (O then S plays a fast plan instead).")
        timeout = jobs[0].timeout if jobs else self.settings.timeout
        shortest = "" if kinds & {SolveKind.OPTIMAL, SolveKind.NEAR} else (
            " (not always the shortest; O picks the optimal one)" if optimal_available(b.width, b.height)
            else " (not always the shortest)")
        return (f"Solving with the {self.solve_label} solver{shortest}, search time limit {timeout:g} s... "
                "Esc cancels.")

    def cancel_solves(self) -> None:
        """Cancel the solver runs."""
        for _job, task in self.solves.values():
            task.cancel()
        self.solves.clear()

    def cancel(self) -> None:
        """Cancel everything."""
        if self.hint_task is not None:
            self.hint_task.cancel()
        self.hint_task = None
        self.cancel_solves()

    # -- answers ----------------------------------------------------------------------
    def poll(self, session: PuzzleSession) -> list[JobEvent]:
        """Hand finished runs to ``session``; returns what happened (oldest first).  The first poll of a size
        with exact distances also warms the analysis worker (:func:`warm_analysis`) for the win."""
        size = (session.board.width, session.board.height)
        if size != self.warmed:
            self.warmed = size
            warm_analysis(*size)
        events: list[JobEvent] = []
        task = self.hint_task
        if task is not None and task.done:
            self.hint_task = None
            origin = self.hint_origin or session.board
            try:
                plan: HintPlan = task.result()
            except Exception as exc:  # shown to the player
                events.append(JobEvent("hint", error=f"No hint: {exc}"))
            else:
                events.append(JobEvent("hint", hint=session.take_hint_plan(origin, plan)))
        for kind, (job, task) in list(self.solves.items()):
            if not task.done:
                continue
            del self.solves[kind]
            events.append(self._solve_event(session, job, task))
        return events

    def _solve_event(self, session: PuzzleSession, job: SolveJob, task: Task[Any]) -> JobEvent:
        try:
            value: SolveResult | Stopped = task.result()
        except Exception as exc:  # cancelled build, unexpected solver error
            session.solve_finished(job, None)
            return JobEvent("solve", job=job, error=f"The solver failed: {exc}")
        if isinstance(value, Stopped):
            outcome = session.solve_finished(job, None)
            return JobEvent("solve", job=job, result=value.result, stopped=value.reason, outcome=outcome)
        return JobEvent("solve", job=job, result=value, outcome=session.solve_finished(job, value))

    def progress(self, playing: bool = False) -> tuple[str, float | None]:
        """The progress line (``""`` when nothing worth showing) and a bar fraction (None: no bar).

        ``playing``: a solution plays meanwhile (a search still out is then a background one).
        """
        task = self.solve_task() or self.hint_task
        if task is None or task.done or task.elapsed < SPINNER_AFTER:
            return "", None
        frac, msg = task.progress()
        building = "pattern" in msg or "table" in msg
        after = (" · it takes over if it ends before the fast plan" if playing else " · X or Esc cancels")
        if task is self.hint_task:
            what, after = "Finding a hint", ""
        elif building:
            whose = "near-optimal" if SolveKind.NEAR in self.solves else "optimal"
            what = f"Building the {whose} solver's tables {frac * 100:.0f} %… (first use; cached afterwards)"
        elif playing:
            what = "Optimal search in the background"
        else:
            what = f"Searching with {self.solve_label}"
        return progress_label(spinner(task.elapsed), what, task.elapsed, after, msg if building else ""), (
            frac if msg else None)

    def shown(self, playing: bool) -> tuple[bool, int]:
        """When the progress part of a frame changes: whether a line shows, and the spinner's frame number (it
        turns :data:`game.workers.PROGRESS_FPS` times a second).  A screen redrawing only when this changes shows
        the line, its percentage and the bar a few times a second while a run is out, not every frame."""
        task = self.solve_task() or self.hint_task
        label, _ = self.progress(playing)
        return bool(label), (int(task.elapsed * PROGRESS_FPS) if label and task is not None else -1)


def describe(ev: JobEvent, playing: bool, optimal_pending: bool = False) -> tuple[str, bool] | None:
    """The message for a run's answer as ``(text, is_error)``, or None to keep the current one.

    ``playing``: a solution is playing now (a stopped background search then says nothing).
    ``optimal_pending``: an optimal search is still out (a fast plan that starts says it may be replaced).
    """
    if ev.error:
        return ev.error, True
    if ev.kind == "hint":
        return None
    if ev.stopped:
        if playing:
            return None
        advice = {"timeout": "Press T for a longer timeout, or try the other solver (O).",
                  "limit": "The search grew too large; try the fast solver (O)."}.get(ev.stopped, "")
        return f"The solver stopped without a solution ({ev.stopped}). {advice}", True
    r = ev.result
    if r is None:
        return None
    if ev.outcome is SolveOutcome.STARTED:
        keys = "Space pauses, '.' steps, +/- speed, X stops; Z undoes it afterwards."
        if r.solver == "fast" and optimal_pending:
            return (f"Playing the fast solver's {r.length}-move plan (not proven shortest); the optimal search "
                    f"goes on and takes over if it ends before this plan. {keys}"), False
        if r.optimal:
            return f"Playing a {r.length}-move shortest solution (proven optimal): {keys}", False
        if r.solver == "near-optimal":
            return f"Playing the near-optimal solver's {r.length}-move solution (close to shortest): {keys}", False
        return f"Playing the fast solver's {r.length}-move plan (not proven shortest): {keys}", False
    if ev.outcome is SolveOutcome.SWITCHED:
        return (f"The optimal solution arrived: {count(r.length, 'move')} (proven shortest); it now plays from "
                "where the solve began."), False
    if ev.outcome is SolveOutcome.STALE:
        return "The board changed while the solver ran; press S again.", False
    if ev.outcome is SolveOutcome.SOLVED:
        return "Already solved.", False
    if ev.outcome is SolveOutcome.KEPT and r.optimal:
        return f"The optimal solution has {count(r.length, 'move')} (H follows it from where the solve began).", False
    return None


def progress_label(spin: str, what: str, elapsed: float, after: str, detail: str = "") -> str:
    """The progress line: ``spin`` (a spinner frame), ``what`` is being done, for ``elapsed`` seconds, ``after``
    (what a key does), and a second line of ``detail`` (a table build's own progress) when given."""
    label = f"{spin} {what} · {elapsed:.0f} s{after}"
    return f"{label}\n{detail}" if detail else label


#: The widest progress line the puzzle screen shows (a table build's, with its longest figures): the screen keeps
#: room for it under the board at every window size and text size.
WIDEST_PROGRESS = progress_label(
    "|", "Building the near-optimal solver's tables 100 %… (first use; cached afterwards)", 999,
    " · it takes over if it ends before the fast plan", "table 3 of 3: pattern 3: depth 99, 999,999,999 of 999,999,999")
