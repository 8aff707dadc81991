"""Dealing a puzzle game, its codes, and what a won game records.

A :class:`Deal` (size, shuffle kind, mix, seed, picture) gives one position
and its seed code; :func:`deal_session` starts a game from it (the board is
shuffled once per deal), :func:`session_from_code` from a pasted code.
:func:`win_records` decides which bests an unassisted win writes and
:func:`win_news` what the player is told about them; the store that keeps
them belongs to the game (``game.puzzle.settings.record_win``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.puzzle.board import Board
from engine.puzzle.session import PuzzleSession

if TYPE_CHECKING:
    from engine.puzzle.codes import PuzzleCode

SHUFFLES = ("uniform", "moves")


@dataclass(frozen=True)
class Deal:
    """How to deal a new puzzle.

    Attributes:
        width, height: 2..10 each.
        shuffle: ``"uniform"`` (uniformly random solvable position) or
            ``"moves"`` (``mix`` random moves from the goal, as the seed's "mix").
        mix: number of random moves for ``"moves"`` (>= 1).
        seed: the shuffle's seed (0 <= seed < 2**64).
        picture: a built-in picture name its seed code carries, or None.
    """

    width: int
    height: int
    shuffle: str = "uniform"
    mix: int = 100
    seed: int = 0
    picture: str | None = None

    def reseeded(self, seed: int | None = None) -> Deal:
        """The same deal with another seed (default: a fresh random one)."""
        return Deal(self.width, self.height, self.shuffle, self.mix, new_seed() if seed is None else seed, self.picture)


def new_seed() -> int:
    """A fresh random seed for a deal (0 <= seed < 2**40, short in codes)."""
    import secrets

    return secrets.randbelow(1 << 40)


def deal_board(deal: Deal) -> Board:
    """The position a deal produces (deterministic in the deal; the same as its seed code gives).

    Raises:
        ValueError: size out of range, unknown shuffle, mix outside 1..100000, seed outside 0..2**64-1.
    """
    return _shuffle_code(deal).board


def _shuffle_code(deal: Deal) -> PuzzleCode:
    from engine.puzzle.codes import shuffle_code

    if deal.shuffle not in SHUFFLES:
        raise ValueError(f"The shuffle must be one of {', '.join(SHUFFLES)}; got {deal.shuffle!r}.")
    pc = shuffle_code(deal.width, deal.height, deal.seed, deal.mix if deal.shuffle == "moves" else None)
    return pc.with_picture(deal.picture)


def seed_code(deal: Deal) -> str:
    """The code that regenerates a deal (``P2.WxH.U#seed-check`` or ``...K<mix>#seed-check``)."""
    return _shuffle_code(deal).code()


def position_code(board: Board) -> str:
    """The code of a position (``P2.WxH:rank-check``)."""
    from engine.puzzle.codes import encode_board

    return encode_board(board)


def code_picture(code: str | PuzzleCode) -> str | None:
    """The built-in picture a puzzle code (or a decoded one) names, or None (also for codes that do not decode)."""
    from engine.code_frame import CodeError
    from engine.puzzle.codes import PuzzleCode, decode

    if isinstance(code, PuzzleCode):
        return code.picture
    try:
        return decode(code).picture
    except CodeError:
        return None


def deal_session(deal: Deal, arrows: str = "tile") -> PuzzleSession:
    """A new game from ``deal`` with its position and seed codes (the board is shuffled once).

    Raises:
        ValueError: a bad deal (see :func:`deal_board`).
    """
    pc = _shuffle_code(deal)
    board = pc.board
    return PuzzleSession(board, code=position_code(board), seed_code=pc.code(), arrows=arrows)


def session_from_code(code: str | PuzzleCode) -> tuple[PuzzleSession, Deal | None]:
    """A game for a pasted code (or an already decoded one): a position code, or a seed code (which deals).

    Returns:
        The session and, for seed codes, the deal (None for position codes).

    Raises:
        engine.codes.CodeError (a ValueError): the code does not decode, is not a
            puzzle code, or names an unsolvable position.
    """
    from engine.puzzle.codes import PuzzleCode, decode

    pc = code if isinstance(code, PuzzleCode) else decode(code)
    if pc.kind == "board":
        return PuzzleSession(pc.board, code=position_code(pc.board)), None
    assert pc.seed is not None
    deal = Deal(pc.width, pc.height, pc.kind, pc.moves or 100, pc.seed, pc.picture)
    return PuzzleSession(pc.board, code=position_code(pc.board), seed_code=pc.code()), deal


def code_to_copy(session: PuzzleSession, which: str, picture: str | None = None) -> tuple[str, str]:
    """``(code, what it is)`` for C (``"puzzle"``), Shift+C (``"current"``) and G (``"seed"``).

    ``"seed"`` falls back to the puzzle code for pasted positions.  A built-in
    ``picture`` name goes into position codes (seed codes carry their deal's).
    """
    from engine.puzzle.codes import encode_board

    if which == "current":
        return encode_board(session.board, picture), "the current position's code"
    if which == "seed" and session.seed_code:
        return session.seed_code, "the shuffle's seed code"
    return encode_board(session.start, picture), "the puzzle code"


# -- wins ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class WinRecord:
    """One best a won game writes to the store.

    Attributes:
        key: the store key (a puzzle code, or :func:`engine.puzzle.session.size_key`).
        seconds: the game's time.
        moves: the game's move count.
        per_size: True for the per-size key (only its best time is news).
        size_label: ``"WxH"``, for the news.
    """

    key: str
    seconds: float
    moves: int
    per_size: bool
    size_label: str


def win_records(session: PuzzleSession) -> list[WinRecord]:
    """What a won game records, one per :meth:`PuzzleSession.best_keys` key (per-size key last).

    Nothing for assisted games (:attr:`PuzzleSession.counts_for_bests` is False).
    """
    if not session.counts_for_bests:
        return []
    keys = session.best_keys()
    return [WinRecord(k, session.elapsed, session.moves, k == keys[-1], session.size_label) for k in keys]


#: What :func:`win_news` says of a puzzle's own bests (the position's code; the rest is about its size).
BOARD_NEWS = ("new best time for this puzzle", "fewest moves for this puzzle")


def win_news(record: WinRecord, new_best_time: bool, new_best_moves: bool) -> list[str]:
    """What is new for the player once ``record`` is written (phrases; the store says which bests it beat)."""
    news = []
    if record.per_size:
        if new_best_time:
            news.append(f"best {record.size_label} time")
    else:
        if new_best_time:
            news.append(BOARD_NEWS[0])
        if new_best_moves:
            news.append(BOARD_NEWS[1])
    return news
