"""The Lab's statistics text and the background build of mazes too big to animate (no drawing here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec


def format_stats(stats: dict[str, Any]) -> str:
    """The statistics panel text for :func:`engine.maze.analysis.maze_stats` output."""
    junctions = ", ".join(f"{k}-way {v}" for k, v in stats["junctions"].items() if v) or "none"
    lines = [
        f"cells {stats['cells']:,}   passages {stats['passages']:,}",
        f"perfect: {'yes' if stats['perfect'] else 'no (loops)'}",
        f"dead ends {stats['dead_ends']:,} ({100 * stats['dead_end_share']:.1f}%)",
        f"junctions {stats['junction_count']:,} ({100 * stats['junction_share']:.1f}%)",
        f"  {junctions}",
        f"turns {stats['turns']:,}   straights {stats['straights']:,}",
    ]
    if stats["straight_horizontal"] is not None:
        lines.append(f"  horizontal {stats['straight_horizontal']:,}   vertical {stats['straight_vertical']:,}")
    lines += [
        f"dead-end length mean {stats['dead_end_length_mean']:.2f}, max {stats['dead_end_length_max']}",
        f"corridors {stats['corridors']:,}, mean {stats['corridor_length_mean']:.2f}, "
        f"max {stats['corridor_length_max']}",
        f"solution {stats['solution_length']} moves",
        f"diameter {stats['diameter']} moves",
    ]
    return "\n".join(lines)


#: Longest side in pixels of the picture a big maze is shown as (an RGBA texture: 4096² is 64 MB; the
#: automatic PNG scale would make a 1000×1000 hex maze 8012×6939, 222 MB, held by PIL and again by GL).
PICTURE_SIDE = 4096


def build_big(spec: MazeSpec, progress: Callable[[float, str], None],
              cancelled: Callable[[], bool]) -> tuple[Maze, bytes, tuple[int, int], dict[str, Any]]:
    """Background work for big mazes: generate, picture, statistics.

    Returns:
        ``(maze, rgba, (width, height), stats)``: the picture as RGBA bytes, rows from the top, its
        longer side within :data:`PICTURE_SIDE` (ready for :class:`game.render.picture.Picture`).

    Raises:
        RuntimeError: cancelled.
    """
    import io

    from PIL import Image

    from engine.maze.analysis import maze_stats
    from engine.maze.export import png_cell_px, to_png

    progress(0.02, "building the grid and carving")
    maze = spec.build()
    if cancelled():
        raise RuntimeError("cancelled")
    progress(0.55, "drawing the picture")
    buf = io.BytesIO()
    to_png(maze, buf, cell_px=png_cell_px(maze, max_side=PICTURE_SIDE, min_px=1))
    buf.seek(0)
    with Image.open(buf) as png:
        image = png.convert("RGBA")
    del buf
    size = image.size
    rgba = image.tobytes()
    del image
    maze.grid.forget()  # the picture's float geometry: rebuilt if ever needed
    if cancelled():
        raise RuntimeError("cancelled")
    progress(0.75, "computing statistics")
    stats = maze_stats(maze)
    maze.invalidate()  # the statistics' adjacency, and their geometry
    maze.grid.forget()
    progress(1.0, "done")
    return maze, rgba, size, stats
