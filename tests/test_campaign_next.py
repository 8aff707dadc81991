"""Which level "Continue" plays (:meth:`engine.modes.campaign.Campaign.next_to_play`): pure, over saved progress."""

from __future__ import annotations

from engine.modes.campaign import load_campaign


def _campaign():
    return load_campaign()


def test_a_first_launch_continues_with_the_first_level():
    camp = _campaign()
    assert camp.next_to_play(set(), set()) is camp.levels[0]


def test_it_continues_after_the_furthest_finished_level():
    camp = _campaign()
    lv = camp.levels
    done = {lv[i].id for i in range(11)}
    opened = {lv[i].id for i in range(1, 12)}  # finishing level i unlocks i + 1
    nxt = camp.next_to_play(done, opened)
    assert nxt is lv[11]
    assert camp.next_to_play(done, opened).index == 11


def test_a_gap_left_behind_is_not_chosen_while_a_level_further_on_waits():
    camp = _campaign()
    lv = camp.levels
    # 0 and 2 finished, 1 left unfinished (a player may replay past it): the next is 3, not the gap at 1
    done = {lv[0].id, lv[2].id}
    opened = {lv[1].id, lv[2].id, lv[3].id}
    assert camp.next_to_play(done, opened) is lv[3]


def test_a_locked_level_is_never_chosen_and_a_finished_campaign_gives_none():
    camp = _campaign()
    lv = camp.levels
    # the last level of the first world finished but nothing after it unlocked: the next world's first level
    world = [x for x in lv if x.world == lv[0].world]
    last = world[-1]
    nxt = camp.next_to_play({last.id}, set())
    assert nxt is not None and camp.is_open(nxt, set()) and nxt.index > last.index
    assert camp.is_first_of_world(nxt)
    everything = {x.id for x in lv}
    assert camp.next_to_play(everything, everything) is None


def test_when_nothing_is_open_after_the_furthest_it_goes_back_to_the_first_open_unfinished():
    camp = _campaign()
    lv = camp.levels
    everything = {x.id for x in lv}
    done = everything - {lv[1].id}
    assert camp.next_to_play(done, everything) is lv[1]
    assert camp.next_to_play({"no-such-level"}, set()) is lv[0]
