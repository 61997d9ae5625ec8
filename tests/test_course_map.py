"""The home page shows the course as a map: a station per page in order, the guided game first,
the learner's ticks, count and next stop filled in the browser by ``sheriffProgress.show``."""

from __future__ import annotations

import re

from sheriff import i18n
from sheriff.course import course
from sheriff.widgets.course.course_nav import _store_js, course_html


def test_every_page_is_a_station_in_order_with_the_guided_game_first():
    html = course_html()
    stops = re.findall(r'<li data-sheriff-nb="([^"]+)" class="sn-stop( sn-start)?">', html)
    assert [nb for nb, _ in stops] == [p.notebook for p in course().pages]
    assert stops[0] == ("00_first_game.ipynb", " sn-start") and not any(s for _, s in stops[1:])
    assert html.count('class="sn-start-label">Start here<') == 1
    assert 'class="sn-map-count" aria-live="polite"' in html  # the count is read out when it changes
    assert html.count('class="sn-dot" aria-hidden="true"><span class="sn-tick">') == len(stops)
    assert html.count("sn-done-state sn-sr-only") == len(stops)  # "finished" for a screen reader


def test_the_progress_script_marks_the_next_stop_and_counts_in_the_page_language():
    js = _store_js()
    assert "sn-is-next" in js and "your next stop" in js and "Finished in this browser: {n} of {total}" in js
    try:
        i18n.set_language("uk")
        js = _store_js()
        assert "ваша наступна зупинка" in js and "Пройдено в цьому браузері: {n} з {total}" in js
        assert "your next stop" not in js
        home = course_html()
        assert 'class="sn-start-label">Почніть звідси<' in home and "Start here" not in home
    finally:
        i18n.set_language("en")
