"""``jokeren --help`` in Dutch: the help texts of every command, by their English.

Typer takes help texts from docstrings and options where the code is written; rather than
fork every option, the built command is walked once and each English text is replaced by
its Dutch one here (cli/dutch.py does this, with Click's own words, in Dutch mode). An English
text without an entry stays English; tests/test_dutch.py checks that every text has one.
"""

from __future__ import annotations

# The arguments by their Dutch names (in the usage line, the help and the errors).
ARGUMENTS = {"file": "bestand", "to": "doel", "record": "verslag", "name": "naam",
             "files": "bestanden", "preset": "voorinstelling", "old": "oud", "new": "nieuw"}

# Default values shown in the help that are words ("[default: random]").
DEFAULTS = {"random": "willekeurig", "basic": "eenvoudig"}

NL: dict[str, str] = {
    "Jokeren: Amerikaans Jokeren and its Dutch relatives, with every table's house rules.":
        "Jokeren: Amerikaans Jokeren en zijn Nederlandse familie, met de huisregels van elke "
        "tafel.",
    "Play a game record through the rules and say whether every move was legal.\n\nExit "
    "status: 0 all moves legal, 1 at an illegal move, 2 for a malformed record.":
        "Speel een partijverslag na volgens de regels en zeg of elke zet mocht.\n\n"
        "Afsluitcode: 0 alle zetten mochten, 1 bij een zet die niet mag, 2 bij een "
        "onleesbaar verslag.",
    "A game record (JSON, jokeren-record/1).": "Een partijverslag (JSON, jokeren-record/1).",
    "Print the result as JSON.": "Geef de uitkomst als JSON.",
    "Language of the text output.": "Taal van de tekst: nl of en.",
    "Print a preset's rules, or check a house-rules file.\n\nExit status of --check: 0 for "
    "usable rules, 2 for a bad file or rules that contradict\neach other (one sentence each "
    "on standard error).":
        "Laat de regels van een voorinstelling zien, of controleer een huisregelbestand.\n\n"
        "Afsluitcode van --check: 0 als de regels bruikbaar zijn, 2 bij een fout bestand of "
        "regels die elkaar tegenspreken (elk in één zin).",
    "A preset name (all presets if left out).":
        "De naam van een voorinstelling (zonder naam: alle voorinstellingen).",
    "nl or en (default: from the locale).": "nl of en (anders de taal van de computer).",
    "Validate a house-rules file (TOML or JSON) and print its rules.":
        "Controleer een huisregelbestand (TOML of JSON) en zeg elke regel in woorden.",
    "Print every key as JSON.": "Geef elke regel als JSON.",
    "Let computer players play matches or single rounds, and report who wins.\n\nWithout "
    "--json and --rounds, every match's score sheet is printed before the report.":
        "Laat computerspelers potjes of losse rondes spelen en zeg wie er wint.\n\nZonder "
        "--json en --rounds komt eerst het scoreblad van elk potje.",
    "Preset name or house-rules file.": "Voorinstelling of huisregelbestand.",
    "Number of players (default: one per --bots entry, else 3).":
        "Aantal spelers (anders één per naam bij --bots, of 3).",
    "Number of matches.": "Aantal potjes.",
    "Play single rounds instead of matches, cycling through the schedule.":
        "Speel losse rondes in plaats van potjes, met de eisen van de rondes om de beurt.",
    "Seed of the first deal; deal k is dealt from seed + k, so runs with nearby seeds share "
    "deals.":
        "Schudnummer van het eerste spel; spel k krijgt schudnummer plus k.",
    "Folder for the game records.": "Map voor de partijverslagen.",
    "One computer player per seat, e.g. strong,basic (or one for all): random, basic, "
    "strong, strong:N, level1..level5.":
        "Eén computerspeler per plaats, bijvoorbeeld sterk,eenvoudig (of één voor "
        "allemaal): willekeurig, eenvoudig, sterk, sterk:N, niveau1..niveau5.",
    "Play every deal once per rotation of the seats.":
        "Speel elk spel één keer vanaf elke plaats.",
    "Worker processes.": "Aantal processen dat tegelijk speelt.",
    "End a round when the stock runs out after this many rebuilds.":
        "Stop een ronde als de stok op is en al zo vaak opnieuw gemaakt is.",
    "End a round after this many turns, everyone scoring (two players may pass one discard "
    "back and forth for ever).":
        "Stop een ronde na zoveel beurten en tel ieders strafpunten (twee spelers kunnen één "
        "aflegkaart eindeloos heen en weer geven).",
    "nl or en.": "nl of en.",
    "Print the report as JSON.": "Geef het verslag als JSON.",
    "Play at the terminal: against the computer, or with several people around one screen.":
        "Speel in het terminalvenster: tegen de computer, of met meer mensen om één scherm.",
    "Number of players.": "Aantal spelers.",
    "The people at the screen: names with commas, or a count.":
        "De mensen aan het scherm: namen met komma's, of een aantal.",
    "Computer players' levels: one for all, or one per computer seat (basic,strong).":
        "Niveau van de computerspelers: één voor allemaal, of één per computerspeler "
        "(eenvoudig,sterk).",
    "Learning mode: open hands, each computer move explained.":
        "Leermodus: open kaarten, en bij elke zet van de computer waarom.",
    "Seed of the deals.": "Schudnummer van de spellen.",
    "Write the match as a game record to this new file after every round (and on "
    "quitting).":
        "Bewaar het potje na elke ronde (en bij stoppen) als partijverslag in dit nieuwe "
        "bestand.",
    "Go on with a match saved by play (its record): the moves so far are played again, and "
    "it is saved back to the same file.":
        "Speel verder met een bewaard potje: de zetten tot nu toe worden nagespeeld, en het "
        "wordt weer in hetzelfde bestand bewaard.",
    "Ask before going out or discarding a joker.": "Vraag vóór uitgaan of een joker afleggen.",
    "Show the setup screen first (filled in from these options), or start at once.":
        "Laat eerst het beginscherm zien (ingevuld met deze opties), of begin meteen.",
    "Serve rooms for playing together online (invite links, one table per room) and the\n"
    "browser table.":
        "Open kamers om samen online te spelen (met een uitnodigingslink, één tafel per "
        "kamer) en de tafel in de browser.",
    "Address to listen on (default 127.0.0.1: only this computer).":
        "Adres waarop de server luistert (standaard 127.0.0.1: alleen deze computer).",
    "Listen on every address, so the phones in the house can join: prints this computer's "
    "address and a QR code to scan.":
        "Luister op elk adres, zodat de telefoons in huis mee kunnen doen: toont het adres "
        "van deze computer en een QR-code om te scannen.",
    "The address people reach the server by (a reverse proxy's, e.g. "
    "https://jokeren.example.org): invite links use it.":
        "Het adres waarop mensen de server bereiken (dat van een reverse proxy, bijvoorbeeld "
        "https://jokeren.example.org): uitnodigingslinks gebruiken het.",
    "Port to listen on.": "Poort waarop de server luistert.",
    "Database URL: sqlite:///FILE or postgresql://USER@HOST/NAME (default: a SQLite file in "
    "your data directory).":
        "Adres van de database: sqlite:///BESTAND of postgresql://GEBRUIKER@HOST/NAAM (anders "
        "een SQLite-bestand in je gegevensmap).",
    "Open a table against the computer in the browser.":
        "Open in de browser een tafel tegen de computer.",
    "Seconds before each computer move, so people can follow it.":
        "Seconden vóór elke zet van de computer, zodat je hem kunt volgen.",
    "Seconds between the end of a round and the next deal.":
        "Seconden tussen het einde van een ronde en het volgende delen.",
    "Score card for a match played with real cards (scorekaart): new, round, undo, show, "
    "export. The file format is in docs/score.md.":
        "Scorekaart voor een potje met echte kaarten: beginnen, een ronde invullen of "
        "terugnemen, laten zien, exporteren. Het bestandsformaat staat in docs/score.md.",
    "Start a score card: the rules and the players.":
        "Begin een scorekaart: de regels en de spelers.",
    "The score card file (JSON, jokeren-score/1).": "Het scorekaartbestand (JSON, "
                                                     "jokeren-score/1).",
    "The players in seating order, with commas: Ann,Bob,Cor. The last one deals first.":
        "De spelers in de volgorde waarin ze zitten, met komma's: Ann,Bob,Cor. De laatste "
        "geeft eerst.",
    "Play for money (000): a cent per buy, each loser's penalty in cents, the pot to whoever "
    "goes out in the last round.":
        "Speel om geld: een cent per gekochte kaart, ieders strafpunten in centen, de pot "
        "voor wie in de laatste ronde uitgaat.",
    "Eliminate at this total (004: 250 short, 500 long).":
        "Wie dit totaal haalt, ligt eruit (250 voor een kort potje, 500 voor een lang).",
    "Rounds in the match (default: the rules').":
        "Aantal rondes in het potje (anders dat van de regels).",
    "A title for the card.": "Een titel voor de kaart.",
    "Overwrite an existing file.": "Overschrijf een bestand dat al bestaat.",
    "Enter a round: who went out, and what every other player kept.":
        "Vul een ronde in: wie uitging, en wat elke andere speler overhield.",
    "Who went out (uitgegaan).": "Wie er uitging.",
    "Nobody went out: the stock ran out and everyone scores.":
        "Niemand ging uit: de stok was op en iedereen krijgt strafpunten.",
    "A player's cards left, as cards ('Bob=Ks 7h *') or points (Bob=35); once per player who "
    "did not go out.":
        "De kaarten die een speler overhield, als kaarten (\"Bob=Ks 7h *\") of als punten "
        "(Bob=35); één keer voor elke speler die niet uitging.",
    "A player who had not come out (a joker may count differently, 001).":
        "Een speler die nog niet uitgekomen was (een joker kan dan anders tellen).",
    "The one out went out all at once (the bonus, if the rules give one).":
        "Wie uitging, ging in één keer uit (de bonus, als de regels die geven).",
    "Cards a player bought this round, e.g. Bob=2 (money: a cent each).":
        "Kaarten die een speler deze ronde kocht, bijvoorbeeld Bob=2 (om geld: een cent per "
        "kaart).",
    "Take back the last round entered.": "Haal de laatst ingevulde ronde weg.",
    "Make a score card of a match played in the program, to export it like any other.":
        "Maak een scorekaart van een potje dat in het programma gespeeld is, om het te "
        "exporteren zoals elke andere.",
    "A game record (jokeren-record/1), e.g. from jokeren play --save.":
        "Een partijverslag (jokeren-record/1), bijvoorbeeld van jokeren play --save.",
    "Print the card: rounds, running totals, pot, eliminated players, the winner.":
        "Laat de kaart zien: de rondes, de totalen, de pot, wie eruit ligt en wie wint.",
    "Print the totals as JSON.": "Geef de totalen als JSON.",
    "Write the card as a spreadsheet (xlsx, csv) or a printable pdf.":
        "Schrijf de kaart als rekenblad (xlsx, csv) of als pdf om af te drukken.",
    "The file to write: .xlsx (with formulas), .csv or .pdf.":
        "Het bestand dat geschreven wordt: .xlsx (met formules), .csv of .pdf.",
    "Club evening (clubavond, 003): register the players, draw the tables of 3 and 4 by lot "
    "for each round, enter each table's form, print forms and standings; a season sums "
    "evenings. The file format is in docs/club.md.":
        "Clubavond: schrijf de spelers in, loot voor elke ronde de tafels van 3 en 4, vul "
        "het formulier van elke tafel in, druk formulieren en de stand af; een seizoen telt "
        "de avonden op. Het bestandsformaat staat in docs/club.md.",
    "Register the players present and draw the first round.":
        "Schrijf de aanwezige spelers in en loot de eerste ronde.",
    "The club evening file (JSON, jokeren-club/1).":
        "Het bestand van de clubavond (JSON, jokeren-club/1).",
    "The players present, with commas (6 or more).":
        "De aanwezige spelers, met komma's (6 of meer).",
    "Rounds in the evening.": "Aantal rondes op de avond.",
    "Games per table and round.": "Aantal partijen per tafel en ronde.",
    "Seed of the draw by lot.": "Schudnummer van de loting.",
    "The rules played (a name, printed on the forms).":
        "De regels die gespeeld worden (een naam, die op de formulieren komt).",
    "The evening's title.": "De titel van de avond.",
    "Write the seating: each round's tables in large type for the wall, then each\n"
    "player's table per round.":
        "Schrijf de tafelindeling: de tafels van elke ronde in grote letters voor aan de "
        "muur, dan per speler de tafel van elke ronde.",
    "Count each player's best N evenings only (lowest points per game).":
        "Tel van elke speler alleen de beste N avonden (laagste punten per partij).",
    "Evenings a player needs to be ranked; the others are listed without a place.":
        "Avonden die een speler nodig heeft voor een plaats; de anderen staan er zonder "
        "plaats.",
    "The name as it stands in the file.": "De naam zoals hij in het bestand staat.",
    "The name it should be (one player's one spelling over the season).":
        "De naam die het moet zijn (één speler, één schrijfwijze over het seizoen).",
    "Rename a player in an evening (merge two spellings of one player, on purpose).":
        "Geef een speler van een avond een andere naam (twee schrijfwijzen van één speler "
        "samenvoegen, met opzet).",
    "The evening's date, YYYY-MM-DD (on the forms; a season takes an evening once).":
        "De datum van de avond, JJJJ-MM-DD (op de formulieren; een seizoen telt een avond "
        "één keer).",
    "How a round a player did not play counts (absent, late, gone home): average (the "
    "round's average), highest (the round's highest total) or per-game (rank "
    "by points per game played).":
        "Hoe een ronde telt die een speler niet speelde (afwezig, te laat, eerder naar huis): "
        "gemiddelde (het gemiddelde van de ronde), hoogste (het hoogste totaal "
        "van de ronde) of per-partij (rangschikken op punten per gespeelde partij).",
    "How points at a table of 3 count: alike (the draw shares the tables of 3 out evenly) "
    "or scaled (times 9/8).":
        "Hoe punten aan een tafel van 3 tellen: gelijk (de loting "
        "verdeelt de tafels van 3 eerlijk) of geschaald (maal 9/8).",
    "Draw this round again (someone left or came), and drop the rounds after it; only "
    "before any of their forms is entered.":
        "Loot deze ronde opnieuw (iemand ging weg of kwam) en laat de rondes erna vallen; "
        "alleen zolang er van die rondes nog geen formulier is ingevoerd.",
    "Register a player who came late: drawn from the next round on.":
        "Schrijf een speler in die later kwam: hij wordt vanaf de volgende ronde meegeloot.",
    "A latecomer's name.": "De naam van wie later kwam.",
    "Draw the tables of the next round by lot, spreading who meets whom.":
        "Loot de tafels van de volgende ronde, zodat iedereen zoveel mogelijk verschillende "
        "tegenspelers treft.",
    "A player not playing this round (once per player).":
        "Een speler die deze ronde niet meespeelt (één keer per speler).",
    "Enter (or correct) one table's competition form, checked as 003 asks.":
        "Vul het wedstrijdformulier van één tafel in (of verbeter het); het wordt "
        "nagerekend.",
    "The round (from 1).": "De ronde (vanaf 1).",
    "The table (from 1).": "De tafel (vanaf 1).",
    "One game's points in the form's seat order, e.g. '0 12 35 7'; once per game.":
        "De punten van één partij in de volgorde van het formulier, bijvoorbeeld "
        "\"0 12 35 7\"; één keer per partij.",
    "A game (from 1) in which the stock ran out and nobody went out.":
        "Een partij (vanaf 1) waarin de stok op was en niemand uitging.",
    "The column totals written on the form, to check them.":
        "De totalen die onder op het formulier staan, om ze na te rekenen.",
    "Print the draw so far, the forms still to enter, and the standings.":
        "Laat de loting tot nu toe zien, de formulieren die nog ingevuld moeten worden, en "
        "de stand.",
    "Write the competition forms, one per table and round, to print or to fill in.":
        "Schrijf de wedstrijdformulieren, één per tafel en ronde, om af te drukken of in te "
        "vullen.",
    "The file to write: .pdf, .xlsx or .csv.":
        "Het bestand dat geschreven wordt: .pdf, .xlsx of .csv.",
    "Only this round's tables (default: every round drawn).":
        "Alleen de tafels van deze ronde (anders die van elke ronde die al geloot is).",
    "Write the evening's standings, with the tie-breaks stated (xlsx: with the forms, which\n"
    "the standings' formulas read).":
        "Schrijf de stand van de avond, met wat bij gelijke stand beslist (xlsx: met de "
        "formulieren, die de formules van de stand lezen).",
    "Sum evenings into a season's standings; optionally plot each player's figures.":
        "Tel avonden op tot de stand van een seizoen; desgewenst met grafieken van elke "
        "speler.",
    "The season's club evening files.": "De bestanden van de clubavonden van het seizoen.",
    "Also write .pdf, .xlsx or .csv.": "Schrijf ook een .pdf, .xlsx of .csv.",
    "A folder for the statistics as png: penalty per game, games won, spread.":
        "Een map voor de grafieken als png: strafpunten per partij, gewonnen partijen, "
        "spreiding.",
}
