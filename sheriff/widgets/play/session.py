"""A game at the table: who is human, which bots play the other seats, and the story so far.

No widgets here (``sheriff.widgets.play.app`` draws it), so it can be tested and reused
directly.  ``Session.push(action)`` is the only way moves get in: it checks the move
with the engine (``IllegalAction`` leaves everything untouched), tells what happened
in words (``sheriff.narration``) and keeps the bots' reasons honest:

* a bot's reason for a Sheriff's or Deputy's decision is public (it is drawn from
  public information), so it is told at once;
* a bot's reason for a merchant's move (what it kept at Market, what it packed and
  declared, how it bargained) would give its bag away, so it is held back and told
  only when that bag is opened: "Will Scarlet was smuggling 2 Silk. Will Scarlet packs
  contraband together with legal goods, ...".  A bag that passes keeps its secret.

Reasons are told as whole sentences (``sheriff.bot_reasons``), right after the sentence
about the move itself, before what followed from it (a payment, the end of the game).

With no human at the table (bots only) nothing needs hiding: the story is told by
the all-seeing narrator and every reason at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheriff import actions as A
from sheriff import events as E
from sheriff.bot_reasons import sentence as reason_sentence
from sheriff.bots import MERCHANT_STYLES, SHERIFF_STYLES
from sheriff.bots import style_title as style_name
from sheriff.cards import GOODS, N_GOODS
from sheriff.i18n import _, get_language
from sheriff.narration import PUBLIC
from sheriff.tournament import COACH, make_bot
from sheriff.wording import good_count


@dataclass
class Line:
    """One sentence (or a few) of the story.  ``kind``: move, bot, reveal, round, human."""

    round: int
    kind: str
    text: str
    who: int | None = None


def count_text(g: int, k: int) -> str:
    """'2 Apples': in English as the play page has always written it (the card's name after the
    number); in another language the noun takes the form its number asks for."""
    return f"{k} {GOODS[g].name}" if get_language() == "en" else good_count(g, k)


def goods_list(counts) -> str:
    """'2 Chickens, 1 Cheese, 1 Silk' from a count vector ('nothing' when empty)."""
    parts = [count_text(g, k) for g, k in enumerate(counts) if k]
    return _(", ").join(parts) if parts else _("nothing")


def _held_back(action, merchant_side: bool) -> bool:
    return merchant_side and isinstance(action, (A.Market, A.LoadBag, A.Declare, A.Offer, A.Accept, A.Decline))


class Session:
    """``game`` plus the seat plan: ``humans`` (seats played through the widgets) and
    ``styles`` (seat -> (merchant style, Sheriff style)) for every other seat."""

    def __init__(self, game, humans, styles: dict[int, tuple[str, str]]):
        self.game = game
        n = game.rules.players
        self.humans = sorted(set(humans))
        for p in self.humans:
            if not 0 <= p < n:
                raise ValueError(f"there is no seat {p} at a {n}-player table")
        self.styles = {}
        self.bots: dict[int, Any] = {}  # sheriff.bots.Bot, or the coach's bot
        for p in range(n):
            if p in self.humans:
                continue
            m, s = styles.get(p, ("smuggler", "suspicious"))
            if (m, s) != (COACH, COACH) and (m not in MERCHANT_STYLES or s not in SHERIFF_STYLES):
                raise ValueError(f"seat {p}: unknown bot style {m!r} / {s!r}")
            self.styles[p] = (m, s)
            self.bots[p] = make_bot((m, s), game.seed, p)
        self.lines: list[Line] = []
        self._secrets: dict[int, list[str]] = {}
        if game.history:
            self._warm_up()

    def _warm_up(self) -> None:
        """A game that is already under way (loaded, or branched from a replay): let each bot
        think through the moves so far, so it remembers its plans (what it packed, whether it
        is lying) and its dice are where they would be.  A bot game continues exactly as it went."""
        g = self.game
        past = g.copy()
        past.state = g.replay_to(0)
        for a in g.history[len(past.history) :]:
            p = a.player
            bot = self.bots.get(p)
            if bot is not None and past.to_act == p:
                try:
                    bot.act(past.view(p))
                except Exception:
                    pass
            past.push(a)

    # -- who is who ---------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.game.names

    def is_bot(self, p: int | None) -> bool:
        return p is not None and p in self.bots

    def bot_label(self, p: int) -> str:
        m, s = self.styles[p]
        if (m, s) == (COACH, COACH):
            return _("plays as the coach advises")
        return _("{merchant} merchant, {sheriff} Sheriff").format(merchant=style_name(m), sheriff=style_name(s))

    @property
    def narration_seat(self) -> int | None:
        """Whose eyes the story is told through: the lone human; nobody (public) when
        several humans share the screen; everybody (None) when only bots play."""
        if not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        return PUBLIC

    # -- moving -------------------------------------------------------------------
    def push(self, action, reason: str | None = None) -> list[tuple]:
        """Check and play ``action``; add its story to ``lines``.  Raises ``IllegalAction``."""
        from sheriff.narration import narrate

        g = self.game
        before = g.state.copy()
        rnd = before.round
        events = g.push(action)  # IllegalAction: nothing changed, nothing told
        seat = self.narration_seat
        sentences = narrate(action, events, before, g.state, seat=seat)
        p = action.player
        bot = self.is_bot(p)
        merchant_side = p in before.order and not isinstance(action, (A.ClaimBlackMarket, A.SkipClaim))
        sentences = sentences or [action.text(g.names)]
        if bot:
            why = reason_sentence(reason, action, g.names) if reason else ""
            if why and (seat is None or not _held_back(action, merchant_side)):
                # right after the move's own sentence, before what followed from it
                sentences = sentences[:1] + ["<i>{}</i>".format(_("Why: {reason}").format(reason=why))] + sentences[1:]
            elif why:
                self._secrets.setdefault(p, []).append(why)
        text = " ".join(sentences)
        if bot:
            line = Line(rnd, "bot", text, p)
        else:
            line = Line(rnd, "human" if p in self.humans else "move", text, p)
        self.lines.append(line)
        for ev in events:
            if isinstance(ev, E.Opened):
                self._reveal(ev, before)
            elif isinstance(ev, E.Round):
                self._secrets.clear()
        return events

    def _reveal(self, ev: E.Opened, before) -> None:
        """A bot's bag has been opened: say what it held and why the bot packed it so."""
        m, honest, bag = ev.merchant, ev.honest, ev.bag
        why = self._secrets.pop(m, [])
        if m not in self.bots or self.narration_seat is None:
            return
        g = self.game
        decl = before.declared[m]
        if honest:
            head = _("{name} was honest ({goods}).").format(name=g.names[m], goods=goods_list(bag))
        else:
            other = [bag[x] if decl is None or x != decl[0] else 0 for x in range(N_GOODS)]
            if all(GOODS[x].is_contraband for x in range(N_GOODS) if other[x]):
                head = _("{name} was smuggling {goods}.").format(name=g.names[m], goods=goods_list(other))
            else:
                head = _("{name} was carrying {goods} besides the declared goods.").format(
                    name=g.names[m], goods=goods_list(other)
                )
        text = head + ("".join(" " + w for w in dict.fromkeys(why)) if why else "")
        self.lines.append(Line(before.round, "reveal", text, m))

    def bot_step(self) -> bool:
        """Let the bot whose turn it is move.  False when it is not a bot's turn."""
        g = self.game
        p = g.to_act
        if p is None or p not in self.bots:
            return False
        bot = self.bots[p]
        bot.last_reason = ""  # a move the bot gives no reason for must not inherit the last one
        try:
            action = bot.act(g.view(p))
        except Exception:  # a bot that cannot decide must never stop the game
            action = None
        reason = bot.last_reason
        if action is None or g.why_illegal(action) is not None:
            legal = g.legal_actions(p)
            action, reason = legal[0], "had no better idea (fallback move)"
        self.push(action, reason)
        return True


__all__ = ["Session", "Line", "PUBLIC", "count_text", "goods_list", "style_name"]
