"""IBANs in answers: their length and check digits, and grounding in blocks or in one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.checks.test_identifiers import found
from verifier.checks.models import SourceText
from verifier.checks.numbers import check_numbers


def with_check_digits(country: str, bban: str) -> tuple[str, str]:
    """An IBAN's country and digits with the check digits ISO 13616 gives them."""
    number = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    return country, f"{98 - number % 97:02d}{bban}"


ibans = st.builds(
    with_check_digits,
    st.from_regex(r"[A-Z]{2}", fullmatch=True),
    st.from_regex(r"[0-9]{18}", fullmatch=True),
)


def test_an_iban_missing_a_block_or_with_a_changed_digit_is_named_invalid() -> None:
    letter = "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX"
    assert found("IBAN DE89 3704 0044 0532 0130 00", letter) == [
        ("DE89 3704 0044 0532 0130 00", "grounded")
    ]
    # Each block of the shorter one stands in the excerpt: only its length tells.
    stage = check_numbers("", "IBAN DE89 3704 0044 0532 0130", [SourceText(1, letter)])
    (finding,) = stage.findings
    assert (finding.status, finding.text) == ("invalid_iban", "DE89 3704 0044 0532 0130")
    assert finding.excerpts == []  # a block missing: the excerpt holds another IBAN
    assert finding.message_en.startswith('The IBAN "DE89 3704 0044 0532 0130" is not valid')
    assert found("Konto DE89 3704 0044 0532 0131 00", letter) == [
        ("DE89 3704 0044 0532 0131 00", "ungrounded")
    ]
    # Codes that only look like one, unlabelled, are codes.
    assert found("Ref. DE12 3456 7890 12", "Ref. DE12 3456 7890 12") == [
        ("DE12 3456 7890 12", "grounded")
    ]
    order = "Bestellnummer DE12 3456 7890 1234 5678 90"
    assert not check_numbers("", order, [SourceText(1, order)]).flagged


@pytest.mark.parametrize(
    "answer",
    ["Die IBAN lautet DE89 3704 0044 0532 0130.", "**IBAN:** DE89 3704 0044 0532 0130"],
)
def test_an_iban_is_known_by_its_label_in_a_sentence(answer: str) -> None:
    letter = "IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX"
    assert check_numbers("", answer, [SourceText(1, letter)]).flagged


def test_an_invalid_iban_an_excerpt_writes_whole_is_copied_faithfully() -> None:
    # Blind probe 26: a made-up IBAN of a letter, copied as it stands, is faithful to it.
    typo = "IBAN DE89 3704 0044 0532 0130 01"
    (finding,) = check_numbers("", typo, [SourceText(1, typo)]).findings
    assert (finding.status, finding.excerpts) == ("grounded", [1])
    # In one block too; but one digit changed, or one block fewer, is no copy.
    (finding,) = check_numbers("", "IBAN DE89370400440532013001", [SourceText(1, typo)]).findings
    assert (finding.status, finding.excerpts) == ("grounded", [1])
    for changed in ("IBAN DE89 3704 0044 0532 0130 02", "IBAN DE89 3704 0044 0532 0130"):
        (finding,) = check_numbers("", changed, [SourceText(1, typo)]).findings
        assert finding.status == "invalid_iban"


def test_a_whole_iban_before_another_number_or_a_masked_one_is_no_broken_iban() -> None:
    rent = "Miete: IBAN DE89 3704 0044 0532 0130 00 12 Monate"
    assert not check_numbers("", rent, [SourceText(1, rent)]).flagged
    masked = "IBAN DE89 XXXX XXXX XXXX 0130 00"
    assert not check_numbers("", masked, [SourceText(1, masked)]).flagged


def grouped(country: str, digits: str, blocks: bool) -> str:
    code = country + digits
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4)) if blocks else code


@settings(max_examples=200, deadline=None)
@given(ibans, st.booleans(), st.booleans())
def test_an_iban_in_blocks_or_in_one_is_grounded(
    iban: tuple[str, str], excerpt_blocks: bool, answer_blocks: bool
) -> None:
    excerpt = f"IBAN {grouped(*iban, excerpt_blocks)} · BIC GENODEF1S10"
    answer = f"Überweise auf {grouped(*iban, answer_blocks)}."
    assert not check_numbers("", answer, [SourceText(1, excerpt)]).flagged, (answer, excerpt)


@settings(max_examples=200, deadline=None)
@given(ibans, st.booleans(), st.booleans(), st.data())
def test_an_iban_with_a_changed_digit_is_never_grounded(
    iban: tuple[str, str], excerpt_blocks: bool, answer_blocks: bool, data: st.DataObject
) -> None:
    country, digits = iban
    at = data.draw(st.integers(0, len(digits) - 1))
    new = data.draw(st.sampled_from([d for d in "0123456789" if d != digits[at]]))
    changed = digits[:at] + new + digits[at + 1 :]
    excerpt = f"IBAN {grouped(country, digits, excerpt_blocks)} · BIC GENODEF1S10"
    answer = f"Überweise auf {grouped(country, changed, answer_blocks)}."
    stage = check_numbers("", answer, [SourceText(1, excerpt)])
    assert stage.flagged, (answer, excerpt, stage.findings)
