"""The applications on :class:`fst.api.Judge`: the command line (:mod:`fst.app.cli`), the web
application, batch validation and coverage of corpora, and the users' lists."""
