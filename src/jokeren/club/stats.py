"""A season's statistics per player as pictures (matplotlib, Agg: no screen needed).

Three png files: penalty points per game at each evening (a line per player), games won
over the season (bars), and the spread of the penalty points per game (a box per player).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..words.catalogue import t
from .evening import ClubError, Evening, player_games

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def per_player(evenings: Sequence[Evening]) -> dict[str, list[list[int]]]:
    """Per player (by name, one player however capitalised, as ``season`` counts them):
    the points of each game, one list per evening (empty when absent)."""
    from ..score.scorecard import name_key

    names: dict[str, str] = {}  # name_key: the name as the last evening wrote it
    for ev in evenings:
        for p in ev.players:
            names[name_key(p)] = p
    out: dict[str, list[list[int]]] = {name: [] for name in names.values()}
    for ev in evenings:
        games = player_games(ev)
        seats = {name_key(p): i for i, p in enumerate(ev.players)}
        for key, name in names.items():
            seat = seats.get(key)
            out[name].append([pts for _, pts in games[seat]] if seat is not None else [])
    return out


def evening_label(evening: Evening, number: int, lang: str = "en") -> str:
    """An evening as the plots name it: its title, else its date in words ("9 december
    2026"), else "Avond 2" (it said "Avond 2" for a dated evening without a title)."""
    from .clubgrids import date_words

    return evening.title or date_words(evening.date, lang) or \
        f"{t('club_evening', lang)} {number}"


def check_plots(evenings: Sequence[Evening]) -> None:
    """ClubError if no game of ``evenings`` is entered: nothing to plot (matplotlib failed
    with a traceback on a box plot of no players)."""
    if not any(games for ev in evenings for games in player_games(ev).values()):
        raise ClubError("club_err_plots_no_games")


PICTURES = ("penalty_per_game.png", "games_won.png", "spread.png")  # write_plots's files


def plots_folder(folder: Path) -> None:
    """Make ``folder`` for the pictures (with the folders above it), before the season is
    printed: OSError if it cannot be one (a file of that name, a disk that refuses) or a
    picture's name there is a folder; ModuleNotFoundError without matplotlib. (The season
    table was printed whole before a file given as the folder was refused.)"""
    import errno
    from importlib.util import find_spec

    if find_spec("matplotlib") is None:
        raise ModuleNotFoundError(name="matplotlib")
    folder.mkdir(parents=True, exist_ok=True)
    for name in PICTURES:
        if (folder / name).is_dir():
            raise IsADirectoryError(errno.EISDIR, "", str(folder / name))


def write_plots(evenings: Sequence[Evening], folder: Path, lang: str = "en") -> list[Path]:
    """The three pictures in ``folder`` (made if missing); their paths. ClubError if no
    game is entered (``check_plots``)."""
    check_plots(evenings)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    data = per_player(evenings)
    names = [n for n, evs in data.items() if any(evs)]
    labels = [evening_label(ev, i, lang) for i, ev in enumerate(evenings, 1)]
    paths = []

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    colours = plt.get_cmap("tab20").colors  # type: ignore[attr-defined]
    for k, name in enumerate(names):  # 20 colours, then the markers tell players apart
        xs = [i for i, games in enumerate(data[name]) if games]
        ys = [sum(data[name][i]) / len(data[name][i]) for i in xs]
        ax.plot(xs, ys, marker="os^Dv"[k // 20 % 5], color=colours[k % 20], label=name)
    ax.set_xticks(range(len(evenings)), labels, rotation=20, ha="right")
    ax.set_ylabel(t("club_points", lang))
    ax.set_title(t("club_plot_penalty", lang))
    # beside the lines, not over them (it hid a player's point at the lower left)
    ax.legend(fontsize="small", ncol=1 + len(names) // 16, loc="upper left",
              bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    paths.append(_save(fig, folder / PICTURES[0]))

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    won = [sum(1 for games in data[n] for p in games if p == 0) for n in names]
    ax.bar(names, won, color="#2e7d32")
    ax.set_ylabel(t("club_won", lang))
    ax.set_title(t("club_plot_won", lang))
    ax.tick_params(axis="x", rotation=30)
    paths.append(_save(fig, folder / PICTURES[1]))

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    ax.boxplot([[p for games in data[n] for p in games] for n in names], tick_labels=names)
    ax.set_ylabel(t("club_points", lang))
    ax.set_title(t("club_plot_spread", lang))
    ax.tick_params(axis="x", rotation=30)
    paths.append(_save(fig, folder / PICTURES[2]))
    return paths


def _save(fig: Figure, path: Path) -> Path:
    import io

    import matplotlib.pyplot as plt

    from ..support.files import write_atomic

    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    write_atomic(path, buf.getvalue())
    return path


__all__ = ["PICTURES", "check_plots", "evening_label", "per_player", "plots_folder",
           "write_plots"]
