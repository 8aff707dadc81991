"""Costs of pyglet 2.1's and arcade 3.3's text and widgets that buy nothing, removed without changing a pixel.

- **Glyph bitmaps in a Python loop.** pyglet's FreeType renderer (``FreeTypeGlyphRenderer._expand_to_rgba``) walks
  every pixel of every glyph the first time a font size shows it (about 2 µs a pixel: a 96-point countdown digit
  took 20-40 ms, the menu's first frame spent a third of a second there).  :func:`install` replaces it with the
  same mapping done by numpy over the whole bitmap (:func:`expand_to_rgba`), byte for byte the same output
  (``tests/test_frame_cost.py`` compares the two); a pyglet without that method is left alone.
- **Equal values re-lay a text out.** ``arcade.Text``'s ``font_size``, ``font_name``, ``width``, ``bold``,
  ``italic``, ``anchor_x``, ``anchor_y``, ``align`` and ``multiline`` setters hand every value to pyglet, which lays
  the whole text out again (glyph lookup, line breaking, new vertex lists, and a new vertex domain when the glyphs'
  texture changes) even when the value is the one the text already has.  A layout sets the same size on most of its
  texts on every resize; in one layout test 636 texts got 8,023 pyglet layouts.  :func:`install` wraps those setters
  so that an equal value returns at once (``text``, ``x``, ``y`` and ``z`` already do this in arcade).
- **Every widget property binding inspects a signature.** ``arcade.gui.property`` asks
  :func:`inspect.signature` which of four call forms each listener accepts, every time a listener is bound: a
  button binds about forty, so making a screen's buttons spent about a third of its time there.  The answer
  depends only on the listener's code, so :func:`install` remembers it per code object (plain functions and bound
  methods; anything else, or a function carrying ``__wrapped__``/``__signature__``, is inspected as before).
- **Fonts forgotten between screens.** pyglet keeps a font (and the glyphs it has drawn into its textures) only
  while a text uses it, plus the last four loaded: a new screen, a resize or a text-size step dropped the fonts of
  the last one, and coming back rendered every glyph again (a layout test of every screen loaded 551 fonts for 135
  distinct ones).  :func:`install` keeps the :data:`FONTS_KEPT` most recently used fonts alive.

- **Screens kept forever.** arcade 3.3 keeps the value and listeners of every ``arcade.gui`` property (a widget's
  ``children``, ``rect``, ``text``...) in one ``WeakKeyDictionary`` per property, keyed by the widget.  A weak key
  dies only when nothing in the dictionary's own values reaches it; but a container's ``children`` value holds its
  buttons, a button's click handler is a closure over its screen, and the screen holds its ``UIManager`` and so
  the container: the whole screen (its texts, GL buffers, a race's maze) stayed in memory for the rest of the
  session, and every full garbage collection walked it again.  Every visit to race setup, Lab setup, the Lab, a
  race and its result left one behind (42 screens after one layout test file; the family of
  pythonarcade/arcade#2744).  :func:`install` keeps each widget's property values on the widget itself (in its
  ``__dict__``, :data:`GUI_VALUES`), an ordinary cycle that the garbage collector frees with the screen; objects
  without a ``__dict__`` keep arcade's dictionary.  Values, listeners and their order are unchanged.  (A widget
  copied with :func:`copy.copy` would share its values with the original; neither arcade nor the game copies one.)

A missing attribute (another arcade) leaves that part alone: :func:`install` reports what it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

#: pyglet's own method, kept by :func:`install` (the tests compare the two); None until installed.
original: Any = None


def expand_to_rgba(_renderer: Any, data: Any, src_format: str, dst_format: str) -> bytes:
    """pyglet's expansion of ``data`` (``len(src_format)`` bytes a pixel) to ``dst_format``: a channel named in
    ``src_format`` becomes 255, a missing ``A`` takes the pixel's first byte, any other channel 255; ``data`` is
    returned unchanged when it already has as many bytes a pixel."""
    src_len, dst_len = len(src_format), len(dst_format)
    if src_len >= dst_len:
        return data  # type: ignore[no-any-return]
    raw = np.frombuffer(memoryview(data).cast("B"), dtype=np.uint8)
    n = len(raw) // src_len
    out = np.full((n, dst_len), 255, dtype=np.uint8)
    for j, c in enumerate(dst_format):
        if c == "A" and c not in src_format:
            out[:, j] = raw[: n * src_len : src_len]
    return out.tobytes()


#: The ``arcade.Text`` properties whose setters lay the text out again (arcade 3.3).
RELAYOUT_PROPERTIES = ("font_size", "font_name", "width", "bold", "italic", "anchor_x", "anchor_y", "align",
                       "multiline")

#: How many recently used fonts stay loaded (glyph textures of a few kB to 1 MB each).
FONTS_KEPT = 64
_KEPT_FONTS: list[Any] = []

_CALL_FORMS: dict[tuple[object, int, bool], Any] = {}
#: :func:`_detect_callback_type`'s cache bound: distinct listener codes of a session are a few hundred.
_CALL_FORMS_MAX = 4096


def _same(current: object, value: object) -> bool:
    """True when setting ``value`` would give a text property it already has: equal values of one type (a font
    name list or tuple alike; an int and a float size alike)."""
    if isinstance(value, list):
        value = tuple(value)
    if isinstance(current, list):
        current = tuple(current)
    numbers = (int, float)
    if type(current) is not type(value) and not (
            isinstance(current, numbers) and isinstance(value, numbers)
            and not isinstance(current, bool) and not isinstance(value, bool)):
        return False
    try:
        return bool(current == value)
    except Exception:  # an odd value compares as different: it is set as before
        return False


def _skipping(prop: property) -> property:
    getter, setter = prop.fget, prop.fset
    assert getter is not None and setter is not None

    def fset(text: Any, value: Any) -> None:  # arcade's own value types
        if _same(getter(text), value):  # (a font name is compared as given, never as resolved: arcade.gui's labels
            return                        # compare their fonts as given, and would redraw for ever)
        setter(text, value)

    fset.__doc__ = setter.__doc__
    return property(getter, fset, prop.fdel, prop.__doc__)


def _code_key(callback: Callable[..., object]) -> tuple[object, int, bool] | None:
    """What a listener's accepted call forms depend on, or None when that is not just its code."""
    bound = hasattr(callback, "__self__") and hasattr(callback, "__func__")
    func = getattr(callback, "__func__", callback) if bound else callback
    code = getattr(func, "__code__", None)
    if code is None or hasattr(func, "__wrapped__") or hasattr(func, "__signature__"):
        return None
    if getattr(type(func), "__name__", "") != "function":
        return None
    return code, len(getattr(func, "__defaults__", None) or ()), bound


