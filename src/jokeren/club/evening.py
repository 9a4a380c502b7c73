"""A club evening (003): rounds of tables drawn by lot, competition forms, standings, seasons.

"7 ronden van elk 4 partijen"; before every round the tables of 3 or 4 are drawn
(``seating.py``); each table plays its games with the deal passing round and writes the points
left in hand on the competition form, whose columns "worden opgeteld en gecontroleerd door
de overige spelers". Pure values and functions; the file is ``clubfile.py`` (docs/club.md).
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..rules.house import Rules
from ..score.scorecard import ScoreError, check_names, check_points, name_key, typed_name
from .seating import Meetings, Tables, draw_round


class ClubError(ScoreError):
    """A club evening's input refused: one sentence in Dutch or English."""


@dataclass(frozen=True)
class Form:
    """One table's competition form: the points of each game, seats in the drawn order."""

    games: tuple[tuple[int, ...], ...]
    stock_out: frozenset[int] = frozenset()  # games (0-based) in which nobody went out
    totals: tuple[int, ...] | None = None  # the column totals as written on the paper


@dataclass(frozen=True)
class Evening:
    players: tuple[str, ...]
    rounds: int = 7
    games: int = 4
    seed: int = 0
    rules: str = "jokeren"
    title: str = ""
    draws: tuple[Tables, ...] = ()  # per round drawn: tables of player indices
    forms: tuple[tuple[Form | None, ...], ...] = ()  # per round drawn, per table
    missed: str = "average"  # how a round not played counts: MISSED
    threes: str = "alike"  # how a table of 3 counts: THREES
    date: str = ""  # the evening's date, YYYY-MM-DD (printed on the forms; a season's key)


# How a round a player did not play counts (absent, late, gone home): docs/club.md.
MOST_PLAYERS = 80  # an evening's players (the draw's work grows fast beyond a club's size)
MISSED = ("average", "highest", "per-game")
# How points at a table of 3 count: alike, or times 9/8 (a player scores in 2 games of 3
# there against 3 of 4 at a table of 4).
THREES = ("alike", "scaled")


def plain(name: str) -> str:
    """``name`` without accents and capitals: ``Éva`` and ``eva`` alike."""
    return "".join(c for c in unicodedata.normalize("NFKD", name_key(name))
                   if not unicodedata.combining(c))


def alphabetical(name: str) -> tuple[str, str]:
    """A name's place in a list by name: Éva among the E's (``lower`` put her after Zoë)."""
    return plain(name), name_key(name)


def new_lot() -> int:
    """A new number for an evening's draw by lot (each evening its own, kept in its file so
    that the same number draws the same tables again); 31 bits, whole in JSON and in a
    page's JavaScript."""
    import secrets

    return secrets.randbelow(2**31)


def new_evening(players: Sequence[str], rounds: int = 7, games: int = 4, seed: int = 0,
                rules: str = "jokeren", title: str = "", missed: str = "average",
                threes: str = "alike", date: str = "") -> Evening:
    names = tuple(typed_name(p) for p in players)  # "Éva" one name however it was typed
    if len(names) < 6:
        raise ClubError("club_err_few", n=len(names))
    if len(names) > MOST_PLAYERS:
        raise ClubError("club_err_many", n=len(names), most=MOST_PLAYERS)
    if any(not p for p in names) or len({name_key(p) for p in names}) != len(names):
        raise ClubError("score_err_names")
    check_names(names, ClubError)
    if not 1 <= rounds <= 20 or not 1 <= games <= 12:
        raise ClubError("club_err_counts")
    from ..rules.house import PRESETS

    if rules not in PRESETS:
        raise ClubError("club_err_rules", value=rules, options=", ".join(sorted(PRESETS)))
    if missed not in MISSED:
        raise ClubError("club_err_missed", value=missed)
    if threes not in THREES:
        raise ClubError("club_err_threes", value=threes)
    return Evening(names, rounds, games, seed, rules, title, missed=missed, threes=threes,
                   date=check_date(date))


