"""Records: per sliding-puzzle size (solves, best time, fewest moves, Ao5, Ao12, tiles per second), the speed modes'
personal bests per mode and size (``Relay 3×3→5×5``, ``Marathon of 5, 4×4``, ``Blindfold 4×4``: runs, best time,
its moves, the best Ao5 and Ao12 of runs in a row, its tiles per second; with Details the relays' and marathons'
single boards too) and per level (best time and moves), with an Export button writing the same CSV as
``tessera records --csv``.

The numbers are :mod:`engine.records` over the saved history and bests (:mod:`game.records`); sizes won only
before the history existed show their kept bests with no averages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from engine.paths import shown_path
from engine.puzzle.speed import MODES, speed_label
from engine.records import (
    SOLVE_SUFFIX,
    Run,
    SizeRecord,
    SpeedBest,
    best_kind,
    puzzle_records,
    race_wins,
    size_order,
    speed_bests,
)
from game.bases.screen import BaseView
from game.context import Context
from game.format import count, maze_words, record_time
from game.records import export_records, history, kept_bests
from game.ui import FONT, fit_text, place_grid
from game.ui.textfit import measured, most_kept, set_text, snap_to_pixels, text_width

if TYPE_CHECKING:
    from engine.modes.campaign import Campaign

PUZZLE_COLUMNS = (
    ("size", 0.14),
    ("solves", 0.14),
    ("best", 0.16),
    ("fewest", 0.14),
    ("Ao5", 0.14),
    ("Ao12", 0.14),
    ("tiles/s", 0.14),
)
#: The speed modes' table: a row's time, moves and tiles/s are its fastest run's; Ao5 / Ao12 its best of runs in a row.
SPEED_COLUMNS = (
    ("mode", 0.29),
    ("runs", 0.08),
    ("best", 0.13),
    ("moves", 0.12),
    ("Ao5", 0.13),
    ("Ao12", 0.13),
    ("tiles/s", 0.12),
)
LEVEL_COLUMNS = (("level", 0.64), ("best", 0.2), ("moves", 0.16))
#: With Details: the code of each level too (a level row holds its code last).
DETAIL_COLUMNS = (("level", 0.38), ("best", 0.14), ("moves", 0.1), ("code", 0.38))
DASH = "–"
#: What an empty table says.
NOTHING_YET = {
    "puzzle": "Nothing yet: solve a sliding puzzle without help and its size shows here.",
    "speed": "Nothing yet: finish a relay, a marathon or a blindfold solve without help and its best shows here.",
    "levels": "Nothing yet: finish a level or win a race and its best time shows here.",
}


def _time(seconds: float | None) -> str:
    return DASH if seconds is None else record_time(seconds)


def puzzle_rows(
    records: list[SizeRecord], bests: list[tuple[str, float | None, int | None, int]]
) -> list[tuple[str, ...]]:
    """One row per puzzle size: from the history, or from the kept per-size best alone (older wins)."""
    rows: dict[str, tuple[str, ...]] = {}
    kept = {k.removeprefix("puzzle-size:"): (t, m) for k, t, m, _ in bests if k.startswith("puzzle-size:")}
    for r in records:
        t, m = kept.get(r.size, (None, None))
        best = min(r.best_time, t) if t is not None else r.best_time
        fewest = min(r.fewest_moves, m) if m is not None else r.fewest_moves
        rows[r.size] = (
            r.size,
            str(r.solves),
            _time(best),
            str(fewest),
            _time(r.ao5),
            _time(r.ao12),
            f"{r.best_tps:.2f}",
        )
    for size, (t, m) in kept.items():
        if size not in rows and t is not None:
            rows[size] = (size, DASH, _time(t), DASH if m is None else str(m), DASH, DASH, DASH)
    return [rows[k] for k in sorted(rows, key=size_order)]


def speed_rows(bests: dict[tuple[str, str], SpeedBest], singles: bool = False) -> list[tuple[str, ...]]:
    """One row per speed mode and size finished (:func:`engine.records.speed_bests`): relays, then marathons, then
    blindfolds, smaller boards first, each ``(name in players' words, runs, best, its moves, best Ao5, best Ao12,
    its tiles/s)``; ``singles`` adds each relay's and marathon's single boards (``Relay 4×4 boards``) after its
    mode's runs."""
    def order(k: tuple[str, str]) -> tuple[int, bool, tuple[int, int, str], int, str]:
        mode, key = k
        base = mode.removesuffix(SOLVE_SUFFIX)
        size, _, n = key.partition(" x")  # a marathon's key: "4x4 x12"
        size = size.rpartition("-")[2]  # a relay's: "3x3-5x5"
        return MODES.index(base), mode != base, size_order(size), int(n) if n.isdigit() else 0, key

    rows: list[tuple[str, ...]] = []
    for k in sorted((k for k in bests if singles or not k[0].endswith(SOLVE_SUFFIX)), key=order):
        b = bests[k]
        rows.append((speed_label(*k), str(b.runs), _time(b.best), str(b.moves), _time(b.ao5), _time(b.ao12),
                     f"{b.tiles_per_second:.2f}"))
    return rows


