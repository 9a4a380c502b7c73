"""Jokeren: Amerikaans Jokeren and its Dutch relatives, with every table's house rules."""

from . import rules as _rules  # noqa: F401  (first: the presets are built from Rules)
