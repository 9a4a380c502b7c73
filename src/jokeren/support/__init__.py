"""The support layer: what every layer may use and that knows nothing of the game (the
bounded caches, atomic file writing, the wording of a catalogue key); it imports no other
part of jokeren (docs/architecture.md, "Layout")."""