def level_name(code: str, campaign: Campaign | None = None, mine: dict[str, str] | None = None) -> str:
    """A maze level as a player knows it: ``First Steps · Square Gardens`` (a campaign or pack level), the
    name the player gave it in My levels, else its grid and size (``square 8×6``, ``…, hand-made`` for a
    level drawn by hand).  Never raises: a code that does not decode reads "a level"."""
    lv = campaign.by_code(code) if campaign is not None else None
    if lv is not None:
        return f"{lv.name} · {lv.world}"
    if mine and code in mine:
        return mine[code]
    from engine.codes import decode_any
    from engine.maze.level_code import LevelCode
    from engine.maze.recipe import MazeSpec

    try:
        decoded = decode_any(code)
    except Exception:  # a saved code must never break the table
        return "a level"
    if isinstance(decoded, MazeSpec):
        return maze_words(decoded.shape, decoded.width, decoded.height, decoded.floors, decoded.dark,
                          bool(decoded.weave), decoded.mask is not None)
    if isinstance(decoded, LevelCode):
        return maze_words(decoded.shape, decoded.width, decoded.height, decoded.floors, decoded.dark) + ", hand-made"
    return "a level"


def race_name(key: str, campaign: Campaign | None = None, mine: dict[str, str] | None = None) -> str:
    """A race as a player knows it: ``race · Runner, normal · square 20×15`` (a race code), ``race · your ghost ·
    <level>`` (a ghost race: ``vs-ghost:<code>``).  Never raises: a key that does not decode reads "a race"."""
    from engine.codes import decode_any
    from engine.modes.race.agents import OPPONENTS
    from engine.modes.race.code import RaceSpec

    if key.lower().startswith("vs-ghost:"):
        return f"race · your ghost · {level_name(key.partition(':')[2], campaign, mine)}"
    try:
        decoded = decode_any(key)
    except Exception:  # a saved key must never break the table
        return "a race"
    if not isinstance(decoded, RaceSpec):
        return "a race"
    who = OPPONENTS[decoded.opponent].title if decoded.opponent in OPPONENTS else "an opponent"
    return f"race · {who}, {decoded.difficulty} · {level_name(decoded.maze.code(), campaign, mine)}"


def race_rows(runs: list[Run], campaign: Campaign | None = None,
              mine: dict[str, str] | None = None) -> list[tuple[str, ...]]:
    """One row per race won, the most recently won first: ``(name (N wins), fastest win, its fewest moves,
    key)`` (:func:`engine.records.race_wins`)."""
    return [(f"{race_name(w.key, campaign, mine)} ({count(w.wins, 'win')})", _time(w.best_time),
             str(w.fewest_moves), w.key) for w in race_wins(runs)]


def level_rows(runs: list[Run], bests: list[tuple[str, float | None, int | None, int]],
               campaign: Campaign | None = None, mine: dict[str, str] | None = None) -> list[tuple[str, ...]]:
    """One row per maze level with a best, the most recently played first: ``(name, best, moves, code)``, the
    name from :func:`level_name` (a daily: ``daily 20 Nov · square 20×15``); the code is shown only in Details."""
    kept = {k: (t, m) for k, t, m, _ in bests if best_kind(k) == "maze" and t is not None}
    seen: list[str] = []
    days: dict[str, str] = {}
    for r in reversed(runs):
        if r.mode == "maze" and r.code in kept and r.code not in seen:
            seen.append(r.code)
        if r.daily_day is not None and r.daily_kind == "maze":
            days.setdefault(r.code, r.daily_day.strftime("%d %b"))
    seen += sorted(k for k in kept if k not in seen)
    rows: list[tuple[str, ...]] = []
    for k in seen:
        what = level_name(k, campaign, mine)
        label = f"daily {days[k]} · {what}" if k in days else what
        rows.append((label, _time(kept[k][0]), DASH if kept[k][1] is None else str(kept[k][1]), k))
    return rows


