"""``python -m fst`` runs the ``dektes`` command."""

import sys

from fst.app.cli import main

if __name__ == "__main__":
    sys.exit(main())
