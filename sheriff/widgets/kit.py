"""The lesson kit: what every lesson, lab and the play page are built from.

    CSS / style()           the one stylesheet (cards, tables, lessons, the play page), once per page
    Frame(border=...)       a framed component; ``self.body(*children)`` lays it out under the stylesheet
    Lab(title, intro, controls, edition=..., table=True)
                            the lab frame: heading, edition toggle, controls, result, table
    edition_toggle(value)   the 1st / 2nd edition switch (``both=True`` adds "both editions")
    goods(apples=2, ...)    a count vector by good index from good names
    CardPicker(counts)      a hand as cards to click (real buttons: Tab, Enter and Space work);
                            ``.value`` is the count vector picked (the play page and the guided game)
    head(title, intro)      a lab's heading
    Sections([(title, text, widget...), ...])
                            a long lesson paced into parts, one shown at a time ("Part k of n")

Controls, rule boxes and the table HTML live in ``sheriff.widgets.lesson``; cards in
``sheriff.widgets.render``.  Nothing here decides a rule.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import mistune
import traitlets

from sheriff.cards import GOODS, N_GOODS, good_id
from sheriff.i18n import N_, _, pgettext
from sheriff.scenario import get_scenario
from sheriff.widgets import lesson, render
from sheriff.widgets.glossary_links import with_glossary
from sheriff.widgets.markup import Markup
from sheriff.widgets.markup import render as render_template
from sheriff.wording import goods_kind

# Card sizes are chosen so the longest one-word name ("Pumpernickel", "Crossbows") fits on
# one line: names wrap only between words, never inside one (tests/browser/test_cards.py).
CSS = """
<style>
.sn-row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.sn-card{width:84px;min-height:100px;box-sizing:border-box;padding:4px;font:12px/1.2 sans-serif;
  display:flex;flex-direction:column;justify-content:space-between;gap:2px;color:#111;position:relative}
.sn-legal{background:#dff3df;border:2px solid #2e7d32;border-radius:3px}
.sn-contraband{background:#fbe0e0;border:2px solid #b71c1c;
  clip-path:polygon(12px 0,calc(100% - 12px) 0,100% 12px,100% calc(100% - 12px),calc(100% - 12px) 100%,12px 100%,0 calc(100% - 12px),0 12px)}
.sn-royal{background:#efe3f7;border:4px double #6a1b9a;border-radius:10px}
.sn-back{background:repeating-linear-gradient(45deg,#8d6e63,#8d6e63 6px,#a1887f 6px,#a1887f 12px);
  border:2px solid #4e342e;border-radius:6px;color:#fff;align-items:center;justify-content:center;font-size:28px}
.sn-name{font-weight:bold;font-size:12px;overflow-wrap:normal;word-break:normal;hyphens:none}
.sn-name.sn-long{font-size:11px}
.sn-name.sn-xlong{font-size:10px;letter-spacing:-.02em}
.sn-tag{font-size:9px;letter-spacing:0;font-weight:bold}
.sn-contraband .sn-tag{font-size:8px}
.sn-tag.sn-tag-long{font-size:8px;letter-spacing:-.02em}
.sn-top{display:flex;flex-wrap:wrap;align-items:flex-start;gap:1px 3px}
.sn-contraband .sn-top{padding:0 5px}
.sn-nums{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 6px;font-size:11px}
.sn-nums>span{white-space:nowrap}
/* the ×N badge: in the card's top line (beside the tag); on a face-down card, in its corner */
.sn-count{margin-left:auto;flex:none;background:#222;color:#fff;border-radius:10px;
  padding:0 5px;font-size:10px;line-height:14px;font-weight:bold}
.sn-back .sn-count{position:absolute;top:3px;right:3px}
/* the table: one panel per seat (lessons, the play page, the replay) */
.sn-table{display:flex;flex-wrap:wrap;gap:4px;align-items:stretch}
.sn-seat{display:flex;flex:1 1 210px;min-width:0;max-width:440px}
/* the play page's seat rows (play_setup): a row wraps when the page is narrower than it, and on
   a phone-width screen each control shows its column's caption instead of the captions' row */
.sn-seat-row{flex-wrap:wrap;max-width:100%}
.sn-seat-cap{display:none}
@media (max-width:760px){.sn-seat-head{display:none}.sn-seat-cap{display:block}}
.sn-seat.sn-acting .sn-panel{border:2px solid #f9a825;background:#fffde7}
.sn-panel{flex:1;border:1px solid #bbb;border-radius:8px;padding:6px 8px;margin:2px;min-width:0;
  box-sizing:border-box;background:#fafafa}
.sn-panel.sn-official{background:#eceff1;border-color:#78909c}
.sn-panel h4{margin:0 0 4px 0;font:bold 14px sans-serif}
.sn-kind{font-size:11px;color:#555;margin:-2px 0 4px 0}
.sn-role{font-size:11px;background:#37474f;color:#fff;border-radius:4px;padding:1px 5px;margin-left:6px}
.sn-muted{color:#555;font-size:12px}
.sn-say{font:14px/1.4 sans-serif;margin:6px 0}
.sn-refusal{border-left:4px solid #b71c1c;background:#fff3f3;padding:6px 10px;font:13px sans-serif}
.sn-cite{color:#555;font-size:11px;font-style:italic}
.sn-interp{border-left:4px solid #f9a825;background:#fffde7;padding:4px 8px;font:12px sans-serif}

.sn-text{font:14px/1.45 sans-serif;color:#111}
.sn-box{border:1px solid #cfd8dc;border-radius:10px;padding:10px 12px;margin:8px 0;background:#fff}
.sn-box>.sn-h{font:bold 16px sans-serif;margin:0 0 6px 0;color:#263238}
.sn-kicker{font:bold 11px sans-serif;letter-spacing:.06em;color:#546e7a;text-transform:uppercase}
.sn-h{font:bold 15px sans-serif;color:#263238}
.sn-src{color:#555;font-size:12px;font-style:italic}
.sn-zone{font-size:12px;color:#444;margin:4px 0 2px 0}
.sn-zone b{color:#111}
.sn-gold{font-weight:bold}
.sn-delta-up{color:#1b5e20;font-weight:bold}
.sn-delta-down{color:#b71c1c;font-weight:bold}
.sn-small .sn-row{gap:8px}
.sn-small .sn-card{width:78px;min-height:84px;font-size:10px;padding:3px 4px}
.sn-small .sn-name{font-size:11px}
.sn-small .sn-name.sn-long{font-size:10px}
.sn-small .sn-name.sn-xlong{font-size:9px;letter-spacing:-.02em}
.sn-small .sn-tag{font-size:7px;letter-spacing:0}
.sn-small .sn-tag.sn-tag-long{font-size:7px;letter-spacing:-.02em}
.sn-small .sn-nums{font-size:9px}
.sn-small .sn-back{font-size:20px}
.sn-edition .widget-toggle-button.mod-active,.sn-choice .widget-toggle-button.mod-active,
.sn-decision .widget-toggle-button.mod-active,.sn-part-pick .widget-toggle-button.mod-active{background:#1565c0;color:#fff}
.sn-hidden{outline:2px dashed #6d4c41;outline-offset:2px;border-radius:6px;padding:2px;display:inline-block}
.sn-piles{display:flex;flex-wrap:wrap;gap:16px;margin:6px 0}
.sn-example-step{font:15px/1.45 sans-serif;margin:6px 0;padding:6px 10px;background:#f1f8e9;border-left:4px solid #558b2f}
.sn-example-step ul{margin:4px 0 0 0;padding-left:20px}
.sn-example-step li{font-size:13px;color:#333}
.sn-counter{font:bold 13px sans-serif;color:#37474f;padding:4px 8px}
.sn-ok{color:#1b5e20;font-weight:bold}
/* a worked example's step: what changed, highlighted (sheriff.changes) */
.sn-chgs{list-style:none;padding:0;margin:2px 0;display:flex;flex-wrap:wrap;gap:4px}
.sn-chg{font:13px sans-serif;padding:2px 8px;border-radius:10px;border:1px solid}
.sn-chg-up{background:#e8f5e9;border-color:#2e7d32;color:#1b5e20}
.sn-chg-down{background:#fff3e0;border-color:#e65100;color:#bf360c}
.sn-seat.sn-changed .sn-panel{box-shadow:0 0 0 3px #ffb74d}
.sn-build tr.sn-line-bonus td{background:#fff8e1}
.sn-build tr.sn-line-gold td{background:#fffde7}
.sn-proof summary{cursor:pointer;font-size:13px;color:#1b5e20}
.sn-proof li{font-size:13px;font-weight:normal}
/* a lesson paced into parts (Sections) */
.sn-parts .widget-toggle-buttons{flex-wrap:wrap;gap:4px}
.sn-parts .widget-toggle-button:not(.sn-pick){width:auto !important;min-width:0}
.sn-part-title{font:bold 18px sans-serif;color:#263238;margin:8px 0 2px 0}
.sn-part-text{font:15px/1.5 sans-serif;color:#111;max-width:860px}
.sn-part-text p{margin:6px 0}
.sn-part-moves{flex-wrap:wrap;gap:6px;margin-top:10px}
.sn-part-moves .jupyter-button,.sn-part-moves .widget-button{flex:0 1 auto;width:auto;max-width:100%;height:auto;min-height:28px;white-space:normal;text-align:left}
.sn-replay-nav .jupyter-button,.sn-replay-nav .widget-button{flex:0 0 auto}
.sn-bad{color:#b71c1c;font-weight:bold}
.sn-result{font:15px/1.45 sans-serif;padding:6px 10px;border-left:4px solid #1565c0;background:#e3f2fd;margin:6px 0}
.sn-result b.sn-big{font-size:18px}
.sn-bars{display:grid;grid-template-columns:minmax(90px,150px) 1fr 40px;gap:3px 8px;align-items:center;font:13px sans-serif}
.sn-bar{height:18px;border-radius:3px}
.sn-bar.legal{background:#2e7d32}
.sn-bar.contraband{background:repeating-linear-gradient(45deg,#b71c1c,#b71c1c 6px,#e57373 6px,#e57373 9px)}
.sn-bar.royal{background:repeating-linear-gradient(90deg,#6a1b9a,#6a1b9a 4px,#ce93d8 4px,#ce93d8 6px)}
.sn-grid,.sn-scores{border-collapse:collapse;font:13px sans-serif;margin:6px 0;display:block;max-width:100%;overflow-x:auto}
.sn-grid th,.sn-grid td{border:1px solid #bbb;padding:4px 8px;text-align:left;vertical-align:top}
.sn-grid th{background:#eceff1}
.sn-grid td.num{text-align:right}
.sn-grid tr.sn-win td{background:#fff8e1;font-weight:bold}
.sn-myth{border-left:5px solid #b71c1c;background:#fff3f3;padding:6px 10px;margin:4px 0}
.sn-truth{border-left:5px solid #2e7d32;background:#f1f8e9;padding:6px 10px;margin:4px 0}
.sn-assume{border:2px solid #f9a825;background:#fffde7;padding:6px 10px;border-radius:6px;font-size:13px}
.sn-fb-ok{border-left:5px solid #2e7d32;background:#f1f8e9;padding:6px 10px}
.sn-fb-bad{border-left:5px solid #b71c1c;background:#fff3f3;padding:6px 10px}
.sn-q{font:15px/1.45 sans-serif;margin:4px 0}
.sn-scene{display:flex;flex-wrap:wrap;gap:14px;margin:6px 0}
.sn-scene>div{min-width:120px}
/* an HTML output may shrink below its widest table (which then scrolls), so text still wraps at 400 px */
.widget-html-content{min-width:0;max-width:100%}
/* long checkbox labels wrap instead of being cut off ("…and you open the o…") */
.widget-checkbox{width:auto;max-width:100%;height:auto}
.widget-checkbox .widget-label-basic{white-space:normal;overflow:visible;height:auto}
.widget-checkbox .widget-label-basic span{white-space:normal;overflow:visible;text-overflow:clip}

.sn-play{font:14px/1.4 sans-serif;color:#111}
.sn-play .widget-html-content{line-height:1.4}
.sn-play .widget-html-content .sn-card{line-height:1.2}
.sn-head{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;background:#37474f;color:#fff;
  padding:8px 12px;border-radius:8px}
.sn-head b{font-size:16px}
.sn-head .sn-pill{background:#eceff1;color:#263238;border-radius:10px;padding:1px 9px;font-size:13px}
.sn-piles{display:flex;flex-wrap:wrap;gap:18px;margin:6px 4px}
.sn-pile h5{margin:0 0 4px 0;font:bold 12px sans-serif}
.sn-story{border:1px solid #cfd8dc;border-radius:8px;padding:6px 10px;background:#fff;max-height:420px;overflow-y:auto}
.sn-story p{margin:3px 0}
.sn-story .sn-l-bot{color:#1a237e}
.sn-story .sn-l-reveal{background:#fff8e1;border-left:3px solid #f9a825;padding-left:6px}
.sn-story .sn-l-human{color:#1b5e20}
.sn-story .sn-l-round{font-weight:bold;margin-top:8px}
.sn-private{border:2px solid #1565c0;border-radius:8px;padding:8px 12px;background:#f3f8ff}
.sn-private h3{margin:0 0 6px 0;font:bold 15px sans-serif;color:#0d47a1}
.sn-prompt{font:14px/1.4 sans-serif;margin:4px 0 8px 0}
.sn-handover{border:2px dashed #1565c0;border-radius:8px;padding:16px;text-align:center;font:18px sans-serif;background:#e3f2fd}
.sn-scores th,.sn-scores td{border:1px solid #bbb;padding:4px 8px;text-align:right}
.sn-scores th:first-child,.sn-scores td:first-child{text-align:left}
.sn-scores td.sn-bon{text-align:left}
.sn-scores tr.sn-winner td{background:#fff8e1;font-weight:bold}
.sn-note{font-size:12px;color:#555}
/* glossary words and the reference page */
a.sn-term,.jp-RenderedHTMLCommon a.sn-term{color:inherit !important;text-decoration:underline dotted #1565c0 2px !important;text-underline-offset:3px;cursor:help}
a.sn-term:hover{background:#e3f2fd}
.sn-gloss{font:14px/1.45 sans-serif;color:#111;margin:0;padding:0}
.sn-gloss .sn-entry{margin:6px 0;padding:2px 4px;scroll-margin-top:60px}
.sn-gloss .sn-entry>div{margin:1px 0 0 16px}
.sn-gloss .sn-entry:target,.sn-gloss .sn-entry.sn-here{background:#fff59d;outline:3px solid #fbc02d;border-radius:3px}
.sn-gloss .sn-src{color:#555;font-size:12px;font-style:italic}
.sn-hits h4{margin:10px 0 4px 0;font:bold 14px sans-serif;color:#263238}
.sn-hit{border-left:4px solid #90a4ae;padding:4px 10px;margin:6px 0;background:#fafafa}
.sn-hit b{font-size:14px}
.sn-interp-tag{font-size:11px;background:#f9a825;border-radius:4px;padding:1px 5px;margin-left:6px}
/* the course navigation at the top and foot of every page */
.sn-nav{font:14px/1.45 sans-serif;color:#111;border:1px solid #cfd8dc;border-radius:10px;padding:8px 12px;margin:8px 0;background:#f5f9ff}
.sn-nav .sn-kicker{font:bold 11px sans-serif;letter-spacing:.06em;color:#546e7a;text-transform:uppercase}
.sn-nav a.sn-go{font-weight:bold;color:#1565c0}
.sn-nav a.sn-next,.jp-RenderedHTMLCommon .sn-nav a.sn-next{color:#fff !important;text-decoration:none !important}
.sn-nav .sn-next{display:inline-block;margin-top:8px;padding:6px 12px;border-radius:6px;background:#1565c0;color:#fff;font-weight:bold;text-decoration:none}
.sn-nav button.sn-done-btn{font:bold 13px sans-serif;padding:5px 10px;border-radius:6px;border:1px solid #2e7d32;background:#fff;color:#2e7d32;cursor:pointer;margin-right:10px}
.sn-nav.sn-is-done button.sn-done-btn{background:#2e7d32;color:#fff}
.sn-course,.jp-RenderedHTMLCommon ul.sn-course,.jp-RenderedHTMLCommon ol.sn-course{list-style:none !important;padding-left:4px !important;margin:4px 0 !important}
.sn-course li{margin:4px 0}
.sn-course .sn-tick{display:inline-block;width:1.4em;color:#2e7d32;font-weight:bold}
.sn-course a{font-weight:bold;color:#1565c0;text-decoration:underline}
/* the overview page */
.sn-phases{display:grid;grid-template-columns:repeat(auto-fit,minmax(190px,1fr));gap:8px;margin:6px 0}
.sn-phase-box{border:1px solid #cfd8dc;border-radius:8px;padding:6px 10px;background:#fafafa}
.sn-phase-box .sn-num{display:inline-block;width:22px;height:22px;border-radius:11px;background:#37474f;color:#fff;
 text-align:center;font:bold 13px/22px sans-serif;margin-right:6px}
.sn-phase-box a{color:#1565c0;text-decoration:underline}
.sn-roles{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:8px}
/* the replay viewer */
.sn-replay-step{font:14px/1.4 sans-serif;border:1px solid #cfd8dc;border-radius:8px;padding:6px 10px;background:#fff}
.sn-omni .sn-panel{min-width:260px}
.sn-secret{background:#f3f8ff;border:1px dashed #1565c0;border-radius:6px;padding:4px;margin-top:4px}
/* cards to click (CardPicker): real buttons, named in words (kind included), picked ones lifted and ticked */
.sn-picker{padding-top:6px}
.sn-picker .widget-hbox{overflow:visible}
.sn-picker .widget-toggle-button.sn-pick{width:92px;height:62px;white-space:normal;line-height:1.2;font:bold 12px sans-serif;
  color:#111;border-radius:4px;padding:2px 4px;margin:2px;box-shadow:none}
.sn-picker .widget-toggle-button.sn-pick.sn-pick-long{font-size:10px}
.sn-picker .sn-pick-legal{background:#dff3df;border:2px solid #2e7d32}
.sn-picker .sn-pick-contraband{background:#fbe0e0;border:2px dashed #b71c1c}
.sn-picker .sn-pick-royal{background:#efe3f7;border:4px double #6a1b9a}
.sn-picker .widget-toggle-button.sn-pick.mod-active{outline:3px solid #1565c0;outline-offset:1px;transform:translateY(-5px)}
.sn-picker .widget-toggle-button.sn-pick:focus-visible{outline:3px solid #f9a825}
.sn-coach{border:2px solid #6a1b9a;border-radius:8px;padding:6px 10px;background:#faf5fc;margin:6px 0}
.sn-coach table{border-collapse:collapse;font:13px sans-serif;margin:4px 0}
.sn-coach td,.sn-coach th{border:1px solid #ccc;padding:2px 8px;text-align:left}
.sn-coach td.num{text-align:right}
.sn-warn{border-left:5px solid #e65100;background:#fff3e0;padding:6px 10px;margin:6px 0}
.sn-tutor{border:2px solid #2e7d32;border-radius:10px;padding:8px 12px;background:#f1f8e9;font:15px/1.45 sans-serif;margin:6px 0}
.sn-tutor .sn-why{font-size:13px;color:#33691e}
.sn-progress{font:bold 13px sans-serif;color:#37474f}
.sn-grid tr.sn-guided-sum td{font-weight:bold;background:#f5f5f5}
/* WCAG AA colours (issue 23): white text on ipywidgets' coloured buttons at 4.5:1 or more, fold
   headers' text too, and links inside text underlined, never told apart by colour alone. */
.jupyter-button.mod-warning{background-color:#b34700}
.jupyter-button.mod-warning.mod-active,.jupyter-button.mod-warning:active{background-color:#8a3700}
.jupyter-button.mod-success{background-color:#2e7d32}
.jupyter-button.mod-success.mod-active,.jupyter-button.mod-success:active{background-color:#1b5e20}
.jupyter-button.mod-info{background-color:#00707c}
.jupyter-button.mod-info.mod-active,.jupyter-button.mod-info:active{background-color:#005560}
.jupyter-widget-Collapse-header{color:#555555}
.jp-RenderedHTMLCommon p a:link,.jp-RenderedHTMLCommon p a:visited,.jp-RenderedHTMLCommon li a:link,
.jp-RenderedHTMLCommon li a:visited,.widget-html-content p a,.widget-html-content li a{text-decoration:underline}
/* coach: a clear focus ring on every control (keyboard), the advice's fold, the result of the last moves */
.jupyter-widgets :is(button,input,select,textarea,summary,a):focus-visible,.sn-play :is(button,input,select,textarea,summary,a):focus-visible,
.sn-focus-next:focus,.sn-focus-next :focus{
  outline:3px solid #0b57d0 !important;outline-offset:2px !important;box-shadow:0 0 0 5px #fff !important}
.sn-press-next{outline:3px dashed #b35c00;outline-offset:3px}
.sn-coach-figures{margin:4px 0}
.sn-coach-figures summary{cursor:pointer;color:#1565c0;font-size:13px}
.sn-coach-why{font-size:13px;margin:4px 0}
.sn-result{border-left:5px solid #1565c0;background:#f3f8ff;padding:4px 10px;margin:6px 0;font:14px/1.4 sans-serif}
.sn-result .sn-story{max-height:none;border:none;padding:0;background:transparent}
/* A phone-width screen: rows of controls wrap instead of scrolling sideways inside their box,
   and no control is wider than the page (a grid of numbers, like a table, still scrolls). */
@media (max-width:760px){
  .jupyter-widgets.widget-hbox{flex-wrap:wrap}
  .widget-dropdown,.widget-select,.widget-text,.widget-textarea,.widget-hslider,.widget-inline-hbox,.widget-image{
    max-width:calc(100% - 2 * var(--jp-widgets-margin, 2px))}
  .widget-image{height:auto}
  .widget-dropdown>select,.widget-select>select,.widget-hslider .slider-container{min-width:0}
}
</style>
"""


# The stylesheet once per page: a page's header (``course_nav.header``, which every notebook
# shows first) carries it, and the components shown after it leave it out.  A component shown
# on a page without that header (a test, a notebook of one's own) carries its own copy.  The
# header is a plain output, never rebuilt, so a component that rebuilds itself keeps its style.
_page_has_css = False


def page_css() -> str:
    """The stylesheet for a page's header; from now on this kernel's components leave it out."""
    global _page_has_css
    _page_has_css = True
    return CSS


def css() -> str:
    """The stylesheet, unless this page's header already carries it (then "")."""
    return "" if _page_has_css else CSS


def style() -> widgets.HTML | None:
    """The stylesheet as a zero-height widget, or ``None`` once the page's header carries it."""
    if _page_has_css:
        return None
    w = lesson.make(widgets.HTML, {"height": "0px", "margin": "0"}, value=CSS)
    w.add_class("sheriff-style")
    return w


def styled(*children) -> list:
    """``children`` under the stylesheet (when this page still needs it)."""
    return [w for w in (style(), *children) if w is not None]


def heading(kicker: str | None = None, title: str | None = None, intro: str = "", title_cls: str = "sn-h") -> str:
    """A heading's HTML: a kicker (already translated), a title, a line of intro; each optional.
    Text is escaped; pass ``Markup`` for an intro that is HTML."""
    return render_template("heading.html.j2", kicker=kicker, title=title, intro=intro, title_cls=title_cls)


def kicker_html(text: str) -> widgets.HTML:
    """A kicker alone (a small heading over a part of a component)."""
    return lesson.html(heading(kicker=text))


def head(title: str, intro: str = "", kicker: str | None = N_("Try it")) -> widgets.HTML:
    """A lab's heading: a kicker, a title and one line of intro (``intro`` is HTML)."""
    return lesson.html(heading(_(kicker) if kicker else None, title, Markup(intro)))


def edition_toggle(value: str = "2E", both: bool = False, width: str = "110px") -> widgets.ToggleButtons:
    """The 1st / 2nd edition switch; ``both=True`` adds "both editions" (value "both")."""
    if both:
        options = [(_("both editions"), "both"), (_("1st"), "1E"), (_("2nd"), "2E")]
    else:
        options = [(_("1st edition"), "1E"), (_("2nd edition"), "2E")]
    return lesson.toggles(options, value, width, cls="sn-edition")


def goods(**by_name: int) -> list[int]:
    """A count vector by good index: ``goods(apples=2, pepper=1)``."""
    v = [0] * N_GOODS
    for name, n in by_name.items():
        v[good_id(name)] += n
    return v


def kind_word(g: int) -> str:
    """A card's kind in a word, as on the card pickers: 'legal', 'contraband' or 'royal'."""
    c = GOODS[g]
    if c.is_royal:
        return pgettext("kind of card", "royal")
    return pgettext("kind of card", "legal") if c.is_legal else pgettext("kind of card", "contraband")


def card_label(g: int) -> str:
    """A card in words, for screen readers and tooltips: 'Silk, contraband, value 8, penalty 4'."""
    c = GOODS[g]
    kind = (
        _("royal good")
        if c.is_royal
        else pgettext("kind of card", "legal")
        if c.is_legal
        else pgettext("kind of card", "contraband")
    )
    return _("{name}, {kind}, value {value}, penalty {penalty}").format(
        name=goods_kind(g), kind=kind, value=c.value, penalty=c.penalty
    )


class CardPicker(widgets.VBox):
    """Cards held, one button each, to click into a choice (set aside, load, offer in a bribe):
    the one card picker of the play page, the guided game and the lessons.

    ``value`` is the count vector picked (observe it); ``pick(good, k)`` and ``clear()``
    set it from code (tests).  Each button's text names the card and its kind, so the
    choice never rests on colour alone; Tab reaches every card, Enter or Space picks it.
    No limit is enforced here: the engine refuses what the rules refuse.

    ``counts`` (a count vector) or ``cards`` (goods in order, one button each); ``picked``: the
    buttons (by position) picked at the start; ``names``: a button's own name for its card (a
    lesson's "Cheese (not in his hand)").  Button ``i`` carries the class ``sn-card-<i>``."""

    value: traitlets.List[int] = traitlets.List()

    def __init__(
        self,
        counts=None,
        name: str = "cards",
        empty: str = N_("no cards"),
        *,
        cards=None,
        picked=(),
        names: dict[int, str] | None = None,
    ):
        super().__init__()
        self.add_class("sn-picker")
        self.add_class(f"sn-picker-{name}")
        if cards is None:
            cards = [g for g in range(N_GOODS) for _k in range(counts[g])]
        names = names or {}
        self.buttons: list[tuple[int, widgets.ToggleButton]] = []
        self._names: list[str] = []
        for i, g in enumerate(cards):
            c = GOODS[g]
            kind = "royal" if c.is_royal else c.kind
            self._names.append(names.get(i, goods_kind(g)))
            on = i in picked
            t = widgets.ToggleButton(
                value=on,
                description=self._label(g, on, self._names[i]),
                tooltip=_("{card} (click to pick)").format(card=card_label(g)),
            )
            for cls in ("sn-pick", f"sn-pick-{kind}", f"sn-pick-{c.id}", f"sn-card-{i}"):
                t.add_class(cls)
            if render.longest_word(t.description) > 12.5:  # "Королівський": smaller type to fit
                t.add_class("sn-pick-long")
            t.observe(self._changed, "value")
            self.buttons.append((g, t))
        row = widgets.HBox([t for _, t in self.buttons], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [row] if self.buttons else [widgets.HTML(f'<span class="sn-muted">{escape(_(empty))}</span>')]
        self.value = self._counts()

    @staticmethod
    def _label(g: int, on: bool, name: str) -> str:
        return f"{'✓ ' if on else ''}{name} · {kind_word(g)}"

    @property
    def toggles(self) -> list[widgets.ToggleButton]:
        """The buttons in order (``toggles[i]``: the i-th card)."""
        return [t for _g, t in self.buttons]

    def picked_cards(self) -> list[int]:
        """The goods picked, in the buttons' order."""
        return [g for g, t in self.buttons if t.value]

    def _counts(self) -> list[int]:
        v = [0] * N_GOODS
        for g, t in self.buttons:
            v[g] += t.value
        return v

    def _changed(self, ch) -> None:
        for i, (g, t) in enumerate(self.buttons):
            if t is ch["owner"]:
                t.description = self._label(g, t.value, self._names[i])
        self.value = self._counts()

    def set_picked(self, chosen) -> None:
        """Pick exactly the buttons whose positions are in ``chosen``; ``value`` changes once."""
        with self.hold_trait_notifications():
            for i, (g, t) in enumerate(self.buttons):
                t.unobserve(self._changed, "value")
                t.value = i in chosen
                t.description = self._label(g, t.value, self._names[i])
                t.observe(self._changed, "value")
            self.value = self._counts()

    def pick(self, good: int | str, k: int = 1) -> None:
        """Pick ``k`` cards of ``good`` (a good index or id), the others of that good unpicked."""
        g = good_id(good) if isinstance(good, str) else good
        left = k
        for gg, t in self.buttons:
            if gg == g:
                t.value = left > 0
                left -= 1
        if left > 0:
            raise ValueError(f"only {k - left} {GOODS[g].name} to pick")

    def clear(self) -> None:
        for _g, t in self.buttons:
            t.value = False


class Frame(widgets.VBox):
    """A framed lesson component.  Subclasses build their widgets, then call ``body``."""

    def __init__(self, border: str | None = "#cfd8dc", **kw):
        super().__init__(**kw)
        if border:
            self.layout.border = f"1px solid {border}"
            self.layout.padding = "6px 12px 10px 12px"
            self.layout.margin = "10px 0"

    def body(self, *children) -> None:
        """Lay the component out: the stylesheet, then ``children``."""
        self.children = styled(*children)


class Lab(Frame):
    """The lab frame: heading, optional edition toggle, controls, the result, optional table.

    ``self.result`` and ``self.table`` are HTML outputs; ``self.edition`` the toggle
    (``None`` without one); changing the edition calls ``self.edition_changed()``,
    by default ``self.update()``."""

    def __init__(
        self,
        title: str,
        intro: str = "",
        controls=(),
        edition: str | None = None,
        table: bool = True,
        result_class: str = "sn-lab-result",
        kicker: str | None = N_("Try it"),
        border: str | None = "#cfd8dc",
    ):
        super().__init__(border)
        self.edition = edition_toggle(edition) if edition else None
        if self.edition is not None:
            self.edition.observe(lambda _: self.edition_changed(), names="value")
        self.result = lesson.html()
        self.result.add_class(result_class)
        self.table = lesson.html()  # laid out only with ``table=True``
        parts = [head(title, intro, kicker)] if title else []
        if self.edition is not None:
            parts.append(self.edition)
        parts += [*controls, self.result]
        if table:
            parts.append(self.table)
        self.body(*parts)

    EXAMPLES: dict[str, str] = {}  # edition -> the rulebook example the lab starts from

    @property
    def edition_value(self) -> str:
        """The edition chosen on the toggle (labs built with ``edition=``)."""
        if self.edition is None:
            raise AttributeError(f"{type(self).__name__} has no edition toggle")
        return self.edition.value

    @property
    def scenario(self):
        return get_scenario(self.EXAMPLES[self.edition_value])

    def edition_changed(self) -> None:
        self.update()

    @property
    def text(self) -> str:
        """The result as plain text (tests)."""
        return lesson.plain(self.result.value)

    def update(self) -> None:  # pragma: no cover - every lab overrides
        raise NotImplementedError


def box(children, title: str | None = None, kicker: str | None = None, cls: str | None = None) -> widgets.VBox:
    """A bordered group inside a component, with an optional kicker and title."""
    head_ = []
    if title or kicker:
        head_ = [widgets.HTML(heading(_(kicker) if kicker else None, title))]
    v = widgets.VBox(styled(*head_, *children))
    v.add_class("sn-box-w")
    v.layout.border = "1px solid #cfd8dc"
    v.layout.padding = "8px 12px"
    v.layout.margin = "8px 0"
    if cls:
        v.add_class(cls)
    return v


def markdown_html(text: str) -> str:
    """A lesson's prose (markdown, as in a notebook cell) as HTML, glossary words linked."""
    return with_glossary(str(mistune.html(text)))


class Sections(widgets.VBox):
    """A long lesson paced into parts the learner moves through, one at a time.

        Sections([("Watch the rulebook's examples", "", EditionExamples(...)),
                  ("Try it", "Start from Gilbert's bag and change anything...", InspectionLab()),
                  ("Practice", "", PracticeView([...]))])

    Each part: a title, its prose (markdown, glossary words linked) and its widgets.  A row of
    part buttons at the top ("1 · Watch ..."), "Part k of n" and the part's title, then the
    part; at the bottom "◀ Back" and "Next: <title> ▶".  ``value`` is the part shown (0-based).
    Every part is built at once (the saved page holds them all); only the one shown is drawn."""

    def __init__(self, parts):
        super().__init__()
        self.parts = []
        for title, text, *children in parts:
            intro = [lesson.html(f'<div class="sn-part-text">{markdown_html(text)}</div>')] if text else []
            self.parts.append((title, widgets.VBox([*intro, *children])))
        n = len(self.parts)
        self.picker = lesson.toggles([(f"{k + 1} · {t}", k) for k, (t, _) in enumerate(self.parts)], 0, "auto")
        self.picker.add_class("sn-part-pick")
        self.title = lesson.html()
        self.title.add_class("sn-part-title-out")
        self.holder = widgets.VBox()
        self.back = lesson.button(_("◀ Back"))
        self.back.add_class("sn-part-back")
        self.next = lesson.button(_("Next"), button_style="primary")
        self.next.add_class("sn-part-next")
        self.back.on_click(lambda _: self.show(self.value - 1))
        self.next.on_click(lambda _: self.show(self.value + 1))
        self.picker.observe(lambda ch: self.show(ch["new"]), names="value")
        moves = lesson.row([self.back, self.next], flex_flow="row wrap")
        moves.add_class("sn-part-moves")
        self.children = styled(self.picker, self.title, self.holder, moves)
        self.add_class("sn-parts")
        self.n = n
        self.show(0)

    @property
    def value(self) -> int:
        return self.picker.value

    def show(self, k: int) -> None:
        k = max(0, min(k, self.n - 1))
        if self.picker.value != k:
            self.picker.value = k  # observed: comes back here
            return
        title, box = self.parts[k]
        part = _("Part {k} of {n}").format(k=k + 1, n=self.n)
        self.title.value = heading(part, title, title_cls="sn-part-title")
        self.holder.children = [box]
        self.back.disabled = k == 0
        self.next.disabled = k == self.n - 1
        self.next.description = (
            _("Next: {title} ▶").format(title=self.parts[k + 1][0]) if k < self.n - 1 else _("Last part")
        )
