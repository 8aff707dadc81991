"""The editor's maze layer: a :class:`game.render.maze_layer.MazeLayer` whose walls, start and goal change.

A wall edit rewrites the wall buffer in place (reserved once for every wall of the grid plus
the outer boundary): no new GPU objects, one upload of a few kilobytes; moving the start or
the goal rebuilds only those two small buffers.  A new grid (New, a resize) needs a new layer.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.maze.model import Maze
from game.render.geometry import cell_fans, wall_quads
from game.render.maze_layer import MazeLayer
from game.render.theme import Theme


class EditorLayer(MazeLayer):
    """A maze layer that follows the edited maze (:meth:`show`); no trail is drawn.

    Args:
        ctx: the arcade context (``window.ctx``).
        maze: the maze as it is now (its grid is fixed for the layer's life).
        theme: colours.
    """

    def __init__(self, ctx: Any, maze: Maze, theme: Theme) -> None:
        super().__init__(ctx, maze, theme)
        g = maze.grid
        capacity = (g.num_edges + len(g.boundary)) * 6 * 16  # 6 vertices of 4 floats per segment
        self.wall_buffer = ctx.buffer(reserve=max(64, capacity))
        self.walls = ctx.geometry([self._desc(self.wall_buffer)], mode=ctx.TRIANGLES)
        self.walls._tessera_count = 0  # vertex count to render
        self._ends = (-1, -1)
        self.uploads = 0
        self.show(maze)

    def show(self, maze: Maze) -> None:
        """Draw ``maze`` (same grid) from now on: walls always, start and goal when they moved."""
        if maze.grid is not self.maze.grid:
            raise ValueError("a new grid needs a new EditorLayer")
        self.maze = maze
        g = maze.grid
        closed = g.walls[~maze.passage]
        segs = np.concatenate([closed, g.boundary.reshape(-1, 2, 2)]) if len(g.boundary) else closed
        rows = np.ascontiguousarray(wall_quads(segs), dtype=np.float32)
        if len(rows):
            self.wall_buffer.write(rows.tobytes())
        self.walls._tessera_count = len(rows)
        self.wall_count = len(segs)
        self.uploads += 1
        ends = (int(maze.start), int(maze.goal))
        if ends != self._ends:
            self._ends = ends
            special, offs = cell_fans(maze, np.array(ends))
            half = int(offs[1])
            self.start_geo = self._geometry(np.concatenate([special[:half], np.zeros_like(special[:half])], axis=1))
            self.goal_geo = self._geometry(np.concatenate([special[half:], np.zeros_like(special[half:])], axis=1))

    def draw_editor(self, zoom: float) -> None:
        """Floor, start, goal and walls (nothing of a trail)."""
        self.draw_static(zoom)
