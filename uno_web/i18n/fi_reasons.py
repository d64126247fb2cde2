"""The validator in Finnish: for every reason code its explanation, message and forms.

ONE PLACE to add a code's Finnish: an entry ``"CODE": (explanation, template, {form: template})``
in :data:`REASONS_FI`.  The placeholders (``{who}``, ``{card}`` ...) are the English template's
(uno_web/core/reasons.py), with Finnish specs (:mod:`uno_web.i18n.grammar`): ``{who:gen}``
(Adan / sinun), ``{who:ade}`` (Adalla / sinulla), ``{who:acc}`` (Adan / sinut), ``{who:all}``,
``{who:par}``, ``{who:pelasi|pelasit}`` (the verb for a name | for "sinä"), ``{count:acc}``
(1 kortin / 4 korttia), ``{color:tra}`` (punaiseksi).  ``tests/i18n/test_catalogues.py`` fails
when a code has no entry or a placeholder differs from the English.

Words: kortti, nostopakka, poistopakka, vuoro, ohitus, suunnanvaihto, nosta kaksi, villi kortti,
villi nosta neljä, UNO!-huuto, haastaa, pinota (stacking), hypätä väliin (jump-in).
"""

from __future__ import annotations

__all__ = ["REASONS_FI", "RULE_WORDS_FI", "RULE_LABELS_FI"]

_OUT3 = "pääsi korteistaan eroon|pääsit korteistasi eroon"

