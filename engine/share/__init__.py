"""Sharing a level: ``tessera://`` links (:mod:`.links`), QR codes (:mod:`.qr`), spoiler-free share lines
(:mod:`.lines`) and the desktop link handler (:mod:`.desktop`).

Nothing is imported here: :mod:`engine.codes` imports :mod:`.links` (links are read wherever a code is),
and the other modules import :mod:`engine.codes`.
"""
