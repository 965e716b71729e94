"""Identifiers with digits must recur in an excerpt as the same runs of letters and digits."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from verifier.checks.identifiers import (
    _CHAIN,
    _DOTTED,
    CHAIN_PLAIN,
    DOTTED_PLAIN,
    Ident,
    RunIndex,
    exact_pattern,
)
from verifier.checks.models import SourceText
from verifier.checks.numbers import FLAGGING, check_numbers

# Besides the names, the note holds every digit the changed names below use, on its own.
NOTE = (
    "Empfohlene Modelle: qwen2.5:14b für den Chat, gemma3:12b für den Alltag, bge-m3 für "
    "Embeddings. Ein Qwen2.5 14B braucht 2 GPUs oder 12 GB VRAM; 3 Modelle passen in 32 GB."
)
ARTICLES = (
    "Pos. 1  Art.-Nr. 4711-0815  Dübel 8 mm, 100 Stück\n"
    "Pos. 2  Art.-Nr. 4712-0816  Schrauben 4x40, 851 Stück"
)


def found(answer: str, *texts: str) -> list[tuple[str, str]]:
    stage = check_numbers("", answer, [SourceText(i, t) for i, t in enumerate(texts, 1)])
    assert stage.flagged == any(f.status in FLAGGING for f in stage.findings)
    for f in stage.findings:
        assert answer[f.start : f.end] == f.text
    return [(f.text, f.status) for f in stage.findings]


@pytest.mark.parametrize(
    "answer",
    ["bge-m3", "BGE M3", "BGE-M3", "qwen2.5:14b", "Qwen2.5", "gemma3", "gemma3:12b", "14B"],
)
def test_a_model_name_as_the_excerpt_writes_it_is_grounded(answer: str) -> None:
    assert {status for _, status in found(f"Nimm {answer}.", NOTE)} == {"grounded"}


@pytest.mark.parametrize(
    ("answer", "text"),
    [
        ("Nimm bge-m2.", "bge-m2"),
        ("Nimm gemma2.", "gemma2"),
        ("Nimm gemma2:12b.", "gemma2:12b"),
        ("Nimm qwen2.5:12b.", "qwen2.5:12b"),
        ("Nimm qwen2.6.", "qwen2.6"),
        ("Nimm qwen25.", "qwen25"),
    ],
)
def test_a_model_name_with_a_changed_digit_is_ungrounded(answer: str, text: str) -> None:
    # Each changed digit stands elsewhere in the note (2 GPUs, 12 GB, 32 GB): no proof.
    assert (text, "ungrounded") in found(answer, NOTE)


@pytest.mark.parametrize(
    ("answer", "excerpt", "expected"),
    [
        # A quarter named in words holds its code (a probe: Q3 for "third-quarter revenue").
        (
            "In Q3, revenue reached $1.24 billion.",
            "third-quarter revenue of $1.24 billion",
            "grounded",
        ),
        ("Im Q3 lag der Umsatz bei 5 Mio. €.", "Umsatz im 3. Quartal: 5 Mio. €", "grounded"),
        ("Im Q3 lag der Umsatz bei 5 Mio. €.", "Umsatz im dritten Quartal: 5 Mio. €", "grounded"),
        (
            "In Q2, revenue reached $1.24 billion.",
            "third-quarter revenue of $1.24 billion",
            "ungrounded",
        ),
        (
            "In Q3, revenue reached $1.24 billion.",
            "a third of the quarter's $1.24 billion",
            "ungrounded",
        ),
    ],
)
def test_a_quarter_s_code_is_held_by_its_name_in_words(
    answer: str, excerpt: str, expected: str
) -> None:
    assert found(answer, excerpt)[0] == (answer.split()[1].rstrip(","), expected)


def test_a_booking_code_led_by_a_digit_is_an_identifier() -> None:
    # Found by a probe: 7K4Q2M read as 7 with a unit, so 7K4Q2N passed on the excerpt's digits.
    booking = "Reiseverbindung – Buchungsnummer 7K4Q2M, Wagen 6, Platz 64"
    assert found("Buchungsnummer 7K4Q2M [1].", booking) == [("7K4Q2M", "grounded")]
    assert found("Buchungsnummer 7K4Q2N [1].", booking) == [("7K4Q2N", "ungrounded")]
    # Glued letters after a number stay its unit or a dimension.
    assert found("ein 2x4-Brett, 3X4X5 cm, ab 11am", "2x4; 3 x 4 x 5; 11 am") == [
        ("2", "grounded"),
        ("4", "grounded"),
        ("3", "grounded"),
        ("4", "grounded"),
        ("5", "grounded"),
        ("11", "grounded"),
    ]
    assert found("Buchungscode 4X9R2", "Buchungscode 4X9T2") == [("4X9R2", "ungrounded")]


def test_a_long_glued_word_is_read_in_linear_time() -> None:
    # Found by a review: the code pattern split a run of capitals in 2**n ways.
    start = time.perf_counter()
    found("Der 4KULTRAHDBLURAYPLAYERMODELLX-neu ist da.", "nichts")
    assert time.perf_counter() - start < 0.5


def test_a_version_written_with_a_v_is_the_version_number() -> None:
    # Found by a probe: "v2.3" was a name the excerpt's "Version 2.3" did not hold.
    release = "Version 2.3 bringt Dark Mode; Release 2.3.1 behebt den Fehler. DeepSeek-V3."
    both = found("Ab v2.3 gibt es Dark Mode, v2.3.1 behebt den Fehler.", release)
    assert both and {status for _, status in both} == {"grounded"}
    assert found("Ab v2.4 gibt es Dark Mode.", release) == [("2.4", "ungrounded")]
    assert found("DeepSeek-V2", release) == [("DeepSeek-V2", "ungrounded")]  # still a name


def test_a_model_size_is_billions_not_a_bare_number() -> None:
    sizes = "Qwen2.5 14B braucht 12 GB VRAM, Gemma 3 in 27B etwa 20 GB."
    assert found("Qwen2.5 14B", sizes) == [("Qwen2.5", "grounded"), ("14", "grounded")]
    assert found("Qwen2.5 12B", sizes) == [("Qwen2.5", "grounded"), ("12", "ungrounded")]
    assert found("ein 20b-Modell", sizes) == [("20", "ungrounded")]
    assert found("ein 14B-Modell", "14 billion parameters") == [("14", "grounded")]
    assert found("$14B", "14 billion dollars") == [("14", "grounded")]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Dübel: Art.-Nr. 4711-0815", "grounded"),
        ("Dübel: Artikelnummer 4711 0815", "grounded"),
        ("Dübel: Art.-Nr. 47110815", "grounded"),
        ("Dübel: Art.-Nr. 4711-0816", "ungrounded"),
        ("Dübel: Art.-Nr. 4711-0851", "ungrounded"),
        ("Dübel: Art.-Nr. 4712-0815", "ungrounded"),
        ("Dübel: Art.-Nr. 0815-4711", "ungrounded"),
        ("Dübel: Art.-Nr. 4711-815", "ungrounded"),
        ("Dübel: 4711-0816", "ungrounded"),
    ],
)
def test_article_numbers_keep_their_digits_and_groups(answer: str, expected: str) -> None:
    ((_, status),) = found(answer, ARTICLES)
    assert status == expected


def test_an_identifier_finding_names_the_identifier() -> None:
    stage = check_numbers("", "Art.-Nr. 4711-0816", [SourceText(1, ARTICLES)])
    (finding,) = stage.findings
    assert finding.model_dump(include={"text", "value", "status", "excerpts"}) == {
        "text": "4711-0816",
        "value": "4711 0816",
        "status": "ungrounded",
        "excerpts": [],
    }
    assert finding.message_en == 'The identifier "4711-0816" does not appear in any excerpt.'
    assert finding.message_de == "Die Kennung „4711-0816“ kommt in keinem Auszug vor."
    (ok,) = check_numbers("", "Art.-Nr. 4711-0815", [SourceText(1, ARTICLES)]).findings
    assert ok.message_en == 'The identifier "4711-0815" appears in excerpt [1].'


@pytest.mark.parametrize(
    ("excerpt", "answer", "expected"),
    [
        ("Seriennummer SN4471XY", "Seriennummer SN4471XY", "grounded"),
        ("Seriennummer SN4471XY", "Seriennummer SN4471XK", "ungrounded"),
        ("SD-Karte SDSQXAA-128G-GN6MA", "Art.-Nr. SDSQXAA-128G-GN6MB", "ungrounded"),
        ("Prozessor i7-12700K", "ein i7-12700KF", "ungrounded"),
        ("Modell Llama 3 8B", "mit Llama-3-8B", "grounded"),
        ("the F-15E Strike Eagle", "an F-15E", "grounded"),
    ],
)
def test_the_capitals_that_close_a_code_are_part_of_it(
    excerpt: str, answer: str, expected: str
) -> None:
    # An inventory's serial numbers and article numbers differ in their last letters.
    ((_, status),) = found(answer, excerpt)
    assert status == expected


@pytest.mark.parametrize(
    "answer",
    [
        "ein F-16s-Geschwader",  # the plural need not recur
        "auf A4-Papier",  # nor the compound
        "die Su-24",
        "im Jahr 2020 waren es 5km",  # a unit glued to a number names nothing
        "von 11am-10pm",
        "in the mid-1990s",
        "auf 30 m2",  # a unit power: the 2 is no figure
        "the 2007-08 season",  # a span of years, not a code
        "Preis: EUR90",
    ],
)
def test_names_units_and_qualifiers(answer: str) -> None:
    excerpt = (
        "F-16 jets, paper in A4, the Su-24 bomber, 2020, 5 km, 11 am to 10 pm, 1990s, 30 m², "
        "the (2007 -- 08) season, 90 EUR"
    )
    assert {status for _, status in found(answer, excerpt)} <= {"grounded"}


def test_an_identifier_from_the_question() -> None:
    stage = check_numbers("Läuft bge-m3 lokal?", "Ja, bge-m3 läuft lokal.", [SourceText(1, "x")])
    assert [(f.text, f.status) for f in stage.findings] == [("bge-m3", "from_question")]


def test_superscript_and_subscript_digits_in_excerpts() -> None:
    assert found("CO2-Ausstoß", "Der CO₂-Ausstoß sinkt.") == [("CO2-Ausstoß", "grounded")]


# --- properties -------------------------------------------------------------------------------

_NAMES = ["bge", "gemma", "qwen", "llama", "de", "a", "gpt", "mistral", "phi", "su", "g", "x"]
_TAILS = ["m", "b", "coder", "instruct", "e"]


@st.composite
def identifiers(draw: st.DrawFn) -> list[str]:
    """Runs of a name: letters first, then digits and letters in turn."""
    runs = [draw(st.sampled_from(_NAMES))]
    for i in range(draw(st.integers(1, 4))):
        runs.append(draw(st.from_regex(r"[0-9]{1,5}", fullmatch=True)))
        if i < 3 and draw(st.booleans()):
            runs.append(draw(st.sampled_from(_TAILS)))
    return runs


def separators(runs: list[str], data: st.DataObject) -> list[str]:
    """Separators between the runs; two runs of one kind need one, or they would be one."""
    out = []
    for prev, run in itertools.pairwise(runs):
        same = prev.isdigit() == run.isdigit()
        choices = ["-", "_", "."] if same and run.isdigit() else ["-", "_"] if same else ["", "-"]
        out.append(data.draw(st.sampled_from(choices + ([":"] if run.isdigit() else []))))
    return out


def write(runs: list[str], seps: list[str]) -> str:
    return runs[0] + "".join(s + r for s, r in zip(seps, runs[1:], strict=True))


@settings(max_examples=300, deadline=None)
@given(identifiers(), st.data(), st.booleans())
def test_an_identifier_copied_with_other_separators_or_case_is_grounded(
    runs: list[str], data: st.DataObject, upper: bool
) -> None:
    seps = separators(runs, data)
    # Between letters and digits the answer may write other separators: bge-m3 = BGE M3.
    other = [
        data.draw(st.sampled_from(["", "-"])) if a.isdigit() != b.isdigit() else s
        for s, a, b in zip(seps, runs, runs[1:], strict=False)
    ]
    excerpt = f"Modell: {write(runs, seps)} (empfohlen)."
    answer = f"Nimm {write(runs, other).upper() if upper else write(runs, other)}."
    assert not check_numbers("", answer, [SourceText(1, excerpt)]).flagged, (answer, excerpt)


@settings(max_examples=300, deadline=None)
@given(identifiers(), st.data())
def test_an_identifier_with_a_changed_digit_is_never_grounded(
    runs: list[str], data: st.DataObject
) -> None:
    digit_runs = [i for i, r in enumerate(runs) if r.isdigit()]
    at = data.draw(st.sampled_from(digit_runs))
    pos = data.draw(st.integers(0, len(runs[at]) - 1))
    new = data.draw(st.sampled_from([d for d in "0123456789" if d != runs[at][pos]]))
    changed = [*runs]
    changed[at] = runs[at][:pos] + new + runs[at][pos + 1 :]
    seps = separators(runs, data)
    written, answer = write(runs, seps), write(changed, seps)
    assume(answer.lower() != written.lower())
    # The changed digit run stands in the excerpt too, on its own: that proves nothing.
    excerpt = f"Modell: {written} (empfohlen), Menge {changed[at]} Stück."
    stage = check_numbers("", f"Nimm {answer}.", [SourceText(1, excerpt)])
    assert stage.flagged, (answer, excerpt, stage.findings)


_CHAIN_PIECES = [
    "0",
    "7",
    "12",
    "2026",
    "0815",
    ".",
    ",",
    "-",
    "/",
    " ",
    "\t",
    "\n",
    "a",
    "é",
    "_",
    "ß",
    "²",
    "Nr. ",
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_CHAIN_PIECES), max_size=14))
def test_the_fast_digit_patterns_match_their_plain_spellings(pieces: list[str]) -> None:
    text = "".join(pieces)
    for fast, plain in ((_CHAIN, CHAIN_PLAIN), (_DOTTED, DOTTED_PLAIN)):
        spans = [m.span() for m in re.compile(plain).finditer(text)]
        assert [m.span() for m in fast.finditer(text)] == spans


_KEY_RUNS = ["a", "re", "m", "inv", "0", "2", "20", "26", "3704", "89"]
_TEXT_PIECES = [
    *_KEY_RUNS,
    "x",
    "7",
    "²",
    "³",
    "⁴",
    "₂",
    "ⁱ",
    "é",
    " ",
    "\u00a0",
    "\u2009",
    "\u202f",
    "\t",
    "-",
    "_",
    ".",
    "\n",
]


def _written(pattern: re.Pattern[str], first_is_digit: bool, text: str) -> bool:
    """The search as it was before texts were folded: the exact pattern over the text."""
    same = re.compile(r"[0-9⁰-⁹₀-₉]" if first_is_digit else r"[^\W\d_]")
    m = pattern.search(text)
    while m and m.start() and same.match(text, m.start() - 1):
        m = pattern.search(text, m.start() + 1)
    return m is not None


def _merged(runs: list[str]) -> str:
    """The key with digit groups run together, as a regrouped code's merged key is."""
    out: list[str] = []
    for run in runs:
        if out and out[-1].isdigit() and run.isdigit():
            out[-1] += run
        else:
            out.append(run)
    return " " + " ".join(out) + " "


