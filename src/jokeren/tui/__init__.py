"""The terminal table (Textual): people and computer players around one screen.

Only ``app.py`` and its screens import Textual; ``session``, ``hints`` and ``order`` are
plain Python (the words they show are ``words/``'s), so the rules of play stay testable
without a terminal.
"""
