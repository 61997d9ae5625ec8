"""The student's class page: type the room's code and a nickname, then play merchant or Sheriff
against a classmate, round after round, on one's own device.

The page shows only what ``StudentSeat.view`` returns (one's own side, one's own results, and the
class's shares once the teacher reveals them); the code and nickname are typed, never in the
address, so any pooled kernel serves the page.  Headless for tests: set the fields, press the
buttons, call ``refresh``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff.cards import list_to_counts
from sheriff.classroom import Classroom, ClassroomError, StudentSeat, StudentView, checks, class_games
from sheriff.classroom.errors import StoreUnavailable
from sheriff.i18n import N_, _, ngettext
from sheriff.widgets import kit, lesson, markup, render
from sheriff.widgets.classroom import results
from sheriff.widgets.classroom import shared as cr
from sheriff.wording import goods_kind

POLL_SECONDS = 1.0
_FIELD = {"style": {"description_width": "110px"}, "layout": {"width": "min(360px, 100%)"}}


def _points(n: int | None) -> str:
    if n is None:
        return "–"
    return ngettext("{n} point", "{n} points", abs(n)).format(n=f"{n:+d}" if n else "0")


class ClassStudent(kit.Frame):
    def __init__(self, classroom: Classroom | None = None, binder: bool | None = None):
        super().__init__(border=None)
        self.add_class("sn-class")
        self._classroom = classroom
        self.seat: StudentSeat | None = None
        self.view: StudentView | None = None
        self._shown = None  # what the choice area was built for: (round, status, role)
        self.poller = cr.Poller(self.refresh, POLL_SECONDS)
        if cr.on_binder() if binder is None else binder:
            self.body(lesson.html(cr.CSS + cr.binder_notice_html()))
            return
        self.code = widgets.Text(description=_("Room code"), placeholder="K7MX3Q", **_FIELD)
        self.nickname = widgets.Text(description=_("Nickname"), placeholder=_("e.g. Robin"), **_FIELD)
        self.code.add_class("sn-join-code")
        self.nickname.add_class("sn-join-nick")
        self.join = lesson.button(
            _("Join"), width="160px", button_style="primary", icon="sign-in", _dom_classes=["sn-join"]
        )
        self.join.on_click(self._join)
        self.join_msg = lesson.html(_dom_classes=["sn-join-msg"])
        self.joining = cr.SeatJoin(self.join_msg, "class", typed=(self.code, self.nickname))
        self.join_box = kit.box(
            [
                lesson.label(
                    _(
                        "Type the code your teacher shows, and a nickname your classmates will see (not your full "
                        "name). Coming back on another device? Type your rejoin code too: your seat's page showed it."
                    )
                ),
                self.code,
                self.nickname,
                self.joining.key,
                self.join,
                self.join_msg,
                self.joining.device,
            ],
            title=_("Join your class"),
            kicker=_("Class mode"),
        )
        cr.room_in_address(self._code_from_address)
        self.status = lesson.html(_dom_classes=["sn-student-status"])
        self.timer = lesson.html(_dom_classes=["sn-student-timer"])
        self.check = CheckPart(self)
        self.seat_key = lesson.html(_dom_classes=["sn-seat-key"])
        self.choice = widgets.VBox(_dom_classes=["sn-student-choice"])
        self.msg = lesson.html(_dom_classes=["sn-student-msg"])
        self.result = lesson.html(_dom_classes=["sn-student-result"])
        self.history = lesson.html(_dom_classes=["sn-student-history"])
        self.classview = lesson.html(_dom_classes=["sn-student-class"])
        self.play_box = widgets.VBox(
            [
                kit.box(
                    [self.status, self.timer, self.choice, self.msg, self.result, self.check.box],
                    title=_("Your round"),
                    kicker=_("Play"),
                ),
                kit.box([self.history, self.seat_key], title=_("Your rounds")),
                kit.box([self.classview], title=_("The class and the equilibrium")),
            ],
            layout={"display": "none"},
        )
        self.body(lesson.html(cr.CSS), self.join_box, self.play_box)

    @property
    def classroom(self) -> Classroom:
        if self._classroom is None:
            self._classroom = Classroom()
        return self._classroom

    def _code_from_address(self, code: str) -> None:
        """The join link's code (``?room=K7MX3Q``) fills the form: the student types a nickname only.
        The link's room wins over a seat this device remembers in another room."""
        code = "".join(ch for ch in code.upper() if ch.isalnum())[:8]
        if not code or self.code.value.upper() == code:
            return
        self.code.value, self.nickname.value, self.joining.key.value = code, "", ""
        mine = [seat for seat in self.joining.remembered() if seat["code"].upper() == code]
        if mine:  # this device sat in that room: its seat comes back with one press
            self.nickname.value, self.joining.key.value = mine[0]["name"], mine[0]["key"]

    def _join(self, _b=None):
        code, nick = self.code.value, self.nickname.value
        self._joined(self.joining.attempt(lambda key: self.classroom.join(code, nick, key)))

    def _joined(self, seat):
        if seat is None:  # refused: the form says why
            return
        self.seat = seat
        self.seat_key.value = cr.seat_key_html("class", seat.code, seat.nickname, seat.seat_key)
        self.join_box.layout.display = "none"
        self.play_box.layout.display = "flex"
        self.refresh()
        self.poller.start()

    def _choose(self, payload: dict):
        if self.seat is None:
            return
        try:
            self.view = self.seat.choose(payload)
        except ClassroomError as e:
            self.msg.value = cr.error_html(e)
            return
        self.msg.value = ""
        self._show(self.view)

    # -- what the page shows ---------------------------------------------------------------------
    def refresh(self):
        if self.seat is None:
            return
        try:
            self.view = self.seat.view()
        except StoreUnavailable as e:  # the choice buttons stay: the next poll that works redraws the page
            self.status.value = cr.message_html(str(e))
            return
        except ClassroomError as e:
            self.status.value = cr.message_html(str(e))
            self.choice.children = []
            return
        except Exception:  # the store is restarting: say so and keep polling
            self.status.value = cr.message_html(_("Your class cannot be reached right now; retrying."))
            return
        self._show(self.view)

    def _show(self, v):
        if v.status == "removed":  # said in words; nothing left to click
            self.poller.stop()
            said = _("Your teacher has taken you out of this room. Ask your teacher if this is a mistake.")
            self.status.value = f'<div class="sn-refusal" role="alert">{escape(said)}</div>'
            self.choice.children, self.timer.value, self.result.value = [], "", ""
            self.check.show(None)
            return
        who = _("You are {nick} in room {code}.").format(nick=f"<b>{escape(v.nickname)}</b>", code=escape(v.code))
        role = {"merchant": _("the merchant"), "sheriff": _("the Sheriff")}.get(v.role or "", "")
        if v.status == "closed":
            line = _("Your teacher has closed the room. Thank you for playing!")
        elif v.status == "waiting":
            line = _("Wait for your teacher to start the round.")
        else:
            line = _("Round {round}: you are {role}; your partner is {partner}.").format(
                round=v.round, role=f"<b>{role}</b>", partner=escape(v.partner or "")
            )
        score = _("Your score: {score}").format(score=f"<b>{v.score}</b>")
        self.status.value = f'<div class="sn-text" aria-live="polite">{who}<br><span class="sn-class-count">{line}</span><br>{score}</div>'
        shown = (v.round, v.status, v.role, bool(v.turn and v.turn.get("ready", True)))
        if shown != self._shown:
            self._shown = shown
            self.choice.children = self._choice_widgets(v)
        self.result.value = self._result_html(v)
        self.timer.value = (
            f'<div class="sn-timer" role="timer" aria-live="off">{escape(cr.time_left_text(v.time_left))}</div>'
            if v.time_left is not None and v.status in ("choose", "partner")
            else ""
        )
        self.check.show(v.check if v.status in ("waiting", "done") else None)
        self.history.value = self._history_html(v)
        self.classview.value = self._class_html(v)

    def _choice_widgets(self, v) -> list:
        if v.status == "partner":
            if v.by_coach:
                said = _("You were away, so the coach chose for you this round. Waiting for {partner}…")
            else:
                said = _("Your choice is in. Waiting for {partner}…")
            return [lesson.label(said.format(partner=escape(v.partner)))]
        if v.status != "choose":
            return []
        form = class_games.get(v.game).form(v.role, v.turn)
        if form.kind == "hand":  # the duel's merchant loads a bag from a hand of cards
            return self._duel_merchant(v, form.intro)
        return self._form_widgets(form)

    def _button(self, text: str, cls: str, payload: dict, style: str = "") -> widgets.Button:
        b = lesson.button(text, width="240px", button_style=style)
        b.add_class(cls)
        b.on_click(lambda _b: self._choose(payload))
        return b

    def _form_widgets(self, form) -> list:
        """A game's choice panel (``class_games.Form``): its words, the bags it shows, and one row of
        buttons that send at once, or several rows of toggles and one button that sends them."""
        shown = "".join(
            f'<div class="sn-text">{escape(label)}</div>{render.cards(list_to_counts(cards))}'
            for label, cards in form.cards
        )
        intro = f'<div class="sn-text">{escape(form.intro)}</div>'
        if len(form.picks) == 1:
            pick = form.picks[0]
            buttons = [self._button(text, cls, {pick.key: value}) for text, value, cls in pick.options]
            # the decision right under its question, the bags it is about below it: on a phone two
            # bags of cards would push the buttons under the fold
            row = widgets.HBox(buttons, layout={"flex_flow": "row wrap"})
            return [lesson.html(intro), row, *([lesson.html(shown)] if shown else [])]
        parts = [lesson.html(intro + shown)]
        chosen = {}
        for pick in form.picks:
            width = f"{max(80, 9 * max(len(t) for t, _v, _c in pick.options) + 16)}px"
            t = lesson.toggles([(text, value) for text, value, _c in pick.options], pick.options[0][1], width)
            t.add_class(f"sn-pick-{pick.key}")
            chosen[pick.key] = t
            parts += [lesson.label(escape(pick.label)), t]
        go = lesson.button(form.send, width="260px", button_style="primary", _dom_classes=["sn-form-send"])
        go.on_click(lambda _b: self._choose({key: t.value for key, t in chosen.items()}))
        return [*parts, go]

    def _duel_merchant(self, v, intro: str) -> list:
        t = v.turn
        picker = kit.CardPicker(list_to_counts(t["hand"]), name="class-load")
        declare = widgets.Dropdown(options=[(goods_kind(g), g) for g in t["legal"]], description=_("Declare"), **_FIELD)
        gold = widgets.BoundedIntText(0, 0, t["gold"], description=_("Bribe (gold)"), **_FIELD)
        for w, cls in ((declare, "sn-declare"), (gold, "sn-bribe-gold")):
            w.add_class(cls)
        # Cards offered in the bribe come from the bag (2E "Bribes"), so their picker follows the load.
        offer_box = widgets.VBox(_dom_classes=["sn-bribe-cards"])

        def loaded() -> list[int]:
            return [g for g, n in enumerate(picker.value) for _k in range(n)]

        def new_offer(_change=None) -> None:
            self.duel_offer = kit.CardPicker(cards=loaded(), name="class-bribe", empty=N_("your bag is empty"))
            offer_box.children = [lesson.label(escape(_("Cards from your bag to offer (optional):"))), self.duel_offer]

        new_offer()
        picker.observe(new_offer, "value")
        self.duel_picker, self.duel_declare, self.duel_gold = picker, declare, gold
        go = lesson.button(
            _("Close the bag and declare"), width="260px", button_style="primary", _dom_classes=["sn-declare-go"]
        )

        def send(_b=None):
            load = loaded()
            offered = [g for g, n in enumerate(self.duel_offer.value) for _k in range(n)]
            self._choose(
                {"load": load, "declare": [declare.value, len(load)], "bribe": {"gold": gold.value, "bag": offered}}
            )

        go.on_click(send)
        return [lesson.label(escape(intro)), picker, declare, gold, offer_box, go]

    def _result_html(self, v) -> str:
        r = v.result
        if v.status != "done" or not r:
            return ""
        told = class_games.get(v.game).told(r)  # the game's own words on the bag, if it has them
        # A choice the coach made in this seat is never told as the student's own ("You brought...").
        if told:
            coach = _("The coach chose for you this round.") if v.role == "merchant" and v.by_coach else ""
            bag = f"{coach} {told}".strip()
        elif v.role == "merchant" and v.by_coach:
            bag = (
                _("The coach chose for you this round: it brought a bag that was not as declared.")
                if r.get("smuggled")
                else _("The coach chose for you this round: it brought an honest bag.")
            )
        elif v.role == "merchant":
            bag = (
                _("You brought a bag that was not as declared.")
                if r.get("smuggled")
                else _("You brought an honest bag.")
            )
        else:
            bag = _("The bag was not as declared.") if r.get("smuggled") else _("The bag was honest.")
        if v.role == "sheriff" and v.by_coach:
            act = (
                _("The coach chose for you this round: it inspected the bag.")
                if r.get("inspected")
                else _("The coach chose for you this round: it let the bag pass.")
            )
        else:
            act = _("The Sheriff inspected it.") if r.get("inspected") else _("The Sheriff let it pass.")
        if r.get("taken"):
            act += " " + _("The bribe was paid.")
        you = _("You: {mine}; {partner}: {theirs}.").format(
            mine=_points(r["payoff"]), partner=escape(v.partner or ""), theirs=_points(r.get("partner_payoff"))
        )
        return f'<div class="sn-result"><b class="sn-big">{escape(bag)} {escape(act)}</b><br>{you}</div>'

    def _history_html(self, v) -> str:
        if not v.history:
            return results.said_html(_("No round played yet."))
        heads = [_("round"), _("you were"), _("partner"), _("points")]
        role = {"merchant": _("merchant"), "sheriff": _("Sheriff")}
        coach = markup.fill_html(" <i>({what})</i>", what=_("the coach chose for you"))
        rows = [
            (
                None,
                [
                    h.round,
                    markup.fill("{role}{coach}", role=role.get(h.role, h.role), coach=coach if h.by_coach else ""),
                    h.partner,
                    f"{h.payoff:+d}",
                ],
            )
            for h in v.history
        ]
        return results.table_html(_("Your rounds"), heads, rows, nums=(0, 3))

    def _class_html(self, v) -> str:
        if not v.class_rounds:  # nothing revealed yet; a round not revealed is never shown (per round)
            return results.said_html(_("Your teacher will show how the class played, and what the theory predicts."))
        which = _("Round {round}:").format(round=v.class_rounds[-1].number)
        said = results.said_html(*(v.prediction.text if v.prediction else "").splitlines(), head=which, result=True)
        later = (
            results.said_html(_("This round's answer comes once your teacher reveals it."))
            if not v.revealed and v.round is not None and v.round > v.class_rounds[-1].number
            else ""
        )
        return results.student_results_html(v.class_rounds) + said + later


