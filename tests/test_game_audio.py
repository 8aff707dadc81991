"""Sound: which music each screen plays, mute, the two volumes (saved), and the effects at their moments.

The shared ``ctx`` fixture's :class:`game.audio.Audio` is ``enabled=False``: nothing
sounds, but the logic (``played``, ``track``, ``playing``) runs the same.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import wave

import arcade
import numpy as np

import game
from engine.puzzle.codes import shuffle_code
from game import routes
from game.audio import NAMES, SOUND_DIR, TRACKS, Audio
from game.bases.screen import Screen
from game.context import Context
from game.store import Store


def test_music_follows_the_screens_menu_play_menu(window, ctx):
    audio = ctx.audio
    assert audio.track is None
    ctx.go(routes.menu)
    assert audio.track == "menu" and audio.playing == "menu"
    play = ctx.go(routes.level, ctx.campaign.levels[0])
    assert audio.track == "maze"
    ctx.go(routes.settings, back_to=play)  # settings and help keep the music of the screen below
    assert audio.track == "maze"
    ctx.go(routes.help_screen, back_to=play)
    assert audio.track == "maze"
    ctx.show(play)
    ctx.go(routes.menu)
    assert audio.track == "menu"
    for route in (routes.levels, routes.race_setup, routes.puzzle_setup, routes.lab_setup):
        ctx.go(route)
        assert audio.track == "menu", route
    code = ctx.campaign.levels[0].code()
    for route in (routes.race_duo, routes.lab, routes.puzzle):
        ctx.go(routes.menu)
        ctx.show(route(ctx, code if route is not routes.puzzle else shuffle_code(3, 3, 5).code()))
        assert audio.track == "maze", route


def test_mute_and_music_volume_zero_stop_the_music_and_unmute_brings_it_back(window, ctx):
    ctx.go(routes.menu)
    ctx.set_mute(True)
    assert ctx.audio.playing is None and ctx.audio.track == "menu"
    ctx.go(routes.level, ctx.campaign.levels[0])
    assert ctx.audio.playing is None and ctx.audio.track == "maze"
    ctx.set_mute(False)
    assert ctx.audio.playing == "maze"
    ctx.set_volume(0.0, "music")
    assert ctx.audio.playing is None
    ctx.change_volume("music", 0.1)
    assert ctx.audio.playing == "maze"


def test_volumes_clamp_save_and_come_back(window, tmp_path):
    path = tmp_path / "tessera.db"
    c = Context(window, store=Store(path), audio=Audio(enabled=False))
    assert c.store.setting("music_volume") == ""
    c.set_volume(1.7)
    c.set_volume(-3, "music")
    assert (c.audio.volume, c.audio.music_volume) == (1.0, 0.0)
    c.set_volume(0.4)
    for _ in range(3):
        c.change_volume("music", 0.1)
    c.change_volume("effects", -0.1)
    assert (c.audio.volume, c.audio.music_volume) == (0.3, 0.3)
    c.set_mute(True)
    c.store.close()
    again = Context(window, store=Store(path))  # the real Audio, built from the saved settings
    try:
        assert (again.audio.volume, again.audio.music_volume, again.audio.mute) == (0.3, 0.3, True)
        assert again.audio.playing is None
    finally:
        again.audio.stop_music()
        again.store.close()


def test_old_saves_keep_their_volume_as_the_effects_volume_and_music_starts_at_half(window, tmp_path):
    store = Store(tmp_path / "tessera.db")
    store.set_setting("volume", 0.4)
    c = Context(window, store=store)
    try:
        assert (c.audio.volume, c.audio.music_volume) == (0.4, 0.5)
    finally:
        c.audio.stop_music()
        store.close()


def test_real_audio_plays_music_and_effects_or_stays_silent():
    audio = Audio(volume=0.5, music_volume=0.3)
    for name in NAMES:
        audio.play(name)
    audio.music("menu")
    audio.music("maze")
    audio.music_volume = 0.6
    audio.mute = True
    audio.mute = False
    audio.music("no such track")  # missing file: silence, no error
    assert audio.playing == "no such track"
    audio.stop_music()
    audio._tick(10.0)  # the fades' clock may not run in tests: finish them by hand
    assert audio.playing is None and not audio._fades


def test_every_screen_that_overrides_on_show_view_starts_its_music():
    for info in pkgutil.walk_packages(game.__path__, "game."):
        importlib.import_module(info.name)
    seen = []

    def walk(cls: type) -> None:
        for sub in cls.__subclasses__():
            if "on_show_view" in vars(sub):
                seen.append(sub.__name__)
                assert "super().on_show_view()" in inspect.getsource(sub.on_show_view), sub
            assert sub.music in (None, *TRACKS), sub
            walk(sub)

    walk(Screen)
    assert {"BaseView", "PlayScreen", "RaceView", "PuzzleView"} <= set(seen)  # PlayScreen: the body of PlayView


def test_music_files_loop_cleanly_and_do_not_clip():
    for name in TRACKS:
        with wave.open(str(SOUND_DIR / f"music_{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            data = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float64) / 32767
        assert 25 <= len(data) / 22050 <= 60
        assert np.abs(data).max() <= 0.9
        assert abs(data[0] - data[-1]) < 0.05  # the loop point: the end flows into the start


def test_pause_lists_the_volume_buttons_in_the_settings_order_and_arrows_follow_the_focus(window, ctx):
    from game.shell.settings import SettingsView

    play = ctx.go(routes.level, ctx.campaign.levels[0])
    settings = SettingsView(ctx)

    def volume_labels(labels: list[str]) -> list[str]:
        return [text.split("(")[0].strip() for text in labels if text.startswith(("Effects", "Music"))]

    in_settings = volume_labels([b.text for b in settings.buttons])
    assert in_settings == ["Effects -", "Effects +", "Music -", "Music +"]
    assert volume_labels(play.pause.labels) == in_settings
    pause = play.pause
    ctx.set_volume(0.5)
    ctx.set_volume(0.5, "music")
    pause.activate(pause.labels.index("Music +"))
    pause.activate(pause.labels.index("Effects -"))
    assert (ctx.audio.volume, ctx.audio.music_volume) == (0.4, 0.6)
    assert pause.volume.text == "Effects 40 %   ·   Music 60 %"
    pause.focus = pause.labels.index("Music -")
    pause.on_key_press(arcade.key.LEFT)
    assert ctx.audio.music_volume == 0.5
    pause.focus = 0
    pause.on_key_press(arcade.key.RIGHT)
    assert (ctx.audio.volume, ctx.audio.music_volume) == (0.5, 0.5)
    assert ctx.store.setting("volume") == "0.5" and ctx.store.setting("music_volume") == "0.5"


def test_the_audio_thread_naps_a_tenth_of_a_second_between_refills():
    """pyglet's audio thread woke 50 times a second while the music played (1.2 % of a core on an idle level);
    an enabled Audio makes it sleep AUDIO_NAP, well inside the players' 0.6 s refill margin."""
    from pyglet.media.player_worker_thread import PlayerWorkerThread

    from game.audio import AUDIO_NAP, Audio

    PlayerWorkerThread._nap_time = 0.02
    Audio(enabled=True)
    assert PlayerWorkerThread._nap_time == AUDIO_NAP and 0.02 < AUDIO_NAP <= 0.2


