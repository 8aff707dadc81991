"""Test configuration: headless arcade (EGL, software GL) and an isolated TESSERA_HOME."""

from __future__ import annotations

import gc
import os
import tempfile

# Before the first `import arcade` anywhere in the process.  An explicitly empty
# value (ARCADE_HEADLESS= xvfb-run -a pytest) runs the same tests in a real X window.
os.environ.setdefault("ARCADE_HEADLESS", "1")
# Saved data and caches of the test run never touch the user's own files.  Under pytest-xdist each worker
# process has a home of its own: the workers inherit the controller's environment, and a home this file
# made (not one the caller chose) is replaced, so two workers never share a database or a cache.
_made = os.environ.get("TESSERA_TEST_HOME")
if os.environ.get("PYTEST_XDIST_WORKER") and _made is not None and os.environ.get("TESSERA_HOME") == _made:
    del os.environ["TESSERA_HOME"]
if "TESSERA_HOME" not in os.environ:
    os.environ["TESSERA_HOME"] = os.environ["TESSERA_TEST_HOME"] = tempfile.mkdtemp(prefix="tessera-test-home-")


import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# The CI machine is shared and noisy: a property test must not fail because one
# example was slow (hypothesis' default 200 ms deadline), only because it is wrong.
settings.register_profile("tessera", deadline=None)
settings.load_profile("tessera")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collecting made (every imported module, every test item) out of the garbage collector's sight,
    and collect the rest less often.

    They live for the whole run, yet each full collection walked them again: collections took about 22 s of CPU
    in each test worker.  Everything a test makes is still collected (a first-generation pass every 10,000 net
    allocations instead of 700); tests that check what is freed call ``gc.collect()`` themselves.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def free_gl(window) -> None:
    """Free what the last test left: its screens' cycles (the raised collection threshold lets them pile up)
    and the GL objects they held (arcade deletes a dropped texture or framebuffer only in ``ctx.gc()``, which the
    game's window calls every frame and the tests' never did: on software GL each is process memory, and one
    test worker grew to 6.5 GB)."""
    gc.collect()
    window.ctx.gc()


@pytest.fixture(scope="session")
def window():
    """One hidden 1280x800 arcade window for the whole test session (GL windows are slow to create).

    Events are dispatched immediately (as under ``pyglet.app.run``), not queued.
    """
    import arcade

    from game.ui import gui  # noqa: F401 - applies the headless arcade.gui import shim

    win = arcade.Window(1280, 800, "Tessera test", visible=False, vsync=False, antialiasing=False, resizable=True)
    win._enable_event_queue = False
    yield win
    win.close()


@pytest.fixture
def ctx(window, tmp_path):
    """A fresh game context (own database, no sound) on the shared window; no view afterwards."""
    from game.audio import Audio
    from game.context import Context
    from game.store import Store

    window.hide_view()
    window.default_camera.use()
    from engine.modes.clock import FakeClock

    c = Context(window, store=Store(tmp_path / "tessera.db"), audio=Audio(enabled=False))
    c.clock = FakeClock()  # standing still: a screen's time is what the test's frames say (tests move it by hand)
    yield c
    window.hide_view()
    c.store.close()
    free_gl(window)
    if window.get_size() != (1280, 800):  # a layout test that stopped half-way leaves the next test its size
        from layout_check import set_window_size

        set_window_size(window, 1280, 800)
