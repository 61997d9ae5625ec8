"""The play page's setup form: edition, players, variants, who sits where, seed; plus
loading a saved game and simulating many bot games with a progress bar.

Controls are registered in ``SetupForm.reg`` (and carry the CSS class
``sn-ctl-<name>``): setup.edition, setup.players, setup.royal_goods, setup.time_limit,
setup.remove_ten, setup.seven_card_hand, setup.black_market, setup.first_sheriff,
setup.seed, setup.delay, setup.start, seat.<p>.name, seat.<p>.kind, seat.<p>.merchant,
seat.<p>.sheriff, sim.games, sim.run, sim.progress, saved.file, saved.text, saved.go.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from sheriff.bots import COACH, MERCHANT_STYLES, MERCHANTS, SHERIFF_STYLES, SHERIFFS
from sheriff.engine import DEFAULT_NAMES
from sheriff.i18n import N_, _
from sheriff.rules import Edition, Rules, edition_has, player_counts
from sheriff.widgets import kit, lesson
from sheriff.widgets.play.controls import css_name
from sheriff.widgets.play.saved_input import SavedGameInput, error_box
from sheriff.widgets.play.session import style_name

HUMAN, BOT = "human", "bot"
COACH_HELP = N_("coach: plays what the coach advises (both roles)")
DEFAULT_STYLES = [
    ("smuggler", "suspicious"),
    ("smuggler", "suspicious"),
    ("honest", "trusting"),
    ("bluffer", "greedy"),
    ("smuggler", "greedy"),
    ("honest", "suspicious"),
]
VARIANTS = [
    ("royal_goods", N_("Royal Goods")),
    ("time_limit", N_("Inspection time limit (1 minute per merchant)")),
    ("remove_ten", N_("Remove 10 random cards")),
    ("seven_card_hand", N_("Seven-card hand")),
    ("black_market", N_("Black Market (2nd edition)")),
]


SEAT_COLUMNS = (N_("name"), N_("player"), N_("bot as a merchant"), N_("bot as the Sheriff"))


def _captioned(control: W.Widget, caption: str) -> W.VBox:
    """A seat's control with its column's caption above it, shown only when the row wraps."""
    cap = lesson.html(f"<span class='sn-note'>{_(caption)}</span>", _dom_classes=("sn-seat-cap",))
    return lesson.make(W.VBox, {"max_width": "100%"}, children=[cap, control])


def _seat_control(name: str, cls, width: str, **kw) -> W.Widget:
    """A seat's control: six rows of the same controls share their layouts and styles (each is a
    model the page must load), and carry their class from the start (a later one is a message)."""
    return lesson.make(cls, {"width": width}, _dom_classes=(css_name(name),), **kw)


@dataclass
class SeatConfig:
    name: str
    human: bool = False
    merchant: str = "smuggler"
    sheriff: str = "suspicious"


@dataclass
class PlayConfig:
    """Everything the setup form chooses; ``rules()`` validates the variant mix."""

    edition: Edition = "2E"
    players: int = 4
    royal_goods: bool = False
    time_limit: bool = False
    remove_ten: bool = False
    seven_card_hand: bool = False
    black_market: bool = False
    seats: list[SeatConfig] = field(default_factory=list)
    seed: int = 1
    first_sheriff: int = 0

    def rules(self) -> Rules:
        return Rules(
            edition=self.edition,
            players=self.players,
            royal_goods=self.royal_goods,
            time_limit=self.time_limit,
            remove_ten=self.remove_ten,
            seven_card_hand=self.seven_card_hand,
            black_market=self.black_market,
        )

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats[: self.players]]

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats[: self.players]) if s.human]

    @property
    def styles(self) -> dict[int, tuple[str, str]]:
        return {p: (s.merchant, s.sheriff) for p, s in enumerate(self.seats[: self.players])}


def default_seats(humans=(0,)) -> list[SeatConfig]:
    # the characters' names in the page's language (the examples catalog has them)
    return [SeatConfig(_(DEFAULT_NAMES[p]), p in humans, *DEFAULT_STYLES[p]) for p in range(6)]


def _coach_pair(ch, other, fallback: str) -> None:
    if ch["new"] == COACH and other.value != COACH:
        other.value = COACH
    elif ch["old"] == COACH and other.value == COACH:
        other.value = fallback


def fit_to_edition(edition: str, players: W.Dropdown, variants: dict[str, W.Checkbox]) -> None:
    """A setup form's player counts and variant boxes as the edition allows them (the play page's
    setup and the table page's): a count it lacks falls to its largest, a variant it lacks is off."""
    opts = player_counts(edition)
    if tuple(players.options) != opts:
        v = min(players.value, opts[-1])
        players.options = opts
        players.value = v
    for name, box in variants.items():
        box.disabled = not edition_has(edition, name)
        if box.disabled:
            box.value = False


