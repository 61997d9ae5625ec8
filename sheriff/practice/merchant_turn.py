"""Questions on a merchant's own turn: the Market, loading the bag, declaring it."""

from __future__ import annotations

import random

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import CONTRABAND_GOODS, LEGAL_GOODS, ROYAL_GOODS, counts_to_list, list_to_counts
from sheriff.engine import Game
from sheriff.i18n import N_, _, ngettext, npgettext
from sheriff.practice.question import ALLOWED, REFUSED, Field, Question, Scene
from sheriff.practice.tables import (
    declared_text,
    pick_edition,
    play_narrated,
    random_bag,
    seat_names,
    seat_to_act,
    table_game,
)
from sheriff.rules import Rules
from sheriff.wording import goods_kind

_WHERE = (
    N_("On top of a discard pile the merchant chooses, straight away"),
    N_("Face up beside the deck; when every merchant has gone, they become the discard pile"),
    N_("Shuffled back into the draw pile"),
)
_MARKET_OPTIONS = (ALLOWED, REFUSED)


def q_market(seed: int, edition: str | None = None) -> Question:
    """A Market turn: allowed?  How many cards come from the draw pile?  Where do set-aside cards go?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    g = Game(Rules(edition=ed, players=4), names=seat_names(4), seed=seed)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    m = seat_to_act(g)
    hand = counts_to_list(s.hands[m])
    k = rng.randint(1, 5)
    discard = tuple(rng.sample(hand, k))
    if ed == "1E":
        take0 = rng.randint(0, 3)
        take1 = rng.randint(0, 2) if rng.random() < 0.5 else 0
        from_piles = (0,) * take0 + (1,) * take1
        pile = rng.randint(0, 1)
    else:
        from_piles = (0,) if rng.random() < 0.25 else ()
        pile = 0
    action = A.Market(m, discard, from_piles, pile)
    name = s.names[m]
    scene = [
        Scene(_("{player}'s hand").format(player=name), tuple(s.hands[m])),
        Scene(_("Set aside"), tuple(list_to_counts(discard))),
    ]
    if ed == "1E":
        scene += [
            Scene(
                _("Left discard pile (top card on the right)"),
                tuple(list_to_counts(s.discards[0])),
                cards=tuple(s.discards[0]),
            ),
            Scene(
                _("Right discard pile (top card on the right)"),
                tuple(list_to_counts(s.discards[1])),
                cards=tuple(s.discards[1]),
            ),
        ]
    what = _market_what(ed, name, k, from_piles)
    answer, text, rule_id, graded = _market_answer(g, action, discard)
    return Question(
        "market",
        seed,
        ed,
        _("A Market turn ({edition})").format(edition=ed),
        what
        + " "
        + _("Is that allowed? If it is: how many cards come from the draw pile, and where do the set-aside cards go?"),
        scene,
        (
            Field("verdict", _("Allowed?"), "choice", tuple(_(o) for o in _MARKET_OPTIONS)),
            Field("from_deck", _("Cards from the draw pile (if allowed)"), "int", lo=0, hi=6),
            Field("where", _("The set-aside cards go"), "choice", tuple(_(w) for w in _WHERE)),
        ),
        answer,
        text,
        rule_id,
        graded,
    )


def _market_what(ed: str, name: str, k: int, from_piles: tuple[int, ...]) -> str:
    """The Market turn asked about, said as a player would: no "takes 0 cards from ..."."""
    if ed == "1E":
        t0, t1 = from_piles.count(0), from_piles.count(1)
        left, right = (npgettext("cards taken", "{n} card", "{n} cards", t).format(n=t) for t in (t0, t1))
        if t0 and t1:
            asks = _(
                "takes {left} from the top of the left discard pile and {right} from the top of the right discard pile"
            ).format(left=left, right=right)
        elif t0:
            asks = _("takes {left} from the top of the left discard pile").format(left=left)
        elif t1:
            asks = _("takes {right} from the top of the right discard pile").format(right=right)
        else:
            asks = _("takes nothing from the discard piles")
        return ngettext(
            "{player} sets aside {n} card, {takes}, then fills up from the draw pile.",
            "{player} sets aside {n} cards, {takes}, then fills up from the draw pile.",
            k,
        ).format(player=name, n=k, takes=asks)
    if from_piles:
        return ngettext(
            "{player} sets aside {n} card and wants to take the top card of the discard pile.",
            "{player} sets aside {n} cards and wants to take the top card of the discard pile.",
            k,
        ).format(player=name, n=k)
    else:
        return ngettext(
            "{player} sets aside {n} card and draws back up to six cards.",
            "{player} sets aside {n} cards and draws back up to six cards.",
            k,
        ).format(player=name, n=k)


def _market_answer(g: Game, action: A.Market, discard: tuple) -> tuple[dict, str, str, tuple[str, ...]]:
    """The engine's verdict on the turn: refused with its rule, or played and what it drew."""
    s, ed = g.state, g.rules.edition
    err = g.why_illegal(action)
    if err is not None:
        where = _WHERE[0] if ed == "1E" else _WHERE[1]
        answer = {"verdict": _(REFUSED), "from_deck": 0, "where": _(where)}
        text = err.reason
        rule_id = err.rule_id
        graded: tuple[str, ...] = ("verdict",)
    else:
        events, text = play_narrated(g, action)
        ev = next(e for e in events if isinstance(e, E.MarketTurn))
        in_set_aside = len(s.set_aside) >= len(discard) and ed == "2E"
        answer = {"verdict": _(ALLOWED), "from_deck": ev.drawn, "where": _(_WHERE[1] if in_set_aside else _WHERE[0])}
        rule_id = "market.draw_1e" if ed == "1E" else "market.draw_2e"
        graded = ("verdict", "from_deck", "where")
    return answer, text, rule_id, graded


