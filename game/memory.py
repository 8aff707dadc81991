"""Give freed memory back to the operating system after dropping something big (a million-cell maze)."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys


def give_back() -> bool:
    """Collect garbage, then ask glibc to return its freed heap pages (``malloc_trim(0)``).

    glibc keeps freed arenas mapped for reuse, so a process that dropped a few hundred MB
    of numpy arrays and Python objects still shows them as resident.  A no-op (returning
    False) on other platforms or C libraries; never raises.

    Returns:
        True if ``malloc_trim`` ran and released something.
    """
    gc.collect()
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # musl and others have no malloc_trim
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return bool(trim(0))


def settle_startup() -> int:
    """Collect the start-up's garbage, then freeze what is left (:func:`gc.freeze`): the window, the fonts, the
    modules and the first screen stay for the whole run, and full collections no longer walk them.

    Python's full (generation-2) collection walks every tracked object; with the ~85,000 the game holds after
    start-up it took 33-55 ms here, a dropped frame whenever one fell mid-animation (measured on the win screen
    while the lost moves stream in). Frozen objects are never collected, so this runs once, after start-up, when
    almost nothing made so far is garbage.

    Returns:
        How many objects were frozen.
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
