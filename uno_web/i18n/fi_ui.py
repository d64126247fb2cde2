"""The Finnish of every string the pages show: English text -> Finnish.

ONE PLACE to add a label: an entry here, keyed by the English text exactly as the page writes
it.  Fixed text only: text with facts (a name, a card, a number) is a phrase of
:data:`uno_web.core.words.PHRASES_EN` with its Finnish in :mod:`uno_web.i18n.fi_phrases`
(``tests/i18n/test_phrases.py`` fails on an entry with ``{placeholders}`` here).
"""

from __future__ import annotations

__all__ = ["UI_FI", "FIELD_NAMES_FI"]

#: a form field or link parameter a message names (``{field}``): its Finnish, else as it is
FIELD_NAMES_FI: dict[str, str] = {
    "cards": "kortit", "card": "kortti", "hands": "kädet", "top": "päällimmäinen kortti",
    "discard": "poistopakka", "draw": "nostopakka",
}

UI_FI: dict[str, str] = {
    # --- the top bar, buttons, labels -------------------------------------------------------
    "UNO": "UNO", "UNO!": "UNO!", "table": "pöytä", "puzzles": "pulmat", "editor": "editori",
    "Table": "Pöytä",
    "New": "Uusi", "game": "peli", "New game": "Uusi peli", "Puzzles": "Pulmat",
    "Export": "Vie", "log": "loki", "Replay": "Toista", "a log": "loki",
    "Replay a log file": "Toista lokitiedosto", "Rules": "Säännöt", "course": "kurssina",
    "tutorial": "opas", "Rules course": "Sääntökurssi", "Rules tutorial": "Sääntöopas",
    "Editor": "Editori", "Position editor": "Tilanne-editori", "Language": "Kieli",
    "English": "English", "Suomi": "Suomi", "Bot speed": "Bottien nopeus",
    "Instant": "Heti", "Fast": "Nopea", "Normal": "Tavallinen", "Slow": "Hidas",
    "Sound": "Ääni", "Sound effects": "Äänitehosteet", "How to play": "Näin pelaat",
    "Share": "Jaa", "Share or embed this position": "Jaa tai upota tämä tilanne",
    "Draw a card": "Nosta kortti",
    "Keep the card": "Pidä kortti", "End your turn": "Lopeta vuorosi", "Challenge": "Haasta", "Cancel": "Peru",
    "Call UNO": "Huuda UNO!", "Deal next round": "Jaa seuraava kierros",
    "Play again": "Pelaa uudestaan", "Change settings": "Muuta asetuksia",
    "Close replay": "Sulje toisto", "Next ▶": "Seuraava ▶", "◀ Back": "◀ Edellinen",
    "⏮ First": "⏮ Alkuun", "Last ⏭": "Loppuun ⏭", "Close": "Sulje", "Copy": "Kopioi",
    "Copied": "Kopioitu", "Reset": "Alusta", "Reset position": "Palauta tilanne",
    "Reset: back to the starting position": "Alusta: takaisin alkutilanteeseen",
    "open in uno_web ↗": "avaa uno_webissä ↗", "dismiss": "sulje", "Dismiss": "Sulje",
    "Back to the game": "Takaisin peliin", "Deal the cards": "Jaa kortit",
    "Solitaire": "Pasianssi", "Duel": "Kaksintaistelu", "All puzzles": "Kaikki pulmat",
    "Swap hands with": "Vaihda kädet pelaajan kanssa", "Swap hands with…": "Vaihda kädet…",
    "Game log": "Pelin loki", "Moves": "Siirrot", "Validator": "Tarkastaja",
    "validator": "tarkastaja", "reason code": "syykoodi", "Esc": "Esc",
    "Your name": "Nimesi", "Players": "Pelaajat", "Opponents (AI level)": "Vastustajat (tekoälyn taso)",
    "easy": "helppo", "normal": "tavallinen", "hard": "vaikea", "still": "paikallaan",
    "Rule set": "Säännöt", "Rule preset": "Sääntöpohja",
    "You": "Sinä", "you": "sinä", "dealer": "jakaja", "player": "pelaaja", "total": "yhteensä",
    "this round": "tämä kierros", "left in hand": "jäljellä kädessä", "to play": "vuorossa",
    "last played": "viimeksi pelattu",
    "turn:": "vuoro:", "clockwise": "myötäpäivään", "counter-clockwise": "vastapäivään",
    "direction of play": "pelisuunta", "lead any card": "aloita millä tahansa kortilla",
    "current colour": "nykyinen väri", "none yet": "ei vielä",
    "current colour: none yet": "nykyinen väri: ei vielä valittu",
    "draw pile": "nostopakka", "discard pile": "poistopakka",
    "Draw pile": "Nostopakka", "Discard pile": "Poistopakka",
    "Your hand": "Kätesi",
    "JOKER": "JOKERI", "true": "kyllä", "false": "ei",
    "validator entries, newest first": "tarkastajan merkinnät, uusin ensin",
    "Every move you and the bots try shows up here with the validator's verdict.":
        "Jokainen sinun ja bottien yrittämä siirto näkyy tässä tarkastajan tuomion kanssa.",
    "Catch the bot": "Nappaa botti",
    "The first card is a Wild: choose the colour": "Ensimmäinen kortti on villi kortti: valitse väri",
    "Scores": "Pisteet",
    "A position from a link (not saved).": "Tilanne linkistä (ei tallenneta).",
    "A game started from a position has no log to export.":
        "Tilanteesta aloitetulla pelillä ei ole vietävää lokia.",
    "A dealt game's hands stay hidden, so it cannot be shared: share a position or a puzzle.":
        "Jaetun pelin kädet pysyvät piilossa, joten sitä ei voi jakaa: jaa tilanne tai pulma.",
    "The round is over: share a position while the round is on.":
        "Kierros on ohi: jaa tilanne kierroksen aikana.",
    "The log holds every card, the bots' hands too: export it when the round is over.":
        "Lokissa on jokainen kortti, myös bottien kädet: vie se, kun kierros on ohi.",
    "Every hand at the end of the round": "Kaikki kädet kierroksen lopussa",
    "no cards: went out": "ei kortteja: pääsi eroon korteista",
    # --- status and callouts ----------------------------------------------------------------
    "Your turn.": "Sinun vuorosi.",
    "Your turn: lead any card.": "Sinun vuorosi: aloita millä tahansa kortilla.",
    "stack a draw card": "pinoa nostokortti", "challenge": "haasta",
    "The first card is a Wild: choose the colour to play.":
        "Ensimmäinen kortti on villi kortti: valitse väri.",
    "You won the game!": "Voitit pelin!",
    "You won the round!": "Voitit kierroksen!",
    "One round decides the game.": "Yksi kierros ratkaisee pelin.",
    "Deal the next round when you are ready.": "Jaa seuraava kierros, kun olet valmis.",
    # --- events (the log, the callout) --------------------------------------------------------
    # the house rules' penalty cards (the log)
    "a card that did not fit": "sopimaton kortti",
    "no going out on that card": "sillä kortilla ei pääse korteista eroon",
    "false catch": "aiheeton nappaaminen", "UNO call at the wrong time": "UNO!-huuto väärään aikaan",
    "Draw Two": "nosta kaksi", "draw four": "nosta neljä", "the stack": "pino",
    "missed UNO call": "unohtunut UNO!-huuto", "first card": "ensimmäinen kortti",
    "Wild": "villi kortti", "Joker": "jokeri",
    # --- card kinds ---------------------------------------------------------------------------
    "a Skip": "ohitus", "a Reverse": "suunnanvaihto", "a Draw Two": "nosta kaksi",
    "a wild card": "villi kortti", "a Jack": "jätkä", "a Queen": "rouva", "a King": "kuningas",
    "an Ace": "ässä", "a Joker": "jokeri",
    "rule:": "sääntö:",
    # --- the embed, the share dialog ----------------------------------------------------------
    "Try a move: the validator explains it.": "Kokeile siirtoa: tarkastaja selittää sen.",
    "a position to try": "kokeiltava tilanne",
    "This embed cannot be shown:": "Tätä upotusta ei voi näyttää:",
    "Share this position": "Jaa tämä tilanne", "Share this puzzle": "Jaa tämä pulma",
    "What should the reader try?": "Mitä lukijan pitäisi kokeilla?",
    "Link": "Linkki", "Embed in a page": "Upota sivulle", "Open": "Avaa",
    "(optional, shown above the position)": "(vapaaehtoinen, näytetään tilanteen yläpuolella)",
    "(optional, shown above the puzzle)": "(vapaaehtoinen, näytetään pulman yläpuolella)",
    "e.g. Find the only winning card": "esim. Löydä ainoa voittava kortti",
    "Link to this position": "Linkki tähän tilanteeseen", "Link to this puzzle": "Linkki tähän pulmaan",
    "Embed it in a page": "Upota se sivulle",
    "The embed starts Python only when it scrolls into view.":
        "Upotus käynnistää Pythonin vasta, kun se vieritetään näkyviin.",
    "Preview the embed": "Esikatsele upotusta", "Open the link": "Avaa linkki",
    # the replay of a log
    "first step": "ensimmäinen askel", "last step": "viimeinen askel",
    "◀ Prev": "◀ Edellinen",
    # what the page says about an address, a file (the detail after the colon is the checker's)
    "A seed in the address only chooses puzzles; a game at the table is always dealt at random.":
        "Osoitteen siemenluku valitsee vain pulmat; pöydän peli jaetaan aina satunnaisesti.",
    "Copy link": "Kopioi linkki", "Copy snippet": "Kopioi koodi",
    # what the page found in storage and did not use (uno_web/web/stored.py)
    "this browser offers no protected storage on this page":
        "tämä selain ei tarjoa tällä sivulla suojattua tallennustilaa",
    "it was saved by an older version of this page":
        "se tallennettiin tämän sivun vanhemmalla versiolla",
    "it is damaged": "se on vioittunut",
    "the key that sealed it is gone (the site's data was cleared)":
        "sen sinetöinyt avain on poissa (sivuston tiedot tyhjennettiin)",
    "it was altered, or sealed by another key":
        "sitä on muutettu, tai se on sinetöity toisella avaimella",
    "it is older than the last save: an earlier copy was put back":
        "se on viimeisintä tallennusta vanhempi: tilalle on palautettu aiempi kopio",
    "it was not sealed by this page, so it may have been written or changed by hand":
        "tämä sivu ei sinetöinyt sitä, joten se on voitu kirjoittaa tai muuttaa käsin",
    "they are not JSON": "ne eivät ole JSONia",
    "they are not a JSON object": "ne eivät ole JSON-olio",
    "settings: not JSON": "settings: ei JSONia",
    "not a saved table": "ei tallennettu pöytä",
    "not a saved table (not JSON)": "ei tallennettu pöytä (ei JSONia)",
    # a log read for the replay (uno_web/web/replay.py)
    "Reading the game log": "Luetaan pelin lokia",
    "Reading the log failed; see the browser console.":
        "Lokin lukeminen epäonnistui; katso selaimen konsoli.",
    # --- rule words on the start screen -------------------------------------------------------
    "Every rule": "Kaikki säännöt",
    "Some settings are out of range: fix the fields marked below, then deal.":
        "Jotkin asetukset ovat sallitun alueen ulkopuolella: korjaa merkityt kentät ja jaa sitten.",
    "Puzzles and the rules tutorial": "Pulmat ja sääntöopas",
    "Two puzzles from": "Kaksi pulmaa artikkelista", "The complexity of UNO": "The complexity of UNO",
    ": play a whole hand alone (Solitaire), or beat a perfect opponent with open hands (Duel).":
        ": pelaa koko käsi yksin (pasianssi) tai voita täydellinen vastustaja avoimin käsin "
        "(kaksintaistelu).",
    "The tutorial shows five tricky rules as positions you can try.":
        "Opas näyttää viisi hankalaa sääntöä tilanteina, joita voit kokeilla.",
    "easy: plays a random legal card (and sometimes forgets UNO) · normal: a careful heuristic "
    "player · hard: searches ahead (thinks a moment).":
        "helppo: pelaa satunnaisen sallitun kortin (ja unohtaa joskus UNO!-huudon) · tavallinen: "
        "huolellinen pelaaja · vaikea: laskee eteenpäin (miettii hetken).",
    # --- the table, more ------------------------------------------------------------------
    "Edit this position": "Muokkaa tilannetta", "edit ↗": "muokkaa ↗", "changed": "muutettu",
    # --- the tutorial's lessons (uno_web/puzzles/lessons.py): titles and goals --------------
    "Wild Draw Four: only without the current colour":
        "Villi nosta neljä: vain ilman nykyisen värin korttia",
    "Try the Wild Draw Four: you still hold a red card.":
        "Kokeile villiä nosta neljää: sinulla on vielä punainen kortti.",
    "After a Wild the colour is what was named": "Villin kortin jälkeen väri on se, joka valittiin",
    "The top card is green, but which colour is current?":
        "Päällimmäinen kortti on vihreä, mutta mikä väri on voimassa?",
    "Reverse with two players acts as Skip": "Kahdella pelaajalla suunnanvaihto on ohitus",
    "Play the Reverse and see whose turn it is.": "Pelaa suunnanvaihto ja katso, kenen vuoro on.",
    "Stacking draw cards (house rule)": "Nostokorttien pinoaminen (kotisääntö)",
    "A Draw Two was played on you: stack or take the cards.":
        "Sinulle pelattiin nosta kaksi: pinoa tai ota kortit.",
    "Catching a missed UNO call": "Unohtuneen UNO!-huudon nappaaminen",
    "The bot has one card and did not call UNO.": "Botilla on yksi kortti, eikä se huutanut UNO!",
    # --- the rules course's goals (uno_web/puzzles/course.py) -------------------------------
    "Go out.": "Pääse korteista eroon.", "Make the bot draw two.": "Pakota botti nostamaan kaksi.",
    "Match the suit or the rank.": "Sovita maa tai arvo.", "Name the colour.": "Valitse väri.",
    "Nothing fits: draw.": "Mikään ei sovi: nosta.", "Play a red card.": "Pelaa punainen kortti.",
    "Play the Wild and name a colour.": "Pelaa villi kortti ja valitse väri.",
    "Play the other 9.": "Pelaa toinen 9.",
    "Play the red 3 and call UNO.": "Pelaa punainen 3 ja huuda UNO!",
    "Skip the next player.": "Ohita seuraava pelaaja.", "Take the two cards.": "Ota kaksi korttia.",
    "The bot did not call UNO.": "Botti ei huutanut UNO!",
    "The bot held red: challenge.": "Botilla oli punainen: haasta.",
    "Turn the direction of play.": "Käännä pelisuunta.",
    "Which colour is current?": "Mikä väri on voimassa?",
    "You have no red card: play the +4.": "Sinulla ei ole punaista korttia: pelaa villi nosta neljä.",
    # --- the position editor (uno_web/web/editor.py) ----------------------------------------
    "Open a share or embed link": "Avaa jako- tai upotuslinkki",
    "Choose the rules and the seats, then put cards where the selected zone is: click a card "
    "of the deck, or drag it onto a zone.":
        "Valitse säännöt ja pelaajat ja laita sitten kortit valittuun kohteeseen: napsauta "
        "pakan korttia tai vedä se kohteeseen.",
    "Click a placed card to take it back.": "Napsauta asetettua korttia, niin se palaa pakkaan.",
    "A valid position.": "Kelvollinen tilanne.",
    "Try it": "Kokeile", "Link to this editor": "Linkki tähän editoriin",
    "Seats": "Pelaajat", "you: the reader": "sinä: lukija",
    "Name": "Nimi", "Score": "Pisteet", "forgot to call UNO": "unohti huutaa UNO!",
    "Hand": "Käsi", "empty": "tyhjä",
    "Whose turn, and what waits": "Kenen vuoro, ja mikä odottaa", "Turn": "Vuoro",
    "Direction": "Suunta", "Phase": "Vaihe", "play a card": "kortin pelaaminen",
    "a draw penalty waits": "nostorangaistus odottaa",
    "choose the colour of a starting Wild": "aloittavan villin kortin värin valinta",
    "Cards to draw": "Nostettavat kortit",
    "Wild Draw Four to challenge, played by": "Haastettava villi nosta neljä, pelaaja",
    "nobody": "ei kukaan", "it was a bluff": "se oli bluffi",
    "Piles": "Pakat", "Top card": "Päällimmäinen kortti", "Current colour": "Nykyinen väri",
    "the top card's": "päällimmäisen kortin", "Discard pile under it": "Poistopakka sen alla",
    "Top of the draw pile": "Nostopakan päällimmäiset",
    "Goal (what the reader should try)": "Tavoite (mitä lukijan pitäisi kokeilla)",
    "the top card": "päällimmäinen kortti", "the discard pile": "poistopakka",
    "the draw pile": "nostopakka",
    "no copy of that card is left in the deck": "pakassa ei ole enää tätä korttia",
    "a challengeable Wild Draw Four needs a Wild Draw Four on top":
        "haastettava villi nosta neljä vaatii päällimmäiseksi villin nosta neljän",
    "a wild top card needs the current colour (color)":
        "päällimmäinen villi kortti tarvitsee nykyisen värin (color)",
    "a position needs a top card (or rules with first_card = lead-any)":
        "tilanne tarvitsee päällimmäisen kortin (tai säännöt, joissa first_card = lead-any)",
    "a penalty phase needs a pending penalty": "rangaistusvaihe tarvitsee odottavan rangaistuksen",
    # --- the puzzles (uno_web/web/puzzle.py, puzzle_render.py) ------------------------------
    "(Demaine, Demaine, Harvey, Uehara, Uno, Uno), played with number cards only.":
        "(Demaine, Demaine, Harvey, Uehara, Uno, Uno), pelataan vain numerokorteilla.",
    "The solvers behind the hints are exact.": "Vihjeiden takana olevat ratkaisijat ovat tarkkoja.",
    "Solitaire UNO": "Pasianssi-UNO",
    "Play your whole hand: the first card is free, then every card must match the one before "
    "by colour or number.":
        "Pelaa koko kätesi: ensimmäinen kortti on vapaa, sen jälkeen jokaisen kortin on "
        "sovittava edelliseen värin tai numeron puolesta.",
    "Deciding this is NP-complete (the paper's Theorem 3.3), yet small hands are quick to solve.":
        "Tämän ratkaiseminen on NP-täydellinen ongelma (artikkelin lause 3.3), mutta pienet "
        "kädet ratkeavat nopeasti.",
    "Cards": "Kortit", "Difficulty": "Vaikeus", "any": "mikä tahansa", "medium": "keskitaso",
    "Deal a solitaire": "Jaa pasianssi", "…or type the cards": "…tai kirjoita kortit",
    "Play these cards": "Pelaa nämä kortit",
    "Uncooperative two-player UNO with open hands: you lead, the computer answers, every card "
    "must match the one before.":
        "Kahden pelaajan kilpaileva UNO avoimin käsin: sinä aloitat, tietokone vastaa, ja "
        "jokaisen kortin on sovittava edelliseen.",
    "The computer plays perfectly.": "Tietokone pelaa täydellisesti.",
    "Who wins is decided in polynomial time by maximum matchings (the paper's Theorem 4.2).":
        "Voittaja ratkeaa polynomisessa ajassa maksimiparitusten avulla (artikkelin lause 4.2).",
    "Cards each": "Kortteja kummallekin", "End rule": "Loppusääntö",
    "geography: who cannot play loses (the paper)":
        "maantiede: joka ei voi pelata, häviää (artikkeli)",
    "uno: your last card wins": "uno: viimeinen korttisi voittaa",
    "geography": "maantiede", "uno": "uno",
    "only duels you can win": "vain kaksintaisteluja, jotka voit voittaa",
    "Deal a duel": "Jaa kaksintaistelu", "…or your hand": "…tai kätesi",
    "the computer's hand": "tietokoneen käsi", "Play these hands": "Pelaa nämä kädet",
    "Back to the table": "Takaisin pöytään", "Back to the puzzle": "Takaisin pulmaan",
    "Looking for a solution": "Etsitään ratkaisua",
    "No card played yet: the first card is free.":
        "Yhtään korttia ei ole vielä pelattu: ensimmäinen kortti on vapaa.",
    "cards left:": "kortteja jäljellä:", "no cards left": "ei kortteja jäljellä",
    "Undo": "Peru", "Is it still solvable from here?": "Ratkeaako tästä vielä?",
    "Show a solution": "Näytä ratkaisu", "Start again": "Aloita alusta",
    "New puzzle": "Uusi pulma", "New duel": "Uusi kaksintaistelu",
    "Solved!": "Ratkaistu!",
    "Stuck.": "Jumissa.",
    "first card free": "ensimmäinen kortti vapaa",
    "Solitaire UNO (the paper's Uno-1): every card matches the one before it by colour or "
    "number; the first card is free":
        "Pasianssi-UNO (artikkelin Uno-1): jokainen kortti sopii edelliseen värin tai numeron "
        "puolesta; ensimmäinen kortti on vapaa",
    "Solitaire UNO (Uno-1): match the card before": "Pasianssi-UNO (Uno-1): sovita edelliseen korttiin",
    "Every card you try shows up here with the validator's verdict.":
        "Jokainen kokeilemasi kortti näkyy tässä tarkastajan tuomion kanssa.",
    "Solved already: every card is played.": "Jo ratkaistu: jokainen kortti on pelattu.",
    "no playing order exists (exhaustive search over all orders, with pruning)":
        "pelijärjestystä ei ole (tyhjentävä haku kaikista järjestyksistä karsinnalla)",
    "the search gave up": "haku luovutti",
    "A solution from here: nothing left to play.": "Ratkaisu tästä eteenpäin: mitään ei ole jäljellä.",
    "(asked before your last moves; ask again)":
        "(kysytty ennen viimeisimpiä siirtojasi; kysy uudestaan)",
    "Started again.": "Aloitettu alusta.",
    "Asked: still solvable? yes.": "Kysytty: ratkeaako vielä? kyllä.",
    "Asked: still solvable? no.": "Kysytty: ratkeaako vielä? ei.",
    "Asked for a solution.": "Pyydetty ratkaisu.",
    "Computer": "Tietokone", "perfect": "täydellinen", "game over": "peli ohi",
    "Stopped.": "Keskeytetty.", "Done.": "Valmis.",
    "you played your last card": "pelasit viimeisen korttisi",
    "the computer played its last card": "tietokone pelasi viimeisen korttinsa",
    "The computer is playing…": "Tietokone pelaa…",
    "Lead any card.": "Aloita millä tahansa kortilla.",
    "Then you and the computer take turns; each card must match.":
        "Sitten sinä ja tietokone pelaatte vuorotellen; jokaisen kortin on sovittava edelliseen.",
    "Analysis": "Analyysi", "From the start, with perfect play:": "Alusta alkaen täydellisellä pelillä:",
    "You win": "sinä voitat", "The computer wins": "tietokone voittaa",
    "; winning first cards:": "; voittavat aloituskortit:",
    "every first card loses": "jokainen aloituskortti häviää",
    "Game over: you won.": "Peli ohi: voitit.", "Game over: the computer won.": "Peli ohi: tietokone voitti.",
    "You are winning: winning cards now:": "Olet voitolla: voittavat kortit nyt:",
    "You are losing now: every card you can play loses against perfect play.":
        "Olet nyt häviöllä: jokainen kortti, jonka voit pelata, häviää täydelliselle pelille.",
    "You are still winning.": "Olet yhä voitolla.",
    "You are losing now: the computer has a winning answer.":
        "Olet nyt häviöllä: tietokoneella on voittava vastaus.",
    "Duel (uncooperative Uno-2): both hands open, every card matches the one before it by "
    "colour or number; a player who cannot play on their turn loses, even with an empty hand "
    "(the paper's Theorem 4.2 model)":
        "Kaksintaistelu (kilpaileva Uno-2): molemmat kädet avoimina, jokainen kortti sopii "
        "edelliseen värin tai numeron puolesta; pelaaja, joka ei voi pelata vuorollaan, häviää, "
        "vaikka hänen kätensä olisi tyhjä (artikkelin lauseen 4.2 malli)",
    "Duel (uncooperative Uno-2): both hands open, every card matches the one before it by "
    "colour or number; playing your last card wins; a player who holds cards but cannot play "
    "loses":
        "Kaksintaistelu (kilpaileva Uno-2): molemmat kädet avoimina, jokainen kortti sopii "
        "edelliseen värin tai numeron puolesta; viimeisen korttinsa pelannut voittaa; pelaaja, "
        "jolla on kortteja mutta joka ei voi pelata, häviää",
    "Duel (Uno-2, Theorem 4.2), geography rule: who cannot play loses":
        "Kaksintaistelu (Uno-2, lause 4.2), maantiedesääntö: joka ei voi pelata, häviää",
    "Duel (Uno-2, Theorem 4.2), uno rule: your last card wins":
        "Kaksintaistelu (Uno-2, lause 4.2), uno-sääntö: viimeinen korttisi voittaa",
    # puzzle errors (what was typed or linked is quoted as it is)
    "a duel needs cards in both hands (p1=… and p2=…)":
        "kaksintaistelu tarvitsee kortteja kumpaankin käteen (p1=… ja p2=…)",
    "Stopped: no puzzle was dealt. Choose another one below.":
        "Keskeytetty: pulmaa ei jaettu. Valitse alta toinen.",
    "Stopped: no puzzle was dealt (open it to deal one).":
        "Keskeytetty: pulmaa ei jaettu (avaa se, niin voit jakaa pulman).",
    "Loading Python…": "Ladataan Pythonia…",
    # --- play with friends on one device (uno_web/web/passplay.py) -------------------------
    "Play with friends on this device": "Pelaa kavereiden kanssa tällä laitteella",
    "Play online with friends": "Pelaa kavereiden kanssa verkossa",
    "Pass the device round: a privacy screen hides every hand between two people's turns, "
    "and the bots play their own turns.":
        "Kierrättäkää laitetta: suojanäyttö piilottaa kaikki kädet kahden ihmisen vuorojen "
        "välillä, ja botit pelaavat omat vuoronsa.",
    "Seats, in the order of play": "Paikat pelijärjestyksessä", "person": "ihminen",
    "easy bot": "helppo botti", "normal bot": "tavallinen botti", "hard bot": "vaikea botti",
    "Back": "Takaisin",
    "Choose at least two people; to play alone against bots, deal a game on the start screen.":
        "Valitse vähintään kaksi ihmistä; yksin botteja vastaan pelataan aloitusnäytöltä.",
    "Two people have the same name: give each their own.":
        "Kahdella ihmisellä on sama nimi: antakaa kullekin oma.",
    "Some rules are out of range: fix the fields marked below, then deal.":
        "Jotkin säännöt ovat sallittujen rajojen ulkopuolella: korjaa alla merkityt kentät ja "
        "jaa sitten.",
    "Out of turn": "Vuoron ulkopuolella", "Out of turn:": "Vuoron ulkopuolella:",
    "No hand is shown while the bots play.": "Kättä ei näytetä bottien pelatessa.",
    "Don't jump in: hide my hand": "En pelaa väliin: piilota käteni",
    "Done: hide my hand": "Valmis: piilota käteni",
}

from .fi_coach import COACH_UI_FI  # noqa: E402  (the coach's and the statistics page's labels)

UI_FI.update(COACH_UI_FI)
