"""Questions on gold and goods: a fine bigger than the purse, the end of a round, the Black
Market, King and Queen bonuses and a final score."""

from __future__ import annotations

import random

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import (
    BONUS,
    CONTRABAND_GOODS,
    GOOD_IDS,
    GOODS,
    IS_LEGAL,
    LEGAL_GOODS,
    N_GOODS,
    ROYAL_GOODS,
    counts_to_list,
    list_to_counts,
)
from sheriff.i18n import N_, _, ngettext
from sheriff.payments import debt_options, default_goods, goods_fault
from sheriff.practice.question import Field, Question, Scene
from sheriff.practice.tables import (
    declared_text,
    goods_list,
    pick_edition,
    play_narrated,
    random_bag,
    seat_names,
    table_game,
)
from sheriff.scoring import bonuses, score
from sheriff.wording import goods_kind


def q_debt(seed: int, edition: str | None = None) -> Question:
    """A merchant caught lying cannot pay the whole fine in gold."""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    size = rng.randint(2, 5)
    bag = random_bag(rng, size, CONTRABAND_GOODS)
    decl = rng.choice(LEGAL_GOODS)
    stand = list_to_counts(random_bag(rng, rng.randint(0, 4), LEGAL_GOODS))
    if rng.random() < 0.3:
        stand[rng.choice(CONTRABAND_GOODS)] += 1
    gold = rng.randint(0, 6)
    g = table_game(ed, {1: list_to_counts(bag)}, {1: (decl, size)}, stands={1: stand}, gold={1: gold}, seed=seed)
    s = g.state
    events, text = play_narrated(g, A.Inspect(0, 1))
    fields = [
        Field("cash", _("Gold paid"), "int", lo=0, hi=50),
        Field("rest", _("Still owed after the gold"), "int", lo=0, hi=40),
        Field("forgiven", _("Forgiven in the end"), "int", lo=0, hi=40),
    ]
    answer: dict[str, object] = {}
    ask = ""
    if s.debts:  # the debtor has a choice: which of these goods may be handed over?
        more, said, ask = _ask_debt_goods(g, fields, answer)
        events, text = events + more, text + said
    fine = next(e for e in events if isinstance(e, E.Opened)).amount
    cash = sum(e.cash for e in events if isinstance(e, E.Paid))
    forgiven = sum(e.gold for e in events if isinstance(e, E.Forgiven))
    given = [e.goods for e in events if isinstance(e, E.PaidGoods)]
    given_value = sum(GOODS[x].value * k for sel in given for x, k in enumerate(sel))
    m = s.names[1]
    return Question(
        "debt",
        seed,
        ed,
        _("Not enough gold"),
        _debt_story(m, decl, size, gold) + ask,
        [
            Scene(_("Inside {merchant}'s bag").format(merchant=m), tuple(list_to_counts(bag))),
            Scene(_("{merchant}'s stand").format(merchant=m), tuple(stand)),
        ],
        tuple(fields),
        {"cash": cash, "rest": fine - cash, "forgiven": forgiven, **answer},
        text
        + (
            " " + _("(Goods handed over are worth {value}; no change is given.)").format(value=given_value)
            if given
            else ""
        ),
        "debt.goods",
    )


def _ask_debt_goods(g, fields: list[Field], answer: dict[str, object]) -> tuple[list, str, str]:
    """The debtor chooses which goods to hand over: a field for it, its answer, and the goods paid."""
    s = g.state
    owed = s.debts[0].owed
    stand_now = s.stands[1][:]
    right = [goods_list(c) for c in debt_options(stand_now, owed)]
    wrong = [goods_list(c) for c in _wrong_payments(stand_now, owed) if goods_list(c) not in right]
    options = tuple(sorted(set(right[:3] + wrong[:2])))
    fields.append(
        Field(
            "goods",
            _("Goods {merchant} may hand over for the rest").format(merchant=s.names[1]),
            "choice",
            options,
            accept=tuple(right),
        )
    )
    answer["goods"] = right[0]
    ask = " " + _("Which of the listed goods may the merchant hand over for the rest?")
    more, why = play_narrated(g, A.PayDebt(1, tuple(counts_to_list(debt_options(stand_now, owed)[0]))))
    said = f" {why} " + _(
        "The merchant chooses the goods: any worth at least the rest (legal goods first), "
        "with no card beyond need, would do ({choices}); the suggestion overpays least."
    ).format(choices=_("; ").join(right))
    return more, said, ask


