"""The speed modes and the replay watcher in a headless window: each mode played through with keys, its win (the
mode's statistics, the replay code copied), the save keeping each solve's replay; a replay played back with the
same moves at the same times."""

from __future__ import annotations

import json

import pytest

from engine.puzzle.astar import solve_fast
from engine.puzzle.replay import decode
from engine.puzzle.speed import SpeedSetup
from game.puzzle.settings import PuzzleSettings

ARROW_FOR_BLANK = {"U": "DOWN", "D": "UP", "L": "RIGHT", "R": "LEFT"}  # tile mode: the arrow moves a tile


def press(window, name):
    from arcade import key

    sym = getattr(key, name)
    window.dispatch_event("on_key_press", sym, 0)
    window.dispatch_event("on_key_release", sym, 0)


def speed_screen(ctx, setup, seed=5):
    from engine.puzzle.speed import SpeedRun
    from game.puzzle.speed_play import SpeedPlay
    from game.puzzle.view import PuzzleView

    run = SpeedRun(setup, seed)
    view = PuzzleView(ctx, run.session, settings=PuzzleSettings(animate=False), speed=SpeedPlay(run, ctx.store))
    ctx.window.show_view(view)
    view.on_update(1 / 60)
    view.on_draw()
    return view


def solve_board(ctx, view, dt=0.1):
    """Solve the board shown with arrow keys, one move a frame of ``dt`` seconds; then the frame that deals on."""
    for m in solve_fast(view.session.board).moves:
        press(ctx.window, ARROW_FOR_BLANK[m])
        view.on_update(dt)
    view.on_update(dt)


def finish(ctx, view):
    """Frames until the win shows (its moment: about a second)."""
    for _ in range(200):
        if ctx.window.current_view is not view:
            return ctx.window.current_view
        view.on_update(1 / 30)
    raise AssertionError("the win did not show")


@pytest.mark.parametrize("setup", [SpeedSetup("relay", 4), SpeedSetup("marathon", 3, 3)], ids=["relay", "marathon"])
def test_a_relay_and_a_marathon_deal_each_board_on_one_clock_and_show_their_stats(ctx, setup):
    view = speed_screen(ctx, setup)
    speed = view.speed
    sizes = []
    while not speed.run.done:
        sizes.append(view.session.board.width)
        solve_board(ctx, view)
        done = speed.run.solves  # the panel: the run's moves and clock over every board, and this board's own
        assert view.panel.values["moves"].startswith(f"Moves {sum(x.moves for x in done)}   Time ")
        if not speed.run.done:
            assert view.panel.values["speed"] == f"Board {len(done) + 1} of {len(setup.sides)}  ·  0 moves in 0:00"
    assert sizes == list(setup.sides)
    run = speed.run
    assert run.clock == pytest.approx(sum(s.seconds for s in run.solves))
    assert all(s.seconds > 0 for s in run.solves)
    win = finish(ctx, view)
    assert type(win).__name__ == "SpeedWinView"
    win.on_draw()
    text = " ".join(win.line_values)
    assert "Time" in text and "tiles per second" in text
    if setup.mode == "marathon":  # 3 solves: a mean, no Ao5 or Ao12 (there are not enough solves for one)
        assert "Mean" in text and "Ao5" not in text and "Ao12" not in text and "—" not in text
    else:
        assert "3×3" in text
    assert "← →" in win.status.text and "← →" not in text
    for _ in range(300):  # the analyses come in; then the idle win asks for no frame
        win.on_update(1 / 30)
        if not win.speed.notes.pending:
            break
        win.speed.notes.task.wait(0.05) if win.speed.notes.task else None
    win.on_update(1 / 30)
    win.needs_redraw()
    win.on_draw()
    win.on_update(1 / 30)
    assert not win.needs_redraw()
    win.copy_replay()
    replay = decode(win.clipboard)
    assert replay.solved and replay.moves == run.solves[-1].replay.moves
    kept = ctx.store.runs()
    assert [r.mode for r in kept] == [setup.mode] + [f"{setup.mode}-solve"] * len(setup.sides)
    assert [r.replay for r in kept[1:]] == [s.replay.code() for s in run.solves]


