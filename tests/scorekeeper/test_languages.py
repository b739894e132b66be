"""French by default, English or Spanish on request; rule texts follow the language."""


def test_the_app_speaks_french_by_default(client, start_game):
    g = start_game("rami-contrat", ["A", "B", "C"])
    html = client.get(g.url).content.decode()
    assert 'lang="fr"' in html and "Deux brelans d&#x27;exactement 3 cartes" in html


def test_english_can_be_chosen_and_the_contract_follows(client, start_game):
    g = start_game("rami-contrat", ["A", "B", "C"])
    client.get("/language/en/", {"next": g.url})
    html = client.get(g.url).content.decode()
    assert 'lang="en"' in html
    assert "Two sets of exactly 3" in html and "Round 1 of 7" in html and "Dealer" in html


def test_engine_messages_follow_the_language(client, start_game):
    g = start_game("liverpool", ["A", "B"])
    client.get("/language/en/", {"next": "/"})
    response = client.post(g.url + "rounds/", {"went_out": "0", "points_1": "-4"})
    assert "A hand cannot be below 0." in response.content.decode()


def test_the_admin_lists_games_players_and_rounds(admin_client, start_game):
    start_game("liverpool", ["Anna", "Ben"])
    assert "liverpool" in admin_client.get("/admin/scorekeeper/game/").content.decode()
    assert "Anna" in admin_client.get("/admin/scorekeeper/player/").content.decode()
    assert admin_client.get("/admin/scorekeeper/round/").status_code == 200


def _refusal_codes() -> set[str]:
    """Every code the web app raises as a refusal, read from its source."""
    import ast
    from pathlib import Path

    refusals = {"ServiceError", "Conflict", "AlreadyImported", "ClubAlreadyImported"}
    codes = set()
    # Where the code sits in the call: a refusal's first argument, the refusal a service
    # gives a game of the other kind (`table_of`), the engine's problems a page refuses with.
    position = dict.fromkeys(refusals, 0) | {"table_of": 2, "Problem": 1}
    root = Path(__file__).parents[2]
    for path in [*(root / "scorekeeper").rglob("*.py"), root / "rules_engine" / "romi_table.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                name = node.func.id if isinstance(node.func, ast.Name) else None
                name = name or (node.func.attr if isinstance(node.func, ast.Attribute) else None)
                at = position.get(name or "")
                if at is not None and len(node.args) > at:
                    code = node.args[at]
                    if isinstance(code, ast.Constant) and isinstance(code.value, str):
                        codes.add(code.value)
    return codes


def test_every_refusal_code_has_its_own_words_in_french_english_and_spanish():
    from django.utils import translation

    from scorekeeper.core.refusals import ServiceError, refusal_words

    codes = _refusal_codes()
    assert {"romi_colour", "romi_combos", "romi_trophies", "no_rounds", "contract_gone"} <= codes
    assert {"romi_no_rounds", "no_romi"} <= codes
    params = {"most": 3, "count": 4, "number": 2, "played": 1, "name": "Ana", "low": 2}
    params |= {"high": 6, "first": "Ana", "second": "Ben", "current": 2, "option": "decks"}
    params |= {"words": "…", "playing": 3, "n": 4, "where": "rounds[0]", "what": "…", "place": "…"}
    fallback = {}
    for language in ("en", "fr", "es"):
        with translation.override(language):
            fallback[language] = refusal_words(ServiceError("round_invalid"))
    for code in sorted(codes - {"round_invalid"}):
        words = {}
        for language in ("en", "fr", "es"):
            with translation.override(language):
                words[language] = refusal_words(ServiceError(code, **params))
            assert words[language] not in (code, fallback[language]), (code, language)
        assert len({words["fr"], words["en"], words["es"]}) == 3, code


def test_french_elides_de_before_a_name_that_starts_with_a_vowel(client, start_game):
    g = start_game("rami-contrat", ["Alice", "Ben", "Émilie"])
    html = client.get(g.url).content.decode()
    assert "Toucher les cartes d’Alice" in html and "Toucher les cartes d’Émilie" in html
    assert "Toucher les cartes de Ben" in html and "de Alice" not in html
    assert "Cartes restantes d’Alice" in html
    client.get("/language/en/")
    assert "Tap the cards Alice holds" in client.get(g.url).content.decode()
