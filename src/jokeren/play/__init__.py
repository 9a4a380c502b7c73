"""The play layer: one game at a table (``table.Table``, which alone calls the engine for the
screens and the server), many games (``tournament``) and ``jokeren simulate``'s runs
(docs/architecture.md, "Layout")."""
