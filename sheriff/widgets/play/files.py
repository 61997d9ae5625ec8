"""What the play page saves and loads as files: a saved game (download and load, with the size
bound), and the many-games simulation with its CSV download (``PlayApp`` in play.py takes them on)."""

from __future__ import annotations

import base64
import re
from html import escape
from typing import Protocol

import ipywidgets as W

from sheriff.engine import Game
from sheriff.i18n import _, ngettext
from sheriff.saved_game import save_game
from sheriff.tournament import run
from sheriff.widgets.play.session import Line, Session, style_name
from sheriff.widgets.play.setup import PlayConfig, SetupForm, error_box


class _Page(Protocol):
    """What these methods use of ``PlayApp`` (a mixin's self-type, for mypy)."""

    setup: SetupForm
    save_json: W.Textarea
    save_msg: W.HTML
    bot_delay: float

    @property
    def game(self) -> Game | None: ...

    def begin(self, session: Session) -> None: ...


class PlayFiles:
    # -- saving and loading -----------------------------------------------------------------
    def save(self: _Page) -> str | None:
        """Offer the game as a download (and as text): the file goes to the learner's own computer,
        so on a shared server no one else sees it and nothing piles up there."""
        g = self.game
        if g is None:
            return None
        text = save_game(g)
        self.save_json.value = text
        name = f"sheriff-{g.rules.edition}-{g.rules.players}p-seed{g.seed}-move{len(g.history)}.json"
        b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
        link = _("Download {file}").format(file=escape(name))
        self.save_msg.value = (
            f'<div class="sn-note"><a download="{escape(name)}" '
            f'href="data:application/json;base64,{b64}"><b>{link}</b></a>: '
            + _(
                "the file is saved by your browser on your computer (nothing is kept on the "
                "server). Load it later here or on the replay page."
            )
            + "</div>"
        )
        return text

    def load_text(self: _Page, text) -> bool:
        """Load a saved game and continue it; a broken or oversized file is refused with a message."""
        game = self.setup.saved.read(text)
        if game is None:
            return False
        cfg = self.setup.config()
        n = game.rules.players
        humans = [p for p in cfg.humans if p < n]
        self.setup.show_game(game)
        self.bot_delay = float(self.setup.delay.value)
        session = Session(game, humans, {p: cfg.styles[p] for p in range(n)})
        moves = len(game.history)
        said = (
            ngettext(
                "Loaded a saved game: all {n} moves are played, and the game is over. Its final scores are below.",
                "Loaded a saved game: all {n} moves are played, and the game is over. Its final scores are below.",
                moves,
            )
            if game.is_over()
            else ngettext(
                "Loaded a saved game: {n} moves played so far. Play goes on from here.",
                "Loaded a saved game: {n} moves played so far. Play goes on from here.",
                moves,
            )
        )
        session.lines.append(Line(game.state.round, "round", said.format(n=moves)))
        self.begin(session)
        return True

    # -- many games ---------------------------------------------------------------------------
    def simulate(self: _Page, cfg: PlayConfig | None = None, games: int = 200):
        cfg = cfg or self.setup.config()
        bar = self.setup.sim_progress
        out = self.setup.sim_result
        try:
            rules = cfg.rules()
        except ValueError as e:
            out.value = error_box(_first_error(e))
            return None
        bar.max = games
        bar.value = 0
        bar.bar_style = ""
        step = max(1, games // 50)

        def tick(done, total, _r):
            if done % step == 0 or done == total:
                bar.value = done

        res = run(
            rules,
            [cfg.styles[p] for p in range(rules.players)],
            games=games,
            seed=cfg.seed,
            names=cfg.names,
            callback=tick,
        )
        bar.bar_style = "success"
        rows = "".join(
            f"<tr><td>{escape(r['name'])}</td><td>{escape(style_name(r['merchant']))} / "
            f"{escape(style_name(r['sheriff']))}</td>"
            f"<td>{r['wins']:g}</td><td>{100 * r['win_share']:.0f}%</td><td>{r['mean']:.1f}</td>"
            f"<td>{r['min']}–{r['max']}</td></tr>"
            for r in res.table()
        )
        head = "".join(
            f"<th>{t}</th>"
            for t in (_("Seat"), _("Bot (merchant / Sheriff)"), _("Wins"), _("Share"), _("Mean score"), _("Range"))
        )
        note = ngettext(
            "{n} games, {rules}; a shared victory counts as a part win for each winner.",
            "{n} games, {rules}; a shared victory counts as a part win for each winner.",
            len(res.games),
        ).format(n=len(res.games), rules=escape(rules.describe()))
        out.value = (
            f'<table class="sn-scores sn-sim"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
            f'</table><div class="sn-note">{note}</div>{results_download(res)}'
        )
        return res


def results_download(res) -> str:
    """A link that saves the games as a CSV file on the learner's own computer (as a saved game is)."""
    b64 = base64.b64encode(res.to_csv().encode("utf-8")).decode("ascii")
    link = _("Download every game's scores (CSV, for a spreadsheet)")
    return (
        f'<div class="sn-note"><a class="sn-sim-download" download="sheriff-simulation.csv" '
        f'href="data:text/csv;base64,{b64}"><b>{escape(link)}</b></a></div>'
    )


def _first_error(e: Exception) -> str:
    """One readable line from a pydantic ValidationError (or any error)."""
    errs = getattr(e, "errors", None)
    if callable(errs):
        try:
            msg = errs()[0].get("msg", str(e))
            return re.sub(r"^Value error, ", "", msg)
        except Exception:
            pass
    return str(e)