def check_twice(players: Sequence[str]) -> None:
    """ClubError naming a player given twice (however capitalised or typed): "players need
    different names" left the organiser to find which of twenty."""
    seen: dict[str, str] = {}  # name_key: the name as first given
    for name in players:
        if name_key(name) in seen:
            raise ClubError("club_err_names_twice", name=seen[name_key(name)])
        seen[name_key(name)] = typed_name(name)


def check_date(text: str) -> str:
    """``text`` if it is a date YYYY-MM-DD (or empty); ClubError otherwise."""
    import datetime

    if text:
        try:
            datetime.date.fromisoformat(text)
        except ValueError:
            raise ClubError("club_err_date", text=text) from None
        if len(text) != 10:
            raise ClubError("club_err_date", text=text)
    return text


def add_player(evening: Evening, name: str) -> Evening:
    """A latecomer: drawn from the next round on."""
    name = typed_name(name)
    if not name:
        raise ClubError("club_err_add_empty")
    taken = next((p for p in evening.players if name_key(p) == name_key(name)), None) or \
        next((p for p in evening.players if plain(p) == plain(name)), None)
    # said as such (it was "players need different, non-empty names"); "eva" for Éva too:
    # typed on a keyboard without accents she sat at two tables of the next round
    if taken is not None:
        raise ClubError("club_err_add_taken", name=name, player=taken)
    check_names([name], ClubError)
    if len(evening.players) >= MOST_PLAYERS:
        raise ClubError("club_err_many", n=len(evening.players) + 1, most=MOST_PLAYERS)
    return replace(evening, players=(*evening.players, name))


def draw_next(evening: Evening, absent: Iterable[int] = (), starts: int = 8) -> Evening:
    """The evening with its next round drawn, spreading the meetings so far."""
    if len(evening.draws) >= evening.rounds:
        raise ClubError("club_err_all_drawn", n=evening.rounds)
    away = set(absent)
    present = [p for p in range(len(evening.players)) if p not in away]
    if len(present) < 6:
        raise ClubError("club_err_few", n=len(present))
    meetings = Meetings.of(len(evening.players), evening.draws)
    rng = random.Random(f"jokeren-club/{evening.seed}/{len(evening.draws)}")
    tables = draw_round(present, meetings, rng, starts,
                        evening.rounds - len(evening.draws) - 1)
    # Seats by lot too: the first seat deals game 1.
    tables = tuple(tuple(rng.sample(table, len(table))) for table in tables)
    # And the table numbers: the draw lists its tables by their first player, so the
    # first player registered sat at table 1 every round ("Ans is always at table 1").
    tables = tuple(rng.sample(tables, len(tables)))
    return replace(evening, draws=(*evening.draws, tables),
                   forms=(*evening.forms, (None,) * len(tables)))


def redraw(evening: Evening, round_no: int, absent: Iterable[int] = (),
           starts: int = 8) -> Evening:
    """Round ``round_no`` drawn again for who is present (someone left, or came): that
    round and the later ones are dropped first; refused once a form of them is entered."""
    if not 1 <= round_no <= len(evening.draws) + 1:
        raise ClubError("club_err_round", n=round_no, drawn=len(evening.draws))
    for r in range(round_no, len(evening.draws) + 1):
        if any(form is not None for form in evening.forms[r - 1]):
            raise ClubError("club_err_redraw_entered", n=round_no, r=r)
    kept = replace(evening, draws=evening.draws[:round_no - 1],
                   forms=evening.forms[:round_no - 1])
    return draw_next(kept, absent, starts)


def present_in(evening: Evening, round_no: int) -> set[int]:
    """The players drawn at a table in round ``round_no`` (from 1)."""
    return {p for table in evening.draws[round_no - 1] for p in table}


def dealer(game: int, size: int) -> int:
    """The seat that deals game ``game`` (0-based) at a table: the deal passes round."""
    return game % size