def _debt_story(m: str, decl, size: int, gold: int) -> str:
    """What the Sheriff finds, the merchant's gold, and the question."""
    return (
        _('{merchant} declared "{declared}" but the Sheriff finds the contraband below.').format(
            merchant=m, declared=declared_text(decl, size)
        )
        + " "
        + (
            ngettext(
                "{merchant} has only {gold} gold, and the stand shown.",
                "{merchant} has only {gold} gold, and the stand shown.",
                gold,
            )
            if gold
            else _("{merchant} has no gold at all, and the stand shown.")
        ).format(merchant=m, gold=gold)
        + " "
        + _(
            "How much gold does {merchant} pay, how much is still owed after the gold, and how much of the debt "
            "is forgiven in the end?"
        ).format(merchant=m)
    )


def _wrong_payments(stand: list[int], owed: int) -> list[list[int]]:
    """Payments the rules refuse: too little, or a card beyond need (for a practice question's wrong options)."""
    out = []
    best = default_goods(stand, owed)
    for g in LEGAL_GOODS:
        if best[g]:
            less = best[:]
            less[g] -= 1
            out.append(less)
        if stand[g] > best[g]:
            more = best[:]
            more[g] += 1
            out.append(more)
    return [c for c in out if any(c) and goods_fault(stand, owed, c)]


