"""Each class plan of the teacher's page, followed as written in Chromium (``class_plans.follow``):
a teacher and four students, row by row, every quoted button, setting and text looked up on the
row's page at that step, pressed or set as the row says.  A plan edit that names a control the page
does not have, or leaves out a step the class needs (the rounds never run, nobody joins), fails."""

from __future__ import annotations

import shutil

import pytest
from class_plans import follow
from harness import ROOT, VoilaServer

from sheriff.widgets.course import teaching

PAGES = {row[1] for plan in (teaching.INSPECTION_CLASS, teaching.BLUFFING_CLASS) for row in plan}


@pytest.fixture(scope="module")
def plan_server(chromium_path, tmp_path_factory):
    """Voilà serving only the plans' pages and the student page, its store in a temporary folder."""
    tmp = tmp_path_factory.mktemp("class-plans")
    served, db = tmp / "notebooks", tmp / "store"
    served.mkdir()
    db.mkdir()
    for name in PAGES | {"51_class_student.ipynb"}:
        shutil.copy(ROOT / "notebooks" / name, served)
    server = VoilaServer(served, env={"SHERIFF_CLASS_DB": str(db)}, timeout=180)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.mark.parametrize("plan", ["INSPECTION_CLASS", "BLUFFING_CLASS"])
def test_the_class_plan_runs_as_written(browser, plan_server, plan):
    run = follow(browser, plan_server, getattr(teaching, plan), strict=True)
    rows = getattr(teaching, plan)
    assert [r[0] for r in run.rows] == [r[0] for r in rows] and not run.differences