def check_form(evening: Evening, round_no: int, table_no: int, form: Form) -> None:
    """The checks of 003's form: 4 games, one winner with 0 a game (none if the stock ran
    out), and the written column totals add up. Round and table count from 1."""
    if not 1 <= round_no <= len(evening.draws):
        raise ClubError("club_err_round", n=round_no, drawn=len(evening.draws))
    tables = evening.draws[round_no - 1]
    if not 1 <= table_no <= len(tables):
        raise ClubError("club_err_table", n=table_no, tables=len(tables))
    seats = tables[table_no - 1]
    names = [evening.players[p] for p in seats]
    if len(form.games) != evening.games:
        raise ClubError("club_err_games", n=len(form.games), games=evening.games)
    beyond = sorted(g for g in form.stock_out if not 0 <= g < evening.games)
    if beyond:  # a game number, not the form's length (a parameter "game" marks a game)
        raise ClubError("club_err_stock_out_game", number=beyond[0] + 1, n=evening.games)
    rules = Rules.load(evening.rules)
    for g, points in enumerate(form.games, 1):
        if len(points) != len(seats):
            raise ClubError("club_err_game_size", game=g, n=len(points), size=len(seats))
        if any(p < 0 for p in points):
            raise ClubError("club_err_negative", game=g)
        for s, p in enumerate(points):
            try:
                check_points(rules, len(seats), p, None, names[s])
            except ScoreError as exc:
                raise ClubError(exc.key.replace("score_", "club_"), game=g,
                                **exc.params) from None
        zeros = sum(1 for p in points if p == 0)
        if g - 1 in form.stock_out and zeros:
            raise ClubError("club_err_stock_zero", game=g)
        if g - 1 not in form.stock_out and zeros != 1:
            raise ClubError("club_err_one_winner" if zeros else "club_err_no_winner",
                            game=g, n=zeros)
    if form.totals is not None:
        if len(form.totals) != len(seats):
            raise ClubError("club_err_totals_size", n=len(form.totals), size=len(seats))
        for s, written in enumerate(form.totals):
            summed = sum(points[s] for points in form.games)
            if written != summed:
                raise ClubError("club_err_total", name=names[s], written=written, summed=summed)


def same_form(one: Form, other: Form) -> bool:
    """Whether two forms of a table say the same: the same points in every game. The
    column totals written on the paper are not compared: they are the columns' sums
    (``check_form``), so the form given with ``--totals`` is the form given without (it
    counted as another, and entering the same paper again was refused)."""
    return one.games == other.games and one.stock_out == other.stock_out


def enter_form(evening: Evening, round_no: int, table_no: int, form: Form) -> Evening:
    """The evening with a table's form entered (again, to correct it). The same form again
    without its written totals keeps those entered before."""
    check_form(evening, round_no, table_no, form)
    was = evening.forms[round_no - 1][table_no - 1]
    if was is not None and form.totals is None and same_form(was, form):
        form = was
    row = list(evening.forms[round_no - 1])
    row[table_no - 1] = form
    forms = list(evening.forms)
    forms[round_no - 1] = tuple(row)
    return replace(evening, forms=tuple(forms))


@dataclass(frozen=True)
class Standing:
    name: str
    points: int  # penalty points as counted (missed rounds filled in): lowest wins
    games: int  # games played
    won: int  # games gone out in (scored 0)
    best_round: int | None  # the lowest table total of one round played
    place: int | None  # None: no game played (yet): never ranked above those who played
    missed: int = 0  # rounds entered for others in which this player had no table
    per_game: float | None = None  # penalty points per game played


def player_games(evening: Evening) -> dict[int, list[tuple[int, int]]]:
    """Per player: (round, points) of every game entered."""
    out: dict[int, list[tuple[int, int]]] = {p: [] for p in range(len(evening.players))}
    for r, (tables, forms) in enumerate(zip(evening.draws, evening.forms, strict=True)):
        for seats, form in zip(tables, forms, strict=True):
            if form is None:
                continue
            for points in form.games:
                for s, p in enumerate(points):
                    out[seats[s]].append((r, p))
    return out


def settled(evening: Evening) -> Evening:
    """The evening as the standings count it: a round once every form of it is in. Counted
    table by table, the players of a table whose form was not in yet had nothing for the
    round and led the standings (and on the projector) until it came, and an absent
    player's average was of the tables entered first."""
    forms = tuple(row if all(form is not None for form in row) else (None,) * len(row)
                  for row in evening.forms)
    return evening if forms == evening.forms else replace(evening, forms=forms)


