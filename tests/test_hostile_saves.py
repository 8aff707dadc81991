"""A hand-edited save never stops the game (issue 46, item 4): every value read from the save is checked like
input at one place (:mod:`game.save_values`), set aside with a message, never a crash.

The property test writes hostile values (wrong types, huge text, deep JSON, NUL, negative, NaN, infinity) into
every column of every table of the save schema, then starts the game on it, opens every screen that reads the
save (headless, one shared window) and runs ``tessera records --csv``: nothing may raise.  The cases of the
issue are examples of it, and each has a test of its own saying what the player gets instead.
"""

from __future__ import annotations

import io
import math
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arcade import key
from hostile_save import CODE, COLUMNS, DEEP, HOSTILE_VALUES, HUGE, SETTINGS, base_save, write_hostile
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from engine.cli import main
from game import launcher, routes
from game import save_values as check
from game.audio import Audio
from game.context import Context
from game.store import Store

HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.text(max_size=30),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(),
    st.binary(max_size=20),
)


def screens(ctx: Context) -> dict[str, Callable[[], Any]]:
    """Every screen that reads the save, built on ``ctx``."""
    first = ctx.campaign.levels[0]
    return {
        "menu": lambda: routes.menu(ctx, greet=True),
        "levels": lambda: routes.levels(ctx),
        "level (resume)": lambda: routes.level(ctx, first),
        "my levels": lambda: routes.my_levels(ctx),
        "settings": lambda: routes.settings(ctx),
        "keys": lambda: routes.keys(ctx, lambda: None),
        "help": lambda: routes.help_screen(ctx),
        "dailies": lambda: routes.dailies(ctx),
        "records": lambda: routes.records(ctx),
        "race setup": lambda: routes.race_setup(ctx),
        "puzzle setup": lambda: routes.puzzle_setup(ctx),
        "lab setup": lambda: routes.lab_setup(ctx),
        "lab folder": lambda: routes.lab_folder(ctx),
        "code entry": lambda: routes.code_entry(ctx),
    }


def open_everything(window: Any, path: Path, monkeypatch: pytest.MonkeyPatch) -> Context:
    """Start the game on the save at ``path`` and open every screen (two frames each; Esc on a kept place's
    question resumes it); then ``records --csv``.  Returns the context (its store closed)."""
    ctx = Context(window, store=Store(path), audio=Audio(enabled=False))
    try:
        for make in screens(ctx).values():
            view = make()
            window.show_view(view)
            view.on_update(1 / 60)
            view.on_draw()
            window.dispatch_event("on_key_press", key.ESCAPE, 0)  # the resume question: Esc resumes
            window.dispatch_event("on_key_release", key.ESCAPE, 0)
            if window.current_view is view:
                view.on_update(1 / 60)
                view.on_draw()
    finally:
        window.hide_view()
        ctx.store.close()
    monkeypatch.setenv("TESSERA_HOME", str(path.parent))
    out, err = io.StringIO(), io.StringIO()
    code = main(["records", "--csv", "-"], out=out, err=err, open_records=launcher.open_records)
    assert code == 0 and "internal error" not in err.getvalue(), err.getvalue()
    assert out.getvalue().startswith("kind,key,"), out.getvalue()
    return ctx


@pytest.fixture(scope="module")
def level_code(window, tmp_path_factory) -> str:
    ctx = Context(window, store=Store(tmp_path_factory.mktemp("code") / "tessera.db"), audio=Audio(enabled=False))
    try:
        return str(routes.level(ctx, ctx.campaign.levels[0]).code)
    finally:
        ctx.store.close()


@pytest.fixture(scope="module")
def base(level_code, tmp_path_factory) -> bytes:
    """The bytes of :func:`base_save`'s save (each example starts from a copy)."""
    path = tmp_path_factory.mktemp("base") / "tessera.db"
    base_save(path, level_code)
    return path.read_bytes()


