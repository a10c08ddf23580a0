"""The ``tafelrunde`` command names its subcommands and hands ``verify`` and ``bot`` their own
arguments (the modules' parsers, under the command's name)."""

from __future__ import annotations

import pytest

from app.cli import main


@pytest.mark.parametrize("command", ["verify", "bot"])
def test_verify_and_bot_take_their_modules_arguments(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: tafelrunde {command} ")


def test_an_unknown_command_is_refused_with_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["serv"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'serv'" in err and "serve" in err
