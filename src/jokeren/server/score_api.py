"""The score card of a match played with real cards, for the browser's /score page.

Stateless: the browser keeps the card (``jokeren-score/1``, docs/score.md) and sends it with
each request; the server reads it with ``scorefile``, checks and counts it with
``scorecard`` (never a second count of penalties) and answers the card with its tally, or a
refusal in Dutch and English. Exports are the terminal's own (``jokeren score export``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from ..rules.house import Rules, RulesError
from ..score.scorecard import (
    Left,
    ScoreCard,
    ScoreError,
    add_round,
    check_hand,
    new_card,
    tally,
    undo_round,
)
from ..score.scorefile import from_obj, make_round, parse_left
from ..words.catalogue import t
from .errors import ApiError
from .web import Words

router = APIRouter(prefix="/api/score", tags=["score card"])

CardObj = dict[str, Any]
_CARD = Field(description="the card as a jokeren-score/1 file holds it (docs/score.md)")


class NewIn(BaseModel):
    rules: str | dict[str, Any] = Field("amerikaans",
                                        description='a preset, or {"preset": NAME, keys...}')
    players: list[str] = Field(description="names, the first to play first")
    title: str = ""
    money: bool = Field(False, description="a cent per buy and per penalty point, to the pot")
    eliminate_at: int | None = Field(None, description="out of the match at this total")


class EntryIn(BaseModel):
    """One round as the file writes it: players by name, cards in the public notation."""

    out: str | None = Field(description="who went out; null: the stock ran out")
    left: dict[str, str | int] = Field(description='per other player: cards ("Ks 7h *") or points')
    all_at_once: bool = False
    not_come_out: list[str] = Field([], description="players who had not come out")
    buys: dict[str, int] = Field({}, description="cards bought this round, per player")


class RoundIn(BaseModel):
    card: CardObj = _CARD
    entry: EntryIn


class CardIn(BaseModel):
    card: CardObj = _CARD


class PenaltyIn(BaseModel):
    rules: str | dict[str, Any] = "amerikaans"
    left: str | int = Field(description='cards ("Ks 7h *") or points')
    come_out: bool = True


class PenaltyOut(BaseModel):
    points: int


class RoundOut(BaseModel):
    requirement: str
    asked: Words = Field(description="the requirement in plain words")
    dealer: str
    out: str | None
    all_at_once: bool
    penalties: list[int]
    totals: list[int] = Field(description="running, after this round")
    pot: int = Field(description="running, in cents")


class TallyOut(BaseModel):
    players: list[str]
    rounds: list[RoundOut]
    totals: list[int]
    money: bool = Field(description="played for money: the pot counts")
    pot: int = Field(description="cents")
    eliminated: list[str]
    over: bool
    winner: str | None
    pot_winner: str | None
    next_dealer: str
    next_requirement: str
    next_asked: Words = Field(description="the next round's requirement in plain words")
    summary: list[Words] = Field(description="eliminated, winner and pot, or the next deal")


class ScoreOut(BaseModel):
    card: CardObj = _CARD
    tally: TallyOut


# The score card's sentences that name the command line (``--left NAME=...``, ``--out``,
# ``--missed``, ``pip install``): the browser is given its own, the key on the wire the same.
WEB_WORDS = {key: f"api_{key}" for key in (
    "score_err_missing", "score_err_all_at_once", "score_err_needs_extra",
    "score_out_not_come_out", "club_err_missed", "club_err_threes")}


def for_web(exc: ScoreError) -> ScoreError:
    """``exc`` worded for the browser (``WEB_WORDS``), a refusal it holds (``round 3: ...``)
    too; the terminal's own sentences are left as they are."""
    params = {k: for_web(v) if isinstance(v, ScoreError) else v for k, v in exc.params.items()}
    return type(exc)(WEB_WORDS.get(exc.key, exc.key), **params)


def refusal(exc: ScoreError) -> ApiError:
    return ApiError(400, exc.key, "api_as_is", error=for_web(exc))


def _card(obj: CardObj) -> ScoreCard:
    try:
        return from_obj(obj)
    except ScoreError as exc:
        raise refusal(exc) from None


def _rules(obj: str | dict[str, Any]) -> Rules:
    try:
        return Rules.load(obj)
    except RulesError as exc:
        raise refusal(ScoreError("score_err_rules", error=exc)) from None  # one sentence


