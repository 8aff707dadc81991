"""The secret key of this installation's puzzle-table digests (see :mod:`engine.puzzle.tables.pdb`).

A table file carries a CRC-32 (against damage) and a keyed digest (HMAC-SHA256) made with a key kept
in the data folder, not beside the tables: an entry changed with the CRC recomputed, or a table file
copied from elsewhere, does not match, and the table is rebuilt rather than trusted.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import threading
from typing import Any

from engine.paths import KEY_NAME, data_dir

_KEY_LOCK = threading.Lock()
_KEY: bytes | None = None  # b"" once the data folder was found unusable


def table_key() -> bytes | None:
    """This installation's secret key for table digests (``data_dir()/table-key``, 32 random bytes, made once).

    It lives in the data folder, not beside the tables, so a cache file edited with its CRC recomputed
    does not carry a digest that matches.  None when the data folder cannot be used (cached tables are
    then never trusted: each is rebuilt).
    """
    global _KEY
    with _KEY_LOCK:
        if _KEY is not None:
            return _KEY or None
        try:
            path = data_dir() / KEY_NAME
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # the first use makes it
                with os.fdopen(fd, "wb") as f:
                    f.write(os.urandom(32))
            except FileExistsError:
                pass
            key = path.read_bytes()
            if len(key) != 32:  # damaged: no digest matches, every table is rebuilt
                key = b""
        except OSError:
            key = b""
        _KEY = key
        return key or None


def digest(meta: dict[str, Any], data: bytes) -> str | None:
    """The keyed digest (HMAC-SHA256) of a table's meta and bytes, or None without a key."""
    key = table_key()
    if key is None:
        return None
    return hmac.new(key, json.dumps(meta, sort_keys=True).encode("ascii") + data, hashlib.sha256).hexdigest()


def forget_key() -> None:
    """Read the key again on next use (tests that change ``TESSERA_HOME``)."""
    global _KEY
    with _KEY_LOCK:
        _KEY = None


__all__ = ["digest", "forget_key", "table_key"]
