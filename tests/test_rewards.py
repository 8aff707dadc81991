"""What stars buy (:mod:`engine.modes.rewards`): prices reached or not, locked choices refused, a bonus world per
world opened only by 3 stars on every level of that world, and the bonus levels as data (harder twins of each
world's last levels; no campaign level or code changed)."""

from __future__ import annotations

import pytest

from engine.modes.campaign import shipped_campaign
from engine.modes.rewards import (
    BONUS_PREFIX,
    TABLE,
    RewardLocked,
    Wallet,
    bonus_campaign,
    bonus_worlds,
)


def _camps():
    return shipped_campaign(), bonus_campaign()


def _stars(n: int) -> dict[str, int]:
    """``n`` stars spread over the first campaign levels (at most 2 each: no world is 3-starred)."""
    out: dict[str, int] = {}
    for lv in shipped_campaign().levels:
        if n <= 0:
            break
        out[lv.id] = min(2, n)
        n -= out[lv.id]
    return out


@pytest.mark.parametrize("reward", [r for r in TABLE if r.stars > 0], ids=lambda r: f"{r.kind}-{r.id}")
def test_a_reward_opens_exactly_at_its_price(reward):
    camp, bonus = _camps()
    below = Wallet.of(_stars(reward.stars - 1), camp, bonus)
    at = Wallet.of(_stars(reward.stars), camp, bonus)
    assert below.total == reward.stars - 1 and at.total == reward.stars
    assert not below.is_open(reward) and at.is_open(reward)
    n = reward.stars - below.total
    assert below.need(reward) == f"{n} more star{'s' if n != 1 else ''}" and at.need(reward) == ""
    with pytest.raises(RewardLocked, match="more star"):
        below.choose(reward.kind, reward.id)
    assert at.choose(reward.kind, reward.id) is reward


def test_the_free_looks_are_open_on_a_first_launch_and_the_next_reward_is_the_cheapest():
    camp, bonus = _camps()
    w = Wallet.of({}, camp, bonus)
    assert w.total == 0
    assert [r.id for r in w.opened("theme")] == ["dark", "light", "contrast"]
    assert [r.id for r in w.opened("mark")] == ["dot"] and [r.id for r in w.opened("trail")] == ["soft"]
    cheapest = min((r for r in TABLE if r.stars), key=lambda r: r.stars)
    assert w.next_up() == cheapest
    assert w.chosen("mark", "hexagon").id == "dot"  # a save naming a locked mark: the free one stands
    with pytest.raises(ValueError, match="no mark"):
        w.choose("mark", "no-such-mark")
    rich = Wallet.of({lv.id: 3 for lv in [*camp.levels, *bonus.levels]}, camp, bonus)
    assert rich.next_up() is None and all(rich.is_open(r) for r in rich.table)
    assert rich.total == 3 * (len(camp) + len(bonus))


def test_stars_of_other_levels_buy_nothing():
    camp, bonus = _camps()
    w = Wallet.of({"my-pack-level": 3, "another": 3, camp.levels[0].id: 7}, camp, bonus)
    assert w.total == 3  # a pack's levels are ignored; a level counts 3 at most


def test_a_bonus_world_is_locked_until_every_level_of_its_world_has_three_stars():
    camp, bonus = _camps()
    pairs = dict(bonus_worlds(camp, bonus))
    assert list(pairs) == camp.worlds()  # one bonus world per campaign world, in campaign order
    world, levels = camp.by_world()[1]
    stars = {lv.id: 3 for lv in levels[:-1]} | {levels[-1].id: 2}
    w = Wallet.of(stars, camp, bonus)
    reward = w.find("bonus", pairs[world])
    assert reward is not None and reward.world == world
    assert not w.is_open(reward) and w.need(reward) == f"3 stars on every level of {world}"
    with pytest.raises(RewardLocked):
        w.choose("bonus", reward.id)
    stars[levels[-1].id] = 3
    w = Wallet.of(stars, camp, bonus)
    assert w.is_open(reward) and w.bonus_open(pairs[world])
    assert [r.id for r in w.opened("bonus")] == [pairs[world]]  # the other worlds' bonus stays locked


def test_bonus_levels_are_harder_twins_of_each_worlds_last_levels_and_change_no_campaign_level():
    camp, bonus = _camps()
    codes = {lv.code() for lv in camp.levels}
    by_id = {lv.id: lv for lv in camp.levels}
    assert len(bonus) == 3 * len(camp.worlds())
    for lv in bonus.levels:
        assert lv.id.startswith(BONUS_PREFIX) and lv.code() not in codes, lv.id
        twin = by_id[lv.id[len(BONUS_PREFIX):]]
        assert twin.source == lv.source and lv.world == f"{twin.world} Bonus"
        a, b = twin.recipe, lv.recipe
        assert (a.shape, a.algorithm, a.dark, a.floors) == (b.shape, b.algorithm, b.dark, b.floors), lv.id
        if a.puzzle is None:
            assert b.width * b.height > a.width * a.height, lv.id  # bigger
        else:
            assert b.puzzle.families == a.puzzle.families and b.seed != a.seed, lv.id


def test_plain_bonus_pars_follow_the_campaigns_rule():
    import math

    from engine.modes.play import PlaySession

    _, bonus = _camps()
    for lv in bonus.levels:
        if lv.recipe.puzzle is None:
            shortest = PlaySession(lv.level()).shortest
            assert (lv.par_moves, lv.par_time) == (math.ceil(1.15 * shortest), math.ceil(0.3 * shortest + 5)), lv.id


def test_puzzle_bonus_pars_are_their_proven_unique_optimum():
    _, bonus = _camps()
    puzzles = [lv for lv in bonus.levels if lv.recipe.puzzle is not None]
    assert len(puzzles) == 15
    for lv in puzzles:
        s = lv.recipe.placed().solution
        assert s.unique and s.detour > 0 and lv.par_moves == s.length and lv.par_time == s.length + 10, lv.id
