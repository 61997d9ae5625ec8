"""A bot's reason for a move, told as a whole sentence a learner understands.

The bots (``sheriff.bots``, compiled) keep short reasons such as "wants a bribe" in
``Bot.last_reason``; that data stays as it is.  ``sentence(reason, action, names)``
turns one into a sentence about the move it belongs to, naming the player and, where
the reason rests on the bot's fixed habit, saying what that habit is.  A reason that
is already a sentence (the coach's bot speaks in sentences) is returned unchanged.
"""

from __future__ import annotations

import re

from sheriff import actions as A
from sheriff.i18n import N_, _

# short reason -> sentence; {who} is the bot, {other} the merchant or starting player, {gold} an amount
_SENTENCES = {
    "starts the Market on the left": N_("{who} lets {other}, on the left, start the Market."),
    "keeps its best legal good and some contraband": N_(
        "{who} keeps the legal good held in the largest number, plus some contraband to hide under it, "
        "and sets the rest aside."
    ),
    "keeps its best legal good": N_(
        "{who} keeps the legal good held in the largest number and sets the rest aside, to fill a bag with one kind."
    ),
    "packs contraband under a legal declaration": N_(
        "{who} packs contraband together with legal goods, meaning to declare them all as the legal good."
    ),
    "packs only what it will declare": N_(
        "{who} packs goods of one legal kind only, so that the declaration can be true."
    ),
    "declares its legal goods (and hides the rest)": N_(
        "{who} gives the true number of cards but names only the legal good, as if the whole bag held it, hoping the bag is not opened."
    ),
    "declares its legal goods": N_("{who} declares exactly what is in the bag."),
    "cashes in three contraband at the Black Market": N_(
        "{who} turns in three contraband of one kind, because the Black Market card is worth more."
    ),
    "is suspicious": N_("{who} would like this bag opened: it is big, or it claims a dear good, or a deal says so."),
    "sees nothing odd": N_("{who} sees no reason to open this bag."),
    "pays with the goods that overpay least": N_(
        "{who} pays the rest of the debt with the stand goods that overpay it least, keeping the others."
    ),
    "agrees to share the Booty's leftovers": N_(
        "{who} accepts the other Deputy's terms for the Booty's odd coin and odd card, as they give it a share."
    ),
    "keeps the deal it struck": N_("{who} keeps the deal struck earlier this round, as a deal binds the Sheriff."),
    "trusts the merchant": N_("{who} is a trusting Sheriff and lets every bag through unopened."),
    "wants a bribe": N_(
        "{who} is a greedy Sheriff who asks every merchant for gold, two per card in the bag plus two "
        "(never more than the merchant has): here {gold} gold."
    ),
    "finds the bag suspiciously full": N_(
        "{who} distrusts bags of four or more cards, and bags of three that claim a good worth 4 or more; "
        "this bag is one of them."
    ),
    "sees a small, plausible bag": N_(
        "{who} lets the bag through: it is small and its declaration is easy to believe."
    ),
    "gives the benefit of the doubt": N_(
        "{who} is a trusting Sheriff: even after the merchant refuses to pay, the bag goes through."
    ),
    "calls the bluff": N_("{who} thinks a merchant who will not pay may be bluffing, and opens the bag to see."),
    "asks for more": N_("{who} finds the offer too small for a bag of this size and asks for {gold} gold instead."),
    "finds the bribe too small": N_(
        "{who} finds the offer too small for a bag of this size (two gold per card is the least taken) "
        "and opens the bag instead."
    ),
    "offers a bribe to keep the bag shut": N_(
        "{who} offers {gold} gold so that the bag stays shut: opened, it would lose goods and pay a fine."
    ),
    "pretends to be nervous": N_(
        "{who} offers {gold} gold although the bag is honest, hoping the Sheriff opens it and pays the penalty."
    ),
    "has nothing to hide": N_("{who} will not pay anything to keep the bag shut."),
    "pays: cheaper than the fine": N_(
        "{who} pays, because losing the hidden goods and paying the fine would cost more."
    ),
    "refuses to pay": N_("{who} refuses to pay the price asked."),
    "had no better idea (fallback move)": N_("{who} could not decide, so made the first move the rules allow."),
}
_WORTH = re.compile(r"takes a bribe worth (\d+)")


def sentence(reason: str, action, names) -> str:
    """The whole sentence for ``reason``, the reason a bot gave for ``action``."""
    reason = reason.strip()
    if not reason:
        return ""
    who = _(names[action.player])
    m = _WORTH.fullmatch(reason)
    if m:
        return _(
            "{who} takes the offer: it is worth {worth}, which is at least two gold per card "
            "in the bag (trusting Sheriffs take any offer)."
        ).format(who=who, worth=m.group(1))
    if reason == "wants a bribe" and not isinstance(action, A.Offer):
        return _(
            "{who} is a greedy Sheriff who asks every merchant for gold; this merchant has none, so the bag is opened."
        ).format(who=who)
    template = _SENTENCES.get(reason)
    if template is None:  # already a sentence (the coach's bot), or new
        text = reason[0].upper() + reason[1:]
        return text if text.endswith((".", "!", "?")) else text + "."
    other = getattr(action, "merchant", getattr(action, "start", None))
    gold = action.bribe.gold if isinstance(action, A.Offer) else ""
    return _(template).format(who=who, other=_(names[other]) if other is not None else "", gold=gold)


def known() -> tuple[str, ...]:
    """Every short reason this module can phrase (the tests check each bot reason is here)."""
    return tuple(_SENTENCES) + ("takes a bribe worth N",)


__all__ = ["sentence", "known"]