class RecordsView(BaseView):
    """Three tables (puzzle sizes, speed modes, levels) and the Export, Details and Back buttons."""

    help_page = "records"  # Help (F1) opens on this page (game.shell.help)
    max_text_scale = 1.5  # a dense screen (three tables): text grows to 150 % at most (Settings, text size)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, columns=3)
        t = ctx.theme
        self.export_btn = self.make_button("Export CSV", self.export)
        self.details_btn = self.make_button("Details", self.toggle_details)
        self.make_button("Back", self.back)
        self.details = False  # the codes column shown
        for btn in self.buttons:
            self.ui.add(btn)
        self.title = self.text("Records", 32, t.accent, bold=True, anchor_x="center", anchor_y="top")
        self.puzzle_head = self.text("Sliding puzzle (unassisted wins)", 16, t.accent, bold=True, anchor_y="top")
        self.speed_head = self.text("Speed modes (personal bests)", 16, t.accent, bold=True, anchor_y="top")
        self.level_head = self.text("Mazes (best per level) and races won", 16, t.accent, bold=True, anchor_y="top")
        self.status = self.text("", 12, t.text_dim, anchor_x="center", anchor_y="bottom")
        self.status_value = ""  # the whole sentence: the text may show it cut in the middle (the file name stays)
        runs = history(ctx.store)
        bests = kept_bests(ctx.store)
        self.puzzle = [tuple(n for n, _ in PUZZLE_COLUMNS), *puzzle_rows(puzzle_records(runs), bests)]
        self.speed_bests = speed_bests(runs)
        self.speed = self._speed_table()
        mine = {lv.code: lv.name for lv in _my_levels(ctx)}
        self.levels = [tuple(n for n, _ in DETAIL_COLUMNS), *level_rows(runs, bests, ctx.campaign, mine),
                       *race_rows(runs, ctx.campaign, mine)]
        self.puzzle_texts = self._columns(len(PUZZLE_COLUMNS))
        self.speed_texts = self._columns(len(SPEED_COLUMNS))
        self.level_texts = self._columns(len(DETAIL_COLUMNS))
        self.heads = {
            id(c): self.text("", 13, t.text_dim, anchor_y="top")
            for c in (*self.puzzle_texts, *self.speed_texts, *self.level_texts)
        }

    def _speed_table(self) -> list[tuple[str, ...]]:
        """The speed table's header and rows (single boards with Details)."""
        return [tuple(n for n, _ in SPEED_COLUMNS), *speed_rows(self.speed_bests, singles=self.details)]

    def _columns(self, n: int) -> list[arcade.Text]:
        t = self.ctx.theme
        return [self.text("", 13, t.text, anchor_y="top", multiline=True, width=200) for _ in range(n)]

    def toggle_details(self) -> None:
        """Show or hide the codes of the levels and the speed modes' single boards (Details)."""
        self.details = not self.details
        self.speed = self._speed_table()
        self.details_btn.text = "Hide details" if self.details else "Details"
        self.relayout()

    def export(self) -> None:
        """Write the records CSV to a new file in ``<Documents>/Tessera``; say where, the whole path (or why not)."""
        try:
            path = export_records(self.ctx.store)
        except OSError as exc:
            self.status_value = f"Could not export the records ({exc.strerror or exc})."
            self.status.color = self.ctx.theme.error
        else:
            self.status_value = f"Records written to {shown_path(path)}"
            self.status.color = self.ctx.theme.text_dim
        self.relayout()

    # -- layout ------------------------------------------------------------------------------
    def _table(
        self,
        texts: list[arcade.Text],
        rows: list[tuple[str, ...]],
        shares: tuple[tuple[str, float], ...],
        empty: str,
        x: float,
        top: float,
        width: float,
        bottom: float,
        size: float,
    ) -> None:
        """Fill and place one table's columns from ``top`` down, as many rows as fit above ``bottom``."""
        line = _two_lines(size) / 2  # one line of a multi-line text, in pixels
        body, data = top - line, rows[1:]
        fit = max(1, int((body - bottom) / line))
        more = f"+{len(data) - fit + 1} more"
        if _width(more, size) > width * shares[0][1] - 6:  # a narrow first column: the count alone
            more = more.removesuffix(" more")
        shown = data if len(data) <= fit else [*data[: fit - 1], (more,)]
        for i, text in enumerate(texts):
            head = self.heads[id(text)]
            if i >= len(shares):  # a column hidden (the codes without Details)
                set_text(head, "", size)
                set_text(text, "", size)
                continue
            name, share = shares[i]
            w = width * share
            set_text(head, _clip(name, w - 6, size), size)
            head.position = (x, top)
            cells = [r[i] if i < len(r) else "" for r in shown]
            if not data:  # an empty table says so, across the whole table
                w = width
                cells = [empty if i == 0 else ""]
            set_text(text, "\n".join(_clip(c, w - 6, size) for c in cells), size, int(w))
            text.position = (x, body)
            x += width * share

    def layout(self, width: int, height: int) -> None:
        """Title; the puzzle table, the speed table and the level table below it; the buttons and the status line at
        the bottom."""
        s = self.scale
        fit_text(self.title, "Records", 32 * s, width - 40)
        self.title.position = (width / 2, height - 20 * s)
        bh = 44 * max(s, height / 900)
        bw = min(220 * s, (width - 40 - 40 * s) / 3)
        place_grid(self.buttons, width / 2 - 1.5 * bw - 20 * s, 16 * s + bh, 3, bw, bh, 20 * s)
        self.style_buttons(min(16 * s, bh * 0.4))
        self.status.font_size = 12 * s
        fit_text(self.status, self.status_value, 12 * s, width - 40, min_size=8, middle=True)  # the whole path
        self.status.position = (width / 2, 16 * s + bh + 8 * s)
        left, room = 30 * s, width - 60 * s
        size = 13 * s
        set_text(self.puzzle_head, size=16 * s)
        self.puzzle_head.position = (left, self.title.bottom - 14 * s)
        top = self.puzzle_head.bottom - 6 * s
        line = _two_lines(size) / 2
        floor = self.status.top + 10 * s
        set_text(self.speed_head, size=16 * s)
        set_text(self.level_head, size=16 * s)
        heading = 14 * s + self.speed_head.content_height + 6 * s  # a table's heading and its gaps
        lines = int((top - floor - 2 * heading) / line - 0.9)  # the three tables' lines (each keeps 0.3 spare)
        puzzle_lines, speed_lines, _ = share_lines(lines, (len(self.puzzle), len(self.speed), len(self.levels)))
        puzzle_h, speed_h = (puzzle_lines + 0.3) * line, (speed_lines + 0.3) * line
        puzzle_bottom = top - puzzle_h
        self._table(self.puzzle_texts, self.puzzle, PUZZLE_COLUMNS, NOTHING_YET["puzzle"], left, top, room,
                    puzzle_bottom, size)
        self.speed_head.position = (left, puzzle_bottom - 14 * s)
        top = self.speed_head.bottom - 6 * s
        speed_bottom = top - speed_h
        self._table(self.speed_texts, self.speed, SPEED_COLUMNS, NOTHING_YET["speed"], left, top, room,
                    speed_bottom, size)
        self.level_head.position = (left, speed_bottom - 14 * s)
        self._table(
            self.level_texts,
            self.levels,
            DETAIL_COLUMNS if self.details else LEVEL_COLUMNS,
            NOTHING_YET["levels"],
            left,
            self.level_head.bottom - 6 * s,
            room,
            self.status.top + 10 * s,
            size,
        )
        snap_to_pixels(
            [
                self.title,
                self.puzzle_head,
                self.speed_head,
                self.level_head,
                self.status,
                *self.heads.values(),
                *self.puzzle_texts,
                *self.speed_texts,
                *self.level_texts,
            ]
        )

    def draw_extra(self) -> None:
        """Title, headings, tables and the status line."""
        for text in self.texts():
            text.draw()

    def texts(self) -> list[Any]:
        """Texts on screen (layout tests)."""
        return [
            t
            for t in (
                self.title,
                self.puzzle_head,
                self.speed_head,
                self.level_head,
                self.status,
                *self.heads.values(),
                *self.puzzle_texts,
                *self.speed_texts,
                *self.level_texts,
            )
            if t.text
        ]


