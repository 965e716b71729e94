"""Interface text in English and German, chosen by ?lang=, a cookie, or Accept-Language.

Templates read a text as `t.name`, which Jinja looks up as an attribute first: a name that
is also a dict method (keys, items, get, ...) would print the method. tests/review/test_i18n.py
refuses such names."""

from __future__ import annotations

from fastapi import Request

LANGUAGES = ("en", "de")

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Answer review",
        "sign_in": "Sign in",
        "sign_out": "Sign out",
        "username": "Username",
        "password": "Password",
        "bad_login": "Wrong username or password.",
        "too_many": "Too many failed sign-ins for this account; try again in 15 minutes.",
        "queue": "Waiting for a rating",
        "queue_empty": "Nothing waits for a rating.",
        "received": "Received",
        "question": "Question",
        "answer": "Answer",
        "excerpts": "Excerpts",
        "guidelines": "Guidelines",
        "guidelines_text": "Rate the answer against the excerpts only, not your own knowledge. "
        "Correct: every statement is backed by an excerpt. Incorrect: something is invented, "
        "wrong, or attributed to the wrong excerpt. Partly correct: mostly backed, some of it not.",
        "correct": "Correct",
        "incorrect": "Incorrect",
        "partly": "Partly correct",
        "comment": "Comment (optional)",
        "submit": "Submit and see the verdict",
        "skip": "Skip",
        "discard": "Not rateable",
        "discard_reason": "Why not rateable?",
        "leased": "Another reviewer is rating this answer right now.",
        "hold_lost": "This page no longer holds the answer (another reviewer took it, or it "
        "was rated or discarded meanwhile); a rating sent now may be refused.",
        "verdict": "What the verifier said",
        "flagged": "Flagged",
        "not_flagged": "Not flagged",
        "pending_verdict": "The verifier has not finished with this answer yet.",
        "your_rating": "Your blind rating",
        "blind_rating": "The blind rating (another reviewer's)",
        "revise": "Change my rating (kept as a revision)",
        "revision_note": "A change after seeing the verdict is kept as a revision; the metrics "
        "count your blind rating.",
        "claims": "The judge's claims",
        "judge_status": "Judge",
        "next": "Next answer",
        "key_help": "Keyboard: 1 correct · 2 incorrect · 3 partly · Ctrl/⌘+Enter submit · "
        "S skip · ? this help",
        "no_question": "(no question)",
        "queue_shown": "%(first)s–%(last)s of %(total)s shown, the oldest first.",
        "previous_page": "Previous page",
        "next_page": "Next page",
        "skipped": "skipped by you: at the end of your queue for a while",
        "judge_pending": "pending — the judge is still working",
        "judge_retrying": "pending — the judge has no verdict yet; try %(attempts)s failed: "
        "%(error)s.",
        "judge_retry_until": "It is tried again until %(until)s.",
        "judge_retried": "It is tried again.",
        "disagreements_shown": "%(first)s–%(last)s of %(total)s shown, the newest first.",
        "language": "Deutsch",
        "analytics": "Verifier figures",
        "window": "Window",
        "window_end": "UTC, the end not included",
        "apply": "Show",
        "coverage": "Coverage",
        "stage": "Stage",
        "by_kind": "By finding kind",
        "disagreements": "Disagreements",
        "export": "Export ratings (CSV)",
        "over_time": "Over time",
        "false_alarm_rate": "False-alarm rate",
        "catch_rate": "Catch rate",
        "precision": "Precision",
        "kappa": "Cohen's kappa",
        "rated": "Rated",
        "models": "By model and prompt version",
    },
    "de": {
        "title": "Antworten prüfen",
        "sign_in": "Anmelden",
        "sign_out": "Abmelden",
        "username": "Benutzername",
        "password": "Passwort",
        "bad_login": "Benutzername oder Passwort falsch.",
        "too_many": "Zu viele fehlgeschlagene Anmeldungen; bitte in 15 Minuten erneut versuchen.",
        "queue": "Warten auf Bewertung",
        "queue_empty": "Nichts wartet auf eine Bewertung.",
        "received": "Eingegangen",
        "question": "Frage",
        "answer": "Antwort",
        "excerpts": "Auszüge",
        "guidelines": "Richtlinien",
        "guidelines_text": "Bewerten Sie die Antwort nur an den Auszügen, nicht an eigenem "
        "Wissen. Richtig: jede Aussage ist durch einen Auszug belegt. Falsch: etwas ist "
        "erfunden, falsch oder dem falschen Auszug zugeschrieben. Teilweise richtig: "
        "überwiegend belegt, manches nicht.",
        "correct": "Richtig",
        "incorrect": "Falsch",
        "partly": "Teilweise richtig",
        "comment": "Kommentar (optional)",
        "submit": "Absenden und Urteil ansehen",
        "skip": "Überspringen",
        "discard": "Nicht bewertbar",
        "discard_reason": "Warum nicht bewertbar?",
        "leased": "Diese Antwort wird gerade von jemand anderem bewertet.",
        "hold_lost": "Diese Seite hält die Antwort nicht mehr (jemand anderes hat sie "
        "übernommen, oder sie wurde inzwischen bewertet oder verworfen); eine Bewertung kann "
        "jetzt abgelehnt werden.",
        "verdict": "Was der Prüfer sagt",
        "flagged": "Markiert",
        "not_flagged": "Nicht markiert",
        "pending_verdict": "Der Prüfer ist mit dieser Antwort noch nicht fertig.",
        "your_rating": "Ihre blinde Bewertung",
        "blind_rating": "Die blinde Bewertung (einer anderen Person)",
        "revise": "Bewertung ändern (als Revision gespeichert)",
        "revision_note": "Eine Änderung nach dem Aufdecken wird als Revision gespeichert; die "
        "Kennzahlen zählen Ihre blinde Bewertung.",
        "claims": "Aussagen laut Prüfmodell",
        "judge_status": "Prüfmodell",
        "next": "Nächste Antwort",
        "key_help": "Tastatur: 1 richtig · 2 falsch · 3 teilweise · Strg/⌘+Enter absenden · "
        "S überspringen · ? diese Hilfe",
        "no_question": "(keine Frage)",
        "queue_shown": "%(first)s–%(last)s von %(total)s angezeigt, die ältesten zuerst.",
        "previous_page": "Vorherige Seite",
        "next_page": "Nächste Seite",
        "skipped": "von Ihnen übersprungen: eine Weile am Ende Ihrer Liste",
        "judge_pending": "ausstehend — das Prüfmodell arbeitet noch",
        "judge_retrying": "ausstehend — das Prüfmodell hat noch kein Urteil; Versuch "
        "%(attempts)s ist gescheitert: %(error)s.",
        "judge_retry_until": "Es wird bis %(until)s erneut versucht.",
        "judge_retried": "Es wird erneut versucht.",
        "disagreements_shown": "%(first)s–%(last)s von %(total)s angezeigt, die neuesten zuerst.",
        "language": "English",
        "analytics": "Kennzahlen des Prüfers",
        "window": "Zeitraum",
        "window_end": "UTC, ohne das Ende",
        "apply": "Anzeigen",
        "coverage": "Abdeckung",
        "stage": "Stufe",
        "by_kind": "Nach Befundart",
        "disagreements": "Abweichungen",
        "export": "Bewertungen exportieren (CSV)",
        "over_time": "Zeitverlauf",
        "false_alarm_rate": "Fehlalarmrate",
        "catch_rate": "Trefferquote",
        "precision": "Präzision",
        "kappa": "Cohens Kappa",
        "rated": "Bewertet",
        "models": "Nach Modell und Prompt-Version",
    },
}


def language(request: Request) -> str:
    """The interface language for this request."""
    asked = request.query_params.get("lang") or request.cookies.get("lang")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"
