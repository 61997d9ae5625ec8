"""The words the tutor uses for goods, players and bribes, shared by moves and events.

``Table`` knows names and roles (who is Sheriff or Deputy), so a sentence can say
"the Sheriff" or "Deputy Will Scarlet"; ``bribe_text`` phrases a bribe with its terms.
Each goes into a whole sentence as a named placeholder: "{merchant}'s bag" is one message,
because Ukrainian puts the owner after the bag and adds no 's (docs/translating.md).
It imports only the goods catalog, so ``sheriff.actions`` and ``sheriff.narration``
can both build on it.
"""

from __future__ import annotations

from sheriff.cards import GOODS, list_to_counts
from sheriff.i18n import _, ngettext

BOOTY = -2  # the engine's payee id for the Deputies' Booty tile


def good_name(g: int, k: int = 2) -> str:
    """A good's name as a noun for ``k`` cards of it, without the number: 'Apple' for one,
    'Apples' for several (mass nouns such as Cheese do not change in English)."""
    return _forms(GOODS[g].id, k, counted=False)


def good_count(g: int, k: int) -> str:
    """'1 Apple', '3 Apples': the number with its noun, in the form the language asks for."""
    return _forms(GOODS[g].id, k, counted=True).format(n=k)


def _forms(good: str, k: int, counted: bool) -> str:
    # Each good has its own plural message: Ukrainian nouns take three forms after numbers.
    return _counted_form(good, k) if counted else _noun_form(good, k)


def _counted_form(good: str, k: int) -> str:
    """'{n} Apples': the message for k cards of a good, with the number's placeholder."""
    match good:
        case "apples":
            return ngettext("{n} Apple", "{n} Apples", k)
        case "cheese":
            return ngettext("{n} Cheese", "{n} Cheese", k)
        case "bread":
            return ngettext("{n} Bread", "{n} Bread", k)
        case "chickens":
            return ngettext("{n} Chicken", "{n} Chickens", k)
        case "pepper":
            return ngettext("{n} Pepper", "{n} Pepper", k)
        case "mead":
            return ngettext("{n} Mead", "{n} Mead", k)
        case "silk":
            return ngettext("{n} Silk", "{n} Silk", k)
        case "crossbows":
            return ngettext("{n} Crossbow", "{n} Crossbows", k)
        case "green_apples":
            return ngettext("{n} Green Apple", "{n} Green Apples", k)
        case "golden_apples":
            return ngettext("{n} Golden Apple", "{n} Golden Apples", k)
        case "gouda_cheese":
            return ngettext("{n} Gouda Cheese", "{n} Gouda Cheese", k)
        case "blue_cheese":
            return ngettext("{n} Blue Cheese", "{n} Blue Cheese", k)
        case "rye_bread":
            return ngettext("{n} Rye Bread", "{n} Rye Bread", k)
        case "pumpernickel_bread":
            return ngettext("{n} Pumpernickel Bread", "{n} Pumpernickel Bread", k)
        case "royal_rooster":
            return ngettext("{n} Royal Rooster", "{n} Royal Roosters", k)
    raise KeyError(good)


def _noun_form(good: str, k: int) -> str:
    """'Apples': the good's noun for k cards, without the number."""
    match good:
        case "apples":
            return ngettext("Apple", "Apples", k)
        case "cheese":
            return ngettext("Cheese", "Cheese", k)
        case "bread":
            return ngettext("Bread", "Bread", k)
        case "chickens":
            return ngettext("Chicken", "Chickens", k)
        case "pepper":
            return ngettext("Pepper", "Pepper", k)
        case "mead":
            return ngettext("Mead", "Mead", k)
        case "silk":
            return ngettext("Silk", "Silk", k)
        case "crossbows":
            return ngettext("Crossbow", "Crossbows", k)
        case "green_apples":
            return ngettext("Green Apple", "Green Apples", k)
        case "golden_apples":
            return ngettext("Golden Apple", "Golden Apples", k)
        case "gouda_cheese":
            return ngettext("Gouda Cheese", "Gouda Cheese", k)
        case "blue_cheese":
            return ngettext("Blue Cheese", "Blue Cheese", k)
        case "rye_bread":
            return ngettext("Rye Bread", "Rye Bread", k)
        case "pumpernickel_bread":
            return ngettext("Pumpernickel Bread", "Pumpernickel Bread", k)
        case "royal_rooster":
            return ngettext("Royal Rooster", "Royal Roosters", k)
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
    def of_names(cls, names) -> Table:
        """A table known only by its players' names (no roles): for texts outside a game's story."""
        t = cls.__new__(cls)
        t.names, t.officials, t.deputies, t.edition1 = list(names or ()), (), False, False
        t.hand_size, t.declared, t.authority = 6, [], {}
        return t

    def name(self, p: int) -> str:
        """A player's name, in the page's language when the catalogs know it (the rulebook's characters)."""
        return _(self.names[p])

    def who(self, p: int | None) -> str:
        """Who ``p`` is at this table, as the subject of a sentence ('the Sheriff', 'Deputy Will')."""
        if p == BOOTY:
            return _("the Booty")
        if p is None or not (0 <= p < len(self.names)):
            return _("player {p}").format(p=p)
        if p in self.officials:
            return _("Deputy {name}").format(name=self.name(p)) if self.deputies else _("the Sheriff")
        return self.name(p)

    def bag_of(self, p: int | None) -> str:
        """'Gilbert's bag' as an item of a list (one message: Ukrainian puts the owner after the bag)."""
        return _("{merchant}'s bag").format(merchant=self.who(p))

    def boss(self) -> str:
        return _("the Deputies") if self.deputies else _("the Sheriff")

    def pile(self, k: int) -> str:
        if self.edition1:
            return _("the left discard pile") if k == 0 else _("the right discard pile")
        return _("the discard pile")


def bribe_text(b, t: Table | None = None, names=None) -> str:
    """'8 gold and 2 Apples from the stand', with conditions about other bags and promises.

    ``t``: the table the bribe is offered at (who is Sheriff or Deputy); without it,
    players are called by ``names``."""
    t = t or Table.of_names(names)
    parts = []
    if b.gold:
        parts.append(ngettext("{n} gold", "{n} gold", b.gold).format(n=b.gold))
    if b.stand:
        parts.append(_("{goods} from the stand").format(goods=cards_text(b.stand)))
    if b.bag:
        parts.append(_("{goods} from the bag").format(goods=cards_text(b.bag)))
    conds = []
    if b.inspect:
        bags = and_list([t.bag_of(p) for p in b.inspect])
        conds.append((_("the Deputies open {bags}") if t.deputies else _("the Sheriff opens {bags}")).format(bags=bags))
    if b.let_pass:
        who = and_list([t.who(p) for p in b.let_pass])
        conds.append(
            (
                _("the Deputies let {merchants} through") if t.deputies else _("the Sheriff lets {merchants} through")
            ).format(merchants=who)
        )
    s = and_list(parts) if parts else ""
    if conds:
        s = _("{bribe}, on condition that {conditions}").format(bribe=s or _("nothing"), conditions=and_list(conds))
    if b.promise:  # free text: a scenario's promise is translated when a catalog holds it
        promise = _('a promise for later ("{promise}"), which binds nobody').format(promise=_(b.promise))
        s = _("{bribe}, plus {promise}").format(bribe=s, promise=promise) if s else promise
    return s or _("nothing")


__all__ = [
    "BOOTY",
    "Table",
    "and_list",
    "bribe_text",
    "cap",
    "cards_text",
    "good_count",
    "good_name",
    "goods_kind",
    "goods_text",
    "plural",
]
