"""A saved game chosen as a file or pasted as JSON, with its button and its message line: the
play page's "Load and continue playing" and the replay page's "Load for replay" are one form.

``read`` turns what was chosen into a ``Game`` or says on the page why it cannot: nothing
chosen, a file over the size bound, or a file that is not a saved game (never a traceback)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as W

from sheriff.engine import Game
from sheriff.errors import InvalidScenario
from sheriff.i18n import N_, _
from sheriff.saved_game import load_game

# A saved game is a few kilobytes; the page template (share/jupyter/voila/templates/sheriff)
# refuses larger files in the browser before they are sent; this is the same bound kernel-side.
MAX_SAVE_BYTES = 1024 * 1024
TOO_LARGE = N_(
    "This file is larger than 1 MB: too large to be a saved game (a saved game is a few kilobytes). "
    "Choose the file the “Save game” button gave you."
)


def too_large(text) -> bool:
    return len(text.encode("utf-8") if isinstance(text, str) else text) > MAX_SAVE_BYTES


def error_box(text: str) -> str:
    return f'<div class="sn-refusal" role="alert">{escape(text)}</div>'


class SavedGameInput:
    """The file button, the paste box, the load button and the message; ``on_text`` gets what was
    chosen (bytes from a file, else the pasted text) when the button is pressed.  ``add`` registers
    each control under ``<prefix>.file``, ``<prefix>.text`` and ``<prefix>.<go_name>``."""

    def __init__(
        self,
        add: Callable[[str, W.Widget], W.Widget],
        prefix: str,
        go: W.Button,
        on_text: Callable[[str | bytes], object],
        go_name: str = "go",
        text_height: str = "80px",
    ):
        self.go_label = go.description
        self.file = add(
            f"{prefix}.file",
            W.FileUpload(accept=".json,application/json", multiple=False, description=_("Choose a file")),
        )
        self.text = add(
            f"{prefix}.text",
            W.Textarea(
                placeholder=_("…or paste a saved game's JSON here"),
                tooltip=_("A saved game's JSON"),
                layout=W.Layout(width="520px", height=text_height),
            ),
        )
        self.go = add(f"{prefix}.{go_name}", go)
        self.message = W.HTML()
        self.go.on_click(lambda _b: on_text(self.chosen()))
        self.file.observe(lambda _ch: self._file_chosen(), "value")

    def rows(self) -> list[W.Widget]:
        return [W.HBox([self.file, self.go]), self.text, self.message]

    def chosen(self) -> str | bytes:
        if self.file.value:
            f = self.file.value[0]
            return bytes(f["content"] if isinstance(f, dict) else f.content)
        return self.text.value if self.text.value.strip() else ""

    def _file_chosen(self) -> None:
        """Say which file arrived (the upload button itself does not show it)."""
        if self.file.value:
            f = self.file.value[0]
            name, size = (f["name"], f["size"]) if isinstance(f, dict) else (f.name, f.size)
            said = _("Chosen: {file} ({size} kB). Press “{button}”.").format(
                file=escape(str(name)), size=max(1, round(size / 1024)), button=escape(self.go_label)
            )
            self.message.value = f'<div class="sn-note sn-file-chosen">{said}</div>'

    def read(self, text: str | bytes) -> Game | None:
        """The saved game in ``text``, or None with the reason on the message line."""
        game, refusal = None, ""
        if not text or (isinstance(text, str) and not text.strip()):
            refusal = _("Choose a saved game file or paste its JSON text first.")
        elif too_large(text):
            refusal = _(TOO_LARGE)
        else:
            try:
                game = load_game(text)
            except InvalidScenario as e:
                refusal = _("This saved game cannot be loaded: {reason}").format(reason=e)
            except Exception as e:  # never a traceback on the page
                refusal = _("This saved game cannot be loaded ({reason}).").format(reason=f"{type(e).__name__}: {e}")
        self.message.value = error_box(refusal) if refusal else ""
        return game


__all__ = ["SavedGameInput", "MAX_SAVE_BYTES", "TOO_LARGE", "too_large", "error_box"]
