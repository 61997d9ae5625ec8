"""Smoke test: the home page renders in a real browser, widgets included, without errors."""

from harness import assert_no_errors, open_lesson, screenshot


def test_home_page_renders(page, voila_url):
    open_lesson(page, voila_url, "00_home.ipynb")
    assert "Sheriff of Nottingham" in page.inner_text("h1")
    assert "rules tutor" in page.inner_text("h1")
    assert page.locator(".jupyter-widgets").first.is_visible()
    assert "import ipywidgets" not in page.content(), "sources should be stripped"
    screenshot(page, "00_home")
    assert_no_errors(page)
