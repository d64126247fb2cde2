"""The Finnish of the rules as the start screen and the editor show them: every ``RuleSet``
field's title, description and choice labels, every preset's title and description.

ONE PLACE to add a rule's Finnish: a new ``RuleSet`` field (``uno_web/core/rules.py``) needs an
entry in :data:`RULES_FI` (and, for a choice field, its values in :data:`OPTIONS_FI`); a new
preset needs one in :data:`PRESETS_FI`.  ``tests/i18n/test_rules_fi.py`` fails until it is
there.  Each entry also records a fingerprint of the English it translates (the first eight hex
digits of the SHA-1 of ``title + "\\n" + description``): when the English changes, the test
fails and prints the new fingerprint, so a stale Finnish text cannot stay unnoticed.

In a description, `backquoted` words are shown as code: in Finnish they are the choice labels
the Finnish select shows (`milloin vain`), ``päällä`` / ``pois`` for a checkbox's on and off,
or numbers; the English writes the values (`anytime`, `true`).

The card words follow the Finnish UNO box and the rest of this package: *villi kortti*,
*villi nosta neljä*, *nosta kaksi -kortti*, *ohitus*, *suunnanvaihto*, *nostopakka*,
*poistopakka*, *pinoaminen*, *huutaa UNO!*, *napata* (catch), *haastaa* (challenge).
"""

from __future__ import annotations

__all__ = ["RULES_FI", "OPTIONS_FI", "PRESETS_FI"]

