"""What a nudge says, in English, German and Czech (the account's ``language``).

Every message names the game, the other players at the table and a link to it, and nothing
else: only what any spectator of the table sees (the game's kind, the seats' names, whose
turn it is, the time on a public clock). Never a tile, a dolmen, a hand or a score that is
still hidden: the texts are built from ``Table`` alone, which holds nothing more.

The channels (channels.py) show ``title`` and ``body`` as they can (a system notification, an
e-mail's subject and text, a chat message) and make ``url`` the thing to click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

LANGUAGES = ("en", "de", "cs")
SEAT_LETTERS = "ABCDEFGH"
"""The seats' letters as the client shows them (app/static/js/palette.js)."""


@dataclass(frozen=True, slots=True)
class Message:
    """One nudge, ready for a channel."""

    kind: str
    title: str
    body: str
    url: str
    """The page to open: the game (``/play/{id}``), or the home page with My games."""
    game_id: str | None
    language: str = "en"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table as everyone sees it."""

    seat: int
    name: str | None
    bot: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """A game as a nudge names it: public facts only."""

    game_id: str
    game: str
    """The kind's name, e.g. "Die Dolmengötter"."""
    others: tuple[Seat, ...]
    """The other seats (not the account's own), in seat order."""
    url: str


def language_of(language: str | None) -> str:
    return language if language in LANGUAGES else "en"


def plural(language: str, count: int, one: str, few: str, other: str) -> str:
    """The noun's form for a whole ``count`` by the language's plural rules (CLDR, as the
    browser's Intl.PluralRules: Czech "one" 1, "few" 2-4, "other"; English and German
    "one" 1, "other")."""
    if count == 1:
        return one
    if language == "cs" and 2 <= count <= 4:
        return few
    return other


def seat_name(seat: Seat, language: str) -> str:
    if seat.name:
        return seat.name
    letter = SEAT_LETTERS[seat.seat] if seat.seat < len(SEAT_LETTERS) else str(seat.seat + 1)
    if seat.bot:
        return f"Bot {letter}"
    return {"de": f"Platz {letter}", "cs": f"Místo {letter}"}.get(language, f"Seat {letter}")


def names(items: Sequence[str], language: str) -> str:
    """ "Anna", "Anna and Bob", "Anna, Bob and Carl" (German: "und", Czech: "a")."""
    last = {"de": " und ", "cs": " a "}.get(language, " and ")
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


def _with(table: Table, language: str) -> str:
    """ " with Anna and Bob" / " mit Anna und Bob" / " (spoluhráči: Anna a Bob)": Czech
    would decline the names after "s", so it lists them ("" at a table of one's own
    seats)."""
    if not table.others:
        return ""
    people = names([seat_name(s, language) for s in table.others], language)
    if language == "cs":
        label = plural("cs", len(table.others), "spoluhráč", "spoluhráči", "spoluhráči")
        return f" ({label}: {people})"
    return f" mit {people}" if language == "de" else f" with {people}"


def time_left(left: timedelta, language: str) -> str:
    """A clock's time left, roughly: "about 2 hours", "etwa 15 Minuten"."""
    seconds = max(0, int(left.total_seconds()))
    de = language == "de"
    if language == "cs":
        if seconds < 60:
            return "méně než minuta"
        for size, forms in (
            (86400, ("den", "dny", "dní")),
            (3600, ("hodina", "hodiny", "hodin")),
            (60, ("minuta", "minuty", "minut")),
        ):
            if seconds >= size * 0.95:
                count = max(1, round(seconds / size))
                return f"asi {count} {plural('cs', count, *forms)}"
    if seconds < 60:
        return "weniger als eine Minute" if de else "less than a minute"
    for size, en_one, en_many, de_one, de_many in (
        (86400, "day", "days", "Tag", "Tage"),
        (3600, "hour", "hours", "Stunde", "Stunden"),
        (60, "minute", "minutes", "Minute", "Minuten"),
    ):
        if seconds >= size * 0.95:  # 59 minutes and a half read "about an hour"
            count = max(1, round(seconds / size))
            if de:
                unit = de_one if count == 1 else de_many
                return f"etwa {'eine' if count == 1 else count} {unit}"
            return f"about {count} {en_one if count == 1 else en_many}"
    raise AssertionError("unreachable")  # pragma: no cover


# ---- the messages ----------------------------------------------------------------------


def your_turn(language: str, table: Table) -> Message:
    lang = language_of(language)
    with_ = _with(table, lang)
    if lang == "cs":
        title, body = f"Jsi na tahu: {table.game}", f"Jsi na tahu ve hře {table.game}{with_}."
    elif lang == "de":
        title, body = f"Du bist am Zug: {table.game}", f"Du bist am Zug in {table.game}{with_}."
    else:
        title, body = f"Your turn in {table.game}", f"It is your turn in {table.game}{with_}."
    return Message("your_turn", title, body, table.url, table.game_id, lang)


def time_low(language: str, table: Table, left: timedelta) -> Message:
    lang = language_of(language)
    with_, rest = _with(table, lang), time_left(left, lang)
    if lang == "cs":
        title = f"Dochází ti čas: {table.game}"
        body = f"Na tah ve hře {table.game}{with_} ti zbývá {rest}."
    elif lang == "de":
        title = f"Deine Zeit läuft ab: {table.game}"
        body = f"Dir bleiben noch {rest} für deinen Zug in {table.game}{with_}."
    else:
        title = f"Time is running out in {table.game}"
        body = f"You have {rest} left for your move in {table.game}{with_}."
    return Message("time_low", title, body, table.url, table.game_id, lang)


