"""``dektes serve``: a small web application over the judge (optional extra ``dektes[web]``).

:func:`fst.app.web.app.create_app` builds the FastAPI application (pages from Jinja2 templates in
``templates/``, scripts and style in ``static/``, a JSON API under ``/api``);
:func:`fst.app.web.server.serve` runs it with uvicorn.
"""
