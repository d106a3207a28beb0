"""Texts a user reads, written once in English and translated by the layers that show them.

A template is an English literal marked with `QT_TRANSLATE_NOOP("GmmSelect", ...)` (pylupdate5 files it
for translation; the core needs no Qt) with named placeholders. `Text(template, **values)` is the filled
English text, a `str` that keeps its template and values: the algorithms show it in the QGIS language
(`i18n.translated`: the template translated, then filled with the values, each Text value translated in
turn). Errors of bad input (`InputError`) carry their message as a Text.
"""

import re
from functools import partial

#: Half of a UTF-16 surrogate pair: in a Python text, a byte left undecoded (surrogateescape), as GDAL or
#: the file system pass on a name in another encoding than it declares.
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def undecoded_shown(text):
    """`text` with each byte left undecoded (a lone surrogate) as U+FFFD, as QGIS shows it (Qt turns a text
    holding one into an empty message; a file cannot hold one)."""
    return LONE_SURROGATE.sub("\ufffd", text)


def QT_TRANSLATE_NOOP(context, text):  # noqa: N802 (the name pylupdate5 looks for)
    """`text` unchanged; pylupdate5 files it under `context` for the layers that translate it."""
    return text


class Text(str):
    """`template.format(**values)`, the English text, keeping `template` and `values` for a translation."""

    def __new__(cls, template, **values):
        text = super().__new__(cls, template.format(**values))
        text.template, text.values = template, values
        return text

    def __reduce__(self):
        return partial(type(self), self.template, **self.values), ()


class InputError(ValueError):
    """Bad input; its message, a Text of `template` and `values`, names the problem and the fix."""

    def __init__(self, template, **values):
        super().__init__(Text(template, **values))

    def __reduce__(self):
        text = self.args[0]
        return partial(type(self), text.template, **text.values), ()


def message(error):
    """The message of `error`: the Text of bad input (an InputError), else its English text."""
    return error.args[0] if isinstance(error, InputError) else str(error)


#: The separator of a list of clauses in a message ('; ', in French ' ; ').
SEMICOLON = Text(QT_TRANSLATE_NOOP("GmmSelect", "; "))


def short_list(numbers):
    """'3, 8, 12' (the 10 smallest, then '...'): the feature IDs, bands... a message names, in one order
    whatever the order they were read in (a selection's, which Qt changes from one process to the next)."""
    numbers = sorted(int(number) for number in numbers)
    return ", ".join(map(str, numbers[:10])) + (", ..." if len(numbers) > 10 else "")


def joined(parts, separator):
    """`separator.join(parts)` as a Text that translates each of its parts (and its separator) that is a
    Text; '' for no part. It halves the list, so a long one nests only log2(n) Texts deep."""
    if len(parts) <= 1:
        return parts[0] if parts else ""
    half = len(parts) // 2
    return Text(QT_TRANSLATE_NOOP("GmmSelect", "{first}{separator}{rest}"),
                first=joined(parts[:half], separator), separator=separator,
                rest=joined(parts[half:], separator))
