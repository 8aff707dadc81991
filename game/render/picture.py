"""One picture drawn as a textured rectangle in the current camera's coordinates, in its own GL texture.

Used for mazes too big to draw cell by cell (the Lab's million-cell mazes) and a big maze's minimap (no
first use of arcade's atlas, about 0.05 s, in a big level's first frame).  The
texture lives outside arcade's shared texture atlas: the atlas keeps a CPU copy of
the image, grows to fit it and cannot drop a texture by hand, while this one is
released the moment :meth:`Picture.release` is called.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.render.maze_layer import shader_program

_VS = """
#version 330
uniform WindowBlock {
    mat4 projection;
    mat4 view;
} window;
in vec2 in_vert;
in vec2 in_uv;
out vec2 v_uv;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
}
"""

_FS = """
#version 330
uniform sampler2D u_texture;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = texture(u_texture, v_uv);
}
"""


class Picture:
    """An RGBA image stretched over a world rectangle.

    Args:
        ctx: the arcade context (``window.ctx``).
        rgba: the pixels, rows from the top, 4 bytes a pixel (``width * height * 4`` bytes).
        size: ``(width, height)`` in pixels, each 1..the GL texture limit.
        rect: ``(left, bottom, right, top)`` in world units.

    Raises:
        ValueError: if ``rgba`` does not hold ``width * height * 4`` bytes.
    """

    def __init__(self, ctx: Any, rgba: bytes, size: tuple[int, int], rect: tuple[float, float, float, float]) -> None:
        width, height = size
        if len(rgba) != width * height * 4:
            raise ValueError(f"a {width}x{height} RGBA picture needs {width * height * 4} bytes, got {len(rgba)}")
        self.ctx = ctx
        self.width, self.height = width, height
        self.texture: Any = ctx.texture(size, components=4, data=rgba, filter=(ctx.LINEAR, ctx.LINEAR))
        from arcade.gl import BufferDescription

        self.rect = rect
        self.quad: Any = ctx.buffer(data=self._quad(rect))
        self.geometry: Any = ctx.geometry([BufferDescription(self.quad, "2f 2f", ["in_vert", "in_uv"])],
                                          mode=ctx.TRIANGLE_STRIP)
        self.program = shader_program(ctx, _VS, _FS)

    @staticmethod
    def _quad(rect: tuple[float, float, float, float]) -> np.ndarray:
        x0, y0, x1, y1 = rect
        # Texture row 0 is the image's top row: the rectangle's top edge samples v = 0.
        return np.array([x0, y0, 0, 1, x1, y0, 1, 1, x0, y1, 0, 0, x1, y1, 1, 0], dtype=np.float32)

    def place(self, rect: tuple[float, float, float, float]) -> None:
        """Stretch the picture over ``rect`` ``(left, bottom, right, top)`` from now on (nothing when unchanged)."""
        if rect != self.rect and self.geometry is not None:
            self.rect = rect
            self.quad.write(self._quad(rect))

    def draw(self) -> None:
        """Draw with the current (world) camera; nothing after :meth:`release`."""
        if self.texture is None:
            return
        self.texture.use(0)
        self.program["u_texture"] = 0
        self.geometry.render(self.program)

    def release(self) -> None:
        """Free the GPU texture and buffer now (safe to call twice)."""
        if self.texture is not None:
            self.texture.delete()
            self.texture = None
        if self.geometry is not None:
            self.geometry = None
