"""A registered game whose engine fails to import stops everything loudly, naming its module:
the engine registry, the server's list of games and the app factory all raise instead of
serving (or testing) the other games as if it did not exist."""

from __future__ import annotations

import pytest

import engines
from app.core.config import Settings
from app.main import create_app
from app.services.registry import available_games
from engines.core import registry


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """A game ``broken`` whose module raises on import, as a half-written engine would."""
    (tmp_path / "tafelrunde_broken_engine.py").write_text(
        'raise RuntimeError("half-written engine")\n', encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._MODULES, "broken", "tafelrunde_broken_engine")
    return "broken"


def test_the_engine_registry_raises_naming_the_game_and_its_module(broken):
    with pytest.raises(ImportError) as err:
        engines.get(broken)
    assert "'broken'" in str(err.value) and "tafelrunde_broken_engine" in str(err.value)
    assert "half-written engine" in str(err.value)
    assert isinstance(err.value.__cause__, RuntimeError)
    with pytest.raises(ImportError, match="tafelrunde_broken_engine"):
        engines.all_games()


def test_a_module_without_a_game_is_refused_too(tmp_path, monkeypatch):
    (tmp_path / "tafelrunde_gameless.py").write_text("GAME = None\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._MODULES, "gameless", "tafelrunde_gameless")
    with pytest.raises(ImportError, match="tafelrunde_gameless has no GAME"):
        engines.get("gameless")


def test_the_server_does_not_start_without_the_broken_game(broken, tmp_path):
    with pytest.raises(ImportError, match="tafelrunde_broken_engine"):
        available_games()
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0)
    with pytest.raises(ImportError, match="tafelrunde_broken_engine"):
        create_app(settings)


def test_every_registered_game_imports():
    assert [game.id for game in engines.all_games()] == engines.game_ids()
