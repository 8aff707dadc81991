"""Opening the save at start-up without waiting: the menu first, a locked save retried in the background.

:func:`open_store` opens :class:`game.store.Store` with a short busy timeout
(:data:`QUICK_BUSY_S`), so a save another program holds never delays the first screen (it took
5-12 s).  When the file opened, its connection then waits the usual
:data:`game.save_schema.BUSY_TIMEOUT_S` for later writes.  When the lock kept it from opening,
the game plays from a copy in memory inside a :class:`RetryingStore`, which tries the file again
in the background every :data:`RETRY_EVERY_S` seconds: once it is free, the next call opens it
(on the game's thread), replays the settings, progress, bests and ghosts recorded meanwhile, and
saves from then on.  Its :attr:`RetryingStore.message` says what is going on (the menu shows it).
Changes to the player's own levels made meanwhile are not replayed (their ids belong to the copy):
the game then keeps the copy and says that nothing is being saved.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.save_schema import BUSY_TIMEOUT_S, Best, MyLevel, SavedGhost, WinResult
from game.store import SaveStore, Store

if TYPE_CHECKING:
    from engine.records import Run

QUICK_BUSY_S = 0.2  # seconds the first opening waits for another program's lock
RETRY_EVERY_S = 2.0  # seconds between background tries of a locked save
RETRY_FOR_S = 600.0  # seconds the background keeps trying

WAITING = "Saved progress is in use by another program; saving resumes once it is free."
BACK = "Saved progress was in use by another program; it is free again and saving has resumed."

#: Writes replayed on the file once it is free (their meaning does not depend on row ids).
_REPLAYED = {"set_setting", "complete_level", "record_win", "record_ghost", "record_run", "note_analysis"}


def open_store(
    path: Path | str | None = None, *, retry_every: float = RETRY_EVERY_S, retry_for: float = RETRY_FOR_S
) -> SaveStore:
    """The save, opened without waiting on another program's lock (see the module docstring)."""
    store = Store(path, busy_timeout=QUICK_BUSY_S)
    if store.saving:
        store.set_busy_timeout(BUSY_TIMEOUT_S)
        return store
    if not store.busy:
        return store  # read-only, newer, unusable folder...: its own message, as before
    return RetryingStore(store, retry_every, retry_for)


class RetryingStore:
    """A :class:`game.store.SaveStore` playing from a copy while another program holds the save.

    Args:
        copy: the store opened from the copy (``busy`` True).
        retry_every, retry_for: seconds between background tries, and for how long.
    """

    def __init__(self, copy: Store, retry_every: float = RETRY_EVERY_S, retry_for: float = RETRY_FOR_S) -> None:
        self.path = copy.path
        self.current: Store = copy
        self.free = threading.Event()
        self.stop = threading.Event()
        self.saving = False
        self.replay: list[tuple[str, tuple[Any, ...]]] = []
        self.replayable = True
        self._note = WAITING
        self.thread = threading.Thread(
            target=self._watch, args=(retry_every, retry_for), daemon=True, name="save-retry"
        )
        self.thread.start()

    def _watch(self, every: float, lasting: float) -> None:
        """Background: try the file every ``every`` s; set :attr:`free` when a write lock can be had."""
        tries = max(1, int(lasting / max(every, 0.01)))
        for _ in range(tries):
            if self.stop.wait(every):
                return
            probe = Store(self.path, busy_timeout=QUICK_BUSY_S)
            ok = probe.saving
            probe.close()
            if ok:
                self.free.set()
                return

    def _store(self) -> Store:
        """The store to use now: the file once it is free (opened here, on the caller's thread)."""
        if self.free.is_set() and not self.saving and self.replayable:
            real = Store(self.path)
            if real.saving:
                for name, args in self.replay:
                    getattr(real, name)(*args)
                self.replay.clear()
                self.current.close()
                self.current, self.saving, self._note = real, True, BACK
            else:
                real.close()
                self.free.clear()
        return self.current

    def _write(self, name: str, *args: Any) -> Any:  # the store method's own result
        store = self._store()
        if not self.saving:
            if name in _REPLAYED:
                self.replay.append((name, args))
            else:
                self.replayable = False
                self._note = "Saved progress is in use by another program: changes made now are not saved."
                self.stop.set()
        return getattr(store, name)(*args)

    # -- SaveStore ------------------------------------------------------------------
    @property
    def message(self) -> str | None:
        """The note for the menu (waiting, or saving again), or the store's own sentence."""
        self._store()
        own = self.current.message if self.saving else None
        return own or self._note

    def setting(self, key: str) -> str:
        """See :meth:`game.store.SaveStore.setting`."""
        return self._store().setting(key)

    def set_setting(self, key: str, value: object) -> None:
        """See :meth:`game.store.SaveStore.set_setting`."""
        self._write("set_setting", key, value)

    def unlocked(self) -> set[str]:
        """See :meth:`game.store.SaveStore.unlocked`."""
        return self._store().unlocked()

    def stars(self) -> dict[str, int]:
        """See :meth:`game.store.SaveStore.stars`."""
        return self._store().stars()

    def complete_level(self, level_id: str, stars: int, next_id: str | None) -> None:
        """See :meth:`game.store.SaveStore.complete_level`."""
        self._write("complete_level", level_id, stars, next_id)

    def best(self, code: str) -> Best:
        """See :meth:`game.store.SaveStore.best`."""
        return self._store().best(code)

    def record_win(self, code: str, seconds: float, moves: int) -> WinResult:
        """See :meth:`game.store.SaveStore.record_win`."""
        result: WinResult = self._write("record_win", code, seconds, moves)
        return result

    def record_ghost(self, maze_code: str, ghost_code: str, seconds: float) -> bool:
        """See :meth:`game.store.SaveStore.record_ghost`."""
        return bool(self._write("record_ghost", maze_code, ghost_code, seconds))

    def ghosts(self) -> list[SavedGhost]:
        """See :meth:`game.store.SaveStore.ghosts`."""
        return self._store().ghosts()

    def save_my_level(self, name: str, code: str) -> int:
        """See :meth:`game.store.SaveStore.save_my_level`."""
        return int(self._write("save_my_level", name, code))

    def my_levels(self) -> list[MyLevel]:
        """See :meth:`game.store.SaveStore.my_levels`."""
        return self._store().my_levels()

    def rename_my_level(self, level_id: int, name: str) -> bool:
        """See :meth:`game.store.SaveStore.rename_my_level`."""
        return bool(self._write("rename_my_level", level_id, name))

    def delete_my_level(self, level_id: int) -> bool:
        """See :meth:`game.store.SaveStore.delete_my_level`."""
        return bool(self._write("delete_my_level", level_id))

    def record_run(self, run: Run) -> None:
        """See :meth:`game.store.SaveStore.record_run`."""
        self._write("record_run", run)

    def note_analysis(self, replay: str, analysis: str) -> None:
        """See :meth:`game.store.SaveStore.note_analysis`."""
        self._write("note_analysis", replay, analysis)

    def runs(self) -> list[Run]:
        """See :meth:`game.store.SaveStore.runs`."""
        return self._store().runs()

    def bests(self) -> list[tuple[str, float | None, int | None, int]]:
        """See :meth:`game.store.SaveStore.bests`."""
        return self._store().bests()

    def close(self) -> None:
        """Stop trying and close (safe to call twice)."""
        self.stop.set()
        self.current.close()


__all__ = ["QUICK_BUSY_S", "RETRY_EVERY_S", "RetryingStore", "open_store"]
