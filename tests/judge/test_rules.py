"""Code decides: quotes are checked against the excerpt they name, the claim list binds."""

from __future__ import annotations

from typing import Any

import pytest

from verifier.checks.models import SourceText
from verifier.judge.quotes import figures_held
from verifier.judge.rules import decide, quote_in
from verifier.judge.schema import JudgeOutput
from verifier.judge.stage import JudgeSettings, family, pick_model

EXCERPTS = [
    SourceText(1, "Wohnzimmer           30,47 m²\nKüche  9,86 m²"),
    SourceText(2, "Der Vermieter ist Herr Jürgen Albers, Am Kanonengraben 11."),
]


def output(claims: list[dict[str, Any]], verdict: str, objections: Any = ()) -> JudgeOutput:
    return JudgeOutput.model_validate(
        {"claims": claims, "verdict": verdict, "objections": list(objections)}
    )


def claim(text: str, status: str, excerpt: int | None, quote: str | None) -> dict[str, Any]:
    return {"claim": text, "type": "other", "status": status, "excerpt": excerpt, "quote": quote}


def test_quotes_match_with_case_whitespace_and_small_noise_folded() -> None:
    text = EXCERPTS[1].text
    assert quote_in("der vermieter ist  Herr Jürgen Albers", text)
    assert quote_in("Vermieter ist Herr Jurgen Albers", text)  # one OCR-ish slip
    assert quote_in("Der Vermieter … Am Kanonengraben 11", text)
    assert not quote_in("Der Vermieter ist Frau Petra Albers", text)
    assert not quote_in("30,74", EXCERPTS[0].text)
    assert not quote_in("", text)


@pytest.mark.parametrize(
    ("quote", "text"),
    [
        ("50 EUR", "Preis 150 EUR"),  # a figure cut out of a larger one
        ("5,2 %", "Rendite -5,2 %"),  # its sign left behind
        ("5", "Preis 1,5 EUR"),  # a decimal place
        ("Frist: 14 Tage ab Zugang", "Frist: 41 Tage ab Zugang, Zimmer 14"),  # digits swapped
        ("Frist: 14 Tage ab Zugang", "Frist: 4 Tage ab Zugang, Zimmer 14"),
        ("Miete 1850 EUR", "Miete 850 EUR. Baujahr 1850."),  # its digits stand elsewhere
        ("Rendite -5,2 % im Jahr", "Rendite +5,2 % im Jahr"),  # the sign flipped
        ("Summe Sanierung 127,551 EUR", "Summe Sanierung 127.551 EUR"),  # 127 551 -> 127.551
        ("Küche … 30,47 m²", "Wohnzimmer 30,47 m²\nKüche 9,86 m²"),  # parts out of order
        ("500 EUR", "Kaution 1\u202f500 EUR"),  # a group of a space-grouped figure
        ("Kaution 1", "Kaution 1 500 EUR"),
    ],
)
def test_figures_in_a_quote_stand_whole_and_as_written_letters_may_blur(
    quote: str, text: str
) -> None:
    # Found by an audit: each of these quoted a figure the excerpt does not say.
    assert not quote_in(quote, text)


def test_quotes_of_whole_figures_and_parts_in_order_still_stand() -> None:
    assert quote_in("150 EUR", "Preis 150 EUR.")
    assert quote_in("1 500 EUR", "Kaution 1\u00a0500 EUR") and quote_in("Raum 1", "Raum 1 2024")
    assert quote_in("2020", "Saison 2019-2020")  # a hyphen between years is no sign
    assert quote_in("kostet 5", "Das kostet 5.")
    assert quote_in("Summe Sanierung 127.551 EUR", "Summe Sanierug: 127.551 EUR")  # OCR slip
    assert quote_in("Wohnzimmer … 9,86 m²", EXCERPTS[0].text)


def test_a_final_ok_that_contradicts_the_claim_list_is_overruled() -> None:
    decision = decide(
        output(
            [
                claim("Gäste-WC", "missing", None, None),
                claim("30,47 m²", "supported", 1, "Wohnzimmer 30,47 m²"),
            ],
            "ok",
        ),
        EXCERPTS,
    )
    assert decision.verdict == "objection" and decision.overruled
    assert [c.status for c in decision.claims] == ["missing", "supported"]


def test_an_invented_quote_makes_support_unverified_and_an_objection_unfounded() -> None:
    decision = decide(
        output(
            [claim("Albers", "supported", 1, "Der Vermieter ist Herr Albers")],  # wrong excerpt
            "objection",
            [{"claim": "30,47 m²", "excerpt": 1, "quote": "Wohnzimmer 31,00 m²", "reason": "x"}],
        ),
        EXCERPTS,
    )
    assert decision.claims[0].status == "unverified"
    assert decision.objections[0].founded is False
    # Nothing proven against the answer, nothing proven for it: no ruling, and no flag.
    assert decision.verdict == "unverified" and not decision.overruled
    assert decision.reason is not None and "1 claim(s) called supported" in decision.reason


