"""The command line: the ``jokeren`` command (``app``), its command groups (``score``,
``club``) and its Dutch mode (``dutch``) (docs/architecture.md, "Layout")."""

from .app import app, command, main

__all__ = ["app", "command", "main"]
