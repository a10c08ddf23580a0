"""The ``tafelrunde`` command: serve, migrate, back up, restore, verify a game, run a bot,
and look after accounts (``admin``).

Settings come from the environment as for the server (docs/SELF-HOSTING.md); the
subcommands ``verify`` and ``bot`` take the arguments of ``python -m clients.verify`` and
``python -m bots.client``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.core.config import VERSION


def _serve(_: argparse.Namespace) -> int:
    from app.core.serving import serve

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


def _accounts() -> tuple[Any, Any]:
    """The database of ``DATABASE_URL`` (brought to the newest revision unless
    ``MIGRATE_ON_START=0``) and its ``Accounts``."""
    from app.core.config import Settings
    from app.db.migrate import upgrade
    from app.db.session import Database
    from app.services.accounts import Accounts

    settings = Settings()
    db = Database(settings.database_url)
    if settings.migrate_on_start:
        upgrade(db)
    return db, Accounts(db, settings.signup)


def _read_password(args: argparse.Namespace) -> str | None:
    if args.password_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    import getpass

    first = getpass.getpass("Password: ")
    if getpass.getpass("Password again: ") != first:
        print("the two passwords differ; nothing changed", file=sys.stderr)
        return None
    return first


def _admin(args: argparse.Namespace) -> int:
    from app.core.errors import ApiError

    password = _read_password(args) if args.action == "create" else None
    if args.action == "create" and password is None:
        return 1
    db, accounts = _accounts()
    try:
        with db.session() as session:
            if args.action == "create":
                account = accounts.create_admin(session, args.name, password or "", args.language)
                print(f"admin account {account.name!r} created")
            elif args.action == "invite":
                print(accounts.make_invite_code(session))
            elif args.action in ("disable", "enable"):
                account = accounts.set_disabled(session, args.name, args.action == "disable")
                print(f"account {account.name!r} {args.action}d")
            elif args.action == "revoke":
                ended = accounts.revoke(session, args.name)
                print(f"{ended} sign-in{'' if ended == 1 else 's'} of {args.name!r} ended")
    except ApiError as refused:
        print(f"{args.action} refused: {refused.message} ({refused.code})", file=sys.stderr)
        return 1
    finally:
        db.dispose()
    return 0


def _admin_parser(sub: Any) -> None:
    admin = sub.add_parser("admin", help="accounts: make an admin, invite codes, disable, revoke")
    actions = admin.add_subparsers(dest="action", required=True, metavar="ACTION")
    p = actions.add_parser("create", help="make an admin account NAME (asks for its password)")
    p.add_argument("name")
    p.add_argument(
        "--password-stdin",
        action="store_true",
        help="read the password from the first line of standard input instead of asking",
    )
    p.add_argument("--language", choices=("en", "de", "cs"), default="en")
    actions.add_parser("invite", help="print a new invite code (good for one sign-up)")
    for action, text in (
        ("disable", "disable account NAME: its sign-ins end, it cannot sign in"),
        ("enable", "let account NAME sign in again"),
        ("revoke", "end every sign-in of account NAME"),
    ):
        actions.add_parser(action, help=text).add_argument("name")
    admin.set_defaults(run=_admin)


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
    _admin_parser(sub)
    args = parser.parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
