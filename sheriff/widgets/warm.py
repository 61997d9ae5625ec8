"""What every page would do again on first use, done once in the fork server before it forks
(``sheriff.forkserver`` calls ``warm_up`` once it has imported the pages' modules), so that each
learner's kernel inherits it: some 40 ms of a lesson's 120 ms of CPU (lesson 05, docs/deploy.md).

Only data that is the same for every page and language: the templates compiled, the catalogs
and Babel's locale data of every language, the shipped examples, the course, the glossary and
its patterns, Markdown's patterns.  Nothing here chooses a language or starts a thread (the
fork server refuses to fork a process with threads)."""

from __future__ import annotations

import mistune
from babel.numbers import format_decimal

from sheriff import course, glossary, i18n, scenario
from sheriff.widgets import glossary_links, markup


def warm_up() -> None:
    env = markup.environment()
    for name in env.list_templates(extensions=["j2"]):
        env.get_template(name)  # parsed and compiled: Jinja keeps it (about 2 ms a template)
    scenario.load_scenarios()  # every shipped example, read and validated (a page copies the ones it shows)
    glossary.glossary()
    for p in (*course.course().pages, *course.course().extras):
        for part in course.prose(p.notebook):
            mistune.html("\n\n".join(part))  # Markdown compiles its patterns on first use
    for lang in i18n.LANGUAGES:
        i18n.catalog(lang)
        glossary_links.matcher_for(lang)
        format_decimal(0.5, locale=lang)  # Babel's locale data, read on first use
