"""Many clients post the same move at the same moment (threads against real server
processes on 127.0.0.1): exactly one is applied, the others get 409 ``stale_version``, and
the action log has neither a gap nor a duplicate. Also across two server processes writing
to one database, where each process's cache must catch up with the other's writes."""

from __future__ import annotations

import threading

import httpx
from sqlalchemy import create_engine, func, select

from app.db.models import ActionRow

CLIENTS = 16
ROUNDS = 4


def race(urls: list[str], path: str, headers: dict[str, str], body: dict) -> list[httpx.Response]:
    """POST ``body`` from CLIENTS threads at once, spread over ``urls``."""
    barrier = threading.Barrier(CLIENTS)
    answers: list[httpx.Response] = []
    lock = threading.Lock()

    def post(i: int) -> None:
        with httpx.Client(base_url=urls[i % len(urls)], timeout=30) as http:
            http.get("/api/health")  # connect before the barrier, so the posts really collide
            barrier.wait()
            r = http.post(path, headers=headers, json=body)
        with lock:
            answers.append(r)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def play_races(urls: list[str], kit, kind: str, database_url: str) -> None:
    with httpx.Client(base_url=urls[0]) as http:
        game_id, tokens = kit.new_game(http, kind, 2)
        for round_ in range(ROUNDS):
            view = http.get(f"/api/games/{game_id}/view").json()
            assert view["version"] == round_
            seat = view["view"]["to_act"][0]
            headers = kit.bearer(tokens[seat])
            legal = http.get(f"/api/games/{game_id}/legal-actions", headers=headers).json()
            body = {"version": legal["version"], "action": legal["actions"][0]["action"]}
            answers = race(urls, f"/api/games/{game_id}/actions", headers, body)
            codes = sorted(r.status_code for r in answers)
            assert codes == [200] + [409] * (CLIENTS - 1), codes
            for r in answers:
                if r.status_code == 409:
                    assert r.json()["error"]["code"] == "stale_version"
            # every process now serves the new version
            for url in urls:
                assert httpx.get(f"{url}/api/games/{game_id}/view").json()["version"] == round_ + 1
    db = create_engine(database_url)
    with db.connect() as conn:
        seqs = conn.scalars(
            select(ActionRow.seq).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        ).all()
        assert conn.scalar(select(func.count()).select_from(ActionRow)) == ROUNDS
    db.dispose()
    assert seqs == list(range(1, ROUNDS + 1))
    game = kit.replay(create_engine(database_url), game_id)
    assert game.version == ROUNDS


def test_simultaneous_posts_of_one_move_apply_it_once(server_factory, database_url, kit, kind):
    server = server_factory()
    play_races([server.url], kit, kind, database_url)


def test_two_processes_on_one_database_apply_a_move_once_and_see_each_others_writes(
    server_factory, database_url, kit, kind, rng
):
    a, b = server_factory(), server_factory()
    play_races([a.url, b.url], kit, kind, database_url)

    # Alternate writers: each process must catch up with the other's actions before acting.
    with httpx.Client(base_url=a.url) as ha, httpx.Client(base_url=b.url) as hb:
        game_id, tokens = kit.new_game(ha, kind, 2)
        for step in range(10):
            http = (ha, hb)[step % 2]
            view = http.get(f"/api/games/{game_id}/view").json()
            assert view["version"] == step
            seat = view["view"]["to_act"][0]
            legal = http.get(
                f"/api/games/{game_id}/legal-actions", headers=kit.bearer(tokens[seat])
            ).json()
            r = http.post(
                f"/api/games/{game_id}/actions",
                headers=kit.bearer(tokens[seat]),
                json={"version": step, "action": rng.choice(legal["actions"])["action"]},
            )
            assert r.status_code == 200, r.text
        game = kit.replay(create_engine(database_url), game_id)
        for seat, token in tokens.items():
            va = ha.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
            vb = hb.get(f"/api/games/{game_id}/view", headers=kit.bearer(token)).json()
            assert va == vb and va["version"] == 10
            assert va["view"] == game.view(10, seat)