#: field -> (fingerprint of the English, Finnish title, Finnish description)
RULES_FI: dict[str, tuple[str, str, str]] = {
    "deck": (
        "ded70abc", "Pakka",
        "Millä korteilla pelataan. `UNO-pakka`: 108 kortin pakka (joka värissä yksi 0, kaksi "
        "kutakin numeroa 1–9 sekä kaksi ohitusta, kaksi suunnanvaihtoa ja kaksi nosta kaksi "
        "-korttia; neljä villiä korttia ja neljä villiä nosta neljä -korttia). `pelikortit`: "
        "52 korttia ja kaksi jokeria; maat ovat värejä, 2–10 numeroita, jätkä vaihtaa suunnan, "
        "rouva ohittaa, kuningas pakottaa seuraavan nostamaan 2 ja ässä 4 korttia; jokeri on "
        "pata, ja sen pelaaja nostaa itse 2 korttia.",
    ),
    "hand_size": (
        "5d056568", "Jaettavat kortit",
        "Kuinka monta korttia kullekin pelaajalle jaetaan kierroksen alussa.",
    ),
    "first_card": (
        "dd768da7", "Ensimmäinen käännetty kortti",
        "Mitä tapahtuu kortille, joka käännetään poistopakan aluksi. `viralliset`: villi nosta "
        "neljä palaa nostopakan pohjalle ja tilalle käännetään uusi; villi kortti: ensimmäinen "
        "pelaaja valitsee värin; nosta kaksi: ensimmäinen pelaaja nostaa 2 ja jää vuorosta; "
        "ohitus: ensimmäinen pelaaja jää vuorosta; suunnanvaihto: jakaja aloittaa ja peli "
        "kulkee toiseen suuntaan. `uusi kunnes numero`: jokainen kortti, joka ei ole "
        "numerokortti, menee pohjalle ja tilalle käännetään uusi. `villi vaihdetaan`: villi "
        "kortti tai villi nosta neljä menee pohjalle ja tilalle käännetään uusi; muut "
        "toimintakortit toimivat kuten virallisissa säännöissä. `vapaa aloitus`: korttia ei "
        "käännetä; ensimmäinen pelaaja aloittaa millä tahansa kortilla, ja sen vaikutus pätee.",
    ),
    "two_player_reverse": (
        "993f3aed", "Suunnanvaihto kahdella pelaajalla",
        "Mitä suunnanvaihto tekee, kun pelaajia on vain kaksi. `ohitus` (virallinen): se toimii "
        "kuin ohitus, joten sen pelannut pelaa heti uudestaan. `ei vaikutusta`: se vain kääntää "
        "suunnan, mikä ei kahdella pelaajalla muuta mitään.",
    ),
    "wild_draw_four": (
        "fbde92a5", "Milloin villin nosta neljän saa pelata",
        "Saako villin nosta neljän pelata, kun kädessä on nykyisen värin kortti. `haastettava` "
        "(virallinen): ei saa, mutta pelaaja voi bluffata; seuraava pelaaja voi haastaa: kiinni "
        "jäänyt bluffaaja nostaa itse 4, väärin haastanut nostaa 6. `tiukka`: peli ei hyväksy "
        "villiä nosta neljää, kun pelaajalla on nykyisen värin kortti, eikä haastetta ole. "
        "`milloin vain`: ei rajoitusta eikä haastetta.",
    ),
    "wild_last_resort": (
        "ee9a4c2d", "Villit vain, kun mikään muu ei sovi",
        "Villejä kortteja (kumpaakin lajia) saa pelata vain, kun pelaajalla ei ole muuta "
        "pelattavaa korttia.",
    ),
    "wild_draws_one": (
        "bb9e8083", "Villi kortti nostattaa yhden",
        "Tavallinen villi kortti pakottaa myös seuraavan pelaajan nostamaan yhden kortin ja "
        "jäämään vuorosta.",
    ),
    "no_action_card_last": (
        "ae129be7", "Toimintakortilla ei pääse eroon",
        "Pelaaja ei saa pelata viimeisenä korttinaan ohitusta, suunnanvaihtoa, nosta kaksi "
        "-korttia eikä villiä korttia.",
    ),
    "no_wild_finish": (
        "b867c675", "Villillä ei pääse eroon",
        "Pelaaja ei saa päästä korteistaan eroon pelaamalla viimeisenä korttinaan villiä korttia "
        "tai villiä nosta neljää. Yritys maksaa kortin: villi palaa käteen, pelaaja nostaa "
        "yhden kortin ja vuoro päättyy (jos häntä odottaa nostokortti, hän ottaa myös sen).",
    ),
    "no_draw_card_finish": (
        "1aef12c5", "Nostokortilla ei pääse eroon",
        "Pelaaja ei saa päästä korteistaan eroon pelaamalla viimeisenä korttinaan nosta kaksi "
        "-korttia tai villiä nosta neljää (pelikorteilla kuningasta tai ässää). Yritys maksaa "
        "kortin: kortti palaa käteen, pelaaja nostaa yhden kortin ja vuoro päättyy (jos häntä "
        "odottaa nostokortti, hän ottaa myös sen).",
    ),
    "finish_keeps_turn": (
        "e62971e7", "Pelaa uudestaan kielletyn viimeisen kortin jälkeen",
        "Mitä tapahtuu, kun yrität päästä korteista eroon kortilla, jonka `no_wild_finish` tai "
        "`no_draw_card_finish` kieltää. `pois`: kortti palaa käteen, nostat yhden kortin ja "
        "vuorosi päättyy (odottavan nostokortin edessä otat myös sen). `päällä` "
        "(letsuno/uno-online): kortti palaa käteen, nostat yhden kortin ja vuoro jatkuu; "
        "odottavan nostokortin edessä tai vuoron ulkopuolella siirtoa ei hyväksytä, eikä se "
        "maksa mitään.",
    ),
    "draw_on_last_card": (
        "adda1a55", "Viimeinen nostokortti nostattaa",
        "Mitä nosta kaksi tai villi nosta neljä tekee, kun se on pelaajan viimeinen kortti. "
        "`päällä` (virallinen): seuraava pelaaja nostaa kortit (ja mahdollisen odottavan "
        "pinon), ja ne lasketaan voittajan pisteisiin. `pois`: kierros päättyy heti, eikä "
        "kukaan nosta.",
    ),
    "stack_draw_two_on_draw_two": (
        "6f481a9f", "Nosta kaksi nosta kahden päälle",
        "Nosta kaksi -kortin edessä oleva pelaaja voi siirtää sen eteenpäin toisella nosta kaksi "
        "-kortilla; rangaistus kasvaa ja osuu ensimmäiseen, joka ei voi tai halua pinota.",
    ),
    "stack_draw_four_on_draw_four": (
        "8349be02", "Villi nosta neljä villin nosta neljän päälle",
        "Villin nosta neljän edessä oleva pelaaja voi siirtää sen eteenpäin toisella villillä "
        "nosta neljällä (ja valita värin); rangaistus kasvaa.",
    ),
    "stack_draw_two_on_draw_four": (
        "a3b5bf44", "Nosta kaksi villin nosta neljän päälle",
        "Villin nosta neljän edessä oleva pelaaja voi vastata valitun värin nosta kaksi "
        "-kortilla.",
    ),
    "stack_draw_four_on_draw_two": (
        "e7515bd7", "Villi nosta neljä nosta kahden päälle",
        "Nosta kaksi -kortin edessä oleva pelaaja voi vastata villillä nosta neljällä.",
    ),
    "escalating_stack": (
        "5b7f169e", "Kaikki nostokortit pinoutuvat",
        "Nosta kaksi, villi nosta neljä ja villi kortti (kun villi kortti nostattaa seuraavalla "
        "yhden) pinoutuvat kaikki ja rangaistus kasvaa, mutta nosta kaksi ei saa tulla villin "
        "kortin päälle eikä villi kortti villin nosta neljän päälle.",
    ),
    "reverse_returns_draw_two": (
        "669d81b5", "Suunnanvaihto palauttaa nosta kahden",
        "Nosta kaksi -kortin edessä oleva pelaaja voi pelata pinoon sopivan suunnanvaihdon "
        "(samaa väriä tai toisen suunnanvaihdon päälle): suunta vaihtuu, ja sama rangaistus on "
        "nyt toiseen suuntaan seuraavan pelaajan edessä, eli sen, joka pelasi nosta kaksi "
        "-kortin.",
    ),
    "reverse_returns_draw_four": (
        "8679265b", "Suunnanvaihto palauttaa villin nosta neljän",
        "Villin nosta neljän edessä oleva pelaaja voi pelata valitun värin suunnanvaihdon (tai "
        "suunnanvaihdon toisen päälle): suunta vaihtuu, ja sama rangaistus on nyt toiseen "
        "suuntaan seuraavan pelaajan edessä. Villiä nosta neljää ei sen jälkeen voi enää "
        "haastaa.",
    ),
    "skip_passes_penalty": (
        "5a3486ef", "Ohitus siirtää rangaistuksen",
        "Odottavan nostorangaistuksen edessä oleva pelaaja voi pelata pinoon sopivan ohituksen "
        "(samaa väriä tai toisen ohituksen päälle): sama rangaistus siirtyy seuraavalle "
        "pelaajalle. Eteenpäin siirrettyä villiä nosta neljää ei voi enää haastaa.",
    ),
    "draw_answers": (
        "053e7106", "Miten nostokorttiin vastataan",
        "Miten arvioidaan pinoaminen, suunnanvaihto tai ohitus, joka vastaa odottavaan "
        "nostokorttiin (yllä olevat säännöt). `odottava kortti`: sen nostokortin mukaan, jonka "
        "rangaistus odottaa, vaikka sen päällä olisi sen eteenpäin lähettänyt suunnanvaihto tai "
        "ohitus; vastauksen on sovittava pakkaan kuten minkä tahansa pelatun kortin (saman "
        "värinen suunnanvaihto tai ohitus, tai samanlaisen päälle); nosta kaksi odottaa "
        "vastausta aina, kun jokin sääntö sallii vastauksen, ja suunnanvaihto tai ohitus villin "
        "nosta neljän haastoikkunassa lähettää rangaistuksen eteenpäin uudelleen vastattavaksi. "
        "`päällimmäinen kortti` (letsuno/uno-online): vain päällimmäisen kortin lajin mukaan, "
        "väreistä välittämättä: suunnanvaihto vastaa vain päällimmäiseen nosta kaksi- tai "
        "villiin nosta neljä -korttiin, ohitus vastaa mihin tahansa odottavaan rangaistukseen, "
        "ja suunnanvaihdon tai ohituksen jälkeen vain ohitus voi lähettää sen taas eteenpäin; "
        "nosta kaksi odottaa vastausta vain, kun pinoamissääntö sallii nostokortin vastaukseksi "
        "(muuten seuraava pelaaja nostaa heti); villi nosta neljä, jota ei voi haastaa, "
        "nostetaan heti, eikä toisen nostokortin päälle pinottua voi haastaa; haastoikkunassa "
        "pelattu suunnanvaihto tai ohitus saa pelaajan, jolle rangaistus lähtee, nostamaan "
        "heti.",
    ),
    "jump_in": (
        "5cb1b1a9", "Väliin samanlaisella kortilla",
        "Pelaaja, jolla on täsmälleen sama kortti kuin poistopakan päällimmäinen (sama väri ja "
        "arvo; vain värikortit), saa pelata sen vuoron ohi heti sen pelaamisen jälkeen, ennen "
        "kuin seuraava pelaaja toimii; peli jatkuu hänestä (alla olevat `jump_in_window` ja "
        "`jump_in_wild` muuttavat, milloin ja minkä päälle).",
    ),
    "jump_in_window": (
        "20606c46", "Kuinka kauan kortin päälle voi hypätä väliin",
        "Kun `jump_in` on päällä: kuinka kauan kortin päälle saa hypätä väliin. `seuraavaan "
        "siirtoon`: sen pelaamisesta siihen asti, kun seuraava pelaaja toimii. `niin kauan kuin "
        "päällimmäisenä` (letsuno/uno-online): niin kauan kuin se on poistopakan päällimmäinen "
        "eikä mikään nostokortin rangaistus odota vastausta, teki kuka tahansa sillä välin mitä "
        "tahansa (nosti, jätti vuoron, valitsi värin, ratkaisi haasteen); myös ensimmäiseksi "
        "käännetyn kortin päälle. Villin kortin väri, joka on vielä valitsematta, sulkee sen "
        "aina.",
    ),
    "jump_in_wild": (
        "8c252824", "Villin kortin päälle sen kaksoisella",
        "Kun `jump_in` on päällä: saako villin kortin päälle hypätä väliin villillä kortilla ja "
        "villin nosta neljän päälle villillä nosta neljällä (samanlainen kortti; väliin hyppääjä "
        "valitsee uuden värin, ja villi nosta neljä saa seuraavan pelaajan nostamaan kuten "
        "tavallisesti). `pois`: vain värikortit. `päällä` (letsuno/uno-online): myös villit "
        "kortit.",
    ),
    "seven_swap": (
        "f34f6a3f", "7 vaihtaa kädet",
        "7:n pelaaja vaihtaa kädet valitsemansa pelaajan kanssa (7 nimeää hänet). Alla olevan "
        "0-säännön kanssa tämä on kotisääntö 7-0; linkin asetus `seven_zero` kytkee molemmat "
        "päälle.",
    ),
    "zero_rotate": (
        "6a9aec3f", "0 siirtää kaikki kädet",
        "0:n pelaaminen siirtää jokaisen käden seuraavalle pelaajalle pelisuuntaan.",
    ),
    "play_same_number": (
        "10d3f9c4", "Useita saman numeron kortteja",
        "Numerokortin pelattuaan pelaaja, jolla on toinen saman numeron kortti (mitä tahansa "
        "väriä), saa pelata senkin samalla vuorolla, ja niin edelleen, vaikka toisen pelaajan "
        "nosto olisi sillä välin kääntänyt pinon; tai lopettaa vuoron "
        "(`K`, ohi). Vain viimeisen kortin väri ratkaisee, ja jokainen kortti tekee tehtävänsä "
        "(7 tai 0 7-0-säännöillä, UNO!-huuto, kun yksi kortti on jäljellä).",
    ),
    "same_number_turn": (
        "06941550", "Mitä saman numeron vuorossa saa pelata",
        "Kun `play_same_number` on päällä: mitä pelaaja saa pelata, kun vuoro pysyy hänellä "
        "numerokortin jälkeen. `sama numero`: vain toisen saman numeron kortin, tai lopettaa "
        "vuoron. `mikä tahansa kortti` (letsuno/uno-online): minkä tahansa pakkaan sopivan "
        "kortin, tai lopettaa vuoron; numerokortti pitää taas vuoron, kun kädessä on toinen "
        "saman numeron kortti.",
    ),
    "jump_in_same_number": (
        "e48fdabf", "Väliin hyppy aloittaa saman numeron vuoron",
        "Kun sekä `jump_in` että `play_same_number` ovat päällä: saako numerokortilla väliin "
        "hypännyt pelaaja lisätä saman numeron kortteja. `päällä`: saa, kuten omalla vuorolla "
        "pelatun numerokortin jälkeen. `pois` (letsuno/uno-online): väliin hyppy on yksi "
        "kortti, ja peli jatkuu väliin hypänneestä pelaajasta.",
    ),
    "may_draw_when_playable": (
        "9670dbfc", "Saa nostaa, vaikka voisi pelata",
        "Pelaaja saa nostaa kortin, vaikka hänellä olisi pelattava kortti (virallinen). Pois "
        "päältä pelaaja saa nostaa vain, kun hänellä ei ole pelattavaa korttia.",
    ),
    "draw_to_match": (
        "d68ec378", "Nosta, kunnes voit pelata",
        "Nostava pelaaja nostaa kortteja, kunnes saa pelattavan kortin.",
    ),
    "forced_play": (
        "d163a6dd", "Sopiva nostettu kortti on pelattava",
        "Juuri nostettu pelattava kortti on pelattava (sitä ei saa pitää).",
    ),
    "penalty_draw": (
        "98bf24b1", "Kuinka useat kortit nostetaan",
        "Miten nostorangaistuksen kortit ja kortit, joita nostetaan kunnes jokin sopii, "
        "nostetaan. `kerralla`: yhdellä siirrolla. `yksi kerrallaan` (letsuno/uno-online): "
        "yksi kortti siirtoa kohden (`D`), jotta muut voivat huutaa UNO! tai napata kahden "
        "noston välissä. Rangaistuskortteja velkaa oleva on vuorossa ja saa vain nostaa ne, "
        "eikä kukaan saa hypätä väliin sillä välin. Otetun nostokortin tai nostokortin, johon "
        "kukaan ei voi vastata, ja haastajan hävitessä haasteen vuoro siirtyy, kun kortit on "
        "nostettu (tai pakat loppuvat). Napatun unohtuneen UNO!-huudon, väärän kortin, väärän "
        "nappauksen tai huudon ja haasteessa paljastuneen bluffin kortit nostaa samoin se, "
        "joka maksaa, oli vuorossa tai ei, eikä hän saa huutaa UNO! sillä välin; vuoro palaa "
        "sitten sille, joka oli vuorossa (väärän "
        "kortin jälkeen: se pysyy, kun `misplay_keeps_turn` on päällä, muuten siirtyy), ja "
        "tällainen rangaistus, joka syntyy muiden rangaistuskorttien noston aikana, kun väri "
        "on valittavana tai villin nosta neljä -kortin voi haastaa, odottaa niiden loppuun, "
        "ja vuoro menee sitten sinne, minne ne sen lähettivät. Nostettaessa kunnes kortti "
        "sopii (`draw_to_match`) vuoro pysyy pelaajalla jokaisen sopimattoman kortin "
        "jälkeen. Kielletyn viimeisen kortin, nostetun jokerin ja pelistä poistavan "
        "nostokortin kortit nostetaan yhä kerralla.",
    ),
    "draw_takes_penalty": (
        "a635764c", "Nosto ottaa nostokortin",
        "Miten pelaaja, jota odottaa nostokortti, jota ei voi haastaa, ottaa sen. `pois`: "
        "omalla siirrollaan (`A`, ota), sitten kortit. `päällä` (letsuno/uno-online): "
        "nostamalla (`D`): nosto ottaa rangaistuksen ja on sen ensimmäinen kortti (kun "
        "`penalty_draw` on `kerralla`, kaikki kortit); `A` hylätään. Villi nosta neljä "
        "-kortti, jonka voi vielä haastaa, otetaan kuten ennenkin (`A`).",
    ),
    "draw_then_pass": (
        "50d2140b", "Lopeta vuoro itse noston jälkeen",
        "Mitä omalla vuorollasi tapahtuu, kun nosto ei jätä mitään pelattavaa. `pois`: vuoro "
        "siirtyy heti. `päällä` (letsuno/uno-online): vuoro pysyy sinulla, kunnes lopetat sen "
        "(`K`, ohi); sillä välin voit huutaa UNO!, ja kun `draw_lapses` on päällä, huuto tai "
        "nappaus kumoaa noston, joten nostat uudestaan. Nosto, joka ei löydä yhtään korttia "
        "(pakat ovat tyhjät), lopettaa vuoron yhä.",
    ),
    "forced_play_at_once": (
        "233a78dc", "Sopiva nostettu kortti pelataan heti",
        "Kun `forced_play` on päällä: mitä pelaaja saa tehdä, kun juuri nostettu kortti sopii. "
        "`pois`: pelata sen tai (kun `after_draw_play` on `mikä tahansa kortti`) jonkin muun "
        "sopivan kortin. `päällä` (letsuno/uno-online, joka pelaa sen pelaajan puolesta): vain "
        "sen kortin saa pelata; ei muuta korttia eikä vuoron lopettamista, eikä UNO!-huuto tai "
        "nappaus sillä välin kumoa nostoa (`draw_lapses`).",
    ),
    "after_draw_play": (
        "43efa310", "Mitä noston jälkeen saa pelata",
        "Mitä pelaaja saa pelata nostettuaan omalla vuorollaan. `nostettu kortti` (virallinen): "
        "vain juuri nostetun kortin, tai pitää sen ja lopettaa vuoron. `mikä tahansa kortti` "
        "(letsuno/uno-online): minkä tahansa pinoon sopivan kortin kädestään, tai lopettaa "
        "vuoron (kun `forced_play` on päällä, sopivaa nostettua korttia ei silti saa pitää: "
        "pelaa se tai jokin muu sopiva kortti).",
    ),
    "misplay_penalty": (
        "aadd2e23", "Kortit sopimattomasta kortista",
        "Mitä maksaa omalla vuorolla ennen nostoa sellaisen kortin pelaaminen, jota ei saa "
        "pelata (kortti ei sovi, tai kotisääntö kieltää sen juuri nyt). `0` (virallinen): peli "
        "ei hyväksy siirtoa, ja yrität uudestaan. Luku: kortti palaa käteesi, nostat niin monta "
        "korttia ja vuorosi päättyy. Noston jälkeen (ellei alla oleva `misplay_after_draw` ole "
        "päällä) tai nostokortin edessä väärää korttia ei hyväksytä.",
    ),
    "misplay_after_draw": (
        "65f13f60", "Väärä kortti noston jälkeen maksaa",
        "Kun väärän kortin rangaistus (yllä) on käytössä: maksaako omalla vuorolla noston "
        "jälkeen pelattu sopimaton kortti myös rangaistuksen. `pois`: se hylätään ja yrität "
        "uudelleen. `päällä` (letsuno/uno-online): se maksaa rangaistuksen kuten ennen nostoa "
        "(kortti palaa käteesi ja nostat). Nostokortin edessä väärä kortti hylätään yhä.",
    ),
    "misplay_keeps_turn": (
        "8017209b", "Pelaa uudestaan väärän kortin jälkeen",
        "Mitä väärin pelatun kortin rangaistus (yllä) tekee vuorollesi. `pois`: vuorosi "
        "päättyy, kun olet nostanut rangaistuskortit. `päällä` (letsuno/uno-online): vuoro "
        "jatkuu, ja saat pelata kortin tai nostaa kuten vuoron alussa. Ilman väärän kortin "
        "rangaistusta tämä ei muuta mitään.",
    ),
    "misplay_may_pass": (
        "07faa5f1", "Lopeta vuoro väärän kortin jälkeen",
        "Kun `misplay_keeps_turn` on päällä: saako väärän kortin rangaistuksen juuri nostanut "
        "pelaaja myös lopettaa vuoronsa heti (`K`, ohi). `pois`: ei, pelaa kortti tai nosta. "
        "`päällä` (letsuno/uno-online, jossa rangaistus on pelaajan oma nosto): saa, kuten "
        "noston jälkeen; kun `may_draw_when_playable` on pois päältä, vain jos jokin kortti "
        "sopii (jos mikään ei sovi, nostetaan tavalliseen tapaan). Nostaminen tai kortin "
        "pelaaminen sen jälkeen jatkuu tavalliseen tapaan. Kun `penalty_draw` on `yksi "
        "kerrallaan`, sama pätee minkä tahansa omalla vuorollasi nostetun rangaistuksen "
        "jälkeen (napattu unohtunut UNO!-huuto, väärä nappaus tai huuto).",
    ),
    "draw_lapses": (
        "5ecceb7f", "Huuto tai nappaus kumoaa noston",
        "Mitä UNO!-huuto tai nappaus, kenen tahansa tekemä (myös vuorossa olevan), tekee "
        "vuorossa olevan pelaajan nostolle. `pois`: ei mitään; noston jälkeen (tai väärän "
        "kortin rangaistuksen noston jälkeen, kun `misplay_may_pass` on päällä) pelaaja saa "
        "yhä lopettaa vuoron. `päällä` (letsuno/uno-online, jossa nosto on voimassa vain niin "
        "kauan kuin se on pöydän viimeisin siirto): vuoro on kuin ennen nostoa: sen "
        "lopettaminen hylätään, ja pelaaja pelaa sopivan kortin tai nostaa uudestaan (kuten "
        "yllä olevat nostosäännöt sallivat).",
    ),
    "drawn_joker_penalty": (
        "06615581", "Lisäkortit nostetusta jokerista",
        "Pelikorttipakka: jokainen nostettu jokeri maksaa näin monta lisäkorttia.",
    ),
    "reshuffle": (
        "56588989", "Kun nostopakka loppuu",
        "Mitä tapahtuu, kun nostopakka loppuu. `sekoitus` (virallinen): poistopakka "
        "päällimmäistä korttia lukuun ottamatta sekoitetaan uudeksi nostopakaksi. `kääntö`: "
        "koko poistopakka käännetään kuvapuoli alaspäin sekoittamatta, ja uuden nostopakan "
        "päällimmäinen kortti aloittaa uuden poistopakan.",
    ),
    "uno_call": (
        "07b72881", "UNO!-huuto",
        "Pelaajan on huudettava UNO!, kun hän pelaa toiseksi viimeisen korttinsa; toinen "
        "pelaaja, joka nappaa unohtuneen huudon, saa hänet nostamaan rangaistuskortteja (2, "
        "ellei alla toisin muuteta).",
    ),
    "uno_call_with_two": (
        "a5ce58cb", "UNO!-huuto kahdella kortilla",
        "Milloin UNO! saa huutaa. `päällä`: omalla vuorolla kahden kortin kanssa ennen siirtoa, "
        "joka jättää yhden, sen siirron yhteydessä, tai milloin tahansa, kun kädessä on yksi "
        "kortti. `pois` (tiukka ajoitus): vain sen siirron yhteydessä, joka jättää yhden "
        "kortin, tai sen jälkeen, ei koskaan, kun kädessä on vielä kaksi.",
    ),
    "uno_call_needs_fit": (
        "8da3886d", "UNO! kahdella vaatii sopivan kortin",
        "Kun `uno_call_with_two` on päällä: vaatiiko UNO!-huuto kahden kortin kanssa kortin, "
        "jonka voisi pelata. `pois`: milloin tahansa omalla vuorolla ennen siirtoa, joka jättää "
        "yhden kortin (nostokortin edessä vain kortilla, joka vastaa siihen). `päällä` "
        "(letsuno/uno-online): vain kun toinen kahdesta kortista sopii pinoon (sen väri, numero "
        "tai symboli, tai villi kortti) tai nostokortin edessä vastaa siihen.",
    ),
    "uno_repeat_call": (
        "f63cd3b8", "Huuda UNO! uudestaan",
        "Saako jo UNO!-huudon tehnyt pelaaja huutaa uudestaan. `pois`: toinen huuto hylätään "
        "(siitä ei koskaan rangaista). `päällä` (letsuno/uno-online): se hyväksytään aina, kun "
        "ensimmäinenkin huuto hyväksyttäisiin, eikä se muuta mitään; myös yhden kortin jättävä "
        "pelisiirto voi sisältää sen.",
    ),
    "uno_penalty": (
        "cf7dadf0", "Kortit unohtuneesta UNO!-huudosta",
        "Montako korttia nostaa pelaaja, joka jää kiinni UNO!-huudon unohtamisesta.",
    ),
    "false_catch_penalty": (
        "8cf0640b", "Kortit aiheettomasta nappaamisesta",
        "Mitä maksaa nappaajalle sellaisen pelaajan nappaaminen, jota ei saa napata (hän on "
        "huutanut UNO!, hänellä on useampi kortti, tai aika napata on ohi). `0` (virallinen): "
        "nappaamista ei hyväksytä. Luku: nappaaja nostaa niin monta korttia.",
    ),
    "false_uno_penalty": (
        "a83abe2f", "Kortit aiheettomasta UNO!-huudosta",
        "Mitä maksaa UNO!-huuto silloin, kun sitä ei saa huutaa (kädessä liian monta korttia, "
        "tai kaksi korttia, kun huudon on odotettava). `0` (virallinen): huutoa ei hyväksytä. "
        "Luku: huutaja nostaa niin monta korttia.",
    ),
    "uno_catch_window": (
        "51bc3ff6", "Aika napata unohtunut UNO!",
        "Kuinka kauan muut voivat napata unohtuneen UNO!-huudon. `seuraavaan siirtoon` "
        "(virallinen): kunnes seuraava pelaaja toimii. `seuraavan vuoron loppuun`: kunnes "
        "seuraavan pelaajan vuoro on ohi. `seuraavaan pelaamiseen`: niin kauan kuin pelaajalla "
        "on yhä yksi kortti eikä hän ole pelannut uudestaan; mikä tahansa hänen oman vuoronsa "
        "siirto päättää ajan (myös saman numeron korttien vuoron lopettaminen). `niin kauan "
        "kuin yksi kortti` (letsuno/uno-online): niin kauan kuin pelaajalla on se yksi kortti, "
        "teki kuka tahansa välillä mitä tahansa.",
    ),
    "self_catch": (
        "7edf93b2", "Nappaa itsesi",
        "Saako pelaaja, jolle jäi yksi kortti eikä hän huutanut UNO!, napata itsensä. `pois` "
        "(virallinen): itsensä nappaamista ei hyväksytä. `päällä` (letsuno/uno-online): se "
        "hyväksytään, ja se maksaa unohtuneen UNO!-huudon kortit, kuin toinen pelaaja olisi "
        "napannut sinut.",
    ),
    "scoring": (
        "4b8dc0d1", "Miten peli voitetaan",
        "Miten kierrokset pisteytetään ja kuka voittaa pelin. `pistetavoite` (virallinen): "
        "kierroksen voittaja saa muiden käsiin jääneet pisteet; ensimmäinen voittopisteisiin "
        "yltänyt (500, ellei alla toisin muuteta) voittaa pelin. `pudotus`: omaan käteesi "
        "jääneet pisteet lasketaan sinua vastaan; pudotusrajan (250, ellei alla toisin muuteta) "
        "ylittänyt putoaa pelistä; viimeinen jäljelle jäänyt voittaa. `yksi kierros`: peli on "
        "yksi kierros.",
    ),
    "double_score": (
        "64f32da9", "Tuplapisteet",
        "Jokaisen kierroksen pisteet lasketaan kahteen kertaan: voittaja saa kaksinkertaisesti "
        "muiden käsiin jääneet pisteet (`pudotus`-pisteytyksessä kunkin käsi lasketaan "
        "kahdesti häntä vastaan).",
    ),
    "target_score": (
        "075c351d", "Voittopisteet",
        "Pisteet, joilla `pistetavoite`-pisteytyksessä voittaa pelin.",
    ),
    "elimination_threshold": (
        "2b8121a7", "Pudotusraja",
        "Itseä vastaan kertyneet pisteet, joiden jälkeen pelaaja putoaa `pudotus`-"
        "pisteytyksessä.",
    ),
}

