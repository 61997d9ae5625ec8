"""One Ukrainian term per concept, as the Ukrainian 2nd-edition rulebook prints it (issue 23).

docs/translating.md holds the term table; this test holds every Ukrainian catalog to it: a
forbidden variant anywhere in a translation fails, and so does a set-aside translated as a
discard, a "Deal!" that is not «Угода!», or the tutor named as the coach."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted((ROOT / "sheriff" / "locale" / "uk" / "LC_MESSAGES").glob("*.po"))

# variant -> what the rulebook (and the term table) says instead
FORBIDDEN = {
    r"\b[Кк]арт(?:а|и|у|і|ою|ам|ами|ах)?\b": "картка (картки, карток…): the rulebook never says «карта»",
    r"\b[Зз]олот\w* яблук": "жовті яблука (Golden Apples, as in the rulebook's card table)",
    r"\bхабаря\b": "хабара (genitive of хабар)",
    r"Згода!|«Домовилися!»": "«Угода!» (the word that seals a deal)",
    r"[Тт]орбин": "мішок (merchant bag)",
    r"[Тт]ренажер": "наставник (the tutor)",
    r"\d-(?:ше|ге|тє) раз\b": "1-й / 2-й раз",
    r"2E · Картки товарів": "2E · Кількість карток (the section with the penalties)",
    # issue 32's drifts: one term each
    r"[Пп]осібник": "наставник (the tutor)",
    r"стос\w* скиду\b": "стос скидання (discard pile)",
    r"[Вв]икладач": "учитель / вчитель (the teacher in class mode)",
    r"[Сс]тудент": "учні (students of a school class)",
    r"[Нн]ікнейм": "псевдонім (nickname)",
    r"\bдів(?:а|и|у|і|ою) Меріан": "Діва Меріан, with a capital in every form",
    r"\bторгівл(?:я|і|ю|ею)\b": "Торгівля, the Market phase, with a capital in every form",
    r"\b[Гг]р(?:а|и|у|і|ою) в огляд": "огляд мішка (the inspection game: lab 30, the first class game)",
}


def translations() -> list[tuple[str, str, str]]:
    """(catalog, English, Ukrainian) for every translated message, plural forms joined."""
    out = []
    for path in CATALOGS:
        with path.open("rb") as f:
            for m in read_po(f, locale="uk"):
                if not m.id or not m.string:
                    continue
                en = m.id if isinstance(m.id, str) else " ".join(m.id)
                uk = m.string if isinstance(m.string, str) else " ".join(m.string)
                out.append((path.stem, en, uk))
    return out


MESSAGES = translations()


def test_the_catalogs_are_read():
    assert len(CATALOGS) >= 9 and len(MESSAGES) > 1500


@pytest.mark.parametrize("pattern", FORBIDDEN)
def test_no_forbidden_variant(pattern):
    found = [f"{c}: {m.group(0)!r} in {uk[:120]!r}" for c, _en, uk in MESSAGES for m in re.finditer(pattern, uk)]
    assert not found, f"use {FORBIDDEN[pattern]}:\n" + "\n".join(found[:20])


def test_setting_aside_is_vidklasty_never_skynuty():
    """The rulebook sets cards aside with «відкласти»; «скинути» is discarding."""
    bad = [
        (c, en[:80], uk[:120])
        for c, en, uk in MESSAGES
        if re.search(r"set[ -]aside|sets aside", en, re.I) and re.search(r"скину|скида(?!нн)|скинь", uk)
    ]
    assert not bad, bad


def test_the_spoken_deal_is_uhoda():
    spoken = [(c, en, uk) for c, en, uk in MESSAGES if re.search(r"Deal!|\"Deal|“Deal", en)]
    assert len(spoken) >= 5
    assert all("Угода" in uk for _c, _en, uk in spoken), [uk for _c, _en, uk in spoken if "Угода" not in uk]


def test_the_tutor_is_nastavnyk_and_the_coach_poradnyk():
    """The tutor (the whole program) is «наставник»; «порадник» is only the coach."""
    bad = [
        (c, en[:80], uk[:100])
        for c, en, uk in MESSAGES
        if re.search(r"\btutor\b", en) and not re.search(r"\bcoach", en) and re.search(r"[Пп]орадник", uk)
    ]
    assert not bad, bad
    named = [uk for _c, en, uk in MESSAGES if re.search(r"\bthe tutor\b", en) and not re.search(r"\bcoach", en)]
    assert named and all(re.search(r"[Нн]аставник", uk) for uk in named[:3])


def test_the_term_table_names_the_rulebook_terms():
    doc = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    for term in ("картка", "жовті яблука", "«Угода!»", "наставник", "порадник", "відкласти", "хабара"):
        assert term in doc, term
    for term in ("учитель", "учні", "псевдонім", "стос скидання", "Діва Меріан", "Торгівля", "«посібник»"):
        assert term in doc, term


@pytest.mark.parametrize(
    ("drift", "text"),
    [
        ("посібник", "в цьому посібнику"),
        ("стос скиду", "лягають на стос скиду"),
        ("викладач", "ключ викладача"),
        ("студенти", "поки студенти введуть код"),
        ("нікнейм", "інший нікнейм"),
        ("діва Меріан", "пропускає діву Меріан"),
        ("торгівля", "Раунд 1 · торгівля"),
    ],
)
def test_each_drift_of_issue_32_is_caught(drift, text):
    """Each variant the issue counted is caught by one pattern of ``FORBIDDEN``, and its chosen
    term is not (the teacher in both forms of the у/в alternation)."""
    assert any(re.search(p, text) for p in FORBIDDEN), drift
    for good in ("наставник", "стос скидання", "ключ учителя", "поки вчитель", "учні", "псевдонім", "Діву Меріан"):
        assert not any(re.search(p, good) for p in FORBIDDEN), good
    assert not any(re.search(p, "Раунд 1 · Торгівля") for p in FORBIDDEN)


def test_the_teacher_key_is_one_term_on_the_page_and_in_the_refusal():
    keys = [uk for _c, en, uk in MESSAGES if re.search(r"teacher key|Teacher key|teacher's key", en)]
    assert keys and all("ключ учителя" in uk.lower() for uk in keys), keys


def test_the_ordinal_before_raz_is_masculine():
    """The play page says "{k} раз із {per}": «1-й раз», never «1-ше раз»."""
    ordinals = {en: uk for c, en, uk in MESSAGES if c == "play" and en in ("1st", "2nd", "3rd")}  # "the k-th time"
    assert ordinals == {"1st": "1-й", "2nd": "2-й", "3rd": "3-й"}
    said = {uk for c, en, uk in MESSAGES if c == "play" and "({k} " in en and "раз" in uk}
    assert said and all("{k} раз" in uk for uk in said)
