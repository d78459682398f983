"""The measuring and audit scripts: they read the lexicon, the built language and ../shared and
print figures; none writes lexicon/ or grammars/. Run each as ``python -m scripts.measure.NAME``
from the repository root."""
