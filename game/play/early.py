"""``tessera play CODE`` of a big maze: the maze, its shortest way and its picture's arrays are made in a thread
that starts before the window opens, so they are (mostly) ready when the loading screen asks for them.

Opening the window (importing arcade, the GL context, the fonts) takes most of a second and leaves the machine's
other core idle; a 300x300 maze takes about as long to build and prepare.  :func:`start` runs both at once;
the play screen's background work (:func:`game.play.open.play_spec`) then :func:`take` s the result instead of
building it again.  Nothing here imports arcade (it runs before arcade is imported); nothing is shown or
reported from here: a code that does not decode starts nothing and is refused later, on screen, as before.
"""

from __future__ import annotations

import gc
import threading
from contextlib import suppress
from typing import TYPE_CHECKING

from game.workers import CancelledFn, ProgressFn, Task

if TYPE_CHECKING:
    from engine.maze.model import Maze
    from engine.maze.recipe import MazeSpec

#: Mazes with more cells than this are built in the background behind a progress screen (play screen), and
#: by :func:`start` while the window opens.
BIG_MAZE_CELLS = 20_000  # about 140x140: bigger ones take over 300 ms to open on a slow machine

_lock = threading.Lock()
_early: Task[tuple[MazeSpec, Maze | None] | None] | None = None  # the process's one early build: (recipe, maze)


def prepare_maze(spec: MazeSpec, progress: ProgressFn, cancelled: CancelledFn) -> Maze | None:
    """Build ``spec``'s maze and the play screen's arithmetic for it (any thread), saying how far it got
    (``progress(fraction 0..1, message)``): its shortest way (cached on the maze) and, unless it is dark, the maze
    picture's arrays (:func:`game.render.geometry.prepare_layer`) and its overview
    (:func:`game.render.raster.overview`); None when ``cancelled()`` turned True."""
    from engine.modes.play import shortest_way

    progress(0.05, f"Generating {spec.width}×{spec.height} {spec.shape} cells")
    maze = spec.build()
    if cancelled():
        return None
    progress(0.6, "Finding the shortest path for par")
    shortest_way(maze)
    if not getattr(spec, "dark", False):  # a dark level shows neither this picture nor an overview
        progress(0.8, "Preparing the picture")
        from game.render.geometry import prepare_layer
        from game.render.raster import overview

        prepare_layer(maze)
        overview(maze)
    # A big maze leaves hundreds of thousands of new lists behind (its adjacency), so Python's next full garbage
    # collection is due: run it here, in the background, not at the play screen's first allocations (a 300x300
    # maze: ~0.1 s of the window's thread before its first frame).
    gc.collect()
    return maze


def start(command: str, code: str | None) -> None:
    """For ``tessera play CODE`` (the launcher's window ``command`` and its ``code``), start a daemon thread that
    reads the code and, for a maze code of over :data:`BIG_MAZE_CELLS` cells, reads the campaign (the play screen
    asks whether the code is one of its levels) and makes the maze (:func:`prepare_maze`); anything else (no code,
    another command, another kind of code, a small maze, a code that does not decode) makes nothing.  The main
    thread only starts the thread: even the code is read in it (reading it imports numpy and the engine, which
    the window's own imports then find done)."""
    global _early  # the one early build of this process
    if command != "play" or not code:
        return

    def work(progress: ProgressFn, cancelled: CancelledFn) -> tuple[MazeSpec, Maze | None] | None:
        from engine.codes import CodeError, decode_spelled
        from engine.maze.recipe import MazeSpec
        from engine.modes.campaign import shipped_campaign

        try:
            spec, typed = decode_spelled(code)
        except (CodeError, ValueError):
            return None
        if not isinstance(spec, MazeSpec) or spec.width * spec.height <= BIG_MAZE_CELLS:
            return None
        with suppress(ValueError):  # the play screen asks whether this is a campaign level's code
            shipped_campaign().by_code(typed)
        return spec, prepare_maze(spec, progress, cancelled)

    with _lock:
        _early = Task(work, name="early maze")


def _claim(spec: MazeSpec, wait: bool) -> Task[tuple[MazeSpec, Maze | None] | None] | None:
    """The early task, handed over once, if it may hold ``spec``'s maze and (unless ``wait``) has finished."""
    global _early
    with _lock:
        task = _early
        if task is None or not (wait or task.done):
            return None
        _early = None
    return task


def _maze_of(task: Task[tuple[MazeSpec, Maze | None] | None], spec: MazeSpec) -> Maze | None:
    if task.error is not None or task.cancelled:
        return None
    got = task.result()
    return got[1] if got is not None and got[0] == spec else None  # the same recipe (no code written to compare)


def ready(spec: MazeSpec) -> Maze | None:
    """The maze :func:`start` made for ``spec`` if it is already made (handed over once), else None at once."""
    task = _claim(spec, wait=False)
    return None if task is None else _maze_of(task, spec)


def take(spec: MazeSpec, progress: ProgressFn, cancelled: CancelledFn) -> Maze | None:
    """The maze :func:`start` made for ``spec``, waiting for it while ``cancelled()`` stays False and passing on
    how far it got (``progress``); handed over once.  None when nothing was started, it was for another maze, it
    failed, or the wait was cancelled (the caller then builds it itself)."""
    task = _claim(spec, wait=True)
    if task is None:
        return None
    while not task.wait(0.05):
        if cancelled():
            task.cancel()
            return None
        progress(*task.progress())
    return _maze_of(task, spec)
