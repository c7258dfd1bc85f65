"""Refuse hand-typed outputs in ``docs/``: outputs come only from executed gallery cells."""

import re

from sphinx.util import logging

logger = logging.getLogger(__name__)

FENCE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})\s*(\{[\w:-]+\})?\s*([\w-]*)")
OUTPUT_FENCE_LANGUAGES = {"text", "none", "output", "console", "pycon", "python-console", "doscon"}
OUTPUT_LINE = re.compile(
    r"^\s*(>>>\s|\.\.\.\s|tensor\(|Parameter containing|torch\.Size\(\[|(Runtime|Type|Value|Index)Error: )"
)


def hand_typed_outputs(text):
    """``[(line number, reason)]`` for every line that looks like a typed output."""
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if fence and fence.group(2) in (None, "{code-block}", "{code}") \
                and fence.group(3) in OUTPUT_FENCE_LANGUAGES:
            problems.append((number, f"a '{fence.group(3)}' block is an output block"))
        elif OUTPUT_LINE.match(line):
            problems.append((number, f"looks like an output: {line.strip()[:40]!r}"))
    return problems


def check_source(app, docname, source):
    if not app.env.doc2path(docname).suffix == ".md":
        return
    for number, reason in hand_typed_outputs(source[0]):
        logger.warning(
            f"hand-typed output ({reason}); show outputs only through "
            "an executed-example (CONTRIBUTING.md)",
            location=(docname, number), type="torchref", subtype="hand-typed-output",
        )
