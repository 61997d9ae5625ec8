"""Every folded section is ``kit.Fold`` (issue 32): a real button that opens and closes its body.
ipywidgets' Accordion is never used: its headers take no keyboard focus and say nothing to a
screen reader.  tests/browser/test_accessibility.py opens each fold by keyboard in the browser."""

import re
from pathlib import Path

import ipywidgets as W

from sheriff.widgets import kit

PACKAGE = Path(__file__).resolve().parents[1] / "sheriff"


def test_a_fold_opens_and_closes_by_its_button():
    body = W.HTML("inside")
    fold = kit.Fold("More", body, cls="sn-fold-test")
    assert fold.toggle.description == "More" and "sn-fold-toggle" in fold.toggle._dom_classes
    assert not fold.expanded and fold.inner.layout.display == "none"
    assert "sn-fold-open" not in fold.toggle._dom_classes  # the page's script: aria-expanded="false"
    fold.toggle.click()
    assert fold.expanded and fold.inner.layout.display is None and body in fold.inner.children
    assert "sn-fold-open" in fold.toggle._dom_classes  # aria-expanded="true"
    fold.toggle.click()
    assert not fold.expanded and fold.inner.layout.display == "none"
    assert "sn-fold-open" not in fold.toggle._dom_classes


def test_no_page_uses_ipywidgets_accordion():
    uses = [
        f"{p.relative_to(PACKAGE)}:{n}"
        for p in PACKAGE.rglob("*.py")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\b(Accordion|Tab)\(", line)
    ]
    assert uses == [], "use kit.Fold: " + ", ".join(uses)


def test_the_folds_of_the_play_page_replay_and_lab_are_kit_folds():
    from sheriff.widgets.labs.theory import BribeBargainingLab
    from sheriff.widgets.play.app import PlayApp
    from sheriff.widgets.play.replay import ReplayViewer

    def folds(w):
        found = [w] if isinstance(w, kit.Fold) else []
        for c in getattr(w, "children", ()) or ():
            found += folds(c)
        return found

    assert [f.title for f in folds(ReplayViewer().root)] == ["Load a saved game"]
    titles = [f.title for f in folds(PlayApp(bot_delay=0).root)]
    assert titles == [
        "Simulate many games with these bots",
        "Load a saved game",
        "The whole game so far",
        "The saved game as JSON text",
    ]
    assert [f.title for f in folds(BribeBargainingLab())] == ["For the curious: check the answer with Gambit"]