def _fast_glyphs() -> bool:
    """Use :func:`expand_to_rgba` for pyglet's FreeType glyphs; False when this pyglet has no such method."""
    try:
        from pyglet.font import freetype
    except Exception:  # no FreeType (another platform's font renderer): nothing to speed up
        return False
    renderer = getattr(freetype, "FreeTypeGlyphRenderer", None)
    if renderer is None or not hasattr(renderer, "_expand_to_rgba"):
        return False
    global original
    if renderer._expand_to_rgba is not expand_to_rgba:
        original = renderer._expand_to_rgba
        renderer._expand_to_rgba = expand_to_rgba
    return True


def install() -> dict[str, bool]:
    """Apply every change (once; again is harmless); returns which parts this arcade allowed."""
    import arcade
    from arcade.gui import property as gui_property

    done = {"glyph bitmaps": _fast_glyphs(), "text setters": False, "listener forms": False, "fonts kept": False}
    text_cls: Any = arcade.Text
    if not getattr(text_cls, "_tessera_skips_equal", False):
        props = {name: text_cls.__dict__.get(name) for name in RELAYOUT_PROPERTIES}
        if all(isinstance(p, property) and p.fget and p.fset for p in props.values()):
            for name, prop in props.items():
                setattr(text_cls, name, _skipping(prop))
            text_cls._tessera_skips_equal = True
    done["text setters"] = bool(getattr(text_cls, "_tessera_skips_equal", False))

    forms: Any = getattr(gui_property, "_ListenerType", None)
    detect = getattr(forms, "detect_callback_type", None)
    if detect is not None and not getattr(detect, "_tessera_memo", False):
        original = detect

        def detect_callback_type(callback: Callable[..., object]) -> Any:  # arcade's enum
            key = _code_key(callback)
            if key is None:
                return original(callback)
            form = _CALL_FORMS.get(key)
            if form is None:
                form = original(callback)
                if len(_CALL_FORMS) >= _CALL_FORMS_MAX:
                    _CALL_FORMS.clear()
                _CALL_FORMS[key] = form
            return form

        detect_callback_type._tessera_memo = True  # type: ignore[attr-defined]
        forms.detect_callback_type = staticmethod(detect_callback_type)
    done["listener forms"] = bool(getattr(getattr(forms, "detect_callback_type", None), "_tessera_memo", False))
    done["fonts kept"] = _keep_fonts()
    done["screens freed"] = _values_on_widgets(gui_property)
    return done


#: The attribute holding a widget's ``{arcade.gui property: its value and listeners}``.
GUI_VALUES = "_tessera_gui_values"


def _values_on_widgets(gui_property: Any) -> bool:  # arcade's module
    """Keep arcade.gui property values on their widgets (see the module doc); False for an arcade without
    ``Property._get_obs`` (left alone)."""
    prop_cls: Any = getattr(gui_property, "Property", None)
    obs_cls: Any = getattr(gui_property, "_Obs", None)
    original = getattr(prop_cls, "_get_obs", None)
    if prop_cls is None or obs_cls is None or original is None:
        return False
    if getattr(original, "_tessera_on_widget", False):
        return True

    def _get_obs(self: Any, instance: Any) -> Any:  # arcade's own types
        store = getattr(instance, "__dict__", None)
        if store is None:
            return original(self, instance)
        values = store.get(GUI_VALUES)
        if values is None:
            values = store[GUI_VALUES] = {}
        obs = values.get(self)
        if obs is None:
            obs = values[self] = obs_cls(self.default_factory(self, instance))
        return obs

    _get_obs._tessera_on_widget = True  # type: ignore[attr-defined]
    prop_cls._get_obs = _get_obs
    return True


def _keep_fonts() -> bool:
    import pyglet.font

    load = pyglet.font.load
    if getattr(load, "_tessera_keeps", False):
        return True

    def keeping_load(*args: Any, **kwargs: Any) -> Any:  # pyglet's own signature and Font
        font = load(*args, **kwargs)
        if not _KEPT_FONTS or _KEPT_FONTS[0] is not font:
            if font in _KEPT_FONTS:
                _KEPT_FONTS.remove(font)
            _KEPT_FONTS.insert(0, font)
            del _KEPT_FONTS[FONTS_KEPT:]
        return font

    keeping_load._tessera_keeps = True  # type: ignore[attr-defined]
    keeping_load.__doc__ = load.__doc__
    pyglet.font.load = keeping_load
    return True
