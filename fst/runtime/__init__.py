"""Look-ups without pynini, on numpy: the tile acceptor (:mod:`fst.runtime.dfa`), the analysis
table, search and the user's list as an overlay."""
