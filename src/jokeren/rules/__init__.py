"""The rules layer: what a card, a meld, a requirement and a house rule are; it
imports no other part of jokeren (docs/architecture.md, "Layout")."""