def game_over(language: str, table: Table) -> Message:
    lang = language_of(language)
    with_ = _with(table, lang)
    if lang == "cs":
        title = f"Konec hry: {table.game}"
        body = f"Tvoje hra {table.game}{with_} skončila. Podívej se, jak dopadla."
    elif lang == "de":
        title = f"Spiel vorbei: {table.game}"
        body = f"Dein Spiel {table.game}{with_} ist zu Ende. Sieh nach, wie es ausgegangen ist."
    else:
        title = f"Game over: {table.game}"
        body = f"Your game of {table.game}{with_} has ended. See how it came out."
    return Message("game_over", title, body, table.url, table.game_id, lang)


def rematch_offer(language: str, table: Table, by: str) -> Message:
    """``table``: the rematch (its link takes the kept seat); ``by``: who offered it."""
    lang = language_of(language)
    with_ = _with(table, lang)
    if lang == "cs":
        title = f"{by} nabízí odvetu"
        body = (
            f"{by} nabízí odvetu ve hře {table.game}{with_}. Tvoje místo je pro tebe chvíli drženo."
        )
    elif lang == "de":
        title = f"{by} bietet eine Revanche an"
        body = (
            f"{by} bietet eine Revanche in {table.game}{with_} an. "
            "Dein Platz wird eine Weile für dich freigehalten."
        )
    else:
        title = f"{by} offers a rematch"
        body = (
            f"{by} offers a rematch of {table.game}{with_}. Your seat is kept for you for a while."
        )
    return Message("rematch_offer", title, body, table.url, table.game_id, lang)


def digest(language: str, waiting: Sequence[tuple[Table, timedelta | None]], home: str) -> Message:
    """Every correspondence game where it is the account's turn, one line each with the
    time left on its clock (the most urgent first, as the caller orders them)."""
    lang = language_of(language)
    count = len(waiting)
    lines = []
    for table, left in waiting:
        rest = ""
        if left is not None:
            rest = {
                "de": f", noch {time_left(left, lang)}",
                "cs": f", zbývá {time_left(left, lang)}",
            }.get(lang, f", {time_left(left, lang)} left")
        lines.append(f"- {table.game}{_with(table, lang)}{rest}: {table.url}")
    if lang == "cs":
        title = f"Jsi na tahu v {count} {plural('cs', count, 'hře', 'hrách', 'hrách')}"
        intro = "Tyto stoly na tebe čekají:"
    elif lang == "de":
        games = "einem Spiel" if count == 1 else f"{count} Spielen"
        title = f"Du bist in {games} am Zug"
        intro = "Hier wartet man auf dich:"
    else:
        title = "Your turn in 1 game" if count == 1 else f"Your turn in {count} games"
        intro = "These tables are waiting for you:"
    body = "\n".join([intro, *lines])
    game_id = waiting[0][0].game_id if count == 1 else None
    return Message("digest", title, body, home, game_id, lang)


def friend_request(language: str, name: str, home: str) -> Message:
    lang = language_of(language)
    if lang == "cs":
        title = f"Žádost o přátelství: {name}"
        body = f"{name} se s tebou chce na Tafelrunde přátelit."
    elif lang == "de":
        title = f"Freundschaftsanfrage von {name}"
        body = f"{name} möchte auf Tafelrunde mit dir befreundet sein."
    else:
        title = f"Friend request from {name}"
        body = f"{name} would like to be your friend on Tafelrunde."
    return Message("friend_request", title, body, home, None, lang)


def seat_given(language: str, table: Table, by: str | None) -> Message:
    lang = language_of(language)
    with_ = _with(table, lang)
    if lang == "cs":
        who = f"{by} pro tebe drží" if by else "Někdo pro tebe drží"
        title = f"Místo pro tebe: {table.game}"
        body = f"{who} místo ve hře {table.game}{with_}. Vezmi si ho v Mých hrách."
    elif lang == "de":
        who = f"{by} hält" if by else "Man hält"
        title = f"Ein Platz für dich: {table.game}"
        body = f"{who} dir einen Platz in {table.game}{with_} frei. Nimm ihn unter Meine Spiele."
    else:
        who = f"{by} kept" if by else "Someone kept"
        title = f"A seat for you: {table.game}"
        body = f"{who} a seat for you in {table.game}{with_}. Take it from My games."
    return Message("seat_given", title, body, table.url, table.game_id, lang)


def challenge(language: str, by: str, game: str, players: int, home: str) -> Message:
    lang = language_of(language)
    if lang == "cs":
        title = f"Výzva od {by}: {game}"
        count = f"{players} {plural('cs', players, 'hráč', 'hráči', 'hráčů')}"
        body = f"{by} tě vyzývá ke hře {game} ({count}). Přijmi nebo odmítni ve Výzvách."
    elif lang == "de":
        title = f"Herausforderung von {by}: {game}"
        body = (
            f"{by} fordert dich zu {game} heraus ({players} Spieler). "
            "Nimm sie an oder lehne ab unter Herausforderungen."
        )
    else:
        title = f"Challenge from {by}: {game}"
        body = (
            f"{by} challenges you to {game} ({players} players). "
            "Accept or decline it under Challenges."
        )
    return Message("challenge", title, body, home, None, lang)


BUILDERS: dict[str, Callable[..., Message]] = {
    "your_turn": your_turn,
    "time_low": time_low,
    "game_over": game_over,
    "rematch_offer": rematch_offer,
    "digest": digest,
    "friend_request": friend_request,
    "seat_given": seat_given,
    "challenge": challenge,
}
"""Each kind of ``app.services.nudges.KINDS`` and the function that words it."""