def share_lines(lines: int, wants: tuple[int, ...]) -> list[int]:
    """How many of ``lines`` each table takes, wanting ``wants`` lines each (its header and rows): at least two
    each (the header and a row, or its "nothing yet") while there are lines, then one more each in turn while it
    wants more, so a short table leaves its room to the others."""
    have = [0] * len(wants)
    for floor in (2, None):
        given = True
        while given:
            given = False
            for i, want in enumerate(wants):
                top = max(2, want) if floor is None else 2
                if lines > 0 and have[i] < top:
                    have[i] += 1
                    lines -= 1
                    given = True
    return have


def _my_levels(ctx: Context) -> list[Any]:
    """The player's saved levels (a store without them: none)."""
    try:
        return list(ctx.store.my_levels())
    except Exception:  # a fake store in tests, or a save that cannot be read: names fall back
        return []


def _two_lines(size: float) -> float:
    """The content height in pixels of a two-line table text at font ``size`` points (measured once)."""
    return measured("A\nA", FONT, size, wrap=100)[1]


def _width(value: str, size: float) -> float:
    """The content width in pixels of ``value`` on one line at font ``size`` points in the table's font."""
    return text_width(value, size, FONT)


def _clip(value: str, width: float, size: float) -> str:
    """``value`` cut with "…" to ``width`` px at font ``size`` points (widths measured once: :func:`_width`)."""
    if _width(value, size) <= width or len(value) <= 1:
        return value
    return value[:most_kept(len(value), lambda k: _width(value[:k] + "…", size) <= width)] + "…"
