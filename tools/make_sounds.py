"""Generate the game's sound effects and music loops as 16-bit mono WAV files with numpy.

Run ``python tools/make_sounds.py`` to (re)write ``assets/sounds/*.wav`` (the
effects, and ``music_menu.wav`` / ``music_maze.wav``, two seamless loops).  The
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


# -- puzzle mazes: the rules heard as they act ---------------------------------------------


def key() -> np.ndarray:
    """A key picked up: a small bright jingle, two quick high bell notes a fourth apart."""
    return 0.35 * _at(0.32, [(0.0, _bell(1318.5, 0.2, 0.05)), (0.06, _bell(1760.0, 0.26, 0.08))])


def door() -> np.ndarray:
    """A door opened with its key: a latch click, then a low wooden swing that sweeps up a little."""
    n = int(RATE * 0.26)
    swing = tone(np.linspace(110, 150, n), 0.26, 0.01, 0.09)
    latch = _at(0.26, [(0.0, tone(2400.0, 0.02, 0.0005, 0.004)), (0.025, tone(1600.0, 0.02, 0.0005, 0.005))])
    return 0.55 * swing + 0.3 * latch


def switch() -> np.ndarray:
    """The switch thrown: a two-part mechanical clack over a short low hum (the gates moving)."""
    clack = _at(0.18, [(0.0, tone(900.0, 0.03, 0.0005, 0.006)), (0.04, tone(650.0, 0.04, 0.0005, 0.008))])
    hum = tone(np.linspace(220, 180, int(RATE * 0.18)), 0.18, 0.01, 0.06)
    return 0.4 * clack + 0.3 * hum


def hunter() -> np.ndarray:
    """One of the hunter's steps: a soft low footfall (a dull thump with a breath of noise)."""
    n = int(RATE * 0.09)
    thump = tone(np.linspace(120, 70, n), 0.09, 0.002, 0.025)
    noise = Rng(7).floats(n) * 2.0 - 1.0
    noise = np.convolve(noise, np.ones(40) / 40, mode="same") * _envelope(n, 0.001, 0.012)
    return 0.5 * thump + 0.4 * noise


def caught() -> np.ndarray:
    """Caught by the hunter: three falling notes, the last held (a minor sting)."""
    notes = [(0.0, 659.25, 0.12), (0.11, 523.25, 0.12), (0.22, 415.3, 0.3)]
    parts = [(t, tone(f, d + 0.2, 0.004, d) + 0.3 * tone(2 * f, d + 0.2, 0.004, d * 0.6)) for t, f, d in notes]
    return 0.3 * _at(0.7, parts)


# -- music ------------------------------------------------------------------------------
# Two calm loops: a soft pad holds each chord, a plucked arpeggio walks over it, a
# round bass marks the bar.  Every note that rings past the end of the loop is folded
# back onto its start, so the file repeats without a seam (and without a click).

#: Chord voicings, MIDI notes (bass first, then the pad): the building blocks of both loops.
CHORDS = {
    "Fmaj7": (41, 53, 57, 60, 64), "G6": (43, 55, 59, 62, 64), "Em7": (40, 52, 55, 59, 62),
    "Am7": (45, 57, 60, 64, 67), "Dm9": (38, 53, 57, 60, 64), "G7sus4": (43, 55, 60, 62, 65),
    "Cmaj7": (36, 55, 59, 60, 64), "Cadd9": (36, 55, 60, 62, 64), "Am9": (45, 52, 55, 59, 60),
    "E7sus4": (40, 52, 57, 59, 62),
}


def _freq(midi: float) -> float:
    return 440.0 * 2.0 ** ((midi - 69) / 12)


def _pad(midi: int, seconds: float) -> np.ndarray:
    """One pad voice: three slightly detuned sines and a faint octave, slow in, slow out (1.5 s tail)."""
    n, fade_in, fade_out = int(RATE * (seconds + 1.5)), int(RATE * 0.9), int(RATE * 1.5)
    t = np.arange(n) / RATE
    f = _freq(midi)
    out = sum(np.sin(2 * np.pi * f * 2.0 ** (c / 1200) * t + ph) for c, ph in ((-6, 0.0), (0, 2.1), (6, 4.2)))
    out = out / 3 + 0.12 * np.sin(2 * np.pi * 2 * f * t + 1.0)
    env = np.ones(n)
    env[:fade_in] = 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, fade_in))
    env[n - fade_out:] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, fade_out))
    return np.asarray(out * env)


def _pluck(midi: float, decay: float = 0.8) -> np.ndarray:
    """A soft plucked string: four harmonics, the higher ones fading faster."""
    seconds = 5 * decay
    parts = [(1, 1.0, 1.0), (2, 0.35, 0.5), (3, 0.12, 0.3), (4, 0.05, 0.2)]
    return sum(a * tone(k * _freq(midi), seconds, 0.004, decay * d) for k, a, d in parts) / 1.5  # type: ignore[return-value]