def test_a_contradiction_needs_a_real_quote_to_count() -> None:
    founded = decide(
        output([claim("31 m²", "contradicted", 1, "Wohnzimmer 30,47 m²")], "objection"), EXCERPTS
    )
    assert founded.verdict == "objection" and founded.claims[0].status == "contradicted"
    unfounded = decide(
        output([claim("31 m²", "contradicted", 1, "Wohnzimmer 31 m²")], "objection"), EXCERPTS
    )
    assert unfounded.verdict == "unverified" and unfounded.claims[0].status == "unfounded"


def settings(fallback: str | None = None) -> JudgeSettings:
    return JudgeSettings(
        url="http://127.0.0.1:1",
        model="gemma3:12b",
        fallback_model=fallback,
        num_ctx=8192,
        num_predict=512,
        think=False,
        timeout_s=1,
        deadline_s=1,
    )


def test_the_judge_never_judges_its_own_family() -> None:
    assert family("gemma3:12b") == family("google/gemma-2-9b-it") == "gemma"
    assert family("Qwen/Qwen2.5-7B-Instruct") == family("qwen3:8b") == "qwen"
    # Derived models carry their family inside the name.
    for derived in ("medgemma:27b", "codegemma:7b", "shieldgemma:9b", "3b-gemma", "paligemma"):
        assert family(derived) == "gemma", derived
        assert pick_model(settings(), derived) is None, derived
    assert family("codellama:13b") == family("tinyllama") == "llama"
    assert family("dolphin-mixtral:8x7b") == "mixtral" and family("phi4:14b") == "phi"
    assert family("7b-model") is None
    assert pick_model(settings(), "qwen3:8b") == "gemma3:12b"
    assert pick_model(settings(), None) == "gemma3:12b"
    assert pick_model(settings(), "gemma2:27b") is None
    assert pick_model(settings("mistral-small3.2"), "gemma2:27b") == "mistral-small3.2"


def typed(text: str, kind: str, excerpt: int, quote: str) -> dict[str, Any]:
    return {**claim(text, "supported", excerpt, quote), "type": kind}


def test_a_supported_claim_needs_a_quote_that_holds_it() -> None:
    # Found by an audit: any real quote proved any claim, so a swapped first name or figure
    # passed as 'ok'.
    tenant = "Der Vermieter ist Herr Jürgen Albers"
    swapped = [
        typed("Peter Albers", "name", 2, tenant),  # a first name the excerpt never gives
        typed("31,47 m²", "amount", 1, "Wohnzimmer 30,47 m²"),  # a figure the quote lacks
        typed("+5,2 %", "amount", 1, "Wohnzimmer 30,47 m²"),
    ]
    for wrong in swapped:
        decision = decide(output([wrong], "ok"), EXCERPTS)
        assert (decision.verdict, decision.claims[0].status) == ("unverified", "unverified"), wrong
    held = [
        typed("Herrn Jürgen Albers", "name", 2, tenant),  # inflected, with a title
        typed("Albers", "name", 2, "Herr Jürgen Albers"),
        typed("30.47 m²", "amount", 1, "Wohnzimmer 30,47 m²"),  # the answer's own marks
        typed("das Wohnzimmer hat 30,47 m²", "other", 1, "Wohnzimmer 30,47 m²"),
    ]
    for right in held:
        decision = decide(output([right], "ok"), EXCERPTS)
        assert (decision.verdict, decision.claims[0].status) == ("ok", "supported"), right


def test_a_name_is_held_by_its_quote_not_by_the_rest_of_the_excerpt() -> None:
    # "Peter" stands in the excerpt, as another man's name: the quote must hold the claim.
    texts = [SourceText(1, "Vermieter ist Herr Jürgen Albers. Hausmeister: Peter Schmidt.")]
    swapped = typed("Peter Albers", "name", 1, "Herr Jürgen Albers")
    assert decide(output([swapped], "ok"), texts).claims[0].status == "unverified"
    # A script without capitals: the whole name must stand in the quote.
    chinese = [SourceText(1, "房东是王伟。")]
    assert decide(output([typed("李娜", "name", 1, "房东是王伟")], "ok"), chinese).verdict == (
        "unverified"
    )
    assert decide(output([typed("王伟", "name", 1, "房东是王伟")], "ok"), chinese).verdict == "ok"


def test_an_empty_or_baseless_proof_is_no_ok() -> None:
    figures = "Das Wohnzimmer hat 30,47 m²."
    nothing = decide(output([], "ok"), EXCERPTS, figures)
    assert nothing.verdict == "unverified" and "no claim listed" in (nothing.reason or "")
    # An answer without a figure may have no claim to list.
    assert decide(output([], "ok"), EXCERPTS, "Dazu sagen die Auszüge nichts.").verdict == "ok"
    bare = decide(output([typed("30,47 m²", "amount", 1, "30,47 m²")], "objection"), EXCERPTS)
    assert bare.verdict == "unverified" and "objected without naming" in (bare.reason or "")


