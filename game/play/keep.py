"""Leaving a level in progress: ask first, keep the player's place, offer Resume / Restart when it reopens.

The place (cell, moves, time, trail: :meth:`engine.modes.play.PlaySession.snapshot`) is kept as
JSON in the store's settings under ``"resume:" + level code`` (:func:`place_key`), so the save
schema does not change; an empty value means nothing is kept.  A level without a code (made by
hand, the guided start) keeps nothing.  :class:`KeepPlace` is the play screen's part of it: the
question overlay (:class:`game.shell.prompt.ChoiceOverlay`) it shows, forwards keys to and draws.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from engine.modes.play import PLACE_SECONDS_MAX, PlaySession
from game.context import Context
from game.format import count, format_time
from game.shell.prompt import ChoiceOverlay
from game.store import SaveStore

PLACE_PREFIX = "resume:"
LEAVE_TITLE = "Leave this level?"


def place_key(code: str) -> str:
    """The settings key of the place kept for level ``code``."""
    return PLACE_PREFIX + code


def save_place(store: SaveStore, code: str, session: PlaySession) -> None:
    """Keep where ``session`` stands for level ``code`` (nothing for an empty code)."""
    if code:
        store.set_setting(place_key(code), json.dumps(session.snapshot(), separators=(",", ":")))


def saved_place(store: SaveStore, code: str) -> dict[str, Any] | None:
    """The place kept for level ``code``, or None (none kept, or not readable: never an error)."""
    if not code:
        return None
    text = store.setting(place_key(code))
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def forget_place(store: SaveStore, code: str) -> None:
    """Forget the place kept for level ``code`` (if any)."""
    if code and store.setting(place_key(code)):
        store.set_setting(place_key(code), "")


class KeepPlace:
    """The play screen's questions, mixed into :class:`game.play.screen.PlayScreen` (the body of the play screen
    and of the guided start; the guide has no code, so it keeps nothing).

    The screen provides ``ctx``, ``code``, ``session``, ``window`` and ``resumed(data)`` (show a restored place).
    """

    ctx: Context
    code: str
    session: PlaySession
    ask: ChoiceOverlay | None = None
    _offered = False  # the Resume / Restart question was considered (on the first show)

    def question_on_show(self) -> None:
        """On every show: the first time, offer to resume a kept place; later, show a question left open."""
        if not self._offered:
            self._offered = True
            self.offer_resume()
        elif self.ask is not None:
            self.ask.show()

    def question_on_hide(self) -> None:
        """The screen hides: the question's buttons stop taking clicks."""
        if self.ask is not None:
            self.ask.hide()

    def asking(self) -> bool:
        """True while a question is on screen (the clock stands, the maze takes no input)."""
        return self.ask is not None and self.ask.visible

    def waits(self) -> None:
        """The level's clock stops now (a question or the pause overlay came up); the screen overrides it."""

    def goes_on(self) -> None:
        """A question was answered: the level's clock may run again now; the screen overrides it."""

    def question_key(self) -> tuple[bool, int, bool]:
        """What of the question the picture shows (for the screen's frame key): up, focus, a button to redraw."""
        a = self.ask
        return (False, 0, False) if a is None else (a.visible, a.focus, a.needs_render())

    def put_question(
        self, title: str, line: str, choices: list[tuple[str, Callable[[], None]]], cancel: int = -1
    ) -> None:
        """Show a question (Esc picks choice ``cancel``); its answer closes it."""
        def answer(act: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                self.goes_on()  # the clock runs again from the answer (unless the answer leaves or pauses)
                act()
            return run

        self.ask = ChoiceOverlay(self.ctx, title, line, [(label, answer(act)) for label, act in choices], cancel)
        self.ask.show()
        self.waits()

    def ask_leave(self, leave: Callable[[], None]) -> bool:
        """Esc / Quit level: for a started, unfinished level ask "Leave this level?" (True); else False (leave)."""
        s = self.session
        if not s.started or s.finished:
            return False

        def go() -> None:
            self.ask = None
            save_place(self.ctx.store, self.code, s)
            leave()

        line = (
            "Your place, moves and time are kept: open the level again to resume."
            if self.code
            else "This level has no code: your place is not kept."
        )
        self.put_question(LEAVE_TITLE, line, [("Leave", go), ("Stay", self._answered)])
        return True

    def _answered(self) -> None:
        self.ask = None

    def offer_resume(self) -> None:
        """When a place is kept for this level: ask Resume (it is restored) or Restart (it is forgotten)."""
        data = saved_place(self.ctx.store, self.code)
        if data is None:
            return
        moves, seconds = data.get("moves"), data.get("elapsed")
        line = (
            f"You left it after {count(moves, 'move')} and {format_time(float(seconds))}."
            if isinstance(moves, int) and moves >= 0 and isinstance(seconds, (int, float))
            and math.isfinite(seconds) and 0 <= seconds < PLACE_SECONDS_MAX
            else ""  # a hand-edited place ("elapsed": 1e999 reads as infinity) says nothing rather than fail
        )

        def resume() -> None:
            self.ask = None
            try:
                self.session.restore(data)
            except ValueError:
                forget_place(self.ctx.store, self.code)
                return
            self.resumed()

        def restart() -> None:
            self.ask = None
            forget_place(self.ctx.store, self.code)

        self.put_question("Resume this level?", line, [("Resume", resume), ("Restart", restart)], cancel=0)

    def resumed(self) -> None:
        """The session was put back at a kept place: redraw its trail (the screen overrides this)."""
