"""The maze editor's screens: the editor itself (:mod:`game.editor.view`) and its New screen."""
