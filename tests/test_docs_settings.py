"""docs/SELF-HOSTING.md's settings table is the one list of the server's settings: every
field of ``Settings`` is in it with the default the code has, and it names no setting the
server does not read (besides the compose files' own variables)."""

from __future__ import annotations

import re
from pathlib import Path

from app.core.config import Settings

ROOT = Path(__file__).resolve().parents[1]
# Documented by their meaning, not a literal: computed from other settings, the install or
# the machine (BOT_WORKERS: its cores).
COMPUTED = {"DATABASE_URL", "STATIC_DIR", "BOT_WORKERS"}
# Read by uvicorn itself (its --forwarded-allow-ips), which the server runs.
UVICORN = {"FORWARDED_ALLOW_IPS"}


def table() -> dict[str, str]:
    """Variable name -> its documented default, from the table under "## Settings"."""
    text = (ROOT / "docs" / "SELF-HOSTING.md").read_text(encoding="utf-8")
    section = text.split("\n## Settings\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`([A-Z][A-Z0-9_]*)`", cells[0])
        defaults = re.findall(r"`([^`]*)`", cells[1]) or [cells[1]]
        for i, name in enumerate(names):
            rows[name] = defaults[i] if len(defaults) == len(names) else defaults[0]
    return rows


def compose_variables() -> set[str]:
    used: set[str] = set()
    for path in ROOT.glob("docker-compose*.yml"):
        used |= set(re.findall(r"(?<!\$)\$\{([A-Z][A-Z0-9_]*)", path.read_text()))
    return used


def shown(default: object) -> str:
    if isinstance(default, bool):
        return "1" if default else "0"
    if default == "":
        return "empty"
    if isinstance(default, float) and default.is_integer():
        return str(int(default))
    return str(default)


def test_every_setting_is_in_the_table_with_its_default() -> None:
    documented = table()
    for name, field in Settings.model_fields.items():
        variable = name.upper()
        assert variable in documented, f"{variable} is missing from docs/SELF-HOSTING.md"
        if variable not in COMPUTED:
            assert documented[variable] == shown(field.default), (
                f"{variable}: the table says {documented[variable]!r}, "
                f"the code {shown(field.default)!r}"
            )


def test_the_table_names_no_setting_that_does_not_exist() -> None:
    known = {name.upper() for name in Settings.model_fields} | compose_variables() | UVICORN
    assert set(table()) - known == set()