def pending_rounds(evening: Evening) -> list[tuple[int, list[int]]]:
    """The rounds (from 1) with some forms entered but not all, each with its tables (from
    1) still to enter: the standings leave them out until they are complete."""
    return [(r, [k for k, form in enumerate(row, 1) if form is None])
            for r, row in enumerate(evening.forms, 1)
            if any(form is not None for form in row) and any(form is None for form in row)]


def half_up(x: Fraction) -> int:
    """Rounded to a whole number, a half up (as a spreadsheet's ROUND of a positive)."""
    return math.floor(x + Fraction(1, 2))


def round_points(evening: Evening) -> list[dict[int, int | None]]:
    """Per round drawn, per player: the points that count for the round. A played round
    (form entered): the table total (times 9/8, rounded, at a table of 3 if ``threes`` is
    "scaled"). A round without a table for the player, once a form of the round is in:
    the round's average of the counted totals ("average", rounded) or its highest
    ("highest"); None with "per-game", and for a round whose forms are not all in yet
    (``settled``)."""
    evening = settled(evening)
    out: list[dict[int, int | None]] = []
    for tables, forms in zip(evening.draws, evening.forms, strict=True):
        row: dict[int, int | None] = {}
        for seats, form in zip(tables, forms, strict=True):
            for s, p in enumerate(seats):
                if form is None:
                    row[p] = None
                    continue
                total = sum(points[s] for points in form.games)
                row[p] = (half_up(Fraction(total * 9, 8))
                          if evening.threes == "scaled" and len(seats) == 3 else total)
        played = [v for v in row.values() if v is not None]
        fill: int | None = None
        if played and evening.missed == "average":
            fill = half_up(Fraction(sum(played), len(played)))
        elif played and evening.missed == "highest":
            fill = max(played)
        for p in range(len(evening.players)):
            if p not in row:
                row[p] = fill
        out.append(row)
    return out


def standings(evening: Evening) -> list[Standing]:
    """Lowest penalty total first (or per game played, with ``missed`` "per-game"); ties:
    more games won, then the lowest round total; still equal, the same place (listed by
    name). A player with no game entered (registered but absent, or a latecomer before
    their first form) has no place and is listed last: filled in with every round's
    average, a member who never came ranked above everyone who played worse than
    average. Ranked per game ("per-game"), a place needs half the rounds played so far
    (``per_game_rounds``): a latecomer who played one round and went out in it would head
    an evening of seven. A round counts once all its forms are in (``settled``)."""
    evening = settled(evening)
    counted = round_points(evening)
    games = player_games(evening)
    needed = per_game_rounds(evening) if evening.missed == "per-game" else 1
    unranked: set[str] = set()
    rows = []
    for p, played in games.items():
        rounds: dict[int, int] = {}
        for r, pts in played:
            rounds[r] = rounds.get(r, 0) + pts
        here = [p in present_in(evening, r + 1) for r in range(len(counted))]
        points = sum(row[p] or 0 for row in counted)
        missed = sum(1 for r in range(len(counted)) if not here[r]
                     and any(f is not None for f in evening.forms[r]))
        own = sum(row[p] or 0 for r, row in enumerate(counted) if here[r])
        per_game = own / len(played) if played else None
        # the round as it counts (times 9/8 at a table of 3 when "scaled"), as its column
        # shows it: the raw total made a round at a table of 3 the best by an eighth
        best = min((counted[r][p] or 0 for r in rounds), default=None)
        rows.append(Standing(evening.players[p], points, len(played),
                             sum(1 for _, pts in played if pts == 0), best, 0, missed,
                             per_game))
        if len(rounds) < needed:
            unranked.add(evening.players[p])
    return _place(rows, evening.missed == "per-game", unranked)


def per_game_rounds(evening: Evening) -> int:
    """The rounds a player needs to have played for a place when the evening ranks per
    game: half the rounds with every form entered, rounded up (at least 1)."""
    entered = sum(1 for row in settled(evening).forms if any(form is not None for form in row))
    return max(1, math.ceil(entered / 2))


