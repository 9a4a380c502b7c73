"""Club evenings: the draw of tables, competition forms, standings, statistics
(docs/club.md)."""
