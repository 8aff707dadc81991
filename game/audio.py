"""Sound effects and music loops from ``assets/sounds/*.wav``.

Effects (:data:`NAMES`) play once at the effects volume; music (:data:`TRACKS`,
``music_<name>.wav``) loops at the music volume.  The screens choose the music:
each :class:`game.bases.screen.Screen` names its track in a ``music`` class attribute
and its ``on_show_view`` calls :meth:`Audio.music`; a new track fades in while the
old one fades out.  Mute silences both (the wanted track is kept and comes back on
unmute).

Every failure (no audio device, missing file, driver error) is swallowed: the
game then runs silently.  Volumes are 0..1.
"""

from __future__ import annotations

from typing import Any

from engine.paths import shipped_dir

SOUND_DIR = shipped_dir("assets") / "sounds"
NAMES = ("step", "bump", "win", "click", "stairs", "hint", "race_start", "star",
         "key", "door", "switch", "hunter", "caught")  # the last five: a puzzle maze's rules
#: Music loops: ``assets/sounds/music_<name>.wav``.
TRACKS = ("menu", "maze")
#: The player volume of the music at 100 %: the loops (peak 0.85, steady) sit under the short effects.
MUSIC_LEVEL = 0.6
#: Seconds a track takes to fade in or out when the music changes.
FADE_SECONDS = 0.8
_FADE_TICK = 1 / 20

#: The volume buttons of the Settings screen and the pause overlay, in this order in both:
#: (label, channel "effects" | "music", step).
VOLUME_BUTTONS = (("Effects -", "effects", -0.1), ("Effects +", "effects", 0.1),
                  ("Music -", "music", -0.1), ("Music +", "music", 0.1))


def clamp_volume(value: float) -> float:
    """``value`` limited to 0..1 and rounded to hundredths (what the settings save)."""
    return max(0.0, min(1.0, round(value, 2)))


AUDIO_NAP = 0.1
"""Seconds pyglet's audio thread sleeps between refills while a sound or the music plays (pyglet's own: 0.02).
Its players keep 0.9 s of sound buffered and refill below 0.6 s, so 0.1 s leaves half a second to spare, and a
new sound wakes the thread at once; the music's thread then costs about 0.2 % of a core, not 1.2 % (an idle level
with its clock and the music running: 2.1-2.4 -> 1.3-1.4 % of a core, ``bench/bench_frames.py``)."""


_FOUND: dict[str, str | None] = {}  # ctypes.util.find_library's answers in this process (see quicker_media_start)


def quicker_media_start() -> bool:
    """Call before arcade (and so ``pyglet.media``) is imported: the launch skips what the game does not use.

    - **FFmpeg is not probed**: the game's sounds are WAV files, which pyglet reads itself; probing for FFmpeg
      looks for its libraries (three searches of ``ldconfig``, ~0.13 s, where it is missing) or loads them.
    - **Each library is searched for once**: pyglet asks ``ctypes.util.find_library`` again for a library it did
      not find (OpenAL, PulseAudio on a machine without them: a program run each time); the answer is kept.

    Returns False (nothing changed) when ``pyglet.media`` is already imported.
    """
    import ctypes.util
    import sys

    if "pyglet.media" in sys.modules:
        return False
    sys.modules.setdefault("pyglet.media.codecs.ffmpeg_lib", None)  # type: ignore[arg-type]  # None: import fails
    original = ctypes.util.find_library
    if getattr(original, "tessera_kept", False):
        return True

    def find_library(name: str) -> str | None:
        if name not in _FOUND:
            _FOUND[name] = original(name)
        return _FOUND[name]

    find_library.tessera_kept = True  # type: ignore[attr-defined]
    ctypes.util.find_library = find_library
    return True


def relax_audio_worker(nap: float = AUDIO_NAP) -> bool:
    """Let pyglet's audio thread sleep ``nap`` seconds between refills; False when this pyglet has no such
    thread (nothing changed)."""
    try:
        from pyglet.media.player_worker_thread import PlayerWorkerThread
    except Exception:  # another pyglet: its own pace
        return False
    if not isinstance(getattr(PlayerWorkerThread, "_nap_time", None), float):
        return False
    PlayerWorkerThread._nap_time = nap
    return True