def _bass(midi: int, seconds: float) -> np.ndarray:
    """A round bass note held ``seconds`` (a gentle release, no click)."""
    n, rel = int(RATE * (seconds + 0.3)), int(RATE * 0.3)
    t = np.arange(n) / RATE
    f = _freq(midi)
    out = (np.sin(2 * np.pi * f * t) + 0.2 * np.sin(4 * np.pi * f * t)) * _envelope(n, 0.03, 2.5)
    out[n - rel:] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, rel))
    return np.asarray(out)


def loop_track(bpm: float, chords: list[str], arpeggio: list[tuple[float, int]], melody: list[tuple[float, float]],
               bass_beats: tuple[float, ...] = (0.0,)) -> np.ndarray:
    """Render a loop of ``len(chords)`` 4-beat bars, folded so its end flows into its start; peak 0.85.

    ``arpeggio``: (beat in the bar, index into the chord's pad notes an octave up; -1 = none) repeated
    every bar; ``melody``: (beat from the start, MIDI note) bell-like plucks over the whole loop;
    ``bass_beats``: where in the bar the bass plays the root (a second entry plays the fifth).
    """
    beat = 60.0 / bpm
    bar = 4 * beat
    total = int(round(RATE * bar * len(chords)))
    out = np.zeros(total + RATE * 6)

    def add(start: float, part: np.ndarray, level: float) -> None:
        i = int(round(RATE * start))
        out[i:i + len(part)] += level * part

    for k, name in enumerate(chords):
        bass, *pad = CHORDS[name]
        t0 = k * bar
        for m in pad:
            add(t0, _pad(m, bar), 0.10)
        for j, b in enumerate(bass_beats):
            add(t0 + b * beat, _bass(bass + (7 if j % 2 else 0), beat * 1.8), 0.30)
        for b, idx in arpeggio:
            if idx >= 0:
                add(t0 + b * beat, _pluck(sorted(pad)[idx % len(pad)] + 12, 0.7), 0.16 if b % 1 else 0.2)
    for b, m in melody:
        add(b * beat, _pluck(m, 1.1), 0.22)
    loop = out[:total].copy()
    tail = out[total:]
    while tail.any():  # fold everything that rings past the end back onto the start
        n = min(len(tail), total)
        loop[:n] += tail[:n]
        tail = tail[n:]
    loop -= loop.mean()
    return 0.85 * loop / np.abs(loop).max()


def menu() -> np.ndarray:
    """The menu loop: 8 bars at 64 bpm (30 s) in C major, a slow arpeggio and a few high notes."""
    chords = ["Fmaj7", "G6", "Em7", "Am7", "Dm9", "G7sus4", "Cmaj7", "Cadd9"]
    arp = [(0.0, 0), (1.0, 2), (1.5, 3), (2.5, 1), (3.0, 2)]
    mel = [(2.0, 76), (3.0, 74), (6.0, 71), (14.0, 72), (15.0, 71), (18.0, 69), (22.0, 74),
           (26.0, 72), (27.0, 67), (30.0, 71)]
    return loop_track(64, chords, arp, mel)


def maze() -> np.ndarray:
    """The maze loop: 12 bars at 72 bpm (40 s) in A minor, a steady walking arpeggio in eighths."""
    chords = ["Am9", "Fmaj7", "Cmaj7", "G6", "Am9", "Fmaj7", "Dm9", "E7sus4", "Fmaj7", "G6", "Em7", "E7sus4"]
    arp = [(0.0, 0), (0.5, 2), (1.0, 1), (1.5, 3), (2.0, 2), (2.5, 1), (3.0, 3), (3.5, 2)]
    mel = [(17.0, 76), (19.0, 72), (21.0, 74), (23.0, 71), (33.0, 72), (35.0, 71), (37.0, 67), (39.0, 68)]
    return loop_track(72, chords, arp, mel, bass_beats=(0.0, 2.0))


#: Music loops (``assets/sounds/music_<name>.wav``), played looping by :mod:`game.audio`.
MUSIC = {"menu": menu, "maze": maze}

SOUNDS = {
    "step": step, "bump": bump, "win": win, "click": click,
    "stairs": stairs, "hint": hint, "race_start": race_start, "star": star,
    "key": key, "door": door, "switch": switch, "hunter": hunter, "caught": caught,
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
    for name, make in MUSIC.items():
        samples = make()
        path = OUT / f"music_{name}.wav"
        write_wav(path, samples)
        peak = np.abs(samples).max()
        print(f"wrote {path}: {len(samples) / RATE:.2f} s, {path.stat().st_size} bytes, peak {peak:.3f}")


if __name__ == "__main__":
    main()
