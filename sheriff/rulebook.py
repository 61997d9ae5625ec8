"""The rules the tutor cites, by id, in the project's own words (``data/rules.json``).

Every refusal names one of these ids; lessons show the same texts.  A rule may be
stated in both editions (with a different section in each) or in only one.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    text: str
    cites: tuple[tuple[str, str], ...]   # (edition, section) pairs
    interpretation: bool = False

    def cite(self, edition: str | None = None) -> str:
        """The citation for one edition, or every edition's citation joined."""
        cites = dict(self.cites)
        if edition in cites:
            return cites[edition]
        return "; ".join(cites.values())


def _load() -> dict[str, Rule]:
    raw = json.loads(resources.files("sheriff").joinpath("data/rules.json").read_text("utf-8"))
    return {
        r["id"]: Rule(r["id"], r["title"], r["text"], tuple(r["cite"].items()),
                      bool(r.get("interpretation", False)))
        for r in raw["rules"]
    }


RULES: dict[str, Rule] = _load()
