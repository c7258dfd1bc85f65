"""Inline literals that reStructuredText cannot close: a literal glued to a Chinese character.

docutils ends an inline literal only where the closing ``````  is followed by a space or by
punctuation of certain kinds; a Chinese character or an opening full-width bracket ("（") is
neither, so ``````forward``（参数`````` runs on to the next `````` and the page shows the sentence
as code, without a warning. A gallery script's text is reStructuredText, and so is its catalog's
Chinese: between a literal and such a character the catalog writes an escaped space (``\\ ``),
which reStructuredText removes.
"""

import re
import unicodedata

LITERAL = re.compile(r"``[^`\s](?:[^`]*[^`\s])?``")
# what may follow a closing or precede an opening delimiter (docutils' inline markup rules)
AFTER = set(" -.,:;!?\\/'\")]}>") | {"Pd", "Po", "Pe", "Pf", "Pi"}
BEFORE = set(" -:/'\"<([{") | {"Pd", "Po", "Ps", "Pi", "Pf"}


def delimits(char, allowed):
    return char.isspace() or char in allowed or unicodedata.category(char) in allowed


def glued(text, match):
    """Whether a literal's edges touch a character that does not end it: (before, after)."""
    start, end = match.span()
    return (start > 0 and not delimits(text[start - 1], BEFORE),
            end < len(text) and not delimits(text[end], AFTER))


def glued_literals(text):
    """The literals of ``text`` that touch a character docutils does not take as their edge."""
    return [match.group() for match in LITERAL.finditer(text) if any(glued(text, match))]
