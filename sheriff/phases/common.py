"""Checks shared by every phase.

Refusals are worded when they are raised, in the language spoken then (``sheriff.i18n``):
whole sentences with named placeholders, never glued from pieces.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from sheriff.cards import counts_to_list
from sheriff.errors import IllegalAction
from sheriff.i18n import _, ngettext
from sheriff.state import GOODS, N_GOODS, GameState, phase_title

# A phase's table of its moves: move class -> (check, apply).
Rule = Callable[[GameState, Any], None]
Handlers = dict[type, tuple[Rule, Rule]]
# A phase's list of the moves it offers (before the engine's checks): phase -> lister.
Lister = Callable[[GameState], list[Any]]
Listers = dict[str, Lister]


def refuse(s: GameState, rule_id: str, reason: str) -> IllegalAction:
    return IllegalAction(rule_id, reason, s.rules.edition)


def need_phase(s: GameState, phase: str, doing: str) -> None:
    """``doing``: what was tried, as a noun phrase marked with ``N_`` ("Loading a bag")."""
    if s.phase != phase:
        raise refuse(
            s,
            "round.phases",
            _("{doing} belongs to the {phase} phase, but the game is in the {now} phase.").format(
                doing=_(doing), phase=phase_title(phase), now=phase_title(s.phase)
            ),
        )


def need_cards(s: GameState, cards, where: list[int], rule_id: str, player: int, place: str = "hand") -> list[int]:
    """Count vector of ``cards``; refuse if they are not all in ``where`` (``player``'s ``place``:
    "hand" or "stand").

    The refusal message is only formatted when refusing: legal moves stay cheap."""
    need_group(s, cards, rule_id)
    n = N_GOODS
    for c in cards:  # every card first, so the message names the odd one out
        if type(c) is not int or not 0 <= c < n:
            raise refuse(s, rule_id, not_a_card(c))
    counts = [0] * n
    for c in cards:
        g: int = c  # checked above: an int, so compiled code indexes natively
        k = counts[g] + 1
        counts[g] = k
        if k > where[g]:
            raise refuse(s, rule_id, _short(s.names[player], place, where[g], g, cards.count(g)))
    return counts


def _short(name: str, place: str, held: int, g: int, wanted: int) -> str:
    good = _(GOODS[g].name)
    # Never "has 0 Silk": "no Silk" instead.  English keeps the card's name ("2 Apples" even for one).
    if place == "stand":
        if not held:
            return _("{name}'s stand has no {good}, not {wanted}.").format(name=name, good=good, wanted=wanted)
        return ngettext(
            "{name}'s stand has only {held} {good}, not {wanted}.",
            "{name}'s stand has only {held} {good}, not {wanted}.",
            held,
        ).format(name=name, held=held, good=good, wanted=wanted)
    if not held:
        return _("{name}'s hand has no {good}, not {wanted}.").format(name=name, good=good, wanted=wanted)
    return ngettext(
        "{name}'s hand has only {held} {good}, not {wanted}.",
        "{name}'s hand has only {held} {good}, not {wanted}.",
        held,
    ).format(name=name, held=held, good=good, wanted=wanted)


def not_a_card(c: object) -> str:
    return _("{card} is not a goods card.").format(card=repr(c))


def need_group(s: GameState, group, rule_id: str, what: str = "goods cards") -> None:
    """Groups of cards or players come as tuples (lists are accepted too).  ``what``: "goods
    cards", "discard piles" or "cards or players"."""
    if not isinstance(group, (tuple, list)):
        if what == "discard piles":
            reason = _("{group} is not a group of discard piles.")
        elif what == "cards or players":
            reason = _("{group} is not a group of cards or players.")
        else:
            reason = _("{group} is not a group of goods cards.")
        raise refuse(s, rule_id, reason.format(group=repr(group)))


def need_seat(s: GameState, p) -> None:
    if type(p) is not int or not 0 <= p < s.n:
        raise refuse(s, "turn.order", _("There is no player {player} at this table.").format(player=repr(p)))


def sub_multisets(counts: list[int], lo: int, hi: int) -> list[tuple[int, ...]]:
    """Distinct groups of ``lo``..``hi`` cards from a hand given as counts (catalog order)."""
    cards = counts_to_list(counts)
    out = []
    for k in range(lo, min(hi, len(cards)) + 1):
        seen = set()
        for combo in combinations(cards, k):
            if combo not in seen:
                seen.add(combo)
                out.append(combo)
    return out
