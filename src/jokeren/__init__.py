"""Jokeren: Amerikaans Jokeren and its Dutch relatives, with every table's house rules."""


def compiled() -> bool:
    """Whether the engine runs compiled by mypyc (a wheel built by ``hatch_build.py``)
    rather than from its Python sources (an editable install, or a pure wheel)."""
    from .engine import core as engine

    return not (engine.__file__ or "").endswith(".py")
