"""Extract the messages for people from the package and bring the catalogs up to date,
with Babel (``pip install babel``):

- ``src/uno_rules/locale/uno_rules.pot``: every message marked with ``N_(...)`` in
  ``src/uno_rules`` (the English text, with ``{placeholders}``);
- ``src/uno_rules/locale/LANG/LC_MESSAGES/uno_rules.po`` for each language but English:
  new messages are added untranslated, messages gone from the code are dropped.

Run from the repository's root: ``python tools/update_catalogs.py``; ``--check`` only says
whether a catalog is stale (exit status 1). tests/test_catalogs.py fails when a catalog
lacks a message, or a translation changes a placeholder or a protected token. The wheel
carries the catalogs compiled (``.mo``, hatch_build.py); nothing here compiles them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "uno_rules" / "locale"
DOMAIN = "uno_rules"
LANGUAGES = ("vi", "tl")
NAMES = {"vi": "Vietnamese", "tl": "Tagalog"}
KEYWORDS = {"N_": None}


def template() -> Catalog:
    """Every marked message of the package, sorted."""
    catalog = Catalog(
        project="uno-rules", domain=DOMAIN, fuzzy=False, msgid_bugs_address="", version=""
    )
    catalog.header_comment = "# The messages for people of uno-rules, in English."
    found = extract_from_dir(
        str(ROOT / "src" / "uno_rules"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(),
        strip_comment_tags=True,
    )
    for _filename, _lineno, message, _comments, _context in found:
        catalog.add(message, flags=["python-brace-format"] if "{" in message else [])
    return catalog


def _text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, sort_output=True, no_location=True, width=100)
    # The creation date changes on every run; the catalogs carry none.
    lines = [
        line
        for line in out.getvalue().decode("utf-8").splitlines()
        if not line.startswith(('"POT-Creation-Date', '"PO-Revision-Date', "# Copyright"))
    ]
    return "\n".join(lines) + "\n"


def updated(lang: str, pot: Catalog) -> str:
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if path.is_file():
        with path.open("rb") as file:
            catalog = read_po(file, locale=lang, domain=DOMAIN)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="uno-rules")
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.version = ""
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "uno-rules"
    catalog.language_team = f"{lang}"
    catalog.header_comment = f"# {NAMES[lang]} catalog of uno-rules (the messages for people)."
    return _text(catalog)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    pot = template()
    wanted = {LOCALE / f"{DOMAIN}.pot": _text(pot)}
    for lang in LANGUAGES:
        wanted[LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"] = updated(lang, pot)
    stale = [p for p, text in wanted.items() if not p.is_file() or p.read_text("utf-8") != text]
    for path in stale:
        name = path.relative_to(ROOT)
        if check:
            print(f"{name}: stale (python tools/update_catalogs.py)")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wanted[path], encoding="utf-8")
            print(f"{name}: written")
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
