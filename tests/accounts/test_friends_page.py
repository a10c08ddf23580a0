"""The friend link's page: ``/friends/add/{code}`` serves the client's friends page (its
script is tests/browser/test_accounts_friend_link.py's)."""

from __future__ import annotations

import pytest

from tests.support.accounts import Player, player


@pytest.fixture
def anna(client, db) -> Player:
    return player(client, db, "Anna")


def test_the_link_opens_the_friend_page(client, anna) -> None:
    path = anna.friends()["link"].removeprefix("http://testserver")
    for method in ("GET", "HEAD"):
        r = client.request(method, path)
        assert r.status_code == 200, method
        assert r.headers["content-type"].startswith("text/html")
        assert r.headers["referrer-policy"] == "no-referrer"  # the code stays on this page
    page = client.get(path).text
    assert '<script type="module" src="/static/js/friends.js"></script>' in page
    assert client.get("/static/js/friends.js").status_code == 200
