"""Navigation is typed end to end: a wrong argument on the way to a screen is a mypy error, not a crash.

``Context.go(route, *args)`` is generic over the route function's own parameters, so mypy checks every navigation
call.  This test runs mypy (``mypy.api``) on a small file that calls the routes right and wrong and asserts that
exactly the wrong calls are reported.  Only the modules the snippet needs are read (the others are skipped), with
a cache in a temporary folder, so it takes a couple of seconds of CPU.
"""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent

SNIPPET = '''
from engine.modes.campaign import CampaignLevel
from game import routes
from game.context import Context


def right(ctx: Context, level: CampaignLevel) -> None:
    ctx.go(routes.level, level)
    ctx.go(routes.levels, focus=3)
    ctx.go(routes.menu)
    view = routes.code_entry(ctx, "M1", error="a sentence")


def wrong(ctx: Context, level: CampaignLevel) -> None:
    ctx.go(routes.level, 42)  # WRONG: an int where a campaign level is expected
    ctx.go(routes.levels, focus="3")  # WRONG: a string where an index is expected
    ctx.go(routes.level)  # WRONG: the level is missing
    ctx.go(routes.menu, level)  # WRONG: the menu takes no level
    routes.code_entry(ctx, 7)  # WRONG: a code is text
'''

CONFIG = """[mypy]
strict = True
follow_imports = skip
[mypy-game.context,game.routes,engine.modes.campaign]
follow_imports = silent
"""


def test_wrong_navigation_arguments_are_mypy_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    snippet = tmp_path / "navigation_snippet.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text(CONFIG, encoding="utf-8")
    monkeypatch.chdir(ROOT)  # the game and engine packages are found from here
    out, err, status = api.run(["--config-file", str(config), "--cache-dir", str(tmp_path / "cache"),
                                "--no-error-summary", "--show-error-codes", str(snippet)])
    assert err == "", err
    lines = SNIPPET.splitlines()
    wrong = {i + 1 for i, line in enumerate(lines) if "# WRONG" in line}
    reported = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    assert reported == wrong, out
    assert status == 1
    assert 'incompatible type "int"; expected "CampaignLevel"' in out, out
