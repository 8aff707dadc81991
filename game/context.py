"""What every view shares: the window, saved data, sound, theme and the campaign.

Passed explicitly to each view (nothing is attached to the window object).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import arcade

from engine.modes.clock import MONOTONIC, Clock
from game.audio import Audio, clamp_volume
from game.render.theme import EXTRA_THEMES, Theme, get_theme
from game.store import SaveStore
from game.store_startup import open_store
from game.ui import TEXT_SIZE_SETTING, set_reduced_motion, set_text_size
from game.ui.controller import Pads
from game.ui.input import BINDINGS, Bindings
from game.ui.input import SETTING as KEYS_SETTING

if TYPE_CHECKING:
    from engine.modes.campaign import Campaign, CampaignLevel
    from engine.modes.rewards import Reward, Wallet


#: The arguments of a route function after the context (:meth:`Context.go`).
P = ParamSpec("P")
#: The view a route function builds.
V = TypeVar("V", bound=arcade.View)

#: ``ctx.memory`` key of the rewards the last won level bought (:meth:`Context.win_level`).
BOUGHT = "rewards.bought"

#: The saved setting of the sliding puzzle's picture in the player's own games (game.puzzle.settings reads it).
PICTURE_SETTING = "puzzle.picture"

#: The saved setting for reduced motion ("1" = on).
REDUCED_MOTION = "reduced_motion"


class Context:
    """Shared state of one running game.

    Args:
        window: the arcade window.
        store: saved progress, any :class:`game.store.SaveStore` (default: the SQLite
            :class:`game.store.Store` in ``engine.paths.data_dir()``, opened by
            :func:`game.store_startup.open_store` without waiting on a lock; tests may pass a fake).
        audio: sound effects and music (loaded from ``assets/sounds`` by default; saved settings
            "volume" = the effects volume, "music_volume", "mute").
    """

    def __init__(self, window: arcade.Window, store: SaveStore | None = None, audio: Audio | None = None) -> None:
        self.window = window
        self.store: SaveStore = store if store is not None else open_store()
        if audio is None:
            setting = self.store.setting
            audio = Audio(
                volume=_float(setting("volume"), 0.7),
                mute=setting("mute") == "1",
                music_volume=_float(setting("music_volume"), 0.5),
            )
        self.audio = audio
        #: The one key table (:data:`game.ui.input.BINDINGS`), loaded from the saved setting "keys".
        self.keys: Bindings = BINDINGS
        #: Where screens take real time from (levels, races, two players, key timestamps); tests set a FakeClock.
        self.clock: Clock = MONOTONIC
        BINDINGS.replace(Bindings.loads(self.store.setting(KEYS_SETTING)))
        set_text_size(self.store.setting(TEXT_SIZE_SETTING) or 100)
        set_reduced_motion(self.reduced_motion)
        self._campaign: Campaign | None = None
        self._shipped: Campaign | None = None
        self._bonus: Campaign | None = None
        self._packs_signature: tuple[tuple[str, int, int], ...] = ()
        self.campaign_error: str | None = None
        self.theme: Theme = self._dressed(self.store.setting("theme"))
        #: Game controllers -> the keys of the key table (started by :func:`game.app.run`, not by tests).
        self.pads = Pads(lambda event, symbol: window.dispatch_event(event, symbol, 0),
                         lambda: str(getattr(window.current_view, "key_context", "menu")),
                         on_change=self._pads_changed)
        #: What screens remember while the game runs (not saved), e.g. ``"menu.focus"`` -> button index.
        self.memory: dict[str, Any] = {}

    def _pads_changed(self) -> None:
        """A controller came or went: the current screen hears it (``pads_changed``, e.g. Settings' controller
        line) and redraws."""
        view = self.window.current_view
        hook = getattr(view, "pads_changed", None)
        if callable(hook):
            hook()
        redraw = getattr(view, "request_redraw", None)
        if callable(redraw):
            redraw()

    @property
    def notice(self) -> str | None:
        """The store's one sentence (a save set aside, playing without saving...), shown by the menu."""
        return self.store.message

    @property
    def campaign(self) -> Campaign:
        """The campaign levels (loaded on first use; an invalid shipped file leaves them empty with an error),
        then the player's level packs in ``data_dir()/levels`` as worlds after them (a broken pack is one of
        :attr:`Campaign.broken`, never an error here; pack files are only read).  The packs are read again
        whenever a file in that folder was added, removed or changed (an exported or dropped pack shows
        without a restart): a listing and one ``stat`` per pack each time this is asked."""
        from engine.modes.packs import packs_signature, with_packs

        if self._shipped is None:
            from engine.modes.campaign import Campaign, shipped_campaign

            try:
                self._shipped = shipped_campaign()
            except ValueError as exc:
                self.campaign_error = str(exc)
                self._shipped = Campaign(())
        signature = packs_signature()
        if self._campaign is None or signature != self._packs_signature:
            try:
                self._campaign = with_packs(self._shipped)
            except OSError:  # no data folder at all: no packs
                self._campaign = self._shipped
            self._packs_signature = signature
        return self._campaign

    def next_level(self, after: CampaignLevel | None = None) -> CampaignLevel | None:
        """The one "next": the level the menu's Continue plays, the map marks "next" and the win's "Next level"
        opens (:meth:`engine.modes.campaign.Campaign.next_to_play` over the saved progress, read afresh, so a
        restart names the same level).  ``after`` a bonus level: the next level of its bonus world (None at its
        end); bonus levels never count for the campaign's next."""
        if after is not None and self.is_bonus(after):
            following = self.bonus.next_of(after)
            return following if following is not None and following.world == after.world else None
        return self.campaign.next_to_play(self.store.stars(), self.store.unlocked())

    def win_level(self, level: CampaignLevel, stars: int) -> CampaignLevel | None:
        """Save a won campaign (or bonus) level with its ``stars`` 0..3, unlock the level after it, and return
        :meth:`next_level` (what the win's "Next level" opens)."""
        following = (self.bonus if self.is_bonus(level) else self.campaign).next_of(level)
        if following is not None and following.world != level.world and self.is_bonus(level):
            following = None  # a bonus world unlocks only its own levels
        before = self.wallet()
        self.store.complete_level(level.id, stars, following.id if following else None)
        after = self.wallet()
        #: What this win bought (the win screen says so): rewards open now that were locked before it.
        self.memory[BOUGHT] = [r for r in after.table if after.is_open(r) and not before.is_open(r)]
        return self.next_level(level)

    @property
    def bonus(self) -> Campaign:
        """The bonus worlds' levels (:func:`engine.modes.rewards.bonus_campaign`: ``levels/bonus/``), read once;
        empty when they cannot be read."""
        if self._bonus is None:
            from engine.modes.campaign import Campaign
            from engine.modes.rewards import bonus_campaign

            try:
                self._bonus = bonus_campaign()
            except ValueError:
                self._bonus = Campaign(())
        return self._bonus

    def is_bonus(self, level: CampaignLevel) -> bool:
        """True for a level of a bonus world (its id starts with ``bonus-``)."""
        from engine.modes.rewards import is_bonus_id

        return is_bonus_id(level.id)

    # -- navigation ----------------------------------------------------------
    def show(self, view: arcade.View) -> None:
        """Switch to ``view``."""
        self.window.show_view(view)

    def go(self, route: Callable[Concatenate[Context, P], V], /, *args: P.args, **kwargs: P.kwargs) -> V:
        """Build the view of ``route`` (a route function of :mod:`game.routes`, called with this context and
        ``args``) and show it; returns the view.  Typed end to end: mypy checks ``args`` against the route's own
        parameters (``ctx.go(routes.level, 42)`` is an error: a level is expected)."""
        view = route(self, *args, **kwargs)
        self.show(view)
        return view

    # -- settings ------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        """Switch and save the colour theme (a theme stars buy only once bought: else the theme stays).

        Raises:
            engine.modes.rewards.RewardLocked: ``name`` is a theme not bought yet (the sentence says what it needs).
        """
        if name in EXTRA_THEMES:
            self.wallet().choose("theme", name)
        self.store.set_setting("theme", get_theme(name).name)
        self.theme = self._dressed(get_theme(name).name)

    # -- what stars buy ------------------------------------------------------
    def wallet(self) -> Wallet:
        """What the saved stars have bought (:class:`engine.modes.rewards.Wallet`: shipped levels only)."""
        from engine.modes.rewards import Wallet

        _ = self.campaign  # the shipped campaign read
        assert self._shipped is not None
        return Wallet.of(self.store.stars(), self._shipped, self.bonus)

    def choose(self, kind: str, rid: str) -> Reward:
        """Pick the player's ``kind`` ("theme", "mark", "trail" or "picture": the sliding puzzle's picture in the
        player's own games, setting ``puzzle.picture``) ``rid``, saved and drawn from now on.

        Raises:
            engine.modes.rewards.RewardLocked: not bought yet (nothing changes).
            ValueError: no such reward.
        """
        reward = self.wallet().choose(kind, rid)
        if kind == "theme":
            self.set_theme(rid)
        elif kind == "picture":
            self.store.set_setting(PICTURE_SETTING, rid)
        else:
            self.store.set_setting(kind, rid)
            self.theme = self._dressed(self.theme.name)
        return reward

    def chosen(self, kind: str) -> str:
        """The standing choice of ``kind`` ("theme", "mark", "trail"): the saved one once bought, else the free one;
        "picture": the puzzle's picture choice when stars have bought it ("" numbers, ``file:...`` a player's
        own), else numbers."""
        if kind == "theme":
            return self.theme.name
        if kind == "picture":
            picture = self.store.setting(PICTURE_SETTING)
            return picture if self.wallet().allows_picture(picture) else ""
        saved = self.store.setting(kind)
        return self.wallet().chosen(kind, saved).id if saved else ("dot" if kind == "mark" else "soft")

    def _dressed(self, name: str) -> Theme:
        """The theme ``name`` with the saved mark and trail (:func:`game.render.looks.dressed`); whatever the save
        names that stars have not bought falls back to the free look (the stars are read only then)."""
        from game.render.looks import dressed

        mark, trail = self.store.setting("mark") or "dot", self.store.setting("trail") or "soft"
        if name in EXTRA_THEMES or mark != "dot" or trail != "soft":
            wallet = self.wallet()
            if name in EXTRA_THEMES and not wallet.is_open(wallet.find("theme", name) or wallet.table[0]):
                name = "dark"
            mark, trail = wallet.chosen("mark", mark).id, wallet.chosen("trail", trail).id
        return dressed(get_theme(name), mark, trail)

    def set_volume(self, volume: float, channel: str = "effects") -> None:
        """Set and save the ``channel`` volume (0..1, clamped): "effects" (setting "volume") or "music"."""
        if channel == "music":
            self.audio.music_volume = volume
            self.store.set_setting("music_volume", self.audio.music_volume)
        else:
            self.audio.volume = clamp_volume(volume)
            self.store.set_setting("volume", self.audio.volume)

    def change_volume(self, channel: str, delta: float) -> None:
        """The ``channel`` volume ("effects" or "music") up or down by ``delta``, saved."""
        a = self.audio
        self.set_volume((a.music_volume if channel == "music" else a.volume) + delta, channel)

    def set_mute(self, mute: bool) -> None:
        """Mute or unmute and save it."""
        self.audio.mute = mute
        self.store.set_setting("mute", "1" if mute else "0")

    @property
    def reduced_motion(self) -> bool:
        """The player asked for less movement on screen (setting "reduced_motion" = "1"): no pulses, shakes,
        camera easing or sliding animations."""
        return self.store.setting(REDUCED_MOTION) == "1"

    def set_reduced_motion(self, on: bool) -> None:
        """Reduced motion on or off, saved."""
        self.store.set_setting(REDUCED_MOTION, "1" if on else "0")
        set_reduced_motion(on)

    def set_text_size(self, percent: int) -> int:
        """Use and save text size ``percent`` (the nearest of :data:`game.ui.TEXT_SIZES`); returns it."""
        used = set_text_size(percent)
        self.store.set_setting(TEXT_SIZE_SETTING, used)
        return used

    def save_keys(self) -> None:
        """Save the key table's changes from the defaults (setting "keys")."""
        self.store.set_setting(KEYS_SETTING, self.keys.dumps())

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and a window; saved.  Never raises (headless windows cannot)."""
        want = not self.window.fullscreen
        try:
            self.window.set_fullscreen(want)
        except Exception:  # some platforms/headless cannot go fullscreen
            return
        self.store.set_setting("fullscreen", "1" if want else "0")


def _float(text: str, default: float) -> float:
    try:
        return float(text)
    except ValueError:
        return default
