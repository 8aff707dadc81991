"""The bonus worlds on the campaign map: one stop per bonus world, on the path right after its world's last level.

A stop is locked until every level of its world has 3 stars (:mod:`engine.modes.rewards`); its tile says what
opens it in players' words ("3-star Square Gardens to open") and the line under the map says how far the player
is.  Open, it shows the maze Enter plays (:func:`engine.modes.rewards.bonus_next`: the first of its levels not yet
won, else its first) and its stars so far.  A bonus level is never the campaign's "next"
(:meth:`game.context.Context.next_level`): a bonus world is a side trip the player picks, so Continue, the map's
"next" mark and the win's "Next level" keep naming the campaign's journey (after a bonus level, the win's "Next
level" is the next level of that bonus world).

Pure data for the map screen (:class:`game.shell.levels.LevelsView`), which paints the stops
(:func:`game.render.map_stops.paint_bonus`) and opens their levels.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.modes.rewards import bonus_next, bonus_worlds, opens_with
from game.format import maze_words
from game.render.map_paint import Tile

if TYPE_CHECKING:
    from engine.modes.campaign import CampaignLevel
    from game.context import Context


@dataclass(frozen=True)
class BonusStop:
    """One bonus world as the map shows it.

    Attributes:
        world: its campaign world; name: the bonus world's own name ("Square Gardens Bonus");
        levels: its levels in order; open: bought (its world 3-starred);
        got: stars won in it (0..3 each); world_got, world_of: its campaign world's stars and their most;
        play: the level Enter plays (None: no level); last_won: its world's last level won (the path on is lit).
    """

    world: str
    name: str
    levels: tuple[CampaignLevel, ...]
    open: bool
    got: int
    world_got: int
    world_of: int
    play: CampaignLevel | None
    last_won: bool

    @property
    def of(self) -> int:
        """The most stars its levels give."""
        return 3 * len(self.levels)

    def tile(self) -> Tile:
        """Its tile on the map (``kind="bonus"``), showing the maze of :attr:`play`."""
        shape = self.play.recipe.shape if self.play is not None and self.play.recipe is not None else "square"
        n = len(self.levels)
        return Tile(0, f"{n} level{'s' if n != 1 else ''}", "open" if self.open else "locked", self.got,
                    shape=shape, won=self.last_won, kind="bonus", need="" if self.open else opens_with(self.world),
                    of=self.of)

    def line(self) -> str:
        """The line under the map about this stop (players' words)."""
        head = f"{self.name}  ·  {len(self.levels)} harder levels of {self.world}"
        if not self.open:
            return f"{head}  ·  locked: {opens_with(self.world)} ({self.world_got} of {self.world_of} stars so far)"
        line = f"{head}  ·  {self.got} of {self.of} stars"
        if self.play is not None:
            line += f"  ·  Enter plays {self.play.name}"
            r = self.play.recipe
            if r is not None:
                words = maze_words(r.shape, r.width, r.height, r.floors, r.dark, bool(r.weave), r.mask is not None)
                line += f" ({words})"
        return line

    def locked_line(self) -> str:
        """What Enter on a locked stop says."""
        return f"{self.name} is locked: {opens_with(self.world)} ({self.world_got} of {self.world_of} stars so far)."


def bonus_stops(ctx: Context, stars: Mapping[str, int], unlocked: Collection[str]) -> dict[str, BonusStop]:
    """The stop of every shipped world that has a bonus world, by campaign world (``stars``/``unlocked``: the
    saved progress, as the map read it)."""
    wallet = ctx.wallet()
    bonus = ctx.bonus
    shipped = dict(ctx.campaign.by_world())
    out: dict[str, BonusStop] = {}
    for world, name in bonus_worlds(ctx.campaign, bonus):
        levels = tuple(lv for lv in bonus.levels if lv.world == name)
        world_levels = shipped.get(world, [])
        if not levels or not world_levels:
            continue
        out[world] = BonusStop(
            world, name, levels, wallet.bonus_open(name), sum(min(3, stars.get(lv.id, 0)) for lv in levels),
            sum(min(3, stars.get(lv.id, 0)) for lv in world_levels), 3 * len(world_levels),
            bonus_next(name, bonus, wallet, stars, unlocked), world_levels[-1].id in stars)
    return out


__all__ = ["BonusStop", "bonus_stops"]