def scored(card: ScoreCard) -> ScoreOut:
    """The card as its file holds it, and everything counted from it."""
    from ..rules.requirements import Requirement
    from ..score.outcome import outcome_lines
    from ..score.scorefile import to_json

    def asked(text: str) -> Words:
        req = Requirement.parse(text)
        return Words(en=req.describe("en"), nl=req.describe("nl"))

    score, names = tally(card), card.players
    rounds = [RoundOut(requirement=r.requirement, asked=asked(r.requirement),
                       dealer=names[r.dealer],
                       out=names[r.out] if r.out is not None else None,
                       all_at_once=r.all_at_once, penalties=list(r.penalties),
                       totals=list(r.totals), pot=r.pot) for r in score.rounds]
    summary = zip(outcome_lines(card, "en"), outcome_lines(card, "nl"), strict=True)
    return ScoreOut(card=json.loads(to_json(card)), tally=TallyOut(
        players=list(names), rounds=rounds, totals=list(score.totals),
        money=card.rules.money is not None, pot=score.pot,
        eliminated=[names[s] for s in score.eliminated], over=score.over,
        winner=names[score.winner] if score.winner is not None else None,
        pot_winner=names[score.pot_winner] if score.pot_winner is not None else None,
        next_dealer=names[score.next_dealer], next_requirement=score.next_requirement,
        next_asked=asked(score.next_requirement),
        summary=[Words(en=en, nl=nl) for en, nl in summary]))


@router.post("/new")
async def new(body: NewIn) -> ScoreOut:
    """A new card: the rules and the players, no rounds yet."""
    changes: dict[str, Any] = {}
    if body.money:
        changes["money"] = {"per_buy": 1, "per_point": 1}
    if body.eliminate_at is not None:
        changes["eliminate_at"] = body.eliminate_at
    rules = _rules(body.rules)
    if changes:
        rules = _rules({**rules.to_dict(), **changes})
    try:
        return scored(new_card(rules, body.players, body.title.strip()))
    except ScoreError as exc:
        raise refusal(exc) from None


@router.post("/round")
async def add(body: RoundIn) -> ScoreOut:
    """The card with one more round, checked against the card and the rules."""
    card = _card(body.card)
    e = body.entry
    try:
        entry = make_round(card.players, e.out, e.left, e.all_at_once, e.not_come_out, e.buys)
        return scored(add_round(card, entry))
    except ScoreError as exc:
        raise refusal(exc) from None


@router.post("/undo")
async def undo(body: CardIn) -> ScoreOut:
    """The card without its last round."""
    try:
        return scored(undo_round(_card(body.card)))
    except ScoreError as exc:
        raise refusal(exc) from None


@router.post("/show")
async def show(body: CardIn) -> ScoreOut:
    """The card checked and counted, as it is (a card kept in the browser, reopened)."""
    return scored(_card(body.card))


@router.post("/penalty")
async def penalty(body: PenaltyIn) -> PenaltyOut:
    """What one hand costs under the rules, before the round is written."""
    rules = _rules(body.rules)
    try:
        given: Left = parse_left("", body.left)
        given = Left(given.cards, given.points, body.come_out)
        check_hand(rules, given)
    except ScoreError as exc:
        raise refusal(exc) from None
    return PenaltyOut(points=given.penalty(rules))


TYPES = {"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
         "csv": "text/csv; charset=utf-8", "pdf": "application/pdf"}
# what the export routes answer, for the OpenAPI description
EXPORTED: dict[int | str, dict[str, Any]] = {200: {"content": {t: {} for t in TYPES.values()}}}


async def sheets_file(sheets: list[Any], kind: str, name: str, lang: str) -> Response:
    """``sheets`` as the terminal exports them (xlsx with formulas, csv as ``lang``'s
    spreadsheet reads it, pdf), a download named ``name.kind``; made in a thread, as a pdf
    would take the event loop from the tables."""
    from ..score.grids import csv_bytes

    def made() -> bytes:
        if kind == "csv":
            return csv_bytes(sheets, lang)
        if kind == "xlsx":
            from ..score.xlsx import xlsx_bytes

            return xlsx_bytes(sheets)
        from ..score.pdf import pdf_bytes

        return pdf_bytes(sheets)

    try:
        data = await asyncio.to_thread(made)
    except ModuleNotFoundError as exc:
        raise refusal(ScoreError("score_err_needs_extra", module=exc.name or "?")) from None
    except FileNotFoundError as exc:  # no font for the pdf: its one sentence
        raise ApiError(500, "score_no_font", detail=str(exc)) from None  # detail: the file
    return Response(data, media_type=TYPES[kind],
                    headers={"Content-Disposition": f'attachment; filename="{name}.{kind}"'})


@router.post("/export/{kind}", response_class=Response, responses=EXPORTED)
async def export(kind: Literal["xlsx", "csv", "pdf"], body: CardIn,
                 lang: Literal["en", "nl"] = "en") -> Response:
    """The card as the terminal exports it: xlsx with formulas, csv, or a printable pdf."""
    from ..score.grids import score_grid

    return await sheets_file([score_grid(_card(body.card), lang)], kind,
                             t("score_file_name", lang), lang)


__all__ = ["router", "scored"]