@pytest.mark.parametrize(
    ("quote", "text"),
    [
        ("Rendite 2023 bei -5,2 %", "Rendite 2023 bei \u22125,2 %."),  # the minus sign
        ("Mo-Fr 9-17 Uhr", "Mo\u2011Fr 9\u201217 Uhr"),  # non-breaking hyphen, figure dash
        ("E-Mail an Bonn-Beuel", "E\u2010Mail an Bonn\u2015Beuel"),
        ('"Küche 9,86 m²."', "Küche 9,86 m², Bad 4 m²"),  # wrapped in quotation marks
        ("„Küche 9,86 m²“", "Küche 9,86 m², Bad 4 m²"),
        ("Herr […] Albers", "Herr Jürgen Albers"),  # the German ellipsis
        ("Herr (...) Albers", "Herr Jürgen Albers"),
        ("850 EUR monatlich", "Kaltmiete ab 01.01.2024\n850 EUR monatlich"),  # a line's start
        ("hat 3.645.000 Einwohner", "Die Stadt hat 3.645.000² Einwohner."),  # a footnote mark
    ],
)
def test_faithful_quotes_stand_exactly(quote: str, text: str) -> None:
    assert quote_in(quote, text, exact=True)


@pytest.mark.parametrize(
    "quote",
    [
        "Herr Jürgen Albert",  # one letter off: OCR noise or another name, but no proof
        "Der Vermieter ist nicht Herr Jürgen Albers",  # a word added
        "m",  # stands anywhere
        "e",
    ],
)
def test_a_quote_that_flags_must_stand_as_written_and_say_something(quote: str) -> None:
    contradicted = claim("Jürgen Albers", "contradicted", 2, quote)
    objection = {"claim": "Jürgen Albers", "excerpt": 2, "quote": quote, "reason": "x"}
    decision = decide(output([contradicted], "objection", [objection]), EXCERPTS)
    assert decision.claims[0].status == "unfounded" and not decision.objections[0].founded
    assert decision.verdict == "unverified"


def test_missing_said_of_words_an_excerpt_holds_verbatim_flags_nothing() -> None:
    # The model cannot quote an absence, but code can check one: these words stand there.
    held = decide(
        output([claim("Herr Jürgen Albers", "missing", None, None)], "objection"), EXCERPTS
    )
    assert held.claims[0].status == "unfounded" and held.verdict == "unverified"
    # Not refuted: other words, a word inside another, a bare figure (which may stand for
    # another thing than the answer's: the kitchen's area is no living room's).
    for text in ("Herr Peter Albers", "Mieter", "30,47 m²", "Am Kanonengraben 1"):
        kept = decide(output([claim(text, "missing", None, None)], "objection"), EXCERPTS)
        assert (kept.claims[0].status, kept.verdict) == ("missing", "objection"), text


@pytest.mark.parametrize(
    ("claim_text", "quote", "held"),
    [
        ("2.550 EUR", "Kaution 2550,00 EUR", True),  # read as the number checks read it
        ("1. März 2024", "Mietbeginn 01.03.2024", True),
        ("March 2024", "Beginn 01.03.2024", True),
        ("30.47 m²", "Wohnzimmer 30,47 m²", True),
        ("RE-2026-7890", "Rechnung RE-2026-7890", True),
        ("-5,2 %", "Rendite \u22125,2 %", True),
        ("31,47 m²", "Wohnzimmer 30,47 m²", False),
        ("+5,2 %", "Rendite -5,2 %", False),
        ("2. März 2024", "Mietbeginn 01.03.2024", False),
        ("14 Tage", "Frist 41 Tage", False),
        # Found by a review: digits or digit groups alone held another figure or date.
        ("500 EUR", "Die Kaution beträgt 1.500 EUR", False),
        ("47 m²", "Wohnzimmer 30,47 m²", False),
        ("Übergabe am 15. August 2024", "Übergabe am 15.07.2024", False),
        ("Mietbeginn 1. Mai", "Mietbeginn: 1. Juni 2024", False),
        ("Kaution 1.500 EUR", "Wohnung 1 … 500 EUR", False),  # parts are read on their own
        ("３１ m²", "Wohnzimmer 30 m²", False),  # digits of other forms and scripts
        ("٣١ m²", "Wohnzimmer ٣٠ m²", False),
        ("٣٠ m²", "Wohnzimmer ٣٠ m²", True),
        ("gemma3", "Modell gemma4", False),  # digits the number checks do not read
        ("gemma3", "Modell Gemma3", True),
    ],
)
def test_a_supported_claims_figures_must_stand_in_its_quote(
    claim_text: str, quote: str, held: bool
) -> None:
    assert figures_held(claim_text, quote) is held
