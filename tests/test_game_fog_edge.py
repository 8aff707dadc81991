"""A dark maze on the light theme: the fog reaches the outer wall's outer edge (in line with seen outer walls)."""

from __future__ import annotations

import arcade

from engine.maze.recipe import MazeSpec
from game.render.fog_layer import fog_colour


def test_unseen_outer_wall_is_drawn_in_the_fog_colour(window, ctx):
    from engine.level import Level, NamedLevel
    from game.play.view import PlayView

    ctx.set_theme("light")
    spec = MazeSpec.from_code("M2.S8X6.BT.D#CVQK-JU")
    view = PlayView(ctx, NamedLevel(Level(spec.build(), True), spec.code(), "fog"))
    window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    x0, y0, x1, y1 = view.maze.grid.bounds()
    half = view.layer.wall_half_width(view.cam.zoom)
    # The right outer wall half-way up: far from the start (top left), unseen.
    sx, sy = view.viewport.world_to_screen(x1 + half * 0.5, (y0 + y1) / 2)
    pixel = arcade.get_image(int(sx), int(sy), 1, 1).getpixel((0, 0))
    fog = fog_colour(ctx.theme)
    assert max(abs(a - b) for a, b in zip(pixel[:3], fog[:3], strict=True)) <= 8, (pixel, fog)
    bg = ctx.theme.background
    assert max(abs(a - b) for a, b in zip(pixel[:3], bg[:3], strict=True)) > 40
