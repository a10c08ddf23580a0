// Každý český text stránek (static/js/i18n.js). text/en.js a text/de.js mají tytéž klíče;
// hodnota je text nebo funkce hodnot, které jmenuje. Množná čísla volí Intl.PluralRules
// (./plural.js): čeština má tvary one (1), few (2–4), other (5 a víc) a many (desetinná čísla).
//
// Slova her jsou slova českého popisu hry Dschingis Khan (seeds: Čingischán, vesnice, zvěd,
// Velká čínská zeď, kus zdi, brána, hrací kámen – ten se tu jmenuje „kámen“ –, aktivní a
// společná zásoba, Mongol, Číňan, rolník, mor, léčivá bylina) a u Die Dolmengötter druid,
// kámen, pole (Steinplatz), kamenný kruh, dolmen, byliny.
//
// Hráči mají jména bez rodu, proto záznamy hry mluví v přítomném čase („Anna staví zeď“,
// „Stavíš zeď“) a vyhýbají se minulému času s rodovými koncovkami.

import { plurals } from "./plural.js";

const YOU = "Ty";
const pick = plurals("cs");
/** "1 kámen", "3 kameny", "5 kamenů". */
const n1 = (n, one, few, other) => `${n} ${pick(n, { one, few, other, many: few })}`;
/** The sentence's start for "Ty" (the verb alone, capitalised) or for a named player. */
const v = (who, ty, other) => (who === YOU ? ty : `${who} ${other}`);
const list = (names) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} a ${names.at(-1)}`;
const dot = (text) => text.replace(/\.$/, "");
const SIDE = { west: "západní", east: "východní" };
const SHAPE = { octagon: "osmiúhelník", hexagon: "šestiúhelník", square: "čtverec" };
const WALLS = (n) => n1(n, "kus zdi", "kusy zdi", "kusů zdi");
const TILES = (n) => n1(n, "kámen", "kameny", "kamenů");

export default {
  "lang.de": "Deutsch",
  "lang.en": "English",
  "lang.cs": "Čeština",
  "lang.switch": "Jazyk",

  loading: "Načítá se…",
  none: "žádné",
  you: YOU,
  youLower: "ty",

  "colour.blue": "modrá",
  "colour.orange": "oranžová",
  "colour.green": "zelená",
  "colour.pink": "růžová",
  "colour.red": "červená",

  "seat.someone": "někdo",
  "seat.bot": (letter) => `Bot ${letter}`,
  "seat.seat": (letter) => `Místo ${letter}`,

  "copy.copy": "Kopírovat",
  "copy.copied": "Zkopírováno",
  "copy.select": "Označ a zkopíruj",

  "status.open": "čeká",
  "status.running": "běží",
  "status.over": "skončila",
  "status.abandoned": "zrušena",

  "col.score": "Body",
  "col.scoreTitle": "Body",

  "step.pass": "Pas",

  // ---- the server's refusals, by code (docs/API.md)
  "error.network": "Server není dostupný. Zkontroluj připojení a zkus to znovu.",
  "error.status": (status) => `Server odpověděl ${status}.`,
  "error.bad_request": "Požadavku server nerozuměl.",
  "error.unauthorized": "Klíč místa na této stránce (už) neplatí.",
  "error.forbidden": "Tomuto místu to není dovoleno.",
  "error.invite_required": "Toto místo lze obsadit jen s jeho pozvánkou.",
  "error.history_private": "Dokud hra běží, mohou se do historie dívat jen její hráči.",
  "error.not_found": "Nenalezeno.",
  "error.unknown_kind": "Tuto hru server nezná.",
  "error.unknown_game": "Taková hra na tomto serveru není.",
  "error.unknown_seat": "Takové místo tato hra nemá.",
  "error.unknown_version": "Taková pozice ve hře není.",
  "error.method_not_allowed": "To tady není dovoleno.",
  "error.seat_taken": "Toto místo je už obsazené.",
  "error.bot_seat": "Na tomto místě hraje bot.",
  "error.seat_in_use":
    "Hráč tohoto místa tu byl před pár minutami; zkus to znovu, až bude pryč déle.",
  "error.stale_version": "Hra mezitím pokročila.",
  "error.not_your_turn": "Nejsi na tahu.",
  "error.game_not_started": "Hra ještě nezačala.",
  "error.game_over": "Hra skončila.",
  "error.game_not_over": "Hra ještě neskončila.",
  "error.not_undoable": "Tento tah nejde vzít zpět.",
  "error.illegal_action": "Pravidla tento tah nedovolují.",
  "error.bad_action": "Tomuto tahu server nerozumí.",
  "error.bad_options": "Tyto volby hry neplatí.",
  "error.bad_player_count": "Tato hra se s tolika místy nehraje.",
  "error.payload_too_large": "To je příliš dlouhé.",
  "error.rate_limited": "Příliš mnoho požadavků: chvíli počkej a zkus to znovu.",
  "error.too_many_bot_games": "Běží příliš mnoho her s boty: zkus to později.",
  "error.too_many_connections": "Příliš mnoho otevřených stránek této hry.",
  "error.database_unavailable": "Databáze serveru není dostupná: zkus to za chvíli.",
  "error.commit_unknown": "Server při ukládání ztratil databázi: zda se změna provedla, ukáže hra.",
  "error.internal_error": "Na serveru se něco pokazilo.",
  "error.game_abandoned": "Hostitel tuto hru zrušil: už nic nejde hrát.",
  "error.no_rematch": "Odvetu této hry zatím nikdo nenabídl.",
  "error.rematch_expired": "Místa odvety už nejsou držena: požádej hostitele nové hry o pozvánku.",
  "error.seat_reserved": "Toto místo je zatím drženo pro hráče minulé hry.",
  "error.already_resigned": "Toto místo se vzdalo: do konce ho hraje bot serveru.",
  "error.not_stood_in": "Toto místo už hraje jeho hráč.",
  "error.bad_time_control": "Takový časový limit tento server nedovoluje.",
  "error.chat_closed": "Hostitel zavřel chat pro diváky; hráči mohou psát dál.",
  "error.chat_empty": "Zpráva je prázdná: nejdřív něco napiš.",
  "error.chat_too_long": "Zpráva je příliš dlouhá (nejvýš 500 znaků).",
  "error.chat_too_fast": "Příliš mnoho zpráv najednou: pár sekund počkej.",
  // accounts
  "error.password_too_short": "Heslo je příliš krátké: aspoň 10 znaků, prosím.",
  "error.password_too_common": "Toto heslo je příliš běžné a snadno uhodnutelné: zvol jiné.",
  "error.wrong_password": "Současné heslo není správné.",
  "error.cross_site_request": "Odmítnuto: požadavek nepřišel ze stránek tohoto webu.",
  "error.account_disabled": "Tento účet zablokoval provozovatel serveru.",
  "error.unknown_session": "Toto zařízení je už odhlášené.",
  "error.password_too_long": "Toto heslo je příliš dlouhé: nejvýš 256 znaků.",
  "error.own_account": "To je tvůj vlastní účet.",
  "error.confirm_mismatch": "Napsané jméno se přesně neshoduje se jménem účtu.",
  // My games
  "error.not_a_friend": "Místo lze přímo dát jen přátelům: nejdřív je požádej o přátelství.",
  "error.seat_kept": "Toto místo je drženo pro jiného hráče.",
  "error.not_your_game": "Žádné místo této hry (už) není tvoje.",
  "error.seat_has_account": "Toto místo už patří jinému účtu.",
  // passkeys
  "error.passkey_unsupported":
    "Tento prohlížeč tu nemůže používat přístupové klíče (potřebují HTTPS, při testování localhost).",
  "error.passkey_cancelled": "Žádný přístupový klíč nebyl vybrán (zrušeno nebo vypršel čas).",
  "error.passkey_exists": "Toto zařízení nebo klíč už má přístupový klíč tohoto účtu.",
  "error.passkey_failed": "Přístupový klíč nefungoval: zkus to prosím znovu.",
  "error.login_failed": "Přihlášení se nepovedlo: zkus to znovu, nebo jiný způsob přihlášení.",
  "error.signup_closed": "Tento server nové účty nezakládá.",
  "error.invite_code_required": "Registrace tady vyžaduje kód pozvánky.",
  "error.invite_code_invalid": "Tento kód pozvánky je neznámý nebo už použitý.",
  "error.name_taken": "Toto jméno je obsazené: zvol jiné.",
  "error.unknown_passkey": "Takový přístupový klíč tento účet nemá.",
  "error.last_sign_in_method":
    "Tento přístupový klíč je tvůj jediný způsob přihlášení: nejdřív přidej heslo nebo jiný klíč.",
  // notifications
  "error.webhook_refused":
    "Tuto adresu webhooku server volat nebude: musí být https a mířit na veřejnou adresu.",
  "error.bad_email": "To není e-mailová adresa.",
  "error.email_unavailable": "Tento server neposílá e-maily.",
  "error.no_email": "Není tu žádná e-mailová adresa k potvrzení.",
  "error.email_confirmed": "E-mailová adresa je už potvrzená.",
  "error.push_refused": "Službu oznámení tohoto prohlížeče server nemůže zastihnout.",
  "error.bad_subscription": "Tento prohlížeč poslal odběr oznámení, který server nemůže použít.",
  "error.push_unsupported": "Tento prohlížeč nemůže z této stránky zobrazovat oznámení.",
  "error.push_denied": "Oznámení jsou pro tuto stránku v nastavení prohlížeče zablokovaná.",

  // ---- the connection dot
  "conn.live": "Připojeno",
  "conn.connecting": "Připojuje se…",
  "conn.refused": "Nepřipojeno (místo odmítnuto)",
  "conn.offline": "Offline — znovu se připojí",
  "conn.retrying": (secs) => `Spojení ztraceno — nový pokus za ${secs} s`,
  "conn.reconnecting": "Znovu se připojuje…",

  // ---- the home page
  "home.pageTitle": "Tafelrunde — hraj Dschingis Khan a Die Dolmengötter s přáteli",
  "home.skip": "Přeskočit na „Začít hru“",
  "home.tagline": "Deskové hry s přáteli v prohlížeči.",
  "home.newGame": "Začít hru",
  "home.chooseGame": "1. Vyber hru",
  "home.game": "Hra",
  "home.loadingGames": "Načítají se hry…",
  "home.players": "2. Hráči",
  "home.numSeats": "Počet míst",
  "home.seatHint":
    "Pro každé místo: ty, přítel (dostaneš odkaz, který mu pošleš) nebo bot, kterého hraje server.",
  "home.you": "3. Ty",
  "home.yourName": "Tvoje jméno",
  "home.namePlaceholder": "např. Anna",
  "home.whoStarts": "Kdo začíná",
  "home.random": "Náhodně",
  "home.rated": "Hodnocená: hra se počítá do hodnocení hráčů a do žebříčku",
  "home.ratedLinked":
    "Počítá se, jen když všichni, kdo přijdou přes odkaz, budou přihlášeni (a každý jiný).",
  "home.ratedLevelTwice": "Hodnocená hra má každou úroveň bota jen jednou: zvol různé úrovně.",
  "home.isRated": "Tato hra je hodnocená: počítá se do hodnocení hráčů.",
  "home.public": "Veřejný stůl: ukázat ho na této stránce, aby si volné místo mohl vzít kdokoli",
  "home.create": "Založit hru",
  "home.creating": "Zakládá se…",
  "home.created": "Tvoje hra je připravená",
  "home.sendLinks": "Pošli každému příteli odkaz na jeho místo.",
  "home.watchLinkIntro": "Odkaz pro diváky (neuvidí nic skrytého):",
  "home.watchLink": "Odkaz pro diváky",
  "home.goToTable": "Ke hernímu stolu",
  "home.another": "Založit další hru",
  "home.mine": "Tvoje hry",
  "home.openTables": "Veřejné stoly, které čekají na hráče",
  "home.refresh": "Obnovit",
  "home.running": "Právě hrané veřejné hry",
  "home.footer": "Tafelrunde je otevřený software. Hrát mohou i boti: API najdeš na",
  "home.blurb.dschingis_khan":
    "Leo Colovini · Čingischán dobývá Čínu. Veď svého zvěda vesnicemi a pokládej kameny; stav Velkou čínskou zeď a rozhodni, které vesnice budou mongolské a které čínské.",
  "home.blurb.dolmengoetter":
    "Thomas Odenhoven · Chod a létej se svými druidy, zanechávej kameny, získej většiny v kamenných kruzích a stav dolmeny se skrytou hodnotou.",
  "home.role.you": YOU,
  "home.role.friend": "Přítel (dostane odkaz)",
  "home.role.bot": "Bot",
  "home.level.easy": "Lehký (náhodný)",
  "home.level.medium": "Střední (hladový)",
  "home.level.hard": "Těžký (propočítává)",
  "home.playersRange": (min, max) =>
    `${min}–${max} ${pick(max, { one: "hráč", few: "hráči", other: "hráčů" })}`,
  "home.noGames": "Tento server nenabízí žádné hry.",
  "home.botLevel": (letter) => `Síla bota na místě ${letter}`,
  "home.seatRow": (letter, colour) => `Místo ${letter} (${colour})`,
  "home.chooseFirst": "Nejdřív vyber hru.",
  "home.enterName": "Zadej prosím své jméno, ať přátelé vědí, kdo je zve.",
  "home.isPublic": "Tento stůl je veřejný: je uvedený níže a volné místo si může vzít kdokoli.",
  "home.isPrivate":
    "Každý odkaz obsahuje tajný klíč svého místa: každý pošli jen jednomu příteli. Stůl není nikde uvedený; diváci potřebují odkaz pro diváky.",
  "home.inviteFor": (letter) => `Místo ${letter} — pozvánka pro přítele:`,
  "home.aBot": "bot",
  "home.seatIs": (letter, who) => `Místo ${letter}: ${who}`,
  "home.player": "hráč",
  "home.seats": (n) => n1(n, "místo", "místa", "míst"),
  "home.backToSeat": "Zpět na tvé místo",
  "home.joinAs": (letter) => `Přisednout na místo ${letter}`,
  "home.watch": "Dívat se",
  "home.play": "Hrát",
  "home.noOpen": "Na hráče nečeká žádný veřejný stůl. Založ nějaký výše!",
  "home.noneRunning": "Právě žádné.",
  "home.result": (letter) => `Výsledek (místo ${letter})`,
  "home.playSeat": (letter) => `Hrát (místo ${letter})`,
  "home.yourTurn": "Jsi na tahu",
  "home.toPlay": (names) => `na tahu: ${names}`,
  "home.lastMove": (ago) => `poslední tah ${ago}`,
  "home.noMoveYet": "zatím bez tahu",
  "home.justNow": "právě teď",
  "home.timeLimit": "Časový limit",
  "home.time.none": "Žádný",
  "home.time.day": "1 den na tah",
  "home.time.days3": "3 dny na tah",
  "home.time.week": "1 týden na tah",
  "home.time.live5": "Živě: 5 min každý + 5 s za tah",
  "home.time.live15": "Živě: 15 min každý + 10 s za tah",
  "home.time.live30": "Živě: 30 min každý",

  // ---- the game page
  "game.pageTitle": "Tafelrunde — herní stůl",
  "game.skip": "Přeskočit na hrací plán",
  "game.homeTitle": "Domů: začít nebo najít hru",
  "game.boardArea": "Hrací plán",
  "game.zoomOut": "Menší plán",
  "game.zoomIn": "Větší plán",
  "game.resultTitle": "Konec hry",
  "game.playersTitle": "Hráči",
  "game.privateTitle": "Vidíš jen ty",
  "game.handMore": "Zbytek tvé ruky",
  "game.handBack": "Zpět na začátek tvé ruky",
  "game.invitesTitle": "Čeká se na hráče",
  "game.invitesStart": "Hra začne, až budou obsazena všechna místa. Pošli tyto odkazy:",
  "game.invitesAgain":
    "Hra bude pokračovat, až budou znovu obsazena všechna místa. Pošli tyto odkazy:",
  "game.invitesHost": "Hra bude pokračovat, až budou obsazena všechna místa. Pozvánky má hostitel.",
  "game.inviteLinkFor": (letter) => `Pozvánka na místo ${letter}`,
  "game.actionsTitle": "Všechny tvé možné tahy jako seznam",
  "game.logTitle": "Co se stalo",
  "game.logEmpty": "Zatím nic.",
  "game.backHome": "Zpět na úvodní stránku",
  "game.noGameInAddress": "Tato adresa neoznačuje žádnou hru.",
  "game.noSuchGame": "Taková hra na tomto serveru není.",
  "game.alreadyHold": (letter) =>
    `V této hře už na tomto zařízení držíš místo ${letter}, takže hraješ za něj.`,
  "game.noSeat": (n) => `Tato hra nemá místo ${n}. Díváš se.`,
  "game.seatTaken": (letter, name) => `Místo ${letter} už obsadil hráč ${name}. Díváš se.`,
  "game.cannotShowKind": (kind) => `Tato stránka neumí zobrazit hry druhu „${kind}“.`,
  "game.boardFailed": (why) => `Hrací plán se nepodařilo načíst: ${why}`,
  "game.youAre": (letter) => `Ty: místo ${letter}`,
  "game.watching": "Díváš se",
  "game.released":
    "Tvoje místo bylo uvolněno (hostitelem, nebo na jiné tvé stránce); teď se díváš.",
  "game.gaveBack": "Tvoje místo je uvolněné; teď se díváš.",
  "game.game": "Hra",
  "game.refused": "Server to odmítl.",
  "game.failed": (why) => `Něco se pokazilo: ${why}`,
  "game.waitingSeats": "Čeká se, až budou obsazena všechna místa…",
  "game.waitingReveal": (names) => `Losování se uzavírá: čeká se, až ${names} odhalí svůj podíl…`,
  "ev.revealMissed": (names) =>
    `${names}: podíl na losování nebyl odhalen včas, počítá se jako žádný`,
  "game.overBanner": (names) =>
    `Konec hry — ${pick(names.length, { one: "vyhrává", few: "vyhrávají", other: "vyhrávají" })}: ${names.join(", ")}`,
  "game.overNoWinner": "Konec hry — nikdo nevyhrává: všichni hru vzdali",
  "game.resultOpen": "Výsledek",
  "game.resultClose": "Zavřít",
  "game.replay": "Přehrát hru",
  "game.rankingTitle": "Pořadí",
  "game.rankYou": "Ty",
  "game.resignedTag": "vzdal(a)",
  "game.villagesOf": "Vesnice (vesnice: body)",
  "game.everyVillage": "Každá vesnice: strana a destičky",
  "game.yourTurn": (what) => `Jsi na tahu${what ? ` — ${what}` : ""}`,
  "game.waitingFor": (names, what) => `Čeká se na: ${names}${what ? ` — ${what}` : ""}`,
  "game.sending": "Tah se odesílá…",
  "game.startOver": "Začít znovu (Esc)",
  "game.refusedStale": () =>
    "Hra pokročila dřív, než tvůj tah dorazil: plán teď ukazuje aktuální stav, vyber prosím znovu.",
  "game.refusedNotYourTurn": () =>
    "Server tah odmítl, protože nejsi na tahu: plán teď ukazuje, kdo je na tahu.",
  "game.moveRefused": (why) => `Server tento tah odmítl: ${dot(why)}.`,
  "game.moveUnknown": "Server nemohl zjistit, zda se tah uložil: plán ukazuje hru tak, jak je teď.",
  "game.dismiss": "Zavřít zprávu",
  "game.nothingToDo": "Teď není co dělat.",
  "game.nameTitle": (name, letter, colour) => `${name} (místo ${letter}, ${colour})`,
  "game.tagBot": "bot",
  "game.tagFree": "volné",
  "game.tagYou": "ty",
  "game.tagWinner": "vítěz",
  "game.player": "Hráč",
  "game.youWin": "Vítězství je tvoje!",
  "game.wins": (name) => `${name} vyhrává!`,
  "game.sharedWin": (names) => `Dělené vítězství: ${list(names)}`,
  "game.noWinner": "Nikdo nevyhrává: všichni hru vzdali.",
  "game.resignedLast": (names) =>
    `Hru ${pick(names.length, { one: "vzdává", few: "vzdávají", other: "vzdávají" })} ${list(names)}: řadí se za všechny, kdo ji nevzdali, bez ohledu na body.`,
  "game.resignedLastYou": "Hru vzdáváš: řadíš se za všechny, kdo ji nevzdali, bez ohledu na body.",
  "game.checkDraws": "Ověřit losování",

  "join.title": "Posaď se ke stolu",
  "join.name": "Tvoje jméno",
  "join.namePlaceholder": "např. Ben",
  "join.button": "Přisednout ke hře",
  "join.watch": "Jen se dívat",
  "join.intro": (game, letter) => `Máš pozvánku hrát ${game} na místě ${letter} `,
  "join.introEnd": (names) => (names ? ` s hráči: ${names}.` : "."),
  "join.enterName": "Zadej prosím své jméno.",
  "join.watchInstead": "Raději se jen dívat",

  "host.reinvite": "Pozvat znovu",
  "host.reinviteTitle":
    "Uvolnit toto místo a znovu získat jeho pozvánku (když ji hráč ztratil nebo dostal ji někdo jiný)",
  "host.reinviteConfirm": (letter, name) =>
    `Uvolnit místo ${letter} (${name})? Ten prohlížeč okamžitě přestane za toto místo hrát a ty dostaneš novou pozvánku k odeslání (stará přestane platit). Hra si ponechá svůj stav a počká, až někdo místo obsadí. Jde to jen tehdy, když je hráč už několik minut pryč.`,
  "host.notYet": (letter, why) => `Místo ${letter} zatím nejde uvolnit: ${why}`,
  "host.failed": (letter, why) => `Místo ${letter} se nepodařilo uvolnit: ${why}`,
  "host.keepFor": "Držet pro tento účet",
  "host.keepForLabel": (letter) => `Držet místo ${letter} pro účet (jeho jméno)`,
  "host.keepForPlaceholder": "nebo jméno účtu",
  "host.keptFor": (letter, name) =>
    `Místo ${letter} je drženo pro účet ${name}: najde ho v „Moje hry“ (a dostane připomínku, pokud si ji zvolil).`,
  "host.keepForFailed": (letter, why) => `Místo ${letter} nelze držet: ${why}`,
  "host.freed": (letter) =>
    `Místo ${letter} je znovu volné. Pošli jeho pozvánku (pod „Čeká se na hráče“) tomu, kdo za něj má hrát.`,

  "giveBack.button": "Uvolnit své místo",
  "giveBack.title":
    "Opustit hru: tvoje místo bude volné pro někoho jiného (s novou pozvánkou od hostitele)",
  "giveBack.confirm":
    "Uvolnit své místo? Okamžitě za něj přestaneš hrát (tady i na ostatních zařízeních) a budeš se jen dívat; hra počká, až místo někdo obsadí s novou pozvánkou od hostitele.",
  "giveBack.failed": (why) => `Místo se nepodařilo uvolnit: ${why}`,

  // ---- záznam po tazích (logturns.js): jedna věta na tah, rozbalitelná na kroky
  "log.turn": (who, clauses) => `${who}: ${clauses.join(", ")}.`,
  "log.steps": (n) => n1(n, "krok", "kroky", "kroků"),
  "log.pass": (you) => (you ? "pasuješ" : "pasuje"),
  "log.undo": (you) => `${you ? "bereš" : "bere"} tah zpět`,
  "log.live": "Tahy ostatních hráčů, jakmile skončí",

  // ---- „Popsat pozici" (describe.js): pozice jako text, z pohledu této stránky
  "describe.button": "Popsat pozici",
  "describe.title": "Pozice",
  "describe.close": "Zavřít",
  "describe.toMove": (names, you) => (you ? "Jsi na tahu." : `Na tahu: ${list(names)}.`),
  "describe.over": "Hra skončila.",
  "describe.players": "Hráči",
  "describe.seat": (name, letter, colour, you) =>
    `${name} (místo ${letter}, ${colour}${you ? ", ty" : ""})`,
  "describe.dk.villages": "Vesnice",
  "describe.dk.village": (id, side) => `Vesnice ${id} (${side})`,
  "describe.dk.controller": (name) => `ovládá ${name}`,
  "describe.dk.noController": "nikdo ji neovládá",
  "describe.dk.tiles": (tiles) => `kameny odspodu: ${tiles.join(", ")}`,
  "describe.dk.tile": (name, face) => `${name}: ${face ?? "lícem dolů"}`,
  "describe.dk.noTiles": "žádné kameny",
  "describe.dk.scout": (name) => `zvěd hráče ${name}`,
  "describe.dk.walls": (walls) => `zdi: ${walls.join(", ")}`,
  "describe.dk.wall": (line, open, great) =>
    `linie ${line} (${great ? "Velká čínská zeď, " : ""}${open ? "otevřená" : "uzavřená"})`,
  "describe.dk.hand": (faces) =>
    `Tvoje kameny v ruce: ${faces.length ? faces.join(", ") : "žádné"}.`,
  "describe.dg.circles": "Kamenné kruhy",
  "describe.dg.circle": (id) => `Kamenný kruh ${id}`,
  "describe.dg.stones": (parts, filled, size) =>
    `kameny ${filled} z ${size}${parts.length ? ` (${parts.join(", ")})` : ""}`,
  "describe.dg.majority": (name) => `většina: ${name}`,
  "describe.dg.noMajority": "bez většiny",
  "describe.dg.druids": (druids) => `druidové: ${druids.join(", ")}`,
  "describe.dg.druid": (name, place, lying) =>
    `${name} na poli ${place}${lying ? " (sbírá byliny)" : ""}`,
  "describe.dg.noDruids": "žádní druidové",
  "describe.dg.dolmens": (dolmens) => `dolmeny odshora: ${dolmens.join(", ")}`,
  "describe.dg.dolmen": (name, value) =>
    `${name} ${value === null ? "(hodnota skrytá)" : `s hodnotou ${value}`}`,
  "describe.dg.noDolmens": "žádné dolmeny",
  "describe.dg.scored": "už bodoval",
  "describe.dg.elsewhere": (druids) => `Druidové mimo kamenné kruhy: ${druids.join(", ")}.`,
  "describe.dg.hand": (counts) =>
    `Tvoje dolmeny v ruce: ${counts.map(([v, n]) => `${n}× hodnota ${v}`).join(", ")}.`,

  // ---- the log, events both games share
  "ev.pass": (who) => `${v(who, "Pasuješ", "pasuje")}.`,
  "ev.releasedByHost": (letter) =>
    `Hostitel uvolňuje místo ${letter} (jeho hráč byl pryč); čeká na nového hráče.`,
  "ev.releasedByPlayer": (letter) =>
    `Hráč místa ${letter} své místo uvolňuje; čeká na nového hráče.`,
  "ev.gameOverNoWinner": "Konec hry. Nikdo nevyhrává: všichni hru vzdali.",
  "ev.gameOver": (names) =>
    `Konec hry. ${pick(names.length, { one: "Vyhrává", few: "Vyhrávají", other: "Vyhrávají" })}: ${names.join(", ")}.`,

  "undo.button": "Vzít zpět můj poslední tah (z)",
  "undo.title": "Vzít zpět svůj poslední tah (z)",
  "undo.sending": "Tah se bere zpět…",
  "undo.refused": (why) => `Server tah nevzal zpět: ${dot(why)}.`,
  "undo.event": (who) => `${v(who, "Bereš", "bere")} zpět svůj poslední tah.`,

  "presence.here": "tady",
  "presence.hereTitle": "Tento hráč má hru právě otevřenou.",
  "presence.away": (since) => `pryč ${since}`,
  "presence.awayTitle": (since) => `Tento hráč nemá hru otevřenou už ${since}.`,
  "presence.justNow": "právě teď",

  // ---- a table's whole life: play again, the rematch offer, abandoning (rematch.js)
  "rematch.againTitle": "Hrát znovu?",
  "rematch.again": "Hrát znovu",
  "rematch.againHint": "Nová hra se stejnými místy a volbami; pořadí míst se posune o jedno.",
  "rematch.offering": "Prostírá se…",
  "rematch.title": "Odveta",
  "rematch.offers": (who) => `${who} nabízí odvetu`,
  "rematch.youOffered": "Nabízíš odvetu.",
  "rematch.take": "Zaujmout své místo",
  "rematch.taking": "Místo se obsazuje…",
  "rematch.go": "K nové hře",
  "rematch.watch": "Dívat se na novou hru",
  "rematch.yourSeat": (letter) => `Tvoje místo by bylo ${letter}: pořadí míst se posouvá o jedno.`,
  "rematch.waiting": (names) => `Zatím sedí: ${names}.`,
  "rematch.expired": (until) =>
    `Tvoje místo bylo drženo do ${until}; požádej hostitele nové hry o pozvánku.`,
  "rematch.abandon": "Zrušit hru",
  "rematch.abandonConfirm":
    "Zrušit tuto hru pro všechny? Už nikdo nebude moci táhnout; hra zůstane ke čtení, ale nebude nikde uvedena a nic skrytého se neodhalí. Nelze to vrátit.",
  "rematch.abandoned": "Hostitel tuto hru zrušil: už nic nejde hrát.",
  "rematch.gameAbandoned": "Hra zrušena",
  "rematch.noRematch": "Žádná odveta",
  "rematch.notTaken": "Místo se nepodařilo obsadit",
  "rematch.notAbandoned": "Nezrušeno",
  "rematch.ev.offered": (who) => `${v(who, "Nabízíš", "nabízí")} odvetu.`,
  "rematch.ev.joined": (who) => `${v(who, "Zaujímáš", "zaujímá")} místo v odvetě.`,
  "rematch.ev.abandoned": "Hostitel hru ruší.",

  // ---- clocks, resigning, the bot standing in (clocks.js)
  "clocks.resign": "Vzdát se…",
  "clocks.resignTitle": "Přestat hrát: tvé místo dohraje do konce hry bot serveru",
  "clocks.resignAsk":
    "Vzdát se? Tvé místo dohraje do konce hry bot serveru a ty se můžeš jen dívat. Nelze to vrátit.",
  "clocks.back": "Vzít si místo zpět",
  "clocks.backTitle": "Došel ti čas a převzal to bot: hraj za své místo znovu",
  "clocks.standIn": "hraje bot",
  "clocks.standInResigned": "hraje bot (vzdáno)",
  "clocks.standInTimeout": "hraje bot (došel čas)",
  "clocks.standInResignedTitle": "Tento hráč se vzdal: místo do konce dohraje bot serveru",
  "clocks.standInTimeoutTitle":
    "Tomuto hráči došel čas: místo hraje bot serveru, dokud hráč znovu nezasáhne",
  "clocks.days": (d, h) => `${n1(d, "den", "dny", "dní")} ${h} h`,
  "clocks.ev.resigned": (who) =>
    who === YOU
      ? "Vzdáváš se; tvé místo od teď hraje bot serveru."
      : `${who} se vzdává; místo od teď hraje bot serveru.`,
  "clocks.ev.timeout": (who) =>
    who === YOU
      ? "Došel ti čas; tvé místo hraje bot serveru, dokud znovu nezasáhneš."
      : `Hráči ${who} došel čas; místo hraje bot serveru, dokud znovu nezasáhne.`,
  "log.botForYou": "Bot serveru za tebe",
  "log.botFor": (name) => `Bot serveru za hráče ${name}`,
  "clocks.ev.back": (who) => `${v(who, "Hraješ", "hraje")} za své místo znovu.`,
  "clocks.ev.expired": (who) =>
    who === YOU
      ? "Tvůj čas na tento tah vypršel; bot serveru táhl za tebe."
      : `Čas hráče ${who} na tento tah vypršel; bot serveru táhl za něj.`,

  // ---- the table chat (chat.js)
  "chat.title": "Chat",
  "chat.messages": "Zprávy chatu",
  "chat.none": "Zatím žádné zprávy. Pozdrav ostatní!",
  "chat.message": "Zpráva do chatu",
  "chat.placeholder": "Napiš ke stolu…",
  "chat.watcherPlaceholder": "Napiš jako divák…",
  "chat.inputTitle": (max) => `Nejvýš ${max} znaků; Enter odešle`,
  "chat.closed": "Hostitel zavřel chat pro diváky; hráči mohou psát dál.",
  "chat.closedPlaceholder": "Pro diváky zavřeno",
  "chat.send": "Odeslat",
  "chat.nameLabel": "Tvoje jméno v chatu",
  "chat.namePlaceholder": "Divák",
  "chat.watcherTag": "divák",
  "chat.hostSwitch": "Diváci smějí psát",
  "chat.unread": (n) => ` (${n1(n, "nová", "nové", "nových")})`,
  "chat.sendFailed": (why) => `Neodesláno: ${dot(why)}.`,
  "chat.refused": "server to odmítl",

  // ---- the last moves on the board (marks.js)
  "marks.village": (id) => `vesnice ${id}`,
  "marks.line": (id) => `linie ${id}`,
  "marks.place": (id) => `pole ${id}`,
  "marks.circle": (id) => `kruh ${id}`,

  // ---- "your turn" in a hidden tab (turnalert.js)
  "alert.title": (base) => `● Jsi na tahu — ${base}`,
  "alert.toggle": "Upozornit mě v jiné kartě, až budu na tahu",
  "alert.toggleShort": "Upozornění na tah",
  "alert.notify": "Oznámení",
  "alert.notifyTitle": "Oznámení: systémové oznámení, když jsi na tahu",
  "alert.notifyDenied": "Oznámení jsou pro tento web v nastavení prohlížeče zablokovaná.",
  "alert.notification": (game) => `Jsi na tahu ve hře ${game}`,
  "alert.notificationBody": "Tafelrunde: stůl čeká na tvůj tah.",

  // ---- the table's layout (layout.js)
  "layout.tabs": "Části stolu",
  "layout.backTo": (tab) => `← Zpět na ${tab.toLowerCase()}`,
  "layout.legend": "Legenda k plánu",
  "layout.board": "Plán",
  "layout.players": "Hráči",
  "layout.log": "Záznam",
  "layout.offScreen": (dirs) => `Další část plánu ${list(dirs)}: přejeď nebo posuň a uvidíš ji.`,
  "layout.left": "vlevo",
  "layout.right": "vpravo",
  "layout.up": "nahoře",
  "layout.down": "dole",

  "history.title": "Historie",
  "history.first": "První pozice",
  "history.prev": "Předchozí tah",
  "history.next": "Další tah",
  "history.last": "Nejnovější pozice",
  "history.slider": "Pozice ve hře",
  "history.start": "Začátek, před prvním tahem",
  "history.position": (v, n) => `Tah ${v} z ${n}`,
  "history.by": (who) => ` — ${who}`,
  "history.lookingBack": "Díváš se zpět: táhnout lze jen v nejnovější pozici.",
  "history.turnLine": (v) => `Pohled zpět na tah ${v}`,
  "history.backToGame": "Zpět do hry",
  "history.seenBy": "Jak to vidí",
  "history.watcher": "Divák",
  "history.everything": "Vše odhaleno",
  "history.failed": (why) => `Tuto pozici se nepodařilo zobrazit: ${why}`,

  // ---- the verify page
  "verify.pageTitle": "Tafelrunde — ověření losování",
  "verify.tagline": "Ověř, že losování nikdo neovlivnil.",
  "verify.title": "Férové losování",
  "verify.loading": "Načítá se…",
  "verify.running": "Hra ještě neskončila: její osivo zůstává do konce tajné.",
  "verify.old": "Tato hra vznikla před férovým losováním: nemá závazek k ověření.",
  "verify.verified": "Ověřeno: losování vychází ze zavázaného osiva a z příspěvku každého hráče.",
  "verify.failed": "NEOVĚŘENO: odhalené osivo neodpovídá tomu, co bylo slíbeno.",
  "verify.noCrypto":
    "Tento prohlížeč počítá otisky jen na stránkách https nebo localhost, proto to tu ověřit nemůže: spusť příkaz níže.",
  "verify.commitment": "Závazek (zveřejněný při založení)",
  "verify.contributions": "Příspěvky (místo: text)",
  "verify.none": "žádné",
  "verify.seed": "Osivo serveru (odhalené)",
  "verify.salt": "Sůl (odhalená)",
  "verify.gameSeed": "Osivo hry",
  "verify.checkCommitment": "Osivo a sůl dávají závazek zveřejněný při založení",
  "verify.checkNoted": "Je to závazek, který tento prohlížeč viděl před koncem",
  "verify.checkSeatCommitments": "Každý odhalený příspěvek odpovídá závazku svého místa",
  "verify.checkGameSeed": "Osivo hry je otisk osiva a všech příspěvků",
  "verify.commandIntro": "Chceš-li si přehrát každý tah a porovnat každou událost a konečné body:",
  "verify.back": "Zpět do hry",

  // ---- friends: the friend link's page
  "friends.pageTitle": "Tafelrunde — přidat přítele",
  "friends.title": "Přidat přítele",
  "friends.offer":
    "Někdo ti poslal svůj odkaz přátelství. Budete přátelé? Přátelé se mohou navzájem přímo posadit ke svým stolům, bez kopírování odkazů.",
  "friends.add": "Být přátelé",
  "friends.adding": "Okamžik…",
  "friends.added": (name) => `Ty a ${name} jste teď přátelé.`,
  "friends.own":
    "Toto je tvůj vlastní odkaz přátelství. Pošli ho lidem, s nimiž se chceš přátelit: kdo ho otevře a souhlasí, stane se tvým přítelem.",
  "friends.signIn": "Nejdřív se přihlas nebo si založ účet, pak můžeš tohoto přítele přidat.",
  "friends.signInButton": "Přihlásit se",
  "friends.deadLink": "Tento odkaz přátelství (už) neplatí: požádej jeho majitele o nový.",
  "friends.home": "Na úvodní stránku",
  "error.not_signed_in": "Nejdřív se přihlas.",
  "error.unknown_account": "Takový účet tu není.",
  "error.not_yourself": "To jsi ty.",
  "error.already_friends": "Už jste přátelé.",
  "error.already_asked": "Žádost už je odeslaná: počkej na odpověď.",
  "error.unknown_request": "Tato žádost o přátelství už neexistuje (stažena nebo zodpovězena).",
  "error.unknown_friend": "Přítele s tímto jménem nemáš.",

  // ---- Dschingis Khan (Čingischán)
  "dk.face.chinese": "Číňan",
  "dk.face.mongolian": "Mongol",
  "dk.face.farmer": "rolník",
  "dk.face.plague": "mor",
  "dk.face.ginseng": "léčivá bylina",
  "dk.letter.chinese": "Č",
  "dk.letter.mongolian": "M",
  "dk.letter.farmer": "R",
  "dk.letter.plague": "†",
  "dk.letter.ginseng": "B",
  "dk.side.mongolia": "Mongolsko",
  "dk.side.china": "Čína",
  "dk.boardTitle":
    "Hrací plán hry Dschingis Khan: vesnice, Velká čínská zeď, sloupce kamenů a zvědové",
  "dk.captionNorth": "▲ MONGOLSKO (sever)",
  "dk.captionSouth": "ČÍNA (jih) ▼",
  "dk.letterWest": "Z",
  "dk.letterEast": "V",
  "dk.sideTower": (side, id) => `${SIDE[side] || side} krajní věž ${id}`,
  "dk.village": (id) => `vesnice ${id}`,
  "dk.line": (id) => `linie ${id}`,
  "dk.wallEnd": (side, tower) => `${SIDE[side] || side} konec Velké čínské zdi (věž ${tower})`,
  "dk.wallPiece": (great, line, open) =>
    `kus ${great ? "Velké čínské zdi" : "odbočky"} na linii ${line}, ${open ? "otevřený" : "zavřený"}`,
  "dk.tileTitle": (name, face, remembered) =>
    `kámen hráče ${name}, ${face === null ? "lícem dolů" : `${face}${remembered ? " (zapamatovaný)" : ""}`}`,
  "dk.villageTitle": (id, side, n, controller) =>
    `Vesnice ${id} (${side}): ${TILES(n)}${controller === null ? "" : `, ovládá ${controller}`}`,
  "dk.scoutTitle": (name, village) => `zvěd hráče ${name} ve vesnici ${village}`,
  "dk.via": (via) =>
    via.length === 0
      ? "rovnou přes linii"
      : via.length === 1
        ? `branou na linii ${via[0]} (zavře se)`
        : `po zdi, nahoru na linii ${via[0]} a dolů na linii ${via[1]} (obě se zavřou)`,
  "dk.step.moveTo": (to) => `Přesunout zvěda do vesnice ${to}`,
  "dk.step.straight": (to) => `Rovnou do vesnice ${to}`,
  "dk.step.usePiece": (line) => `Použít otevřený kus zdi na linii ${line}`,
  "dk.step.gate": (to) => `Touto branou do vesnice ${to}`,
  "dk.step.climbDown": (line, to) => `Slézt u otevřeného kusu na linii ${line} do vesnice ${to}`,
  "dk.step.placeTile": (face) => `Položit kámen: ${face}`,
  "dk.step.faces": (fa, a, fb, b) => `${fa} do ${a}, ${fb} do ${b}`,
  "dk.step.scoutStart": (v) => `Postavit zvěda do vesnice ${v}`,
  "dk.step.startTile": (v) => `Startovní kámen do vesnice ${v}`,
  "dk.step.secondTile": (v) => `Druhý startovní kámen do vesnice ${v}`,
  "dk.step.takeWall": "Vzít kus zdi",
  "dk.step.drawTile": "Vytáhnout kámen",
  "dk.step.build": (line) => `Postavit zeď na linii ${line}`,
  "dk.step.scoutBack": (v) => `Vrátit zvěda do vesnice ${v}`,
  "dk.step.discard": "Odhodit mé kameny (zvěd je zablokovaný)",
  "dk.step.rescue": "Sundat mého zvěda z plánu",
  "dk.q.setupFirst": "Začátek: klikni na vesnici pro svůj první startovní kámen.",
  "dk.q.setupSecond": "Klikni na sousední vesnici pro druhý kámen.",
  "dk.q.setupFaces": "Který kámen kam?",
  "dk.q.setupScout": "Klikni na vesnici, kde tvůj zvěd začíná.",
  "dk.q.scoutBack": "Tvůj zvěd byl sundán z plánu: klikni na zvýrazněnou vesnici a vrať ho.",
  "dk.q.take": (left) =>
    `Vezmi ještě ${n1(left, "kus", "kusy", "kusů")}: kus zdi ze společné zásoby nebo kámen ze své vlastní zásoby.`,
  "dk.q.straight": (to) => `Vesnice ${to}: jít rovnou přes linii?`,
  "dk.q.how": (to, straight) =>
    `Vesnice ${to}: jak se tam tvůj zvěd dostane? ${straight ? "Jdi rovnou, nebo klikni" : "Klikni"} na zvýrazněný otevřený kus zdi, kde vyleze na zeď. Každý použitý kus se zavře.`,
  "dk.q.gate": (line, to) => `Jít branou na linii ${line} do vesnice ${to}?`,
  "dk.q.climbDown": (gate, line, to) =>
    `${gate ? `Jdi branou na linii ${line}, nebo klikni` : "Teď klikni"} na otevřený kus zdi, kde tvůj zvěd sleze do vesnice ${to}.`,
  "dk.q.whichTile": (to, via) =>
    `Tvůj zvěd jde do vesnice ${to} ${via}. Který ze svých kamenů tam položíš?`,
  "dk.q.nextWall": (n) =>
    `Postav svůj další kus zdi: klikni na zvýrazněnou linii (zbývá ${WALLS(n)}).`,
  "dk.q.nextTile": (n) => `Táhni zvědem dál: klikni na zvýrazněnou vesnici (zbývá ${TILES(n)}).`,
  "dk.q.either": (walls, tiles) =>
    `Polož buď všechny své zdi (${walls}: klikni na zvýrazněnou linii), nebo všechny své kameny (${tiles}: klikni na zvýrazněnou vesnici a přesuň tam zvěda).`,
  "dk.q.wall": (n) => `Postav kus zdi: klikni na zvýrazněnou linii (${WALLS(n)} k položení).`,
  "dk.q.tile": (n) => `Táhni zvědem: klikni na zvýrazněnou vesnici (${TILES(n)} k položení).`,
  "dk.phase.setup": "pokládání startovních kamenů",
  "dk.phase.scout": (mine) => (mine ? "vrať zvěda" : "vrací se zvěd"),
  "dk.phase.take": "doplnění zásob",
  "dk.phase.walls": "stavba zdi",
  "dk.phase.tiles": (mine) => (mine ? "táhni zvědem" : "pohyb zvědem"),
  "dk.phase.place": "pokládání",
  "dk.phase.final": "závěrečná fáze",
  "dk.col.walls": "Zdi",
  "dk.col.wallsTitle": "Kusy zdi v ruce (aktivní zásoba)",
  "dk.col.tiles": "Kameny",
  "dk.col.tilesTitle": "Kameny v ruce (aktivní zásoba)",
  "dk.col.supply": "Zásoba",
  "dk.col.supplyTitle": "Kameny zbývající ve vlastní zásobě lícem dolů",
  "dk.col.out": "Mimo",
  "dk.col.outTitle": "Odhozené kameny, mimo hru",
  "dk.tableNote": (supply, out, final) =>
    `Společná zásoba zdí: ${supply}${out ? ` · mimo hru: ${out}` : ""}${final ? " · závěrečná fáze" : ""}`,
  "dk.priv.rememberedAt": (village, layer, name) => `vesnice ${village}, vrstva ${layer} (${name})`,
  "dk.priv.inHand": (n) => `Kameny v ruce (${n}):`,
  "dk.priv.walls": (walls, passive) =>
    `Kusy zdi v ruce: ${walls} · kameny ve tvé zásobě: ${passive} (v neznámém pořadí, i pro tebe)`,
  "dk.priv.rememberedShort": (village, layer) => `${village}/${layer}`,
  "dk.priv.wallsShort": (walls, passive) => `Kusy zdi: ${walls} · zásoba: ${passive}`,
  "dk.priv.discarded": "Odhozené:",
  "dk.priv.remembered": "Zapamatované (vesnice/vrstva):",
  "dk.res.inTable": "Konečné body jsou v tabulce hráčů.",
  "dk.res.totals": "Celkem: ",
  "dk.res.bottomToTop": "(zdola nahoru)",
  "dk.res.village": "Vesnice",
  "dk.res.side": "Strana",
  "dk.res.owner": "Vlastník",
  "dk.res.tiles": "Kameny",
  "dk.res.points": "Body",
  "dk.legend.china": "Čína (šrafovaně)",
  "dk.legend.greatOpen": "Velká čínská zeď, otevřená",
  "dk.legend.greatClosed": "Velká čínská zeď, zavřená",
  "dk.legend.branchOpen": "odbočka, otevřená",
  "dk.legend.branchClosed": "odbočka, zavřená",
  "dk.legend.scout": "zvěd",
  "dk.legend.tiles": (key) => `Kameny: ${key}; kurzívou = zapamatované`,
  "dk.turn.setup": (you, villages, faces, scout) =>
    `${you ? "začínáš" : "začíná"} ve vesnicích ${villages.join(" a ")}${faces ? ` (${faces})` : ""}, zvěd ve vesnici ${scout}`,
  "dk.turn.takeWalls": (you, n) => `${you ? "bereš" : "bere"} ${WALLS(n)}`,
  "dk.turn.takeTiles": (you, n, faces) =>
    `${you ? "táhneš" : "táhne"} ${TILES(n)}${faces ? ` (${faces})` : ""}`,
  "dk.turn.discard": (you, n, faces) =>
    `${you ? "odhazuješ" : "odhazuje"} ${TILES(n)}${faces ? ` (${faces})` : ""}`,
  "dk.turn.walls": (you, lines, removed, changed) =>
    `${you ? "stavíš" : "staví"} ${lines.length === 1 ? `zeď na linii ${lines[0]}` : `zdi na liniích ${list(lines)}`}${removed ? ` (${pick(removed, { one: "odstraněn", few: "odstraněny", other: "odstraněno" })} ${n1(removed, "kus", "kusy", "kusů")})` : ""}${changed.length ? ` (vesnice ${list(changed)} mění stranu)` : ""}`,
  "dk.turn.wallsKept": (you, n) =>
    `${you ? "ponecháváš si" : "ponechává si"} ${WALLS(n)}, ${pick(n, { one: "který nikam nepasuje", few: "které nikam nepasují", other: "které nikam nepasují" })}`,
  "dk.turn.scout": (you, path, tiles) =>
    `zvěd ${path}${tiles ? `, ${you ? "pokládáš" : "pokládá"} ${tiles}` : ""}`,
  "dk.turn.gate": "branou",
  "dk.turn.wall": "po zdi",
  "dk.turn.placeScout": (you, village) => `${you ? "vracíš" : "vrací"} zvěda do vesnice ${village}`,
  "dk.turn.rescue": (you, village) => `${you ? "sundáváš" : "sundává"} zvěda z vesnice ${village}`,
  "dk.ev.setup": (who, villages, faces, scout) =>
    `${v(who, "Začínáš", "začíná")} ve vesnicích ${villages.join(" a ")}${faces ? ` (${faces})` : ""}, zvěd ve vesnici ${scout}.`,
  "dk.ev.takeWalls": (who, n, supply) =>
    `${v(who, "Bereš", "bere")} ${WALLS(n)} (zásoba ${supply}).`,
  "dk.ev.takeTiles": (who, n, faces) =>
    `${v(who, "Táhneš", "táhne")} ${TILES(n)}${faces ? `: ${faces}` : ""}.`,
  "dk.ev.placeScout": (who, village) => `${v(who, "Vracíš", "vrací")} zvěda do vesnice ${village}.`,
  "dk.ev.wall": (who, ev) => {
    let text = `${v(who, "Stavíš", "staví")} zeď na linii ${ev.line}`;
    if (ev.kind === "loop")
      text += `, uzavírá smyčku: zůstává ${ev.kept === "new" ? "nová" : "stará"} část`;
    if (ev.kind === "new_end")
      text += `, dosahuje krajní věže: zůstává ${ev.kept === "new" ? "nový konec" : "starý konec"}`;
    if (ev.removed?.length)
      text += `; ${pick(ev.removed.length, { one: "odstraněn", few: "odstraněny", other: "odstraněno" })} ${n1(ev.removed.length, "kus", "kusy", "kusů")}`;
    const changed = ev.sides_changed || [];
    if (changed.length) text += `; vesnice ${changed.join(", ")} mění stranu`;
    return `${text}.`;
  },
  "dk.ev.wallsKept": (who, n) =>
    `${v(who, "Ponecháváš si", "si ponechává")} ${WALLS(n)}, ${pick(n, { one: "který nikam nepasuje", few: "které nikam nepasují", other: "které nikam nepasují" })}.`,
  "dk.ev.step": (who, from, to, how, tile) =>
    `${who}: zvěd ${from} → ${to}${{ straight: "", gate: " branou", wall: " po zdi" }[how]}${tile ? `, pokládá ${tile}` : ""}.`,
  "dk.ev.discard": (who, n, faces) =>
    `${v(who, "Odhazuješ", "odhazuje")} ${TILES(n)}${faces ? ` (${faces})` : ""}.`,
  "dk.ev.rescue": (who, village) => `${v(who, "Sundáváš", "sundává")} zvěda z vesnice ${village}.`,
  "dk.ev.finalPhase": "Dvě zásoby jsou prázdné: začíná závěrečná fáze.",

  // ---- Die Dolmengötter
  "dg.place": (id) => `pole ${id}`,
  "dg.circle": (id) => `kruh ${id}`,
  "dg.boardTitle": "Hrací plán Die Dolmengötter: kamenné kruhy, pole, druidové, kameny a dolmeny",
  "dg.cornerRune": (place) => `rohová runa na poli ${place}: spojená s ostatními třemi rohy`,
  "dg.rune": (rune, place, mates) => `runa ${rune} na poli ${place}: spojená s polem ${mates}`,
  "dg.stoneTitle": (name, place) => `kámen hráče ${name} na poli ${place}`,
  "dg.druidTitle": (name, lying, place) =>
    `druid hráče ${name} ${lying ? "leží (sbírá byliny)" : "stojí"} na poli ${place}`,
  "dg.dolmenTitle": (d) =>
    `dolmen hráče ${d.name}, ${d.value === null ? "hodnota skrytá" : `hodnota ${d.value}`}${d.points === null ? "" : `, získal ${d.points} b.`}, ${d.position}. shora (násobitel ${d.factor}) v kruhu ${d.circle}`,
  "dg.circleTitle": (id, shape, factors, n, scored) =>
    `Kruh ${id} (${SHAPE[shape] || shape}): násobitele ${factors} shora; ${n1(n, "dolmen", "dolmeny", "dolmenů")}.${scored ? " Tento kruh je obodovaný." : ""}`,
  "dg.step.stone": (place) => `Nechat kámen na poli ${place}`,
  "dg.step.noStoneFree": "Bez kamene (žádný nezbývá)",
  "dg.step.noStone": "Bez kamene (−1 bod)",
  "dg.step.placeDruid": (place) => `Postavit druida na ${place}`,
  "dg.step.yourDruid": (place) => `Tvůj druid na ${place}`,
  "dg.step.moveTo": (place) => `Přesunout druida na ${place}`,
  "dg.step.walk": "Dojít tam",
  "dg.step.fly": "Doletět tam (spotřebuje byliny)",
  "dg.step.herbs": "Lehnout si a sbírat byliny",
  "dg.step.circle": (id) => `Kruh ${id}`,
  "dg.step.value": (val) => `Dolmen s hodnotou ${val}`,
  "dg.step.noDolmen": "Bez dolmenu",
  "dg.step.pass": "Pas (žádný tah není možný)",
  "dg.q.druids": (left) =>
    `Klikni na zvýrazněné volné pole a postav tam jednoho ze svých druidů${left === null ? "" : ` (zbývá postavit: ${left})`}.`,
  "dg.q.right": (top, circle) =>
    `Smíš postavit dolmen ${top ? "navrch" : "dospod"} sloupce v kruhu ${circle}. Zvol jeho hodnotu (uvidíš ji jen ty), nebo žádný.`,
  "dg.q.move": "Klikni na svého druida a přesuň ho (pěšky nebo letem), nebo ať sbírá byliny.",
  "dg.q.where": "Klikni, kam má druid jít, nebo vyber:",
  "dg.q.choose": "Vyber:",
  "dg.q.how": "Pěšky, nebo letem?",
  "dg.q.stone": "Nechat kámen na poli, které druid opustil?",
  "dg.phase.placeDruid": (left) => `postav druida (zbývá ${left})`,
  "dg.phase.placingDruids": "stavění druidů",
  "dg.phase.right": (circle, top) =>
    `právo na dolmen v kruhu ${circle} (${top ? "navrch" : "dospod"})`,
  "dg.phase.finalRound": (mine) => `poslední kolo${mine ? ": tvůj poslední tah" : ""}`,
  "dg.phase.move": "přesuň druida nebo sbírej byliny",
  "dg.col.stones": "Kameny",
  "dg.col.stonesTitle": "Zbývající kameny",
  "dg.col.dolmens": "Dolmeny",
  "dg.col.dolmensTitle": "Dolmeny zbývající v ruce",
  "dg.priv.hand": "Dolmeny v ruce",
  "dg.priv.board": "Na plánu (kruh: hodnota ×násobitel)",
  "dg.priv.onBoardShort": (circle, value, factor) => `${circle}: ${value} ×${factor}`,
  "dg.priv.value": (val) => `hodnota ${val}`,
  "dg.priv.onBoard": (circle, value, factor) => `kruh ${circle}: hodnota ${value} (×${factor})`,
  "dg.priv.noneScored": "žádné (všechny jsou obodované)",
  "dg.priv.noneYet": "zatím žádné",
  "dg.res.circle": "Kruh",
  "dg.res.stonesUsedUp": "Všechny kameny jsou položené.",
  "dg.res.finalRoundOver": "Poslední kolo skončilo.",
  "dg.res.rest": "Start (4) a odmítnuté kameny",
  "dg.res.total": "Celkem",
  "dg.legend.stone": "kámen",
  "dg.legend.standing": "stojící druid",
  "dg.legend.lying": "ležící druid (smí letět)",
  "dg.legend.dolmen": "dolmen (hodnota skrytá)",
  "dg.legend.factor": "násobitel bodování, shora dolů",
  "dg.legend.rune": "stejná runa na obou okrajích: cesta napříč",
  "dg.turn.druid": (you, place) => `${you ? "stavíš" : "staví"} druida na pole ${place}`,
  "dg.turn.walk": (you, from, to) => `${you ? "vedeš" : "vede"} druida pěšky z ${from} na ${to}`,
  "dg.turn.flight": (you, from, to) =>
    `${you ? "posíláš" : "posílá"} druida letem z ${from} na ${to}`,
  "dg.turn.herbs": (_you, place) => `druid na poli ${place} sbírá byliny`,
  "dg.turn.stone": (_you, place) => `kámen zůstává na poli ${place}`,
  "dg.turn.noStone": (_you, penalty) => `bez kamene${penalty ? ` (−${penalty} bod)` : ""}`,
  "dg.turn.right": (you, top, circle) =>
    `${you ? "smíš" : "smí"} postavit dolmen ${top ? "navrch" : "dospod"} v kruhu ${circle}`,
  "dg.turn.dolmen": (you, value, circle, top) =>
    `${you ? "stavíš" : "staví"} dolmen${value ? ` s hodnotou ${value}` : ""} v kruhu ${circle} (${top ? "navrch" : "dospod"})`,
  "dg.turn.noDolmen": (you, circle) =>
    `${you ? "nestavíš" : "nestaví"} v kruhu ${circle} žádný dolmen`,
  "dg.ev.druidPlaced": (who, place) => `${v(who, "Stavíš", "staví")} druida na pole ${place}.`,
  "dg.ev.walk": (who, from, to) => `${v(who, "Vedeš", "vede")} druida pěšky z ${from} na ${to}.`,
  "dg.ev.flight": (who, from, to) =>
    `${v(who, "Posíláš", "posílá")} druida letem z ${from} na ${to}.`,
  "dg.ev.herbs": (who, place) => `${who}: druid na poli ${place} sbírá byliny.`,
  "dg.ev.stonePlaced": (place) => `Kámen zůstává na poli ${place}.`,
  "dg.ev.stoneDeclinedPenalty": (penalty, score) => `Bez kamene (−${penalty} bod, skóre ${score}).`,
  "dg.ev.stoneDeclined": "Bez kamene.",
  "dg.ev.right": (who, top, circle) =>
    `${v(who, "Smíš", "smí")} postavit dolmen ${top ? "navrch" : "dospod"} v kruhu ${circle}.`,
  "dg.ev.dolmenPlaced": (who, value, circle, top) =>
    `${v(who, "Stavíš", "staví")} dolmen${value ? ` s hodnotou ${value}` : ""} v kruhu ${circle} (${top ? "navrch" : "dospod"}).`,
  "dg.ev.dolmenDeclined": (who, circle) =>
    `${v(who, "Nestavíš", "nestaví")} v kruhu ${circle} žádný dolmen.`,
  "dg.ev.lapsed": (name, circle, full, mine) =>
    `${mine ? "Tvoje právo" : `Právo hráče ${name}`} na dolmen v kruhu ${circle} propadá (${full ? "sloupec je plný" : "nezbývají dolmeny"}).`,
  "dg.ev.circleScored": (circle, final, parts) =>
    `Kruh ${circle} ${final ? "na konci " : ""}boduje: ${parts || "žádné dolmeny"}.`,
  "dg.ev.finalRound": (who) => `${v(who, "Stavíš", "staví")} poslední dolmen: poslední kolo!`,

  // ---- accounts: the header's control, the account page, My games
  "me.signIn": "Přihlásit se",
  "me.signOut": "Odhlásit se",
  "me.menuFor": (name) => `Nabídka účtu ${name}`,
  "me.myGames": "Moje hry",
  "me.myAccount": "Můj účet",
  "me.friends": "Přátelé",
  "me.reminders": "Připomínky",

  "acct.pageTitle": "Tafelrunde — tvůj účet",
  "acct.skip": "Přeskočit na účet",
  "acct.tagline": "Tvoje hry na každém zařízení, přátelé a připomínky.",
  "acct.tabsLabel": "Přihlásit se nebo založit účet",
  "acct.signInTab": "Přihlásit se",
  "acct.signUpTab": "Založit účet",
  "acct.signInTitle": "Přihlášení",
  "acct.passkeySignIn": "Přihlásit se přístupovým klíčem",
  "acct.passkeySignInHint":
    "Telefon nebo počítač se zeptá na zámek obrazovky (otisk prstu, obličej nebo PIN).",
  "acct.orPassword": "nebo jménem a heslem",
  "acct.or": "nebo",
  "acct.name": "Jméno",
  "acct.password": "Heslo",
  "acct.signIn": "Přihlásit se",
  "acct.noAccount": "Ještě nemáš účet?",
  "acct.haveAccount": "Už máš účet?",
  "acct.signUpTitle": "Založit účet",
  "acct.signUpWhy":
    "S účtem tě tvoje hry následují na každé zařízení, přátelé ti mohou přímo dát místo a když jsi na tahu, dostaneš připomínku. Pozvánky fungují i bez účtu.",
  "acct.signupClosed": "Tento server teď nové účty nezakládá.",
  "acct.displayName": "Zobrazované jméno",
  "acct.displayNameHint": "Toto jméno vidí ostatní hráči; přátelé tě podle něj najdou.",
  "acct.inviteCode": "Kód pozvánky",
  "acct.inviteCodeHint": "Tento server zakládá účty jen s kódem pozvánky od provozovatele.",
  "acct.withPasskey": "Přístupovým klíčem (doporučeno)",
  "acct.withPasskeyHint": "Nic si nepamatuješ: přihlásí tě zámek obrazovky tvého zařízení.",
  "acct.passkeySignUp": "Založit s přístupovým klíčem",
  "acct.withPassword": "Heslem",
  "acct.passwordHint":
    "Aspoň 10 znaků. Několik neobvyklých slov za sebou se dobře pamatuje a špatně hádá; velmi běžná hesla se odmítají.",
  "acct.passwordSignUp": "Založit s heslem",
  "acct.enterName": "Zadej prosím své jméno.",
  "acct.enterPassword": "Zadej prosím své heslo.",
  "acct.enterDisplayName": "Zvol si prosím zobrazované jméno.",
  "acct.choosePassword": "Zvol si prosím heslo (aspoň 10 znaků), nebo použij přístupový klíč.",
  "acct.passwordShort": (n) =>
    `Heslo je příliš krátké: aspoň ${n1(n, "znak", "znaky", "znaků")}, prosím.`,
  "acct.noPasskeyBrowser": "Tento prohlížeč přístupové klíče nenabízí: použij heslo.",
  "acct.noPasskeyServer": "Přístupové klíče zatím tento server nemá: použij heslo.",
  "acct.welcomeTitle": "Tvůj účet je připravený",
  "acct.welcomeText":
    "Tvoje hry jsou teď uložené v tvém účtu. Níže zvol, jak tě zastihne připomínka, když budeš na tahu.",
  "acct.toMyGames": "K mým hrám",
  "acct.parts": "Části této stránky",
  "acct.profile": "Profil",
  "acct.notifications": "Připomínky",
  "acct.friends": "Přátelé",
  "acct.signInMethods": "Přihlašování",
  "acct.sessions": "Zařízení",
  "acct.data": "Tvoje data",
  "acct.save": "Uložit",
  "acct.saved": "Uloženo.",
  "acct.language": "Jazyk tvých připomínek (po uložení se jím řídí i tato stránka)",
  "acct.notificationsIntro":
    "Když jsi na tahu a žádná stránka hry není otevřená, Tafelrunde ti může připomenout: tady, e-mailem nebo přes chatovací službu. Také u žádostí o přátelství, míst pro tebe, nabídek odvety a konce hry.",
  "acct.notifyUnavailable": "Tento server připomínky neposílá.",
  "acct.pushTitle": "Oznámení na tomto zařízení",
  "acct.pushLabel": "Zobrazit oznámení na tomto zařízení, i když je karta prohlížeče zavřená",
  "acct.pushOn": "Na tomto zařízení zapnuto.",
  "acct.pushOff": "Na tomto zařízení vypnuto.",
  "acct.pushUnsupported": "Tento prohlížeč nemůže z tohoto webu zobrazovat oznámení.",
  "acct.pushBlocked":
    "Oznámení jsou pro tento web zablokovaná: nejdřív je povol v nastavení webu v prohlížeči.",
  "acct.emailTitle": "E-mail",
  "acct.emailLabel": "Adresa pro připomínky",
  "acct.emailNone": "Žádné připomínky e-mailem.",
  "acct.emailConfirmed": (email) => `Potvrzeno: připomínky chodí na ${email}.`,
  "acct.emailWaiting": (email) =>
    `Zatím nepotvrzeno: otevři odkaz v e-mailu poslaném na ${email}. Do té doby tam nic jiného nechodí.`,
  "acct.emailUnavailable": "Tento server neposílá e-maily.",
  "acct.confirmationSent": (email) =>
    `Potvrzovací odkaz je na cestě na ${email}: otevři ho a je to.`,
  "acct.resend": "Poslat potvrzovací odkaz znovu",
  "acct.pushOthers": (n) =>
    pick(n, {
      one: "Dostává je i 1 další zařízení.",
      few: `Dostávají je i ${n} další zařízení.`,
      other: `Dostává je i ${n} dalších zařízení.`,
    }),
  "acct.webhookTitle": "Chatovací služba (webhook)",
  "acct.webhookLabel": "Adresa webhooku",
  "acct.webhookHint":
    "Odkazy Discordu, Slacku a ntfy se rozpoznají; jakákoli jiná adresa dostane připomínku jako JSON. Tuto adresu drž v tajnosti.",
  "acct.whenTitle": "Kdy",
  "acct.alwaysLabel": "I když je otevřená stránka hry",
  "acct.digestLabel": "Hry s dnem a více na tah",
  "acct.digestOff": "Připomínka ke každému tahu",
  "acct.digest6": "Nejvýš jeden souhrn za 6 hodin",
  "acct.digest12": "Nejvýš jeden souhrn za 12 hodin",
  "acct.digest24": "Nejvýš jeden souhrn denně",
  "acct.digestN": (n) => `Nejvýš jeden souhrn za ${n1(n, "hodinu", "hodiny", "hodin")}`,
  "acct.saveReminders": "Uložit nastavení připomínek",
  "acct.badEmail": "To není e-mailová adresa.",
  "acct.badWebhook": "Webhook musí být webová adresa začínající https://.",
  "acct.friendsIntro":
    "Přátelům lze při zakládání hry dát místo přímo: objeví se v jejich hrách, žádný odkaz se neposílá.",
  "acct.incoming": "Žádosti o přátelství pro tebe",
  "acct.yourFriends": "Tvoji přátelé",
  "acct.outgoing": "Čeká se na odpověď",
  "acct.noFriends":
    "Zatím žádní přátelé: přidej někoho podle jména nebo pošli svůj odkaz přátelství.",
  "acct.friendsUnavailable": "Tento server nemá seznam přátel.",
  "acct.friendsSince": (date) => `přátelé od ${date}`,
  "acct.asked": (ago) => `požádáno ${ago}`,
  "acct.withdraw": "Stáhnout",
  "acct.accept": "Přijmout",
  "acct.decline": "Odmítnout",
  "acct.removeFriend": "Odebrat",
  "acct.reallyRemove": (name) => `Opravdu odebrat ${name}?`,
  "acct.addFriendLabel": "Přidat přítele podle jména",
  "acct.addFriend": "Poslat žádost o přátelství",
  "acct.enterFriendName": "Nejdřív napiš zobrazované jméno přítele.",
  "acct.requestSent": (name) => `Žádost o přátelství odeslána: ${name}.`,
  "acct.nowFriends": (name) => (name ? `Ty a ${name} jste teď přátelé.` : "Teď jste přátelé."),
  "acct.friendLinkTitle": "Tvůj odkaz přátelství",
  "acct.friendLinkHint":
    "Kdo tento odkaz otevře přihlášený, stane se tvým přítelem, jakmile oba souhlasíte. Obnov ho a starý odkaz přestane fungovat.",
  "acct.renewLink": "Vytvořit nový odkaz",
  "acct.linkRenewed": "Nový odkaz přátelství: starý už nefunguje.",
  "acct.passkeys": "Přístupové klíče",
  "acct.passkey": "Přístupový klíč",
  "acct.noPasskeys": "Zatím žádný přístupový klíč.",
  "acct.passkeyLabel": "Název nového přístupového klíče",
  "acct.passkeyLabelPlaceholder": "např. Můj telefon",
  "acct.addPasskey": "Přidat přístupový klíč",
  "acct.passkeyAdded": "Přístupový klíč přidán.",
  "acct.passkeyRemoved": "Přístupový klíč odebrán.",
  "acct.added": (date) => `přidán ${date}`,
  "acct.lastUsed": (ago) => `naposledy použit ${ago}`,
  "acct.remove": "Odebrat",
  "acct.reallyRemovePasskey": "Opravdu odebrat?",
  "acct.lastMethod": "Tvůj jediný způsob přihlášení zůstává: nejdřív přidej jiný.",
  "acct.passwordTitle": "Heslo",
  "acct.addPasswordTitle": "Přidat heslo",
  "acct.currentPassword": "Současné heslo",
  "acct.newPassword": "Nové heslo",
  "acct.changePassword": "Změnit heslo",
  "acct.addPassword": "Přidat heslo",
  "acct.enterCurrent": "Zadej prosím své současné heslo.",
  "acct.passwordChanged":
    "Heslo změněno. Ostatní tvá zařízení jsou odhlášená: přihlas se tam novým heslem.",
  "acct.passwordAdded": "Heslo přidáno: můžeš se přihlásit i jím.",
  "acct.sessionsIntro":
    "Kde je tvůj účet přihlášený. Odhlas zařízení, které neznáš nebo už nepoužíváš.",
  "acct.thisDevice": "toto zařízení",
  "acct.browserOn": (browser, system) => `${browser} na ${system}`,
  "acct.someBrowser": "Prohlížeč",
  "acct.lastActive": (ago) => `naposledy aktivní ${ago}`,
  "acct.signedInSince": (date) => `přihlášeno ${date}`,
  "acct.signOutEverywhere": "Odhlásit všude",
  "acct.exportHint":
    "Vše, co je o tvém účtu uloženo: účet, tvá místa, tvé řádky v chatu a tvá nastavení, jako soubor JSON.",
  "acct.export": "Stáhnout moje data",
  "acct.deleteTitle": "Smazat můj účet",
  "acct.deleteText":
    "Tvé způsoby přihlášení, zařízení, přátelé a nastavení se okamžitě odstraní. Dohrané hry si ponechají tvé místo pod jménem „smazaný hráč“. Nelze to vrátit.",
  "acct.deleteConfirmPlain": "Pro potvrzení napiš své jméno",
  "acct.deleteConfirm": (name) => `Pro potvrzení napiš své jméno, „${name}“`,
  "acct.deleteMismatch": (name) => `Pro smazání účtu napiš přesně „${name}“.`,
  "acct.deleteButton": "Natrvalo smazat můj účet",

  "home.myGames": "Moje hry",
  "home.groupTurn": (n) => `Jsi na tahu (${n})`,
  "home.groupKept": (n) => `Místa držená pro tebe (${n})`,
  "home.groupWaiting": (n) => `Čeká se na ostatní (${n})`,
  "home.groupOver": (n) => `Dohrané (${n})`,
  "home.showAll": "Zobrazit vše",
  "home.noAccountGames":
    "Ve tvém účtu zatím nejsou žádné hry. Začni nějakou níže, nebo si vezmi místo, které ti přítel drží.",
  "home.keptForYou": "Drží se pro tebe místo",
  "home.takeSeat": (letter) => `Zaujmout své místo (${letter})`,
  "home.playNow": "Hrát teď",
  "home.open": "Otevřít",
  "home.moveBy": (time) => `táhnout do ${time}`,
  "home.updated": (ago) => `změna ${ago}`,
  "home.onlyHere": "Jen v tomto prohlížeči",
  "home.onlyHereHint":
    "Tato místa jsou uložená jen v tomto prohlížeči. Ulož hru do svého účtu a otevřeš ji i na ostatních zařízeních.",
  "home.claimOne": "Uložit tuto hru do mého účtu",
  "home.claimTitle": "Uložit hry tohoto prohlížeče do tvého účtu?",
  "home.claimText": (n) =>
    pick(n, {
      one: "Tento prohlížeč drží tvé místo v 1 hře, která není v tvém účtu. Uložit ji do účtu, aby šla otevřít i na ostatních zařízeních? Jen pokud to místo je tvoje.",
      few: `Tento prohlížeč drží místa ve ${n} hrách, které nejsou v tvém účtu. Uložit je do účtu, aby šly otevřít i na ostatních zařízeních? Jen pokud ta místa jsou tvoje.`,
      other: `Tento prohlížeč drží místa v ${n} hrách, které nejsou v tvém účtu. Uložit je do účtu, aby šly otevřít i na ostatních zařízeních? Jen pokud ta místa jsou tvoje.`,
    }),
  "home.claimAll": "Uložit je do mého účtu",
  "home.claimLater": "Teď ne",
  "home.claimFailed": (n, why) => `${n} se nepodařilo uložit: ${why}`,
  "home.accountTeaser": "Tato místa žijí jen v tomto prohlížeči.",
  "home.accountTeaserLink": "Založ si účet a budeš je mít na každém zařízení.",
  "home.accountDeleted": "Tvůj účet byl smazán.",
  "home.role.account": (name) => `Přítel: ${name}`,
  "home.seatHintFriends":
    "Pro každé místo: ty, někdo z tvých přátel (objeví se v jeho hrách), přítel, který dostane odkaz, nebo bot, kterého hraje server.",
  "home.seatKept": (letter, name) =>
    `Místo ${letter}: drženo pro hráče ${name}, který ho najde ve svých hrách`,

  // ---- žebříček (/ladder) a stránky hráčů (/players/{name})
  "me.ladder": "Žebříček",
  "ladder.pageTitle": "Tafelrunde — žebříček",
  "ladder.title": "Žebříček",
  "ladder.kinds": "Hra",
  "ladder.explain":
    "Hodnocení je opatrné: 1000 pro nováčka, roste, jak hodnocené hry zpřesňují odhad. Počítají se jen hodnocené hry; boti jsou označeni.",
  "ladder.caption": (n) =>
    `Hráči s nejméně ${n} ${pick(n, { one: "hodnocenou hrou", few: "hodnocenými hrami", other: "hodnocenými hrami", many: "hodnocenými hrami" })}, nejlepší první`,
  "ladder.rank": "Č.",
  "ladder.player": "Hráč",
  "ladder.rating": "Hodnocení",
  "ladder.games": "Hry",
  "ladder.won": "Výhry",
  "ladder.empty": (kind, n) =>
    `Zatím nikdo nemá ${n1(n, "hodnocenou hru", "hodnocené hry", "hodnocených her")} ve hře ${kind}: žebříček začne prvním, kdo je bude mít.`,
  "ladder.signIn": "Žebříček uvidíš po přihlášení.",
  "ratings.bot": "bot",
  "ratings.botKind.server": "bot tohoto serveru",
  "ratings.botKind.author": "bot, kterého vytvořil hráč",
  "ratings.point": (i, date, rating, change) => `Hra ${i}, ${date}: ${rating} (${change})`,
  "ratings.chartLabel": (kind, from, to, n) =>
    `Hodnocení ve hře ${kind} za ${n1(n, "hodnocenou hru", "hodnocené hry", "hodnocených her")}: z ${from} na ${to}`,
  "player.pageTitle": "Tafelrunde — hráč",
  "player.pageTitleOf": (name) => `${name} — Tafelrunde`,
  "player.toLadder": "Na žebříček",
  "player.recent": "Poslední hodnocené hry",
  "player.h2h": "Vzájemné zápasy",
  "player.h2hAgainst": "Proti",
  "player.h2hShow": "Porovnat",
  "player.serverBot": (level) => `Bot tohoto serveru, úroveň ${level}`,
  "player.authorBot": (owner) => `Bot hráče ${owner}`,
  "player.since": (date) => `tady od ${date}`,
  "player.unranked": (played) => `Zatím není na žebříčku (${played} ze 3 hodnocených her)`,
  "player.rank": (rank) => `${rank}. místo na žebříčku`,
  "player.playedWon": (played, won) =>
    `${n1(played, "hodnocená hra", "hodnocené hry", "hodnocených her")}, ${won} vyhraných`,
  "player.byPlayers": (n, played, won) => `Hráčů u stolu ${n}: ${played} odehráno, ${won} vyhráno`,
  "player.placeShort": (place) => `${place}.`,
  "player.placeOf": (place, n) => `${place}. místo z ${n}`,
  "player.chartCaption": "Hodnocení po každé hodnocené hře (0: před první).",
  "player.replay": "Záznam",
  "player.h2hNone": (a, b) => `${a} a ${b}: zatím žádná společná hodnocená hra.`,
  "player.h2hLine": (a, b, games, ahead, behind, level) =>
    `${n1(games, "hra", "hry", "her")}: ${a} před ${ahead}×, ${b} před ${behind}×, nerozhodně ${level}×`,
  "player.signIn": "Hodnocení hráčů uvidíš po přihlášení.",
  "player.noGames": (name) => `${name}: zatím žádná dokončená hodnocená hra.`,
};
