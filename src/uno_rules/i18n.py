"""Languages: the words of every sentence for people, in English, Vietnamese or Tagalog.

The sentences are gettext messages: the English text is the message id, a format string
whose ``{placeholders}`` are filled in after translation. The catalogs are
``locale/<lang>/LC_MESSAGES/uno_rules.po`` inside the package; the wheel carries them
compiled (``.mo``, built by the build hook with Babel) and they are read with the standard
library's :mod:`gettext`. A source checkout that has no compiled catalog reads the ``.po``
file itself. Nothing here is global state: every function that renders text takes
``lang=`` (English by default), and a catalog is read the first time a sentence in its
language is asked for.

>>> tr("vi", "Settle"), tr("tl", "Settle"), tr("en", "Settle")
('Phân xử', 'Hatulan', 'Settle')
>>> normalize("fil_PH.UTF-8"), normalize("vi-VN"), normalize("de"), normalize(None)
('tl', 'vi', 'en', 'en')
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "from_accept_language",
    "from_environ",
    "normalize",
    "supported",
    "tr",
    "translate",
]

DEFAULT = "en"
LANGUAGES: tuple[str, ...] = ("en", "vi", "tl")
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "vi": "Tiếng Việt", "tl": "Tagalog"}
# other names people give a language: its ISO 639-2 code, its English name, and the
# country code people type for Vietnamese
_ALIASES = {
    "fil": "tl",
    "filipino": "tl",
    "tagalog": "tl",
    "tgl": "tl",
    "vn": "vi",
    "vie": "vi",
    "vietnamese": "vi",
    "eng": "en",
    "english": "en",
}
DOMAIN = "uno_rules"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it here."""
    return message


def normalize(lang: object) -> str:
    """The supported language that ``lang`` names (``vi``, ``vi_VN.UTF-8``, ``fil-PH``,
    ``tl``), or English for anything else."""
    if not isinstance(lang, str):
        return DEFAULT
    code = re.split(r"[-_.@]", lang.strip().lower(), maxsplit=1)[0]
    code = _ALIASES.get(code, code)
    return code if code in LANGUAGES else DEFAULT


def supported(lang: str) -> str | None:
    """The supported language that ``lang`` names (as :func:`normalize` reads it), or
    ``None`` when it names none: what an explicit choice (``--lang``) is checked with.

    >>> supported("vn"), supported("Tagalog"), supported("de")
    ('vi', 'tl', None)
    """
    code = re.split(r"[-_.@]", lang.strip().lower(), maxsplit=1)[0]
    code = _ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def from_environ(environ: Mapping[str, str]) -> str:
    """The language of the locale variables, read as gettext reads them: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``LANGUAGE`` may
    list several, separated by colons: the first supported one counts)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "").strip()
        if not value:
            continue
        for part in value.split(":"):
            if part in ("C", "POSIX") or part.startswith("C."):
                return DEFAULT
            found = supported(part) if part else None
            if found is not None:
                return found
        return DEFAULT
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The supported language an ``Accept-Language`` header prefers most (English when it
    names none)."""
    best: tuple[float, int, str] | None = None
    for index, item in enumerate((header or "")[:1000].split(",")[:50]):
        name, _, params = item.strip().partition(";")
        weight = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([0-9.]{1,6})\s*", params)
        if params and match is None:
            continue
        if match is not None:
            try:
                weight = float(match.group(1))
            except ValueError:
                continue
        found = supported(name) if name.strip() not in ("", "*") else None
        if found is None or weight <= 0:
            continue
        if best is None or weight > best[0]:
            best = (weight, index, found)
    return DEFAULT if best is None else best[2]


def tr(lang: str, message: str) -> str:
    """``message`` (an English message id) in ``lang``; English, or a message the catalog
    lacks, is returned as it is."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return message
    return _catalog(lang).get(message) or message


def translate(lang: str, message: str, **params: Any) -> str:
    """``message`` in ``lang`` with its placeholders filled in from ``params``."""
    return tr(lang, message).format(**params)


@functools.cache
def _catalog(lang: str) -> dict[str, str]:
    """The messages of ``lang``: the compiled catalog (``.mo``) through :mod:`gettext`,
    else the catalog's source (``.po``) as a source checkout has it."""
    # start-up: only a catalog other than English is read
    from importlib import resources

    folder = resources.files("uno_rules").joinpath("locale", lang, "LC_MESSAGES")
    compiled = folder.joinpath(f"{DOMAIN}.mo")
    if compiled.is_file():
        # start-up: only a compiled catalog is read with gettext
        import gettext

        catalog = gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))
        return {str(k): str(v) for k, v in catalog._catalog.items() if k}  # type: ignore[attr-defined]
    source = folder.joinpath(f"{DOMAIN}.po")
    if source.is_file():
        return read_po(source.read_text(encoding="utf-8"))
    return {}


_PO_LINE = re.compile(r'^(msgctxt|msgid|msgstr)\s+"(.*)"\s*$|^"(.*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def read_po(text: str) -> dict[str, str]:
    """The translated messages of a ``.po`` file's text, message id to translation (the
    header, untranslated and fuzzy entries left out)."""
    out: dict[str, str] = {}
    key: str | None = None
    parts: dict[str, str] = {}
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        msgid, msgstr = parts.get("msgid"), parts.get("msgstr")
        if msgid and msgstr and not fuzzy and "msgctxt" not in parts:
            out[msgid] = msgstr
        parts.clear()
        fuzzy = False

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if stripped.startswith("#,") and "fuzzy" in stripped:
                if parts.get("msgstr") is not None:
                    flush()
                fuzzy = True
            continue
        match = _PO_LINE.match(stripped)
        if match is None:
            continue
        if match.group(1):
            if match.group(1) in ("msgctxt", "msgid") and "msgstr" in parts:
                flush()
            key = match.group(1)
            parts[key] = _unquote(match.group(2))
        elif key is not None:
            parts[key] += _unquote(match.group(3))
    flush()
    return out
