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


def _bell(freq: float, seconds: float, decay: float) -> np.ndarray:
    """A soft bell: a sine with a quieter, faster-fading octave and twelfth."""
    return (tone(freq, seconds, 0.004, decay) + 0.3 * tone(2 * freq, seconds, 0.002, decay * 0.5)
            + 0.1 * tone(3 * freq, seconds, 0.002, decay * 0.3)) / 1.4


def _at(total: float, parts: list[tuple[float, np.ndarray]]) -> np.ndarray:
    """Mix ``(start seconds, samples)`` parts into one ``total``-second buffer."""
    out = np.zeros(int(RATE * total))
    for start, part in parts:
        i = int(RATE * start)
        n = min(len(part), len(out) - i)
        out[i:i + n] += part[:n]
    return out


def stairs() -> np.ndarray:
    """Taking the stairs: a quick arpeggio up (G major) that settles back down a step."""
    notes = [392.0, 493.88, 587.33, 783.99, 587.33]
    return 0.4 * _at(0.75, [(i * 0.085, _bell(f, 0.4, 0.12)) for i, f in enumerate(notes)])


def hint() -> np.ndarray:
    """A hint appears: two soft bell notes, a rising fifth."""
    return 0.4 * _at(0.6, [(0.0, _bell(880.0, 0.35, 0.12)), (0.12, _bell(1318.5, 0.48, 0.18))])


def race_start() -> np.ndarray:
    """The GO of a race countdown: a bright, longer beep an octave above the count clicks."""
    n = int(RATE * 0.32)
    env = np.minimum(1.0, np.arange(n) / (RATE * 0.004)) * np.minimum(1.0, (n - np.arange(n)) / (RATE * 0.06))
    t = np.arange(n) / RATE
    wave = np.sin(2 * np.pi * 1760.0 * t) + 0.25 * np.sin(2 * np.pi * 3520.0 * t) + 0.12 * np.sin(2 * np.pi * 880.0 * t)
    return 0.32 * wave * env


def star() -> np.ndarray:
    """One star earned: a short upward glint."""
    n = int(RATE * 0.06)
    glide = tone(np.linspace(1568.0, 2093.0, n), 0.06, 0.002, 1.0) * np.cos(np.linspace(0, np.pi / 2, n))
    return 0.33 * _at(0.36, [(0.0, 0.6 * glide), (0.045, _bell(2093.0, 0.3, 0.09))])


SOUNDS = {
    "step": step, "bump": bump, "win": win, "click": click,
    "stairs": stairs, "hint": hint, "race_start": race_start, "star": star,
}


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