_LOAD_OPTIONS = (ALLOWED, N_("Refused: a bag holds 1 to 5 cards"), N_("Refused: those cards are not all in the hand"))
_LOAD_RULE = {None: _LOAD_OPTIONS[0], "load.size": _LOAD_OPTIONS[1], "load.from_hand": _LOAD_OPTIONS[2]}


def q_load(seed: int, edition: str | None = None) -> Question:
    """May the merchant close this bag?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    seven = rng.random() < 0.25
    rules = Rules(edition=ed, players=4, seven_card_hand=seven)
    g = Game(rules, names=seat_names(4), seed=seed)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    while s.phase == "market":
        g.push(A.Market(seat_to_act(g)))
    m = s.order[0]
    hand = counts_to_list(s.hands[m])
    roll = rng.random()
    if roll < 0.45:
        bag = rng.sample(hand, rng.randint(1, 5))
    elif roll < 0.7:
        bag = hand[:] if rng.random() < 0.6 else []
        if len(bag) <= 5 and bag:
            bag = hand[:6] if len(hand) >= 6 else []
    else:
        bag = rng.sample(hand, rng.randint(1, 4))
        missing = [c for c in LEGAL_GOODS + CONTRABAND_GOODS if s.hands[m][c] == 0]
        bag.append(rng.choice(missing))
    bag_vec = list_to_counts(bag)
    err = g.why_illegal(A.LoadBag(m, tuple(bag)))
    name = s.names[m]
    if err is None:
        text = ngettext(
            "Allowed: {n} card, all from {player}'s hand.", "Allowed: {n} cards, all from {player}'s hand.", len(bag)
        ).format(n=len(bag), player=name)
        rule_id = "load.size"
    else:
        text, rule_id = err.reason, err.rule_id
    hand_caption = (_("{player}'s hand (seven-card hand variant)") if seven else _("{player}'s hand")).format(
        player=name
    )
    return Question(
        "load",
        seed,
        ed,
        _("May this bag be closed?"),
        _("{player} wants to put the cards on the right into the bag and snap it shut. Allowed?").format(player=name),
        [
            Scene(hand_caption, tuple(s.hands[m])),
            Scene(_("Into the bag"), tuple(bag_vec), note="" if bag else _("nothing at all")),
        ],
        (Field("verdict", _("Verdict"), "choice", tuple(_(o) for o in _LOAD_OPTIONS)),),
        {"verdict": _(_LOAD_RULE[err.rule_id if err else None])},
        text,
        rule_id,
    )


_DECL_OPTIONS = (
    ALLOWED,
    N_("Refused: the number must be the number of cards in the bag"),
    N_("Refused: only one legal good (Apples, Cheese, Bread or Chickens) may be declared"),
)
_DECL_RULE = {None: ALLOWED, "declare.count": _DECL_OPTIONS[1], "declare.type": _DECL_OPTIONS[2]}


def q_declare(seed: int, edition: str | None = None) -> Question:
    """Is this declaration allowed?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    size = rng.randint(1, 5)
    bag = random_bag(rng, size, LEGAL_GOODS + CONTRABAND_GOODS)
    vec = list_to_counts(bag)
    roll = rng.random()
    if roll < 0.45:
        good, count = rng.choice(LEGAL_GOODS), size
    elif roll < 0.75:
        good, count = rng.choice(LEGAL_GOODS), rng.choice([k for k in range(1, 6) if k != size])
    else:
        good, count = rng.choice(CONTRABAND_GOODS + ROYAL_GOODS), size
    one_apple = list_to_counts([LEGAL_GOODS[0]])
    g = table_game(ed, {1: vec, 2: one_apple, 3: one_apple}, {}, seed=seed, royal=True, phase="declare")
    s = g.state
    err = g.why_illegal(A.Declare(1, good, count))
    m = s.names[1]
    if err is None:
        text = ngettext(
            "Allowed: the bag holds {n} card and {good} is a legal good. It does not matter what is "
            "really inside: lying is allowed, and only an inspection can catch it.",
            "Allowed: the bag holds {n} cards and {good} is a legal good. It does not matter what is "
            "really inside: lying is allowed, and only an inspection can catch it.",
            size,
        ).format(n=size, good=goods_kind(good))
        rule_id = "declare.count"
    else:
        text = err.reason
        rule_id = err.rule_id
    return Question(
        "declare",
        seed,
        ed,
        _("May the merchant declare this?"),
        _('{merchant} packed the cards below and says: "{declared}." Is that declaration allowed?').format(
            merchant=m, declared=declared_text(good, count)
        ),
        [Scene(_("Inside {merchant}'s bag").format(merchant=m), tuple(vec))],
        (Field("verdict", _("Verdict"), "choice", tuple(_(o) for o in _DECL_OPTIONS)),),
        {"verdict": _(_DECL_RULE[err.rule_id if err else None])},
        text,
        rule_id,
    )
