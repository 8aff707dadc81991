"""Tessera's arcade front end: thin Views over :mod:`engine` objects.

Importing this package does not import arcade; :mod:`game.app` does.
"""
