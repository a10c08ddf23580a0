"""Writes app/core/common_passwords.txt: passwords of 10 or more characters that people pick
most, so that sign-up can refuse them (app/core/passwords.py).

The list is built from the well-known shapes of leaked-password lists (a word or a keyboard
walk with a number, a year or a "!" after it, digit runs, repeated pairs), in English and
German, and is kept in the repository: the server only reads the file. Shorter passwords
are refused for their length anyway, so only entries of 10 characters or more are written.

    python scripts/common_passwords.py
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "app" / "core" / "common_passwords.txt"
MIN_LENGTH = 10


def words(text: str) -> list[str]:
    return text.split()


WORDS = words(
    """
password passwort passw0rd p@ssword p@ssw0rd pass qwerty qwertz qwertyuiop qwertzuiop
asdfgh asdfghjkl yxcvbnm zxcvbnm azerty letmein welcome willkommen iloveyou ichliebedich
admin administrator root master monkey dragon football fussball baseball soccer hockey
sunshine princess prinzessin superman batman spiderman trustno1 shadow michael jennifer
jessica ashley hunter hunter2 starwars whatever freedom computer internet secret geheim
hallo hello hallo123 login abc abcd abcdef abcdefg abcdefgh changeme default guest test
tester testing killer charlie robert thomas daniel andrew joshua matthew jordan harley
ranger buster tigger summer sommer winter autumn herbst fruehling spring soccer1 pepper
cheese chocolate schokolade cookie banana apple orange purple yellow silver golden
diamond flower blume lovely loveme love liebe baby babygirl angel engel family familie
forever friends freunde heaven lucky maggie ginger jasper hannah sophie thunder tiger
whatever1 mustang corvette ferrari porsche mercedes bmw audi volkswagen schalke schalke04
bayern bayernmuenchen borussia dortmund hamburg berlin muenchen koeln frankfurt germany
deutschland america london paris samsung iphone apple123 google facebook youtube
minecraft pokemon nintendo playstation xbox letmein1 access welcome1 qazwsx qazwsxedc
zaq12wsx 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e 1qazxsw2 q1w2e3r4 a1b2c3d4 passwort1
tafelrunde dschingis dschingiskhan dolmen dolmengoetter dolmengotter boardgame brettspiel
spiele games gamer player spieler chess schach poker casino money geld business office
student schule school teacher lehrer doctor nurse police feuerwehr jesus christ god
gott lord blessed michelle nicole daniela stefan stefanie andreas alexander christian
sabrina sandra thomas1 markus martin patrick sebastian tobias julia laura lisa anna
marie maria katharina jennifer1 melanie nadine nina sarah vanessa carina charlotte
"""
)

WALKS = words(
    """
1234567890 0987654321 12345678910 123456789 1234567891 12345678901 01234567890
1111111111 0000000000 2222222222 1212121212 1231231231 1234512345 1234123412
9876543210 1029384756 1357924680 2468013579 1122334455 1112223334 1234554321
qwertyuiop asdfghjkl zxcvbnm qwertzuiop yxcvbnm poiuytrewq lkjhgfdsa mnbvcxz
qwertyuiopasdfghjkl qwertyuiop123 1qaz2wsx3edc 1qaz2wsx3edc4rfv zaq12wsxcde3
qazwsxedcrfv qwerasdfzxcv asdfqwerzxcv 1q2w3e4r5t6y 1q2w3e4r5t6y7u q1w2e3r4t5
q1w2e3r4t5y6 a1s2d3f4g5 z1x2c3v4b5 !qaz2wsx @wsx3edc qweasdzxc qweasdzxc123
abcdefghij abcdefghijk abcdefghijkl abcdefghijklmnopqrstuvwxyz abc1234567 abcd123456
aaaaaaaaaa abcabcabcabc aa12345678 a123456789 qwe1234567 qwerty1234 qwerty12345
qwerty123456 asdf123456 asdfasdfasdf qwertyqwerty passwordpassword iloveyou123
"""
)

SUFFIXES = ["", "1", "12", "123", "1234", "12345", "123456", "!", "1!", "123!", "!!", "01", "99"]
YEARS = [str(year) for year in range(1980, 2027)]
TOP = 60
"""The first ``TOP`` words are also listed with a year after them."""


def shapes(word: str) -> set[str]:
    """``word`` the ways people spell it (the check ignores case): as it is and with the
    common letter-for-digit swaps."""
    leet = word.translate(str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"}))
    return {word, leet}


def build() -> list[str]:
    found: set[str] = set(WALKS)
    for rank, base in enumerate(WORDS):
        endings = SUFFIXES + YEARS if rank < TOP else SUFFIXES
        found.update(shape + ending for shape in shapes(base) for ending in endings)
        found.add(base + base + "1")
    for walk in WALKS:
        for suffix in ("!", "1", "123", "!!"):
            found.add(walk + suffix)
    # Digit runs and repeated digits of every length from 10 to 16.
    for length in range(MIN_LENGTH, 17):
        found.add("".join(str((i + 1) % 10) for i in range(length)))
        found.add("".join(str((9 - i) % 10) for i in range(length)))
        for digit in "0123456789":
            found.add(digit * length)
    # Dates people use: DDMMYYYY and YYYYMMDD of their birthdays are too many to list;
    # a handful of the most common shapes with separators are.
    for year in range(1950, 2031):
        found.add(f"01.01.{year}")
        found.add(f"{year}-01-01")
    return sorted({w.lower() for w in found if len(w) >= MIN_LENGTH})


def main() -> None:
    words = build()
    header = (
        "# Common passwords of 10 or more characters, refused at sign-up (lower case: the\n"
        "# check ignores case). Written by scripts/common_passwords.py; one a line.\n"
    )
    OUT.write_text(header + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} passwords written to {OUT}")


if __name__ == "__main__":
    main()
