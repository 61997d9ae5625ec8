"""The rules the tutor cites, by id, in the project's own words (``data/rules.json``).

Every refusal names one of these ids; lessons show the same texts.  A rule may be
stated in both editions (with a different section in each) or in only one.

The file holds the English text, which is each message's id in the ``rules`` catalog;
``title``, ``text`` and ``cite`` answer in the page's language (a Ukrainian 2nd-edition
citation names the Ukrainian rulebook's section; 1st-edition sections stay in English).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from sheriff.i18n import _


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    source_title: str  # English, as in rules.json (the catalog's message id)
    source_text: str
    cites: tuple[tuple[str, str], ...]  # (edition, section) pairs, English
    interpretation: bool = False

    @property
    def title(self) -> str:
        return _(self.source_title)

    @property
    def text(self) -> str:
        return _(self.source_text)

    def cite(self, edition: str | None = None) -> str:
        """The citation for one edition, or every edition's citation joined."""
        cites = dict(self.cites)
        if edition in cites:
            return _(cites[edition])
        return "; ".join(_(c) for c in cites.values())


def _load() -> dict[str, Rule]:
    raw = json.loads(resources.files("sheriff").joinpath("data/rules.json").read_text("utf-8"))
    return {
        r["id"]: Rule(r["id"], r["title"], r["text"], tuple(r["cite"].items()), bool(r.get("interpretation", False)))
        for r in raw["rules"]
    }


RULES: dict[str, Rule] = _load()
