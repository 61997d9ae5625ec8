"""Voilà configuration that cannot be JSON (the rest is in voila.json).

Voilà reads voila.py and voila.json from the directory it is started in (standalone
`voila notebooks/`, and the Jupyter server extension behind Binder's voila/render/...).
"""


def _set_xsrf_cookie(handler, notebook, cwd):
    """Give the page an _xsrf cookie.  Voilà 0.5 shuts a page's kernel down on
    `beforeunload` with a POST that carries the _xsrf cookie's value; a visitor who
    opens a lesson directly has no such cookie, the POST is refused (403) and the kernel
    lingers until culled (voila-dashboards/voila#1458).  Reading `xsrf_token` makes
    tornado set the cookie on this response."""
    handler.xsrf_token
    return notebook


c.VoilaConfiguration.prelaunch_hook = _set_xsrf_cookie  # noqa: F821 (c is the traitlets config)