class Audio:
    """Loads the effects once (music on first use) and plays them at the current volumes.

    Args:
        volume: effects volume, 0..1.
        mute: start muted.
        enabled: False skips loading and playing entirely (tests, benchmarks); the logic
            (:attr:`played`, :attr:`track`, :attr:`playing`) still runs.
        music_volume: music volume, 0..1.
    """

    def __init__(self, volume: float = 0.7, mute: bool = False, enabled: bool = True,
                 music_volume: float = 0.5) -> None:
        self.volume = clamp_volume(volume)
        self._music_volume = clamp_volume(music_volume)
        self._mute = mute
        self.enabled = enabled
        self.sounds: dict[str, Any] = {}
        self.played: list[str] = []  # names played, newest last (kept short; tests read it)
        #: The music the current screen wants (kept while muted); None: none chosen yet.
        self.track: str | None = None
        self._loops: dict[str, Any] = {}  # loaded music, by track name
        self._player: Any = None  # the pyglet player of the sounding track
        self._player_track: str | None = None
        self._fades: dict[Any, float] = {}  # fading players -> target volume (0: stopped when reached)
        self._ticking = False
        if enabled:
            self._load()

    def _load(self) -> None:
        try:
            import arcade
        except Exception:  # no audio is never fatal
            return
        relax_audio_worker()
        for name in NAMES:
            try:
                self.sounds[name] = arcade.load_sound(SOUND_DIR / f"{name}.wav")
            except Exception:
                continue

    # -- effects --------------------------------------------------------------
    def play(self, name: str, volume_scale: float = 1.0) -> None:
        """Play one effect by name (silently ignored if muted or unavailable)."""
        self.played.append(name)
        del self.played[:-20]
        if self._mute or self.volume <= 0.0:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            snd.play(volume=self.volume * volume_scale)
        except Exception:  # a broken device must not stop the game
            self.sounds.pop(name, None)

    # -- music ----------------------------------------------------------------
    @property
    def mute(self) -> bool:
        """True silences effects and music."""
        return self._mute

    @mute.setter
    def mute(self, value: bool) -> None:
        self._mute = value
        self._sync()

    @property
    def music_volume(self) -> float:
        """The music volume, 0..1 (0 stops the music)."""
        return self._music_volume

    @music_volume.setter
    def music_volume(self, value: float) -> None:
        self._music_volume = clamp_volume(value)
        self._sync()

    @property
    def playing(self) -> str | None:
        """The track that sounds (the wanted one unless muted or at volume 0), else None."""
        if self._mute or self._music_volume <= 0.0:
            return None
        return self.track

    def music(self, name: str | None) -> None:
        """Loop the music ``name`` (one of :data:`TRACKS`); None keeps whatever plays."""
        if name is None or name == self.track:
            return
        self.track = name
        self._sync()

    def stop_music(self) -> None:
        """No music until the next :meth:`music` call."""
        self.track = None
        self._sync()

    def _sync(self) -> None:
        """Make the player follow :attr:`playing` and the music volume."""
        want = self.playing if self.enabled else None
        if want == self._player_track:
            if self._player is not None:
                self._set_volume(self._player, self._music_volume * MUSIC_LEVEL)
            return
        if self._player is not None:
            self._fade(self._player, 0.0)
        self._player, self._player_track = None, None
        if want is None:
            return
        player = self._start(want)
        if player is not None:
            self._player, self._player_track = player, want
            self._fade(player, self._music_volume * MUSIC_LEVEL)

    def _start(self, name: str) -> Any:
        """A looping player of track ``name`` at volume 0, or None if it cannot play."""
        try:
            loop = self._loops.get(name)
            if loop is None:
                import arcade

                loop = self._loops[name] = arcade.load_sound(SOUND_DIR / f"music_{name}.wav")
            return loop.play(volume=0.0, loop=True)
        except Exception:  # no device, no file: no music
            return None

    def _set_volume(self, player: Any, volume: float) -> None:
        self._fades.pop(player, None)
        try:
            player.volume = volume
        except Exception:
            pass

    def _fade(self, player: Any, target: float) -> None:
        """Move ``player`` to ``target`` volume (full scale in :data:`FADE_SECONDS`); at 0 it is stopped."""
        self._fades[player] = target
        if self._ticking:
            return
        try:
            import pyglet

            pyglet.clock.schedule_interval(self._tick, _FADE_TICK)
            self._ticking = True
        except Exception:  # no clock: stop at once what should fade out
            self._tick(FADE_SECONDS)

    def _tick(self, dt: float) -> None:
        """One fade step of every fading player; stops those faded out, and itself when none is left."""
        step = max(dt, _FADE_TICK) / FADE_SECONDS
        for player, target in list(self._fades.items()):
            try:
                v = float(player.volume)
                v = min(target, v + step) if v < target else max(target, v - step)
                player.volume = v
                if v == target:
                    del self._fades[player]
                    if target == 0.0 and player is not self._player:
                        import arcade

                        arcade.stop_sound(player)
            except Exception:  # a dead player is simply forgotten
                self._fades.pop(player, None)
        if not self._fades and self._ticking:
            try:
                import pyglet

                pyglet.clock.unschedule(self._tick)
            except Exception:
                pass
            self._ticking = False