def test_the_launch_skips_ffmpeg_and_searches_each_library_once():
    import subprocess
    import sys

    probe = """
import ctypes.util, sys
from game.audio import quicker_media_start
from engine.paths import shipped_dir
calls = []
real = ctypes.util.find_library
ctypes.util.find_library = lambda name: calls.append(name) or real(name)
assert quicker_media_start()
ctypes.util.find_library('surely-not-a-library-xyz'); ctypes.util.find_library('surely-not-a-library-xyz')
assert calls == ['surely-not-a-library-xyz'], calls
import pyglet
pyglet.options['audio'] = ('silent',)
pyglet.options['shadow_window'] = False
import pyglet.media
from pyglet.media.codecs import have_ffmpeg
from pyglet.media.codecs.wave import WaveDecoder
assert not have_ffmpeg()
names = sorted(p.name for p in shipped_dir('assets').joinpath('sounds').glob('*.wav'))
for name in names:
    sound = pyglet.media.load(str(shipped_dir('assets') / 'sounds' / name), streaming=False)
    assert sound.duration and sound.duration > 0, name
assert not quicker_media_start()  # pyglet.media is imported: nothing changes
print(len(names))
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert int(out.stdout.split()[-1]) >= 10  # every shipped sound decodes without FFmpeg
