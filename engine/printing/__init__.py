"""Printable maze workbooks: vector PDF pages of mazes with their answer keys (``tessera print``).

- :mod:`engine.printing.layout`: paper sizes, the slots mazes fill, fitting a drawing into a slot.
- :mod:`engine.printing.draw`: a maze (walls, start, goal, bridges, stairs, an answer's path) as PDF operators,
  its floors as a grid (:class:`engine.printing.draw.Frame`).
- :mod:`engine.printing.legend`: the words around a maze: difficulty, instructions, legend, numbered waits,
  the default title.
- :mod:`engine.printing.sources`: the sheets to print, from ``generate``'s options, a difficulty, or codes,
  campaign worlds and level packs.
- :mod:`engine.printing.slots`: one slot of a page on the canvas: a maze with its words, or an answer key.
- :mod:`engine.printing.workbook`: the page plan and the PDF (reportlab).
"""