#: (field, value) -> the Finnish label of a choice (the select's option and the descriptions'
#: `code` words)
OPTIONS_FI: dict[tuple[str, str], str] = {
    ("deck", "uno"): "UNO-pakka",
    ("deck", "playing-cards"): "pelikortit",
    ("first_card", "official"): "viralliset",
    ("first_card", "redraw-until-number"): "uusi kunnes numero",
    ("first_card", "redraw-wild"): "villi vaihdetaan",
    ("first_card", "lead-any"): "vapaa aloitus",
    ("two_player_reverse", "skip"): "ohitus",
    ("two_player_reverse", "none"): "ei vaikutusta",
    ("wild_draw_four", "challenge"): "haastettava",
    ("wild_draw_four", "strict"): "tiukka",
    ("wild_draw_four", "anytime"): "milloin vain",
    ("reshuffle", "shuffle"): "sekoitus",
    ("reshuffle", "turn-over"): "kääntö",
    ("same_number_turn", "same-number"): "sama numero",
    ("same_number_turn", "any-card"): "mikä tahansa kortti",
    ("draw_answers", "pending-card"): "odottava kortti",
    ("draw_answers", "top-card"): "päällimmäinen kortti",
    ("penalty_draw", "at-once"): "kerralla",
    ("penalty_draw", "one-by-one"): "yksi kerrallaan",
    ("after_draw_play", "drawn-card"): "nostettu kortti",
    ("after_draw_play", "any-card"): "mikä tahansa kortti",
    ("jump_in_window", "next-action"): "seuraavaan siirtoon",
    ("jump_in_window", "while-on-top"): "niin kauan kuin päällimmäisenä",
    ("uno_catch_window", "next-action"): "seuraavaan siirtoon",
    ("uno_catch_window", "next-turn-end"): "seuraavan vuoron loppuun",
    ("uno_catch_window", "until-next-play"): "seuraavaan pelaamiseen",
    ("uno_catch_window", "while-one-card"): "niin kauan kuin yksi kortti",
    ("scoring", "target"): "pistetavoite",
    ("scoring", "elimination"): "pudotus",
    ("scoring", "single-round"): "yksi kierros",
}

