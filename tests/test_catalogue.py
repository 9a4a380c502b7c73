"""The one catalogue (src/jokeren/words/messages.json, docs/words.md): every key in Dutch and
English with the same fields and the same plural forms, worded by one function with Babel's
plural rule, numbers and money as each language writes them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from babel import Locale

from jokeren.support.messages import catalogue, fields, fill, money, number, plural_form, word
from jokeren.words.catalogue import t

LANGS = ("en", "nl")


def forms(value: object) -> dict[str, str]:
    """A catalogue value as {plural form: text}; a plain text is the one form ``""``."""
    if isinstance(value, str):
        return {"": value}
    assert isinstance(value, dict) and all(isinstance(v, str) for v in value.values()), value
    return dict(value)


def test_every_key_has_both_languages_and_nothing_else() -> None:
    bad = [k for k, e in catalogue().items() if set(e) != set(LANGS)
           or any(not forms(e[lang]) or not all(forms(e[lang]).values()) for lang in LANGS)]
    assert bad == []


def test_both_languages_have_the_same_fields() -> None:
    """The fields of each text in Dutch are those in English (per plural form where the
    two have the same forms)."""
    bad = []
    for key, entry in catalogue().items():
        en, nl = forms(entry["en"]), forms(entry["nl"])
        if set(en) == {""} or set(nl) == {""}:
            pairs = [(set().union(*map(fields, en.values())),
                      set().union(*map(fields, nl.values())))]
        else:
            pairs = [(fields(en[f]), fields(nl[f])) for f in en.keys() & nl.keys()]
        bad += [f"{key}: en {a} nl {b}" for a, b in pairs if a != b]
    assert bad == []


def test_a_plural_has_exactly_the_forms_of_its_language() -> None:
    """Dutch and English: one and other, as Babel's plural rule has them."""
    bad = []
    for key, entry in catalogue().items():
        for lang in LANGS:
            value = entry[lang]
            if isinstance(value, dict):
                wanted = {*Locale.parse(lang).plural_form.tags, "other"}
                if set(value) != wanted:
                    bad.append(f"{key}/{lang}: {sorted(value)} not {sorted(wanted)}")
                if not all("{n" in text for text in value.values() if "{n}" in value["other"]):
                    bad.append(f"{key}/{lang}: the number n in some forms only")
    assert bad == []


def test_the_second_person_has_its_third() -> None:
    """``KEY_you`` (to the player who acts) stands beside ``KEY`` (to the others)."""
    assert [k for k in catalogue() if k.endswith("_you") and k[:-4] not in catalogue()] == []


def test_the_plural_form_is_babels() -> None:
    assert [plural_form("nl", n) for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert t("tui_cards", "nl", n=1) == "1 kaart"
    assert t("tui_cards", "nl", n=0) == "0 kaarten"
    assert t("tui_cards", "en", n=1) == "1 card"
    assert t("tui_cards", "en", n=12) == "12 cards"


def test_numbers_and_money_as_each_language_writes_them() -> None:
    assert number(Fraction(2104, 100), "nl") == "21,04"
    assert number(21.04, "en") == "21.04"
    assert number(1250, "nl") == "1.250"
    assert money(561, "nl") == "€ 5,61"
    assert money(561, "en") == "€5.61"
    assert money(1250, "nl") == "€ 12,50"
    assert fill("{x} {x:number} {p:money} {f}", "nl",
                {"x": 12345, "p": 5, "f": 0.5}) == "12345 12.345 € 0,05 0,5"
    assert t("pot", "nl", cents=561, name="Ann") == "Pot: € 5,61, gewonnen door Ann"


def test_a_missing_key_shows_itself_and_a_missing_field_is_an_error() -> None:
    assert word("no-such-key", "nl") == "no-such-key"
    with pytest.raises(KeyError):
        word("pot", "nl", cents=5)


def test_no_key_twice() -> None:
    """JSON keeps the last of two equal keys without a word: two helpers adding the same key
    in a merge would lose one text silently."""
    import json
    from importlib import resources

    seen: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        seen.extend(k for k, v in items if isinstance(v, dict) and "en" in v)
        return dict(items)

    text = resources.files("jokeren.words").joinpath("messages.json").read_text(encoding="utf-8")
    json.loads(text, object_pairs_hook=pairs)
    assert sorted({k for k in seen if seen.count(k) > 1}) == []
