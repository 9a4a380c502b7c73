"""The words layer: everything a player reads, in Dutch and English: the catalogue
(``catalogue`` and messages.json), the house rules in words (``rules``), cards, melds, events,
a seat's status and a move explained (``moves``), the command line's Dutch help (``help``).
Every screen (terminal, browser, command line, score sheets) words things through here
(docs/architecture.md, "Layout")."""
