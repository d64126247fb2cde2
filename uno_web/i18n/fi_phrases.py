"""The Finnish of every phrase of :data:`uno_web.core.words.PHRASES_EN`, by its key.

The same placeholders as the English (``tests/i18n/test_phrases.py`` checks), with the Finnish
specs of :mod:`uno_web.i18n.grammar` (``{winner:voitti|voitit}``).
"""

from __future__ import annotations

__all__ = ["PHRASES_FI", "DRAW_REASONS_FI", "PENALTIES_FI", "DIRECTIONS_FI", "RANK_WORDS_FI",
           "LEVELS_FI"]

PHRASES_FI: dict[str, str] = {
    "could.over": "Peli on ohi: aloita uusi peli.",
    "could.round_over": "Kierros on ohi: jaa seuraava kierros.",
    "could.wait": "Odota: nyt on pelaajan {who} vuoro.",
    "could.wait_you": "Odota: nyt on sinun vuorosi.",
    "could": "Voisit {options}.",
    "could.not_your_turn": "Nyt on {who:gen} vuoro. Voisit {options}.",
    "could.choose_start_color": "valita aloittavan villin kortin värin",
    "could.play": "pelata kortin {cards}",
    "could.draw": "nostaa kortin (nostopakka tai D)",
    "could.keep": "pitää nostetun kortin (Pidä tai K)",
    "could.challenge": "haastaa villin nosta neljän (C)",
    "could.take": "ottaa {n} korttia (nostopakka tai A)",
    "could.jump_in": "hypätä väliin kortilla {cards}",
    "could.uno": "huutaa UNO! (U)",
    "could.catch": "napata pelaajan {who}, joka unohti huutaa UNO!",
    "puzzle.could": "Voisit pelata kortin {pcards}.",
    "solitaire.stuck": "Mikään jäljellä oleva kortti ei sovi: peru kortti tai aloita alusta.",
    "duel.stuck": "Mikään korttisi ei sovi: hävisit.",
    "puzzle.job.failed": "Epäonnistui: {why}",
    "puzzle.job.deals": "Haetaan: {n} % (jako {m}, enintään {n2})",
    "puzzle.job.positions": "Haetaan: {big} asemaa tähän mennessä (enintään {big2})",
    "puzzle.job.solitaire": "Jaetaan {n} kortin pasianssia",
    "puzzle.job.solitaire_level": "Jaetaan {n} kortin pasianssia, {level}",
    "puzzle.job.duel": "Jaetaan kaksintaistelua, {n} korttia kummallekin ({why}-sääntö)",
    "puzzle.source.link": "{n} korttia linkistä",
    "puzzle.source.generated": "{n} arvottua korttia, {level} (vaikeuspisteet {m}), siemenluku {n2}",
    "puzzle.source.closest": ("{n} arvottua korttia, {level} (vaikeuspisteet {m}); tasoa {level2} "
                              "ei löytynyt nopeasti, tämä on lähin, siemenluku {n2}"),
    "duel.source.link": "{n} vs. {m} korttia linkistä",
    "duel.source.generated": "arvottu: {n} vs. {m} korttia, {level}, siemenluku {n2}",
    "solitaire.status.solved": "Ratkaistu! Pelasit kaikki {n} korttia.",
    "solitaire.status.stuck":
        "Jumissa: mikään jäljellä oleva kortti ei sovi korttiin {pcard}. Peru tai aloita alusta.",
    "solitaire.status.first": ("Pelaa kaikki {n} korttia: ensimmäinen on vapaa, sen jälkeen "
                               "jokaisen on sovittava edelliseen."),
    "solitaire.status.play": "Pelaa kortti, jonka väri on {pcolor} tai numero {m} ({n} jäljellä).",
    "solitaire.move": "{n}. {pcard}",
    "solitaire.move.solved": "Ratkaistu: kaikki {n} korttia pelattu.",
    "solitaire.move.undo": "Peruttu: {pcard} takaisin käteen.",
    "solitaire.gave_up": "Ratkaisija luovutti: haku olisi vaatinut yli {big} askelta.",
    "solitaire.yes_start/1": "Kyllä: {n} jäljellä oleva kortti voidaan vielä pelata alusta alkaen.",
    "solitaire.yes_start": "Kyllä: kaikki {n} jäljellä olevaa korttia voi vielä pelata alusta alkaen.",
    "solitaire.yes_on/1": "Kyllä: {n} jäljellä oleva kortti voidaan vielä pelata kortin {pcard} päälle.",
    "solitaire.yes_on": "Kyllä: kaikki {n} jäljellä olevaa korttia voi vielä pelata kortin {pcard} päälle.",
    "solitaire.no": "Ei: {why}. Peru tai aloita alusta.",
    "solitaire.solution": "Ratkaisu: {pcards}.",
    "solitaire.solution_here": "Ratkaisu tästä eteenpäin: {pcards}.",
    "solitaire.solution.none": "Ratkaisu: ei mitään pelattavaa.",
    "solitaire.solution_here.none": "Ratkaisu tästä eteenpäin: ei mitään pelattavaa.",
    "solitaire.from_start": "Tästä ei enää onnistu. Ratkaisu alusta alkaen: {pcards}.",
    "solitaire.no_solution": "Tällä pulmalla ei ole ratkaisua lainkaan: {why}.",
    "duel.you_won": "Voitit: {then}.",
    "duel.computer_won": "Tietokone voitti: {then}.",
    "duel.why.computer_cannot": "tietokone ei voi pelata kortin {pcard} päälle",
    "duel.why.you_cannot": "et voi pelata kortin {pcard} päälle",
    "duel.why.you_out": "pelasit viimeisen korttisi",
    "duel.why.computer_out": "tietokone pelasi viimeisen korttinsa",
    "duel.why.none": "",
    "duel.status.play": "Sinun vuorosi: pelaa kortti, jonka väri on {pcolor} tai numero {m}.",
    "duel.line": "{n}. {who}: {pcard}",
    "duel.losing": "; häviävät: {pcards}.",
    "duel.review.kept": "{pcard}: säilytti voiton",
    "duel.review.gave": "{pcard}: menetti voiton",
    "duel.review.lost": "{pcard}: jo hävitty",
    "puzzle.played_count": "Pelatut ({n} / {m})",
    "solitaire.all_played": "Kaikki {n} korttia pelattu, jokainen sopi edelliseen.",
    "place.deal": "kierroksen {n} jako",
    "place.action": "siirto {n} (laskettu 1:stä koko lokin yli) kierroksella {m}",
    "summary.invalid": "Virheellinen: {place} hylätään. {message}",
    "summary.won/1": "Kelvollinen: {n} siirtoa 1 kierroksella; {winner} {winner:voitti|voitit} pelin.",
    "summary.won": "Kelvollinen: {n} siirtoa {m} kierroksella; {winner} {winner:voitti|voitit} pelin.",
    "summary.unfinished/1": "Kelvollinen: {n} siirtoa 1 kierroksella; peli on kesken.",
    "summary.unfinished": "Kelvollinen: {n} siirtoa {m} kierroksella; peli on kesken.",
    "room.verified": "{text}",
    "room.invalid": "Virheellinen: {place}: {text}",
    "link.not_whole":
        "{notation}={notation2} ei ole kokonaisluku väliltä {n}–{m}, joten käytetään arvoa {n2}.",
    "link.not_whole_ignored":
        "{notation}={notation2} ei ole kokonaisluku väliltä {n}–{m}, joten se jätetään huomiotta.",
    "link.not_one_of":
        "{notation}={notation2} ei ole mikään arvoista {notation3}, joten käytetään arvoa {notation4}.",
    "link.not_one_of_ignored":
        "{notation}={notation2} ei ole mikään arvoista {notation3}, joten se jätetään huomiotta.",
    "link.speed": "speed={notation} ei ole mikään arvoista {notation2}, joten käytetään muistettua nopeutta.",
    "link.lang": "lang={notation} ei ole mikään arvoista {notation2}, joten käytetään selaimen kieltä.",
    "link.goal_long": "goal={notation} on yli 200 merkkiä pitkä, joten se katkaistaan.",
    "link.position": "Tämän linkin tilannetta ei voi näyttää: {why}",
    "link.bad": "Tätä linkkiä ei voi näyttää: {why}",
    "stored.game": "Tallennettua peliäsi ei voitu palauttaa, ja se hylättiin: {why}.",
    "stored.settings": ("Tallennettuja asetuksiasi ei voitu lukea, ja ne hylättiin; tilalla "
                        "näytetään oletukset: {why}."),
    "stored.prefs": "Osaa tallennetuista valinnoistasi ei voitu lukea, ja ne hylättiin: {why}.",
    "stored.too_large": "ne ovat yli {big} merkkiä pitkiä",
    "stored.not_one_of": "{notation} {notation2} ei ole mikään arvoista {notation3}",
    "stored.not_bool": "{notation} {notation2} ei ole true eikä false",
    "stored.unknown": "{notation} ei ole tunnettu valinta",
    "stored.not_opened": "sitä ei voitu avata ({notation})",
    "scores.rules": "Pisteet · {preset}",
    "scores.rules_changed": "Pisteet · {preset} + {notation}",
    "action.take": "Ota {n} korttia",
    "action.owed": "Nosta rangaistuskortti ({n} jäljellä)",
    "card.playable": "{card}, pelattavissa",
    "card.not_playable": "{card}, ei pelattavissa",
    "card.playable_drawn": "{card}, pelattavissa, juuri nostettu",
    "card.not_playable_drawn": "{card}, ei pelattavissa, juuri nostettu",
    "seat.ai": "{who}, {level}-tekoäly, {parts}",
    "seat.person": "{who}, ihminen, {parts}",
    "seat.still": "{who}, {parts}",
    "seat.cards/1": "{n} kortti",
    "seat.cards": "{n} korttia",
    "seat.score": "pisteet {n}",
    "seat.to_play": "vuorossa",
    "seat.called_uno": "huusi UNO!",
    "seat.last_played": "viimeksi pelattu: {card}",
    "seat.catch": "Nappaa {who}!",
    "seat.forgot": "{who} unohti huutaa UNO!",
    "seat.points_in_hand": "{n} p kädessä",
    "count.cards/1": "{n} kortti",
    "count.cards": "{n} korttia",
    "count.points": "{n} p",
    "hand.head/1": "{n} kortti · {m} p",
    "hand.head": "{n} korttia · {m} p",
    "hand.label": "Kätesi, {n} korttia",
    "pile.draw_count": "(nostopakka, {n} korttia)",
    "pile.count/1": ", {n} kortti",
    "pile.count": ", {n} korttia",
    "pile.pending": "+{n} odottaa",
    "table.color": "nykyinen väri: {color}",
    "table.round": "Kierros {n}",
    "over.game_won": "{who} {who:voitti|voitit} pelin",
    "over.round_won": "{who} voitti kierroksen {n}",
    "over.you_score": "Saat {n} pistettä.",
    "over.scores": "{who} saa {n} pistettä.",
    "over.points_against":
        "Käteen jääneet pisteet lasketaan haltijaansa vastaan (yli {n}: ulos pelistä).",
    "over.first_to": "Ensimmäinen {n} pisteeseen voittaa pelin.",
    "status.you_won_game": "Voitit pelin!",
    "status.won_game": "{who} voitti pelin.",
    "status.round_won":
        "{who} {who:voitti|voitit} kierroksen {n}. Jaa seuraava kierros, kun olet valmis.",
    "status.out": "Olet pudonnut pelistä; {who} pelaa.",
    "status.jump": "Hyppää väliin kortillasi {card} tai anna pelaajan {who} pelata.",
    "status.thinking": "{who} miettii…",
    "status.playing": "{who} pelaa…",
    "status.turn": "Vuorossa: {who}.",
    "status.first_wild": "Ensimmäinen kortti on villi kortti: valitse väri.",
    "status.face": "Sinun vuorosi: edessäsi on {n} korttia — {parts}.",
    "status.face.stack": "pinoa nostokortti",
    "status.face.challenge": "haasta",
    "status.face.take": "ota {n} korttia (nostopakka)",
    "status.drew": "Nostit: {cards}. Pelaa se tai pidä se.",
    "status.owed": "Sinun vuorosi: nosta rangaistuskortti ({n} jäljellä).",
    "status.drew_stays": "Nostit: {cards}. Et voi pelata mitään — lopeta vuorosi.",
    "status.lead": "Sinun vuorosi: aloita millä tahansa kortilla.",
    "status.play": "Sinun vuorosi: pelaa kortti, joka sopii väriin {color} tai on {rank}, tai nosta.",
    "status.nothing": "Sinun vuorosi: mikään ei sovi väriin {color} eikä ole {rank} — nosta kortti.",
    "pp.round_won":
        "{who} voitti kierroksen {n}. Jakakaa seuraava kierros, kun kaikki ovat valmiita.",
    "pp.wants_jump": "{who} haluaa pelata väliin.",
    "pp.turn": "Nyt on {who:gen} vuoro.",
    "pp.pass_to": "Anna laite {who:all}",
    "pp.hidden": "Kaikki kädet ovat piilossa. Napauta, kun laite on {who:ade}.",
    "pp.ready": "Olen {who}: näytä käteni",
    "pp.catch": "{who} saa {target:acc} kiinni!",
    "pp.uno": "{who}: UNO!",
    "pp.jump": "{who}: pelaa väliin",
    "pp.no_identical": "Sinulla ei ole samaa korttia kuin {card}: palaa takaisin.",
    "challenge.either_way": ("Haasta {who}: jos pelaajalla {who} oli värin kortti, hän nostaa {n} "
                             "ja sinä jatkat; muuten sinä nostat {m} ja menetät vuorosi."),
    "challenge.accept": "Ota {n} korttia ja menetä vuorosi.",
    "reveal": "{who} näyttää kätensä, kuten säännöt sanovat. {then}",
    "reveal.held": "{who:ade} oli väriä {color} oleva kortti, joten villi nosta neljä oli bluffi.",
    "reveal.held_no":
        "{who:ade} ei ollut väriä {color} olevaa korttia, joten villi nosta neljä oli sallittu.",
    "reveal.held_in_play":
        "{who:ade} oli voimassa olevan värin kortti, joten villi nosta neljä oli bluffi.",
    "reveal.held_no_in_play":
        "{who:ade} ei ollut voimassa olevan värin korttia, joten villi nosta neljä oli sallittu.",
    "picker.color_for": "Valitse väri ({card})",
    "log.round_started": "Kierros {n}: {who} {who:jakoi|jaoit}.",
    "log.first_card": "Ensimmäinen kortti: {card}.",
    "log.card_returned": "{card} palaa nostopakan pohjalle; uusi kortti käännetään.",
    "log.played": "{who} {who:pelasi|pelasit} kortin {card}.",
    "log.played_jump": "{who} {who:pelasi|pelasit} kortin {card} (väliin!).",
    "log.played_chose":
        "{who} {who:pelasi|pelasit} kortin {card} ja {who:valitsi|valitsit} väriksi {color:tra}.",
    "log.played_jump_chose": ("{who} {who:pelasi|pelasit} kortin {card} (väliin!) ja "
                              "{who:valitsi|valitsit} väriksi {color:tra}."),
    "log.skipped": "{who} {who:jää|jäät} vuorosta.",
    "log.skipped_you": "{who} {who:jää|jäät} vuorosta.",
    "log.reversed": "Suunta vaihtui: peli kulkee {direction}.",
    "log.chose": "{who} {who:valitsi|valitsit} väriksi {color:tra}.",
    "log.reshuffled": "Nostopakka loppui: poistopakka sekoitettiin uudeksi nostopakaksi.",
    "log.turned_over": "Nostopakka loppui: poistopakka käännettiin ympäri.",
    "log.uno": "{who} {who:huusi|huusit} UNO!",
    "log.takes/1": "{who} {who:ottaa|otat} {n} kortin.",
    "log.takes": "{who} {who:ottaa|otat} {n} korttia.",
    "log.take_you/1": "{who} {who:ottaa|otat} {n} kortin.",
    "log.take_you": "{who} {who:ottaa|otat} {n} korttia.",
    "log.takes_stack": "{who} {who:ottaa|otat} koko pinon: {n} korttia.",
    "log.take_stack_you": "{who} {who:ottaa|otat} koko pinon: {n} korttia.",
    "log.must_draw": "{who} {who:joutuu|joudut} nostamaan {n}: {penalty}.",
    "log.must_draw_by":
        "{who} {who:joutuu|joudut} nostamaan {n}: {penalty} ({by:@gen takia|sinun takiasi}).",
    "log.challenged_bluff": ("{who} {who:haastoi|haastoit} pelaajan {target} kortin villi nosta "
                             "neljä: se oli bluffi!"),
    "log.challenged_legal": ("{who} {who:haastoi|haastoit} pelaajan {target} kortin villi nosta "
                             "neljä: se oli sääntöjen mukainen."),
    "log.challenged_you_bluff":
        "{who} {who:haastoi|haastoit} korttisi villi nosta neljä: se oli bluffi!",
    "log.challenged_you_legal":
        "{who} {who:haastoi|haastoit} korttisi villi nosta neljä: se oli sääntöjen mukainen.",
    "log.swapped": "{who} {who:vaihtoi|vaihdoit} kädet {target:pelaajan @ kanssa|kanssasi}.",
    "log.rotated": "Jokainen käsi siirtyi {direction}.",
    "log.kept": "{who} {who:piti|pidit} kortin; vuoro päättyi.",
    "log.round_won": "{who} {who:voitti|voitit} kierroksen ({n} pistettä).",
    "log.blocked_repeated": ("Sama tilanne toistui kolmannen kerran nostopakan ollessa tyhjä: "
                             "kierros on jumissa."),
    "log.blocked": "Kukaan ei voi pelata eikä nostaa: kierros on jumissa.",
    "log.out": "{who} {who:putosi|putosit} pelistä {n} pisteellä.",
    "log.out_you": "{who} {who:putosi|putosit} pelistä {n} pisteellä.",
    "log.game_won": "{who} {who:voitti|voitit} pelin!",
    "callout": "{lines}",
    "callout.your_turn": "Sinun vuorosi.",
    "callout.next": "Seuraavana: {who}.",
    "replay.first": "Toisto: ensimmäinen jako. Etene painikkeella Seuraava (→).",
    "replay.deal": "Toisto: kierroksen {n} jako.",
    "replay.action": "Toisto, {place}: {sentence}",
    "replay.action_plain": "Toisto, {place}: ",
    "replay.invalid": ("Tämä loki ei ole kelvollinen: {place} hylätään. {sentence} Toisto "
                       "pysähtyy siihen (python -m uno_web validate ilmoittaa saman siirron)."),
}

