"""Score sheets and rule listings as text, in Dutch or English (the screens' words)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.state import State
from ..rules.cards import NotationError, format_cards
from ..rules.requirements import Requirement
from ..words.catalogue import t
from ..words.rules import preset_name
from .outcome import outcome_lines
from .scorecard import ScoreCard, tally


def score_table(players: Sequence[str],
                rows: Iterable[tuple[str, int, int | None, Sequence[int]]],
                totals: Sequence[int], lang: str = "en", title: str | None = None,
                gone: Sequence[Sequence[int]] = (), notes: Sequence[str] = (),
                width: int | None = None) -> str:
    """Rounds x players: requirement, dealer, each penalty with its running total, a star
    for who went out; one table for played matches and score cards alike. A row is
    (requirement, dealer, the one out or None, penalties); ``gone``: per row, the seats
    eliminated before it (shown as out, not as a 0); ``notes``: lines below it.

    As wide as the terminal (``width``, else ``COLUMNS``, else the terminal's, else 80 for
    a pipe or a file), as ``grids.to_text`` draws club show: a word is never cut, a
    table of many players too wide for the terminal is drawn in parts one below the
    other, each with the round's number (and the totals' row its name), and the notes
    wrap between words (it was drawn 120 wide whatever the terminal)."""
    from .grids import Grid, to_text

    names = list(players)
    grid = Grid(title or "", [t("round", lang), t("requirement", lang), t("dealer", lang),
                              *names], notes=list(notes), lang=lang, keep=1,
                right=(0, *range(3, 3 + len(names))))
    running = [0] * len(names)
    for i, (req, dealer, winner, penalties) in enumerate(rows, 1):
        cells = []
        out = gone[i - 1] if i - 1 < len(gone) else ()
        for s, p in enumerate(penalties):
            running[s] += p
            cells.append(t("score_out_cell", lang) if s in out
                         else f"{p}{'*' if winner == s else ''} ({running[s]})")
        grid.add(str(i), req, names[dealer], *cells)
    grid.add(t("total", lang), "", "", *(str(x) for x in totals))  # named in every part
    return to_text(grid, width)


def score_sheet(state: State, lang: str = "en", title: str | None = None,
                width: int | None = None) -> str:
    """Rounds x players with requirement, dealer, points, running totals and the winner,
    as wide as the terminal (``score_table``)."""
    rows = [(Requirement.parse(r.requirement).describe(lang), r.dealer, r.winner, r.penalties)
            for r in state.results]
    lines = []
    if state.winner is not None:
        lines.append(t("match_over", lang, name=state.players[state.winner]))
    if state.rules.eliminate_at is not None and state.eliminated:
        lines.append(f"{t('eliminated', lang)}: "
                     + ", ".join(state.players[s] for s in state.eliminated))
    if state.rules.money is not None:
        who = state.players[state.pot_winner] if state.pot_winner is not None else "-"
        lines.append(t("pot", lang, cents=state.pot, name=who))
    return score_table(state.players, rows, state.totals, lang, title, notes=lines,
                       width=width)


def cards_left(state: State) -> str:
    """The cards each player kept at the end of the last round (the competition form, 003)."""
    if not state.results:
        return ""
    last = state.results[-1]
    return "\n".join(f"{state.players[s]}: {format_cards(last.hands_left[s]) or '-'}"
                     for s in range(state.n))


def replay_text(summary: dict[str, Any], lang: str = "en", reason: str | None = None) -> str:
    """``jokeren replay`` without --json; ``reason`` words the refusal in ``lang``."""
    lines = []
    if summary["ok"]:
        lines.append(t("all_legal", lang))
    else:
        error = dict(summary["error"])
        if reason is not None:
            error["reason"] = reason
        if lang == "nl":  # the record's line in words and card symbols
            error["text"] = move_words(error["text"], lang)
        lines.append(t("illegal", lang, **error))
    for i, r in enumerate(summary["rounds"], 1):
        if r["penalties"] is None:
            lines.append(f"{t('round', lang)} {i}: {t('not_finished', lang)}")
        else:
            pts = ", ".join(f"{p} {v}" for p, v in r["penalties"].items())
            who = (t("went_out", lang, name=r["winner"]) if r["winner"]
                   else t("no_winner", lang))
            lines.append(f"{t('round', lang)} {i}: {who}; {t('penalty_points', lang)}: {pts}")
    lines.append(f"{t('total', lang)}: "
                 + ", ".join(f"{p} {v}" for p, v in summary["totals"].items()))
    if summary.get("finished"):
        lines.append(t("match_over", lang, name=summary["winner"]))
    return "\n".join(lines)


def move_words(line: str, lang: str = "en") -> str:
    """A record's line (``Ann: lay 1 8h``) as a player says it (``Ann legt 8♥ aan bij
    combinatie 1``); a line that is not notation is given as it stands."""
    name, _, rest = line.partition(":")
    try:
        action = Action.parse(rest.strip())
    except NotationError:
        return line
    groups = action.melds or (action.cards,)
    cards = " / ".join(" ".join(c.symbol(lang) for c in g) for g in groups)
    return t(f"move_{action.verb.value}", lang, name=name.strip(), cards=cards, n=action.target)


def card_text(card: ScoreCard, lang: str = "en", width: int | None = None) -> str:
    """A score card as text: the table, the pot, who is out, the winner or who deals next;
    as wide as the terminal (``score_table``)."""
    score = tally(card)
    rows = [(Requirement.parse(r.requirement).describe(lang), r.dealer, r.out, r.penalties)
            for r in score.rounds]
    gone = [score.rounds[i - 1].eliminated if i else () for i in range(len(score.rounds))]
    return score_table(card.players, rows, score.totals, lang,
                       card.title or f"{t('score_title', lang)} · {preset_name(card.rules, lang)}",
                       gone, outcome_lines(card, lang), width)