class SetupForm:
    def __init__(self, on_start, on_load, on_simulate, bot_delay: float = 0.8, config: PlayConfig | None = None):
        cfg = config or PlayConfig(seats=default_seats())
        if len(cfg.seats) < 6:
            cfg.seats = cfg.seats + default_seats(())[len(cfg.seats) :]
        self.reg: dict[str, W.Widget] = {}
        self._build_table(cfg, bot_delay)
        self.rows: list[W.Widget] = []
        self.seat_widgets: list[tuple[Any, Any, Any, Any]] = []  # name, kind, merchant style, Sheriff style
        for p in range(6):
            self._build_seat(p, cfg.seats[p])
        self.message = W.HTML()
        self.start = self._add(
            "setup.start",
            W.Button(
                description=_("Start the game"), button_style="primary", icon="play", layout=W.Layout(width="220px")
            ),
        )
        self.start.on_click(lambda _b: on_start(self.config()))
        self.edition.observe(lambda ch: self._refresh(), "value")
        self.players.observe(lambda ch: self._refresh(), "value")
        self._refresh()
        self.first.value = cfg.first_sheriff if cfg.first_sheriff < cfg.players else 0
        extras = W.VBox(
            [
                kit.Fold(
                    _("Simulate many games with these bots"), self._simulate_box(on_simulate), cls="sn-fold-simulate"
                ),
                kit.Fold(_("Load a saved game"), self._load_box(on_load), cls="sn-fold-load"),
            ]
        )
        self.box = self._layout(extras)
        self.box.add_class("sn-setup")

    def _build_table(self, cfg: PlayConfig, bot_delay: float) -> None:
        """The game's own settings: edition, players, optional rules, seed, the bots' pace, first Sheriff."""
        d = {"description_width": "initial"}
        self.edition = self._add(
            "setup.edition",
            W.Dropdown(
                options=[(_("2nd edition (2020): 3–6 players"), "2E"), (_("1st edition (2014): 3–5 players"), "1E")],
                value=cfg.edition,
                description=_("Edition:"),
                style=d,
                layout=W.Layout(width="330px"),
            ),
        )
        players = W.Dropdown(options=[3, 4, 5, 6], value=cfg.players, description=_("Players:"), style=d)
        self.players = self._add("setup.players", players)
        players.layout.width = "130px"
        self.variants = {
            k: self._add(
                f"setup.{k}",
                W.Checkbox(
                    value=getattr(cfg, k),
                    description=_(label),
                    indent=False,
                    layout=W.Layout(width="auto", margin="0 18px 0 0"),
                ),
            )
            for k, label in VARIANTS
        }
        self.seed = self._add(
            "setup.seed",
            W.BoundedIntText(
                value=cfg.seed,
                min=0,
                max=2**31 - 1,
                description=_("Shuffle seed:"),
                style=d,
                layout=W.Layout(width="200px"),
            ),
        )
        self.delay = self._add(
            "setup.delay",
            W.BoundedFloatText(
                value=bot_delay,
                min=0,
                max=10,
                step=0.1,
                description=_("Pause between bot moves (s):"),
                style=d,
                layout=W.Layout(width="260px"),
            ),
        )
        self.first = self._add(
            "setup.first_sheriff",
            W.Dropdown(options=[], description=_("First Sheriff:"), style=d, layout=W.Layout(width="280px")),
        )

    def _build_seat(self, p: int, sc: SeatConfig) -> None:
        """One seat's row: its name, human or bot, and the bot's style as merchant and as Sheriff."""
        name = self._add(
            f"seat.{p}.name",
            _seat_control(
                f"seat.{p}.name", W.Text, "170px", value=sc.name, tooltip=_("Seat {n}: name").format(n=p + 1)
            ),
        )
        kind = self._add(
            f"seat.{p}.kind",
            _seat_control(
                f"seat.{p}.kind",
                W.Dropdown,
                "160px",
                options=[(_("Human (hot seat)"), HUMAN), (_("Bot"), BOT)],
                value=HUMAN if sc.human else BOT,
                tooltip=_("Seat {n}: played by a person or a bot").format(n=p + 1),
            ),
        )
        mer = self._add(
            f"seat.{p}.merchant",
            _seat_control(
                f"seat.{p}.merchant",
                W.Dropdown,
                "390px",
                options=[(s.help(), name) for name, s in MERCHANTS.items()] + [(_(COACH_HELP), COACH)],
                value=sc.merchant,
                tooltip=_("Seat {n}: how its bot plays a merchant").format(n=p + 1),
            ),
        )
        she = self._add(
            f"seat.{p}.sheriff",
            _seat_control(
                f"seat.{p}.sheriff",
                W.Dropdown,
                "340px",
                options=[(s.help(), name) for name, s in SHERIFFS.items()] + [(_(COACH_HELP), COACH)],
                value=sc.sheriff,
                tooltip=_("Seat {n}: how its bot plays the Sheriff").format(n=p + 1),
            ),
        )
        # the coach's bot plays both roles: choosing it on one side chooses it on the other
        mer.observe(lambda ch, other=she: _coach_pair(ch, other, SHERIFF_STYLES[1]), "value")
        she.observe(lambda ch, other=mer: _coach_pair(ch, other, MERCHANT_STYLES[1]), "value")
        row = W.HBox(  # its own layout: a row is hidden when the game has fewer players
            [lesson.html("<b>{}</b>".format(_("Seat {n}").format(n=p + 1)), layout={"width": "60px"})]
            + [_captioned(w, caption) for w, caption in zip((name, kind, mer, she), SEAT_COLUMNS)],
            layout=W.Layout(align_items="flex-end"),
            _dom_classes=("sn-seat-row",),
        )
        self.rows.append(row)
        self.seat_widgets.append((name, kind, mer, she))
        kind.observe(lambda ch, p=p: self._seat_kind(p), "value")
        name.observe(lambda ch: self._refresh_first(), "value")
        self._seat_kind(p)

    def _simulate_box(self, on_simulate) -> W.VBox:
        """Many whole games with the bots set above, and how each style did."""
        d = {"description_width": "initial"}
        self.sim_games = self._add(
            "sim.games",
            W.BoundedIntText(
                value=200, min=1, max=5000, description=_("Games:"), style=d, layout=W.Layout(width="160px")
            ),
        )
        self.sim_run = self._add(
            "sim.run",
            W.Button(description=_("Simulate with these bots"), icon="bar-chart", layout=W.Layout(width="240px")),
        )
        self.sim_progress = self._add(
            "sim.progress", W.IntProgress(value=0, min=0, max=200, description="", layout=W.Layout(width="300px"))
        )
        self.sim_result = W.HTML()
        self.sim_run.on_click(lambda _b: on_simulate(self.config(), self.sim_games.value))
        return W.VBox(
            [
                W.HTML(
                    '<div class="sn-note">{}</div>'.format(
                        _(
                            "Play many whole games with the bots above (seats set to Human are played by the bot style in "
                            "their row) and compare how each style does. Game <i>i</i> uses shuffle seed <i>seed + i</i>; "
                            "the first Sheriff moves one seat each game."
                        )
                    )
                ),
                W.HBox([self.sim_games, self.sim_run, self.sim_progress], layout=W.Layout(align_items="center")),
                self.sim_result,
            ]
        )

    def _load_box(self, on_load) -> W.VBox:
        """A saved game continued where it stopped."""
        load_go = W.Button(
            description=_("Load and continue playing"), icon="folder-open", layout=W.Layout(width="240px")
        )
        self.saved = SavedGameInput(self._add, "saved", load_go, on_load)
        return W.VBox(
            [
                W.HTML(
                    '<div class="sn-note">{}</div>'.format(
                        _(
                            "A saved game (the JSON the Save button writes) continues where it stopped, with the seats "
                            "below set to Human or Bot as you choose. To step through it with every hand shown, open the "
                            "replay page instead."
                        )
                    )
                ),
                *self.saved.rows(),
            ]
        )

    def _layout(self, extras: W.VBox) -> W.VBox:
        # Column captions over the seat rows; on a narrow screen the rows wrap, the captions go
        # and each control shows its own (kit.CSS: .sn-seat-head, .sn-seat-cap).
        seat_head = W.HBox(
            [W.HTML("", layout=W.Layout(width="60px"))]
            + [
                W.HTML(
                    f"<span class='sn-note'>{_(caption)}</span>", layout=W.Layout(width=w.layout.width, margin="0 2px")
                )
                for w, caption in zip(self.seat_widgets[0], SEAT_COLUMNS)
            ]
        )
        seat_head.add_class("sn-seat-head")
        return W.VBox(
            [
                W.HTML(
                    "<h3>{}</h3><div class='sn-note'>{}</div>".format(
                        _("Set up a game"),
                        _(
                            "Every seat is a human (you and your friends take turns at this screen: hot seat) or a bot. Each "
                            "human sees only their own hand and bag; when the turn passes to another human, the screen asks "
                            "you to hand the device over."
                        ),
                    )
                ),
                W.HBox([self.edition, self.players, self.first], layout=W.Layout(flex_flow="row wrap")),
                W.HTML("<b>{}</b>".format(_("Optional rules"))),
                W.HBox(list(self.variants.values()), layout=W.Layout(flex_flow="row wrap")),
                W.HTML("<b>{}</b>".format(_("Seats"))),
                seat_head,
                *self.rows,
                W.HBox([self.seed, self.delay], layout=W.Layout(flex_flow="row wrap")),
                self.message,
                self.start,
                extras,
            ]
        )

    def _add(self, name: str, w: W.Widget) -> W.Widget:
        w.add_class(css_name(name))
        self.reg[name] = w
        return w

    def _seat_kind(self, p: int) -> None:
        _name, kind, mer, she = self.seat_widgets[p]
        human = kind.value == HUMAN
        names = (
            _("Seat {n}: how its bot plays a merchant").format(n=p + 1),
            _("Seat {n}: how its bot plays the Sheriff").format(n=p + 1),
        )
        for w, name in zip((mer, she), names):  # a human's row keeps a style only for simulations
            w.disabled = human
            w.tooltip = (
                _("{name} (a human seat: this style is used only when simulating games)").format(name=name)
                if human
                else name
            )

    def _refresh(self) -> None:
        fit_to_edition(self.edition.value, self.players, self.variants)
        n = self.players.value
        for p, row in enumerate(self.rows):
            row.layout.display = "" if p < n else "none"
        self._refresh_first()

    def _refresh_first(self) -> None:
        n = self.players.value
        cur = self.first.value if self.first.options else 0
        self.first.options = [(self.seat_widgets[p][0].value or _("Seat {n}").format(n=p + 1), p) for p in range(n)]
        self.first.value = cur if cur is not None and cur < n else 0

    def config(self) -> PlayConfig:
        seats = [
            SeatConfig(name.value.strip(), kind.value == HUMAN, mer.value, she.value)
            for name, kind, mer, she in self.seat_widgets
        ]
        return PlayConfig(
            edition=self.edition.value,
            players=self.players.value,
            seats=seats,
            seed=self.seed.value,
            first_sheriff=self.first.value or 0,
            **{k: w.value for k, w in self.variants.items()},
        )

    def show_game(self, game) -> None:
        """Set the form to a loaded game's rules and names (the human/bot choices stay)."""
        r = game.rules
        self.edition.value = r.edition
        self._refresh()
        self.players.value = r.players
        for k, w in self.variants.items():
            w.value = getattr(r, k)
        for p, nm in enumerate(game.names):
            self.seat_widgets[p][0].value = nm
        self.seed.value = game.seed
        self._refresh()

    def say(self, html: str) -> None:
        self.message.value = html

    def problems(self, cfg: PlayConfig) -> list[str]:
        out = []
        names = cfg.names
        if any(not n for n in names):
            out.append(_("Every seat needs a name."))
        if len(set(names)) != len(names):
            out.append(_("Every seat needs a different name."))
        if any(len(n) > 40 for n in names):
            out.append(_("Names can be at most 40 characters long."))
        return out


__all__ = ["SetupForm", "PlayConfig", "SeatConfig", "default_seats", "error_box", "style_name", "HUMAN", "BOT"]