#: why cards were drawn, in Finnish: the noun for one and for several, and the words after it
DRAW_REASONS_FI: dict[str, tuple[str, str, str]] = {
    "draw": ("kortin", "korttia", ""),
    "penalty": ("rangaistuskortin", "rangaistuskorttia", ""),
    "uno": ("kortin", "korttia", " unohtuneesta UNO!-huudosta"),
    "challenge": ("kortin", "korttia", " haasteen jälkeen"),
    "joker": ("kortin", "korttia", " (jokeri)"),
    "misplay": ("kortin", "korttia", " sopimattomasta kortista"),
    "finish": ("kortin", "korttia", " yrityksestä päästä korteista eroon sillä kortilla"),
    "false_catch": ("kortin", "korttia", " aiheettomasta nappaamisesta"),
    "false_uno": ("kortin", "korttia", " väärään aikaan huudetusta UNO!-huudosta"),
}
for _reason, (_one_noun, _many_noun, _tail) in DRAW_REASONS_FI.items():
    for _one in ("/1", ""):
        for _listed in ("", ".cards"):
            PHRASES_FI[f"log.drew.{_reason}{_one}{_listed}"] = (
                "{who} {who:nosti|nostit} {n} " + (_one_noun if _one else _many_noun) + _tail
                + (": {cards}" if _listed else "") + ".")