def test_blindfold_hides_the_numbers_and_starts_the_clock_at_h_then_keeps_the_analysis(ctx):
    view = speed_screen(ctx, SpeedSetup("blindfold", 3))
    speed = view.speed
    for _ in range(30):  # a second of memorising: the clock stands
        view.on_update(1 / 30)
    assert speed.run.clock == 0 and speed.run.memo == pytest.approx(1 + 1 / 60)  # the first frame too
    assert not view.board.hidden
    press(ctx.window, "H")
    assert view.board.hidden and speed.run.hidden
    view.on_update(0.2)  # thinking with the numbers hidden is timed
    solve_board(ctx, view)
    assert speed.run.done and not view.board.hidden  # solved: the numbers show again
    assert speed.run.solves[0].replay.times[0] == 200  # the first move 0.2 s after hiding
    win = finish(ctx, view)
    assert "Memo 0:01.01" in " ".join(win.line_values)
    for _ in range(600):  # the analysis of the solve is kept with its run
        win.on_update(1 / 30)
        if ctx.store.runs()[0].analysis:
            break
        speed.notes.task.wait(0.05) if speed.notes.task else None
    note = json.loads(ctx.store.runs()[0].analysis)
    assert note["lost"] == 0 and note["optimal"] == len(speed.run.solves[0].path)


def test_the_first_move_of_a_blindfold_hides_the_numbers(ctx):
    view = speed_screen(ctx, SpeedSetup("blindfold", 3))
    m = solve_fast(view.session.board).moves[0]
    press(ctx.window, ARROW_FOR_BLANK[m])
    assert view.board.hidden and view.session.moves == 1