class CheckPart:
    """Before a student's first round of a game: its instructions and two questions.  Wrong answers
    are named (read again, answer again); right ones tell the teacher this student has passed."""

    def __init__(self, page: ClassStudent):
        self.page = page
        self.game: str | None = None
        self.answers: list[widgets.RadioButtons] = []
        self.box = widgets.VBox(layout={"display": "none"}, _dom_classes=["sn-check"])
        self.msg = lesson.html(_dom_classes=["sn-check-msg"])
        self.send = lesson.button(
            _("Check my answers"), width="220px", button_style="primary", icon="check", _dom_classes=["sn-check-send"]
        )
        self.send.on_click(self._send)

    def show(self, game: str | None) -> None:
        if game == self.game:
            return
        self.game = game
        if game is None:
            self.box.layout.display = "none"
            return
        title = _("Before you play: {game}").format(game=cr.game_title(game))
        intro = lesson.html(
            f'<div class="sn-text"><b>{escape(title)}</b></div><div class="sn-text">{escape(checks.instructions(game))}</div>'
        )
        self.answers = []
        for i, q in enumerate(checks.questions(game)):
            r = widgets.RadioButtons(
                options=[(o, n) for n, o in enumerate(q.options)],
                value=None,
                description="",
                _dom_classes=[f"sn-check-q{i + 1}"],
            )
            r.layout.width = "min(560px, 100%)"
            self.answers += [r]
        qs = [
            w
            for i, r in enumerate(self.answers)
            for w in (lesson.label(f"{i + 1}. " + escape(checks.questions(game)[i].text)), r)
        ]
        self.msg.value = ""
        self.box.children = [intro, *qs, self.send, self.msg]
        self.box.layout.display = "flex"

    def _send(self, _b=None):
        seat = self.page.seat
        if seat is None or self.game is None:
            return
        try:
            wrong = seat.check([r.value for r in self.answers])
        except ClassroomError as e:
            self.msg.value = cr.message_html(str(e))
            return
        if wrong:
            said = ngettext(
                "Not yet: question {n} is not right. Read the instructions again and answer it again.",
                "Not yet: questions {n} are not right. Read the instructions again and answer them again.",
                len(wrong),
            ).format(n=", ".join(str(i + 1) for i in wrong))
            self.msg.value = cr.message_html(said)
            return
        self.msg.value = cr.message_html(_("Right: you are ready for the first round."), ok=True)
        self.send.disabled = True


__all__ = ["ClassStudent"]
