"""Sentences for a learner, in the page's language: what a move did, from the engine's events.

    >>> from sheriff.narration import narrate
    >>> # lines = narrate(action, game.push(action), before_state, after_state)

``narrate(action, events, before, after=None, seat=None)`` returns a list of short
sentences.  ``before`` is the state the move was made in (it tells who the Sheriff
or the Deputies were); ``after`` (optional) adds the final scores at game end.

``seat`` is the chair the story is told to: that player sees their own drawn cards
and smuggled goods, and nobody else's (other players only learn how many cards were
drawn, and how many went face down).  ``seat=None`` is the all-seeing narrator for
replays and study.  Every event kind the engine emits has a sentence; an unknown
kind (a newer engine) is shown in brackets rather than breaking the story.
"""

from __future__ import annotations

from sheriff import actions as A
from sheriff import outcome_sentences, round_sentences
from sheriff.i18n import _
from sheriff.wording import Table, and_list, bribe_text, cap, cards_text, good_name, goods_text

PUBLIC = -1  # the seat that is nobody: told only public information (a shared screen, a spectator)


def narrate(action, events, before, after=None, seat: int | None = None) -> list[str]:
    """Sentences telling what ``action`` did, given the ``events`` it produced.

    ``before``: the state the action was played in; ``after``: the state after it
    (optional: adds the final scores, and the 2E gathering of set-aside cards).
    ``seat``: whose eyes (None: everything).
    """
    t = Table(before)
    out: list[str] = []
    ctx: dict = {}
    for ev in events:
        try:
            line = _event(ev, t, ctx, action, seat, after)
        except Exception:  # never let a story break a lesson
            line = f"[{getattr(ev, 'kind', ev)}]"
        if line:
            out.append(cap(line))
    if not events:
        line = _silent(action, t)
        if line:
            out.append(cap(line))
    if (
        isinstance(action, A.Market)
        and not t.edition1
        and after is not None
        and getattr(before, "phase", None) == "market"
        and getattr(after, "phase", None) != "market"
    ):
        gathered = list(before.set_aside) + list(action.discard)
        if gathered:
            msg = (
                _(
                    "Every merchant has had a turn: the Deputies gather the set-aside cards ({cards}) "
                    "into the face-up discard pile."
                )
                if t.deputies
                else _(
                    "Every merchant has had a turn: the Sheriff gathers the set-aside cards ({cards}) "
                    "into the face-up discard pile."
                )
            )
            out.append(msg.format(cards=cards_text(gathered)))
    return out


def narrate_text(action, events, before, after=None, seat: int | None = None) -> str:
    return " ".join(narrate(action, events, before, after, seat))


def action_text(action, state, seat: int | None = None) -> str:
    """One sentence for a move as attempted (used when the rules refuse it)."""
    return cap(action.attempt(Table(state), seat)) + "."


def _silent(action, t: Table) -> str:
    """Moves that leave no event behind."""
    if isinstance(action, A.SkipClaim):
        return _("{player} makes no Black Market claim.").format(player=t.who(action.player))
    if isinstance(action, A.AgreeBooty):
        return _("{player} proposes: the Booty's odd coin to {coin_to}, its odd card to {card_to}.").format(
            player=t.who(action.player), coin_to=t.who(action.coin_to), card_to=t.who(action.card_to)
        )
    return ""


# event kind -> its sentence, from each module of sentences.
SAYS = {**round_sentences.SAYS, **outcome_sentences.SAYS}


def _event(ev, t: Table, ctx: dict, action, seat, after) -> str | None:
    say = SAYS.get(type(ev))
    if say is None:
        return f"[{getattr(ev, 'kind', ev)}]"
    return say(ev, t, ctx, action, seat, after)


__all__ = ["PUBLIC", "narrate", "narrate_text", "action_text", "goods_text", "good_name", "bribe_text", "and_list"]
