"""Every page's committed outputs and saved widget state hold learner words only: no rule ids,
question numbers, engine checks or raw True/False (issue 12).  Scripts and styles are not text
and are skipped.  tests/browser/test_learner_words.py checks the pages again in Chromium after
stepping every replay to its end."""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
RULE_ID = re.compile(
    r"\b(setup|turn|market|load|declare|inspect|bribe|negotiation|deal|debt|round|game|score|"
    r"royal|variant|deputies|black_market)\.[a-z_0-9]+\b"
)
DEV = [
    RULE_ID,
    re.compile(r"question #"),
    re.compile(r"\bphase is\b"),
    re.compile(r":\s*(True|False)\b"),
    re.compile(r"Traceback"),
    re.compile(r"\b[A-Za-z_]+\([a-z_]+="),
]  # last: code such as Rules(black_market=...)


def shown_texts(nb: dict):
    """Every piece of text the page shows: HTML/plain outputs and the widgets' saved values."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            yield "".join(cell["source"])
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                continue  # its text/plain is the widget's Python repr
            yield "".join(data.get("text/html", "")) + "".join(out.get("text", ""))
    state = nb.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in state.get("state", {}).values():
        s = model.get("state", {})
        for key in ("value", "description", "placeholder", "_titles"):
            if isinstance(s.get(key), str):
                yield s[key]
        for key in ("_options_labels", "titles"):
            if isinstance(s.get(key), list):
                yield " ".join(map(str, s[key]))


def visible(text: str) -> str:
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
    text = re.sub(r"<[^>]+>", " ", text)  # attributes (hrefs, titles) are not checked as text
    return text


@pytest.mark.parametrize("name", PAGES)
def test_page_outputs_hold_no_developer_text(name):
    nb = json.loads((NOTEBOOKS / name).read_text("utf-8"))
    assert nb["cells"] and any(c.get("outputs") for c in nb["cells"]), "notebook not executed"
    found = []
    for text in shown_texts(nb):
        plain = visible(text)
        for pattern in DEV:
            for m in pattern.finditer(plain):
                found.append(f"{m.group(0)!r} in …{plain[max(0, m.start() - 60) : m.end() + 40]}…")
    assert not found, "\n".join(found[:10])


def test_every_page_is_checked():
    assert len(PAGES) >= 19 and "05_inspection.ipynb" in PAGES


@pytest.mark.parametrize(
    "sid",
    [
        "1e-little-john-market",
        "1e-alan-a-dale-load",
        "1e-david-125",
        "2e-deputies-round",
        "2e-black-market-claim",
        "1e-will-scarlet-declare",
    ],
)
def test_a_replay_at_its_end_shows_learner_words_only(sid):
    """The replay's last step (the rulebook's facts, what changed, the score build-up)."""
    from sheriff.widgets.examples import ReplayView

    v = ReplayView(sid)
    shown = []
    while True:
        shown += [
            v.head.value,
            v.counter.value,
            v.step.value,
            v.changed.value,
            v.score.value,
            v.table.value,
            v.checks.value,
        ]
        if v.next_button.disabled:
            break
        v.next_button.click()
    found = [m.group(0) for text in shown for pattern in DEV for m in pattern.finditer(visible(text))]
    assert not found, found[:10]
    assert "the engine agrees" in v.checks.value
