"""Write docs/screenshots/table-nl.svg and table-en.svg: the terminal table at 80x24.

A fixed deal and two scripted computer players bring the table to the same moment in both
languages (Ann has come out, bought 10♦ and drawn; 5♠ is selected to swap for the joker
in meld 1). Run: ``python scripts/screenshots.py [FOLDER]``.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from jokeren.engine import Deal
from jokeren.engine.actions import BUY, DRAW, PASS, Action, discard
from jokeren.engine.state import Phase
from jokeren.engine.views import SeatView
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import Rules
from jokeren.tui.app import JokerenApp
from jokeren.tui.session import TableConfig
from jokeren.words.keys import key

RULES = Rules.load({"preset": "amerikaans", "schedule": ["set 3"], "rounds": 1})
HANDS = ("5h 5d * 7c 8c 9c Ks Kh Kd Kc As 2s Qs",
         "10d 2h 3d 4c 6s 6h 7d 8s 9h Jc Jd Qh 2d",
         "2c 3c 4d 6c 6d 7h 8d 9s 10s Js Qd Ah Ac")
DEAL = Deal(tuple(parse_cards(h) for h in HANDS), Card.parse("Qc"),
            parse_cards("9d 5s 3h 3s 8h 4s"))


class Scripted:
    """Draws, buys only ``buys``, discards ``discards`` in turn."""

    name = "scripted"

    def __init__(self, buys: str = "", discards: str = "") -> None:
        self.buys, self.discards = set(parse_cards(buys)), list(parse_cards(discards))

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase is Phase.BUYING:
            return BUY if view.discard_top in self.buys else PASS
        if view.phase is Phase.DRAW:
            return DRAW
        if view.phase is Phase.PLAY:
            card = next(c for c in self.discards if c in view.hand)
            self.discards.remove(card)
            return discard(card)
        return PASS


async def _shoot(lang: str, path: Path) -> None:
    config = TableConfig(RULES, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang=lang, deal=DEAL, bot_delay=0,
                     bots=[Scripted("Qc", "10d"), Scripted(discards="2c")])
    async with app.run_test(size=(80, 24)) as pilot:

        async def select(text: str) -> None:
            for card in parse_cards(text):
                index = app.hand().index(card)
                step = "right" if index > app.cursor else "left"
                await pilot.press(*[step] * abs(index - app.cursor), "space")

        def k(name: str) -> str:  # the move's key in the table's language
            return key(name, lang)

        await pilot.press(k("draw"))  # Ann holds no duplicate: the exchange does not ask her
        await select("5h 5d *")
        await pilot.press(k("meld"))
        await select("Qs")  # Q♠ is not offered to Ann, who discards it; Bob's 10♦ is
        await pilot.press(k("discard"), k("buy"), k("draw"))
        await select("5s")
        await pilot.press("1")
        await pilot.pause()
        path.write_text(app.export_screenshot(title=f"jokeren play --lang {lang}"),
                        encoding="utf-8")


def main(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for lang in ("nl", "en"):
        path = folder / f"table-{lang}.svg"
        asyncio.run(_shoot(lang, path))
        paths.append(path)
    return paths


if __name__ == "__main__":
    docs = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else docs
    for p in main(out):
        print(p)
