"""The interface text: every name a template reads is a text of each language, never a
dict method that Jinja would print instead (`t.keys` showed "<built-in method keys ...>")."""

from __future__ import annotations

import re
from pathlib import Path

from verifier.review.i18n import TEXT

TEMPLATES = Path(__file__).resolve().parents[2] / "verifier" / "templates"
# What `t.name` could find on the dict itself before Jinja looks up the item.
DICT_ATTRIBUTES = set(dir(dict))


def names_read() -> dict[str, set[str]]:
    """The text names each template reads as `t.name`."""
    return {
        path.name: set(re.findall(r"\bt\.(\w+)", path.read_text(encoding="utf-8")))
        for path in sorted(TEMPLATES.glob("*.html"))
    }


def test_no_text_is_named_like_a_dict_attribute() -> None:
    for lang, texts in TEXT.items():
        clashing = sorted(set(texts) & DICT_ATTRIBUTES)
        assert not clashing, f"{lang}: {clashing} would print the dict's method, not the text"


def test_both_languages_have_the_same_texts() -> None:
    assert set(TEXT["en"]) == set(TEXT["de"])


def test_every_name_a_template_reads_is_a_text_of_each_language() -> None:
    read = names_read()
    assert read["rate.html"] >= {"key_help", "skip"}  # the scan finds what it should
    for template, names in read.items():
        for lang, texts in TEXT.items():
            missing = sorted(names - set(texts))
            assert not missing, f"{template} reads {missing}, which {lang} lacks"
