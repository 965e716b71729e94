"""Routes for analysts: the verifier's figures and the ratings export, per tenant and window."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse, Response

from verifier.analytics.format import jsonable, to_csv
from verifier.analytics.service import report
from verifier.analytics.window import window
from verifier.api.deps import AnalystDep, KnownQuery, SessionDep
from verifier.exceptions import Forbidden
from verifier.store import metrics_queries

router = APIRouter(tags=["analytics"], dependencies=[KnownQuery])


class Window:
    """Validated window query parameters (unknown ones are refused by the router's KnownQuery)."""

    def __init__(
        self,
        principal: AnalystDep,
        tenant: str | None = None,
        start: Annotated[str | None, Query(alias="from")] = None,
        end: Annotated[str | None, Query(alias="to")] = None,
    ) -> None:
        if tenant is not None and tenant != principal.tenant and principal.role != "admin":
            raise Forbidden(f"this key reads tenant {principal.tenant!r}, not {tenant!r}")
        self.tenant = tenant or principal.tenant
        self.start, self.end = window(start, end)


WindowDep = Annotated[Window, Depends(Window)]


@router.get("/v1/metrics/verifier")
async def verifier_metrics(
    session: SessionDep, params: WindowDep, bucket: Literal["day", "week"] = "day"
) -> dict[str, Any]:
    """False alarms and catch rate against blind ratings, per stage, kind, model and time."""
    return await report(session, params.tenant, params.start, params.end, bucket)


@router.get("/v1/exports/ratings", response_model=None)
async def export_ratings(
    session: SessionDep, params: WindowDep, format: Literal["csv", "json"] = "csv"
) -> Response:
    """Blind ratings joined with their verdicts, as CSV or JSON."""
    rows = await metrics_queries.export_rows(session, params.tenant, params.start, params.end)
    if format == "json":
        return JSONResponse(jsonable(rows))
    return Response(
        to_csv(rows),
        media_type="text/csv",
        headers={"Content-Disposition": "attachment; filename=ratings.csv"},
    )
