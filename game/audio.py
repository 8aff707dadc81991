"""Sound effects (step, bump, win, click) from ``assets/sounds/*.wav``.

Every failure (no audio device, missing file, driver error) is swallowed: the
game then runs silently.  Volume is 0..1; mute silences everything.
"""

from __future__ import annotations

from typing import Any

from engine.paths import shipped_dir

SOUND_DIR = shipped_dir("assets") / "sounds"
NAMES = ("step", "bump", "win", "click", "stairs", "hint", "race_start", "star")


class Audio:
    """Loads the effects once and plays them at the current volume.

    Args:
        volume: 0..1.
        mute: start muted.
        enabled: False skips loading entirely (tests, benchmarks).
    """

    def __init__(self, volume: float = 0.7, mute: bool = False, enabled: bool = True) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.mute = mute
        self.sounds: dict[str, Any] = {}
        self.played: list[str] = []  # names played, newest last (kept short; tests read it)
        if enabled:
            self._load()

    def _load(self) -> None:
        try:
            import arcade
        except Exception:  # noqa: BLE001 - no audio is never fatal
            return
        for name in NAMES:
            try:
                self.sounds[name] = arcade.load_sound(SOUND_DIR / f"{name}.wav")
            except Exception:  # noqa: BLE001
                continue

    def play(self, name: str, volume_scale: float = 1.0) -> None:
        """Play one effect by name (silently ignored if muted or unavailable)."""
        self.played.append(name)
        del self.played[:-20]
        if self.mute or self.volume <= 0.0:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            snd.play(volume=self.volume * volume_scale)
        except Exception:  # noqa: BLE001 - a broken device must not stop the game
            self.sounds.pop(name, None)
