"""Analysis: the exact hand solver, candidate melds and the listing of legal
actions that the players and hints use; above the engine, which never imports
it (docs/architecture.md, "Layout")."""