_SEPARATORS = ["", "", " ", "-", "_", ".", "--", " - ", "\u00a0", "\u2009", "\t", "\n", "x"]
_STYLES = {
    "as is": str.maketrans({}),
    "superscript": str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"),
    "subscript": str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"),
}


@settings(max_examples=4000, deadline=None)
@given(
    st.lists(st.sampled_from(_KEY_RUNS), min_size=1, max_size=4),
    st.data(),
    st.booleans(),
)
def test_a_folded_search_finds_exactly_what_the_written_spelling_finds(
    runs: list[str], data: st.DataObject, merge: bool
) -> None:
    # The identifier's ASCII patterns over the folded text (² read as 2, a thin space as a
    # space) must hold in the same texts as the exact ones with ² and ₂ in their classes.
    # The text mostly writes the key's runs in a row, in some style and with some separators.
    pieces = st.lists(st.sampled_from(_TEXT_PIECES), max_size=4)
    written = [
        run.translate(_STYLES[data.draw(st.sampled_from(sorted(_STYLES)))])
        + data.draw(st.sampled_from(_SEPARATORS))
        for run in runs
    ]
    text = "".join(data.draw(pieces) + written + data.draw(pieces))
    key = " " + " ".join(runs) + " "
    merged = _merged(runs) if merge else key
    first_is_digit = runs[0][0].isdigit()
    expected = _written(exact_pattern(key, False), first_is_digit, text) or _written(
        exact_pattern(merged, True), first_is_digit, text
    )
    holding = RunIndex([(1, text)]).holding(Ident(0, 1, key, merged))
    assert holding == ({1} if expected else set())


