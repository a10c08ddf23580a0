"""The interactive API reference at /docs, with Swagger UI served from this server.

FastAPI's default page loads Swagger UI from a CDN and starts it with an inline script;
both are refused by the Content-Security-Policy (app/core/headers.py): a third-party script
on the origin that holds seat tokens could read them. So the assets come from the
``swagger-ui-bundle-v2`` package and the start-up script is a file of its own. ReDoc, which
would need its own assets, is off.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

ASSETS = "/docs/assets"

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} — API</title>
<link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
<link rel="icon" href="{ASSETS}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS}/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
"""

START = """window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
"""


def install_docs(app: FastAPI) -> None:
    """Serve /docs (the app is built with ``docs_url=None, redoc_url=None``)."""
    router = APIRouter(include_in_schema=False)
    page = PAGE.replace("{title}", app.title)

    @router.get("/docs")
    def docs() -> HTMLResponse:
        return HTMLResponse(page)

    @router.get("/docs/start.js")
    def start() -> Response:
        return Response(START, media_type="text/javascript")

    app.include_router(router)
    app.mount(ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="docs-assets")