def _place(rows: list[Standing], per_game: bool = False,
           unranked: set[str] | None = None) -> list[Standing]:
    out_of = unranked or set()

    def key(row: Standing) -> tuple[bool, float, int, float]:
        first = float(row.points) if not per_game else (
            row.per_game if row.per_game is not None else float("inf"))
        return (row.games == 0 or row.name in out_of, first, -row.won,
                row.best_round if row.best_round is not None else float("inf"))

    rows.sort(key=lambda row: (key(row), alphabetical(row.name)))
    out: list[Standing] = []
    for i, row in enumerate(rows):
        place = out[-1].place if out and key(rows[i - 1]) == key(row) else i + 1
        out.append(replace(row, place=None if row.games == 0 or row.name in out_of
                           else place))
    return out


def evening_winners(evening: Evening) -> list[str]:
    """Who won the evening once it is over (every round drawn, every form entered): the
    players in first place; empty before."""
    if len(evening.draws) < evening.rounds or any(
            form is None for row in evening.forms for form in row):
        return []
    return [row.name for row in standings(evening) if row.place == 1]


def unequal_games(evening: Evening) -> list[Standing]:
    """The players who played fewer games than the most anyone played (to warn)."""
    rows = standings(evening)
    most = max((r.games for r in rows), default=0)
    return [r for r in rows if r.games < most]


@dataclass(frozen=True)
class SeasonRow:
    name: str
    evenings: int  # evenings played
    games: int  # games counted (of the evenings counted)
    points: int  # penalty points counted
    won: int
    per_game: float  # penalty points per game counted: lowest wins
    place: int | None  # None: fewer evenings than the season's minimum
    counted: int = 0  # evenings counted (the best ``best``, or all)


def same_evening(one: Evening, other: Evening) -> bool:
    """Whether two files hold the same evening: the same date, or (undated) the same
    players, draw and forms."""
    if one.date and other.date:
        return one.date == other.date
    return (one.players, one.draws, one.forms) == (other.players, other.draws, other.forms)


def season_minimum(evenings: int) -> int:
    """The evenings a player needs to be ranked in a season of ``evenings`` when the club
    does not say: half of them, rounded up. Ranked by points per game, a guest who played
    one round of one evening (4 games, one gone out) would otherwise head a season of
    regulars with 40 games each: few games are a lucky draw's, not a better player's."""
    return max(1, math.ceil(evenings / 2))


def season_rounds(evenings: Sequence[Evening]) -> int:
    """The rounds a player needs to have played to be ranked in a season when the club does
    not say: half the season's rounds (those with a form entered), rounded up, as an
    evening ranked per game asks half its rounds (``per_game_rounds``). Half the evenings
    alone ranked, in a season of two, a player who went home after two rounds (8 games)
    among the regulars' 56, and the guest of one round at the top."""
    entered = sum(1 for ev in evenings for row in ev.forms if any(f is not None for f in row))
    return max(1, math.ceil(entered / 2))


