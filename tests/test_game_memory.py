"""game.memory.give_back: freed heap handed back to the system (glibc), a no-op elsewhere."""

from __future__ import annotations

import platform
import sys

import pytest

from game.memory import give_back


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="malloc_trim is glibc's")
def test_freed_heap_is_trimmed_on_glibc():
    blocks = [bytes(1000) + i.to_bytes(4, "little") for i in range(20_000)]  # ~20 MB of malloc'd blocks
    del blocks
    assert give_back() is True  # glibc released pages it kept


def test_give_back_never_raises_and_says_whether_it_ran(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    assert give_back() is False


def test_settle_startup_collects_then_freezes_what_is_left():
    import gc
    import weakref

    from game.memory import settle_startup

    class Node:
        pass

    kept, lost = Node(), Node()
    lost.me = lost  # a cycle only a collection frees
    gone = weakref.ref(lost)
    del lost
    try:
        frozen = settle_startup()
        assert gone() is None  # collected first: garbage is never frozen
        assert frozen > 0 and gc.get_freeze_count() > 0  # (frozen objects freed by reference counts leave it)
        assert not any(o is kept for o in gc.get_objects())  # frozen: full collections no longer walk it
    finally:
        gc.unfreeze()
    assert any(o is kept for o in gc.get_objects())
