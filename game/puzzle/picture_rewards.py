"""The sliding puzzle's pictures that stars buy (:mod:`engine.modes.rewards`, kind ``"picture"``), as the
screens show them: which choice the player's own games may use, the setup's labels ("Reef · 40 ★" while
locked) and the sentence a locked one says, and a small sample of a picture (the Rewards page).

A bought picture is one the player may choose for their own games; a puzzle code naming a picture shows it
whatever was bought (the code says so).  A save naming a picture not bought (edited by hand) gives numbered
tiles, never the picture.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.modes.rewards import TABLE, Reward, Wallet
from game.format import STAR

if TYPE_CHECKING:
    import arcade

#: The pictures there from the start (the setup's first row, after Numbers), in table order.
FREE = tuple(r.id for r in TABLE if r.kind == "picture" and r.stars == 0)
#: The pictures stars buy (the setup's second row), cheapest first.
PAID: tuple[Reward, ...] = tuple(sorted((r for r in TABLE if r.kind == "picture" and r.stars > 0),
                                        key=lambda r: r.stars))
#: Pixels of the Rewards page's samples (a square cut of the picture; drawn scaled).
SAMPLE_PX = 96


def own_choice(wallet: Callable[[], Wallet], choice: str) -> str:
    """``choice`` (the saved picture choice) when the player's own games may show it, else ``""`` (numbers): a
    picture stars buy counts once bought (``wallet`` is asked only for such a picture: it reads the stars)."""
    if not any(r.id == choice for r in PAID):
        return choice
    return choice if wallet().allows_picture(choice) else ""


def button_label(reward: Reward, wallet: Wallet) -> str:
    """A paid picture's button on the setup screen: its name once bought, ``Reef · 40 ★`` while locked."""
    return reward.name if wallet.is_open(reward) else f"{reward.name} · {reward.stars} {STAR}"


def locked_line(reward: Reward, wallet: Wallet) -> str:
    """What a locked picture's button says when pressed: the stars it needs, and where stars come from."""
    return f"{reward.name} is locked: {wallet.need(reward)} (stars come from the campaign's levels)."


@lru_cache(maxsize=16)
def sample(name: str) -> arcade.Texture:
    """A :data:`SAMPLE_PX`-pixel square of built-in picture ``name`` (its centre, the whole width), made once.

    Raises:
        ValueError: an unknown picture or an unreadable file (:func:`game.puzzle.pictures.load_choice`).
    """
    import arcade
    from PIL import Image, ImageOps

    from game.puzzle.pictures import load_choice

    img = ImageOps.fit(load_choice(name), (SAMPLE_PX, SAMPLE_PX), Image.Resampling.LANCZOS).convert("RGBA")
    return arcade.Texture(img, hash=f"tessera-picture-sample-{name}")


__all__ = ["FREE", "PAID", "SAMPLE_PX", "button_label", "locked_line", "own_choice", "sample"]
