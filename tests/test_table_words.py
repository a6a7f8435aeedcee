"""The table's words in the learner's language: a seat's picture built in French or Estonian has no English left in
its buttons, seat names, prompt, trick and trump words; each page draws in its own; a begun language falls back to
English word by word, never to an empty label."""

from __future__ import annotations

import random
import re
import threading

import pytest

from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.hand import HandState
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.narration import story
from euchre_lesson.engine.phases import Phase
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.look.picture import Picture
from euchre_lesson.look.seat_picture import picture_of, tool

# English words the table says often: one of them left in a French or Estonian picture is a string not translated.
ENGLISH = re.compile(
    r"\b(?:the|you|You|your|Your|and|or|Pass|Press|Trick|trick|tricks|trump|Trump|Waiting|dealer|partner|alone|"
    r"West|North|East|South|turn|click|Round|round|Up-card|up-card|dummy|Play|played|Keep|Order|Accept|Call|"
    r"Defend|Go|maker|makers|score|scores|nobody|Next|hand)\b"
)
# The words English shares with a language's own game words: Estonian says "trump" and "partner" (the glossary's words).
OWN = {"fr": set(), "et": {"trump", "Trump", "partner"}}
TOOLS = [tool("hint", "Hint", "a hint"), tool("next hand", "Next hand", "deal the next hand")]


def moments(seed: int, hands: int = 2) -> list[HandState]:
    """Every moment of each preset's game played at random for a few hands, and each hand once over: every phase,
    every kind of button."""
    out: list[HandState] = []
    for rules in PRESETS.values():
        rng, game = random.Random(seed), new_game(rules, seed=seed)
        while not game.is_over and len(game.hands) <= hands:
            out.append(game.hand)
            game = game.apply(rng.choice(game.legal_actions()))
        out += game.hands
    return out


def table_words(picture: Picture) -> list[str]:
    """The words of a picture a learner reads at the table (the host's own tools left out: their words are its)."""
    words = [picture["prompt"], picture["trump_words"]]
    words += [
        text for button in picture["buttons"] if button["kind"] != "tool" for text in (button["words"], button["why"])
    ]
    words += [text for seat in picture["seats"] for text in (seat["name"], seat["roles"])]
    words += [score["words"] for score in picture["scores"]]
    words += [pile["words"] for pile in (picture["dummy"], picture["up_card"]) if pile]
    if picture["trick"]:
        words.append(picture["trick"]["words"])
    return words + list(picture.get("labels", {}).values())


def pictures(hand: HandState) -> list[Picture]:
    """The picture of the seat to act and of seat 0, with the host's tools."""
    seats = {hand.to_act if hand.to_act is not None else 0, 0}
    return [picture_of(hand.view(seat), tools=[] if hand.is_over else TOOLS) for seat in seats]


@pytest.mark.parametrize("code", ["fr", "et"])
def test_a_seat_s_picture_in_french_or_estonian_has_no_english_word_left(code):
    # The scoring row of a finished hand quotes only the tools' words, which the host translates: none here.
    phases: set[Phase] = set()
    for hand in moments(seed=7):
        with speaking(code):
            drawn = pictures(hand)
        phases.add(hand.phase)
        for picture in drawn:
            for words in table_words(picture):
                left = [word for word in ENGLISH.findall(words) if word not in OWN[code]]
                assert not left, f"{code}, {hand.phase.name}: {left} left in English in {words!r}"
    assert {Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.PLAY, Phase.DONE} <= phases


def test_the_check_finds_english_where_it_is_left():
    hand = moments(seed=7)[0]
    english = [words for picture in pictures(hand) for words in table_words(picture)]
    assert any(ENGLISH.search(words) for words in english)


@pytest.mark.parametrize("code", ["fr", "et"])
def test_the_table_s_story_and_the_phase_names_are_in_the_language_chosen(code):
    hand = [hand for hand in moments(seed=3, hands=1) if hand.is_over][-1]  # a hand over: its whole story
    with speaking(code):
        told = [line for _index, line in story(hand.view(0))]
        phase = str(hand.phase)
    left = [word for line in told for word in ENGLISH.findall(line) if word not in OWN[code]]
    assert len(told) > 5 and not left, told
    assert phase != hand.phase.value and not set(ENGLISH.findall(phase)) - OWN[code]
    assert str(hand.phase) == hand.phase.value  # English outside the block


