"""The ``tafelrunde`` command: serve, migrate, back up, restore, verify a game, run a bot.

Settings come from the environment as for the server (docs/SELF-HOSTING.md); the
subcommands ``verify`` and ``bot`` take the arguments of ``python -m clients.verify`` and
``python -m bots.client``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.core.config import VERSION


def _serve(_: argparse.Namespace) -> int:
    from app.__main__ import main as serve

    serve()
    return 0


def _migrate(_: argparse.Namespace) -> int:
    from app.core.config import Settings
    from app.db.migrate import upgrade
    from app.db.session import Database

    url = Settings().database_url
    db = Database(url)
    try:
        upgrade(db)
    finally:
        db.dispose()
    print(f"database at the newest revision: {_shown(url)}")
    return 0


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _backup(args: argparse.Namespace) -> int:
    from app.core.config import Settings
    from app.db.backup import BackupError, backup

    out = Path(args.file)
    try:
        games = backup(Settings().database_url, out)
    except BackupError as exc:
        print(f"backup failed: {exc}; nothing written", file=sys.stderr)
        return 1
    print(f"backup written to {out} ({_games(games)}, {out.stat().st_size} bytes)")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from app.core.config import Settings
    from app.db.backup import BackupError, restore

    try:
        games = restore(Settings().database_url, Path(args.file))
    except BackupError as exc:
        print(f"restore failed: {exc}; the database is unchanged", file=sys.stderr)
        return 1
    print(f"restored {args.file} ({_games(games)})")
    return 0


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # verify and bot hand everything after their name to their own parsers.
    if argv and argv[0] == "verify":
        from clients.verify import main as verify

        return verify(argv[1:], prog="tafelrunde verify")
    if argv and argv[0] == "bot":
        from bots.client import main as bot

        bot(argv[1:], prog="tafelrunde bot")
        return 0
    parser = argparse.ArgumentParser(
        prog="tafelrunde",
        description="Serve Tafelrunde (Dschingis Khan, Die Dolmengötter) and look after its data.",
    )
    parser.add_argument("--version", action="version", version=f"tafelrunde {VERSION}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("serve", help="serve at HOST:PORT (default http://localhost:8000)").set_defaults(
        run=_serve
    )
    sub.add_parser("migrate", help="bring the database to the newest revision").set_defaults(
        run=_migrate
    )
    p = sub.add_parser("backup", help="write a checked backup of the database to FILE")
    p.add_argument("file")
    p.set_defaults(run=_backup)
    p = sub.add_parser("restore", help="replace the database with FILE (stop the server first)")
    p.add_argument("file")
    p.set_defaults(run=_restore)
    sub.add_parser("verify", help="check a finished game's fair draws (python -m clients.verify)")
    sub.add_parser("bot", help="play a seat from its invite link (python -m bots.client)")
    args = parser.parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
