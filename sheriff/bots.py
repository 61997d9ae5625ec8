"""Simple strategies that play whole games, seeing only their own seat's view.

A ``Bot`` is one merchant style plus one Sheriff style, because every player is a
merchant in most rounds and the Sheriff in some:

  merchant styles  honest    - brings only goods it declares truthfully
                   smuggler  - declares its best legal good and adds contraband
                   bluffer   - smuggles or not at random, and bribes when honest
                               to bait an inspection
  Sheriff styles   trusting  - lets every bag through, takes any bribe offered
                   suspicious- opens big bags and known smugglers' bags
                   greedy    - threatens every bag and asks for gold

Each decision also returns a short reason (``bot.last_reason``) so that a learner
can read why the bot did what it did.  Bots are deterministic for a given seed.

A style is a class below, listed once in ``MERCHANTS`` or ``SHERIFFS``: its name (as saved
games and tournaments write it), its name and one-line description for the play page, and the
choices that make it differ.  A new style is one class and one entry there.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Sequence
from typing import Final

from sheriff import actions as A
from sheriff import bot_moves as M
from sheriff.cards import counts_to_list
from sheriff.i18n import _, pgettext
from sheriff.state import (
    CONTRABAND_GOODS,
    DECLARE,
    ILLEGAL_GOODS,
    INSPECT,
    IS_LEGAL,
    LEGAL_GOODS,
    LOAD,
    MARKET,
    MARKET_START,
    N_GOODS,
    PENALTY,
    VALUE,
)
from sheriff.views import SeatView

_CHEAP_FIRST: Final = tuple(sorted(range(N_GOODS), key=lambda g: VALUE[g]))
_ILLEGAL_DEAR_FIRST: Final = tuple(sorted(ILLEGAL_GOODS, key=lambda g: -VALUE[g]))
COACH = "coach"  # the coach's bot (sheriff.coach.bot) plays both roles under this name


# The move tables (sheriff.bot_moves), as Final names here: compiled code reads them from C statics.
PASS: Final = M.PASS
INSPECT_BAG: Final = M.INSPECT_BAG
THREATEN: Final = M.THREATEN
ACCEPT: Final = M.ACCEPT
DECLINE: Final = M.DECLINE
OFFER: Final = M.OFFER
STANCE: Final = M.STANCE
DECLARE_BAG: Final = M.DECLARE_BAG
CHOOSE_START: Final = M.CHOOSE_START
AGREE_BOOTY: Final = M.AGREE_BOOTY
LOAD_BAG: Final = M.LOAD_BAG
SET_ASIDE: Final = M.SET_ASIDE


# -- merchant styles --------------------------------------------------------------
class MerchantStyle:
    name = ""
    baits = False  # offers a small bribe when honest, to bait an inspection

    def title(self) -> str:  # pragma: no cover - every style overrides
        return self.name

    def help(self) -> str:  # pragma: no cover - every style overrides
        return self.name

    def smuggles(self, bot: Bot) -> bool:
        """Smuggle this round?"""
        return True


class Honest(MerchantStyle):
    name = "honest"

    def title(self) -> str:
        return pgettext("merchant bot", "honest")

    def help(self) -> str:
        return _("honest: brings only what it declares")

    def smuggles(self, bot: Bot) -> bool:
        return False


class Smuggler(MerchantStyle):
    name = "smuggler"

    def title(self) -> str:
        return pgettext("merchant bot", "smuggler")

    def help(self) -> str:
        return _("smuggler: hides contraband under a legal declaration")


class Bluffer(MerchantStyle):
    name = "bluffer"
    baits = True

    def title(self) -> str:
        return pgettext("merchant bot", "bluffer")

    def help(self) -> str:
        return _("bluffer: smuggles at random, and bribes even when honest")

    def smuggles(self, bot: Bot) -> bool:
        return bot.rng.random() < 0.5


# -- Sheriff styles ---------------------------------------------------------------
class SheriffStyle:
    name = ""
    takes_any_bribe = False
    haggles = False  # asks for more than a bribe offered
    extra_ask = 0  # gold asked beyond 2 per card in the bag

    def title(self) -> str:  # pragma: no cover - every style overrides
        return self.name

    def help(self) -> str:  # pragma: no cover - every style overrides
        return self.name

    def suspects(self, v: SeatView, m: int) -> bool:
        """Would open ``m``'s bag (the Deputies' stance, a threat): a big bag, or a dear good declared."""
        declared = v.declared(m)
        return v.bag_size(m) >= 4 or (declared is not None and VALUE[declared[0]] >= 4 and v.bag_size(m) >= 3)

    def take_up(self, bot: Bot, v: SeatView, m: int) -> A.Action:
        """The first word about a bag no deal binds."""
        me = v.seat
        if self.suspects(v, m):
            bot.last_reason = "finds the bag suspiciously full"
            return THREATEN.two(me, m)
        bot.last_reason = "sees a small, plausible bag"
        return PASS.two(me, m)

    def after_refusal(self, bot: Bot, v: SeatView, m: int) -> A.Action:
        """The merchant refused to pay: decide now."""
        bot.last_reason = "calls the bluff"
        return INSPECT_BAG.two(v.seat, m)


class Trusting(SheriffStyle):
    name = "trusting"
    takes_any_bribe = True

    def title(self) -> str:
        return pgettext("sheriff bot", "trusting")

    def help(self) -> str:
        return _("trusting: lets bags through, takes any bribe")

    def suspects(self, v: SeatView, m: int) -> bool:
        return False

    def take_up(self, bot: Bot, v: SeatView, m: int) -> A.Action:
        bot.last_reason = "trusts the merchant"
        return PASS.two(v.seat, m)

    def after_refusal(self, bot: Bot, v: SeatView, m: int) -> A.Action:
        bot.last_reason = "gives the benefit of the doubt"
        return PASS.two(v.seat, m)


class Suspicious(SheriffStyle):
    name = "suspicious"

    def title(self) -> str:
        return pgettext("sheriff bot", "suspicious")

    def help(self) -> str:
        return _("suspicious: opens big bags")


class Greedy(SheriffStyle):
    name = "greedy"
    haggles = True
    extra_ask = 2

    def title(self) -> str:
        return pgettext("sheriff bot", "greedy")

    def help(self) -> str:
        return _("greedy: threatens every bag and asks for gold")

    def suspects(self, v: SeatView, m: int) -> bool:
        return True

    def take_up(self, bot: Bot, v: SeatView, m: int) -> A.Action:
        me = v.seat
        bot.last_reason = "wants a bribe"
        ask = min(v.gold(m), 2 * v.bag_size(m) + 2)
        if ask > 0:
            return OFFER.offer(me, m, ask)
        return INSPECT_BAG.two(me, m)


# The styles, by the name saved games and tournaments use (the play page lists them in this order).
MERCHANTS: dict[str, MerchantStyle] = {s.name: s for s in (Honest(), Smuggler(), Bluffer())}
SHERIFFS: dict[str, SheriffStyle] = {s.name: s for s in (Trusting(), Suspicious(), Greedy())}
MERCHANT_STYLES = tuple(MERCHANTS)
SHERIFF_STYLES = tuple(SHERIFFS)


def style_title(name: str) -> str:
    """A style's short name in the page's language ('smuggler', 'greedy', 'coach')."""
    if name in MERCHANTS:
        return MERCHANTS[name].title()
    if name in SHERIFFS:
        return SHERIFFS[name].title()
    if name == COACH:
        return pgettext("bot", "coach")
    return name


class Bot:
    def __init__(self, merchant: str = "smuggler", sheriff: str = "suspicious", seed: int = 0):
        if merchant not in MERCHANTS:
            raise ValueError(f"merchant style must be one of {MERCHANT_STYLES}, not {merchant!r}")
        if sheriff not in SHERIFFS:
            raise ValueError(f"sheriff style must be one of {SHERIFF_STYLES}, not {sheriff!r}")
        self.merchant = merchant
        self.sheriff = sheriff
        self.merchant_style = MERCHANTS[merchant]
        self.sheriff_style = SHERIFFS[sheriff]
        self.seed = seed
        self._rng: random.Random | None = None
        self.last_reason = ""
        self._lying = False

    @property
    def rng(self) -> random.Random:
        """Created on first use: only the bluffer draws random numbers."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @property
    def label(self) -> str:
        return f"{self.merchant} merchant / {self.sheriff} sheriff"

    def act(self, v: SeatView) -> A.Action:
        """The bot's next action in view ``v`` (it must be this bot's turn)."""
        ph = v.phase
        if ph == INSPECT:
            return self._inspection(v)
        if ph == MARKET:
            return self._market(v)
        if ph == LOAD:
            return self._load(v)
        if ph == DECLARE:
            return self._declare(v)
        if ph == MARKET_START:
            return self._choose_start(v)
        raise ValueError(f"no move in phase {ph}")

    # -- Market, loading, declaring ---------------------------------------------
    def _choose_start(self, v: SeatView) -> A.Action:
        self.last_reason = "starts the Market on the left"
        return CHOOSE_START.two(v.seat, v.merchants[0])

    @staticmethod
    def _best_legal(hand: list[int]) -> int:
        """The legal good to collect: 4 points per card in hand plus its value; first on ties."""
        best, top = 0, -1
        value = VALUE  # from the goods catalog
        for g in LEGAL_GOODS:
            x = hand[g] * 4 + value[g]
            if x > top:
                best, top = g, x
        return best

    def _smuggle_now(self) -> bool:
        return self.merchant_style.smuggles(self)

    def _market(self, v: SeatView) -> A.Action:
        hand = v.hand
        best = self._best_legal(hand)
        self._lying = self._smuggle_now()
        keep_contra = 2 if self._lying else 0
        discard = []
        hand[best] = 0
        for g in _CHEAP_FIRST:
            k = hand[g]
            if not k:
                continue
            if keep_contra and not IS_LEGAL[g]:
                keep = min(k, keep_contra)
                keep_contra -= keep
                k -= keep
            discard += [g] * k
            if len(discard) >= 5:  # at most five are set aside
                del discard[5:]
                break
        from_piles: tuple[int, ...] = ()
        if discard and v.edition1:
            for k in (0, 1):  # take a run of the wanted good off a discard pile
                i = 0
                for c in reversed(v.pile_top(k, len(discard))):
                    if c != best:
                        break
                    i += 1
                if i:
                    from_piles = (k,) * i
                    break
        self.last_reason = (
            "keeps its best legal good and some contraband" if self._lying else "keeps its best legal good"
        )
        # lay the set-aside cards on the other pile than the one just drawn from
        pile = 1 if from_piles[:1] == (0,) else 0
        if from_piles:  # 1E: cards taken from a discard pile
            return A.Market(v.seat, tuple(discard), from_piles, pile)
        return SET_ASIDE.cards(v.seat, tuple(discard))

    def _load(self, v: SeatView) -> A.Action:
        hand = v.hand
        best = self._best_legal(hand)
        cards = [best] * min(hand[best], 5)
        if self._lying or not cards:
            for g in _ILLEGAL_DEAR_FIRST:
                while hand[g] and len(cards) < 5 and (self._lying or not cards):
                    hand[g] -= 1
                    cards.append(g)
        if not cards:  # no legal good and no contraband: anything at all
            g = next(g for g in range(N_GOODS) if hand[g])
            cards = [g]
        lie = cards.count(best) != len(cards)
        self._lying = lie
        self.last_reason = "packs contraband under a legal declaration" if lie else "packs only what it will declare"
        return LOAD_BAG.cards(v.seat, tuple(cards))

    def _declare(self, v: SeatView) -> A.Action:
        # Read the plan back from the bag itself, so a bot that takes over a seat mid-round
        # (a loaded game, a branch) declares what the bag was packed for.
        bag = v.bag
        assert bag is not None  # declaring: the bag is loaded
        best = LEGAL_GOODS[0]  # the legal good packed most (the first on ties)
        for g in LEGAL_GOODS:
            if bag[g] > bag[best]:
                best = g
        if not bag[best]:  # nothing legal packed: name the good the hand favours
            best = self._best_legal(v.hand)
        size = v.bag_size(v.seat)
        self._lying = bag[best] != size
        self.last_reason = (
            "declares its legal goods (and hides the rest)" if self._lying else "declares its legal goods"
        )
        return DECLARE_BAG.three(v.seat, best, size)

    # -- Inspection -------------------------------------------------------------
    def _inspection(self, v: SeatView) -> A.Action:
        me = v.seat
        if v.debt_due() is not None:
            self.last_reason = "pays with the goods that overpay least"
            return A.PayDebt(me, tuple(counts_to_list(v.debt_options()[0])))
        terms = v.booty_terms()
        if terms and me not in terms and me in v.officials:
            # Six players: the other Deputy proposed terms for the Booty's leftovers; fair if they give me a share.
            coin_to, card_to = next(iter(terms.values()))
            if me in (coin_to, card_to):
                self.last_reason = "agrees to share the Booty's leftovers"
                return AGREE_BOOTY.three(me, coin_to, card_to)
        if v.claim_due():
            goods = v.claimable()
            if goods:
                self.last_reason = "cashes in three contraband at the Black Market"
                return A.ClaimBlackMarket(me, max(goods, key=lambda g: v.black_market_piles()[g][-1]))
            return A.SkipClaim(me)
        nego = v.negotiation()
        if nego is not None:
            if nego.merchant == me:
                return self._merchant_answer(v, nego.offer)
            return self._sheriff_answer(v, nego.merchant, nego.offer)
        m = v.current_bag()
        if v.n == 6 and (m == -1 or v.authority(m) is None):
            if m == -1:
                m = v.next_bag()
            want = self._suspect(v, m)
            self.last_reason = "is suspicious" if want else "sees nothing odd"
            return STANCE.stance(me, m, want)
        if m == -1:
            m = v.next_bag()
        return self._sheriff_open(v, m)

    def _suspect(self, v: SeatView, m: int) -> bool:
        if v.bound(m) == "inspect":
            return True
        return self.sheriff_style.suspects(v, m)

    def _sheriff_open(self, v: SeatView, m: int) -> A.Action:
        me = v.seat
        bound = v.bound(m)
        if bound is not None:
            self.last_reason = "keeps the deal it struck"
            return INSPECT_BAG.two(me, m) if bound == "inspect" else PASS.two(me, m)
        return self.sheriff_style.take_up(self, v, m)

    def _sheriff_answer(self, v: SeatView, m: int, offer: A.Bribe | None) -> A.Action:
        me = v.seat
        style = self.sheriff_style
        if offer is None:  # merchant refused: decide now
            return style.after_refusal(self, v, m)
        worth = offer.gold + sum(VALUE[c] for c in offer.stand) + sum(VALUE[c] for c in offer.bag)
        want = 2 * v.bag_size(m) + style.extra_ask
        if style.takes_any_bribe or worth >= want:
            self.last_reason = f"takes a bribe worth {worth}"
            return ACCEPT.two(me, m)
        if offer.gold < v.gold(m) and style.haggles:
            self.last_reason = "asks for more"
            return OFFER.offer(me, m, min(v.gold(m), want))
        self.last_reason = "finds the bribe too small"
        return INSPECT_BAG.two(me, m)

    def _merchant_answer(self, v: SeatView, offer: A.Bribe | None) -> A.Action:
        me = v.seat
        bag, decl = v.bag, v.declared(me)
        assert bag is not None and decl is not None  # a declared bag is on the table
        declared = decl[0]
        penalty = PENALTY
        at_risk = 0  # the fine if opened: every card but the declared good
        for g in range(N_GOODS):
            k = bag[g]
            if k:  # most goods are not in the bag: no multiply
                at_risk += penalty[g] * k
        at_risk -= penalty[declared] * bag[declared]
        lying = at_risk > 0
        honest_bait = self.merchant_style.baits and not lying
        gold = v.gold(me)
        if offer is None:  # threatened: make an offer, or stand firm
            if (lying or honest_bait) and gold > 0:
                amount = min(gold, max(1, at_risk // 2 + 1) if lying else 1)
                self.last_reason = "offers a bribe to keep the bag shut" if lying else "pretends to be nervous"
                return OFFER.offer(me, me, amount)
            self.last_reason = "has nothing to hide"
            return DECLINE.two(me, me)
        ask = offer.gold
        if lying and ask <= min(gold, at_risk + sum(VALUE[g] * bag[g] for g in CONTRABAND_GOODS)):
            self.last_reason = "pays: cheaper than the fine"
            return ACCEPT.two(me, me)
        self.last_reason = "refuses to pay"
        return DECLINE.two(me, me)


def play_game(game, bots, max_actions: int = 20000, checked: bool = False):
    """Let ``bots`` (one per seat) play ``game`` to the end; returns the game.

    A move made by this module's own ``Bot`` is applied without re-checking it
    (``engine.apply_unchecked``): the bots play only legal moves, and
    ``tests/test_unchecked.py`` plays hundreds of seeded games both ways and finds every
    state, event and score the same.  Any other bot (the coach's, a user's) goes through
    the checked ``Game.push``, as does every move with ``checked=True``.

    The cycle collector is paused for the game: a game's lists, tuples and events die by
    reference counting, and collecting the youngest generation every few hundred of them
    was ~4 % of a game.  Nothing the game computes depends on it.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        return _play(game, bots, max_actions, checked)
    finally:
        if paused:
            gc.enable()


def _play(game, bots, max_actions: int, checked: bool):
    from sheriff.engine import apply_unchecked, to_act
    from sheriff.views import SeatView

    s = game.state
    views = [SeatView(s, p) for p in range(s.n)]
    push = game.push
    seats = list(bots)  # a list: compiled code indexes it natively
    own = [not checked and type(b) is Bot for b in seats]
    for _step in range(max_actions):
        p = to_act(s)
        if p is None:
            return game
        if own[p]:
            apply_unchecked(s, seats[p].act(views[p]))
        else:
            push(seats[p].act(views[p]))
    raise RuntimeError("bots did not finish the game")


def make_bots(n: int, seed: int = 0, styles: Sequence[tuple[str, str]] | None = None) -> list[Bot]:
    """One bot per seat; ``styles`` is a list of (merchant, sheriff) pairs, cycled."""
    styles = styles or [("honest", "trusting"), ("smuggler", "suspicious"), ("bluffer", "greedy")]
    return [Bot(*styles[p % len(styles)], seed=seed * 101 + p) for p in range(n)]