def test_english_is_unchanged():
    game = new_game(PRESETS["partnership"], seed=1)
    picture = picture_of(game.view(game.hand.to_act))
    assert [seat["name"] for seat in picture["seats"]] == ["South", "West", "North", "East"][
        : len(picture["seats"])
    ] or ("You" in [seat["name"] for seat in picture["seats"]])
    assert picture["prompt"].startswith(("Round one:", "You are the dealer. Round one:"))
    assert "Pass" in [button["words"] for button in picture["buttons"]]


def test_two_pages_each_draw_the_same_seat_in_their_own_language():
    game = new_game(PRESETS["partnership"], seed=1)
    view = game.view(game.hand.to_act)
    drawn: dict[str, Picture] = {}

    def page(code: str) -> None:
        for _turn in range(20):  # drawn again and again while the other page draws too
            with speaking(code):
                drawn[code] = picture_of(view)

    threads = [threading.Thread(target=page, args=(code,)) for code in ("fr", "et")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with speaking("fr"):
        french = picture_of(view)
    with speaking("et"):
        estonian = picture_of(view)
    assert drawn == {"fr": french, "et": estonian} and french != estonian
    assert "Passer" in [button["words"] for button in french["buttons"]]
    assert "Passi" in [button["words"] for button in estonian["buttons"]]
    assert "Toi" in [seat["name"] for seat in french["seats"]] and "Sina" in [
        seat["name"] for seat in estonian["seats"]
    ]


@pytest.mark.parametrize("code", ["sq", "jv", "ka", "ha"])
def test_a_begun_language_shows_its_short_words_and_english_for_the_rest_never_an_empty_label(code):
    game = new_game(PRESETS["partnership"], seed=1)
    view = game.view(game.hand.to_act)
    english = picture_of(view)
    with speaking(code):
        begun = picture_of(view)
    names = {button["words"]: button for button in begun["buttons"]}
    assert "Pass" not in names  # the short words are translated
    assert begun["seats"][0]["name"] != english["seats"][0]["name"]
    # A long sentence not yet translated is English, whole, with the buttons it names in their translated words.
    assert begun["prompt"].startswith("Round one: the up-card") and '"Pass"' not in begun["prompt"]
    labels, english_labels = begun.get("labels", {}), english.get("labels", {})
    assert labels.keys() == english_labels.keys() and all(words.strip() for words in labels.values())
    assert labels["your_turn"] != english_labels["your_turn"]  # a short word translated ...
    assert labels["from_dummy"] == english_labels["from_dummy"]  # ... and one not yet: English, never empty
    for button in begun["buttons"]:
        assert button["words"].strip() and button["why"].strip()
    assert all(seat["name"].strip() for seat in begun["seats"])


def test_a_card_is_named_aloud_in_the_language_chosen_and_its_notation_stays():
    from euchre_lesson.engine.cards import Suit
    from euchre_lesson.look.faces import spoken

    with speaking("fr"):
        french = spoken("J♥"), spoken("J♦", Suit.HEARTS), spoken("10♠")
    with speaking("et"):
        estonian = spoken("J♥"), spoken("J♦", Suit.HEARTS), spoken("10♠")
    assert french == ("valet de cœur", "valet de carreau, valet gauche", "dix de pique")
    assert estonian == ("ärtu poiss", "ruutu poiss, vasak poiss", "poti kümme")
    assert spoken("J♦", Suit.HEARTS) == "jack of diamonds, left bower"
    game = new_game(PRESETS["partnership"], seed=1)
    with speaking("fr"):
        picture = picture_of(game.view(game.hand.to_act))
    cards = picture["seats"][[seat["place"] for seat in picture["seats"]].index("bottom")]["cards"]
    assert cards and all(" de " in card["spoken"] or card["spoken"] == "joker" for card in cards)
    assert all(re.fullmatch(r"(?:10|[2-9JQKA])[♠♥♦♣]|Joker", card["id"]) for card in cards)  # the notation stays


def test_the_story_names_each_seat_by_its_name_in_the_language_chosen():
    from euchre_lesson.look.prompts import in_names

    names = ["Toi", "Ouest", "Nord", "Est"]
    with speaking("fr"):
        said = in_names("Place 1 : passe ; ton partenaire (place 2) : commande le 9♠", names)
        kept = in_names("place 7 : passe", names)  # no such seat: the words as they are
    assert said == "Ouest : passe ; ton partenaire Nord : commande le 9♠"
    assert kept == "place 7 : passe"
    with speaking("et"):
        assert in_names("sinu partner (koht 2): pass", ["Sina", "Lääs", "Põhi", "Ida"]) == "sinu partner Põhi: pass"
    assert in_names("seat 1 passed", ["You", "West", "North", "East"]) == "West passed"
