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
