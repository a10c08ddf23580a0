"""Tests never sleep to synchronise: a sleep (or Playwright's ``wait_for_timeout``) that is
not inside a loop polling for a condition is a test waiting for time to pass and then
asserting, which breaks on a loaded machine and proves little on a fast one. Inject a clock
(``Heartbeat.check``, ``service.now``, Playwright's ``page.clock``), await an event, or poll a
condition with a bound (tests/support/waiting.py)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SLEEPS = {"sleep", "wait_for_timeout"}
ALLOWED = {
    # A bot policy that takes a while to think, so that two bot moves could overlap if the
    # server let them: the work being measured, not a wait for something.
    ("api/test_limits.py", "slow_policy"),
}


def _sleeps_outside_loops(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in SLEEPS
        ):
            continue
        if node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == 0:
            continue  # a turn of the event loop, no time
        scope, up = "", node
        while up in parents:
            up = parents[up]
            if isinstance(up, ast.While | ast.For | ast.AsyncFor):
                break  # polling: each turn looks at a condition
            if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                scope = getattr(up, "name", "<lambda>")
                if (path.relative_to(TESTS).as_posix(), scope) in ALLOWED:
                    break
                found.append(f"{path.relative_to(TESTS)}:{node.lineno} {ast.unparse(node)}")
                break
    return found


def test_no_test_sleeps_to_synchronise() -> None:
    found = [hit for path in sorted(TESTS.rglob("*.py")) for hit in _sleeps_outside_loops(path)]
    assert found == [], "sleeps used as synchronisation:\n" + "\n".join(found)
