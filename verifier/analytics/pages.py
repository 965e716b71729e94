"""The analyst page: the experiment's figures, charts, disagreements and exports."""

from __future__ import annotations

from typing import Annotated, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, Response

from verifier.analytics import charts
from verifier.analytics.format import to_csv
from verifier.analytics.service import report
from verifier.analytics.window import window
from verifier.api.deps import SessionDep, single_valued_query
from verifier.review.pages import page_link, page_role, render
from verifier.store import metrics_queries
from verifier.store.metrics_queries import DISAGREEMENTS_PAGE
from verifier.store.models import User

router = APIRouter(include_in_schema=False, dependencies=[Depends(single_valued_query)])
AnalystPageDep = Annotated[User, page_role("analyst", "admin")]
From = Annotated[str | None, Query(alias="from")]
To = Annotated[str | None, Query(alias="to")]


@router.get("/analytics", response_class=HTMLResponse)
async def analytics_page(
    request: Request,
    session: SessionDep,
    user: AnalystPageDep,
    start: From = None,
    end: To = None,
    bucket: Literal["day", "week"] = "week",
    # Past any list (100 a page): a page number beyond SQLite's integers was a 500.
    page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
) -> Response:
    """Figures for the analyst's tenant over a window (the last 30 days by default), with a
    page of its disagreements."""
    since, until = window(start, end)
    offset = (page - 1) * DISAGREEMENTS_PAGE
    figures = await report(session, user.tenant, since, until, bucket, offset)
    total = figures["disagreements_total"]
    return render(
        request,
        "analytics.html",
        user=user,
        figures=figures,
        bucket=bucket,
        start=since.date().isoformat(),
        end=end or until.date().isoformat(),
        # The export covers exactly the figures' window, to the second ([since, until)).
        export=urlencode({"from": since.isoformat(), "to": until.isoformat()}),
        since=since,
        until=until,
        over_time_svg=charts.rates_over_time(figures),
        stages_svg=charts.stage_rates(figures),
        first=offset + 1,
        last=offset + len(figures["disagreements"]),
        previous=page_link(request, page - 1) if page > 1 else None,
        next=page_link(request, page + 1) if offset + DISAGREEMENTS_PAGE < total else None,
    )


@router.get("/analytics/ratings.csv")
async def analytics_export(
    session: SessionDep, user: AnalystPageDep, start: From = None, end: To = None
) -> Response:
    """The blind ratings joined with verdicts, as CSV, for the signed-in analyst."""
    since, until = window(start, end)
    rows = await metrics_queries.export_rows(session, user.tenant, since, until)
    return Response(
        to_csv(rows),
        media_type="text/csv",
        headers={"Content-Disposition": "attachment; filename=ratings.csv"},
    )