#: what a penalty is for, in Finnish
PENALTIES_FI: dict[str, str] = {
    "draw_two": "nosta kaksi", "draw_four": "nosta neljä", "stack": "pino",
    "uno": "unohtunut UNO!-huuto", "challenge": "haaste", "wild": "villi kortti",
    "first_card": "ensimmäinen kortti", "joker": "jokeri", "misplay": "sopimaton kortti",
    "finish": "sillä kortilla ei pääse korteista eroon", "false_catch": "aiheeton nappaaminen",
    "false_uno": "UNO!-huuto väärään aikaan",
}
#: the direction of play, in Finnish (1 clockwise)
DIRECTIONS_FI: dict[int, str] = {1: "myötäpäivään", -1: "vastapäivään"}
#: what a card asks for besides its colour, in Finnish (numbers are written as they are)
RANK_WORDS_FI: dict[str, str] = {
    "wild": "villi kortti", "SKIP": "ohitus", "REVERSE": "suunnanvaihto",
    "DRAW_TWO": "nosta kaksi", "JACK": "jätkä", "QUEEN": "rouva", "KING": "kuningas",
    "ACE": "ässä", "JOKER": "jokeri",
}
#: an AI level, in Finnish
LEVELS_FI: dict[str, str] = {"easy": "helppo", "normal": "tavallinen", "medium": "keskitaso",
                             "hard": "vaikea"}
