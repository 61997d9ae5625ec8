"""The new pages' committed outputs hold learner words only: no rule ids, question numbers,
engine checks or raw True/False (issue 12).  Scripts and styles are not text and are skipped."""
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PAGES = ["00_home.ipynb", "00_overview.ipynb", "40_reference.ipynb", "41_teachers.ipynb",
         "30_inspection_game.ipynb", "31_bribe_bargaining.ipynb"]
RULE_ID = re.compile(r"\b(setup|turn|market|load|declare|inspect|bribe|negotiation|deal|debt|round|game|score|"
                     r"royal|variant|deputies|black_market)\.[a-z_0-9]+\b")
DEV = [RULE_ID, re.compile(r"question #"), re.compile(r"\bphase is\b"), re.compile(r":\s*(True|False)\b"),
       re.compile(r"Traceback")]


def shown_texts(nb: dict):
    """Every piece of text the page shows: HTML/plain outputs and the widgets' saved values."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            yield "".join(cell["source"])
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                continue                       # its text/plain is the widget's Python repr
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
    text = re.sub(r"<[^>]+>", " ", text)         # attributes (hrefs, titles) are not checked as text
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
                found.append(f"{m.group(0)!r} in …{plain[max(0, m.start() - 60):m.end() + 40]}…")
    assert not found, "\n".join(found[:10])