REASONS_FI: dict[str, tuple[str, str, dict[str, str]]] = {
    "OK_PLAY": (
        "Kortti sopii nykyiseen väriin, numeroon tai symboliin, tai se on villi kortti.",
        "{who} {who:pelasi|pelasit} kortin {card}; väri {color}; seuraavana {next}",
        {"out": "{who} {who:pelasi|pelasit} kortin {card} ja {who:" + _OUT3 + "}",
         "more": "{who} {who:pelasi|pelasit} kortin {card}; väri {color}; {who} {who:voi|voit} "
                 "pelata toisen saman numeron kortin tai lopettaa vuoron",
         "left": "{who} {who:pelasi|pelasit} kortin {card}; väri {color}; seuraavana {count} "
                 "jäljellä",
         "played_out": "{who} {who:pelasi|pelasit} kortin {card}; väri {color}; seuraavana "
                       "käsi on pelattu loppuun",
         "won": "{who} {who:pelasi|pelasit} kortin {card}; väri {color}; seuraavana peli ohi, "
                "{winner} {winner:voitti|voitit}"},
    ),
    "OK_DEFLECT": (
        "Kotisäännöllä suunnanvaihto palauttaa odottavan nostorangaistuksen ja ohitus siirtää "
        "sen eteenpäin; rangaistus pysyy samana.",
        "{who} {who:pelasi|pelasit} kortin {card}: {pending} korttia siirtyy eteenpäin, ja {next} "
        "{next:joutuu|joudut} nyt nostamaan ne",
        {"reverse": "{who} {who:palautti|palautit} {pending} korttia kortilla {card}: {next} "
                    "{next:joutuu|joudut} nyt nostamaan ne",
         "skip": "{who} {who:siirsi|siirsit} {pending} korttia eteenpäin kortilla {card}: {next} "
                 "{next:joutuu|joudut} nyt nostamaan ne",
         "out": "{who} {who:pelasi|pelasit} kortin {card} ja {who:" + _OUT3 + "}"},
    ),
    "OK_JUMP_IN": (
        "Täsmälleen samanlaisen kortin kuin päällimmäinen saa pelata vuoron ohi heti sen "
        "pelaamisen jälkeen.",
        "{who} {who:hyppäsi|hyppäsit} väliin kortilla {card}; seuraavana {next}",
        {"out": "{who} {who:hyppäsi|hyppäsit} väliin kortilla {card} ja {who:" + _OUT3 + "}"},
    ),
    "OK_STACK": (
        "Nostokorttiin voi vastata toisella nostokortilla; rangaistus kasvaa.",
        "{who} {who:pinosi|pinosit} kortin {card}; {next} {next:joutuu|joudut} nyt nostamaan "
        "{pending} korttia",
        {"out": "{who} {who:pinosi|pinosit} kortin {card} ja {who:" + _OUT3 + "}"},
    ),
    "OK_DRAW": (
        "Pelaaja, joka ei voi tai halua pelata, nostaa kortin nostopakasta.",
        "{who} {who:nosti|nostit} {count:acc} ja {who:voi|voit} pelata {it} tai pitää sen",
        {
            "forced": "{who} {who:nosti|nostit} {count:acc} ja {who:joutuu|joudut} pelaamaan {it}",
            "none": "{who} {who:nosti|nostit} {count:acc} {who:eikä voi|etkä voi} pelata {it:par}; "
                    "seuraavana {next}",
            "empty": "{who} {who:ei voinut|et voinut} nostaa: nostopakassa ei ole kortteja; "
                     "seuraavana {next}",
            "again": "{who} {who:nosti|nostit} {count:acc} {who:eikä voi|etkä voi} pelata "
                     "{it:par}; {who:gen} on nostettava uudestaan",
            "stays": "{who} {who:nosti|nostit} {count:acc} {who:eikä voi|etkä voi} pelata "
                     "{it:par}; {who:hän voi|voit} nyt lopettaa vuoron",
            "owed": "{who} {who:nosti|nostit} rangaistuskortin; nostettavana vielä {count}",
            "owed_last": "{who} {who:nosti|nostit} viimeisen rangaistuskortin ja "
                         "{who:menettää|menetät} vuoron; seuraavana {next}",
            "owed_back": "{who} {who:nosti|nostit} viimeisen rangaistuskortin; seuraavana {next}",
        },
    ),
    "OK_PASS": (
        "Nostettuaan pelaaja voi pitää nostetun kortin ja lopettaa vuoronsa.",
        "{who} {who:piti|pidit} nostetun kortin; seuraavana {next}",
        {"end": "{who} {who:lopetti|lopetit} vuoron; seuraavana {next}"},
    ),
    "OK_COLOR": (
        "Kun poistopakan ensimmäinen kortti on villi kortti, ensimmäinen pelaaja valitsee värin.",
        "{who} {who:valitsi|valitsit} väriksi {color:tra}",
        {},
    ),
    "OK_UNO": (
        "Pelaaja, jolla on yksi kortti jäljellä (tai joka pelaa toiseksi viimeisen korttinsa), "
        "huutaa UNO!",
        "{who} {who:huusi|huusit} UNO!",
        {"again": "{who} {who:huusi|huusit} UNO! uudestaan; mikään ei muutu"},
    ),
    "OK_CATCH": (
        "Pelaaja, joka jättää UNO!-huudon väliin ja jää siitä ajoissa kiinni, nostaa "
        "rangaistuskortit.",
        "{who} {who:sai|sait} {target:acc} kiinni unohtuneesta UNO!-huudosta; {target} "
        "{target:nostaa|nostat} {count:acc}",
        {},
    ),
    "OK_CHALLENGE": (
        "Villin nosta neljä -kortin voi haastaa: bluffaaja nostaa 4, väärin haastanut 6.",
        "{who} {who:haastoi|haastoit} {target:gen} villin nosta neljän: se oli bluffi, joten "
        "{target} {target:nostaa|nostat} {count:acc}",
        {"legal": "{who} {who:haastoi|haastoit} {target:gen} villin nosta neljän: se pelattiin "
                  "sääntöjen mukaan, joten {who} {who:nostaa|nostat} {count:acc}"},
    ),
    "OK_ACCEPT": (
        "Nostorangaistuksen edessä oleva pelaaja voi ottaa kortit; vuoro menetetään.",
        "{who} {who:nosti|nostit} {count:acc} ja {who:menettää|menetät} vuoron; seuraavana {next}",
        {"owed": "{who} {who:nostaa|nostat} {count:acc} yksi kerrallaan ja {who:menettää|menetät} "
                 "sitten vuoron"},
    ),
    "OK_NEXT_ROUND": (
        "Kun kierros on pisteytetty, seuraava jakaja jakaa uuden kierroksen.",
        "kierros {round} on jaettu; {next} {next:aloittaa|aloitat}",
        {},
    ),
    "OK_DECK": (
        "Kädet, nostopakka ja poistopakka sisältävät yhdessä täsmälleen koko pakan.",
        "{detail}",
        {},
    ),
    # accepted at a cost (house rules that make a mistake cost cards)
    "P_MISPLAY": (
        "Väärin pelatun kortin rangaistuksella omalla vuorolla pelattu kortti, jota ei saa "
        "pelata, palaa käteen, pelaaja nostaa rangaistuskortit ja vuoro päättyy (tai, kun "
        "misplay_keeps_turn on päällä, pelaaja pelaa uudestaan).",
        "{why}. {who:@ ottaa|Otat} kortin {card} takaisin ja {who:nostaa|nostat} {count:acc}; "
        "seuraavana {next}",
        {},
    ),
    "P_FINISH": (
        "Tällä kotisäännöllä villi kortti tai nostokortti ei saa olla viimeinen kortti: yritys "
        "maksaa yhden kortin ja päättää vuoron (tai, kun finish_keeps_turn on päällä, pelaaja "
        "pelaa uudestaan).",
        "{who:@ ei saa|Et saa} päästä korteista eroon villillä kortilla: {who:hän ottaa|otat} "
        "kortin {card} takaisin ja {who:nostaa|nostat} 1 kortin",
        {"draw": "{who:@ ei saa|Et saa} päästä korteista eroon nostokortilla: "
                 "{who:hän ottaa|otat} kortin {card} takaisin ja {who:nostaa|nostat} 1 kortin"},
    ),
    "P_FALSE_CATCH": (
        "Aiheettoman nappaamisen rangaistuksella sellaisen pelaajan nappaaminen, jota ei saa "
        "napata, maksaa nappaajalle kortteja.",
        "{why}. {who:@ nostaa|Nostat} {count:acc} aiheettomasta nappaamisesta",
        {},
    ),
    "P_SELF_CATCH": (
        "Tällä kotisäännöllä pelaaja, jolle jäi yksi kortti ilman UNO!-huutoa, saa napata "
        "itsensä, ja hän nostaa unohtuneen huudon rangaistuskortit.",
        "{who} {who:nappasi itsensä|nappasit itsesi} unohtuneesta UNO!-huudosta; "
        "{who:hän nostaa|nostat} {count:acc}",
        {},
    ),
    "P_FALSE_UNO": (
        "Aiheettoman UNO!-huudon rangaistuksella UNO!-huuto silloin, kun sitä ei saa huutaa, "
        "maksaa kortteja.",
        "{why}. {who:@ nostaa|Nostat} {count:acc} aiheettomasta huudosta",
        {},
    ),
    "E_GAME_OVER": (
        "Peli on päättynyt; siirtoja ei voi enää tehdä.",
        "peli on päättynyt: {winner} {winner:voitti|voitit}",
        {},
    ),
    "E_ROUND_OVER": (
        "Kierros on päättynyt; vain seuraavan kierroksen voi jakaa.",
        "kierros on päättynyt ({winner} {winner:voitti|voitit} sen); jaa seuraava kierros",
        {},
    ),
    "E_ROUND_NOT_OVER": (
        "Uuden kierroksen voi jakaa vasta, kun edellinen on päättynyt.",
        "kierros on vielä kesken",
        {"log": "kierros {round} alkaa, mutta kierros {previous} ei ole ohi"},
    ),
    "E_BAD_SEAT": (
        "Siirron on tultava pelaajalta, joka istuu pöydässä ja on yhä pelissä.",
        "paikalla {seat} ei ole pelaajaa (paikat numeroidaan nollasta)",
        {"out": "{seat} {seat:on|olet} pudonnut pelistä"},
    ),
    "E_NOT_TURN": (
        "Vain vuorossa oleva pelaaja saa toimia (ellei sääntö salli väliin hyppäämistä).",
        "nyt on {turn:@gen vuoro|sinun vuorosi}, ei {who:gen}",
        {},
    ),
    "E_CHOOSE_COLOR_FIRST": (
        "Poistopakka alkoi villillä kortilla: ensimmäisen pelaajan on ensin valittava väri.",
        "{who} {who:joutuu|joudut} ensin valitsemaan värin aloittavalle villille kortille",
        {},
    ),
    "E_NO_COLOR_TO_CHOOSE": (
        "Väri valitaan villin kortin mukana; nyt ei ole väriä valittavana.",
        "nyt ei ole väriä valittavana; väri nimetään, kun villi kortti pelataan",
        {},
    ),
    "E_CARD_NOT_OWNED": (
        "Pelaaja voi pelata vain oman kätensä kortteja.",
        "{who:ade} ei ole korttia {card}",
        {},
    ),
    "E_CARD_NOT_IN_DECK": (
        "Korttia ei ole tämän pelin pakassa.",
        "{card} ei ole {deck:gen} kortti",
        {},
    ),
    "E_NO_MATCH": (
        "Kortin on sovittava nykyiseen väriin tai päällimmäisen kortin numeroon tai symboliin, "
        "tai sen on oltava villi kortti.",
        "{card} ei sovi nykyiseen väriin ({color}) eikä päällimmäiseen korttiin ({top})",
        {},
    ),
    "E_WILD_COLOR_MISSING": (
        "Villin kortin on nimettävä väri, jolla peli jatkuu.",
        "{card} tarvitsee värin: valitse {colors}",
        {},
    ),
    "E_COLOR_NOT_ALLOWED": (
        "Vain villi kortti nimeää värin, ja värin on oltava jokin pakan väreistä.",
        "sitä väriä ei ole tässä pakassa: valitse {colors}",
        {"not_wild": "{card} ei ole villi kortti, joten se ei nimeä väriä"},
    ),
    "E_PLUS4_NOT_ALLOWED": (
        "Villin nosta neljä -kortin saa pelata vain, kun kädessä ei ole nykyisen värin korttia.",
        "{who:ade} on vielä {color} kortti, joten villiä nosta neljää ei saa pelata",
        {},
    ),
    "E_WILD_NOT_LAST_RESORT": (
        "Villin kortin saa pelata vain, kun mitään muuta kädessä olevaa korttia ei voi pelata.",
        "{who} {who:voi|voit} vielä pelata kortin {alternative}, joten korttia {card} ei saa "
        "vielä pelata",
        {},
    ),
    "E_ACTION_CARD_LAST": (
        "Viimeinen kortti ei saa olla ohitus, suunnanvaihto, nosta kaksi eikä villi kortti.",
        "{card} olisi {who:gen} viimeinen kortti, eikä kukaan saa lopettaa toimintokorttiin",
        {},
    ),
    "E_FINISH_REFUSED": (
        "Tällä kotisäännöllä villi kortti tai nostokortti ei saa olla viimeinen kortti; "
        "nostokortin edessä tai vuoron ulkopuolella siirtoa ei hyväksytä, eikä siitä tule "
        "rangaistusta.",
        "{card} olisi {who:gen} viimeinen kortti, eikä kukaan saa lopettaa villiin korttiin",
        {"draw": "{card} olisi {who:gen} viimeinen kortti, eikä kukaan saa lopettaa "
                 "nostokorttiin"},
    ),
    "E_SAME_NUMBER_ONLY": (
        "Saman numeron korttien kotisäännöllä numerokortin jälkeen sama pelaaja saa lisätä vain "
        "saman numeron kortteja tai lopettaa vuoron.",
        "{card} ei ole {number}: {who} {who:voi|voit} lisätä vain toisen {number}-kortin tai "
        "lopettaa vuoron",
        {"other": "{who} {who:voi|voit} lisätä vain toisen {number}-kortin tai lopettaa vuoron"},
    ),
    "E_ONLY_DRAWN_CARD": (
        "Noston jälkeen saa pelata vain juuri nostetun kortin, tai sen voi pitää.",
        "{who} {who:nosti|nostit}: {drawn}; nyt saa pelata vain {that}",
        {},
    ),
    "E_PENALTY_PENDING": (
        "Nostorangaistuksen edessä oleva pelaaja ottaa kortit (tai pinoaa tai haastaa, jos se on "
        "sallittua) ennen mitään muuta: kortin nostaminen tai vuoron ohittaminen ei ole vastaus.",
        "{who:ade} on {pending} korttia nostettavana: {options}",
        {},
    ),
    "E_PENALTY_NOT_ANSWERED": (
        "Odottavan nostokortin päälle saa pelata vain kortin, joka pinoutuu sen päälle (jos "
        "pinoaminen on sallittua); muut kortit odottavat, kunnes kortit on nostettu.",
        "{card} ei vastaa korttiin {top}: {who:ade} on {pending} korttia nostettavana: "
        "{options}",
        {},
    ),
    "E_STACK_NOT_ALLOWED": (
        "Näillä säännöillä tätä korttia ei voi pinota odottavan nostokortin päälle.",
        "korttia {card} ei voi pinota kortin {top} päälle näillä säännöillä",
        {},
    ),
    "E_STACK_ORDER": (
        "Kasvavassa pinossa nosta kaksi ei saa seurata villiä korttia eikä villi kortti villiä "
        "nosta neljää.",
        "{card} ei saa seurata korttia {top} kasvavassa pinossa",
        {},
    ),
    "E_SWAP_TARGET_MISSING": (
        "Seiskasäännöllä 7 nimeää pelaajan, jonka kanssa kädet vaihdetaan.",
        "{card} tarvitsee pelaajan, jonka kanssa kädet vaihdetaan",
        {},
    ),
    "E_SWAP_TARGET_INVALID": (
        "Seiska vaihtaa kädet toisen, yhä pelissä olevan pelaajan kanssa.",
        "paikalla {target} ei ole pelaajaa, jonka kanssa vaihtaa kädet",
        {
            "self": "{who} {who:ei voi vaihtaa käsiä itsensä|et voi vaihtaa käsiä itsesi} "
                    "kanssa; valitse toinen pelaaja",
            "out": "{target} {target:on|olet} pudonnut pelistä; valitse toinen pelaaja, jonka "
                   "kanssa kädet vaihdetaan",
        },
    ),
    "E_TARGET_NOT_ALLOWED": (
        "Vain seiskasäännön 7 nimeää toisen pelaajan.",
        "{card} ei nimeä pelaajaa",
        {},
    ),
    "E_JUMP_IN_NOT_ALLOWED": (
        "Vuoron ohi (väliin) voi pelata vain väliinhyppysäännöllä ja heti kortin pelaamisen "
        "jälkeen (pidemmällä ajalla niin kauan kuin kortti on päällimmäisenä eikä "
        "nostorangaistus odota).",
        "{who} {who:ei voi|et voi} hypätä väliin nyt: väliin voi hypätä vain heti kortin "
        "pelaamisen jälkeen",
        {
            "color": "{who} {who:ei voi|et voi} hypätä väliin nyt: väri on vielä valitsematta",
            "pending": "{who} {who:ei voi|et voi} hypätä väliin nyt: nostokortin rangaistus "
                       "odottaa vastausta",
            "owed": "{who} {who:ei voi|et voi} hypätä väliin nyt: rangaistuskortteja nostetaan "
                    "vielä",
        },
    ),
    "E_JUMP_IN_NOT_IDENTICAL": (
        "Väliin hyppäämiseen tarvitaan täsmälleen samanlainen kortti kuin päällimmäinen: sama "
        "väri ja sama arvo.",
        "{who} {who:ei voi|et voi} hypätä väliin kortilla {card}: vain toinen {top} käy",
        {"wild": "kortin {top} päälle ei voi hypätä väliin: väliin hyppäämiseen tarvitaan "
                 "samanlainen värillinen kortti"},
    ),
    "E_ALREADY_DREW": (
        "Pelaaja nostaa kerran vuorossaan; sitten hän pelaa nostetun kortin tai pitää sen.",
        "{who} {who:on|olet} jo nostanut tällä vuorolla",
        {},
    ),
    "E_MUST_PLAY": (
        "Näillä säännöillä nostaa saa vain, kun mitään kädessä olevaa korttia ei voi pelata.",
        "{who} {who:voi|voit} pelata kortin {alternative}, joten nostaminen ei ole sallittua",
        {},
    ),
    "E_PASS_NOT_ALLOWED": (
        "Nostetun kortin voi pitää (ja vuoron lopettaa) vain heti noston jälkeen.",
        "{who} {who:ei ole|et ole} nostanut tällä vuorolla; pelaa kortti tai nosta",
        {"must_draw": "{who} {who:ei voi|et voi} lopettaa vuoroa: mikään kortti ei sovi, joten "
                      "{who:gen} on nostettava"},
    ),
    "E_MUST_PLAY_DRAWN": (
        "Pakkopelisäännöllä juuri nostettu kortti on pelattava, jos se sopii.",
        "{who} {who:joutuu|joudut} pelaamaan juuri nostetun kortin {drawn}",
        {},
    ),
    "E_PENALTY_DRAWS_LEFT": (
        "Kun rangaistuskortit nostetaan yksi kerrallaan, ne velkaa oleva pelaaja nostaa ne "
        "kaikki ennen mitään muuta.",
        "{who} {who:joutuu|joudut} ensin nostamaan vielä {count:acc}",
        {},
    ),
    "E_UNO_NOT_ALLOWED": (
        "UNO! huudetaan, kun jäljellä on yksi kortti tai kun pelataan toiseksi viimeinen kortti.",
        "{who} {who:ei voi|et voi} huutaa UNO! nyt: {who:ade} on {count}",
        {
            "called": "{who} {who:on|olet} jo huutanut UNO!",
            "no_fit": "{who} {who:ei voi|et voi} huutaa UNO! nyt: {who:ade} on {count}, eikä "
                      "kumpikaan sovi pinoon",
            "leaves": "{who} {who:ei voi|et voi} huutaa UNO! tällä siirrolla: käteen jäisi "
                      "{count}",
            "owed": "{who} {who:ei voi|et voi} huutaa UNO! rangaistuskortteja nostaessaan",
        },
    ),
    "E_UNO_DISABLED": (
        "Näissä säännöissä ei huudeta UNO! eikä ketään saada kiinni.",
        "näissä säännöissä ei ole UNO!-huutoa",
        {},
    ),
    "E_NO_ONE_TO_CATCH": (
        "Kiinni saa vain pelaajan, jolla on yksi kortti ja joka ei huutanut UNO!, ja vain "
        "ajoissa: oletuksena ennen kuin seuraava pelaaja toimii.",
        "{target:par} ei voi nyt saada kiinni: {target:ade} on {count}",
        {
            "called": "{target:par} ei voi saada kiinni: {target} {target:huusi|huusit} UNO!",
            "late": "{target:par} ei voi enää saada kiinni: hetki on jo ohi",
            "self": "{who} {who:ei voi saada itseään|et voi saada itseäsi} kiinni",
            "out": "{target} {target:on|olet} pudonnut pelistä",
            "no_seat": "paikalla {target} ei ole pelaajaa, jota saada kiinni",
        },
    ),
    "E_NO_CHALLENGE": (
        "Vain villin nosta neljän kohteeksi joutunut pelaaja voi haastaa sen, ennen kuin ottaa "
        "kortit.",
        "{who:all} ei ole haastettavaa villiä nosta neljää",
        {},
    ),
    "E_NO_PENALTY": (
        "Rangaistuksen voi ottaa vain, kun nostokortti odottaa juuri sinua.",
        "{who:ade} ei ole otettavaa rangaistusta",
        {"draw": "{who} {who:ottaa|otat} {pending} korttia nostamalla: ensimmäinen nosto ottaa "
                 "ne"},
    ),
    "E_MALFORMED": (
        "Siirtoa ei voitu lukea.",
        "{detail}",
        {
            "not_move": "siirron on oltava Move-arvo, ei {value}",
            "type": "siirron kentän {field} on oltava kokonaisluku, ei {value}",
            "kind": "siirron lajia numero {value} ei ole (lajit numeroidaan 0–{last})",
            "uno": "siirron uno-merkinnän on oltava True tai False, ei {value}",
            "unused": "{what} ei käytä tietoa {thing}: siirron kentän {field} on oltava {empty}, "
                      "ei {value}",
            "puzzle_card": "siirron kortin on oltava tehtävän kortti, kuten G5 (väri R, Y, G tai "
                           "B ja numero), ei {value}",
            "card_text": "{value} ei ole kortti: kirjoita kortti kuten R7, GS, BR, Y+2, W tai W+4 "
                         "(pelikortit arvo ensin, sitten maa: 7H, QS)",
            "color_text": "{value} ei ole väri: käytä R, Y, G tai B (tai maille H, D, C, S)",
            "no_seven": "et ole pelaamassa 7-korttia: valitse ensin 7 kädestäsi",
            "notation": "{value} ei ole siirto: kirjoita siirto kuten P0:R7, D0, K0, O0=R, U0, "
                        "C1>0, X0, A0 tai N0",
        },
    ),
    "E_RESHUFFLE_MISSING": (
        "Nostopakka loppui, joten lokin on annettava sekoitetun pakan uusi järjestys.",
        "nostopakka loppui tämän toiminnon aikana, mutta loki ei anna sekoitusjärjestystä",
        {},
    ),
    "E_RESHUFFLE_UNEXPECTED": (
        "Pakka sekoitetaan vain, kun nostopakka loppuu.",
        "loki sekoittaa pakan, vaikka nostopakka ei loppunut",
        {},
    ),
    "E_RESHUFFLE_NOT_PERMUTATION": (
        "Sekoitetun nostopakan on oltava täsmälleen poistopakka ilman päällimmäistä korttia.",
        "sekoitettu nostopakka ei ole poistopakka ilman päällimmäistä korttia: {detail}",
        {},
    ),
    "E_DECK_INVARIANT": (
        "Käsien, nostopakan ja poistopakan on aina sisällettävä yhdessä täsmälleen koko pakka.",
        "{detail}",
        {},
    ),
    "E_DECK_ORDER": (
        "Kierros jaetaan koko pakasta: jokainen kortti täsmälleen niin monta kertaa kuin "
        "pakassa on.",
        "{detail}",
        {},
    ),
}

