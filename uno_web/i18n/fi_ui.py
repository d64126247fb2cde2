"""The Finnish of every string the pages show: English text -> Finnish.

ONE PLACE to add a label: an entry here, keyed by the English text exactly as the page writes
it.  ``{placeholders}`` make an entry a pattern (see :mod:`uno_web.i18n.ui`): the Finnish must
use the same placeholder names (``tests/i18n/test_catalogues.py`` checks), with the Finnish
specs of :mod:`uno_web.i18n.grammar` (``{who:nosti|nostit}``).  People: ``who``, ``by``,
``name``, ``next``, ``target``, ``winner``; cards: ``card``, ``cards``; colours: ``color``;
translated text: ``text``, ``what``; numbers: ``n``, ``m``.
"""

from __future__ import annotations

__all__ = ["UI_FI"]

UI_FI: dict[str, str] = {
    # --- the top bar, buttons, labels -------------------------------------------------------
    "UNO": "UNO", "UNO!": "UNO!", "table": "pöytä", "puzzles": "pulmat", "editor": "editori",
    "Table": "Pöytä",
    "New": "Uusi", "game": "peli", "New game": "Uusi peli", "Puzzles": "Pulmat",
    "Export": "Vie", "log": "loki", "Replay": "Toista", "a log": "loki",
    "Replay a log file": "Toista lokitiedosto", "Rules": "Säännöt", "course": "kurssi",
    "tutorial": "opas", "Rules course": "Sääntökurssi", "Rules tutorial": "Sääntöopas",
    "Editor": "Editori", "Position editor": "Tilanne-editori", "Language": "Kieli",
    "English": "English", "Suomi": "Suomi", "Bot speed": "Bottien nopeus",
    "Instant": "Heti", "Fast": "Nopea", "Normal": "Tavallinen", "Slow": "Hidas",
    "Sound": "Ääni", "Sound effects": "Äänitehosteet", "How to play": "Näin pelaat",
    "Share": "Jaa", "Share or embed this position": "Jaa tai upota tämä tilanne",
    "Draw a card": "Nosta kortti", "Take {n} cards": "Ota {n} korttia",
    "Keep the card": "Pidä kortti", "Challenge": "Haasta", "Cancel": "Peru",
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
    "last played": "viimeksi pelattu", "last played: {card}": "viimeksi pelattu: {card}",
    "turn:": "vuoro:", "clockwise": "myötäpäivään", "counter-clockwise": "vastapäivään",
    "direction of play": "pelisuunta", "lead any card": "aloita millä tahansa kortilla",
    "round {n}": "kierros {n}", "Round {n}": "Kierros {n}",
    "current colour: {color}": "nykyinen väri: {color}",
    "current colour": "nykyinen väri", "none yet": "ei vielä",
    "{n} card": "{n} kortti", "{n} cards": "{n} korttia",
    "{n} card · {m} pts": "{n} kortti · {m} p", "{n} cards · {m} pts": "{n} korttia · {m} p",
    "{n} pts": "{n} p", "{n} pts in hand": "{n} p kädessä",
    "{n} cards accounted for": "{n} korttia tallessa",
    "(draw pile, {n} cards)": "(nostopakka, {n} korttia)",
    "+{n} pending": "+{n} odottaa", "draw pile": "nostopakka", "discard pile": "poistopakka",
    "Draw pile": "Nostopakka", "Discard pile": "Poistopakka",
    "draw pile, {n} cards": "nostopakka, {n} korttia",
    "Your hand, {n} cards": "Kätesi, {n} korttia", "Your hand": "Kätesi",
    "{card}, playable": "{card}, pelattavissa", "{card}, not playable": "{card}, ei pelattavissa",
    "{card}, playable, just drawn": "{card}, pelattavissa, juuri nostettu",
    "{card}, not playable, just drawn": "{card}, ei pelattavissa, juuri nostettu",
    "JOKER": "JOKERI", "true": "kyllä", "false": "ei",
    "other players, in the order of play ({text})": "muut pelaajat pelijärjestyksessä ({text})",
    "validator entries, newest first": "tarkastajan merkinnät, uusin ensin",
    "Every move you and the bots try shows up here with the validator's verdict.":
        "Jokainen sinun ja bottien yrittämä siirto näkyy tässä tarkastajan tuomion kanssa.",
    "{who}, {level} AI, {text}": "{who}, {level}-tekoäly, {text}",
    "{n} card, score {m}": "{n} kortti, pisteet {m}", "{n} cards, score {m}": "{n} korttia, pisteet {m}",
    "{n} card, score {m}, to play": "{n} kortti, pisteet {m}, vuorossa",
    "{n} cards, score {m}, to play": "{n} korttia, pisteet {m}, vuorossa",
    "{n} card, score {m}, called UNO": "{n} kortti, pisteet {m}, huusi UNO!",
    "{n} cards, score {m}, called UNO": "{n} korttia, pisteet {m}, huusi UNO!",
    "{n} card, score {m}, to play, called UNO": "{n} kortti, pisteet {m}, vuorossa, huusi UNO!",
    "{n} cards, score {m}, to play, called UNO": "{n} korttia, pisteet {m}, vuorossa, huusi UNO!",
    "{who} forgot to call UNO": "{who} unohti huutaa UNO!",
    "Catch {who}!": "Nappaa {who}!", "Catch the bot": "Nappaa botti",
    "Choose the colour for your {card}": "Valitse väri kortillesi {card}",
    "The first card is a Wild: choose the colour": "Ensimmäinen kortti on villi kortti: valitse väri",
    "Scores · {text}": "Pisteet · {text}", "Scores": "Pisteet",
    "official": "viralliset", "house-party": "juhlasäännöt", "classic-notes": "pudotuspeli",
    "playing-cards": "pelikortit", "duo-uno-subset": "kevennetyt", "duo-default": "kevennetyt + pinoaminen",
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
    "Your turn: play a card matching {color} or {what}, or draw.":
        "Sinun vuorosi: pelaa kortti, joka sopii väriin {color} tai on {what}, tai nosta.",
    "Your turn: nothing matches {color} or {what} — draw a card.":
        "Sinun vuorosi: mikään ei sovi väriin {color} eikä ole {what} — nosta kortti.",
    "Your turn: you face {n} cards — {text}.": "Sinun vuorosi: edessäsi on {n} korttia — {text}.",
    "stack a draw card": "pinoa nostokortti", "challenge": "haasta",
    "take {n} cards (draw pile)": "ota {n} korttia (nostopakka)",
    "The first card is a Wild: choose the colour to play.":
        "Ensimmäinen kortti on villi kortti: valitse väri.",
    "You drew the {cards}: play it or keep it.": "Nostit: {cards}. Pelaa se tai pidä se.",
    "{who}'s turn.": "Vuorossa: {who}.", "{who} is thinking…": "{who} miettii…",
    "{who} is playing…": "{who} pelaa…", "{who} is next.": "Seuraavana: {who}.",
    "Jump in now with your {card}, or let {who} play.":
        "Hyppää väliin kortillasi {card} tai anna pelaajan {who} pelata.",
    "You are out of the game; {who} is playing.": "Olet pudonnut pelistä; {who} pelaa.",
    "You won the game!": "Voitit pelin!", "{who} won the game.": "{who} voitti pelin.",
    "{who} won round {n}. Deal the next round when you are ready.":
        "{who} {who:voitti|voitit} kierroksen {n}. Jaa seuraava kierros, kun olet valmis.",
    "You won the round!": "Voitit kierroksen!", "{who} won round {n}": "{who} voitti kierroksen {n}",
    "{who} won round {n}.": "{who} {who:voitti|voitit} kierroksen {n}.",
    "You score {n} points.": "Saat {n} pistettä.", "{who} scores {n} points.": "{who} saa {n} pistettä.",
    "First to {n} points wins the game.": "Ensimmäinen {n} pisteeseen voittaa pelin.",
    "One round decides the game.": "Yksi kierros ratkaisee pelin.",
    "Points left in hands count against their holders (out above {n}).":
        "Käteen jääneet pisteet lasketaan haltijaansa vastaan (yli {n}: ulos pelistä).",
    "Deal the next round when you are ready.": "Jaa seuraava kierros, kun olet valmis.",
    # --- events (the log, the callout) --------------------------------------------------------
    "Round {n}: {who} dealt.": "Kierros {n}: {who} {who:jakoi|jaoit}.",
    "First card turned: {card}.": "Ensimmäinen kortti: {card}.",
    "{card} goes back under the draw pile; another card is turned.":
        "{card} palaa nostopakan pohjalle; uusi kortti käännetään.",
    "{who} played {card}.": "{who} {who:pelasi|pelasit} kortin {card}.",
    "{who} played {card} (jump-in!).": "{who} {who:pelasi|pelasit} kortin {card} (väliin!).",
    "{who} played {card} and chose {color}.":
        "{who} {who:pelasi|pelasit} kortin {card} ja {who:valitsi|valitsit} väriksi {color:tra}.",
    "{who} played {card} (jump-in!) and chose {color}.":
        "{who} {who:pelasi|pelasit} kortin {card} (väliin!) ja {who:valitsi|valitsit} väriksi {color:tra}.",
    "{who} drew {n} card.": "{who} {who:nosti|nostit} {n} kortin.",
    "{who} drew {n} cards.": "{who} {who:nosti|nostit} {n} korttia.",
    "{who} drew {n} card: {cards}.": "{who} {who:nosti|nostit} {n} kortin: {cards}.",
    "{who} drew {n} cards: {cards}.": "{who} {who:nosti|nostit} {n} korttia: {cards}.",
    "{who} drew {n} card as a penalty.": "{who} {who:nosti|nostit} {n} rangaistuskortin.",
    "{who} drew {n} cards as a penalty.": "{who} {who:nosti|nostit} {n} rangaistuskorttia.",
    "{who} drew {n} card as a penalty: {cards}.": "{who} {who:nosti|nostit} {n} rangaistuskortin: {cards}.",
    "{who} drew {n} cards as a penalty: {cards}.":
        "{who} {who:nosti|nostit} {n} rangaistuskorttia: {cards}.",
    "{who} drew {n} cards for not calling UNO.":
        "{who} {who:nosti|nostit} {n} korttia unohtuneesta UNO!-huudosta.",
    "{who} drew {n} cards for not calling UNO: {cards}.":
        "{who} {who:nosti|nostit} {n} korttia unohtuneesta UNO!-huudosta: {cards}.",
    "{who} drew {n} cards after the challenge.": "{who} {who:nosti|nostit} {n} korttia haasteen jälkeen.",
    "{who} drew {n} cards after the challenge: {cards}.":
        "{who} {who:nosti|nostit} {n} korttia haasteen jälkeen: {cards}.",
    "{who} drew {n} cards for the {card}.": "{who} {who:nosti|nostit} {n} korttia: {card}.",
    "{who} drew {n} cards for the {card}: {cards}.": "{who} {who:nosti|nostit} {n} korttia ({card}): {cards}.",
    "{who} is skipped.": "{who} {who:jää|jäät} vuorosta.", "{who} are skipped.": "{who} {who:jää|jäät} vuorosta.",
    "Direction reversed: play goes {text}.": "Suunta vaihtui: peli kulkee {text}.",
    "{who} chose {color}.": "{who} {who:valitsi|valitsit} väriksi {color:tra}.",
    "The draw pile ran out: the discard pile was shuffled into a new draw pile.":
        "Nostopakka loppui: poistopakka sekoitettiin uudeksi nostopakaksi.",
    "The draw pile ran out: the playing pile was turned over.":
        "Nostopakka loppui: poistopakka käännettiin ympäri.",
    "{who} called UNO!": "{who} {who:huusi|huusit} UNO!",
    "{who} take the {n} cards.": "{who} {who:ottaa|otat} {n} korttia.",
    "{who} takes the {n} cards.": "{who} {who:ottaa|otat} {n} korttia.",
    "{who} take the {n} card.": "{who} {who:ottaa|otat} {n} kortin.",
    "{who} takes the {n} card.": "{who} {who:ottaa|otat} {n} kortin.",
    "{who} takes the whole stack: {n} cards.": "{who} {who:ottaa|otat} koko pinon: {n} korttia.",
    "{who} take the whole stack: {n} cards.": "{who} {who:ottaa|otat} koko pinon: {n} korttia.",
    "{who} must draw {n}: {text} (by {by}).": "{who} {who:joutuu|joudut} nostamaan {n}: {text} ({by:@gen takia|sinun takiasi}).",
    "{who} must draw {n}: {text}.": "{who} {who:joutuu|joudut} nostamaan {n}: {text}.",
    "Draw Two": "nosta kaksi", "draw four": "nosta neljä", "the stack": "pino",
    "missed UNO call": "unohtunut UNO!-huuto", "first card": "ensimmäinen kortti",
    "Wild": "villi kortti", "Joker": "jokeri",
    "{who} challenged {target}'s {card}: {text}": "{who} {who:haastoi|haastoit} pelaajan {target} kortin {card}: {text}",
    "{who} challenged your {card}: {text}": "{who} {who:haastoi|haastoit} korttisi {card}: {text}",
    "it was a bluff!": "se oli bluffi!", "it was legal.": "se oli sääntöjen mukainen.",
    "{who} swapped hands with {target}.": "{who} {who:vaihtoi|vaihdoit} kädet pelaajan {target} kanssa.",
    "Every hand passed {text}.": "Jokainen käsi siirtyi {text}.",
    "{who} kept the card; turn over.": "{who} {who:piti|pidit} kortin; vuoro päättyi.",
    "{who} won the round ({n} points).": "{who} {who:voitti|voitit} kierroksen ({n} pistettä).",
    "Nobody can play or draw: the round is blocked.":
        "Kukaan ei voi pelata eikä nostaa: kierros on jumissa.",
    "{who} is out with {n} points.": "{who} putosi pelistä {n} pisteellä.",
    "{who} are out with {n} points.": "{who} {who:putosi|putosit} pelistä {n} pisteellä.",
    "{who} won the game!": "{who} {who:voitti|voitit} pelin!",
    # --- hints (what you could do) ----------------------------------------------------------
    "It is {who}'s turn.": "Nyt on pelaajan {who} vuoro.",
    "Wait: it is {who}'s turn.": "Odota: nyt on pelaajan {who} vuoro.",
    "The game is over: start a new game.": "Peli on ohi: aloita uusi peli.",
    "The round is over: deal the next round.": "Kierros on ohi: jaa seuraava kierros.",
    "choose the colour for the starting Wild": "valita aloittavan villin kortin värin",
    "play {cards}": "pelata kortin {cards}",
    "draw a card (the draw pile, or press D)": "nostaa kortin (nostopakka tai D)",
    "keep the drawn card (Keep, or press K)": "pitää nostetun kortin (Pidä tai K)",
    "challenge the Wild Draw Four (press C)": "haastaa villin nosta neljän (C)",
    "take the {n} cards (the draw pile, or press A)": "ottaa {n} korttia (nostopakka tai A)",
    "jump in with {cards}": "hypätä väliin kortilla {cards}",
    "call UNO (press U)": "huutaa UNO! (U)",
    "catch {who}, who forgot to call UNO": "napata pelaajan {who}, joka unohti huutaa UNO!",
    "a Skip": "ohitus", "a Reverse": "suunnanvaihto", "a Draw Two": "nosta kaksi",
    "a wild card": "villi kortti", "a Jack": "jätkä", "a Queen": "rouva", "a King": "kuningas",
    "an Ace": "ässä", "a Joker": "jokeri", "a {n}": "{n}", "an {n}": "{n}",
    "{who} called UNO.": "{who} {who:huusi|huusit} UNO!",
    "{who} is next": "Seuraavana: {who}",
    # option values of the rules (the start screen, the editor)
    "anytime": "milloin vain", "strict": "tiukka", "skip": "ohitus", "none": "ei mitään",
    "shuffle": "sekoitus", "turn-over": "kääntö", "target": "pistetavoite",
    "elimination": "pudotus", "single-round": "yksi kierros", "lead-any": "vapaa aloitus",
    "redraw-until-number": "uusi kunnes numero", "redraw-wild": "uusi villi",
    "next-action": "seuraavaan siirtoon", "next-turn-end": "seuraavan vuoron loppuun",
    "until-next-play": "seuraavaan pelaamiseen", "uno": "UNO",
    "Official rules": "Viralliset säännöt",
    "Relaxed rules (no challenge, no UNO call)": "Kevennetyt säännöt (ei haastetta, ei UNO!-huutoa)",
    "Relaxed rules with stacking": "Kevennetyt säännöt ja pinoaminen",
    "Last player standing (strict wilds)": "Viimeinen pelissä voittaa (tiukat villit)",
    "Party house rules": "Juhlien kotisäännöt",
    "Playing cards (52 + 2 Jokers)": "Pelikortit (52 + 2 jokeria)",
    "rule: {text}": "sääntö: {text}",
    # --- the challenge --------------------------------------------------------------------
    "Challenge {who}: if {who} could have played another card, {who} draws {n} and you play on; "
    "if not, you draw {m} and miss your turn.":
        "Haasta {who}: jos pelaajalla {who} oli värin kortti, hän nostaa {n} ja sinä jatkat; "
        "muuten sinä nostat {m} ja menetät vuorosi.",
    "Take the {n} cards and miss your turn.": "Ota {n} korttia ja menetä vuorosi.",
    "{who} shows you their hand, as the rules say. {text}":
        "{who} näyttää kätensä, kuten säännöt sanovat. {text}",
    "{who} held a {color} card, so the Wild Draw Four was a bluff.":
        "Pelaajalla {who} oli {color} kortti, joten villi nosta neljä oli bluffi.",
    "{who} held no {color} card, so the Wild Draw Four was allowed.":
        "Pelaajalla {who} ei ollut väriä {color}, joten villi nosta neljä oli sallittu.",
    # --- the embed, the share dialog ----------------------------------------------------------
    "Try a move: the validator explains it.": "Kokeile siirtoa: tarkastaja selittää sen.",
    "a position to try": "kokeiltava tilanne", "UNO: {text}": "UNO: {text}",
    "This embed cannot be shown:": "Tätä upotusta ei voi näyttää:",
    "Share this position": "Jaa tämä tilanne", "Share this puzzle": "Jaa tämä pulma",
    "What should the reader try?": "Mitä lukijan pitäisi kokeilla?",
    "Link": "Linkki", "Embed in a page": "Upota sivulle", "Open": "Avaa",
    "Copy link": "Kopioi linkki", "Copy snippet": "Kopioi koodi",
    # --- rule words on the start screen -------------------------------------------------------
    "Every rule ({n} changed from {text})": "Kaikki säännöt ({n} muutettu pohjasta {text})",
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
    "Loading Python…": "Ladataan Pythonia…",
    "Something went wrong: {text}": "Jokin meni vikaan: {text}",
}
