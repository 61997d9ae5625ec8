"""The words the tutor uses for goods, players and bribes, shared by moves and events.

``Table`` knows names and roles (who is Sheriff or Deputy), so a sentence can say
"the Sheriff" or "Deputy Will Scarlet"; ``bribe_text`` phrases a bribe with its terms.
It imports only the goods catalog, so ``sheriff.actions`` and ``sheriff.narration``
can both build on it.
"""
from __future__ import annotations

from sheriff.cards import GOODS, list_to_counts
from sheriff.i18n import _, ngettext

BOOTY = -2       # the engine's payee id for the Deputies' Booty tile

def good_name(g: int, k: int = 2) -> str:
    """A good's name as a noun for ``k`` cards of it, without the number: 'Apple' for one,
    'Apples' for several (mass nouns such as Cheese do not change in English)."""
    return _forms(GOODS[g].id, k, counted=False)


def good_count(g: int, k: int) -> str:
    """'1 Apple', '3 Apples': the number with its noun, in the form the language asks for."""
    return _forms(GOODS[g].id, k, counted=True).format(n=k)


def _forms(good: str, k: int, counted: bool) -> str:
    # Each good has its own plural message: Ukrainian nouns take three forms after numbers.
    if counted:
        match good:
            case "apples": return ngettext("{n} Apple", "{n} Apples", k)
            case "cheese": return ngettext("{n} Cheese", "{n} Cheese", k)
            case "bread": return ngettext("{n} Bread", "{n} Bread", k)
            case "chickens": return ngettext("{n} Chicken", "{n} Chickens", k)
            case "pepper": return ngettext("{n} Pepper", "{n} Pepper", k)
            case "mead": return ngettext("{n} Mead", "{n} Mead", k)
            case "silk": return ngettext("{n} Silk", "{n} Silk", k)
            case "crossbows": return ngettext("{n} Crossbow", "{n} Crossbows", k)
            case "green_apples": return ngettext("{n} Green Apple", "{n} Green Apples", k)
            case "golden_apples": return ngettext("{n} Golden Apple", "{n} Golden Apples", k)
            case "gouda_cheese": return ngettext("{n} Gouda Cheese", "{n} Gouda Cheese", k)
            case "blue_cheese": return ngettext("{n} Blue Cheese", "{n} Blue Cheese", k)
            case "rye_bread": return ngettext("{n} Rye Bread", "{n} Rye Bread", k)
            case "pumpernickel_bread": return ngettext("{n} Pumpernickel Bread", "{n} Pumpernickel Bread", k)
            case "royal_rooster": return ngettext("{n} Royal Rooster", "{n} Royal Roosters", k)
    else:
        match good:
            case "apples": return ngettext("Apple", "Apples", k)
            case "cheese": return ngettext("Cheese", "Cheese", k)
            case "bread": return ngettext("Bread", "Bread", k)
            case "chickens": return ngettext("Chicken", "Chickens", k)
            case "pepper": return ngettext("Pepper", "Pepper", k)
            case "mead": return ngettext("Mead", "Mead", k)
            case "silk": return ngettext("Silk", "Silk", k)
            case "crossbows": return ngettext("Crossbow", "Crossbows", k)
            case "green_apples": return ngettext("Green Apple", "Green Apples", k)
            case "golden_apples": return ngettext("Golden Apple", "Golden Apples", k)
            case "gouda_cheese": return ngettext("Gouda Cheese", "Gouda Cheese", k)
            case "blue_cheese": return ngettext("Blue Cheese", "Blue Cheese", k)
            case "rye_bread": return ngettext("Rye Bread", "Rye Bread", k)
            case "pumpernickel_bread": return ngettext("Pumpernickel Bread", "Pumpernickel Bread", k)
            case "royal_rooster": return ngettext("Royal Rooster", "Royal Roosters", k)
    raise KeyError(good)


def goods_kind(g: int) -> str:
    """The name of a kind of good, as on its card and in the goods table ('Apples')."""
    return _(GOODS[g].name)


def and_list(parts: list[str]) -> str:
    """'a, b and c' in the page's language ('nothing' for an empty list)."""
    parts = [p for p in parts if p]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    return _("{items} and {last}").format(items=_(", ").join(parts[:-1]), last=parts[-1])


def goods_text(counts) -> str:
    """'1 Apple, 1 Cheese and 2 Mead' from a count vector indexed by good."""
    return and_list([good_count(g, k) for g, k in enumerate(counts) if k])


def cards_text(cards) -> str:
    return goods_text(list_to_counts(cards))


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def plural(k: int, word: str) -> str:
    """English only (an 's' added): translated text uses ``ngettext`` instead."""
    return f"{k} {word}{'' if k == 1 else 's'}"


class Table:
    """Names and roles while the events unfold (officials change when a round ends)."""

    def __init__(self, state):
        self.names = list(state.names)
        self.officials = tuple(state.officials)
        self.deputies = bool(state.deputies_mode)
        self.edition1 = bool(state.edition1)
        self.hand_size = state.hand_size
        self.declared = list(state.declared)
        self.authority = dict(getattr(state, "authority", {}) or {})

    @classmethod
    def of_names(cls, names) -> "Table":
        """A table known only by its players' names (no roles): for texts outside a game's story."""
        t = cls.__new__(cls)
        t.names, t.officials, t.deputies, t.edition1 = list(names or ()), (), False, False
        t.hand_size, t.declared, t.authority = 6, [], {}
        return t

    def who(self, p: int | None) -> str:
        if p == BOOTY:
            return "the Booty"
        if p is None or not (0 <= p < len(self.names)):
            return f"player {p}"
        if p in self.officials:
            return f"Deputy {self.names[p]}" if self.deputies else "the Sheriff"
        return self.names[p]

    def whose(self, p: int | None) -> str:
        w = self.who(p)
        return w + ("'" if w.endswith("s") and not w.startswith("the ") else "'s")

    def boss(self) -> str:
        return "the Deputies" if self.deputies else "the Sheriff"

    def pile(self, k: int) -> str:
        if self.edition1:
            return "the left discard pile" if k == 0 else "the right discard pile"
        return "the discard pile"


def bribe_text(b, t: Table | None = None, names=None) -> str:
    """'8 gold and 2 Apples from the stand', with conditions about other bags and promises.

    ``t``: the table the bribe is offered at (who is Sheriff or Deputy); without it,
    players are called by ``names``."""
    t = t or Table.of_names(names)
    parts = []
    if b.gold:
        parts.append(f"{b.gold} gold")
    if b.stand:
        parts.append(f"{cards_text(b.stand)} from the stand")
    if b.bag:
        parts.append(f"{cards_text(b.bag)} from the bag")
    conds = []
    if b.inspect:
        conds.append(f"{t.boss()} {'open' if t.deputies else 'opens'} "
                     + and_list([t.whose(p) + " bag" for p in b.inspect]))
    if b.let_pass:
        conds.append(f"{t.boss()} {'let' if t.deputies else 'lets'} "
                     + and_list([t.who(p) for p in b.let_pass]) + " through")
    s = and_list(parts) if parts else ""
    if conds:
        s = (s or "nothing") + ", on condition that " + " and ".join(conds)
    if b.promise:
        promise = f'a promise for later ("{b.promise}"), which binds nobody'
        s = f"{s}, plus {promise}" if s else promise
    return s or "nothing"


__all__ = ["BOOTY", "Table", "and_list", "bribe_text", "cap", "cards_text", "good_count", "good_name", "goods_kind", "goods_text", "plural"]