def test_a_superscript_after_a_connector_is_checked_not_crashed_on() -> None:
    # "x-²5" once made a run that begins with ² (a digit to str.isdigit) and crashed the stage.
    assert found("Das Modell x-²5 ist gut.", "Modell x-²5 und y") == [("x-²5", "grounded")]
    assert found("Das Modell x-²5 ist gut.", "Modell x-25 und y") == [("x-²5", "ungrounded")]


@pytest.mark.parametrize(
    ("excerpt", "answer", "expected"),
    [
        ("Python 3.11.9", "Du nutzt Python 3.11.", False),  # a release, shortened
        ('PRETTY_NAME="Ubuntu 24.04.1 LTS"', "Ubuntu 24.04 LTS", False),
        ("Kernel 6.8.0-51", "Kernel 6.8", False),
        ("Python 3.11.9", "Python 3.12", True),
        ("Docker 27.3.1, Compose v2.29.7", "Compose v2.29.1", True),  # v: still one version
        ("Docker 27.3.1, Compose v2.29.7", "Compose v2.29.7", False),
        ("Ollama 0.5.7", "Ollama v0.5.8", True),
    ],
)
def test_versions_are_read_whole_and_may_be_shortened(
    excerpt: str, answer: str, expected: bool
) -> None:
    assert check_numbers("", answer, [SourceText(1, excerpt)]).flagged == expected