@settings(max_examples=3, phases=[Phase.explicit, Phase.generate],  # no shrinking: one example opens 14 screens
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(values=st.fixed_dictionaries({col: HOSTILE for col in COLUMNS}))
@example(values={col: DEEP for col in COLUMNS})
@example(values={col: HUGE for col in COLUMNS})
@example(values={col: "abc" for col in COLUMNS})
@example(values={col: math.nan for col in COLUMNS})
def test_every_screen_opens_with_hostile_values_in_every_column(window, base, tmp_path_factory, monkeypatch, values):
    path = tmp_path_factory.mktemp("hostile") / "tessera.db"
    path.write_bytes(base)
    write_hostile(path, values)
    open_everything(window, path, monkeypatch)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(column=st.sampled_from(COLUMNS), value=HOSTILE)
@example(column=("settings", "value"), value=DEEP)
@example(column=("best", "best_time"), value="abc")
@example(column=("ghosts", "seconds"), value="abc")
@example(column=("my_levels", "name"), value=HUGE)
def test_every_read_of_the_store_survives_one_hostile_column(tmp_path_factory, base, column, value):
    path = tmp_path_factory.mktemp("column") / "tessera.db"
    path.write_bytes(base)
    write_hostile(path, {column: value})
    store = Store(path)
    try:
        assert store.saving  # a hostile value is not damage: the save is used, nothing is set aside as a file
        for name in SETTINGS:
            assert isinstance(store.setting(name), str)
        store.unlocked(), store.stars(), store.ghosts(), store.runs()
        assert all(isinstance(b[0], str) and (b[1] is None or math.isfinite(b[1])) for b in store.bests())
        assert all(len(m.name) <= 60 and m.name.isprintable() for m in store.my_levels())
        store.record_win(CODE, 2.0, 5), store.record_ghost(CODE, "G2.x", 1.0), store.best(CODE)
    finally:
        store.close()


# -- the cases, each with what the player gets instead --------------------------------------------------
def edit(path: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(sql, params)
    conn.close()


def test_keys_nested_1000_deep_start_the_game_with_the_default_keys_and_a_message(window, tmp_path, level_code,
                                                                                   monkeypatch):
    path = tmp_path / "tessera.db"
    base_save(path, level_code)
    edit(path, "UPDATE settings SET value = ? WHERE key = 'keys'", DEEP)
    ctx = open_everything(window, path, monkeypatch)
    assert ctx.keys.dumps() == "{}"  # the defaults
    store = Store(path)
    try:
        assert store.setting("keys") == ""
        assert store.message is not None and "set aside" in store.message and "nested more than 32" in store.message
    finally:
        store.close()


def test_a_deep_resume_place_opens_the_level_afresh(window, tmp_path, level_code, monkeypatch):
    path = tmp_path / "tessera.db"
    base_save(path, level_code)
    edit(path, "UPDATE settings SET value = ? WHERE key = ?", DEEP, "resume:" + level_code)
    store = Store(path)
    try:
        assert store.setting("resume:" + level_code) == ""
    finally:
        store.close()
    open_everything(window, path, monkeypatch)


@pytest.mark.parametrize("place", ['{"moves": 1, "elapsed": 1e999}', '{"moves": -3, "elapsed": 2}',
                                   '{"moves": 2, "elapsed": -1}'])
def test_a_kept_place_with_an_impossible_clock_asks_without_its_line(window, ctx, place):
    """A hand-edited place whose clock is infinite (JSON's 1e999), negative, or whose moves are negative opens
    the level and asks Resume / Restart without "You left it after ..." (it raised OverflowError)."""
    from game.play.keep import place_key
    from game.play.open import open_level

    level = ctx.campaign.levels[0]
    ctx.store.set_setting(place_key(level.code()), place)
    view = open_level(ctx, level)
    window.show_view(view)
    view.on_draw()
    assert view.ask is not None and "You left it" not in view.ask.line_value


def test_a_text_best_time_reads_as_no_best_in_records_csv(tmp_path, level_code, monkeypatch):
    path = tmp_path / "tessera.db"
    base_save(path, level_code)
    edit(path, "UPDATE best SET best_time = 'fast' WHERE code = ?", CODE)
    monkeypatch.setenv("TESSERA_HOME", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    assert main(["records", "--csv", "-"], out=out, err=err, open_records=launcher.open_records) == 0
    assert f"maze,{CODE},1,,7" in out.getvalue()  # the best is listed, its time set aside
    assert "set aside" in err.getvalue() and err.getvalue().count("\n") == 2, err.getvalue()


def test_a_text_ghost_time_leaves_that_ghost_out(tmp_path, level_code):
    path = tmp_path / "tessera.db"
    base_save(path, level_code)
    edit(path, "UPDATE ghosts SET seconds = 'slow'")
    store = Store(path)
    try:
        assert store.ghosts() == [] and "a ghost's time" in (store.message or "")
        assert store.record_ghost(CODE, "G2.y", 50.0)  # a new ghost takes the place of the unreadable one
    finally:
        store.close()


@pytest.mark.parametrize("folder", ["/tmp/a\x00b", "/tmp/" + "x" * 300, "/" + "y/" * 3000])
def test_an_unusable_export_folder_is_set_aside(tmp_path, level_code, folder):
    path = tmp_path / "tessera.db"
    base_save(path, level_code)
    edit(path, "UPDATE settings SET value = ? WHERE key = 'export_dir'", folder)
    store = Store(path)
    try:
        assert store.setting("export_dir") == "" and "export_dir" in (store.message or "")
    finally:
        store.close()


def test_a_million_character_level_name_is_cut_to_the_name_limit(tmp_path, level_code):
    path = tmp_path / "tessera.db"
    base_save(path, level_code)
    edit(path, "UPDATE my_levels SET name = ?", HUGE)
    store = Store(path)
    try:
        (mine,) = store.my_levels()
        assert mine.code == CODE and len(mine.name) == 60 and mine.name.endswith("…")
    finally:
        store.close()


def test_the_checks_refuse_what_they_should():
    assert isinstance(check.seconds(math.nan, "t"), check.Refused)
    assert isinstance(check.seconds(-1.0, "t"), check.Refused)
    assert check.seconds(2, "t") == 2.0
    assert isinstance(check.count(True, "c"), check.Refused) and check.count(3.0, "c") == 3
    assert isinstance(check.setting("keys", DEEP), check.Refused)
    assert check.setting("volume", 0.5) == "0.5"
    assert check.name("a\nb", "n") == "a b"
