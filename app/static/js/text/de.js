// Jeder deutsche Text der Seiten (static/js/i18n.js). text/en.js und text/cs.js haben dieselben
// Schlüssel; ein Wert ist ein Text oder eine Funktion der Werte, die er nennt. Pluralformen:
// nach Intl.PluralRules (./plural.js). Die Wörter der Spiele sind
// die ihrer Spielregeln: Dschingis Khan (Leo Colovini): Dorf, Späher, Mauerteil, Chinesische
// Mauer, Tor, Plättchen (Chinese, Mongole, Bauer, Pest, Ginseng), aktiver und passiver Vorrat;
// Die Dolmengötter (Thomas Odenhoven): Druide, Stein, Steinplatz, Steinkreis, Dolmen,
// Kräuter, Wertungsleiter.

import { plurals } from "./plural.js";

const YOU = "Du";
const pick = plurals("de");
/** The verb form for "Du" or for a named player. */
const v = (who, du, other) => (who === YOU ? du : other);
const list = (names) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} und ${names.at(-1)}`;
const dot = (text) => text.replace(/\.$/, "");
/** "1 Tag", "3 Tage". */
const n1 = (n, one, other) => `${n} ${pick(n, { one, other })}`;
const SIDE = { west: "westlich", east: "östlich" };
const SHAPE = { octagon: "Achteck", hexagon: "Sechseck", square: "Viereck" };

export default {
  "lang.de": "Deutsch",
  "lang.en": "English",
  "lang.cs": "Čeština",
  "lang.switch": "Sprache",

  loading: "Lädt …",
  none: "keine",
  you: YOU,
  youLower: "du",

  "colour.blue": "blau",
  "colour.orange": "orange",
  "colour.green": "grün",
  "colour.pink": "rosa",
  "colour.red": "rot",

  "seat.someone": "jemandem",
  "seat.bot": (letter) => `Bot ${letter}`,
  "seat.seat": (letter) => `Platz ${letter}`,

  "copy.copy": "Kopieren",
  "copy.copied": "Kopiert",
  "copy.select": "Markieren und kopieren",

  "status.open": "offen",
  "status.running": "läuft",
  "status.over": "beendet",
  "status.abandoned": "abgebrochen",

  "col.score": "Punkte",
  "col.scoreTitle": "Punkte",

  "step.pass": "Passen",

  // ---- Ablehnungen des Servers, nach Code (docs/API.md)
  "error.network":
    "Der Server ist nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.",
  "error.status": (status) => `Der Server antwortete mit ${status}.`,
  "error.bad_request": "Die Anfrage wurde nicht verstanden.",
  "error.unauthorized": "Der Platzschlüssel dieser Seite gilt nicht (mehr).",
  "error.forbidden": "Das ist für diesen Platz nicht erlaubt.",
  "error.invite_required": "Dieser Platz kann nur mit seinem Einladungslink besetzt werden.",
  "error.history_private": "Solange das Spiel läuft, dürfen nur die Mitspieler zurückblicken.",
  "error.not_found": "Nicht gefunden.",
  "error.unknown_kind": "Dieses Spiel kennt der Server nicht.",
  "error.unknown_game": "Dieses Spiel gibt es auf diesem Server nicht.",
  "error.unknown_seat": "Diesen Platz gibt es in diesem Spiel nicht.",
  "error.unknown_version": "Diese Stellung gibt es in diesem Spiel nicht.",
  "error.method_not_allowed": "Das ist hier nicht erlaubt.",
  "error.seat_taken": "Dieser Platz ist schon besetzt.",
  "error.bot_seat": "Diesen Platz spielt ein Bot.",
  "error.seat_in_use":
    "Der Spieler war erst vor wenigen Minuten da; versuche es noch einmal, wenn er länger weg ist.",
  "error.stale_version": "Das Spiel ist inzwischen weitergegangen.",
  "error.not_your_turn": "Du bist nicht am Zug.",
  "error.game_not_started": "Das Spiel hat noch nicht begonnen.",
  "error.game_over": "Das Spiel ist vorbei.",
  "error.game_not_over": "Das Spiel ist noch nicht vorbei.",
  "error.not_undoable": "Dieser Zug kann nicht zurückgenommen werden.",
  "error.illegal_action": "Die Regeln erlauben diesen Zug nicht.",
  "error.bad_action": "Dieser Zug wurde nicht verstanden.",
  "error.bad_options": "Diese Spieloptionen sind ungültig.",
  "error.bad_player_count": "Dieses Spiel wird nicht mit so vielen Plätzen gespielt.",
  "error.payload_too_large": "Das ist zu lang.",
  "error.rate_limited": "Zu viele Anfragen: warte einen Moment und versuche es noch einmal.",
  "error.too_many_bot_games": "Gerade laufen zu viele Spiele mit Bots: versuche es später.",
  "error.too_many_connections": "Zu viele offene Seiten für dieses Spiel.",
  "error.database_unavailable":
    "Die Datenbank des Servers ist nicht erreichbar: versuche es gleich noch einmal.",
  "error.commit_unknown":
    "Der Server hat beim Speichern seine Datenbank verloren: ob die Änderung gilt, zeigt das Spiel.",
  "error.internal_error": "Auf dem Server ist etwas schiefgegangen.",
  "error.game_abandoned":
    "Der Gastgeber hat dieses Spiel abgebrochen: es kann nicht mehr weitergespielt werden.",
  "error.no_rematch": "Noch niemand hat eine Revanche dieses Spiels angeboten.",
  "error.rematch_expired":
    "Die Plätze der Revanche werden nicht mehr freigehalten: bitte den Gastgeber des neuen Spiels um einen Einladungslink.",
  "error.seat_reserved":
    "Dieser Platz wird vorerst für einen Spieler der letzten Partie freigehalten.",
  "error.already_resigned":
    "Dieser Platz hat aufgegeben: der Bot des Servers spielt ihn bis zum Ende.",
  "error.not_stood_in": "Dieser Platz wird schon von seinem Spieler gespielt.",
  "error.bad_time_control": "Diese Bedenkzeit ist auf diesem Server nicht erlaubt.",
  "error.chat_closed":
    "Der Gastgeber hat den Chat für Zuschauer geschlossen; die Spieler können weiter schreiben.",
  "error.chat_empty": "Die Nachricht ist leer: schreib zuerst etwas.",
  "error.chat_too_long": "Die Nachricht ist zu lang (höchstens 500 Zeichen).",
  "error.chat_too_fast": "Zu viele Nachrichten auf einmal: warte ein paar Sekunden.",
  // Konten (Issue 38, die Codes von Teil AUTH)
  "error.password_too_short": "Das Passwort ist zu kurz: bitte mindestens 10 Zeichen.",
  "error.password_too_common":
    "Dieses Passwort ist zu verbreitet und leicht zu erraten: wähle ein anderes.",
  "error.wrong_password": "Das aktuelle Passwort stimmt nicht.",
  "error.cross_site_request": "Abgelehnt: die Anfrage kam nicht von den Seiten dieses Servers.",
  "error.account_disabled": "Dieses Konto wurde vom Betreiber des Servers gesperrt.",
  "error.unknown_session": "Dieses Gerät ist schon abgemeldet.",
  "error.password_too_long": "Dieses Passwort ist zu lang: höchstens 256 Zeichen.",
  "error.own_account": "Das ist dein eigenes Konto.",
  "error.confirm_mismatch": "Der eingegebene Name stimmt nicht genau mit dem Kontonamen überein.",
  // Meine Spiele (die Codes von Teil SEATS)
  "error.not_a_friend":
    "Nur deinen Freunden kannst du direkt einen Platz geben: werdet zuerst Freunde.",
  "error.seat_kept": "Dieser Platz ist für einen anderen Spieler freigehalten.",
  "error.not_your_game": "Keiner der Plätze dieses Spiels gehört (mehr) dir.",
  "error.seat_has_account": "Dieser Platz gehört schon zu einem anderen Konto.",
  // Passkeys (static/js/passkeys.js; Ablehnungen des Browsers und Codes des Servers)
  "error.passkey_unsupported":
    "Dieser Browser kann hier keine Passkeys verwenden (Passkeys brauchen HTTPS, beim Testen localhost).",
  "error.passkey_cancelled": "Es wurde kein Passkey gewählt (abgebrochen oder Zeit abgelaufen).",
  "error.passkey_exists":
    "Dieses Gerät oder dieser Schlüssel hat schon einen Passkey dieses Kontos.",
  "error.passkey_failed": "Der Passkey hat nicht funktioniert: bitte versuch es noch einmal.",
  "error.login_failed":
    "Die Anmeldung hat nicht geklappt: versuch es noch einmal oder melde dich anders an.",
  "error.signup_closed": "Dieser Server legt keine neuen Konten an.",
  "error.invite_code_required": "Um dich hier zu registrieren, brauchst du einen Einladungscode.",
  "error.invite_code_invalid": "Dieser Einladungscode ist unbekannt oder schon benutzt.",
  "error.name_taken": "Dieser Name ist vergeben: wähle einen anderen.",
  "error.unknown_passkey": "Dieses Konto hat keinen solchen Passkey.",
  "error.last_sign_in_method":
    "Nur mit diesem Passkey kannst du dich anmelden: füge zuerst ein Passwort oder einen weiteren Passkey hinzu.",
  // Benachrichtigungen (push.js, die Benachrichtigungen des Kontos)
  "error.webhook_refused":
    "Diese Webhook-Adresse ruft der Server nicht auf: Sie muss mit https beginnen und auf eine öffentliche Adresse zeigen.",
  "error.bad_email": "Das ist keine E-Mail-Adresse.",
  "error.email_unavailable": "Dieser Server verschickt keine E-Mails.",
  "error.no_email": "Es gibt keine E-Mail-Adresse zu bestätigen.",
  "error.email_confirmed": "Die E-Mail-Adresse ist schon bestätigt.",
  "error.push_refused": "Den Push-Dienst dieses Browsers kann der Server nicht erreichen.",
  "error.bad_subscription":
    "Dieser Browser hat ein Push-Abo geschickt, mit dem der Server nichts anfangen kann.",
  "error.push_unsupported": "Dieser Browser kann von dieser Seite keine Benachrichtigungen zeigen.",
  "error.push_denied":
    "Benachrichtigungen sind für diese Seite in den Browser-Einstellungen gesperrt.",

  // ---- der Verbindungspunkt
  "conn.live": "Verbunden",
  "conn.connecting": "Verbinde …",
  "conn.refused": "Nicht verbunden (Platz abgelehnt)",
  "conn.offline": "Offline – verbindet sich wieder",
  "conn.retrying": (secs) => `Verbindung verloren – neuer Versuch in ${secs} s`,
  "conn.reconnecting": "Verbinde neu …",

  // ---- die Startseite
  "home.pageTitle": "Tafelrunde – Dschingis Khan und Die Dolmengötter mit Freunden spielen",
  "home.skip": "Weiter zu „Spiel starten“",
  "home.tagline": "Brettspiele mit Freunden, im Browser.",
  "home.newGame": "Spiel starten",
  "home.chooseGame": "1. Spiel wählen",
  "home.game": "Spiel",
  "home.loadingGames": "Die Spiele werden geladen …",
  "home.players": "2. Mitspieler",
  "home.numSeats": "Anzahl der Plätze",
  "home.seatHint":
    "Für jeden Platz: du, ein Freund (du bekommst einen Link zum Verschicken) oder ein Bot, den der Server spielt.",
  "home.you": "3. Du",
  "home.yourName": "Dein Name",
  "home.namePlaceholder": "z. B. Anna",
  "home.whoStarts": "Wer beginnt",
  "home.random": "Zufällig",
  "home.rated": "Gewertet: Die Partie zählt für die Wertungen der Spieler und die Rangliste",
  "home.ratedLinked":
    "Sie zählt nur, wenn alle, die per Link einen Platz nehmen, angemeldet sind (und jeder ein anderer ist).",
  "home.ratedLevelTwice":
    "Eine gewertete Partie hat jede Bot-Stufe nur einmal: Wähle verschiedene Stufen.",
  "home.isRated": "Diese Partie ist gewertet: Sie zählt für die Wertungen der Spieler.",
  "home.public":
    "Öffentlicher Tisch: auf dieser Seite anzeigen, damit jeder einen freien Platz nehmen kann",
  "home.create": "Spiel anlegen",
  "home.creating": "Wird angelegt …",
  "home.created": "Dein Spiel ist bereit",
  "home.sendLinks": "Schicke jedem Freund den Link für seinen Platz.",
  "home.watchLinkIntro": "Link für Zuschauer (sie sehen nichts Verdecktes):",
  "home.watchLink": "Link für Zuschauer",
  "home.goToTable": "Zum Spieltisch",
  "home.another": "Noch ein Spiel anlegen",
  "home.mine": "Deine Spiele",
  "home.openTables": "Öffentliche Tische, die auf Mitspieler warten",
  "home.refresh": "Aktualisieren",
  "home.running": "Öffentliche Spiele, die gerade laufen",
  "home.footer": "Tafelrunde ist quelloffen. Auch Bots können mitspielen: die API steht unter",
  "home.blurb.dschingis_khan":
    "Leo Colovini · Zieh deinen Späher durch die Dörfer und lege Plättchen; bau an der Chinesischen Mauer und entscheide, welche Dörfer mongolisch und welche chinesisch sind.",
  "home.blurb.dolmengoetter":
    "Thomas Odenhoven · Lass deine Druiden gehen und fliegen, hinterlasse Steine, gewinne Mehrheiten in den Steinkreisen und errichte Dolmen mit verdecktem Wert.",
  "home.role.you": "Du",
  "home.role.friend": "Ein Freund (bekommt einen Link)",
  "home.role.bot": "Bot",
  "home.level.easy": "Leicht (zufällig)",
  "home.level.medium": "Mittel (gierig)",
  "home.level.hard": "Schwer (rechnet voraus)",
  "home.playersRange": (min, max) => `${min}–${max} Spieler`,
  "home.noGames": "Dieser Server bietet keine Spiele an.",
  "home.botLevel": (letter) => `Stärke des Bots auf Platz ${letter}`,
  "home.seatRow": (letter, colour) => `Platz ${letter} (${colour})`,
  "home.chooseFirst": "Wähle zuerst ein Spiel.",
  "home.enterName": "Bitte gib deinen Namen ein, damit deine Freunde wissen, wer sie einlädt.",
  "home.isPublic":
    "Dieser Tisch ist öffentlich: er steht unten in der Liste, und jeder kann einen freien Platz nehmen.",
  "home.isPrivate":
    "Jeder Link enthält den geheimen Schlüssel seines Platzes: schicke ihn nur an einen Freund. Der Tisch steht in keiner Liste; Zuschauer brauchen den Zuschauerlink.",
  "home.inviteFor": (letter) => `Platz ${letter} – Einladungslink für einen Freund:`,
  "home.aBot": "ein Bot",
  "home.seatIs": (letter, who) => `Platz ${letter}: ${who}`,
  "home.player": "Spieler",
  "home.seats": (n) => `${n} Plätze`,
  "home.backToSeat": "Zurück zu deinem Platz",
  "home.joinAs": (letter) => `Platz ${letter} nehmen`,
  "home.watch": "Zuschauen",
  "home.play": "Spielen",
  "home.noOpen": "Kein öffentlicher Tisch wartet auf Mitspieler. Starte oben einen!",
  "home.noneRunning": "Gerade keine.",
  "home.result": (letter) => `Ergebnis (Platz ${letter})`,
  "home.playSeat": (letter) => `Spielen (Platz ${letter})`,
  "home.yourTurn": "Du bist am Zug",
  "home.toPlay": (names) => `${names} am Zug`,
  "home.lastMove": (ago) => `letzter Zug ${ago}`,
  "home.noMoveYet": "noch kein Zug",
  "home.justNow": "gerade eben",
  "home.timeLimit": "Bedenkzeit",
  "home.time.none": "Keine",
  "home.time.day": "Fernpartie: 1 Tag pro Zug",
  "home.time.days3": "Fernpartie: 3 Tage pro Zug",
  "home.time.week": "Fernpartie: 1 Woche pro Zug",
  "home.time.live5": "Schachuhr: 5 Min. je Spieler + 5 s pro Zug",
  "home.time.live15": "Schachuhr: 15 Min. je Spieler + 10 s pro Zug",
  "home.time.live30": "Schachuhr: 30 Min. je Spieler",

  // ---- der Spieltisch
  "game.pageTitle": "Tafelrunde – Spieltisch",
  "game.skip": "Weiter zum Spielbrett",
  "game.homeTitle": "Startseite: ein Spiel starten oder finden",
  "game.boardArea": "Spielbrett",
  "game.zoomOut": "Spielbrett kleiner",
  "game.zoomIn": "Spielbrett größer",
  "game.resultTitle": "Spielende",
  "game.playersTitle": "Mitspieler",
  "game.privateTitle": "Nur du siehst das",
  "game.handMore": "Mehr von deiner Hand",
  "game.handBack": "Zurück zum Anfang deiner Hand",
  "game.invitesTitle": "Warten auf Mitspieler",
  "game.invitesStart": "Das Spiel beginnt, sobald jeder Platz besetzt ist. Schicke diese Links:",
  "game.invitesAgain":
    "Das Spiel geht weiter, sobald jeder Platz wieder besetzt ist. Schicke diese Links:",
  "game.invitesHost":
    "Das Spiel geht weiter, sobald jeder Platz besetzt ist. Die Einladungslinks hat der Gastgeber.",
  "game.inviteLinkFor": (letter) => `Einladungslink für Platz ${letter}`,
  "game.actionsTitle": "Alle deine möglichen Züge als Liste",
  "game.logTitle": "Was geschah",
  "game.logEmpty": "Noch nichts.",
  "game.backHome": "Zur Startseite",
  "game.noGameInAddress": "Diese Adresse nennt kein Spiel.",
  "game.noSuchGame": "Dieses Spiel gibt es auf diesem Server nicht.",
  "game.alreadyHold": (letter) =>
    `Du hast in diesem Spiel auf diesem Gerät schon Platz ${letter}, also spielst du diesen Platz.`,
  "game.noSeat": (n) => `Dieses Spiel hat keinen Platz ${n}. Du schaust zu.`,
  "game.seatTaken": (letter, name) =>
    `Platz ${letter} ist schon von ${name} besetzt. Du schaust zu.`,
  "game.cannotShowKind": (kind) => `Diese Seite kann Spiele der Art „${kind}“ nicht zeigen.`,
  "game.boardFailed": (why) => `Das Spielbrett konnte nicht geladen werden: ${why}`,
  "game.youAre": (letter) => `Du: Platz ${letter}`,
  "game.watching": "Zuschauer",
  "game.released":
    "Dein Platz wurde freigegeben (vom Gastgeber oder auf einer anderen Seite von dir); du schaust jetzt zu.",
  "game.gaveBack": "Du hast deinen Platz freigegeben; du schaust jetzt zu.",
  "game.game": "Spiel",
  "game.refused": "Der Server hat das abgelehnt.",
  "game.failed": (why) => `Etwas ist schiefgegangen: ${why}`,
  "game.waitingSeats": "Warten, bis jeder Platz besetzt ist …",
  "game.waitingReveal": (names) =>
    `Die Ziehungen werden festgelegt: warten, bis ${names} den eigenen Anteil aufdeckt …`,
  "ev.revealMissed": (names) =>
    `${names} hat den eigenen Anteil an den Ziehungen nicht rechtzeitig aufgedeckt: er zählt als keiner`,
  "game.overBanner": (names) => `Spielende – Sieger: ${names.join(", ")}`,
  "game.overNoWinner": "Spielende – kein Sieger: alle haben aufgegeben",
  "game.resultOpen": "Ergebnis",
  "game.resultClose": "Schließen",
  "game.replay": "Partie nachspielen",
  "game.rankingTitle": "Rangfolge",
  "game.rankYou": "Du",
  "game.resignedTag": "aufgegeben",
  "game.villagesOf": "Dörfer (Dorf: Punkte)",
  "game.everyVillage": "Jedes Dorf: Seite und Plättchen",
  "game.yourTurn": (what) => `Du bist am Zug${what ? ` – ${what}` : ""}`,
  "game.waitingFor": (names, what) => `Warten auf ${names}${what ? ` – ${what}` : ""}`,
  "game.sending": "Dein Zug wird gesendet …",
  "game.startOver": "Neu wählen (Esc)",
  "game.refusedStale": () =>
    "Das Spiel ging weiter, bevor dein Zug ankam: das Brett zeigt jetzt den aktuellen Stand, bitte wähle noch einmal.",
  "game.refusedNotYourTurn": () =>
    "Der Server hat diesen Zug abgelehnt, weil du nicht am Zug bist: das Brett zeigt jetzt, wer am Zug ist.",
  "game.moveRefused": (why) => `Der Server hat diesen Zug abgelehnt: ${dot(why)}.`,
  "game.moveUnknown":
    "Der Server konnte nicht sagen, ob dieser Zug gespeichert wurde: das Brett zeigt das Spiel, wie es jetzt steht.",
  "game.dismiss": "Meldung schließen",
  "game.nothingToDo": "Gerade gibt es nichts zu tun.",
  "game.nameTitle": (name, letter, colour) => `${name} (Platz ${letter}, ${colour})`,
  "game.tagBot": "Bot",
  "game.tagFree": "frei",
  "game.tagYou": "du",
  "game.tagWinner": "Sieger",
  "game.player": "Spieler",
  "game.youWin": "Du hast gewonnen!",
  "game.wins": (name) => `${name} hat gewonnen!`,
  "game.sharedWin": (names) => `Geteilter Sieg: ${list(names)}`,
  "game.noWinner": "Niemand gewinnt: alle haben aufgegeben.",
  "game.resignedLast": (names) =>
    `${list(names)} ${pick(names.length, { one: "hat", other: "haben" })} aufgegeben: ${pick(names.length, { one: "steht", other: "stehen" })} hinter allen, die nicht aufgegeben haben, egal mit wie vielen Punkten.`,
  "game.resignedLastYou":
    "Du hast aufgegeben: du stehst hinter allen, die nicht aufgegeben haben, egal mit wie vielen Punkten.",
  "game.checkDraws": "Die Ziehungen prüfen",

  "join.title": "Nimm deinen Platz ein",
  "join.name": "Dein Name",
  "join.namePlaceholder": "z. B. Ben",
  "join.button": "Mitspielen",
  "join.watch": "Nur zuschauen",
  "join.intro": (game, letter) => `Du bist eingeladen, ${game} auf Platz ${letter} `,
  "join.introEnd": (names) => (names ? ` mit ${names} zu spielen.` : " zu spielen."),
  "join.enterName": "Bitte gib deinen Namen ein.",
  "join.watchInstead": "Stattdessen zuschauen",

  "host.reinvite": "Neu einladen",
  "host.reinviteTitle":
    "Diesen Platz freigeben und seinen Einladungslink neu bekommen (wenn der Spieler ihn verloren hat oder er an die falsche Person ging)",
  "host.reinviteConfirm": (letter, name) =>
    `Platz ${letter} (${name}) freigeben? Jener Browser spielt diesen Platz sofort nicht mehr, und du bekommst einen neuen Einladungslink zum Verschicken (der alte gilt nicht mehr). Das Spiel behält seinen Stand und wartet, bis der Platz besetzt ist. Das geht erst, wenn der Spieler einige Minuten weg war.`,
  "host.notYet": (letter, why) => `Platz ${letter} kann noch nicht freigegeben werden: ${why}`,
  "host.failed": (letter, why) => `Platz ${letter} konnte nicht freigegeben werden: ${why}`,
  "host.keepFor": "Für dieses Konto freihalten",
  "host.keepForLabel": (letter) => `Platz ${letter} für ein Konto freihalten (sein Name)`,
  "host.keepForPlaceholder": "oder der Name eines Kontos",
  "host.keptFor": (letter, name) =>
    `Platz ${letter} ist für ${name} freigehalten: unter „Meine Spiele“ (und mit einer Erinnerung, falls gewählt).`,
  "host.keepForFailed": (letter, why) => `Platz ${letter} konnte nicht freigehalten werden: ${why}`,
  "host.freed": (letter) =>
    `Platz ${letter} ist wieder frei. Schicke seinen Einladungslink (unter „Warten auf Mitspieler“) an den, der ihn spielen soll.`,

  "giveBack.button": "Meinen Platz freigeben",
  "giveBack.title":
    "Das Spiel verlassen: dein Platz wird für jemand anderen frei (mit einem neuen Einladungslink vom Gastgeber)",
  "giveBack.confirm":
    "Deinen Platz freigeben? Du spielst ihn sofort nicht mehr (hier und auf deinen anderen Geräten) und schaust stattdessen zu; das Spiel wartet, bis jemand den Platz mit einem neuen Einladungslink vom Gastgeber nimmt.",
  "giveBack.failed": (why) => `Dein Platz konnte nicht freigegeben werden: ${why}`,

  // ---- das Protokoll nach Zügen (logturns.js): ein Satz je Zug, aufklappbar zu den Schritten
  "log.turn": (who, clauses) => `${who}: ${clauses.join(", ")}.`,
  "log.steps": (n) => n1(n, "Schritt", "Schritte"),
  "log.pass": () => "passt",
  "log.undo": (you) => `${you ? "nimmst" : "nimmt"} einen Zug zurück`,
  "log.live": "Die Züge der anderen, sobald sie fertig sind",

  // ---- "Stellung beschreiben" (describe.js): die Stellung als Text, aus der Sicht dieser Seite
  "describe.button": "Stellung beschreiben",
  "describe.title": "Die Stellung",
  "describe.close": "Schließen",
  "describe.toMove": (names, you) => (you ? "Du bist am Zug." : `Am Zug: ${list(names)}.`),
  "describe.over": "Das Spiel ist vorbei.",
  "describe.players": "Spieler",
  "describe.seat": (name, letter, colour, you) =>
    `${name} (Platz ${letter}, ${colour}${you ? ", du" : ""})`,
  "describe.dk.villages": "Dörfer",
  "describe.dk.village": (id, side) => `Dorf ${id} (${side})`,
  "describe.dk.controller": (name) => `beherrscht von ${name}`,
  "describe.dk.noController": "von niemandem beherrscht",
  "describe.dk.tiles": (tiles) => `Plättchen von unten: ${tiles.join(", ")}`,
  "describe.dk.tile": (name, face) => `${name}: ${face ?? "verdeckt"}`,
  "describe.dk.noTiles": "keine Plättchen",
  "describe.dk.scout": (name) => `Späher von ${name}`,
  "describe.dk.walls": (walls) => `Mauern: ${walls.join(", ")}`,
  "describe.dk.wall": (line, open, great) =>
    `Linie ${line} (${great ? "Chinesische Mauer, " : ""}${open ? "offen" : "geschlossen"})`,
  "describe.dk.hand": (faces) =>
    `Deine Plättchen auf der Hand: ${faces.length ? faces.join(", ") : "keine"}.`,
  "describe.dg.circles": "Steinkreise",
  "describe.dg.circle": (id) => `Steinkreis ${id}`,
  "describe.dg.stones": (parts, filled, size) =>
    `Steine ${filled} von ${size}${parts.length ? ` (${parts.join(", ")})` : ""}`,
  "describe.dg.majority": (name) => `Mehrheit: ${name}`,
  "describe.dg.noMajority": "keine Mehrheit",
  "describe.dg.druids": (druids) => `Druiden: ${druids.join(", ")}`,
  "describe.dg.druid": (name, place, lying) =>
    `${name} auf Platz ${place}${lying ? " (sammelt Kräuter)" : ""}`,
  "describe.dg.noDruids": "keine Druiden",
  "describe.dg.dolmens": (dolmens) => `Dolmen von oben: ${dolmens.join(", ")}`,
  "describe.dg.dolmen": (name, value) =>
    `${name} ${value === null ? "(Wert verdeckt)" : `mit Wert ${value}`}`,
  "describe.dg.noDolmens": "keine Dolmen",
  "describe.dg.scored": "gewertet",
  "describe.dg.elsewhere": (druids) => `Druiden außerhalb der Steinkreise: ${druids.join(", ")}.`,
  "describe.dg.hand": (counts) =>
    `Deine Dolmen auf der Hand: ${counts.map(([v, n]) => `${n}× Wert ${v}`).join(", ")}.`,

  // ---- das Protokoll: Ereignisse beider Spiele
  "ev.pass": (who) => `${who} passt.`,
  "ev.releasedByHost": (letter) =>
    `Der Gastgeber hat Platz ${letter} freigegeben (sein Spieler war weg); er wartet auf einen neuen Spieler.`,
  "ev.releasedByPlayer": (letter) =>
    `Der Spieler von Platz ${letter} hat den Platz freigegeben; er wartet auf einen neuen Spieler.`,
  "ev.gameOver": (names) => `Spielende. Sieger: ${names.join(", ")}.`,
  "ev.gameOverNoWinner": "Spielende. Niemand gewinnt: alle haben aufgegeben.",

  "undo.button": "Meinen letzten Zug zurücknehmen (z)",
  "undo.title": "Deinen letzten Zug zurücknehmen (z)",
  "undo.sending": "Dein Zug wird zurückgenommen …",
  "undo.refused": (why) => `Der Server hat den Zug nicht zurückgenommen: ${dot(why)}.`,
  "undo.event": (who) =>
    `${who} ${v(who, "hast deinen", "hat seinen")} letzten Zug zurückgenommen.`,

  "presence.here": "da",
  "presence.hereTitle": "Dieser Spieler hat das Spiel gerade offen.",
  "presence.away": (since) => `weg seit ${since}`,
  "presence.awayTitle": (since) => `Dieser Spieler hat das Spiel seit ${since} nicht offen.`,
  "presence.justNow": "einem Moment",

  // ---- das ganze Leben eines Tisches: noch einmal, Revanche, Abbrechen (rematch.js)
  "rematch.againTitle": "Noch einmal?",
  "rematch.again": "Noch einmal spielen",
  "rematch.againHint":
    "Ein neues Spiel mit denselben Plätzen und Optionen; die Sitzreihenfolge rückt um eins weiter.",
  "rematch.offering": "Der Tisch wird gedeckt …",
  "rematch.title": "Revanche",
  "rematch.offers": (who) => `${who} bietet eine Revanche an`,
  "rematch.youOffered": "Du hast eine Revanche angeboten.",
  "rematch.take": "Platz nehmen",
  "rematch.taking": "Du nimmst Platz …",
  "rematch.go": "Zum neuen Spiel",
  "rematch.watch": "Dem neuen Spiel zuschauen",
  "rematch.yourSeat": (letter) =>
    `Du spielst dann Platz ${letter}: die Sitzreihenfolge rückt um eins weiter.`,
  "rematch.waiting": (names) => `Bisher Platz genommen: ${names}.`,
  "rematch.expired": (until) =>
    `Dein Platz wurde bis ${until} Uhr freigehalten; bitte den Gastgeber des neuen Spiels um einen Einladungslink.`,
  "rematch.abandon": "Spiel abbrechen",
  "rematch.abandonConfirm":
    "Dieses Spiel für alle abbrechen? Niemand kann mehr ziehen; das Spiel bleibt lesbar, wird aber nicht mehr aufgelistet, und nichts Verdecktes wird aufgedeckt. Das lässt sich nicht rückgängig machen.",
  "rematch.abandoned":
    "Der Gastgeber hat dieses Spiel abgebrochen: es kann nicht mehr weitergespielt werden.",
  "rematch.gameAbandoned": "Spiel abgebrochen",
  "rematch.noRematch": "Keine Revanche",
  "rematch.notTaken": "Platz nehmen ging nicht",
  "rematch.notAbandoned": "Nicht abgebrochen",
  "rematch.ev.offered": (who) => `${who} ${v(who, "bietest", "bietet")} eine Revanche an.`,
  "rematch.ev.joined": (who) => `${who} ${v(who, "nimmst", "nimmt")} einen Platz in der Revanche.`,
  "rematch.ev.abandoned": "Der Gastgeber hat das Spiel abgebrochen.",

  // ---- Bedenkzeit, Aufgeben, der Bot springt ein (clocks.js)
  "clocks.resign": "Aufgeben …",
  "clocks.resignTitle":
    "Nicht mehr mitspielen: der Bot des Servers spielt deinen Platz bis zum Spielende",
  "clocks.resignAsk":
    "Aufgeben? Der Bot des Servers spielt deinen Platz bis zum Spielende, und du kannst nur noch zuschauen. Das lässt sich nicht rückgängig machen.",
  "clocks.back": "Meinen Platz zurücknehmen",
  "clocks.backTitle":
    "Deine Zeit ist abgelaufen und der Bot hat übernommen: spiel deinen Platz wieder selbst",
  "clocks.standIn": "Bot spielt",
  "clocks.standInResigned": "Bot spielt (aufgegeben)",
  "clocks.standInTimeout": "Bot spielt (Zeit abgelaufen)",
  "clocks.standInResignedTitle":
    "Dieser Spieler hat aufgegeben: der Bot des Servers spielt den Platz bis zum Ende",
  "clocks.standInTimeoutTitle":
    "Die Zeit dieses Spielers ist abgelaufen: der Bot des Servers spielt den Platz, bis er wieder selbst zieht",
  "clocks.days": (d, h) => `${n1(d, "Tag", "Tage")} ${h} Std.`,
  "clocks.ev.resigned": (who) =>
    who === YOU
      ? "Du hast aufgegeben; der Bot des Servers spielt ab jetzt deinen Platz."
      : `${who} hat aufgegeben; der Bot des Servers spielt ab jetzt den Platz.`,
  "clocks.ev.timeout": (who) =>
    who === YOU
      ? "Deine Zeit ist abgelaufen; der Bot des Servers spielt deinen Platz, bis du wieder selbst ziehst."
      : `Die Zeit von ${who} ist abgelaufen; der Bot des Servers spielt den Platz, bis wieder selbst gezogen wird.`,
  "log.botForYou": "Der Bot des Servers für dich",
  "log.botFor": (name) => `Der Bot des Servers für ${name}`,
  "clocks.ev.back": (who) =>
    who === YOU
      ? "Du spielst deinen Platz wieder selbst."
      : `${who} spielt den Platz wieder selbst.`,
  "clocks.ev.expired": (who) =>
    who === YOU
      ? "Deine Bedenkzeit für diesen Zug ist abgelaufen; der Bot des Servers hat ihn für dich gemacht."
      : `Die Bedenkzeit von ${who} für diesen Zug ist abgelaufen; der Bot des Servers hat ihn gemacht.`,

  // ---- der Tisch-Chat (chat.js)
  "chat.title": "Chat",
  "chat.messages": "Chat-Nachrichten",
  "chat.none": "Noch keine Nachrichten. Sag Hallo!",
  "chat.message": "Chat-Nachricht",
  "chat.placeholder": "An den Tisch schreiben …",
  "chat.watcherPlaceholder": "Als Zuschauer schreiben …",
  "chat.inputTitle": (max) => `Bis zu ${max} Zeichen; Enter sendet`,
  "chat.closed":
    "Der Gastgeber hat den Chat für Zuschauer geschlossen; die Spieler können weiter schreiben.",
  "chat.closedPlaceholder": "Für Zuschauer geschlossen",
  "chat.send": "Senden",
  "chat.nameLabel": "Dein Name im Chat",
  "chat.namePlaceholder": "Zuschauer",
  "chat.watcherTag": "Zuschauer",
  "chat.hostSwitch": "Zuschauer dürfen schreiben",
  "chat.unread": (n) => ` (${n} neu)`,
  "chat.sendFailed": (why) => `Nicht gesendet: ${dot(why)}.`,
  "chat.refused": "der Server hat sie abgelehnt",

  // ---- die letzten Züge auf dem Brett: die Nummern beim Zeigen auf einen Eintrag (marks.js)
  "marks.village": (id) => `Dorf ${id}`,
  "marks.line": (id) => `Linie ${id}`,
  "marks.place": (id) => `Platz ${id}`,
  "marks.circle": (id) => `Kreis ${id}`,

  // ---- „Du bist am Zug“ in einem verdeckten Tab (turnalert.js)
  "alert.title": (base) => `● Du bist am Zug – ${base}`,
  "alert.toggle": "Sag mir Bescheid, wenn ich in einem anderen Tab am Zug bin",
  "alert.toggleShort": "Zug-Hinweis",
  "alert.notify": "Benachrichtigen",
  "alert.notifyTitle": "Benachrichtige mich: eine Systemmitteilung, wenn ich am Zug bin",
  "alert.notifyDenied":
    "Benachrichtigungen sind für diese Seite in den Einstellungen des Browsers blockiert.",
  "alert.notification": (game) => `${game}: Du bist am Zug`,
  "alert.notificationBody": "Tafelrunde: der Tisch wartet auf deinen Zug.",

  // ---- die Anordnung des Tisches: die Reiter am Telefon, der Zoom-Hinweis (layout.js)
  "layout.tabs": "Teile des Tisches",
  "layout.backTo": (tab) => `← Zurück zum ${tab}`,
  "layout.legend": "Legende zum Spielbrett",
  "layout.board": "Brett",
  "layout.players": "Spieler",
  "layout.log": "Protokoll",
  "layout.offScreen": (dirs) =>
    `Mehr vom Brett ${list(dirs)}: wische oder scrolle, um es zu sehen.`,
  "layout.left": "links",
  "layout.right": "rechts",
  "layout.up": "oben",
  "layout.down": "unten",

  "history.title": "Verlauf",
  "history.first": "Erste Stellung",
  "history.prev": "Voriger Zug",
  "history.next": "Nächster Zug",
  "history.last": "Aktuelle Stellung",
  "history.slider": "Stellung im Spiel",
  "history.start": "Der Anfang, vor dem ersten Zug",
  "history.position": (at, n) => `Zug ${at} von ${n}`,
  "history.by": (who) => ` – ${who}`,
  "history.lookingBack": "Du blickst zurück: Züge sind nur in der aktuellen Stellung möglich.",
  "history.turnLine": (at) => `Rückblick auf Zug ${at}`,
  "history.backToGame": "Zurück zum Spiel",
  "history.seenBy": "Sicht von",
  "history.watcher": "Zuschauer",
  "history.everything": "Alles aufgedeckt",
  "history.failed": (why) => `Diese Stellung kann nicht gezeigt werden: ${why}`,

  // ---- die Prüfseite
  "verify.pageTitle": "Tafelrunde – die Ziehungen prüfen",
  "verify.tagline": "Prüfen, dass niemand die Ziehungen gewählt hat.",
  "verify.title": "Faire Ziehungen",
  "verify.loading": "Lädt …",
  "verify.running": "Das Spiel ist noch nicht vorbei: sein Startwert bleibt bis zum Ende geheim.",
  "verify.old": "Dieses Spiel entstand vor den fairen Ziehungen: es gibt keine Zusage zu prüfen.",
  "verify.verified":
    "Geprüft: die Ziehungen kommen aus dem zugesagten Startwert und dem Beitrag jedes Spielers.",
  "verify.failed": "NICHT bestätigt: der aufgedeckte Startwert passt nicht zur Zusage.",
  "verify.noCrypto":
    "Dieser Browser rechnet Hashes nur auf https- oder localhost-Seiten, kann hier also nicht prüfen: führe den Befehl unten aus.",
  "verify.commitment": "Zusage (beim Anlegen veröffentlicht)",
  "verify.contributions": "Beiträge (Platz: Text)",
  "verify.none": "keine",
  "verify.seed": "Startwert des Servers (aufgedeckt)",
  "verify.salt": "Salz (aufgedeckt)",
  "verify.gameSeed": "Startwert des Spiels",
  "verify.checkCommitment": "Startwert und Salz ergeben die beim Anlegen veröffentlichte Zusage",
  "verify.checkNoted": "Es ist die Zusage, die dieser Browser vor dem Ende gesehen hat",
  "verify.checkSeatCommitments": "Jeder aufgedeckte Beitrag passt zur Zusage seines Platzes",
  "verify.checkGameSeed": "Der Startwert des Spiels ist der Hash aus Startwert und jedem Beitrag",
  "verify.commandIntro":
    "Um jeden Zug nachzuspielen und jedes Ereignis und die Endwertung selbst zu vergleichen:",
  "verify.back": "Zurück zum Spiel",

  // ---- friends: the friend link's page /friends/add/{code} (friends.html, js/friends.js)
  "friends.pageTitle": "Tafelrunde – Freunde finden",
  "friends.title": "Freunde werden",
  "friends.offer":
    "Jemand hat dir seinen Freundeslink geschickt. Wollt ihr Freunde werden? Freunde können einander direkt an ihre Tische setzen, ohne Links zu kopieren.",
  "friends.add": "Freunde werden",
  "friends.adding": "Einen Moment …",
  "friends.added": (name) => `Du und ${name} seid jetzt Freunde.`,
  "friends.own":
    "Das ist dein eigener Freundeslink. Schick ihn den Leuten, mit denen du befreundet sein willst: wer ihn öffnet und zustimmt, ist dein Freund.",
  "friends.signIn": "Melde dich zuerst an oder leg ein Konto an, dann kannst du Freunde werden.",
  "friends.signInButton": "Anmelden",
  "friends.deadLink": "Dieser Freundeslink gilt nicht (mehr): bitte seinen Besitzer um den neuen.",
  "friends.home": "Zur Startseite",
  "error.not_signed_in": "Melde dich zuerst an.",
  "error.unknown_account": "Ein solches Konto gibt es hier nicht.",
  "error.not_yourself": "Das bist du selbst.",
  "error.already_friends": "Ihr seid schon Freunde.",
  "error.already_asked": "Du hast schon gefragt: warte auf die Antwort.",
  "error.unknown_request":
    "Diese Freundschaftsanfrage gibt es nicht mehr (zurückgezogen oder beantwortet).",
  "error.unknown_friend": "Du hast keinen Freund mit diesem Namen.",

  // ---- Dschingis Khan
  "dk.face.chinese": "Chinese",
  "dk.face.mongolian": "Mongole",
  "dk.face.farmer": "Bauer",
  "dk.face.plague": "Pest",
  "dk.face.ginseng": "Ginseng",
  "dk.letter.chinese": "C",
  "dk.letter.mongolian": "M",
  "dk.letter.farmer": "B",
  "dk.letter.plague": "P",
  "dk.letter.ginseng": "G",
  "dk.side.mongolia": "Mongolei",
  "dk.side.china": "China",
  "dk.boardTitle":
    "Spielbrett Dschingis Khan: Dörfer, die Chinesische Mauer, Plättchenstapel und Späher",
  "dk.captionNorth": "▲ MONGOLEI (Norden)",
  "dk.captionSouth": "CHINA (Süden) ▼",
  "dk.letterWest": "W",
  "dk.letterEast": "O",
  "dk.sideTower": (side, id) => `${SIDE[side] ? `${SIDE[side]}er` : side} Randturm ${id}`,
  "dk.village": (id) => `Dorf ${id}`,
  "dk.line": (id) => `Linie ${id}`,
  "dk.wallEnd": (side, tower) =>
    `${SIDE[side] ? `${SIDE[side]}es` : side} Ende der Chinesischen Mauer (Turm ${tower})`,
  "dk.wallPiece": (great, line, open) =>
    `${great ? "Mauerteil der Chinesischen Mauer" : "Mauerteil einer Abzweigung"} auf Linie ${line}, ${open ? "offen" : "geschlossen"}`,
  "dk.tileTitle": (name, face, remembered) =>
    `Plättchen von ${name}, ${face === null ? "verdeckt" : `${face}${remembered ? " (gemerkt)" : ""}`}`,
  "dk.villageTitle": (id, side, n, controller) =>
    `Dorf ${id} (${side}): ${n1(n, "Plättchen", "Plättchen")}${controller === null ? "" : `, beherrscht von ${controller}`}`,
  "dk.scoutTitle": (name, village) => `Späher von ${name} in Dorf ${village}`,
  "dk.via": (via) =>
    via.length === 0
      ? "direkt hinüber"
      : via.length === 1
        ? `durch das Tor auf Linie ${via[0]} (es schließt sich)`
        : `über die Mauer, hinauf auf Linie ${via[0]} und hinab auf Linie ${via[1]} (beide schließen sich)`,
  "dk.step.moveTo": (to) => `Deinen Späher in Dorf ${to} ziehen`,
  "dk.step.straight": (to) => `Direkt hinüber in Dorf ${to}`,
  "dk.step.usePiece": (line) => `Über das offene Mauerteil auf Linie ${line}`,
  "dk.step.gate": (to) => `Durch dieses Tor in Dorf ${to}`,
  "dk.step.climbDown": (line, to) => `Am offenen Mauerteil auf Linie ${line} hinab in Dorf ${to}`,
  "dk.step.placeTile": (face) => `Plättchen ${face} legen`,
  "dk.step.faces": (fa, a, fb, b) => `${fa} auf ${a}, ${fb} auf ${b}`,
  "dk.step.scoutStart": (at) => `Deinen Späher in Dorf ${at} stellen`,
  "dk.step.startTile": (at) => `Startplättchen in Dorf ${at}`,
  "dk.step.secondTile": (at) => `Zweites Startplättchen in Dorf ${at}`,
  "dk.step.takeWall": "Ein Mauerteil nehmen",
  "dk.step.drawTile": "Ein Plättchen ziehen",
  "dk.step.build": (line) => `Mauer auf Linie ${line} bauen`,
  "dk.step.scoutBack": (at) => `Deinen Späher wieder in Dorf ${at} stellen`,
  "dk.step.discard": "Meine Plättchen abwerfen (Späher blockiert)",
  "dk.step.rescue": "Meinen Späher vom Spielbrett nehmen",
  "dk.q.setupFirst": "Start: klicke ein Dorf für dein erstes Startplättchen an.",
  "dk.q.setupSecond": "Klicke ein benachbartes Dorf für das zweite Plättchen an.",
  "dk.q.setupFaces": "Welches Plättchen kommt wohin?",
  "dk.q.setupScout": "Klicke das Dorf an, in dem dein Späher beginnt.",
  "dk.q.scoutBack":
    "Dein Späher wurde vom Spielbrett genommen: klicke ein hervorgehobenes Dorf an, um ihn wieder hinzustellen.",
  "dk.q.take": (left) =>
    `Nimm noch ${n1(left, "Teil", "Teile")}: ein Mauerteil aus dem allgemeinen Vorrat oder ein Plättchen aus deinem passiven Vorrat.`,
  "dk.q.straight": (to) => `Dorf ${to}: direkt hinüber?`,
  "dk.q.how": (to, straight) =>
    `Dorf ${to}: wie kommt dein Späher dorthin? ${straight ? "Geh direkt hinüber, oder klicke" : "Klicke"} das hervorgehobene offene Mauerteil an, auf dem er die Mauer besteigt. Jedes Mauerteil, das er benutzt, schließt sich.`,
  "dk.q.gate": (line, to) => `Durch das Tor auf Linie ${line} in Dorf ${to}?`,
  "dk.q.climbDown": (gate, line, to) =>
    `${gate ? `Geh durch das Tor auf Linie ${line}, oder klicke` : "Klicke jetzt"} das offene Mauerteil an, an dem dein Späher in Dorf ${to} hinabsteigt.`,
  "dk.q.whichTile": (to, via) =>
    `Dein Späher zieht in Dorf ${to}, ${via}. Welches deiner Plättchen legst du dort?`,
  "dk.q.nextWall": (n) =>
    `Baue dein nächstes Mauerteil: klicke eine hervorgehobene Linie an (noch ${n1(n, "Mauerteil", "Mauerteile")} zu bauen).`,
  "dk.q.nextTile": (n) =>
    `Zieh deinen Späher weiter: klicke ein hervorgehobenes Dorf an (noch ${n} Plättchen zu legen).`,
  "dk.q.either": (walls, tiles) =>
    `Setze entweder alle deine Mauerteile ein (${walls}: klicke eine hervorgehobene Linie an) oder alle deine Plättchen (${tiles}: klicke ein hervorgehobenes Dorf an, um deinen Späher dorthin zu ziehen).`,
  "dk.q.wall": (n) =>
    `Baue ein Mauerteil: klicke eine hervorgehobene Linie an (${n1(n, "Mauerteil", "Mauerteile")} zu bauen).`,
  "dk.q.tile": (n) =>
    `Zieh deinen Späher: klicke ein hervorgehobenes Dorf an (${n} Plättchen zu legen).`,
  // Am eigenen Zug ein Auftrag ("Du bist am Zug – Nachschub nehmen"), sonst was der andere tut.
  "dk.phase.setup": (mine) => (mine ? "Startplättchen legen" : "legt die Startplättchen"),
  "dk.phase.scout": (mine) => (mine ? "Späher wieder einsetzen" : "setzt den Späher wieder ein"),
  "dk.phase.take": (mine) => (mine ? "Nachschub nehmen" : "nimmt Nachschub"),
  "dk.phase.walls": (mine) => (mine ? "Mauern bauen" : "baut Mauern"),
  "dk.phase.tiles": (mine) => (mine ? "Späher ziehen" : "zieht den Späher"),
  "dk.phase.place": (mine) => (mine ? "Teile einsetzen" : "setzt Teile ein"),
  "dk.phase.final": "Schlussphase",
  "dk.col.walls": "Mauern",
  "dk.col.wallsTitle": "Mauerteile in der Hand (aktiver Vorrat)",
  "dk.col.tiles": "Plättchen",
  "dk.col.tilesTitle": "Plättchen in der Hand (aktiver Vorrat)",
  "dk.col.supply": "Vorrat",
  "dk.col.supplyTitle": "Plättchen im eigenen verdeckten (passiven) Vorrat",
  "dk.col.out": "Ablage",
  "dk.col.outTitle": "Abgeworfene Plättchen, aus dem Spiel",
  "dk.tableNote": (supply, out, final) =>
    `Allgemeiner Mauervorrat: ${supply}${out ? ` · aus dem Spiel: ${out}` : ""}${final ? " · Schlussphase" : ""}`,
  "dk.priv.rememberedAt": (village, layer, name) => `Dorf ${village}, Lage ${layer} (${name})`,
  "dk.priv.inHand": (n) => `Plättchen in der Hand (${n}):`,
  "dk.priv.walls": (walls, passive) =>
    `Mauerteile in der Hand: ${walls} · Plättchen in deinem passiven Vorrat: ${passive} (Reihenfolge unbekannt, auch dir)`,
  "dk.priv.rememberedShort": (village, layer) => `${village}/${layer}`,
  "dk.priv.wallsShort": (walls, passive) => `Mauerteile: ${walls} · Vorrat: ${passive}`,
  "dk.priv.discarded": "Abgeworfen:",
  "dk.priv.remembered": "Gemerkt (Dorf/Lage):",
  "dk.res.inTable": "Die Endwertung steht in der Tabelle der Mitspieler.",
  "dk.res.totals": "Summen: ",
  "dk.res.bottomToTop": "(von unten nach oben)",
  "dk.res.village": "Dorf",
  "dk.res.side": "Seite",
  "dk.res.owner": "Besitzer",
  "dk.res.tiles": "Plättchen",
  "dk.res.points": "Punkte",
  "dk.legend.china": "China (schraffiert)",
  "dk.legend.greatOpen": "Chinesische Mauer, offen",
  "dk.legend.greatClosed": "Chinesische Mauer, geschlossen",
  "dk.legend.branchOpen": "Abzweigung, offen",
  "dk.legend.branchClosed": "Abzweigung, geschlossen",
  "dk.legend.scout": "Späher",
  "dk.legend.tiles": (key) => `Plättchen: ${key}; kursiv = gemerkt`,
  "dk.turn.setup": (you, villages, faces, scout) =>
    `${you ? "beginnst" : "beginnt"} in den Dörfern ${villages.join(" und ")}${faces ? ` (${faces})` : ""}, Späher in ${scout}`,
  "dk.turn.takeWalls": (you, n) =>
    `${you ? "nimmst" : "nimmt"} ${n1(n, "Mauerteil", "Mauerteile")}`,
  "dk.turn.takeTiles": (you, n, faces) =>
    `${you ? "ziehst" : "zieht"} ${n} Plättchen${faces ? ` (${faces})` : ""}`,
  "dk.turn.discard": (you, n, faces) =>
    `${you ? "wirfst" : "wirft"} ${n} Plättchen ab${faces ? ` (${faces})` : ""}`,
  "dk.turn.walls": (you, lines, removed, changed) =>
    `${you ? "baust" : "baut"} ${lines.length === 1 ? `eine Mauer auf Linie ${lines[0]}` : `Mauern auf den Linien ${list(lines)}`}${removed ? ` (${n1(removed, "Teil", "Teile")} entfernt)` : ""}${changed.length ? ` (${pick(changed.length, { one: "Dorf", other: "Dörfer" })} ${list(changed)} ${pick(changed.length, { one: "wechselt", other: "wechseln" })} die Seite)` : ""}`,
  "dk.turn.wallsKept": (you, n) =>
    `${you ? "behältst" : "behält"} ${n1(n, "Mauerteil", "Mauerteile")}, die nirgends passen`,
  "dk.turn.scout": (_you, path, tiles) => `Späher ${path}${tiles ? `, Plättchen ${tiles}` : ""}`,
  "dk.turn.gate": "durch ein Tor",
  "dk.turn.wall": "über die Mauer",
  "dk.turn.placeScout": (you, village) =>
    `${you ? "stellst" : "stellt"} den Späher wieder in Dorf ${village}`,
  "dk.turn.rescue": (you, village) =>
    `${you ? "nimmst" : "nimmt"} den Späher aus Dorf ${village} vom Spielbrett`,
  "dk.ev.setup": (who, villages, faces, scout) =>
    `${who} ${v(who, "beginnst", "beginnt")} in den Dörfern ${villages.join(" und ")}${faces ? ` (${faces})` : ""}, Späher in ${scout}.`,
  "dk.ev.takeWalls": (who, n, supply) =>
    `${who} ${v(who, "nimmst", "nimmt")} ${n1(n, "Mauerteil", "Mauerteile")} (Vorrat ${supply}).`,
  "dk.ev.takeTiles": (who, n, faces) =>
    `${who} ${v(who, "ziehst", "zieht")} ${n} Plättchen${faces ? `: ${faces}` : ""}.`,
  "dk.ev.placeScout": (who, village) =>
    `${who} ${v(who, "stellst", "stellt")} den Späher wieder in Dorf ${village}.`,
  "dk.ev.wall": (who, ev) => {
    let text = `${who} ${v(who, "baust", "baut")} eine Mauer auf Linie ${ev.line}`;
    if (ev.kind === "loop")
      text += ` und schließt einen Ring: der ${ev.kept === "new" ? "neue" : "alte"} Abschnitt bleibt`;
    if (ev.kind === "new_end")
      text += ` und erreicht einen Randturm: das ${ev.kept === "new" ? "neue" : "alte"} Ende bleibt`;
    if (ev.removed?.length)
      text += `; ${n1(ev.removed.length, "Mauerteil", "Mauerteile")} entfernt`;
    const changed = ev.sides_changed || [];
    if (changed.length)
      text += `; ${pick(changed.length, { one: "Dorf", other: "Dörfer" })} ${changed.join(", ")} ${pick(changed.length, { one: "wechselt", other: "wechseln" })} die Seite`;
    return `${text}.`;
  },
  "dk.ev.wallsKept": (who, n) =>
    `${who} ${v(who, "behältst", "behält")} ${n1(n, "Mauerteil", "Mauerteile")}, die nirgends passen.`,
  "dk.ev.step": (who, from, to, how, tile) =>
    `${who}: Späher ${from} → ${to}${{ straight: "", gate: " durch ein Tor", wall: " über die Mauer" }[how]}${tile ? `, Plättchen ${tile}` : ""}.`,
  "dk.ev.discard": (who, n, faces) =>
    `${who} ${v(who, "wirfst", "wirft")} ${n} Plättchen ab${faces ? ` (${faces})` : ""}.`,
  "dk.ev.rescue": (who, village) =>
    `${who} ${v(who, "nimmst", "nimmt")} den Späher aus Dorf ${village} vom Spielbrett.`,
  "dk.ev.finalPhase": "Zwei Vorräte sind leer: die Schlussphase beginnt.",

  // ---- Die Dolmengötter
  "dg.place": (id) => `Steinplatz ${id}`,
  "dg.circle": (id) => `Steinkreis ${id}`,
  "dg.boardTitle":
    "Spielbrett Die Dolmengötter: Steinkreise, Steinplätze, Druiden, Steine und Dolmen",
  "dg.cornerRune": (place) =>
    `Eckrune an Steinplatz ${place}: verbunden mit den anderen drei Ecken`,
  "dg.rune": (rune, place, mates) =>
    `Rune ${rune} an Steinplatz ${place}: verbunden mit Steinplatz ${mates}`,
  "dg.stoneTitle": (name, place) => `Stein von ${name} auf ${place}`,
  "dg.druidTitle": (name, lying, place) =>
    `Druide von ${name}, ${lying ? "liegend (sammelt Kräuter)" : "stehend"}, auf ${place}`,
  "dg.dolmenTitle": (d) =>
    `Dolmen von ${d.name}, ${d.value === null ? "Wert verdeckt" : `Wert ${d.value}`}${d.points === null ? "" : `, ${d.points} Punkte gewertet`}, Stufe ${d.position} von oben (Faktor ${d.factor}) in Steinkreis ${d.circle}`,
  "dg.circleTitle": (id, shape, factors, n, scored) =>
    `Steinkreis ${id} (${SHAPE[shape] || shape}): Faktoren ${factors} von oben; ${n} Dolmen.${scored ? " Dieser Steinkreis ist gewertet." : ""}`,
  "dg.step.stone": (place) => `Einen Stein auf Platz ${place} zurücklassen`,
  "dg.step.noStoneFree": "Kein Stein (keiner mehr übrig)",
  "dg.step.noStone": "Kein Stein (−1 Punkt)",
  "dg.step.placeDruid": (place) => `Einen Druiden auf ${place} stellen`,
  "dg.step.yourDruid": (place) => `Dein Druide auf ${place}`,
  "dg.step.moveTo": (place) => `Den Druiden nach ${place} bewegen`,
  "dg.step.walk": "Dorthin gehen",
  "dg.step.fly": "Dorthin fliegen (verbraucht die Kräuter)",
  "dg.step.herbs": "Hinlegen und Kräuter sammeln",
  "dg.step.circle": (id) => `Steinkreis ${id}`,
  "dg.step.value": (val) => `Dolmen mit Wert ${val}`,
  "dg.step.noDolmen": "Kein Dolmen",
  "dg.step.pass": "Passen (kein Zug möglich)",
  "dg.q.druids": (left) =>
    `Klicke einen hervorgehobenen freien Steinplatz an, um einen deiner Druiden dorthin zu stellen${left === null ? "" : ` (noch ${left} zu setzen)`}.`,
  "dg.q.right": (top, circle) =>
    `Du darfst einen Dolmen ${top ? "oben auf" : "unten an"} die Wertungsleiter in Steinkreis ${circle} setzen. Wähle seinen Wert (nur du siehst ihn) oder keinen.`,
  "dg.q.move":
    "Klicke einen deiner Druiden an, um ihn zu bewegen (gehen oder fliegen) oder Kräuter sammeln zu lassen.",
  "dg.q.where": "Klicke an, wohin der Druide soll, oder wähle:",
  "dg.q.choose": "Wähle:",
  "dg.q.how": "Gehen oder fliegen?",
  "dg.q.stone": "Einen Stein auf dem Platz zurücklassen, den der Druide verlässt?",
  "dg.phase.placeDruid": (left) => `einen Druiden setzen (noch ${left})`,
  "dg.phase.placingDruids": "setzt Druiden",
  "dg.phase.right": (circle, top) =>
    `Dolmenrecht in Steinkreis ${circle} (${top ? "oben" : "unten"})`,
  "dg.phase.finalRound": (mine) => `Schlussrunde${mine ? ": dein letzter Zug" : ""}`,
  "dg.phase.move": "einen Druiden bewegen oder Kräuter sammeln",
  "dg.col.stones": "Steine",
  "dg.col.stonesTitle": "Übrige Steine",
  "dg.col.dolmens": "Dolmen",
  "dg.col.dolmensTitle": "Übrige Dolmen in der Hand",
  "dg.priv.hand": "Dolmen in der Hand",
  "dg.priv.board": "Auf dem Brett (Steinkreis: Wert ×Faktor)",
  "dg.priv.onBoardShort": (circle, value, factor) => `${circle}: ${value} ×${factor}`,
  "dg.priv.value": (val) => `Wert ${val}`,
  "dg.priv.onBoard": (circle, value, factor) => `Steinkreis ${circle}: Wert ${value} (×${factor})`,
  "dg.priv.noneScored": "keine (alle sind gewertet)",
  "dg.priv.noneYet": "noch keine",
  "dg.res.circle": "Steinkreis",
  "dg.res.stonesUsedUp": "Alle Steine sind gesetzt.",
  "dg.res.finalRoundOver": "Die Schlussrunde ist vorbei.",
  "dg.res.rest": "Start (4) und nicht gesetzte Steine",
  "dg.res.total": "Summe",
  "dg.legend.stone": "Stein",
  "dg.legend.standing": "Druide stehend",
  "dg.legend.lying": "Druide liegend (darf fliegen)",
  "dg.legend.dolmen": "Dolmen (Wert verdeckt)",
  "dg.legend.factor": "Wertungsfaktor, von oben nach unten",
  "dg.legend.rune": "gleiche Rune an beiden Rändern: ein Weg hinüber",
  "dg.turn.druid": (you, place) => `${you ? "stellst" : "stellt"} einen Druiden auf Platz ${place}`,
  "dg.turn.walk": (you, from, to) =>
    `${you ? "gehst" : "geht"} mit einem Druiden von ${from} nach ${to}`,
  "dg.turn.flight": (you, from, to) =>
    `${you ? "fliegst" : "fliegt"} mit einem Druiden von ${from} nach ${to}`,
  "dg.turn.herbs": (_you, place) => `der Druide auf ${place} sammelt Kräuter`,
  "dg.turn.stone": (_you, place) => `Stein auf ${place} zurückgelassen`,
  "dg.turn.noStone": (_you, penalty) => `kein Stein${penalty ? ` (−${penalty} Punkt)` : ""}`,
  "dg.turn.right": (you, top, circle) =>
    `${you ? "darfst" : "darf"} in Steinkreis ${circle} einen Dolmen ${top ? "oben" : "unten"} setzen`,
  "dg.turn.dolmen": (_you, value, circle, top) =>
    `setzt einen Dolmen${value ? ` mit Wert ${value}` : ""} in Steinkreis ${circle} (${top ? "oben" : "unten"})`,
  "dg.turn.noDolmen": (_you, circle) => `setzt keinen Dolmen in Steinkreis ${circle}`,
  "dg.ev.druidPlaced": (who, place) =>
    `${who} ${v(who, "stellst", "stellt")} einen Druiden auf Platz ${place}.`,
  "dg.ev.walk": (who, from, to) =>
    `${who} ${v(who, "gehst", "geht")} mit einem Druiden von ${from} nach ${to}.`,
  "dg.ev.flight": (who, from, to) =>
    `${who} ${v(who, "fliegst", "fliegt")} mit einem Druiden von ${from} nach ${to}.`,
  "dg.ev.herbs": (who, place) => `${who}: der Druide auf ${place} sammelt Kräuter.`,
  "dg.ev.stonePlaced": (place) => `Stein auf ${place} zurückgelassen.`,
  "dg.ev.stoneDeclinedPenalty": (penalty, score) =>
    `Kein Stein (−${penalty} Punkt, jetzt ${score}).`,
  "dg.ev.stoneDeclined": "Kein Stein.",
  "dg.ev.right": (who, top, circle) =>
    `${who} ${v(who, "darfst", "darf")} in Steinkreis ${circle} einen Dolmen ${top ? "oben" : "unten"} setzen.`,
  "dg.ev.dolmenPlaced": (who, value, circle, top) =>
    `${who} setzt einen Dolmen${value ? ` mit Wert ${value}` : ""} in Steinkreis ${circle} (${top ? "oben" : "unten"}).`,
  "dg.ev.dolmenDeclined": (who, circle) => `${who} setzt keinen Dolmen in Steinkreis ${circle}.`,
  "dg.ev.lapsed": (name, circle, full, mine) =>
    `${mine ? "Dein" : "Das"} Dolmenrecht${mine ? "" : ` von ${name}`} in Steinkreis ${circle} verfällt (${full ? "die Wertungsleiter ist voll" : "keine Dolmen mehr"}).`,
  "dg.ev.circleScored": (circle, final, parts) =>
    `Steinkreis ${circle} wird${final ? " am Ende" : ""} gewertet: ${parts || "keine Dolmen"}.`,
  "dg.ev.finalRound": (who) =>
    `${who} ${v(who, "hast", "hat")} den letzten Dolmen gesetzt: Schlussrunde!`,

  // ---- Konten (Issue 38): die Anmeldung im Kopf, die Kontoseite, Meine Spiele
  "me.signIn": "Anmelden",
  "me.signOut": "Abmelden",
  "me.menuFor": (name) => `Kontomenü von ${name}`,
  "me.myGames": "Meine Spiele",
  "me.myAccount": "Mein Konto",
  "me.friends": "Freunde",
  "me.reminders": "Erinnerungen",

  "acct.pageTitle": "Tafelrunde – dein Konto",
  "acct.skip": "Weiter zum Konto",
  "acct.tagline": "Deine Spiele auf jedem Gerät, Freunde und Erinnerungen.",
  "acct.tabsLabel": "Anmelden oder ein Konto anlegen",
  "acct.signInTab": "Anmelden",
  "acct.signUpTab": "Konto anlegen",
  "acct.signInTitle": "Anmelden",
  "acct.passkeySignIn": "Mit einem Passkey anmelden",
  "acct.passkeySignInHint":
    "Dein Handy oder Computer fragt nach seiner Displaysperre (Fingerabdruck, Gesicht oder PIN).",
  "acct.orPassword": "oder mit Name und Passwort",
  "acct.or": "oder",
  "acct.name": "Name",
  "acct.password": "Passwort",
  "acct.signIn": "Anmelden",
  "acct.noAccount": "Noch kein Konto?",
  "acct.haveAccount": "Schon ein Konto?",
  "acct.signUpTitle": "Konto anlegen",
  "acct.signUpWhy":
    "Mit einem Konto folgen dir deine Spiele auf jedes Gerät, Freunde können dir direkt einen Platz geben, und eine Erinnerung erreicht dich, wenn du am Zug bist. Einladungslinks funktionieren auch ohne Konto.",
  "acct.signupClosed": "Dieser Server nimmt zurzeit keine neuen Konten an.",
  "acct.displayName": "Anzeigename",
  "acct.displayNameHint": "Andere Spieler sehen diesen Namen; Freunde finden dich darunter.",
  "acct.inviteCode": "Einladungscode",
  "acct.inviteCodeHint":
    "Dieser Server legt Konten nur mit einem Einladungscode seines Betreibers an.",
  "acct.withPasskey": "Mit einem Passkey (empfohlen)",
  "acct.withPasskeyHint": "Nichts zu merken: die Displaysperre deines Geräts meldet dich an.",
  "acct.passkeySignUp": "Mit Passkey anlegen",
  "acct.withPassword": "Mit einem Passwort",
  "acct.passwordHint":
    "Mindestens 10 Zeichen. Ein paar ungewöhnliche Wörter hintereinander sind leicht zu merken und schwer zu erraten; sehr verbreitete Passwörter werden abgelehnt.",
  "acct.passwordSignUp": "Mit Passwort anlegen",
  "acct.enterName": "Bitte gib deinen Namen ein.",
  "acct.enterPassword": "Bitte gib dein Passwort ein.",
  "acct.enterDisplayName": "Bitte wähle einen Anzeigenamen.",
  "acct.choosePassword":
    "Bitte wähle ein Passwort (mindestens 10 Zeichen) oder nimm einen Passkey.",
  "acct.passwordShort": (n) => `Das Passwort ist zu kurz: bitte mindestens ${n} Zeichen.`,
  "acct.noPasskeyBrowser":
    "Dieser Browser bietet keine Passkeys an: nimm stattdessen ein Passwort.",
  "acct.noPasskeyServer": "Passkeys gibt es auf diesem Server noch nicht: nimm ein Passwort.",
  "acct.welcomeTitle": "Dein Konto ist bereit",
  "acct.welcomeText":
    "Deine Spiele liegen jetzt in deinem Konto. Wähle unten, wie dich eine Erinnerung erreicht, wenn du am Zug bist.",
  "acct.toMyGames": "Zu meinen Spielen",
  "acct.parts": "Teile dieser Seite",
  "acct.profile": "Profil",
  "acct.notifications": "Erinnerungen",
  "acct.friends": "Freunde",
  "acct.signInMethods": "Anmeldung",
  "acct.sessions": "Geräte",
  "acct.data": "Deine Daten",
  "acct.save": "Speichern",
  "acct.saved": "Gespeichert.",
  "acct.language": "Sprache deiner Erinnerungen (diese Seite folgt ihr beim Speichern)",
  "acct.notificationsIntro":
    "Wenn du am Zug bist und keine Seite des Spiels offen ist, kann Tafelrunde dich erinnern: hier, per E-Mail oder über einen Chatdienst. Auch bei Freundschaftsanfragen, für dich freigehaltenen Plätzen, Revanche-Angeboten und am Spielende.",
  "acct.notifyUnavailable": "Dieser Server verschickt keine Erinnerungen.",
  "acct.pushTitle": "Benachrichtigungen auf diesem Gerät",
  "acct.pushLabel":
    "Auf diesem Gerät eine Benachrichtigung zeigen, auch wenn der Browser-Tab geschlossen ist",
  "acct.pushOn": "An für dieses Gerät.",
  "acct.pushOff": "Aus für dieses Gerät.",
  "acct.pushUnsupported": "Dieser Browser kann von dieser Seite keine Benachrichtigungen zeigen.",
  "acct.pushBlocked":
    "Benachrichtigungen sind für diese Seite blockiert: erlaube sie zuerst in den Website-Einstellungen des Browsers.",
  "acct.emailTitle": "E-Mail",
  "acct.emailLabel": "Adresse für Erinnerungen",
  "acct.emailNone": "Keine Erinnerungen per E-Mail.",
  "acct.emailConfirmed": (email) => `Bestätigt: Erinnerungen gehen an ${email}.`,
  "acct.emailWaiting": (email) =>
    `Noch nicht bestätigt: öffne den Link in der E-Mail an ${email}. Vorher geht nichts anderes dorthin.`,
  "acct.emailUnavailable": "Dieser Server verschickt keine E-Mails.",
  "acct.confirmationSent": (email) =>
    `Ein Bestätigungslink ist unterwegs an ${email}: öffne ihn, dann geht es los.`,
  "acct.resend": "Bestätigungslink noch einmal schicken",
  "acct.pushOthers": (n) =>
    pick(n, {
      one: "1 weiteres Gerät bekommt sie auch.",
      other: `${n} weitere Geräte bekommen sie auch.`,
    }),
  "acct.webhookTitle": "Chatdienst (Webhook)",
  "acct.webhookLabel": "Webhook-Adresse",
  "acct.webhookHint":
    "Links von Discord, Slack und ntfy werden erkannt; jede andere Adresse bekommt die Erinnerung als JSON. Halte diese Adresse geheim.",
  "acct.whenTitle": "Wann",
  "acct.alwaysLabel": "Auch wenn eine Seite des Spiels offen ist",
  "acct.digestLabel": "Spiele mit einem Tag oder mehr pro Zug",
  "acct.digestOff": "Eine Erinnerung für jeden Zug",
  "acct.digest6": "Höchstens eine Übersicht alle 6 Stunden",
  "acct.digest12": "Höchstens eine Übersicht alle 12 Stunden",
  "acct.digest24": "Höchstens eine Übersicht am Tag",
  "acct.digestN": (n) => `Höchstens eine Übersicht alle ${n} Stunden`,
  "acct.saveReminders": "Erinnerungen speichern",
  "acct.badEmail": "Das ist keine E-Mail-Adresse.",
  "acct.badWebhook": "Der Webhook muss eine Webadresse sein, die mit https:// beginnt.",
  "acct.friendsIntro":
    "Freunden kannst du beim Anlegen eines Spiels direkt einen Platz geben: er erscheint in ihren Spielen, kein Link zum Verschicken.",
  "acct.incoming": "Freundschaftsanfragen an dich",
  "acct.yourFriends": "Deine Freunde",
  "acct.outgoing": "Warten auf Antwort",
  "acct.noFriends":
    "Noch keine Freunde: füge jemanden mit Namen hinzu oder schicke deinen Freundeslink.",
  "acct.friendsUnavailable": "Dieser Server hat keine Freundesliste.",
  "acct.friendsSince": (date) => `befreundet seit ${date}`,
  "acct.asked": (ago) => `angefragt ${ago}`,
  "acct.withdraw": "Zurückziehen",
  "acct.accept": "Annehmen",
  "acct.decline": "Ablehnen",
  "acct.removeFriend": "Entfernen",
  "acct.reallyRemove": (name) => `${name} wirklich entfernen?`,
  "acct.addFriendLabel": "Freund mit Namen hinzufügen",
  "acct.addFriend": "Freundschaftsanfrage schicken",
  "acct.enterFriendName": "Gib zuerst den Anzeigenamen deines Freundes ein.",
  "acct.requestSent": (name) => `Freundschaftsanfrage an ${name} geschickt.`,
  "acct.nowFriends": (name) =>
    name ? `${name} und du seid jetzt befreundet.` : "Ihr seid jetzt befreundet.",
  "acct.friendLinkTitle": "Dein Freundeslink",
  "acct.friendLinkHint":
    "Wer diesen Link angemeldet öffnet, wird dein Freund, sobald ihr beide zustimmt. Erneuere ihn, damit der alte Link nicht mehr geht.",
  "acct.renewLink": "Neuen Link machen",
  "acct.linkRenewed": "Ein neuer Freundeslink: der alte geht nicht mehr.",
  "acct.passkeys": "Passkeys",
  "acct.passkey": "Passkey",
  "acct.noPasskeys": "Noch kein Passkey.",
  "acct.passkeyLabel": "Name des neuen Passkeys",
  "acct.passkeyLabelPlaceholder": "z. B. Mein Handy",
  "acct.addPasskey": "Passkey hinzufügen",
  "acct.passkeyAdded": "Passkey hinzugefügt.",
  "acct.passkeyRemoved": "Passkey entfernt.",
  "acct.added": (date) => `hinzugefügt am ${date}`,
  "acct.lastUsed": (ago) => `zuletzt benutzt ${ago}`,
  "acct.remove": "Entfernen",
  "acct.reallyRemovePasskey": "Wirklich entfernen?",
  "acct.lastMethod": "Dein einziger Weg zur Anmeldung bleibt: füge zuerst einen weiteren hinzu.",
  "acct.passwordTitle": "Passwort",
  "acct.addPasswordTitle": "Ein Passwort hinzufügen",
  "acct.currentPassword": "Aktuelles Passwort",
  "acct.newPassword": "Neues Passwort",
  "acct.changePassword": "Passwort ändern",
  "acct.addPassword": "Passwort hinzufügen",
  "acct.enterCurrent": "Bitte gib dein aktuelles Passwort ein.",
  "acct.passwordChanged":
    "Passwort geändert. Deine anderen Geräte sind abgemeldet: melde dich dort mit dem neuen an.",
  "acct.passwordAdded": "Passwort hinzugefügt: du kannst dich jetzt auch damit anmelden.",
  "acct.sessionsIntro":
    "Wo dein Konto angemeldet ist. Melde ein Gerät ab, das du nicht kennst oder nicht mehr benutzt.",
  "acct.thisDevice": "dieses Gerät",
  "acct.browserOn": (browser, system) => `${browser} auf ${system}`,
  "acct.someBrowser": "Ein Browser",
  "acct.lastActive": (ago) => `zuletzt aktiv ${ago}`,
  "acct.signedInSince": (date) => `angemeldet am ${date}`,
  "acct.signOutEverywhere": "Überall abmelden",
  "acct.exportHint":
    "Alles, was über dein Konto gespeichert ist: das Konto, deine Plätze, deine Chatzeilen und deine Einstellungen, als JSON-Datei.",
  "acct.export": "Meine Daten herunterladen",
  "acct.deleteTitle": "Mein Konto löschen",
  "acct.deleteText":
    "Deine Anmeldewege, Geräte, Freunde und Einstellungen werden sofort entfernt. Beendete Spiele behalten deinen Platz als „gelöschter Spieler“. Das lässt sich nicht rückgängig machen.",
  "acct.deleteConfirmPlain": "Gib zur Bestätigung deinen Namen ein",
  "acct.deleteConfirm": (name) => `Gib zur Bestätigung deinen Namen ein: „${name}“`,
  "acct.deleteMismatch": (name) => `Gib genau „${name}“ ein, um das Konto zu löschen.`,
  "acct.deleteButton": "Mein Konto endgültig löschen",

  "home.myGames": "Meine Spiele",
  "home.groupTurn": (n) => `Du bist am Zug (${n})`,
  "home.groupKept": (n) => `Für dich freigehaltene Plätze (${n})`,
  "home.groupWaiting": (n) => `Warten auf andere (${n})`,
  "home.groupOver": (n) => `Beendet (${n})`,
  "home.showAll": "Alle zeigen",
  "home.noAccountGames":
    "Noch keine Spiele in deinem Konto. Starte unten eines oder nimm einen Platz, den ein Freund für dich freihält.",
  "home.keptForYou": "Ein Platz ist für dich freigehalten",
  "home.takeSeat": (letter) => `Platz einnehmen (${letter})`,
  "home.playNow": "Jetzt spielen",
  "home.open": "Öffnen",
  "home.moveBy": (time) => `Zug bis ${time}`,
  "home.updated": (ago) => `geändert ${ago}`,
  "home.onlyHere": "Nur in diesem Browser",
  "home.onlyHereHint":
    "Diese Plätze liegen nur in diesem Browser. Übernimm ein Spiel in dein Konto, um es auch auf deinen anderen Geräten zu öffnen.",
  "home.claimOne": "Dieses Spiel in mein Konto übernehmen",
  "home.claimTitle": "Die Spiele dieses Browsers in dein Konto übernehmen?",
  "home.claimText": (n) =>
    pick(n, {
      one: "Dieser Browser hält deinen Platz in 1 Spiel, das nicht in deinem Konto ist. In dein Konto übernehmen, um es auch auf deinen anderen Geräten zu öffnen? Nur wenn der Platz deiner ist.",
      other: `Dieser Browser hält Plätze in ${n} Spielen, die nicht in deinem Konto sind. In dein Konto übernehmen, um sie auch auf deinen anderen Geräten zu öffnen? Nur wenn die Plätze deine sind.`,
    }),
  "home.claimAll": "In mein Konto übernehmen",
  "home.claimLater": "Jetzt nicht",
  "home.claimFailed": (n, why) => `${n} nicht übernommen: ${why}`,
  "home.accountTeaser": "Diese Plätze liegen nur in diesem Browser.",
  "home.accountTeaserLink": "Lege ein Konto an, um sie auf jedem Gerät zu haben.",
  "home.accountDeleted": "Dein Konto wurde gelöscht.",
  "home.role.account": (name) => `Ein Freund: ${name}`,
  "home.seatHintFriends":
    "Für jeden Platz: du, einer deiner Freunde (das Spiel erscheint in seinen Spielen), ein Freund, der einen Link bekommt, oder ein Bot, den der Server spielt.",
  "home.seatKept": (letter, name) =>
    `Platz ${letter}: für ${name} freigehalten, der es in seinen Spielen findet`,

  // ---- die Rangliste (/ladder) und die Spielerseiten (/players/{name})
  "me.ladder": "Rangliste",
  "ladder.pageTitle": "Tafelrunde — Rangliste",
  "ladder.title": "Rangliste",
  "ladder.kinds": "Spiel",
  "ladder.explain":
    "Die Wertung ist vorsichtig: 1000 für Neue, steigend, je sicherer gewertete Partien die Schätzung machen. Nur gewertete Partien zählen; Bots sind gekennzeichnet.",
  "ladder.caption": (n) =>
    `Spieler mit mindestens ${n1(n, "gewerteten Partie", "gewerteten Partien")}, die Besten zuerst`,
  "ladder.rank": "Nr.",
  "ladder.player": "Spieler",
  "ladder.rating": "Wertung",
  "ladder.games": "Partien",
  "ladder.won": "Siege",
  "ladder.empty": (kind, n) =>
    `Noch niemand hat ${n1(n, "gewertete Partie", "gewertete Partien")} ${kind} gespielt: Die Rangliste beginnt mit dem Ersten, der so weit ist.`,
  "ladder.signIn": "Melde dich an, um die Rangliste zu sehen.",
  "ratings.bot": "Bot",
  "ratings.botKind.server": "ein Bot dieses Servers",
  "ratings.botKind.author": "ein Bot, den ein Spieler gebaut hat",
  "ratings.point": (i, date, rating, change) => `Partie ${i}, ${date}: ${rating} (${change})`,
  "ratings.chartLabel": (kind, from, to, n) =>
    `Wertung in ${kind} über ${n1(n, "gewertete Partie", "gewertete Partien")}: von ${from} auf ${to}`,
  "player.pageTitle": "Tafelrunde — Spieler",
  "player.pageTitleOf": (name) => `${name} — Tafelrunde`,
  "player.toLadder": "Zur Rangliste",
  "player.recent": "Letzte gewertete Partien",
  "player.h2h": "Direkter Vergleich",
  "player.h2hAgainst": "Gegen",
  "player.h2hShow": "Vergleichen",
  "player.serverBot": (level) => `Bot dieses Servers, Stufe ${level}`,
  "player.authorBot": (owner) => `Ein Bot von ${owner}`,
  "player.since": (date) => `dabei seit ${date}`,
  "player.unranked": (played) =>
    `Noch nicht auf der Rangliste (${played} von 3 gewerteten Partien)`,
  "player.rank": (rank) => `Platz ${rank} der Rangliste`,
  "player.playedWon": (played, won) =>
    `${n1(played, "gewertete Partie", "gewertete Partien")}, ${won} gewonnen`,
  "player.byPlayers": (n, played, won) => `${n} Spieler: ${played} gespielt, ${won} gewonnen`,
  "player.placeShort": (place) => `${place}.`,
  "player.placeOf": (place, n) => `Platz ${place} von ${n}`,
  "player.chartCaption": "Die Wertung nach jeder gewerteten Partie (0: vor der ersten).",
  "player.replay": "Wiederholung",
  "player.h2hNone": (a, b) =>
    `${a} und ${b} haben noch keine gewertete Partie miteinander gespielt.`,
  "player.h2hLine": (a, b, games, ahead, behind, level) =>
    `${n1(games, "Partie", "Partien")}: ${a} vorn ${ahead}, ${b} vorn ${behind}, gleichauf ${level}`,
  "player.signIn": "Melde dich an, um die Wertungen der Spieler zu sehen.",
  "player.noGames": (name) => `${name} hat noch keine gewertete Partie beendet.`,
  // ---- Herausforderungen auf der Startseite (js/challenges.js)
  "challenge.title": "Herausforderungen",
  "challenge.toYou": "Herausforderungen an dich",
  "challenge.yours": "Deine Herausforderungen",
  "challenge.new": "Jemanden herausfordern",
  "challenge.friends": "Freunde",
  "challenge.byName": "Oder der Name eines Kontos",
  "challenge.game": "Spiel",
  "challenge.ratedBox": "Gewertet",
  "challenge.send": "Herausforderung senden",
  "challenge.whom": "Wähle einen Freund oder gib den Namen eines Kontos ein.",
  "challenge.count": (kind, min, max) =>
    `${kind} ist für ${min} bis ${max} Spieler, du eingeschlossen.`,
  "challenge.sent": (names) => `Herausforderung an ${list(names)} gesendet.`,
  "challenge.from": (name) => `${name} fordert dich heraus`,
  "challenge.fromWith": (name, others) => `${name} fordert dich und ${list(others)} heraus`,
  "challenge.to": (names) => `Du hast ${list(names)} herausgefordert`,
  "challenge.accept": "Annehmen",
  "challenge.decline": "Ablehnen",
  "challenge.withdraw": "Zurückziehen",
  "challenge.accepted": (name) => `${name} hat angenommen`,
  "challenge.declined": (name) => `${name} hat abgelehnt`,
  "challenge.waitingFor": (name) => `wartet auf ${name}`,
  "challenge.started": "Alle haben angenommen: Die Partie hat begonnen.",
  "challenge.startedWith": (kind, names) => `${kind} mit ${list(names)}`,
  "challenge.open": "Zur Partie",
  "challenge.rated": "gewertet",
  "challenge.unrated": "nicht gewertet",
  "challenge.noClock": "ohne Bedenkzeit",
  "challenge.perMove": (per) => `${per} pro Zug`,
  "challenge.liveEach": (each, inc) =>
    inc ? `live: je ${each} + ${inc} s pro Zug` : `live: je ${each}`,
  "error.not_challengeable":
    "Die Bots des Servers kann man nicht herausfordern: Setze einen in einer neuen Partie ein.",
  "error.too_many_challenges":
    "Du hast 10 offene Herausforderungen: Ziehe eine zurück oder warte auf Antworten.",
  "error.challenge_closed": "Diese Herausforderung ist schon geschlossen.",
  "error.unknown_challenge": "Diese Herausforderung gibt es nicht (mehr).",
  "seek.title": "Mitspieler suchen",
  "seek.intro":
    "Eine Partie in einer öffentlichen Liste: Wer angemeldet ist, kann mitspielen, und sie beginnt, sobald alle Plätze besetzt sind.",
  "seek.open": "Offene Gesuche",
  "seek.none": "Gerade sucht niemand Mitspieler.",
  "seek.new": "Neues Gesuch",
  "seek.players": "Spieler",
  "seek.send": "In die Liste stellen",
  "seek.sent": "Dein Gesuch steht in der Liste.",
  "seek.by": (name) => `${name} sucht Mitspieler`,
  "seek.yours": "Dein Gesuch",
  "seek.in": (names) => `Dabei: ${list(names)}`,
  "seek.free": (n) => `${n1(n, "Platz", "Plätze")} frei`,
  "seek.join": "Mitspielen",
  "seek.leave": "Verlassen",
  "seek.fill": "Mit Bots auffüllen",
  "seek.fillFrom": (time) => `Ab ${time} kannst du freie Plätze mit Bots des Servers auffüllen.`,
  "seek.place": (n) => `Platz ${n}`,
  "seek.fillStart": "Mit diesen Bots beginnen",
  "seek.levelsTwice": "In einer gewerteten Partie spielt jede Bot-Stufe nur einmal.",
  "seek.started": "Alle Plätze sind besetzt: Die Partie hat begonnen.",
  "error.too_many_seeks":
    "Du bist in 3 offenen Gesuchen: Verlasse oder ziehe eines zurück oder warte, bis eines beginnt.",
  "error.seek_closed": "Dieses Gesuch ist nicht mehr offen.",
  "error.unknown_seek": "Dieses Gesuch gibt es nicht (mehr).",
  "error.already_in_seek": "Du bist schon in diesem Gesuch.",
  "error.not_in_seek": "Du bist nicht in diesem Gesuch.",
  "error.fill_too_early": "Noch nicht: Bots können die freien Plätze etwas später auffüllen.",
  "error.not_your_seek": "Das kann nur, wer dieses Gesuch gestellt hat.",
};