def q_endround(seed: int, edition: str | None = None) -> Question:
    """The last bag of a round is dealt with: who is the next Sheriff, how many cards are drawn?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    n = rng.randint(3, 5)
    sheriff = rng.randrange(n)
    m = (sheriff + 1) % n
    size = rng.randint(1, 5)
    bag = [LEGAL_GOODS[0]] * size
    pool = [x for x in LEGAL_GOODS + CONTRABAND_GOODS if GOODS[x].count(n)]
    left = [rng.choice(pool) for _ in range(6 - size)]
    g = table_game(
        ed,
        {m: list_to_counts(bag)},
        {m: (LEGAL_GOODS[0], size)},
        players=n,
        sheriff=sheriff,
        hands={m: list_to_counts(left)},
        seed=seed,
        others_wait=False,
    )
    s = g.state
    before = sum(s.hands[m])
    events, text = play_narrated(g, A.Pass(sheriff, m))
    after = sum(s.hands[m])
    names = s.names
    nxt = s.officials[0]
    return Question(
        "endround",
        seed,
        ed,
        _("End of the round"),
        ngettext("{n} player; {sheriff} is the Sheriff.", "{n} players; {sheriff} is the Sheriff.", n).format(
            n=n, sheriff=names[sheriff]
        )
        + " "
        + ngettext(
            "{merchant} loaded {n} card from a hand of six, and that is the last bag: the Sheriff hands it back.",
            "{merchant} loaded {n} cards from a hand of six, and that is the last bag: the Sheriff hands it back.",
            size,
        ).format(merchant=names[m], n=size)
        + " "
        + _("Who is the next Sheriff, and how many cards does {merchant} draw?").format(merchant=names[m]),
        [
            Scene(
                _("{merchant}'s hand after loading the bag").format(merchant=names[m]),
                tuple(list_to_counts(left)),
                note="" if left else _("empty"),
            )
        ],
        (
            Field("next", _("Next Sheriff"), "choice", tuple(names)),
            Field("draws", _("Cards {merchant} draws").format(merchant=names[m]), "int", lo=0, hi=7),
        ),
        {"next": names[nxt], "draws": after - before},
        text,
        "round.end",
    )


_NO_CLAIM = N_("No claim is possible")
_SEVERAL = N_("Any one of several types: the merchant picks")


def q_blackmarket(seed: int, edition: str | None = None) -> Question:
    """2E Black Market: a bag passes; may its owner claim a Black Market card, and of which type?"""
    rng = random.Random(seed)
    ed = "2E"
    focus = rng.choice(CONTRABAND_GOODS)  # the type that may reach three (Crossbows: no pile)
    stand = [0] * N_GOODS
    stand[focus] = rng.randint(0, 3)
    others = [x for x in CONTRABAND_GOODS + LEGAL_GOODS if x != focus]
    for _extra in range(rng.randint(0, 2)):
        stand[rng.choice(others)] += 1
    decl = rng.choice(LEGAL_GOODS)
    bag = [decl] * rng.randint(0, 2) + [focus] * rng.randint(0, 2)
    bag += [rng.choice(others) for _ in range(rng.randint(0, 5 - len(bag)) // 2)]
    bag = bag or [focus]
    g = table_game(ed, {1: list_to_counts(bag)}, {1: (decl, len(bag))}, stands={1: stand}, seed=seed, black_market=True)
    s = g.state
    piles = sorted(s.bm_piles)
    name = s.names[1]
    texts, face_down, can = _pass_and_claim(g, name)
    options = (_(_NO_CLAIM),) + tuple(goods_kind(x) for x in piles) + (_(_SEVERAL),)
    answer = _(_NO_CLAIM) if not can else goods_kind(can[0]) if len(can) == 1 else _(_SEVERAL)
    return Question(
        "blackmarket",
        seed,
        ed,
        _("A claim at the Black Market"),
        _(
            'Black Market module. {merchant} declared "{declared}" and the Sheriff hands the bag back unopened. '
            "How many contraband cards lie face down on {merchant}'s stand now, and may {merchant} claim a Black "
            "Market card (piles: {piles})?"
        ).format(
            merchant=name, declared=declared_text(decl, len(bag)), piles=_(", ").join(goods_kind(x) for x in piles)
        ),
        [
            Scene(_("{merchant}'s stand before (face-down goods included)").format(merchant=name), tuple(stand)),
            Scene(_("Inside {merchant}'s bag").format(merchant=name), tuple(list_to_counts(bag))),
        ],
        (
            Field("face_down", _("Face-down contraband on the stand"), "int", lo=0, hi=20),
            Field("claim", _("Black Market claim"), "choice", options),
        ),
        {"face_down": face_down, "claim": answer},
        " ".join(texts),
        "black_market.claim",
    )


def _pass_and_claim(g, name: str) -> tuple[list[str], int, list[int]]:
    """The bag passes; its owner claims a Black Market card if the stand now allows one."""
    texts = [play_narrated(g, A.Pass(0, 1))[1]]
    face_down = g.view(1).face_down(1)
    can = g.view(1).claimable()
    if can:
        texts.append(play_narrated(g, A.ClaimBlackMarket(1, can[0]))[1])
        if len(can) > 1:
            texts.append(
                _("({merchant} could have claimed {goods} instead.)").format(
                    merchant=name, goods=_(" or ").join(goods_kind(x) for x in can)
                )
            )
    else:
        texts.append(
            _(
                "{merchant} has no three contraband cards of one type with a Black Market pile, so there is no claim."
            ).format(merchant=name)
        )
    return texts, face_down, can


def q_kingqueen(seed: int, edition: str | None = None, royal: bool | None = None) -> Question:
    """Who is King and Queen of one legal good, and how much does each player get?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    royal = rng.random() < 0.3 if royal is None else royal
    n = rng.randint(3, 5)
    good = rng.choice(LEGAL_GOODS)
    top = rng.randint(2, 9)
    counts = [rng.choice((0, top, top, max(0, top - 1), max(0, top - 2), rng.randint(0, top))) for _ in range(n)]
    stands = [[0] * N_GOODS for _ in range(n)]
    for p, c in enumerate(counts):
        stands[p][good] = c
    if royal:
        kin = [r for r in ROYAL_GOODS if GOODS[r].counts_as == good]
        p = rng.randrange(n)
        stands[p][rng.choice(kin)] += 1
    names = seat_names(n)
    bon = bonuses(stands)
    gid = GOODS[good].id
    answer: dict[str, object] = {f"p{p}": bon[p].get(gid, 0) for p in range(n)}
    king, queen = BONUS[good]
    scene = []
    for p in range(n):
        scene.append(Scene(names[p], tuple(stands[p]), note="" if any(stands[p]) else _("none")))
    lines = [f"{names[p]}: {answer[f'p{p}']}" for p in range(n)]
    kind = goods_kind(good)
    text = _(
        '{good}: King {king}, Queen {queen}. Counting Royal Goods at their "counts as" number, the engine '
        "gives {bonuses}."
    ).format(good=kind, king=king, queen=queen, bonuses=_("; ").join(lines))
    these = (
        _("The game is over. These are the {good} on each stand (a Royal Good counts as several).")
        if royal
        else _("The game is over. These are the {good} on each stand.")
    )
    return Question(
        "kingqueen",
        seed,
        ed,
        _("King and Queen of {good}").format(good=kind),
        these.format(good=kind)
        + " "
        + _("The {good} King gets {king} and the Queen {queen}. How much bonus does each player get?").format(
            good=kind, king=king, queen=queen
        ),
        scene,
        tuple(Field(f"p{p}", names[p], "int", lo=0, hi=40) for p in range(n)),
        answer,
        text,
        "royal.goods" if royal else "score.king_queen",
    )


