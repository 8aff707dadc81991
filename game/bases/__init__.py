"""What every screen stands on, above the context: :class:`~game.bases.screen.Screen` and its button and maze
screens (:mod:`game.bases.screen`), the overlay base (:mod:`game.bases.overlay`), the setup screen of choices
(:mod:`game.bases.choice_setup`) and the win screen's shape (:mod:`game.bases.win_screen`).

The floor below is :mod:`game.ui`, the widget and input kit the context itself uses (it never imports
:mod:`game.context` or this package); the screens of every area stand on both.
"""
