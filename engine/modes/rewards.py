"""What stars buy: the unlock table (themes, player marks, trails, puzzle pictures, bonus worlds) and the rules
that read it.

Stars are the campaign's own (:meth:`game.store.SaveStore.stars`: the best 0..3 per won level); only shipped
levels count (the campaign in ``levels/`` and the bonus worlds in ``levels/bonus/``), so a level pack a player
makes buys nothing.  A reward is open once the star total reaches its price; a bonus world (one per shipped
world, ``levels/bonus/<the world's file name>``, written by ``tools/make_bonus.py`` from the world's own recipes
with harder settings) opens once every level of its world has 3 stars.  The first item of each kind is free
(the look the game always had); so are the sliding puzzle's first three pictures (its numbered tiles are no
reward: they are always there).  A puzzle picture bought is one the player may choose for their own games; a
puzzle code naming any built-in picture still shows it (:mod:`engine.puzzle.pictures`).

Pure: no window, no store; the game passes the saved stars and reads the answers (what is open, what is next,
which choice stands).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.modes.campaign import Campaign, CampaignLevel, load_campaign
from engine.paths import shipped_dir

#: The kinds of reward, in the order the Rewards screen lists them.
KINDS = ("theme", "mark", "trail", "picture", "bonus")
#: What the screens call each kind (players' words).
KIND_NAMES = {"theme": "Themes", "mark": "Player marks", "trail": "Trails", "picture": "Puzzle pictures",
              "bonus": "Bonus worlds"}
#: What one reward of each kind is called (the summary line: "next: Reef (puzzle picture), 4 more stars").
KIND_ONE = {"theme": "theme", "mark": "player mark", "trail": "trail", "picture": "puzzle picture",
            "bonus": "bonus world"}
#: Every bonus level's id starts with this.
BONUS_PREFIX = "bonus-"
BONUS_DIR = shipped_dir("levels") / "bonus"


@dataclass(frozen=True)
class Reward:
    """One thing stars buy.

    Attributes:
        kind: one of :data:`KINDS`; id: the key saved when it is chosen (unique within its kind);
        name: what the player sees; stars: the star total it needs (0: free);
        world: a bonus world's campaign world (it needs that world 3-starred, not a total).
    """

    kind: str
    id: str
    name: str
    stars: int = 0
    world: str = ""


#: The price list (a bonus world is added per world by :func:`rewards`).  Totals out of 300 (100 levels).
TABLE: tuple[Reward, ...] = (
    Reward("theme", "dark", "Dark"),
    Reward("theme", "light", "Light"),
    Reward("theme", "contrast", "High contrast"),
    Reward("theme", "dusk", "Dusk", 15),
    Reward("theme", "meadow", "Meadow", 45),
    Reward("theme", "ember", "Ember", 90),
    Reward("theme", "ocean", "Ocean", 150),
    Reward("mark", "dot", "Dot"),
    Reward("mark", "diamond", "Diamond", 6),
    Reward("mark", "ring", "Ring", 24),
    Reward("mark", "star", "Star", 60),
    Reward("mark", "hexagon", "Hexagon", 120),
    Reward("trail", "soft", "Soft"),
    Reward("trail", "mint", "Mint", 10),
    Reward("trail", "flame", "Flame", 35),
    Reward("trail", "violet", "Violet", 75),
    Reward("trail", "gold", "Gold", 200),
    Reward("picture", "default", "Dusk landscape"),  # ids: engine.puzzle.pictures.PICTURES names
    Reward("picture", "mosaic", "Mosaic"),
    Reward("picture", "maze", "Maze"),
    Reward("picture", "balloons", "Balloons", 12),
    Reward("picture", "reef", "Reef", 40),
    Reward("picture", "city", "Night city", 80),
    Reward("picture", "aurora", "Aurora", 130),
)


class RewardLocked(ValueError):
    """A reward chosen before it is open (the sentence says how many more stars, or which world to finish)."""


def is_bonus_id(level_id: str) -> bool:
    """True for the id of a bonus level."""
    return level_id.startswith(BONUS_PREFIX)


def bonus_campaign(directory: str | None = None) -> Campaign:
    """The bonus worlds (every ``*.toml`` of ``levels/bonus`` or ``directory``) as one campaign, read once per
    process for the shipped folder.

    Raises:
        ValueError: an invalid bonus file (as :func:`engine.modes.campaign.load_campaign`).
    """
    if directory is not None:
        return load_campaign(directory)
    with _lock:
        if not _bonus:
            _bonus.append(load_campaign(BONUS_DIR) if BONUS_DIR.is_dir() else Campaign(()))
        return _bonus[0]


_lock = threading.Lock()
_bonus: list[Campaign] = []


def bonus_worlds(campaign: Campaign, bonus: Campaign) -> list[tuple[str, str]]:
    """``(campaign world, its bonus world)`` pairs: a bonus file belongs to the campaign world read from the file
    of the same name (``levels/bonus/01-square.toml`` to ``levels/01-square.toml``), in campaign order."""
    world_of_file = {lv.source: lv.world for lv in campaign.levels if lv.source}
    pairs: dict[str, str] = {}
    for lv in bonus.levels:
        world = world_of_file.get(lv.source)
        if world is not None:
            pairs.setdefault(world, lv.world)
    order = campaign.worlds()
    return sorted(pairs.items(), key=lambda p: order.index(p[0]))


def rewards(campaign: Campaign, bonus: Campaign) -> list[Reward]:
    """The whole table: :data:`TABLE` then one bonus world per campaign world that has one (id: the bonus
    world's name; price: its world 3-starred)."""
    return [*TABLE, *(Reward("bonus", b, b, 0, w) for w, b in bonus_worlds(campaign, bonus))]


@dataclass(frozen=True)
class Wallet:
    """What the player's stars have bought.

    Attributes:
        total: stars earned in shipped levels (campaign and bonus worlds), 0..3 per level;
        starred: campaign worlds whose every level has 3 stars;
        table: every reward (:func:`rewards`).
    """

    total: int
    starred: frozenset[str]
    table: tuple[Reward, ...]

    @classmethod
    def of(cls, stars: Mapping[str, int], campaign: Campaign, bonus: Campaign) -> Wallet:
        """The wallet of saved ``stars`` (level id -> best stars; ids of other levels are ignored)."""
        counted = [*campaign.levels, *bonus.levels]
        total = sum(max(0, min(3, int(stars.get(lv.id, 0)))) for lv in counted)
        starred = frozenset(w for w, levels in campaign.by_world()
                            if levels and all(stars.get(lv.id, 0) >= 3 for lv in levels))
        return cls(total, starred, tuple(rewards(campaign, bonus)))

    def is_open(self, reward: Reward) -> bool:
        """A bonus world: its world 3-starred; anything else: the total reaches its price."""
        if reward.kind == "bonus":
            return reward.world in self.starred
        return self.total >= reward.stars

    def missing(self, reward: Reward) -> int:
        """Stars still needed for ``reward`` (0 once open; a bonus world: the stars its world still lacks)."""
        return 0 if self.is_open(reward) else max(0, reward.stars - self.total)

    def need(self, reward: Reward) -> str:
        """What a locked reward waits for in players' words ("12 more stars", "3 stars on every level of Square
        Gardens"); "" once open."""
        if self.is_open(reward):
            return ""
        if reward.kind == "bonus":
            return f"3 stars on every level of {reward.world}"
        n = self.missing(reward)
        return f"{n} more star{'s' if n != 1 else ''}"

    def of_kind(self, kind: str) -> list[Reward]:
        """The rewards of ``kind`` in table order."""
        return [r for r in self.table if r.kind == kind]

    def find(self, kind: str, rid: str) -> Reward | None:
        """The reward of ``kind`` called ``rid``, or None."""
        return next((r for r in self.table if r.kind == kind and r.id == rid), None)

    def opened(self, kind: str) -> list[Reward]:
        """The open rewards of ``kind`` (the free one first)."""
        return [r for r in self.of_kind(kind) if self.is_open(r)]

    def next_up(self) -> Reward | None:
        """The cheapest reward bought with stars that is still locked (bonus worlds aside), or None."""
        locked = [r for r in self.table if r.kind != "bonus" and not self.is_open(r)]
        return min(locked, key=lambda r: r.stars) if locked else None

    def choose(self, kind: str, rid: str) -> Reward:
        """The reward the player picks, checked.

        Raises:
            RewardLocked: it is not open yet (the sentence says what it waits for).
            ValueError: no reward of ``kind`` is called ``rid``.
        """
        found = self.find(kind, rid)
        if found is None:
            raise ValueError(f"There is no {kind} called '{rid[:20]}'.")
        if not self.is_open(found):
            raise RewardLocked(f"{found.name} is locked: {self.need(found)}.")
        return found

    def chosen(self, kind: str, saved: str) -> Reward:
        """The choice that stands for a saved id: it when it is open, else the free one of ``kind`` (a save
        edited by hand never opens what stars have not bought)."""
        found = self.find(kind, saved)
        if found is not None and self.is_open(found):
            return found
        return self.of_kind(kind)[0]

    def step(self, kind: str, current: str, by: int = 1) -> Reward:
        """The open reward of ``kind`` ``by`` places after ``current`` (round; Settings' buttons)."""
        open_ = self.opened(kind)
        ids = [r.id for r in open_]
        at = ids.index(current) if current in ids else 0
        return open_[(at + by) % len(open_)]

    def allows_picture(self, choice: str) -> bool:
        """Whether the sliding puzzle's picture ``choice`` may be the player's own: numbers (``""``), a player's
        file (``file:...``) and the free pictures always, a picture stars buy once bought."""
        found = self.find("picture", choice)
        return found is None or self.is_open(found)

    def bonus_open(self, world: str) -> bool:
        """True when the bonus world ``world`` (its own name) is open."""
        return any(r.kind == "bonus" and r.id == world and self.is_open(r) for r in self.table)


def bonus_is_open(level: CampaignLevel, bonus: Campaign, wallet: Wallet, unlocked: Iterable[str]) -> bool:
    """Whether a bonus level can be played: its world bought, then the first level, the rest once unlocked by
    the one before (as in the campaign)."""
    return wallet.bonus_open(level.world) and bonus.is_open(level, frozenset(unlocked))


def bonus_next(world: str, bonus: Campaign, wallet: Wallet, stars: Mapping[str, int],
               unlocked: Iterable[str]) -> CampaignLevel | None:
    """The level of bonus world ``world`` (its own name) that Enter plays from the map or the Rewards page: its
    first open level not yet won, else its first (every one won: play it again); None for an unknown world.

    Not the campaign's "next" (:meth:`game.context.Context.next_level`): a bonus world is a side trip the
    player chooses, never where Continue leads."""
    opened = frozenset(unlocked)
    levels = [lv for lv in bonus.levels if lv.world == world]
    ready = [lv for lv in levels if bonus_is_open(lv, bonus, wallet, opened)]
    return next((lv for lv in ready if lv.id not in stars), levels[0] if levels else None)


def opens_with(world: str) -> str:
    """What a locked bonus world waits for, short (the map's tile): ``3-star Square Gardens to open``."""
    return f"3-star {world} to open"


__all__ = [
    "BONUS_DIR", "BONUS_PREFIX", "KINDS", "KIND_NAMES", "KIND_ONE", "TABLE", "Reward", "RewardLocked", "Wallet",
    "bonus_campaign", "bonus_is_open", "bonus_next", "bonus_worlds", "is_bonus_id", "opens_with", "rewards",
]
