"""What the server renders once instead of for every page (sheriff/serving/rendering.py): the page
template compiled once for every exporter, a notebook read once per change and served without its
committed outputs."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import nbformat
import pytest
from jinja2 import DictLoader, Environment

from sheriff import launch
from sheriff.serving import rendering
from sheriff.serving.rendering import NotebookCache, SharedTemplateCode, without_outputs

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "05_inspection.ipynb"


def counting(env: Environment) -> list[str]:
    """The names ``env`` compiles from now on."""
    compiled: list[str] = []
    compile_ = env.compile

    def compile_counted(source, name=None, filename=None, *args, **kwargs):
        compiled.append(name)
        return compile_(source, name, filename, *args, **kwargs)

    env.compile = compile_counted  # type: ignore[method-assign]
    return compiled


def env_with(cache: SharedTemplateCode, templates: dict[str, str], **settings) -> tuple[Environment, list[str]]:
    env = Environment(loader=DictLoader(templates), bytecode_cache=cache, **settings)
    return env, counting(env)


def test_a_template_is_compiled_once_for_every_environment_and_again_when_edited():
    cache = SharedTemplateCode()
    templates = {
        "page.j2": "{% extends 'base.j2' %}{% block b %}hello {{ who }}{% endblock %}",
        "base.j2": "<{% block b %}{% endblock %}>",
    }
    first, compiled_first = env_with(cache, templates)
    assert first.get_template("page.j2").render(who="Ann") == "<hello Ann>"
    assert sorted(compiled_first) == ["base.j2", "page.j2"]

    second, compiled_second = env_with(cache, templates)
    assert second.get_template("page.j2").render(who="Bob") == "<hello Bob>"
    assert compiled_second == []  # both came from the shared cache

    edited = dict(templates, **{"page.j2": "{% extends 'base.j2' %}{% block b %}bye {{ who }}{% endblock %}"})
    third, compiled_third = env_with(cache, edited)
    assert third.get_template("page.j2").render(who="Cy") == "<bye Cy>"
    assert compiled_third == ["page.j2"]  # the edited one only


def test_environments_with_other_settings_do_not_share_code():
    cache = SharedTemplateCode()
    templates = {"t.j2": "[% if x %]yes[% endif %]{% if x %}no{% endif %}"}
    plain, _ = env_with(cache, templates)
    assert plain.get_template("t.j2").render(x=True) == "[% if x %]yes[% endif %]no"
    square, compiled = env_with(cache, templates, block_start_string="[%", block_end_string="%]")
    assert square.get_template("t.j2").render(x=True) == "yes{% if x %}no{% endif %}"
    assert compiled == ["t.j2"]


def executed_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Lesson"), nbformat.v4.new_code_cell("print('hi')")]
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="hi\n")]
    nb.cells[1].execution_count = 3
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"m1": {}}}}
    nbformat.write(nb, path)


class Renderer:
    """What ``NotebookCache`` uses of Voilà's renderer: its contents manager's path on disk."""

    def __init__(self, root: Path) -> None:
        self.contents_manager = type("Contents", (), {"_get_os_path": staticmethod(lambda p: str(root / p))})()


def test_a_notebook_is_read_once_per_change_and_served_without_outputs(tmp_path):
    executed_notebook(tmp_path / "lesson.ipynb")
    reads: list[str] = []

    async def load(renderer, path):  # Voilà's own load_notebook
        reads.append(path)
        return nbformat.read(tmp_path / path, as_version=4)

    cache, renderer = NotebookCache(), Renderer(tmp_path)
    first = asyncio.run(cache.load(renderer, "lesson.ipynb", load))
    assert first.cells[0].source == "# Lesson" and first.cells[1].source == "print('hi')"
    assert first.cells[1].outputs == [] and first.cells[1].execution_count is None
    assert "widgets" not in first.metadata
    first.cells.pop()  # a page changes its copy (Voilà replaces the cells it ran)

    second = asyncio.run(cache.load(renderer, "lesson.ipynb", load))
    assert [c.source for c in second.cells] == ["# Lesson", "print('hi')"]
    assert reads == ["lesson.ipynb"]

    nb = nbformat.read(tmp_path / "lesson.ipynb", as_version=4)
    nb.cells[0].source = "# Lesson, edited"
    nbformat.write(nb, tmp_path / "lesson.ipynb")
    os.utime(tmp_path / "lesson.ipynb", ns=(1, 10**18))  # a new modification time, whatever the clock
    third = asyncio.run(cache.load(renderer, "lesson.ipynb", load))
    assert third.cells[0].source == "# Lesson, edited"
    assert reads == ["lesson.ipynb", "lesson.ipynb"]


def test_a_lesson_without_outputs_keeps_every_cell_and_its_source():
    nb = nbformat.read(LESSON, as_version=4)
    kept = without_outputs(nbformat.read(LESSON, as_version=4))
    assert [(c.cell_type, c.source) for c in kept.cells] == [(c.cell_type, c.source) for c in nb.cells]
    assert any(c.get("outputs") for c in nb.cells)  # the committed notebook is executed
    assert not any(c.get("outputs") for c in kept.cells)
    assert len(nbformat.writes(kept)) < len(nbformat.writes(nb)) / 5


@pytest.fixture
def voila_hooked():
    rendering.install()
    rendering.TEMPLATE_CODE.clear()
    yield
    rendering.TEMPLATE_CODE.clear()


def test_voila_exporters_share_the_page_templates_code(voila_hooked, monkeypatch):
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths

    monkeypatch.setenv("JUPYTER_PATH", launch.server_env(ROOT)["JUPYTER_PATH"])  # the tree's page template
    paths = collect_template_paths(["voila", "nbconvert"], "sheriff", prune=True)

    def exporter() -> VoilaExporter:
        return VoilaExporter(template_paths=paths, template_name="sheriff", base_url="/")

    one = exporter()
    assert one.environment.bytecode_cache is rendering.TEMPLATE_CODE
    compiled_one = counting(one.environment)
    assert one.template is not None and one.environment.get_template("display_priority.j2") is not None
    assert "index.html.j2" in compiled_one and "display_priority.j2" in compiled_one

    two = exporter()
    compiled_two = counting(two.environment)
    assert two.template is not None and two.environment.get_template("display_priority.j2") is not None
    assert compiled_two == []
    rendering.install()  # idempotent: still the same hook
    assert exporter().environment.bytecode_cache is rendering.TEMPLATE_CODE


def test_voila_renderers_load_notebooks_through_the_cache(voila_hooked):
    from voila.notebook_renderer import NotebookRenderer

    assert NotebookRenderer.load_notebook.__name__ == "load_kept"


def test_a_static_file_of_the_template_is_found_once_and_at_the_same_address(voila_hooked, monkeypatch):
    import voila.static_file_handler as handler_module
    from voila.utils import make_url  # how the page template links its scripts (include_js)

    monkeypatch.setenv("JUPYTER_PATH", launch.server_env(ROOT)["JUPYTER_PATH"])
    searched = []
    search = handler_module.collect_static_paths

    def search_counted(*args, **kwargs):
        searched.append(args)
        return search(*args, **kwargs)

    monkeypatch.setattr(handler_module, "collect_static_paths", search_counted)
    handler = handler_module.TemplateStaticFileHandler
    handler.get_absolute_path.cache_clear()
    first = make_url("sheriff", "/", "static/voila-style.js")
    again = [make_url("sheriff", "/", "static/voila-style.js") for _ in range(3)]
    assert again == [first] * 3 and "?v=" in first  # the file's content hash, as before
    assert len(searched) == 1  # the template folders searched for the first page only
    found = Path(handler.get_absolute_path(None, "sheriff/static/voila-style.js"))
    assert found.is_file() and found.parts[-4:] == ("templates", "base", "static", "voila-style.js")
    assert handler.get_absolute_path.cache_info().maxsize == rendering.STATIC_PATHS_KEPT


def test_the_server_makes_no_debug_records_unless_asked():
    """traitlets leaves an application's logger at DEBUG (its handler filters): the server's hooks
    set the logger to the server's own level, so nbclient's two debug lines a message cost nothing."""
    import logging

    from voila.app import Voila
    from voila.configuration import VoilaConfiguration

    from sheriff.serving.web import install_web_hooks_at_start

    def hooked(level: int) -> logging.Logger:
        voila = Voila(log_level=level)
        voila.voila_configuration = VoilaConfiguration(parent=voila)
        assert install_web_hooks_at_start(voila)
        return voila.log

    was = logging.getLogger("Voila").level
    log = hooked(logging.INFO)
    try:
        assert not log.isEnabledFor(logging.DEBUG) and log.isEnabledFor(logging.INFO)
        assert hooked(logging.DEBUG).isEnabledFor(logging.DEBUG)  # --debug still shows them
    finally:
        log.setLevel(was)