def q_total(seed: int, edition: str | None = None) -> Question:
    """Add up one player's final score."""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    n = 4
    stands = [[0] * N_GOODS for _ in range(n)]
    for p in range(n):
        for g in LEGAL_GOODS + CONTRABAND_GOODS:
            stands[p][g] = rng.choice((0, 0, 1, 2, 3, 4, 5, 6)) if IS_LEGAL[g] else rng.choice((0, 0, 0, 1, 2))
    gold = [rng.randint(5, 70) for _ in range(n)]
    scores, winners = score(stands, gold)
    names = seat_names(n)
    p = rng.randrange(n)
    sc = scores[p]
    bon = _(", ").join(f"{goods_kind(GOOD_IDS[k])} {v}" for k, v in sc.bonuses.items()) or _("none")
    text = ngettext(
        "{player}: goods worth {goods} + {gold} gold + bonuses {bonus} ({bonuses}) = {total}. Winner: {winners}.",
        "{player}: goods worth {goods} + {gold} gold + bonuses {bonus} ({bonuses}) = {total}. Winner: {winners}.",
        sc.gold,
    ).format(
        player=names[p],
        goods=sc.goods,
        gold=sc.gold,
        bonus=sum(sc.bonuses.values()),
        bonuses=bon,
        total=sc.total,
        winners=_(", ").join(names[w] for w in winners),
    )
    shared = _("Shared victory")
    return Question(
        "total",
        seed,
        ed,
        _("Count a final score"),
        _(
            "The game is over. What is {player}'s score? (Compare the stands to find the King and Queen bonuses.) "
            "And who wins?"
        ).format(player=names[p]),
        [
            Scene(
                ngettext("{player}: {gold} gold", "{player}: {gold} gold", gold[q]).format(
                    player=names[q], gold=gold[q]
                ),
                tuple(stands[q]),
            )
            for q in range(n)
        ],
        (
            Field("total", _("{player}'s score").format(player=names[p]), "int", lo=0, hi=500),
            Field("winner", _("Winner"), "choice", tuple(names) + (shared,)),
        ),
        {"total": sc.total, "winner": names[winners[0]] if len(winners) == 1 else shared},
        text,
        "score.total",
    )
