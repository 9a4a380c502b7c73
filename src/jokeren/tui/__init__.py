"""The terminal table (Textual): people and computer players around one screen.

Only ``app.py`` and its screens import Textual; ``session``, ``words``, ``hints`` and
``order`` are plain Python, so the rules of play stay testable without a terminal.
"""
