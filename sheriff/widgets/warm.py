"""What every page would do again on first use, done once in the fork server before it forks
(``sheriff.forkserver`` calls ``warm_up`` once it has imported the pages' modules), so that each
learner's kernel inherits it: some 40 ms of a lesson's 120 ms of CPU (lesson 05, docs/deploy.md).

Only data that is the same for every page and language: the templates compiled, the catalogs
and Babel's locale data of every language, the shipped examples, the course, the glossary and
its patterns, Markdown's patterns; and, where a served page opens lab 31, its first answers and
plots (worked out in a throwaway child: SciPy's solver and NumPy start threads).  Nothing here
chooses a language or starts a thread (the fork server refuses to fork a process with threads)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable

import mistune
from babel.numbers import format_decimal

from sheriff import course, glossary, i18n, scenario
from sheriff.widgets import glossary_links, markup


def warm_up() -> None:
    env = markup.environment()
    for name in env.list_templates(extensions=["j2"]):
        env.get_template(name)  # parsed and compiled: Jinja keeps it (about 2 ms a template)
    scenario.load_scenarios()  # every shipped example, read and validated (a page copies the ones it shows)
    glossary.glossary()
    for p in (*course.course().pages, *course.course().extras):
        for part in course.prose(p.notebook):
            mistune.html("\n\n".join(part))  # Markdown compiles its patterns on first use
    for lang in i18n.LANGUAGES:
        i18n.catalog(lang)
        glossary_links.matcher_for(lang)
        format_decimal(0.5, locale=lang)  # Babel's locale data, read on first use
    labs = sys.modules.get("sheriff.widgets.labs.theory")
    if labs is not None:  # a served page imports the labs: lab 31's first answers, 1 s of CPU a kernel
        answers = in_a_child(labs.first_answers)
        if answers is not None:
            labs.keep_answers(answers)


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def _watch(pid: int) -> list[int]:
    """A file descriptor that becomes readable once process ``pid`` has ended (Linux 5.3+), or none."""
    try:
        return [os.pidfd_open(pid)]
    except (AttributeError, OSError):
        return []


def in_a_child(work: Callable[[], object], timeout: float = 60) -> object | None:
    """``work()`` done in a forked child that then ends, its result brought back pickled through a
    pipe: the modules it imports and the threads they start stay out of this process.  None where
    it fails, takes over ``timeout`` seconds, cannot fork, or when this process's own parent ends
    first (the child is killed then: each kernel works it out itself)."""
    if not hasattr(os, "fork"):
        return None
    starter = _watch(os.getppid())
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: no cleanup of the parent's (its atexit, its buffers) may run here
        code = 1
        with contextlib.suppress(BaseException):
            os.close(r)
            with contextlib.suppress(OSError, AttributeError):  # Linux: this child ends with its parent
                ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            with os.fdopen(w, "wb") as out:
                out.write(pickle.dumps(work()))
            code = 0
        os._exit(code)
    os.close(w)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    with os.fdopen(r, "rb", buffering=0) as pipe:
        # the answer, unless time runs out or the process that started this one (the tutor's
        # server, for the fork server) ends first: nobody waits for it then, and the child must not
        # go on importing and writing bytecode into an environment being stopped or removed
        while r in select.select([r, *starter], [], [], max(0.0, deadline - time.monotonic()))[0]:
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        else:
            os.kill(pid, signal.SIGKILL)
            chunks = []
    for fd in starter:
        os.close(fd)
    _pid, status = os.waitpid(pid, 0)
    if status != 0 or not chunks:
        return None
    return pickle.loads(b"".join(chunks))