#: preset -> (its short Finnish name (for the preset's key, as the scores' rule line shows
#: it), Finnish title, Finnish description)
PRESETS_FI: dict[str, tuple[str, str, str]] = {
    "official": (
        "viralliset",
        "Viralliset säännöt",
        "UNO kuten laatikon ohjeissa: sovita väri tai numero, haasta bluffattu villi nosta "
        "neljä, huuda UNO!, ensimmäinen 500 pisteeseen voittaa.",
    ),
    "duo-uno-subset": (
        "kevennetyt",
        "Kevennetyt säännöt (ei haastetta, ei UNO!-huutoa)",
        "Villin nosta neljän saa pelata milloin vain eikä sitä voi haastaa, kukaan ei huuda "
        "UNO!, ja ensimmäiseksi käännetyn villin kortin tilalle käännetään toinen.",
    ),
    "duo-default": (
        "kevennetyt + pinoaminen",
        "Kevennetyt säännöt ja pinoaminen",
        "Kevennetyt säännöt ja pinoaminen: vastaa nosta kaksi -korttiin nosta kaksi -kortilla "
        "tai villiin nosta neljään villillä nosta neljällä, niin seuraava pelaaja nostaa ne "
        "kaikki.",
    ),
    "classic-notes": (
        "pudotuspeli",
        "Viimeinen pelissä voittaa (tiukat villit)",
        "Villi kortti nostattaa seuraavalla yhden ja sopii vain, kun mikään muu ei sovi; "
        "toimintakortilla ei pääse eroon, suunnanvaihto ei tee mitään kahdella pelaajalla, ja "
        "pisteet lasketaan sinua vastaan: yli 250 pisteellä putoat.",
    ),
    "house-party": (
        "juhlasäännöt",
        "Juhlien kotisäännöt",
        "Pinoa mikä tahansa nostokortti toisen päälle, hyppää vuoron ohi väliin samanlaisella "
        "kortilla, 7 vaihtaa kädet ja 0 siirtää ne eteenpäin, ja nosta, kunnes voit pelata.",
    ),
    "letsuno-classic": (
        "letsuno-klassinen",
        "Verkkopöydän klassiset säännöt (letsuno)",
        "Kuten letsuno-verkkopöydän klassiset säännöt: ei kotisääntöjä, sen omalla "
        "pelitavalla: unohtuneen UNO!-huudon voi napata niin kauan kuin kortti on kädessä "
        "(myös itse), huuto tai nappaus kumoaa nostosi, rangaistuskortit nostetaan yksi "
        "kerrallaan, noston jälkeen saa pelata minkä tahansa sopivan kortin; ensimmäinen 1000 "
        "pisteeseen voittaa.",
    ),
    "letsuno-party": (
        "letsuno-juhlat",
        "Verkkopöydän juhlasäännöt (letsuno)",
        "Kuten letsuno-verkkopöydän juhlasäännöt: pinoa nosta kaksi nosta kahden päälle ja "
        "villi nosta neljä villin nosta neljän päälle, hyppää väliin samanlaisella kortilla, 7 "
        "vaihtaa kädet ja 0 siirtää ne eteenpäin, nosta vain, kun mikään ei sovi, ja silloin "
        "kunnes jokin sopii; unohtuneen UNO!-huudon voi napata niin kauan kuin kortti on "
        "kädessä; ensimmäinen 1000 pisteeseen voittaa.",
    ),
    "letsuno-crazy": (
        "letsuno-hullut",
        "Verkkopöydän hullut säännöt (letsuno)",
        "Kuten letsuno-verkkopöydän hullut säännöt: juhlasäännöt sekä mikä tahansa nostokortti "
        "toisen päälle, suunnanvaihto palauttaa nostokortin ja ohitus siirtää sen eteenpäin "
        "(mikä tahansa väri), useampi saman numeron kortti, sopiva nostettu kortti on "
        "pelattava, villi nosta neljä milloin vain (nostetaan heti), tuplapisteet.",
    ),
    "everything-goes": (
        "kaikki käy",
        "Kaikki käy (villit kotisäännöt)",
        "Pinoa mikä tahansa nostokortti toisen päälle, palauta se suunnanvaihdolla tai siirrä "
        "eteenpäin ohituksella, hyppää väliin, 7 vaihtaa ja 0 siirtää kädet, pelaa kaikki "
        "saman numeron kortit kerralla, nosta kunnes voit pelata ja pelaa sopiva kortti, villi "
        "nosta neljä milloin vain, ja tuplapisteet.",
    ),
    "strict-table": (
        "tiukka pöytä",
        "Tiukka pöytä (virheet maksavat kortteja)",
        "Virallinen peli, mutta virheet maksavat kortteja: sopimaton kortti maksaa 1, "
        "aiheeton nappaaminen tai väärään aikaan huudettu UNO! maksaa 2, UNO! huudetaan vasta "
        "toiseksi viimeisen kortin kanssa tai sen jälkeen, eikä villillä tai nostokortilla "
        "pääse eroon.",
    ),
    "playing-cards": (
        "pelikortit",
        "Pelikortit (52 + 2 jokeria)",
        "Tavallinen korttipakka ja kaksi jokeria: maat ovat värejä, jätkä vaihtaa suunnan, rouva "
        "ohittaa, kuningas ja ässä pakottavat seuraavan nostamaan 2 ja 4, jokerin pelaaja "
        "nostaa itse 2; kullekin 10 korttia, ja ensimmäinen pelaaja aloittaa millä tahansa "
        "kortilla.",
    ),
}