def season(evenings: Sequence[Evening], best: int | None = None,
           minimum: int | None = None, rounds: int | None = None) -> list[SeasonRow]:
    """A season sums its evenings, ranked by penalty points per game played (so a missed
    evening neither helps nor hurts), ties by games won per game, then shared. With
    ``best``, each player's best evenings (lowest points per game) count, at most that
    many; players with fewer than ``minimum`` evenings or ``rounds`` rounds played are
    listed after, unranked (when the club gives no minimum: half the evenings,
    ``season_minimum``, and half the rounds, ``season_rounds``; with a ``minimum`` and
    no ``rounds``, no rounds are asked). The same evening twice is refused
    (``same_evening``). A name is one player however it is capitalised (``hanneke`` one
    evening, ``Hanneke`` the next: as a name is found everywhere) or typed (``name_key``),
    written as the last evening wrote it; other spellings stay apart (``look_alike``)."""
    if minimum is None:
        minimum = season_minimum(len(evenings))
        if rounds is None:
            rounds = season_rounds(evenings)
    needed = rounds or 0
    for i, one in enumerate(evenings):
        for j in range(i):
            if same_evening(evenings[j], one):
                raise ClubError("club_err_season_twice", first=j + 1, second=i + 1)
    nights: dict[str, list[tuple[int, int, int]]] = {}  # name: (games, points, won) each
    played: dict[str, int] = {}  # name: rounds played over the season
    shown: dict[str, str] = {}  # name: as the last evening wrote it
    for ev in evenings:
        for p, games in player_games(ev).items():
            if games:
                same = name_key(ev.players[p])
                shown[same] = ev.players[p]
                nights.setdefault(same, []).append(
                    (len(games), sum(pts for _, pts in games),
                     sum(1 for _, pts in games if pts == 0)))
                played[same] = played.get(same, 0) + len({r for r, _ in games})
    acc: dict[str, tuple[int, int, int, int, int]] = {}
    for name, own in nights.items():
        kept = sorted(own, key=lambda e: (e[1] / e[0], -e[2]))[:best] if best else own
        acc[shown[name]] = (len(own), len(kept), sum(e[0] for e in kept),
                            sum(e[1] for e in kept), sum(e[2] for e in kept))
    rounds_of = {shown[same]: n for same, n in played.items()}

    def ranked(name: str, evs: int) -> bool:
        return evs >= minimum and rounds_of[name] >= needed

    def key(item: tuple[str, tuple[int, int, int, int, int]]) -> tuple[bool, float, float]:
        name, (evs, _, games, points, won) = item
        return (not ranked(name, evs), points / games, -won / games)

    items = sorted(acc.items(), key=lambda it: (key(it), alphabetical(it[0])))
    rows: list[SeasonRow] = []
    for i, (name, (evs, counted, n_games, points, won)) in enumerate(items):
        place: int | None = None
        if ranked(name, evs):
            place = rows[-1].place if rows and key(items[i - 1]) == key(items[i]) else i + 1
        rows.append(SeasonRow(name, evs, n_games, points, won, points / n_games, place,
                              counted))
    return rows


def rename(evening: Evening, old: str, new: str) -> Evening:
    """The evening with a player renamed (two spellings of one player, merged on purpose:
    "Corry" is "Corrie")."""
    from ..score.scorefile import find_player

    seat = find_player(evening.players, old)
    name = typed_name(new)
    if not name or any(name_key(p) == name_key(name) for i, p in enumerate(evening.players)
                       if i != seat):
        raise ClubError("club_err_rename", name=name)
    check_names([name], ClubError)
    players = list(evening.players)
    players[seat] = name
    return replace(evening, players=tuple(players))


def look_alike(names: Sequence[str]) -> list[tuple[str, str]]:
    """Pairs of different names that may be one player ("Corrie", "Corry": the same first
    two letters, at most two letters apart): never merged by the program, only said. Names
    that differ only in capitals are one player already (``season``): not said."""
    def apart(a: str, b: str) -> int:
        row = list(range(len(b) + 1))
        for i, x in enumerate(a, 1):
            prev, row[0] = row[0], i
            for j, y in enumerate(b, 1):
                prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
        return row[-1]

    found = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            pa, pb = plain(a), plain(b)
            if name_key(a) != name_key(b) and min(len(pa), len(pb)) >= 3 \
                    and pa[:2] == pb[:2] and apart(pa, pb) <= 2:
                found.append((a, b))
    return found


def season_look_alike(rows: Sequence[SeasonRow]) -> list[tuple[str, str]]:
    """``look_alike`` among the players of a season's rows (a name registered and never
    played is nobody to merge), each pair with the name to keep first: the one of more
    evenings, then games. Listed by name, "eva and Éva: rename Éva to eva" was asked with
    Éva in every evening and "eva" registered once by mistake."""
    ordered = sorted(rows, key=lambda r: (-r.evenings, -r.games, alphabetical(r.name)))
    return look_alike([r.name for r in ordered])


__all__ = ["MISSED", "THREES", "ClubError", "Evening", "Form", "SeasonRow", "Standing",
           "add_player", "alphabetical", "check_date", "check_form", "check_twice",
           "dealer", "draw_next", "enter_form", "evening_winners", "half_up",
           "look_alike", "new_evening", "new_lot", "pending_rounds", "per_game_rounds", "plain",
           "player_games", "present_in", "redraw", "rename", "round_points", "same_evening",
           "same_form", "season", "season_look_alike", "season_minimum", "season_rounds",
           "settled", "standings", "unequal_games"]
