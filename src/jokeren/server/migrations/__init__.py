"""Alembic migrations, shipped inside the package so that ``pip install .`` can upgrade."""
