"""Inspection: who decides about a bag, who is bound by a deal (rule deal.binding), and the
checks every Inspection move shares (sheriff.phases.inspection tells the whole protocol)."""

from __future__ import annotations

from sheriff.i18n import N_, _
from sheriff.phases.common import need_phase, need_seat, refuse
from sheriff.state import BOOTY, INSPECT, INSPECTED, GameState, Negotiation


# -- who may act for a bag --------------------------------------------------------
def actor_for(s: GameState, m: int) -> int | None:
    """The player who decides about ``m``'s bag (None: Deputies have not both spoken)."""
    if not s.deputies_mode:
        return s.officials[0]
    auth = s.authority.get(m)
    return auth[0] if auth else None


def payee_for(s: GameState, m: int) -> int:
    if not s.deputies_mode:
        return s.officials[0]
    auth = s.authority[m]
    return BOOTY if len(auth) == 2 else auth[0]


def to_act(s: GameState) -> int | None:
    if s.debts:
        return s.debts[0].debtor
    if s.claim_queue:
        return s.claim_queue[0]
    if s.nego is not None:
        return s.nego.due
    if s.deputies_mode and s.current != -1:
        st = s.stances.get(s.current)
        if st is None:  # nobody has spoken: the first Deputy
            return s.officials[0]
        if st[0] is None:  # the two Deputies speak in turn
            return s.officials[0]
        if st[1] is None:
            return s.officials[1]
        return actor_for(s, s.current)
    return s.officials[0]


# -- who is bound by a deal (rule deal.binding) -----------------------------------
def deciders(s: GameState, m: int) -> tuple[int, ...]:
    """The officials who decide about ``m``'s bag, and so make and are bound by its deals."""
    if not s.deputies_mode:
        return s.officials[:1]
    return s.authority.get(m, ())


def bound_to(table: dict[int, tuple[int, ...]], m: int, who: tuple[int, ...]) -> bool:
    """Does a deal in ``table`` (must_inspect or must_pass) bind one of ``who`` about ``m``'s bag?"""
    parties = table.get(m)
    if parties is None:
        return False
    for p in who:
        if p in parties:
            return True
    return False


def bind(table: dict[int, tuple[int, ...]], bags, who: tuple[int, ...]) -> None:
    for p in bags:
        table[p] = tuple(sorted(set(table.get(p, ())) | set(who)))


# -- common checks ----------------------------------------------------------------
def need_no_debt(s: GameState) -> None:
    if s.debts:
        who = s.debts[0].debtor
        raise refuse(
            s, "debt.goods", _("{name} must first choose the stand goods that pay the debt.").format(name=s.names[who])
        )


def need_open_bag(s: GameState, a, m) -> None:  # m: as given, not yet checked
    if s.phase != INSPECT:
        need_phase(s, INSPECT, N_("That"))
    p = a.player
    if type(m) is not int or not 0 <= m < s.n or type(p) is not int or not 0 <= p < s.n:
        need_seat(s, p)
        need_seat(s, m)
    if s.debts:
        need_no_debt(s)
    if s.claim_queue:
        raise refuse(s, "black_market.claim", claim_first(s))
    if m not in s.order:
        raise refuse(s, "inspect.who", _("{name} carries no bag this round.").format(name=s.names[m]))
    if s.handled[m] is not None:
        says = (
            _("{name}'s bag has already been inspected; that choice is final.")
            if s.handled[m] == INSPECTED
            else _("{name}'s bag has already been passed; that choice is final.")
        )
        raise refuse(s, "inspect.final", says.format(name=s.names[m]))


def need_decider(s: GameState, a, m: int) -> None:
    """``a.player`` must be the one who decides about ``m``'s bag right now."""
    if s.deputies_mode and m not in s.authority:
        if a.player in s.officials:
            raise refuse(
                s,
                "deputies.stance",
                _("Both Deputies must first say whether they suspect {name}.").format(name=s.names[m]),
            )
    actor = actor_for(s, m)
    if a.player != actor:
        if actor is not None:
            says = _("{boss} decides about {name}'s bag, not {other}.")
        elif s.deputies_mode:
            says = _("The Deputies decide about {name}'s bag, not {other}.")
        else:
            says = _("The Sheriff decides about {name}'s bag, not {other}.")
        raise refuse(
            s,
            "inspect.who",
            says.format(boss=s.names[actor] if actor is not None else "", name=s.names[m], other=s.names[a.player]),
        )
    if s.current not in (-1, m):
        raise refuse(
            s,
            "inspect.one_at_a_time",
            _("{name}'s bag is still being dealt with; finish it first.").format(name=s.names[s.current]),
        )
    if s.nego is not None and s.nego.due != a.player:
        raise refuse(s, "negotiation.turn", _("{name} has not answered yet.").format(name=s.names[s.nego.due]))


def need_due(s: GameState, a, m: int) -> Negotiation:
    nego = s.nego
    if nego is None or nego.merchant != m:
        raise refuse(s, "negotiation.turn", _("Nobody is negotiating over {name}'s bag.").format(name=s.names[m]))
    if nego.due != a.player:
        raise refuse(
            s,
            "negotiation.turn",
            _("It is {name}'s answer that is awaited, not {other}'s.").format(
                name=s.names[nego.due], other=s.names[a.player]
            ),
        )
    return nego


def need_not_bound_to_open(s: GameState, m: int) -> None:
    """No bribe talk about a bag a deal this round has promised to open (the decider is known)."""
    if bound_to(s.must_inspect, m, deciders(s, m)):
        raise refuse(s, "deal.binding", bound_to_open(s, m))


def bound_to_open(s: GameState, m: int) -> str:
    actor = actor_for(s, m)
    if actor is None:
        return _("A deal already binds the Deputies to open {name}'s bag, whatever is offered.").format(name=s.names[m])
    return _("A deal already binds {boss} to open {name}'s bag, whatever is offered.").format(
        boss=s.names[actor], name=s.names[m]
    )


def struck_to_open(s: GameState, m: int) -> str:
    actor = actor_for(s, m)
    if actor is None:
        return _("A deal struck this round binds the Deputies to open {name}'s bag.").format(name=s.names[m])
    return _("A deal struck this round binds {boss} to open {name}'s bag.").format(boss=s.names[actor], name=s.names[m])


def claim_first(s: GameState) -> str:
    return _("{name} must first say whether to claim a Black Market card.").format(name=s.names[s.claim_queue[0]])
