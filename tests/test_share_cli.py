"""``tessera share``: link first, code, description; JSON; QR files read back; the desktop link handler."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from engine.cli import main
from engine.codes import decode_any
from engine.share import desktop
from engine.share.links import link_for
from engine.share.qr import BORDER, QrError, make_qr, qr_matrix, write_qr
from tests.test_codes import valid_codes
from tests.test_level_code import typo_codes

KINDS = ("maze", "race", "ghost", "puzzle", "level")


def one_of(kind: str) -> str:
    return (typo_codes() if kind == "level" else valid_codes(kind))[5]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("kind", KINDS)
def test_share_prints_the_link_first_then_the_code_and_a_description(kind):
    code = one_of(kind)
    for given in (code, link_for(code), code.lower()):
        status, out, err = run("share", given)
        assert status == 0, err
        link, again, description = out.splitlines()
        assert (link, again) == (link_for(code), code)
        assert description.startswith(f"{kind}: ")
        assert decode_any(link) == decode_any(code)


@pytest.mark.parametrize("kind", KINDS)
def test_share_json(kind):
    code = one_of(kind)
    status, out, _ = run("share", code, "--format", "json")
    info = json.loads(out)
    assert status == 0 and info["link"] == link_for(code) and info["code"] == code and info["kind"] == kind


@pytest.mark.parametrize(
    ("argv", "phrase"),
    [
        (["share"], "give a code"),
        (["share", "tessera://%2"], "broken escape"),
        (["share", "M2.S20X15.WI#1KA-ID"], "typo"),
        (["share", "M2.S20X15.WI#1KA-IC", "--qr", "x.gif"], ".png or .svg"),
        (["share", "M2.S20X15.WI#1KA-IC", "--register"], "take no code"),
        (["share", "--register", "--unregister"], "not allowed with"),
    ],
)
def test_share_errors_are_one_line_and_exit_2(argv, phrase):
    status, out, err = run(*argv)
    assert status == 2 and phrase in err and err.count("\n") == 1 and "Traceback" not in err


def read_png_modules(path, side: int, scale: int) -> list[list[bool]]:
    """The module matrix of a QR PNG, read back from its pixels (the centre pixel of each module)."""
    pixels = np.asarray(Image.open(path).convert("L"))
    assert pixels.shape == (side * scale, side * scale)
    centres = pixels[scale // 2 :: scale, scale // 2 :: scale]
    return (centres < 128).tolist()


@pytest.mark.parametrize("kind", KINDS)
def test_qr_png_and_svg_hold_the_link(kind, tmp_path):
    """The PNG's pixels give back the module matrix of the link (re-encoded by segno), for every kind."""
    link = link_for(one_of(kind))
    png = tmp_path / "level.png"
    status, _, err = run("share", one_of(kind), "--qr", str(png))
    assert status == 0 and "QR code" in err
    matrix = qr_matrix(link)
    assert read_png_modules(png, len(matrix), 8) == matrix
    assert matrix != qr_matrix(link + "0")  # the matrix depends on the text
    svg = tmp_path / "level.svg"
    side = write_qr(link, svg)
    assert side + 2 * BORDER == len(matrix) and svg.read_text().lstrip().startswith("<?xml")


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) is not installed")
@pytest.mark.parametrize("kind", KINDS)
def test_a_stock_reader_reads_the_link_back(kind, tmp_path):
    link = link_for(one_of(kind))
    png = tmp_path / "qr.png"
    write_qr(link, png, scale=4)
    read = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True, timeout=60)
    assert read.stdout.strip() == link


def test_too_long_for_a_qr_code_is_one_sentence():
    with pytest.raises(QrError, match="too long for a QR code"):
        make_qr("tessera://" + "G" * 3000)


# -- the desktop handler -------------------------------------------------------------------------------------
COMMAND = ["/opt/my games/tessera", "play"]


def test_register_writes_the_entry_and_the_default_and_unregister_removes_exactly_them(tmp_path):
    apps = tmp_path / "applications"
    done = desktop.register(COMMAND, tmp_path)
    entry = (apps / desktop.DESKTOP_FILE).read_text()
    assert 'Exec="/opt/my games/tessera" play %u' in entry and "MimeType=x-scheme-handler/tessera;" in entry
    assert (
        apps / "mimeapps.list"
    ).read_text() == "[Default Applications]\nx-scheme-handler/tessera=tessera-link.desktop;\n"
    assert len(done) == 2
    desktop.unregister(tmp_path)
    assert sorted(p.name for p in apps.iterdir()) == []  # it created both files, both are gone


def test_unregister_keeps_the_players_own_associations(tmp_path):
    apps = tmp_path / "applications"
    apps.mkdir()
    mine = "[Default Applications]\ntext/html=firefox.desktop\n\n[Added Associations]\nimage/png=gimp.desktop;\n"
    (apps / "mimeapps.list").write_text(mine)
    (apps / "other.desktop").write_text("[Desktop Entry]\n")
    desktop.register(COMMAND, tmp_path)
    assert "x-scheme-handler/tessera=tessera-link.desktop;" in (apps / "mimeapps.list").read_text()
    desktop.register(COMMAND, tmp_path)  # twice: still one line, still removable
    assert (apps / "mimeapps.list").read_text().count("tessera-link") == 1
    desktop.unregister(tmp_path)
    assert (apps / "mimeapps.list").read_text() == mine
    assert sorted(p.name for p in apps.iterdir()) == ["mimeapps.list", "other.desktop"]
    assert desktop.unregister(tmp_path) == [f"nothing to remove: {apps / desktop.DESKTOP_FILE} is not there"]


def test_another_default_handler_is_left_alone(tmp_path):
    apps = tmp_path / "applications"
    apps.mkdir()
    theirs = "[Default Applications]\nx-scheme-handler/tessera=other.desktop;\n"
    (apps / "mimeapps.list").write_text(theirs)
    done = desktop.register(COMMAND, tmp_path)
    assert "other.desktop is the default" in done[-1]
    desktop.unregister(tmp_path)
    assert (apps / "mimeapps.list").read_text() == theirs


def test_exec_quoting_follows_the_desktop_entry_spec():
    entry = desktop.desktop_entry(['/a b/py"t$h\\on', "-m", "100%"])
    assert 'Exec="/a b/py\\\\"t\\\\$h\\\\\\\\on" -m 100%% %u' in entry


def test_the_cli_registers_under_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    status, out, _ = run("share", "--register")
    assert status == 0 and str(tmp_path / "applications" / desktop.DESKTOP_FILE) in out
    assert desktop.data_home() == tmp_path
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # the spec ignores a relative path
    assert desktop.data_home() != tmp_path and desktop.data_home().is_absolute()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    status, out, _ = run("share", "--unregister")
    assert status == 0 and not (tmp_path / "applications" / desktop.DESKTOP_FILE).exists()


@pytest.mark.skipif(shutil.which("gio") is None, reason="GLib's gio is not installed")
def test_glib_finds_the_handler(tmp_path):
    """GLib (what GNOME, Firefox and xdg-open on many desktops use) sees the entry as the link handler
    (GLib skips entries whose program does not exist, so this one runs this Python)."""
    desktop.register([sys.executable, "-m", "game.launcher", "play"], tmp_path / "data")
    env = {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_DIRS": str(tmp_path / "none"),
        "HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }
    got = subprocess.run(
        ["gio", "mime", "x-scheme-handler/tessera"], capture_output=True, text=True, env=env, timeout=60
    )
    assert "Default application for" in got.stdout and "tessera-link.desktop" in got.stdout