@pytest.mark.parametrize(("count", "shown", "hidden"), [
    (2, ["Mean 0:10.00", "Best single 0:08.00"], ["Ao5", "Ao12", "—"]),
    (5, ["Mean 0:10.00", "Ao5 0:10.00", "Best single 0:08.00"], ["Ao12", "best Ao5", "—"]),
    (12, ["Mean 0:10.00", "Ao5 0:", "Ao12 0:10.00", "best Ao5 0:"], ["—"]),
])
def test_a_marathons_win_names_only_the_averages_it_has(count, shown, hidden):
    """A marathon's win writes Ao5 and Ao12 only where it has 5 / 12 solves (no dashes for what cannot exist)."""
    from types import SimpleNamespace

    from engine.puzzle.speed import SpeedRun, SpeedSolve
    from game.puzzle.speed_win import speed_lines
    from game.records import SpeedWinFacts

    run = SpeedRun(SpeedSetup("marathon", 3, count), seed=1)
    times = [8.0, 12.0] * (count // 2) + [10.0] * (count % 2)
    run.solves.extend(SpeedSolve(i, 3, 3, t, 20, None) for i, t in enumerate(times))
    text = " | ".join(speed_lines(SimpleNamespace(run=run), SpeedWinFacts("x", None, True, True)))
    assert all(s in text for s in shown) and not any(h in text for h in hidden), text


def test_the_h_button_says_what_h_does_in_each_speed_mode(ctx):
    """Blindfold: "Hide  H" while the numbers show, kept off once hidden (H again says they stay hidden) and after
    the solve; the other modes: "Hint  H", kept off (no hints in a speed run), and H says so."""
    view = speed_screen(ctx, SpeedSetup("blindfold", 3))
    button = view.panel.buttons["hint"]
    assert button.want == "Hide  H" and not button.disabled
    button.on_click(None)  # the button does what the key does
    assert view.board.hidden and button.want == "Hide  H" and button.disabled
    view.on_update(1 / 60)
    assert button.disabled  # the frame's panel refresh keeps it off
    press(ctx.window, "H")
    assert view.board.hidden and "stay hidden" in view.message
    solve_board(ctx, view)
    assert view.speed.run.done and button.disabled
    relay = speed_screen(ctx, SpeedSetup("relay", 4))
    button = relay.panel.buttons["hint"]
    assert button.want == "Hint  H" and button.disabled
    press(ctx.window, "H")
    assert "No hints" in relay.message and not relay.session.assisted


def test_hints_are_not_part_of_a_speed_run(ctx):
    view = speed_screen(ctx, SpeedSetup("marathon", 3, 5))
    press(ctx.window, "S")
    assert view.session.playback is None and not view.session.assisted
    assert "No hints" in view.message


def test_the_replay_watcher_plays_the_same_moves_at_the_same_times(ctx):
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.replay import Replay
    from game.codes import open_any_code

    pc = shuffle_code(3, 3, 99)
    moves = solve_fast(pc.board).moves
    times = [0] + [137 * i + (i % 4) * 41 for i in range(1, len(moves))]
    times[3] = times[2]  # two moves at once (a click sliding two tiles)
    replay = Replay(pc, moves, tuple(times))
    view = open_any_code(ctx, replay.code())  # Enter code's door
    assert type(view).__name__ == "ReplayView"
    ctx.window.show_view(view)
    dt = 1 / 60
    for _ in range(int(replay.seconds / dt) + 5):
        view.on_update(dt)
    assert "".join(m for _, m in view.shown) == moves
    for (ms, _), t in zip(view.shown, times, strict=True):
        assert t <= ms < t + 1000 * dt + 1  # each move on the first frame at or after its time
    assert view.player.board.is_solved()
    for _ in range(60):  # the last slide settles
        view.on_update(dt)
    view.needs_redraw()
    view.on_draw()
    view.on_update(dt)
    assert not view.needs_redraw()  # the end shown: an idle watcher asks for no frame


def test_enter_code_opens_a_replay_in_the_watcher(ctx):
    from engine.puzzle.codes import shuffle_code
    from engine.puzzle.replay import Replay
    from game.shell.code_entry import CodeEntryView

    pc = shuffle_code(3, 3, 5)
    moves = solve_fast(pc.board).moves
    code = Replay(pc, moves, tuple(100 * i for i in range(len(moves)))).code()
    entry = CodeEntryView(ctx, text=code)
    ctx.window.show_view(entry)
    entry.submit()
    assert type(ctx.window.current_view).__name__ == "ReplayView"
    bad = CodeEntryView(ctx, text=code[:-1] + ("0" if code[-1] != "0" else "1"))
    ctx.window.show_view(bad)
    bad.submit()
    assert ctx.window.current_view is bad and "typo" in bad.message.text


def test_the_setup_offers_the_three_modes_and_starts_one(ctx):
    from game.puzzle.setup import PuzzleSetupView

    view = PuzzleSetupView(ctx)
    ctx.window.show_view(view)
    view.on_draw()
    labels = [b.want for b in view.mode_buttons]
    assert labels[1:] == ["Relay", "Marathon ×5", "Blindfold"]
    view.mode_buttons[2].on_click(None)  # Marathon, then its next length
    view.mode_buttons[2].on_click(None)
    assert view.marathon == 12 and "Marathon of 12" in view.b_play.want
    view.play()
    shown = ctx.window.current_view
    assert shown.speed is not None and shown.speed.run.setup == SpeedSetup("marathon", 4, 12)


@pytest.mark.parametrize("setup", [SpeedSetup("relay", 4), SpeedSetup("blindfold", 3)], ids=["relay", "blindfold"])
def test_a_replay_code_of_a_solve_plays_back_the_same_moves_with_the_same_timings(ctx, setup):
    """Played by keys between frames (the game's input clock, here a fake one the test moves; frames at 50 fps):
    each move is stamped when its key arrived, not at its frame; the replay codes the save keeps decode to those
    moves and times to the millisecond, each solve's time is its last move's, and the watcher makes each move at its
    time (on the first frame at or after it)."""
    from game.codes import open_any_code

    clock, frame = ctx.clock, 1 / 50
    view = speed_screen(ctx, setup)
    speed = view.speed
    last_frame = [clock.now()]

    def step():
        last_frame[0] += frame
        clock.t = last_frame[0]
        view.on_update(frame)

    def wait_until(t):
        while last_frame[0] + frame <= t:
            step()
        clock.t = t

    origin = None
    if setup.mode == "blindfold":
        for _ in range(10):
            step()
        wait_until(last_frame[0] + 0.0061)
        press(ctx.window, "H")  # hidden 6.1 ms into a frame: the clock starts then
        origin = clock.now()
    expected = []
    for leg in range(speed.run.legs):
        if leg > 0:
            origin = speed.won_at  # the relay's next board: its clock ran from the last board's solving key
        if origin is None:
            origin = last_frame[0] + 0.0073  # the relay's first key starts its clock
        stamps, gap = [], 0.0 if leg == 0 and setup.mode == "relay" else 0.0113
        for i, m in enumerate(solve_fast(view.session.board).moves):
            wait_until(origin + gap)
            press(ctx.window, ARROW_FOR_BLANK[m])
            stamps.append((round(gap * 1000), m))
            gap += 0.0113 + 0.0297 * (i % 3)  # 11.3 to 70.7 ms apart, never on a frame
        expected.append(stamps)
        step()  # the next board is dealt (or the run ends)
    assert speed.run.done
    kept = [r.replay for r in ctx.store.runs() if r.replay]
    assert len(kept) == speed.run.legs
    for code, stamps, solve in zip(kept, expected, speed.run.solves, strict=True):
        replay = decode(code)
        assert list(zip(replay.times, replay.moves, strict=True)) == stamps
        assert solve.seconds == pytest.approx(stamps[-1][0] / 1000, abs=0.0006)  # the time is its last move's
        assert len({t % 20 for t in replay.times}) > 3  # not frame times (20 ms apart)
        watcher = open_any_code(ctx, code)
        ctx.window.show_view(watcher)
        dt = 1 / 60
        for _ in range(int(replay.seconds / dt) + 5):
            watcher.on_update(dt)
        assert "".join(m for _, m in watcher.shown) == replay.moves
        for (ms, _), t in zip(watcher.shown, replay.times, strict=True):
            assert t <= ms < t + 1000 * dt + 1
    assert speed.run.clock == pytest.approx(sum(s[-1][0] for s in expected) / 1000, abs=0.002)


def test_the_speed_wins_texts_stay_on_whole_pixels_when_a_summary_arrives_or_the_board_changes(ctx):
    """A text left between two pixel rows draws with the tops of its letters cut (software GL): the win's lines
    are laid out again when a solve's summary comes in and at ← / →, and stay on whole pixels."""
    from layout_check import set_window_size

    set_window_size(ctx.window, 800, 600)
    view = speed_screen(ctx, SpeedSetup("marathon", 3, 3))
    while not view.speed.run.done:
        solve_board(ctx, view)
    win = finish(ctx, view)

    def on_pixels() -> bool:
        return all(t.x == round(t.x) and t.y == round(t.y) for t in win.made_texts)

    for _ in range(300):
        win.on_update(1 / 30)
        if not win.speed.notes.pending:
            break
        win.speed.notes.task.wait(0.05) if win.speed.notes.task else None
    win.on_update(1 / 30)
    assert "moves lost" in win.lines[-1].text and on_pixels()
    for arrow in ("RIGHT", "RIGHT", "LEFT"):
        shown = win.lines[-1].text
        press(ctx.window, arrow)
        assert win.lines[-1].text != shown and on_pixels()
    # the hint said before the first layout is cut to this panel, not to a guess; the focus ring stays off it
    from game.ui import focus_ring_width

    assert win.status.text == "← → choose the board to copy or watch."
    ring = 1 + 1.5 * focus_ring_width(ctx.theme, 800, 600)
    assert win.status.bottom >= win.buttons[0].rect.top + ring
