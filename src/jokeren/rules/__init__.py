"""The rules layer: what a card, a meld, a requirement and a house rule are; it
imports nothing of jokeren but ``support/`` (docs/architecture.md, "Layout").

The presets (``presets``) and the variants (``variants``) register themselves in
``house.PRESETS`` as the package is imported, so every importer finds them all.
"""

from . import presets, variants

__all__ = ["presets", "variants"]