#: the words of a verdict's ``rule`` (where it comes from); toggle names stay as they are
RULE_WORDS_FI: dict[str, str] = {
    "official rules": "viralliset säännöt",
    "matching": "sopiva kortti",
    "drawing": "nostaminen",
    "first card": "ensimmäinen kortti",
    "Draw Two / Wild Draw Four": "nosta kaksi / villi nosta neljä",
    "scoring": "pisteet",
    "winning the game": "pelin voittaminen",
    "going out": "korteista eroon pääseminen",
    "turn order": "vuorojärjestys",
    "Wild": "villi kortti",
    "playing": "pelaaminen",
    "draw pile runs out": "nostopakan loppuminen",
    "table": "pöytä",
    "deck": "pakka",
    "input": "syöte",
    "deck invariant": "pakan eheys",
    "stacking toggles": "pinoamissäännöt",
    "the deck": "pakka",
    "the players": "pelaajat",
    "the moves": "siirrot",
}

#: the catalogue's labels of where a verdict comes from (``reasons.CATALOGUE[code].rule``), whole
RULE_LABELS_FI: dict[str, str] = {
    "deck": "pakka",
    "official rules: Draw Two / Wild Draw Four": "viralliset säännöt: nosta kaksi / villi nosta neljä",
    "official rules: Wild": "viralliset säännöt: villi kortti",
    "official rules: draw pile runs out": "viralliset säännöt: nostopakan loppuminen",
    "official rules: drawing": "viralliset säännöt: nostaminen",
    "official rules: first card": "viralliset säännöt: ensimmäinen kortti",
    "official rules: going out": "viralliset säännöt: korteista eroon pääseminen",
    "official rules: matching": "viralliset säännöt: sopiva kortti",
    "official rules: playing": "viralliset säännöt: pelaaminen",
    "official rules: scoring": "viralliset säännöt: pisteet",
    "official rules: the deck": "viralliset säännöt: pakka",
    "official rules: the moves": "viralliset säännöt: siirrot",
    "official rules: the players": "viralliset säännöt: pelaajat",
    "official rules: turn order": "viralliset säännöt: vuorojärjestys",
    "official rules: winning the game": "viralliset säännöt: pelin voittaminen",
}
