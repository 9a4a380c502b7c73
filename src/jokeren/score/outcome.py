"""What a score card's end says in words: who is out, the winner (a tie said as one), the
pot, or who deals next. Read by the text (``sheet``), the spreadsheets (``grids``) and the
server (``score_api``), so it imports neither of them."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.requirements import Requirement
from ..words.catalogue import t
from .scorecard import ScoreCard, tally


def outcome_lines(card: ScoreCard, lang: str = "en") -> list[str]:
    """Who is eliminated; then the winner and the pot, or the pot so far and the next deal."""
    score = tally(card)
    names = card.players
    lines = []
    if score.eliminated:
        lines.append(f"{t('eliminated', lang)}: " + ", ".join(names[s] for s in score.eliminated))
    if score.over and score.winner is not None:
        lines.append(winner_line(card, lang))
        if card.rules.money is not None:
            lines.append(t("pot", lang, cents=score.pot, name=names[score.pot_winner])
                         if score.pot_winner is not None
                         else t("score_pot_nobody", lang, cents=score.pot))
        return lines
    if card.rules.money is not None:
        lines.append(t("score_pot_so_far", lang, cents=score.pot))
    first = names[_after(score.next_dealer, score.active)]
    req = Requirement.parse(score.next_requirement).describe(lang)
    lines.append(t("score_next", lang, n=len(score.rounds) + 1, req=req,
                   dealer=names[score.next_dealer], first=first))
    return lines


def tied_winners(card: ScoreCard) -> list[int]:
    """The seats sharing the winner's total among those it was chosen from (one seat, or
    more in a tie; empty until the match is over)."""
    score = tally(card)
    if not score.over or score.winner is None:
        return []
    if card.rules.eliminate_at is not None and len(score.active) == 1:
        return [score.winner]
    pool = score.active
    if not pool and score.rounds:  # everyone left went out in the last round
        before = score.rounds[-2].eliminated if len(score.rounds) > 1 else ()
        pool = tuple(s for s in score.eliminated if s not in before)
    return [s for s in pool or range(len(card.players))
            if score.totals[s] == score.totals[score.winner]]


def winner_line(card: ScoreCard, lang: str = "en") -> str:
    """"Match over. Winner: Ann", or the tie in words."""
    tied = tied_winners(card)
    names = [card.players[s] for s in tied]
    if len(names) == 1:
        return t("match_over", lang, name=names[0])
    listed = f"{', '.join(names[:-1])} {t('score_and', lang)} {names[-1]}"
    return t("score_tie", lang, names=listed, points=tally(card).totals[tied[0]])


def _after(seat: int, active: Sequence[int]) -> int:
    later = [s for s in active if s > seat]
    return later[0] if later else active[0]
