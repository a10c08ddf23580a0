// Every English text of the pages (static/js/i18n.js). text/de.js and text/cs.js have the
// same keys; a value is a text or a function of the values it names. Plural forms: by
// Intl.PluralRules (./plural.js).

import { plurals } from "./plural.js";

const YOU = "You";
const pick = plurals("en");
/** "1 tile", "3 tiles". */
const n1 = (n, one, other) => `${n} ${pick(n, { one, other })}`;
const list = (names) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
const dot = (text) => text.replace(/\.$/, "");

export default {
  "lang.de": "Deutsch",
  "lang.en": "English",
  "lang.cs": "Čeština",
  "lang.switch": "Language",

  loading: "Loading…",
  none: "none",
  you: YOU,
  youLower: "you",

  "colour.blue": "blue",
  "colour.orange": "orange",
  "colour.green": "green",
  "colour.pink": "pink",
  "colour.red": "red",

  "seat.someone": "someone",
  "seat.bot": (letter) => `Bot ${letter}`,
  "seat.seat": (letter) => `Seat ${letter}`,

  "copy.copy": "Copy",
  "copy.copied": "Copied",
  "copy.select": "Select and copy",

  "status.open": "open",
  "status.running": "running",
  "status.over": "over",
  "status.abandoned": "abandoned",

  "col.score": "Score",
  "col.scoreTitle": "Points",

  "step.pass": "Pass",

  // ---- the server's refusals, by code (docs/API.md); English shows the server's message
  "error.network": "Cannot reach the server. Check your connection and try again.",
  "error.status": (status) => `The server answered ${status}.`,
  "error.bad_request": "The request was not understood.",
  "error.unauthorized": "This page's seat key is not valid (any more).",
  "error.forbidden": "That is not allowed for this seat.",
  "error.invite_required": "This seat can only be taken with its invitation link.",
  "error.history_private": "Only the game's players may look back while it runs.",
  "error.not_found": "Not found.",
  "error.unknown_kind": "This server does not know that game.",
  "error.unknown_game": "There is no such game on this server.",
  "error.unknown_seat": "This game has no such seat.",
  "error.unknown_version": "The game has no such position.",
  "error.method_not_allowed": "That is not allowed here.",
  "error.seat_taken": "This seat is already taken.",
  "error.bot_seat": "A bot plays this seat.",
  "error.seat_in_use":
    "Its player was here only a few minutes ago; try again once they have been away longer.",
  "error.stale_version": "The game moved on meanwhile.",
  "error.not_your_turn": "It is not your turn.",
  "error.game_not_started": "The game has not started yet.",
  "error.game_over": "The game is over.",
  "error.game_not_over": "The game is not over yet.",
  "error.not_undoable": "That move cannot be taken back.",
  "error.illegal_action": "The rules do not allow that move.",
  "error.bad_action": "That move is not understood.",
  "error.bad_options": "Those game options are not valid.",
  "error.bad_player_count": "That game is not played with this many seats.",
  "error.payload_too_large": "That is too long.",
  "error.rate_limited": "Too many requests: wait a moment and try again.",
  "error.too_many_bot_games": "Too many games with bots are running: try again later.",
  "error.too_many_connections": "Too many open pages for this game.",
  "error.database_unavailable": "The server's database is not available: try again shortly.",
  "error.commit_unknown":
    "The server lost its database while saving: whether the change was made, the game shows.",
  "error.internal_error": "Something went wrong on the server.",
  "error.game_abandoned": "The host abandoned this game: nothing more can be played.",
  "error.no_rematch": "Nobody has offered a rematch of this game yet.",
  "error.rematch_expired":
    "The rematch's seats are no longer kept: ask the new game's host for an invite link.",
  "error.seat_reserved": "This seat is kept for a player of the last game for now.",
  "error.already_resigned": "This seat has resigned: the server's bot plays it to the end.",
  "error.not_stood_in": "Its player plays this seat already.",
  "error.bad_time_control": "That time limit is not allowed on this server.",
  "error.chat_closed": "The host has closed the chat to watchers; the players can still write.",
  "error.chat_empty": "The message is empty: type something first.",
  "error.chat_too_long": "The message is too long (at most 500 characters).",
  "error.chat_too_fast": "Too many messages at once: wait a few seconds.",
  // accounts (issue 38, part AUTH's codes; part UI's words): plain words, also on English
  // pages (words.js plainError)
  "error.password_too_short": "The password is too short: at least 10 characters, please.",
  "error.password_too_common":
    "That password is too common and easily guessed: choose another one.",
  "error.wrong_password": "The current password is not right.",
  "error.cross_site_request": "Refused: the request did not come from this site's pages.",
  "error.account_disabled": "This account has been disabled by the server's operator.",
  "error.unknown_session": "That device is signed out already.",
  "error.password_too_long": "That password is too long: at most 256 characters.",
  "error.own_account": "That is your own account.",
  "error.confirm_mismatch": "The name typed does not match the account's name exactly.",
  // My games (part SEATS' codes)
  "error.not_a_friend":
    "Only your friends can be given a seat directly: ask them to be friends first.",
  "error.seat_kept": "This seat is kept for another player.",
  "error.not_your_game": "None of this game's seats is yours (any more).",
  "error.seat_has_account": "This seat belongs to another account already.",
  // passkeys (static/js/passkeys.js; the browser's own refusals and the server's codes)
  "error.passkey_unsupported":
    "This browser cannot use passkeys here (passkeys need HTTPS, or localhost when testing).",
  "error.passkey_cancelled": "No passkey was chosen (cancelled or timed out).",
  "error.passkey_exists": "This device or key holds a passkey of this account already.",
  "error.passkey_failed": "The passkey did not work: please try again.",
  "error.login_failed": "That did not sign you in: try again, or use another way to sign in.",
  "error.signup_closed": "This server makes no new accounts.",
  "error.invite_code_required": "Signing up here needs an invite code.",
  "error.invite_code_invalid": "This invite code is unknown or used already.",
  "error.name_taken": "This name is taken: choose another one.",
  "error.unknown_passkey": "This account has no such passkey.",
  "error.last_sign_in_method":
    "This passkey is your only way to sign in: add a password or another passkey first.",
  // notifications (push.js, the account's notification settings)
  "error.webhook_refused":
    "The server will not call that webhook URL: it must be https and point at a public address.",
  "error.bad_email": "That is not an e-mail address.",
  "error.email_unavailable": "This server sends no e-mail.",
  "error.no_email": "There is no e-mail address to confirm.",
  "error.email_confirmed": "The e-mail address is confirmed already.",
  "error.push_refused": "This browser's push service cannot be reached from the server.",
  "error.bad_subscription": "This browser sent a push subscription the server cannot use.",
  "error.push_unsupported": "This browser cannot show notifications from this page.",
  "error.push_denied": "Notifications are blocked for this page in the browser's settings.",

  // ---- the connection dot
  "conn.live": "Live",
  "conn.connecting": "Connecting…",
  "conn.refused": "Not connected (seat refused)",
  "conn.offline": "Offline — will reconnect",
  "conn.retrying": (secs) => `Connection lost — retrying in ${secs}s`,
  "conn.reconnecting": "Reconnecting…",

  // ---- the home page
  "home.pageTitle": "Tafelrunde — play Dschingis Khan and Die Dolmengötter with friends",
  "home.skip": "Skip to “Start a game”",
  "home.tagline": "Board games with friends, in the browser.",
  "home.newGame": "Start a game",
  "home.chooseGame": "1. Choose a game",
  "home.game": "Game",
  "home.loadingGames": "Loading the games…",
  "home.players": "2. Players",
  "home.numSeats": "Number of seats",
  "home.seatHint":
    "For each seat: you, a friend (you get a link to send) or a bot played by the server.",
  "home.you": "3. You",
  "home.yourName": "Your name",
  "home.namePlaceholder": "e.g. Anna",
  "home.whoStarts": "Who starts",
  "home.random": "Random",
  "home.public": "Public table: list it on this page, so anyone may take a free seat",
  "home.create": "Create the game",
  "home.creating": "Creating…",
  "home.created": "Your game is ready",
  "home.sendLinks": "Send each friend the link for their seat.",
  "home.watchLinkIntro": "Link for watchers (they see no hidden information):",
  "home.watchLink": "Link for watchers",
  "home.goToTable": "Go to the game table",
  "home.another": "Set up another game",
  "home.mine": "Your games",
  "home.openTables": "Public tables waiting for players",
  "home.refresh": "Refresh",
  "home.running": "Public games being played",
  "home.footer": "Tafelrunde is open source. Bots can play too: see the API at",
  "home.blurb.dschingis_khan":
    "Leo Colovini · Move your scout across the villages and lay tiles; build the Great Wall to decide which villages are Mongolian and which Chinese.",
  "home.blurb.dolmengoetter":
    "Thomas Odenhoven · Walk and fly your druids, leave stones behind, win majorities in the stone circles and raise hidden-value dolmens.",
  "home.role.you": YOU,
  "home.role.friend": "A friend (gets a link)",
  "home.role.bot": "Bot",
  "home.level.easy": "Easy (random)",
  "home.level.medium": "Medium (greedy)",
  "home.level.hard": "Hard (searches)",
  "home.playersRange": (min, max) => `${min}–${max} players`,
  "home.noGames": "This server offers no games.",
  "home.botLevel": (letter) => `Bot level for seat ${letter}`,
  "home.seatRow": (letter, colour) => `Seat ${letter} (${colour})`,
  "home.chooseFirst": "Choose a game first.",
  "home.enterName": "Please enter your name, so your friends know who invited them.",
  "home.isPublic": "This table is public: it is listed below, and anyone may take a free seat.",
  "home.isPrivate":
    "Each link holds its seat's secret key: send each to one friend only. The table is not listed; watchers need the watch link.",
  "home.inviteFor": (letter) => `Seat ${letter} — invite link for a friend:`,
  "home.aBot": "a bot",
  "home.seatIs": (letter, who) => `Seat ${letter}: ${who}`,
  "home.player": "player",
  "home.seats": (n) => `${n} seats`,
  "home.backToSeat": "Back to your seat",
  "home.joinAs": (letter) => `Join as seat ${letter}`,
  "home.watch": "Watch",
  "home.play": "Play",
  "home.noOpen": "No public table is waiting for players. Start one above!",
  "home.noneRunning": "None right now.",
  "home.result": (letter) => `Result (seat ${letter})`,
  "home.playSeat": (letter) => `Play (seat ${letter})`,
  "home.yourTurn": "Your turn",
  "home.toPlay": (names) => `${names} to play`,
  "home.lastMove": (ago) => `last move ${ago}`,
  "home.noMoveYet": "no move yet",
  "home.justNow": "just now",
  "home.timeLimit": "Time limit",
  "home.time.none": "None",
  "home.time.day": "1 day per move",
  "home.time.days3": "3 days per move",
  "home.time.week": "1 week per move",
  "home.time.live5": "Live: 5 min each + 5 s per move",
  "home.time.live15": "Live: 15 min each + 10 s per move",
  "home.time.live30": "Live: 30 min each",

  // ---- the game page
  "game.pageTitle": "Tafelrunde — game table",
  "game.skip": "Skip to the board",
  "game.homeTitle": "Home: start or find a game",
  "game.boardArea": "Board",
  "game.zoomOut": "Smaller board",
  "game.zoomIn": "Bigger board",
  "game.resultTitle": "Game over",
  "game.playersTitle": "Players",
  "game.privateTitle": "Only you can see this",
  "game.handMore": "More of your hand",
  "game.handBack": "Back to the start of your hand",
  "game.invitesTitle": "Waiting for players",
  "game.invitesStart": "The game starts when every seat is taken. Send these links:",
  "game.invitesAgain": "The game goes on when every seat is taken again. Send these links:",
  "game.invitesHost": "The game goes on when every seat is taken. The host has the invite links.",
  "game.inviteLinkFor": (letter) => `Invite link for seat ${letter}`,
  "game.actionsTitle": "All your possible moves as a list",
  "game.logTitle": "What happened",
  "game.logEmpty": "Nothing yet.",
  "game.backHome": "Back to the home page",
  "game.noGameInAddress": "This address does not name a game.",
  "game.noSuchGame": "There is no such game on this server.",
  "game.alreadyHold": (letter) =>
    `You already hold seat ${letter} in this game on this device, so you play that seat.`,
  "game.noSeat": (n) => `This game has no seat ${n}. You are watching.`,
  "game.seatTaken": (letter, name) =>
    `Seat ${letter} is already taken by ${name}. You are watching.`,
  "game.cannotShowKind": (kind) => `This page cannot show games of kind “${kind}”.`,
  "game.boardFailed": (why) => `Could not load the board: ${why}`,
  "game.youAre": (letter) => `You: seat ${letter}`,
  "game.watching": "Watching",
  "game.released":
    "Your seat was given back (by the host, or on another page of yours); you are now watching.",
  "game.gaveBack": "You gave your seat back; you are now watching.",
  "game.game": "Game",
  "game.refused": "The server refused that.",
  "game.failed": (why) => `Something went wrong: ${why}`,
  "game.waitingSeats": "Waiting for every seat to be taken…",
  "game.waitingReveal": (names) => `Fixing the draws: waiting for ${names} to reveal their share…`,
  "ev.revealMissed": (names) =>
    `${names} did not reveal their share of the draws in time: it counts as none`,
  "game.overBanner": (names) =>
    `Game over — ${pick(names.length, { one: "winner", other: "winners" })}: ${names.join(", ")}`,
  "game.overNoWinner": "Game over — nobody wins: every player resigned",
  "game.resultOpen": "Result",
  "game.resultClose": "Close",
  "game.replay": "Replay the game",
  "game.rankingTitle": "Ranking",
  "game.rankYou": "You",
  "game.resignedTag": "resigned",
  "game.villagesOf": "Villages (village: points)",
  "game.everyVillage": "Every village: side and tiles",
  "game.yourTurn": (what) => `Your turn${what ? ` — ${what}` : ""}`,
  "game.waitingFor": (names, what) => `Waiting for ${names}${what ? ` — ${what}` : ""}`,
  "game.sending": "Sending your move…",
  "game.startOver": "Start over (Esc)",
  "game.refusedStale": (why) =>
    `The server refused this move: ${dot(why)}; the board now shows the current state, so please choose again.`,
  "game.refusedNotYourTurn": (why) =>
    `The server refused this move: ${dot(why)}; the board now shows whose turn it is.`,
  "game.moveRefused": (why) => `The server refused this move: ${dot(why)}.`,
  "game.moveUnknown":
    "The server could not tell whether this move was saved: the board shows the game as it is now.",
  "game.dismiss": "Dismiss message",
  "game.nothingToDo": "Nothing to do right now.",
  "game.nameTitle": (name, letter, colour) => `${name} (seat ${letter}, ${colour})`,
  "game.tagBot": "bot",
  "game.tagFree": "free",
  "game.tagYou": "you",
  "game.tagWinner": "winner",
  "game.player": "Player",
  "game.youWin": "You win!",
  "game.wins": (name) => `${name} wins!`,
  "game.sharedWin": (names) => `Shared win: ${list(names)}`,
  "game.noWinner": "Nobody wins: every player resigned.",
  "game.resignedLast": (names) =>
    `${list(names)} resigned: ranked below every player who did not, whatever the score.`,
  "game.resignedLastYou":
    "You resigned: ranked below every player who did not, whatever the score.",
  "game.checkDraws": "Check the draws",

  "join.title": "Take your seat",
  "join.name": "Your name",
  "join.namePlaceholder": "e.g. Ben",
  "join.button": "Join the game",
  "join.watch": "Only watch",
  "join.intro": (game, letter) => `You are invited to play ${game} as seat ${letter} `,
  "join.introEnd": (names) => (names ? ` with ${names}.` : "."),
  "join.enterName": "Please enter your name.",
  "join.watchInstead": "Watch the game instead",

  "host.reinvite": "Invite again",
  "host.reinviteTitle":
    "Give this seat back and get its invite link again (if the player lost it or it went to the wrong person)",
  "host.reinviteConfirm": (letter, name) =>
    `Give seat ${letter} (${name}) back? That browser stops playing this seat at once, and you get a new invite link to send (the old one stops working). The game keeps its state and waits until the seat is taken. This works only once the player has been away for a few minutes.`,
  "host.notYet": (letter, why) => `Seat ${letter} cannot be given back yet: ${why}`,
  "host.failed": (letter, why) => `Seat ${letter} could not be given back: ${why}`,
  "host.keepFor": "Keep for this account",
  "host.keepForLabel": (letter) => `Keep seat ${letter} for an account (its name)`,
  "host.keepForPlaceholder": "or an account's name",
  "host.keptFor": (letter, name) =>
    `Seat ${letter} is kept for ${name}: they find it under My games (and get a reminder, if they chose one).`,
  "host.keepForFailed": (letter, why) => `Seat ${letter} could not be kept: ${why}`,
  "host.freed": (letter) =>
    `Seat ${letter} is free again. Send its invite link (under “Waiting for players”) to whoever should play it.`,

  "giveBack.button": "Give my seat back",
  "giveBack.title":
    "Leave the game: your seat becomes free for someone else (with a new invite link from the host)",
  "giveBack.confirm":
    "Give your seat back? You stop playing it at once (here and on your other devices) and watch instead; the game waits until someone takes the seat with a new invite link from the host.",
  "giveBack.failed": (why) => `Could not give your seat back: ${why}`,

  // ---- the log grouped by turn (logturns.js): one sentence per turn, its steps unfolded
  "log.turn": (who, clauses) => `${who}: ${clauses.join(", ")}.`,
  "log.steps": (n) => n1(n, "step", "steps"),
  "log.pass": () => "passed",
  "log.undo": () => "took back a move",
  "log.live": "Other players' turns, as they end",

  // ---- "Describe the position" (describe.js): the position as text, from this page's view
  "describe.button": "Describe the position",
  "describe.title": "The position",
  "describe.close": "Close",
  "describe.toMove": (names, you) => (you ? "It is your turn." : `To move: ${list(names)}.`),
  "describe.over": "The game is over.",
  "describe.players": "Players",
  "describe.seat": (name, letter, colour, you) =>
    `${name} (seat ${letter}, ${colour}${you ? ", you" : ""})`,
  "describe.dk.villages": "Villages",
  "describe.dk.village": (id, side) => `Village ${id} (${side})`,
  "describe.dk.controller": (name) => `controlled by ${name}`,
  "describe.dk.noController": "nobody's",
  "describe.dk.tiles": (tiles) => `tiles from the bottom: ${tiles.join(", ")}`,
  "describe.dk.tile": (name, face) => `${name}: ${face ?? "face down"}`,
  "describe.dk.noTiles": "no tiles",
  "describe.dk.scout": (name) => `${name}'s scout`,
  "describe.dk.walls": (walls) => `walls: ${walls.join(", ")}`,
  "describe.dk.wall": (line, open, great) =>
    `line ${line} (${great ? "Great Wall, " : ""}${open ? "open" : "closed"})`,
  "describe.dk.hand": (faces) => `Your tiles in hand: ${faces.length ? faces.join(", ") : "none"}.`,
  "describe.dg.circles": "Stone circles",
  "describe.dg.circle": (id) => `Stone circle ${id}`,
  "describe.dg.stones": (parts, filled, size) =>
    `stones ${filled} of ${size}${parts.length ? ` (${parts.join(", ")})` : ""}`,
  "describe.dg.majority": (name) => `majority: ${name}`,
  "describe.dg.noMajority": "no majority",
  "describe.dg.druids": (druids) => `druids: ${druids.join(", ")}`,
  "describe.dg.druid": (name, place, lying) =>
    `${name}'s on place ${place}${lying ? " (collecting herbs)" : ""}`,
  "describe.dg.noDruids": "no druids",
  "describe.dg.dolmens": (dolmens) => `dolmens from the top: ${dolmens.join(", ")}`,
  "describe.dg.dolmen": (name, value) =>
    `${name}'s (${value === null ? "value hidden" : `value ${value}`})`,
  "describe.dg.noDolmens": "no dolmens",
  "describe.dg.scored": "has scored",
  "describe.dg.elsewhere": (druids) => `Druids outside the stone circles: ${druids.join(", ")}.`,
  "describe.dg.hand": (counts) =>
    `Your dolmens in hand: ${counts.map(([v, n]) => `${n}× value ${v}`).join(", ")}.`,

  // ---- the log, events both games share
  "ev.pass": (who) => (who === YOU ? "You pass." : `${who} passes.`),
  "ev.releasedByHost": (letter) =>
    `The host gave seat ${letter} back (its player was away); it waits for a new player.`,
  "ev.releasedByPlayer": (letter) =>
    `Seat ${letter}'s player gave the seat back; it waits for a new player.`,
  "ev.gameOver": (names) =>
    `Game over. ${pick(names.length, { one: "Winner", other: "Winners" })}: ${names.join(", ")}.`,
  "ev.gameOverNoWinner": "Game over. Nobody wins: every player resigned.",

  "undo.button": "Undo my last move (z)",
  "undo.title": "Take back your last move (z)",
  "undo.sending": "Taking your move back…",
  "undo.refused": (why) => `The server did not take the move back: ${dot(why)}.`,
  "undo.event": (who) =>
    who === YOU ? "You took your last move back." : `${who} took their last move back.`,

  "presence.here": "here",
  "presence.hereTitle": "This player has the game open now.",
  "presence.away": (since) => `away ${since}`,
  "presence.awayTitle": (since) => `This player has not had the game open for ${since}.`,
  "presence.justNow": "just now",

  // ---- a table's whole life: play again, the rematch offer, abandoning (rematch.js)
  "rematch.againTitle": "Play again?",
  "rematch.again": "Play again",
  "rematch.againHint": "A new game with the same seats and options; the seat order turns by one.",
  "rematch.offering": "Setting the table…",
  "rematch.title": "Rematch",
  "rematch.offers": (who) => `${who} offers a rematch`,
  "rematch.youOffered": "You offered a rematch.",
  "rematch.take": "Take your seat",
  "rematch.taking": "Taking your seat…",
  "rematch.go": "Go to the new game",
  "rematch.watch": "Watch the new game",
  "rematch.yourSeat": (letter) => `You would play seat ${letter}: the seat order turns by one.`,
  "rematch.waiting": (names) => `Seated so far: ${names}.`,
  "rematch.expired": (until) =>
    `Your seat was kept until ${until}; ask the new game's host for an invite link.`,
  "rematch.abandon": "Abandon game",
  "rematch.abandonConfirm":
    "Abandon this game for everybody? Nobody can move any more; the game stays readable but is no longer listed, and nothing hidden is revealed. This cannot be undone.",
  "rematch.abandoned": "The host abandoned this game: nothing more can be played.",
  "rematch.gameAbandoned": "Game abandoned",
  "rematch.noRematch": "No rematch",
  "rematch.notTaken": "Could not take your seat",
  "rematch.notAbandoned": "Not abandoned",
  "rematch.ev.offered": (who) => `${who} offered a rematch.`,
  "rematch.ev.joined": (who) => `${who} took a seat in the rematch.`,
  "rematch.ev.abandoned": "The host abandoned the game.",

  // ---- clocks, resigning, the bot standing in (clocks.js)
  "clocks.resign": "Resign…",
  "clocks.resignTitle": "Stop playing: the server's bot plays your seat to the end of the game",
  "clocks.resignAsk":
    "Resign? The server's bot plays your seat to the end of the game, and you can only watch. This cannot be undone.",
  "clocks.back": "Take my seat back",
  "clocks.backTitle": "You ran out of time and the bot took over: play your seat again",
  "clocks.standIn": "bot plays",
  "clocks.standInResigned": "bot plays (resigned)",
  "clocks.standInTimeout": "bot plays (out of time)",
  "clocks.standInResignedTitle": "This player resigned: the server's bot plays the seat to the end",
  "clocks.standInTimeoutTitle":
    "This player's time ran out: the server's bot plays the seat until they act again",
  "clocks.days": (d, h) => `${d} d ${h} h`,
  "clocks.ev.resigned": (who) =>
    who === YOU
      ? "You resigned; the server's bot plays your seat from now on."
      : `${who} resigned; the server's bot plays the seat from now on.`,
  "clocks.ev.timeout": (who) =>
    who === YOU
      ? "Your time ran out; the server's bot plays your seat until you act again."
      : `${who}'s time ran out; the server's bot plays the seat until they act again.`,
  "log.botForYou": "The server's bot for you",
  "log.botFor": (name) => `The server's bot for ${name}`,
  "clocks.ev.back": (who) =>
    who === YOU ? "You play your seat again." : `${who} plays their seat again.`,
  "clocks.ev.expired": (who) =>
    who === YOU
      ? "Your time for this move ran out; the server's bot made it for you."
      : `${who}'s time for this move ran out; the server's bot made it.`,

  // ---- the table chat (chat.js)
  "chat.title": "Chat",
  "chat.messages": "Chat messages",
  "chat.none": "No messages yet. Say hello!",
  "chat.message": "Chat message",
  "chat.placeholder": "Write to the table…",
  "chat.watcherPlaceholder": "Write as a watcher…",
  "chat.inputTitle": (max) => `Up to ${max} characters; Enter sends`,
  "chat.closed": "The host has closed the chat to watchers; the players can still write.",
  "chat.closedPlaceholder": "Closed to watchers",
  "chat.send": "Send",
  "chat.nameLabel": "Your name in the chat",
  "chat.namePlaceholder": "Watcher",
  "chat.watcherTag": "watcher",
  "chat.hostSwitch": "Watchers may write",
  "chat.unread": (n) => ` (${n} new)`,
  "chat.sendFailed": (why) => `Not sent: ${dot(why)}.`,
  "chat.refused": "the server refused it",

  // ---- the last moves on the board: the numbers a log entry's hover writes (marks.js)
  "marks.village": (id) => `village ${id}`,
  "marks.line": (id) => `line ${id}`,
  "marks.place": (id) => `place ${id}`,
  "marks.circle": (id) => `circle ${id}`,

  // ---- "your turn" in a hidden tab (turnalert.js)
  "alert.title": (base) => `● Your turn — ${base}`,
  "alert.toggle": "Tell me when it is my turn in another tab",
  "alert.toggleShort": "Turn alerts",
  "alert.notify": "Notify me",
  "alert.notifyTitle": "Notify me: a system notification when it is your turn",
  "alert.notifyDenied": "Notifications are blocked for this site in the browser's settings.",
  "alert.notification": (game) => `Your turn in ${game}`,
  "alert.notificationBody": "Tafelrunde: the table waits for your move.",

  // ---- the table's layout: the phone's tabs, the zoom hint (layout.js)
  "layout.tabs": "Parts of the table",
  "layout.backTo": (tab) => `← Back to the ${tab.toLowerCase()}`,
  "layout.legend": "Key to the board",
  "layout.board": "Board",
  "layout.players": "Players",
  "layout.log": "Log",
  "layout.offScreen": (dirs) => `More of the board ${list(dirs)}: swipe or scroll to see it.`,
  "layout.left": "left",
  "layout.right": "right",
  "layout.up": "above",
  "layout.down": "below",

  "history.title": "History",
  "history.first": "First position",
  "history.prev": "Previous move",
  "history.next": "Next move",
  "history.last": "Latest position",
  "history.slider": "Position in the game",
  "history.start": "The start, before any move",
  "history.position": (v, n) => `Move ${v} of ${n}`,
  "history.by": (who) => ` — ${who}`,
  "history.lookingBack": "You are looking back: moves can be made only at the latest position.",
  "history.turnLine": (v) => `Looking back at move ${v}`,
  "history.backToGame": "Back to the game",
  "history.seenBy": "As seen by",
  "history.watcher": "A watcher",
  "history.everything": "Everything revealed",
  "history.failed": (why) => `Could not show that position: ${why}`,

  // ---- the verify page
  "verify.pageTitle": "Tafelrunde — check the draws",
  "verify.tagline": "Check that nobody chose the draws.",
  "verify.title": "Fair draws",
  "verify.loading": "Loading…",
  "verify.running": "The game is not over yet: its seed stays secret until the end.",
  "verify.old": "This game was made before fair draws: it has no commitment to check.",
  "verify.verified":
    "Verified: the draws come from the committed seed and every player's contribution.",
  "verify.failed": "NOT verified: the revealed seed does not match what was promised.",
  "verify.noCrypto":
    "This browser hashes only on https or localhost pages, so it cannot check here: run the command below.",
  "verify.commitment": "Commitment (published at creation)",
  "verify.contributions": "Contributions (seat: text)",
  "verify.none": "none",
  "verify.seed": "Server seed (revealed)",
  "verify.salt": "Salt (revealed)",
  "verify.gameSeed": "Game seed",
  "verify.checkCommitment": "The seed and salt give the commitment published at creation",
  "verify.checkNoted": "It is the commitment this browser saw before the end",
  "verify.checkSeatCommitments": "Every revealed contribution matches its seat's commitment",
  "verify.checkGameSeed": "The game seed is the hash of the seed and every contribution",
  "verify.commandIntro":
    "To replay every move and compare every event and the final scores yourself:",
  "verify.back": "Back to the game",

  // ---- friends: the friend link's page /friends/add/{code} (friends.html, js/friends.js)
  "friends.pageTitle": "Tafelrunde — add a friend",
  "friends.title": "Add a friend",
  "friends.offer":
    "Someone sent you their friend link. Become friends? Friends can put each other in seats at their tables directly, with no link to copy.",
  "friends.add": "Become friends",
  "friends.adding": "One moment…",
  "friends.added": (name) => `You and ${name} are friends now.`,
  "friends.own":
    "This is your own friend link. Send it to the people you want as friends: whoever opens it and says yes becomes your friend.",
  "friends.signIn": "Sign in or make an account first, then you can add this friend.",
  "friends.signInButton": "Sign in",
  "friends.deadLink": "This friend link is not valid (any more): ask its owner for their new one.",
  "friends.home": "To the home page",
  "error.not_signed_in": "Sign in first.",
  "error.unknown_account": "There is no such account here.",
  "error.not_yourself": "That is you.",
  "error.already_friends": "You are friends already.",
  "error.already_asked": "You asked already: wait for the answer.",
  "error.unknown_request": "That friend request is gone (withdrawn or answered).",
  "error.unknown_friend": "You have no friend of that name.",

  // ---- Dschingis Khan
  "dk.face.chinese": "Chinese",
  "dk.face.mongolian": "Mongolian",
  "dk.face.farmer": "farmer",
  "dk.face.plague": "plague",
  "dk.face.ginseng": "ginseng",
  "dk.letter.chinese": "C",
  "dk.letter.mongolian": "M",
  "dk.letter.farmer": "F",
  "dk.letter.plague": "P",
  "dk.letter.ginseng": "G",
  "dk.side.mongolia": "Mongolia",
  "dk.side.china": "China",
  "dk.boardTitle": "Dschingis Khan board: villages, the Great Wall, stacks of tiles and scouts",
  "dk.captionNorth": "▲ MONGOLIA (north)",
  "dk.captionSouth": "CHINA (south) ▼",
  "dk.letterWest": "W",
  "dk.letterEast": "E",
  "dk.sideTower": (side, id) => `${side} side tower ${id}`,
  "dk.village": (id) => `village ${id}`,
  "dk.line": (id) => `line ${id}`,
  "dk.wallEnd": (side, tower) => `${side} end of the Great Wall (tower ${tower})`,
  "dk.wallPiece": (great, line, open) =>
    `${great ? "Great Wall" : "branch"} piece on line ${line}, ${open ? "open" : "closed"}`,
  "dk.tileTitle": (name, face, remembered) =>
    `${name}'s tile, ${face === null ? "face hidden" : `${face}${remembered ? " (remembered)" : ""}`}`,
  "dk.villageTitle": (id, side, n, controller) =>
    `Village ${id} (${side}): ${n1(n, "tile", "tiles")}${controller === null ? "" : `, controlled by ${controller}`}`,
  "dk.scoutTitle": (name, village) => `${name}'s scout on village ${village}`,
  "dk.via": (via) =>
    via.length === 0
      ? "straight across"
      : via.length === 1
        ? `through the gate on line ${via[0]} (it closes)`
        : `along the wall, up at line ${via[0]} and down at line ${via[1]} (both close)`,
  "dk.step.moveTo": (to) => `Move your scout to village ${to}`,
  "dk.step.straight": (to) => `Straight across into village ${to}`,
  "dk.step.usePiece": (line) => `Use the open wall piece on line ${line}`,
  "dk.step.gate": (to) => `Through this gate into village ${to}`,
  "dk.step.climbDown": (line, to) =>
    `Climb down at the open piece on line ${line} into village ${to}`,
  "dk.step.placeTile": (face) => `Place a ${face} tile`,
  "dk.step.faces": (fa, a, fb, b) => `${fa} on ${a}, ${fb} on ${b}`,
  "dk.step.scoutStart": (v) => `Put your scout on village ${v}`,
  "dk.step.startTile": (v) => `Start tile on village ${v}`,
  "dk.step.secondTile": (v) => `Second start tile on village ${v}`,
  "dk.step.takeWall": "Take a wall piece",
  "dk.step.drawTile": "Draw a tile",
  "dk.step.build": (line) => `Build a wall on line ${line}`,
  "dk.step.scoutBack": (v) => `Put your scout back on village ${v}`,
  "dk.step.discard": "Discard my tiles (scout blocked)",
  "dk.step.rescue": "Take my scout off the board",
  "dk.q.setupFirst": "Start: click a village for your first start tile.",
  "dk.q.setupSecond": "Click a neighbouring village for the second tile.",
  "dk.q.setupFaces": "Which tile goes where?",
  "dk.q.setupScout": "Click the village where your scout starts.",
  "dk.q.scoutBack":
    "Your scout was taken off the board: click a highlighted village to put it back.",
  "dk.q.take": (left) =>
    `Take ${left} more ${pick(left, { one: "piece", other: "pieces" })}: a wall piece from the common supply or a tile from your own supply.`,
  "dk.q.straight": (to) => `Village ${to}: go straight across?`,
  "dk.q.how": (to, straight) =>
    `Village ${to}: how does your scout get there? ${straight ? "Go straight across, or click" : "Click"} the highlighted open wall piece where it climbs onto the wall. Every piece it uses closes.`,
  "dk.q.gate": (line, to) => `Go through the gate on line ${line} into village ${to}?`,
  "dk.q.climbDown": (gate, line, to) =>
    `${gate ? `Go through the gate on line ${line}, or click` : "Now click"} the open wall piece where your scout climbs down into village ${to}.`,
  "dk.q.whichTile": (to, via) =>
    `Your scout goes to village ${to} ${via}. Which of your tiles do you place there?`,
  "dk.q.nextWall": (n) =>
    `Build your next wall piece: click a highlighted line (${n1(n, "wall piece", "wall pieces")} left to place).`,
  "dk.q.nextTile": (n) =>
    `Move your scout on: click a highlighted village (${n1(n, "tile", "tiles")} left to place).`,
  "dk.q.either": (walls, tiles) =>
    `Place either all your walls (${walls}: click a highlighted line) or all your tiles (${tiles}: click a highlighted village to move your scout there).`,
  "dk.q.wall": (n) =>
    `Build a wall piece: click a highlighted line (${n1(n, "wall piece", "wall pieces")} to place).`,
  "dk.q.tile": (n) =>
    `Move your scout: click a highlighted village (${n1(n, "tile", "tiles")} to place).`,
  "dk.phase.setup": "placing the start tiles",
  "dk.phase.scout": (mine) => (mine ? "putting scout back" : "putting the scout back"),
  "dk.phase.take": "taking supplies",
  "dk.phase.walls": "building walls",
  "dk.phase.tiles": (mine) => (mine ? "moving scout" : "moving the scout"),
  "dk.phase.place": "placing pieces",
  "dk.phase.final": "final phase",
  "dk.col.walls": "Walls",
  "dk.col.wallsTitle": "Wall pieces in hand (active supply)",
  "dk.col.tiles": "Tiles",
  "dk.col.tilesTitle": "Tiles in hand (active supply)",
  "dk.col.supply": "Supply",
  "dk.col.supplyTitle": "Tiles left in the own face-down supply",
  "dk.col.out": "Out",
  "dk.col.outTitle": "Tiles discarded, out of the game",
  "dk.tableNote": (supply, out, final) =>
    `Common wall supply: ${supply}${out ? ` · out of the game: ${out}` : ""}${final ? " · final phase" : ""}`,
  "dk.priv.rememberedAt": (village, layer, name) => `village ${village}, layer ${layer} (${name})`,
  "dk.priv.inHand": (n) => `Tiles in hand (${n}):`,
  "dk.priv.walls": (walls, passive) =>
    `Wall pieces in hand: ${walls} · tiles left in your supply: ${passive} (order unknown, even to you)`,
  "dk.priv.rememberedShort": (village, layer) => `${village}/${layer}`,
  "dk.priv.wallsShort": (walls, passive) => `Wall pieces: ${walls} · supply: ${passive}`,
  "dk.priv.discarded": "Discarded:",
  "dk.priv.remembered": "Remembered (village/layer):",
  "dk.res.inTable": "Final scores are in the table of players.",
  "dk.res.totals": "Totals: ",
  "dk.res.bottomToTop": "(bottom to top)",
  "dk.res.village": "Village",
  "dk.res.side": "Side",
  "dk.res.owner": "Owner",
  "dk.res.tiles": "Tiles",
  "dk.res.points": "Points",
  "dk.legend.china": "China (hatched)",
  "dk.legend.greatOpen": "Great Wall, open",
  "dk.legend.greatClosed": "Great Wall, closed",
  "dk.legend.branchOpen": "branch, open",
  "dk.legend.branchClosed": "branch, closed",
  "dk.legend.scout": "scout",
  "dk.legend.tiles": (key) => `Tiles: ${key}; italic = remembered`,
  "dk.turn.setup": (_you, villages, faces, scout) =>
    `started on villages ${villages.join(" and ")}${faces ? ` (${faces})` : ""}, scout on ${scout}`,
  "dk.turn.takeWalls": (_you, n) => `took ${n1(n, "wall piece", "wall pieces")}`,
  "dk.turn.takeTiles": (_you, n, faces) =>
    `drew ${n1(n, "tile", "tiles")}${faces ? ` (${faces})` : ""}`,
  "dk.turn.discard": (_you, n, faces) =>
    `discarded ${n1(n, "tile", "tiles")}${faces ? ` (${faces})` : ""}`,
  "dk.turn.walls": (_you, lines, removed, changed) =>
    `built ${lines.length === 1 ? `a wall on line ${lines[0]}` : `walls on lines ${list(lines)}`}${removed ? ` (${n1(removed, "piece", "pieces")} removed)` : ""}${changed.length ? ` (${pick(changed.length, { one: "village", other: "villages" })} ${list(changed)} changed side)` : ""}`,
  "dk.turn.wallsKept": (_you, n) => `kept ${n1(n, "wall piece", "wall pieces")} that fit nowhere`,
  "dk.turn.scout": (_you, path, tiles) => `scout ${path}${tiles ? `, placing ${tiles}` : ""}`,
  "dk.turn.gate": "through a gate",
  "dk.turn.wall": "along the wall",
  "dk.turn.placeScout": (_you, village) => `scout back on village ${village}`,
  "dk.turn.rescue": (_you, village) => `took the scout off village ${village}`,
  "dk.ev.setup": (who, villages, faces, scout) =>
    `${who} started on villages ${villages.join(" and ")}${faces ? ` (${faces})` : ""}, scout on ${scout}.`,
  "dk.ev.takeWalls": (who, n, supply) =>
    `${who} took ${n1(n, "wall piece", "wall pieces")} (supply ${supply}).`,
  "dk.ev.takeTiles": (who, n, faces) =>
    `${who} drew ${n1(n, "tile", "tiles")}${faces ? `: ${faces}` : ""}.`,
  "dk.ev.placeScout": (who, village) => `${who} put the scout back on village ${village}.`,
  "dk.ev.wall": (who, ev) => {
    let text = `${who} built a wall on line ${ev.line}`;
    if (ev.kind === "loop")
      text += `, closing a loop: the ${ev.kept === "new" ? "new" : "old"} section stays`;
    if (ev.kind === "new_end")
      text += `, reaching a side tower: the ${ev.kept === "new" ? "new end" : "old end"} stays`;
    if (ev.removed?.length) text += `; ${n1(ev.removed.length, "piece", "pieces")} removed`;
    const changed = ev.sides_changed || [];
    if (changed.length)
      text += `; ${pick(changed.length, { one: "village", other: "villages" })} ${changed.join(", ")} changed side`;
    return `${text}.`;
  },
  "dk.ev.wallsKept": (who, n) =>
    `${who} ${who === YOU ? "keep" : "keeps"} ${n1(n, "wall piece", "wall pieces")} that fit nowhere.`,
  "dk.ev.step": (who, from, to, how, tile) =>
    `${who}: scout ${from} → ${to}${{ straight: "", gate: " through a gate", wall: " along the wall" }[how]}${tile ? `, placing ${tile}` : ""}.`,
  "dk.ev.discard": (who, n, faces) =>
    `${who} discarded ${n1(n, "tile", "tiles")}${faces ? ` (${faces})` : ""}.`,
  "dk.ev.rescue": (who, village) => `${who} took the scout off village ${village}.`,
  "dk.ev.finalPhase": "Two supplies are empty: the final phase begins.",

  // ---- Die Dolmengötter
  "dg.place": (id) => `stone place ${id}`,
  "dg.circle": (id) => `circle ${id}`,
  "dg.boardTitle":
    "Die Dolmengötter board: stone circles, stone places, druids, stones and dolmens",
  "dg.cornerRune": (place) =>
    `corner rune at stone place ${place}: linked to the other three corners`,
  "dg.rune": (rune, place, mates) =>
    `rune ${rune} at stone place ${place}: linked to stone place ${mates}`,
  "dg.stoneTitle": (name, place) => `${name}'s stone on ${place}`,
  "dg.druidTitle": (name, lying, place) =>
    `${name}'s druid ${lying ? "lying (collecting herbs)" : "standing"} on ${place}`,
  "dg.dolmenTitle": (d) =>
    `${d.name}'s dolmen, ${d.value === null ? "value hidden" : `value ${d.value}`}${d.points === null ? "" : `, scored ${d.points} points`}, position ${d.position} from the top (factor ${d.factor}) in circle ${d.circle}`,
  "dg.circleTitle": (id, shape, factors, n, scored) =>
    `Circle ${id} (${shape}): factors ${factors} from the top; ${n1(n, "dolmen", "dolmens")}.${scored ? " This circle has scored." : ""}`,
  "dg.step.stone": (place) => `Leave a stone on place ${place}`,
  "dg.step.noStoneFree": "No stone (none left)",
  "dg.step.noStone": "No stone (−1 point)",
  "dg.step.placeDruid": (place) => `Put a druid on ${place}`,
  "dg.step.yourDruid": (place) => `Your druid on ${place}`,
  "dg.step.moveTo": (place) => `Move the druid to ${place}`,
  "dg.step.walk": "Walk there",
  "dg.step.fly": "Fly there (uses the herbs)",
  "dg.step.herbs": "Lie down and collect herbs",
  "dg.step.circle": (id) => `Circle ${id}`,
  "dg.step.value": (v) => `Dolmen of value ${v}`,
  "dg.step.noDolmen": "No dolmen",
  "dg.step.pass": "Pass (no move is possible)",
  "dg.q.druids": (left) =>
    `Click a highlighted free stone place to put one of your druids there${left === null ? "" : ` (${left} still to place)`}.`,
  "dg.q.right": (top, circle) =>
    `You may raise a dolmen ${top ? "on top of" : "at the bottom of"} the stack in circle ${circle}. Choose its value (only you will see it), or none.`,
  "dg.q.move": "Click one of your druids to move it (walk or fly), or to let it collect herbs.",
  "dg.q.where": "Click where the druid should go, or choose:",
  "dg.q.choose": "Choose:",
  "dg.q.how": "Walk or fly?",
  "dg.q.stone": "Leave a stone on the place the druid left?",
  "dg.phase.placeDruid": (left) => `place a druid (${left} to place)`,
  "dg.phase.placingDruids": "placing druids",
  "dg.phase.right": (circle, top) => `dolmen right in circle ${circle} (${top ? "top" : "bottom"})`,
  "dg.phase.finalRound": (mine) => `final round${mine ? ": your last turn" : ""}`,
  "dg.phase.move": "move a druid or collect herbs",
  "dg.col.stones": "Stones",
  "dg.col.stonesTitle": "Stones left",
  "dg.col.dolmens": "Dolmens",
  "dg.col.dolmensTitle": "Dolmens left in hand",
  "dg.priv.hand": "Dolmens in hand",
  "dg.priv.board": "On the board (circle: value ×factor)",
  "dg.priv.onBoardShort": (circle, value, factor) => `${circle}: ${value} ×${factor}`,
  "dg.priv.value": (v) => `value ${v}`,
  "dg.priv.onBoard": (circle, value, factor) => `circle ${circle}: value ${value} (×${factor})`,
  "dg.priv.noneScored": "none (all have scored)",
  "dg.priv.noneYet": "none yet",
  "dg.res.circle": "Circle",
  "dg.res.stonesUsedUp": "Every stone has been placed.",
  "dg.res.finalRoundOver": "The final round is over.",
  "dg.res.rest": "Start (4) and declined stones",
  "dg.res.total": "Total",
  "dg.legend.stone": "stone",
  "dg.legend.standing": "druid standing",
  "dg.legend.lying": "druid lying (may fly)",
  "dg.legend.dolmen": "dolmen (value hidden)",
  "dg.legend.factor": "scoring factor, top to bottom",
  "dg.legend.rune": "same rune on both edges: a path across",
  "dg.turn.druid": (_you, place) => `put a druid on place ${place}`,
  "dg.turn.walk": (_you, from, to) => `walked a druid from ${from} to ${to}`,
  "dg.turn.flight": (_you, from, to) => `flew a druid from ${from} to ${to}`,
  "dg.turn.herbs": (_you, place) => `the druid on ${place} collects herbs`,
  "dg.turn.stone": (_you, place) => `left a stone on ${place}`,
  "dg.turn.noStone": (_you, penalty) => `no stone${penalty ? ` (−${penalty} point)` : ""}`,
  "dg.turn.right": (_you, top, circle) =>
    `may raise a dolmen ${top ? "on top" : "at the bottom"} in circle ${circle}`,
  "dg.turn.dolmen": (_you, value, circle, top) =>
    `raised a dolmen${value ? ` of value ${value}` : ""} in circle ${circle} (${top ? "top" : "bottom"})`,
  "dg.turn.noDolmen": (_you, circle) => `raised no dolmen in circle ${circle}`,
  "dg.ev.druidPlaced": (who, place) => `${who} put a druid on place ${place}.`,
  "dg.ev.walk": (who, from, to) => `${who} walked a druid from ${from} to ${to}.`,
  "dg.ev.flight": (who, from, to) => `${who} flew a druid from ${from} to ${to}.`,
  "dg.ev.herbs": (who, place) => `${who}: the druid on ${place} collects herbs.`,
  "dg.ev.stonePlaced": (place) => `Stone left on ${place}.`,
  "dg.ev.stoneDeclinedPenalty": (penalty, score) => `No stone (−${penalty} point, score ${score}).`,
  "dg.ev.stoneDeclined": "No stone.",
  "dg.ev.right": (who, top, circle) =>
    `${who} may raise a dolmen ${top ? "on top" : "at the bottom"} in circle ${circle}.`,
  "dg.ev.dolmenPlaced": (who, value, circle, top) =>
    `${who} raised a dolmen${value ? ` of value ${value}` : ""} in circle ${circle} (${top ? "top" : "bottom"}).`,
  "dg.ev.dolmenDeclined": (who, circle) => `${who} raised no dolmen in circle ${circle}.`,
  "dg.ev.lapsed": (name, circle, full, mine) =>
    `${mine ? "Your" : `${name}'s`} dolmen right in circle ${circle} lapsed (${full ? "the stack is full" : "no dolmens left"}).`,
  "dg.ev.circleScored": (circle, final, parts) =>
    `Circle ${circle} scored${final ? " at the end" : ""}: ${parts || "no dolmens"}.`,
  "dg.ev.finalRound": (who) => `${who} placed the last dolmen: final round!`,

  // ---- accounts (issue 38): the header's control, the account page, My games
  "me.signIn": "Sign in",
  "me.signOut": "Sign out",
  "me.menuFor": (name) => `Account menu for ${name}`,
  "me.myGames": "My games",
  "me.myAccount": "My account",
  "me.friends": "Friends",
  "me.reminders": "Reminders",

  "acct.pageTitle": "Tafelrunde — your account",
  "acct.skip": "Skip to the account",
  "acct.tagline": "Your games on every device, friends and reminders.",
  "acct.tabsLabel": "Sign in or create an account",
  "acct.signInTab": "Sign in",
  "acct.signUpTab": "Create an account",
  "acct.signInTitle": "Sign in",
  "acct.passkeySignIn": "Sign in with a passkey",
  "acct.passkeySignInHint":
    "Your phone or computer asks for its screen lock (fingerprint, face or PIN).",
  "acct.orPassword": "or with your name and password",
  "acct.or": "or",
  "acct.name": "Name",
  "acct.password": "Password",
  "acct.signIn": "Sign in",
  "acct.noAccount": "No account yet?",
  "acct.haveAccount": "Already have an account?",
  "acct.signUpTitle": "Create an account",
  "acct.signUpWhy":
    "With an account your games follow you to every device, friends can give you a seat directly, and a reminder reaches you when it is your turn. Invite links keep working without one.",
  "acct.signupClosed": "This server takes no new accounts at the moment.",
  "acct.displayName": "Display name",
  "acct.displayNameHint": "Other players see this name; friends find you by it.",
  "acct.inviteCode": "Invite code",
  "acct.inviteCodeHint": "This server makes accounts only with an invite code from its operator.",
  "acct.withPasskey": "With a passkey (recommended)",
  "acct.withPasskeyHint": "Nothing to remember: your device's screen lock signs you in.",
  "acct.passkeySignUp": "Create with a passkey",
  "acct.withPassword": "With a password",
  "acct.passwordHint":
    "At least 10 characters. A few unusual words in a row are easy to remember and hard to guess; very common passwords are refused.",
  "acct.passwordSignUp": "Create with a password",
  "acct.enterName": "Please enter your name.",
  "acct.enterPassword": "Please enter your password.",
  "acct.enterDisplayName": "Please choose a display name.",
  "acct.choosePassword": "Please choose a password (at least 10 characters), or use a passkey.",
  "acct.passwordShort": (n) => `The password is too short: at least ${n} characters, please.`,
  "acct.noPasskeyBrowser": "This browser offers no passkeys: use a password instead.",
  "acct.noPasskeyServer": "Passkeys are not available on this server yet: use a password.",
  "acct.welcomeTitle": "Your account is ready",
  "acct.welcomeText":
    "Your games are now kept in your account. Choose below how a reminder reaches you when it is your turn.",
  "acct.toMyGames": "Go to my games",
  "acct.parts": "Parts of this page",
  "acct.profile": "Profile",
  "acct.notifications": "Reminders",
  "acct.friends": "Friends",
  "acct.signInMethods": "Sign-in",
  "acct.sessions": "Devices",
  "acct.data": "Your data",
  "acct.save": "Save",
  "acct.saved": "Saved.",
  "acct.language": "Language of your reminders (this page follows it when saved)",
  "acct.notificationsIntro":
    "When it is your turn and no page of the game is open, Tafelrunde can remind you: here, by e-mail or through a chat service. Also for friend requests, seats given to you, rematch offers and the end of a game.",
  "acct.notifyUnavailable": "This server sends no reminders.",
  "acct.pushTitle": "Notifications on this device",
  "acct.pushLabel": "Show a notification on this device, even when the browser tab is closed",
  "acct.pushOn": "On for this device.",
  "acct.pushOff": "Off for this device.",
  "acct.pushUnsupported": "This browser cannot show notifications from this site.",
  "acct.pushBlocked":
    "Notifications are blocked for this site: allow them in the browser's site settings first.",
  "acct.emailTitle": "E-mail",
  "acct.emailLabel": "Address for reminders",
  "acct.emailNone": "No reminders by e-mail.",
  "acct.emailConfirmed": (email) => `Confirmed: reminders go to ${email}.`,
  "acct.emailWaiting": (email) =>
    `Not confirmed yet: open the link in the e-mail sent to ${email}. Nothing else is sent there before.`,
  "acct.emailUnavailable": "This server sends no e-mail.",
  "acct.confirmationSent": (email) =>
    `A confirmation link is on its way to ${email}: open it to start.`,
  "acct.resend": "Send the confirmation link again",
  "acct.pushOthers": (n) =>
    pick(n, { one: "1 other device gets them too.", other: `${n} other devices get them too.` }),
  "acct.webhookTitle": "Chat service (webhook)",
  "acct.webhookLabel": "Webhook URL",
  "acct.webhookHint":
    "Discord, Slack and ntfy links are recognised; any other URL receives the reminder as JSON. Keep this URL secret.",
  "acct.whenTitle": "When",
  "acct.alwaysLabel": "Also while a page of the game is open",
  "acct.digestLabel": "Games with a day or more per move",
  "acct.digestOff": "A reminder for each turn",
  "acct.digest6": "At most one summary every 6 hours",
  "acct.digest12": "At most one summary every 12 hours",
  "acct.digest24": "At most one summary a day",
  "acct.digestN": (n) => `At most one summary every ${n} hours`,
  "acct.saveReminders": "Save reminder settings",
  "acct.badEmail": "That is not an e-mail address.",
  "acct.badWebhook": "The webhook must be a web address starting with https://.",
  "acct.friendsIntro":
    "Friends can be given a seat directly when a game is set up: it appears in their games, no link to send.",
  "acct.incoming": "Friend requests for you",
  "acct.yourFriends": "Your friends",
  "acct.outgoing": "Waiting for an answer",
  "acct.noFriends": "No friends yet: add one by name or send your friend link.",
  "acct.friendsUnavailable": "This server has no friends list.",
  "acct.friendsSince": (date) => `friends since ${date}`,
  "acct.asked": (ago) => `asked ${ago}`,
  "acct.withdraw": "Withdraw",
  "acct.accept": "Accept",
  "acct.decline": "Decline",
  "acct.removeFriend": "Remove",
  "acct.reallyRemove": (name) => `Really remove ${name}?`,
  "acct.addFriendLabel": "Add a friend by name",
  "acct.addFriend": "Send a friend request",
  "acct.enterFriendName": "Type your friend's display name first.",
  "acct.requestSent": (name) => `Friend request sent to ${name}.`,
  "acct.nowFriends": (name) => (name ? `You and ${name} are friends now.` : "You are friends now."),
  "acct.friendLinkTitle": "Your friend link",
  "acct.friendLinkHint":
    "Whoever opens this link while signed in becomes your friend once you both agree. Renew it to make the old link stop working.",
  "acct.renewLink": "Make a new link",
  "acct.linkRenewed": "A new friend link: the old one no longer works.",
  "acct.passkeys": "Passkeys",
  "acct.passkey": "Passkey",
  "acct.noPasskeys": "No passkey yet.",
  "acct.passkeyLabel": "Name of the new passkey",
  "acct.passkeyLabelPlaceholder": "e.g. My phone",
  "acct.addPasskey": "Add a passkey",
  "acct.passkeyAdded": "Passkey added.",
  "acct.passkeyRemoved": "Passkey removed.",
  "acct.added": (date) => `added ${date}`,
  "acct.lastUsed": (ago) => `last used ${ago}`,
  "acct.remove": "Remove",
  "acct.reallyRemovePasskey": "Really remove it?",
  "acct.lastMethod": "Your only way to sign in stays: add another one first.",
  "acct.passwordTitle": "Password",
  "acct.addPasswordTitle": "Add a password",
  "acct.currentPassword": "Current password",
  "acct.newPassword": "New password",
  "acct.changePassword": "Change the password",
  "acct.addPassword": "Add the password",
  "acct.enterCurrent": "Please enter your current password.",
  "acct.passwordChanged":
    "Password changed. Your other devices are signed out: sign in there with the new one.",
  "acct.passwordAdded": "Password added: you can sign in with it too.",
  "acct.sessionsIntro":
    "Where your account is signed in. Sign out a device you do not know or no longer use.",
  "acct.thisDevice": "this device",
  "acct.browserOn": (browser, system) => `${browser} on ${system}`,
  "acct.someBrowser": "A browser",
  "acct.lastActive": (ago) => `last active ${ago}`,
  "acct.signedInSince": (date) => `signed in ${date}`,
  "acct.signOutEverywhere": "Sign out everywhere",
  "acct.exportHint":
    "Everything stored about your account: the account, your seats, your chat lines and your settings, as a JSON file.",
  "acct.export": "Download my data",
  "acct.deleteTitle": "Delete my account",
  "acct.deleteText":
    "Your sign-in methods, devices, friends and settings are removed at once. Finished games keep your seat under “deleted player”. This cannot be undone.",
  "acct.deleteConfirmPlain": "Type your name to confirm",
  "acct.deleteConfirm": (name) => `Type your name, “${name}”, to confirm`,
  "acct.deleteMismatch": (name) => `Type exactly “${name}” to delete the account.`,
  "acct.deleteButton": "Delete my account for good",

  "home.myGames": "My games",
  "home.groupTurn": (n) => `Your turn (${n})`,
  "home.groupKept": (n) => `Seats kept for you (${n})`,
  "home.groupWaiting": (n) => `Waiting for others (${n})`,
  "home.groupOver": (n) => `Finished (${n})`,
  "home.showAll": "Show all",
  "home.noAccountGames":
    "No games in your account yet. Start one below, or take a seat a friend kept for you.",
  "home.keptForYou": "A seat is kept for you",
  "home.takeSeat": (letter) => `Take your seat (${letter})`,
  "home.playNow": "Play now",
  "home.open": "Open",
  "home.moveBy": (time) => `move by ${time}`,
  "home.updated": (ago) => `changed ${ago}`,
  "home.onlyHere": "Only in this browser",
  "home.onlyHereHint":
    "These seats are kept only in this browser. Keep a game in your account to open it on your other devices too.",
  "home.claimOne": "Keep this game in my account",
  "home.claimTitle": "Keep this browser's games in your account?",
  "home.claimText": (n) =>
    pick(n, {
      one: "This browser holds your seat in 1 game that is not in your account. Keep it in your account, to open it on your other devices too? Only do this if the seat is yours.",
      other: `This browser holds seats in ${n} games that are not in your account. Keep them in your account, to open them on your other devices too? Only do this if the seats are yours.`,
    }),
  "home.claimAll": "Keep them in my account",
  "home.claimLater": "Not now",
  "home.claimFailed": (n, why) => `${n} could not be kept: ${why}`,
  "home.accountTeaser": "These seats live only in this browser.",
  "home.accountTeaserLink": "Create an account to have them on every device.",
  "home.accountDeleted": "Your account has been deleted.",
  "home.role.account": (name) => `A friend: ${name}`,
  "home.seatHintFriends":
    "For each seat: you, one of your friends (it appears in their games), a friend who gets a link, or a bot played by the server.",
  "home.seatKept": (letter, name) =>
    `Seat ${letter}: kept for ${name}, who finds it in their games`,
};
