"""``python -m app``: serve on http://localhost:8000 (HOST, PORT, ...: app/core/config.py).

With arguments it is the ``tafelrunde`` command (app/cli.py): ``python -m app admin create
NAME``, ``python -m app migrate``, ...
"""

import sys

from app.core.serving import serve


def main() -> None:
    serve()


if __name__ == "__main__":
    if len(sys.argv) > 1:
        from app.cli import main as command

        sys.exit(command(sys.argv[1:]))
    main()
