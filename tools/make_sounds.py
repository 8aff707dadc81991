"""Generate the game's sound effects as 16-bit mono WAV files with numpy.

Run ``python tools/make_sounds.py`` to (re)write ``assets/sounds/*.wav``.  The
output is deterministic (no randomness beyond a fixed-seed noise burst), so the
committed files can be checked against it.  The sounds are ours, CC0.
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine.rng import Rng  # noqa: E402

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"


def _envelope(n: int, attack: float, decay: float) -> np.ndarray:
    """Linear attack then exponential decay, ``n`` samples; times in seconds."""
    t = np.arange(n) / RATE
    env = np.minimum(1.0, t / max(attack, 1e-6))
    return env * np.exp(-t / decay)


def tone(freq: float | np.ndarray, seconds: float, attack: float = 0.003, decay: float = 0.05) -> np.ndarray:
    """A sine tone (``freq`` may be an array for a sweep) with an envelope, as float in -1..1."""
    n = int(RATE * seconds)
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    phase = 2 * np.pi * np.cumsum(f) / RATE
    return np.sin(phase) * _envelope(n, attack, decay)


def step() -> np.ndarray:
    """A soft short tick."""
    return 0.35 * tone(np.linspace(900, 600, int(RATE * 0.05)), 0.05, decay=0.012)


def bump() -> np.ndarray:
    """A dull thud: low sweep plus a little filtered noise."""
    n = int(RATE * 0.14)
    low = tone(np.linspace(160, 60, n), 0.14, decay=0.05)
    noise = Rng(4).floats(n) * 2.0 - 1.0  # stable fixed-seed white noise
    noise = np.convolve(noise, np.ones(24) / 24, mode="same") * _envelope(n, 0.001, 0.02)
    return 0.7 * low + 0.5 * noise


def win() -> np.ndarray:
    """A rising major arpeggio."""
    notes = [523.25, 659.25, 783.99, 1046.5]
    parts = [0.4 * tone(f, 0.16, decay=0.12) for f in notes[:-1]] + [0.4 * tone(notes[-1], 0.5, decay=0.25)]
    return np.concatenate(parts)


def click() -> np.ndarray:
    """A crisp UI click."""
    return 0.3 * tone(1800.0, 0.03, attack=0.001, decay=0.006)


SOUNDS = {"step": step, "bump": bump, "win": win, "click": click}


def write_wav(path: Path, samples: np.ndarray) -> None:
    """Write float samples (-1..1) as 16-bit mono PCM."""
    data = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def main() -> None:
    """Write every sound into ``assets/sounds``."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(OUT / f"{name}.wav", make())
        print(f"wrote {OUT / f'{name}.wav'}")


if __name__ == "__main__":
    main()
