"""Whole matches played by computer players: the runner behind ``jokeren simulate``."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from pathlib import Path

import typer

from .bots import Player, make_player
from .i18n import t
from .legal import legal_actions
from .record import Game
from .rules import Rules
from .sheet import score_sheet
from .state import Phase
from .views import view

NAMES = ("Ann", "Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ids", "Jet")


def play_match(rules: Rules, players: Sequence[str], seed: int,
               bots: Sequence[Player]) -> Game:
    """Play one match to its end; every bot sees only its own seat's view."""
    game = Game(rules, list(players), seed)
    while True:
        state = game.state
        if state.phase is Phase.MATCH_OVER:
            return game
        if state.phase is Phase.ROUND_OVER:
            game.next_round()
            continue
        seat = state.to_act
        legal = legal_actions(state)
        if not legal:  # pragma: no cover - an invariant the play-out tests check
            raise RuntimeError(f"no legal action for {players[seat]} in {state.phase}")
        game.play(seat, bots[seat].choose(view(state, seat), legal))


def run_matches(rules: Rules, n_players: int, matches: int, seed: int | None,
                save: Path | None, bot_kinds: Sequence[str], lang: str,
                as_json: bool) -> None:
    kinds = list(bot_kinds) * n_players if len(bot_kinds) == 1 else list(bot_kinds)
    if len(kinds) != n_players:
        raise ValueError(f"--bots names {len(kinds)} players for {n_players} seats")
    first = secrets.randbelow(2**31) if seed is None else seed
    names = NAMES[:n_players]
    results = []
    for m in range(matches):
        match_seed = first + m
        bots = [make_player(k, match_seed * 31 + i) for i, k in enumerate(kinds)]
        game = play_match(rules, names, match_seed, bots)
        state = game.state
        if save is not None:
            (save / f"match-{match_seed}.json").write_text(game.record.dumps(), encoding="utf-8")
        if as_json:
            results.append({
                "seed": match_seed,
                "rounds": [list(r.penalties) for r in state.results],
                "totals": dict(zip(names, state.totals, strict=True)),
                "winner": names[state.winner] if state.winner is not None else None,
            })
        else:
            typer.echo(score_sheet(state, lang, title=f"{t('match', lang, n=m + 1)} "
                                                      f"(seed {match_seed})"))
            typer.echo("")
    if as_json:
        typer.echo(json.dumps({"matches": results}, indent=1))
