"""A seat's Picture (euchre_lesson/look): built from the engine's view of one seat, it shows only what that seat may
see, offers exactly the legal actions, places the seats as the viewer sits, and says what to do at every step."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace

import pytest
from picture_checks import check_picture, hidden_from

from euchre_lesson.engine.actions import Action, Verb, parse_action
from euchre_lesson.engine.cards import parse_card
from euchre_lesson.engine.game import GameState, new_game
from euchre_lesson.engine.hand import HandState, deal_hand
from euchre_lesson.engine.phases import Phase
from euchre_lesson.engine.rules import CUTTHROAT, PARTNERSHIP, PRESETS, RAILROAD, TWO_HANDED, RuleSet
from euchre_lesson.look.clicks import Toggle, action_for
from euchre_lesson.look.picture import Click, Picture
from euchre_lesson.look.prompts import Sitter
from euchre_lesson.look.seat_picture import default_names, open_hands_of, picture_of, places, tool

# The four games, and the switches that add steps: stick the dealer (C9), naming the turned-down suit (C8), the
# club rule (C7, C10), the dealer's left leading (C11), a call for best in the partnership game (R3).
RULE_SETS = [
    *PRESETS.values(),
    replace(CUTTHROAT, stick_the_dealer=True, may_name_turned_suit=True),
    replace(PARTNERSHIP, stick_the_dealer=True, call_for_best=True, partner_may_go_alone=False),
    replace(RAILROAD, opening_lead="dealer_left", dealer_must_pick_up=True, stick_the_dealer=True),
    replace(TWO_HANDED, stick_the_dealer=True, dealer_must_pick_up=False),
]


def states(rules: RuleSet, seed: int, hands: int) -> list[GameState]:
    """Every moment of a game played with random legal actions, for `hands` hands (or to its end)."""
    rng, game, out = random.Random(seed), new_game(rules, seed=seed), []
    while not game.is_over and len(game.hands) <= hands:
        out.append(game)
        game = game.apply(rng.choice(game.legal_actions()))
    return out + [game]


def first(rules: RuleSet, wanted, seed: int = 1, hands: int = 30, actions=None) -> GameState:
    """The first moment of random play where `wanted(game)` holds; `actions(game, rng)` may steer the play."""
    rng = random.Random(seed)
    game = new_game(rules, seed=seed)
    for _ in range(hands * 40):
        if wanted(game):
            return game
        legal = game.legal_actions()
        game = game.apply((actions(game, rng) if actions else None) or rng.choice(legal))
    raise AssertionError("no such moment in the games played")


def passing(game: GameState, rng: random.Random) -> Action | None:
    """Pass whenever passing is allowed: the bidding goes round twice."""
    return next((action for action in game.legal_actions() if action.kind is Verb.PASS), None)


def click(picture: Picture, card: str | None = None, key: str | None = None) -> Click:
    return Click(moment=picture["moment"], card=card, key=key)


def seat_of(picture: Picture, seat: int):
    return next(shown for shown in picture["seats"] if shown["seat"] == seat)


# -- every seat at every moment of random games ---------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: f"{rules.game}-{len(rules.switches())}")
def test_every_seat_sees_only_its_view_and_is_offered_exactly_its_legal_actions(rules):
    moments = 0
    for seed in (1, 2):
        for game in states(rules, seed, hands=6):
            hand = game.hand
            for seat in range(rules.players):
                view = game.view(seat)
                picture = picture_of(view, moment=moments)
                check_picture(picture, view, hand)
                check_picture(picture_of(view, onlooker=True), view, hand, onlooker=True)
                for action in view.legal[:12]:  # every action offered reads back as itself
                    if action.kind.carries == "card":
                        assert action_for(view, click(picture, card=str(action.card)), moment=moments) == action
                    elif action.kind.carries != "cards":
                        assert action_for(view, click(picture, key=str(action)), moment=moments) == action
                moments += 1
    assert moments > 300


def test_the_checker_fails_on_a_hidden_card_and_on_a_card_wrongly_legal():
    """Positive controls: the checks above can fail."""
    game = states(PARTNERSHIP, 1, hands=1)[0]
    view, hand = game.view(0), game.hand
    picture = picture_of(view)
    check_picture(picture, view, hand)
    hidden = next(iter(hand.hands[1]))
    leaked = copy.deepcopy(picture)
    seat_of(leaked, 1)["cards"].append(seat_of(leaked, 0)["cards"][0] | {"id": str(hidden)})
    with pytest.raises(AssertionError, match="not seen"):
        check_picture(leaked, view, hand)
    said = copy.deepcopy(picture)
    said["prompt"] += f" West holds the {hidden}."
    with pytest.raises(AssertionError, match="named in words"):
        check_picture(said, view, hand)
    assert str(hidden) in hidden_from(hand, 0)
    wrong = copy.deepcopy(picture)
    seat_of(wrong, 0)["cards"][0]["legal"] = True  # round one: no card may be played
    with pytest.raises(AssertionError, match="legal cards"):
        check_picture(wrong, view, hand)


# -- places -------------------------------------------------------------------------------------------------


def test_places_as_the_viewer_sits_in_each_game():
    four = new_game(PARTNERSHIP, seed=1)
    assert places(four.view(0)) == {1: "left", 2: "top", 3: "right", 0: "bottom"}
    assert places(four.view(1)) == {2: "left", 3: "top", 0: "right", 1: "bottom"}  # the partner opposite
    assert places(new_game(RAILROAD, seed=1).view(3)) == {0: "left", 1: "top", 2: "right", 3: "bottom"}
    assert places(new_game(CUTTHROAT, seed=1).view(2)) == {0: "left", 1: "right", 2: "bottom"}
    assert places(new_game(TWO_HANDED, seed=1).view(1)) == {0: "top", 1: "bottom"}


def test_cutthroat_has_no_top_seat_and_the_dummy_face_down():
    picture = picture_of(new_game(CUTTHROAT, seed=1).view(0))
    assert "top" not in [seat["place"] for seat in picture["seats"]]
    assert picture["dummy"] == {"words": "The dummy, face down", "cards": [], "backs": 5, "backs_words": "5 cards"}


def test_names_and_roles_everywhere():
    game = new_game(PARTNERSHIP, seed=4)
    view = game.view(0)
    names = default_names(view, people={2: "Ann"}, away={2})
    assert [sitter.name for sitter in names] == ["You", "West", "Ann", "East"]
    picture = picture_of(view, names=names)
    ann = seat_of(picture, 2)
    assert ann["name"] == "Ann" and ann["away"] and not ann["computer"] and ann["roles"].startswith("your partner")
    assert [score["words"] for score in picture["scores"]] == ["You and Ann", "West and East"]
    to_act = names[view.to_act].name
    assert picture["prompt"].endswith(f"Waiting for {to_act} to bid.") or picture["your_turn"]
    dealer = seat_of(picture, view.dealer)
    assert dealer["dealer"] and "dealer" in dealer["roles"]


# -- the up-card ---------------------------------------------------------------------------------------------


def test_the_up_card_face_up_in_round_one_turned_down_after():
    game = new_game(CUTTHROAT, seed=3)
    up = str(game.hand.up_card)
    assert picture_of(game.view(0))["up_card"]["cards"][0]["id"] == up
    game = first(CUTTHROAT, lambda g: g.hand.phase is Phase.ROUND_TWO, actions=passing)
    pile = picture_of(game.view(0))["up_card"]
    assert pile["cards"] == [] and pile["backs"] == 1 and "turned down" in pile["words"] and up in pile["words"]


def test_the_up_card_taken_is_drawn_in_the_dealers_hand():
    def taken(game: GameState) -> bool:
        return bool(game.hand.picked_up) and game.hand.phase is Phase.GOING_ALONE

    game = first(
        PARTNERSHIP, taken, actions=lambda g, rng: parse_action("order") if g.hand.phase is Phase.ROUND_ONE else None
    )
    dealer, up = game.hand.dealer, str(game.hand.up_card)
    other = (dealer + 1) % 4
    picture = picture_of(game.view(other))
    assert picture["up_card"] is None
    assert [card["id"] for card in seat_of(picture, dealer)["cards"]] == [up] and seat_of(picture, dealer)["backs"] == 4


def test_the_dealer_chooses_what_to_lay_aside_from_six():
    game = first(CUTTHROAT, lambda g: g.hand.phase is Phase.PICKUP, actions=lambda g, rng: parse_action("order"))
    dealer, up = game.hand.dealer, game.hand.up_card
    view = game.view(dealer)
    picture = picture_of(view)
    cards = seat_of(picture, dealer)["cards"]
    assert len(cards) == 6 and picture["up_card"] is None
    up_card = next(card for card in cards if card["id"] == str(up))
    assert not up_card["legal"] and "stays in your hand" in up_card["why_not"]
    assert picture["prompt"].startswith("You are the dealer: click one of your six cards to lay it aside")
    with pytest.raises(ValueError, match="stays in your hand"):
        action_for(view, click(picture, card=str(up)), moment=0)
    laid = next(card for card in cards if card["legal"])
    assert action_for(view, click(picture, card=laid["id"]), moment=0) == parse_action(f"pickup {laid['id']}")


# -- prompts -------------------------------------------------------------------------------------------------


def test_stick_the_dealer_says_so_and_offers_no_pass():
    rules = replace(PARTNERSHIP, stick_the_dealer=True)

    def dealer_stuck(game: GameState) -> bool:
        return game.hand.phase is Phase.ROUND_TWO and game.hand.to_act == game.hand.dealer

    game = first(rules, dealer_stuck, actions=passing)
    picture = picture_of(game.view(game.hand.dealer))
    assert picture["prompt"].startswith("Stick the dealer: ") and "must name trump" in picture["prompt"]
    assert "pass" not in [button["key"] for button in picture["buttons"]]
    assert len(picture["buttons"]) == 3  # the three suits not turned down (C8)
    before = picture_of(game.view((game.hand.dealer + 1) % 4))
    assert before["prompt"].startswith("Waiting for") and "name a suit as trump or pass" in before["prompt"]


def test_round_two_prompt_and_waiting_words():
    game = first(PARTNERSHIP, lambda g: g.hand.phase is Phase.ROUND_TWO, actions=passing)
    seat = game.hand.to_act
    picture = picture_of(game.view(seat))
    assert picture["prompt"].startswith('Round two: name a suit as trump, or "Pass"')
    assert {button["key"] for button in picture["buttons"]} >= {"pass"}
    names = [Sitter("Ann"), Sitter("Ben"), Sitter("Cy"), Sitter("Dev")]
    names[(seat + 1) % 4] = Sitter("You")
    waiting = picture_of(game.view((seat + 1) % 4), names=names)
    assert f"Waiting for {names[seat].name} to name a suit as trump or pass." in waiting["prompt"]
    assert f"Not your turn: {names[seat].name} is to name" in seat_of(waiting, (seat + 1) % 4)["cards"][0]["why_not"]


def test_the_keep_step_marks_the_dummys_five_and_keeps_them_apart():
    game = first(CUTTHROAT, lambda g: g.hand.phase is Phase.DUMMY, hands=60)
    maker = game.hand.maker
    view = game.view(maker)
    picture = picture_of(view)
    cards = seat_of(picture, maker)["cards"]
    assert [card["from_dummy"] for card in cards] == [False] * 5 + [True] * 5
    assert {card["id"] for card in cards[5:]} == {str(card) for card in game.hand.dummy}
    assert picture["keep"] == 5 and all(card["legal"] for card in cards)
    keep = next(button for button in picture["buttons"] if button["kind"] == "keep")
    assert not keep["enabled"] and keep["words"] == "Keep these five"
    assert action_for(view, click(picture, card=cards[7]["id"]), moment=0) == Toggle(parse_card(cards[7]["id"]))
    with pytest.raises(ValueError, match="five cards selected first"):
        action_for(view, click(picture, key=keep["key"]), moment=0)
    chosen = [parse_card(card["id"]) for card in cards[3:8]]
    picked = picture_of(view, chosen=chosen)
    assert [card["chosen"] for card in seat_of(picked, maker)["cards"]] == [False] * 3 + [True] * 5 + [False] * 2
    keep = next(button for button in picked["buttons"] if button["kind"] == "keep")
    assert keep["enabled"] and "Selected 5 of 5" in picked["prompt"]
    action = action_for(view, click(picked, key=keep["key"]), moment=0)
    assert action.kind is Verb.KEEP and set(action.cards) == set(chosen) and action in view.legal
    others = picture_of(game.view((maker + 1) % 3))
    assert others["dummy"]["backs"] == 5 and not others["dummy"]["cards"]
    with pytest.raises(ValueError, match="among the maker's ten"):
        picture_of(view, chosen=[game.hand.hands[(maker + 1) % 3][0]])


def test_a_card_that_does_not_follow_suit_says_why():
    def must_follow(game: GameState) -> bool:
        view = game.view(game.hand.to_act) if game.hand.to_act is not None else None
        return bool(view and view.phase is Phase.PLAY and len(view.legal) < len(view.hand))

    game = first(PARTNERSHIP, must_follow)
    view = game.view(game.hand.to_act)
    picture = picture_of(view)
    assert picture["prompt"].startswith("Your turn: follow suit")
    barred = next(card for card in seat_of(picture, view.seat)["cards"] if not card["legal"])
    assert barred["why_not"].startswith("You must follow") and barred["why_not"].endswith(" (C12).")
    with pytest.raises(ValueError, match="You must follow"):
        action_for(view, click(picture, card=barred["id"]), moment=0)


def test_a_trick_taken_shows_its_winner_until_the_next_lead():
    def taken(game: GameState) -> bool:
        hand = game.hand
        return hand.phase is Phase.PLAY and len(hand.tricks) == 2 and not hand.trick.cards

    game = first(PARTNERSHIP, taken)
    view = game.view(0)
    trick = picture_of(view, names=default_names(view))["trick"]
    winner = game.hand.tricks[-1].winner
    assert trick["number"] == 2 and trick["winner"] == winner and len(trick["cards"]) == 4
    assert trick["words"].startswith(f"Trick 2: {default_names(view)[winner].name.replace('You', 'you')} won it with")
    assert {played["place"] for played in trick["cards"]} == {"bottom", "left", "top", "right"}


def test_going_alone_sitting_out_and_the_call_for_best():
    def alone(game: GameState, rng: random.Random) -> Action | None:
        legal = game.legal_actions()
        return next((action for action in legal if action.kind in (Verb.ORDER, Verb.ALONE)), None)

    game = first(RAILROAD, lambda g: g.hand.phase is Phase.EXCHANGE, actions=alone)
    hand = game.hand
    giver = hand.to_act
    lone = (giver + 2) % 4
    picture = picture_of(game.view(giver))
    assert "calls for your best card: click the card to give (R3)" in picture["prompt"]
    assert seat_of(picture, lone)["alone"] and seat_of(picture, giver)["out"]
    watcher = picture_of(game.view((giver + 1) % 4))
    assert "their best card" in watcher["prompt"] and "alone" in watcher["trump_words"]
    gave = game.apply(game.legal_actions()[0])
    laying = picture_of(gave.view(lone))
    assert laying["prompt"].startswith("North, your partner, gave you the") and "six cards" in laying["prompt"]
    played = first(RAILROAD, lambda g: g.hand.phase is Phase.PLAY, actions=alone)
    out = played.hand.sitting_out[0]
    assert picture_of(played.view(out))["prompt"].startswith("You sit this hand out")


def test_every_phase_prompts_the_seat_to_act():
    seen = set()
    for rules in RULE_SETS:
        for game in states(rules, 5, hands=4):
            hand = game.hand
            if hand.to_act is not None:
                prompt = picture_of(game.view(hand.to_act))["prompt"]
                assert prompt and not prompt.startswith("Waiting") and "choose with the buttons." not in prompt
                seen.add(hand.phase)
    assert seen == set(Phase) - {Phase.DONE}


def test_the_hand_over_and_the_game_over():
    game = states(CUTTHROAT, 7, hands=40)[-1]
    assert game.is_over
    view = game.view(0)
    picture = picture_of(view, tools=[tool("new game", "New game", "start again"), tool("hint", "Hint", "", False)])
    assert picture["prompt"].startswith(("The hand is over", "Everyone passed")) and "Game over: " in picture["prompt"]
    assert picture["prompt"].endswith(' won. Press "New game".')
    assert picture["buttons"][-1]["kind"] == "tool" and not picture["your_turn"]
    mid = first(PARTNERSHIP, lambda g: len(g.hands) == 2)
    over = mid.hands[0]
    tools = [
        tool("grade", "Grade my decisions", "grade"),
        tool("next hand", "Next hand", "deal"),
        tool("undo", "Undo", ""),
    ]
    said = picture_of(over.view(0), scores=mid.scores, tools=tools)["prompt"]
    assert said.startswith(("The hand is over: ", "Everyone passed twice")) and "Game over" not in said
    assert said.endswith('. Press "Grade my decisions" or "Next hand".')


def test_open_hands_show_every_card():
    game = new_game(CUTTHROAT, seed=2)
    picture = picture_of(game.view(0), open_hands=open_hands_of(game.hand))
    assert all(len(seat["cards"]) == 5 and seat["backs"] == 0 for seat in picture["seats"])
    assert len(picture["dummy"]["cards"]) == 5


def test_an_onlooker_sees_no_hand_and_may_click_nothing():
    game = first(CUTTHROAT, lambda g: g.hand.phase is Phase.DUMMY, hands=60)
    maker = game.hand.maker
    names = [Sitter("Ann"), Sitter("Ben"), Sitter("Cy")]
    picture = picture_of(game.view(maker), names=names, onlooker=True)
    assert not picture["your_turn"] and picture["buttons"] == [] and picture["keep"] == 0
    up = str(game.hand.up_card)  # the up-card taken is known to lie in the dealer's hand
    assert all(len(seat["cards"]) + seat["backs"] == 5 for seat in picture["seats"])
    assert {card["id"] for seat in picture["seats"] for card in seat["cards"]} <= {up}
    assert (
        picture["prompt"].startswith(f"{names[maker].name} made ")
        and f"Waiting for {names[maker].name} to take" in picture["prompt"]
    )
    opened = picture_of(game.view(maker), names=names, onlooker=True, open_hands=open_hands_of(game.hand))
    assert all(len(seat["cards"]) == 5 for seat in opened["seats"]) and not opened["your_turn"]
    assert default_names(game.view(0), onlooker=True)[0].name == "South"


# -- clicks read back --------------------------------------------------------------------------------------


def test_bad_clicks_say_what_was_wrong_and_what_would_be_right():
    game = first(PARTNERSHIP, lambda g: g.hand.phase is Phase.PLAY and g.hand.to_act is not None)
    view = game.view(game.hand.to_act)
    picture = picture_of(view, moment=4)
    mine = seat_of(picture, view.seat)["cards"]
    with pytest.raises(ValueError, match="moment 3.*moment 4 now"):
        action_for(view, Click(moment=3, card=mine[0]["id"], key=None), moment=4)
    with pytest.raises(ValueError, match="not a card's id"):
        action_for(view, click(picture, card="Zz"), moment=4)
    stranger = next(card for card in game.hand.hands[(view.seat + 1) % 4])
    with pytest.raises(ValueError, match="not one of your cards"):
        action_for(view, click(picture, card=str(stranger)), moment=4)
    with pytest.raises(ValueError, match="no button with the key 'hint'"):
        action_for(view, click(picture, key="hint"), moment=4)
    with pytest.raises(ValueError, match="one of the two"):
        action_for(view, click(picture, card=mine[0]["id"], key="pass"), moment=4)
    with pytest.raises(ValueError, match="must say its moment"):
        action_for(view, {"card": mine[0]["id"], "key": None}, moment=4)
    with pytest.raises(ValueError, match="moment must be int"):
        action_for(view, {"moment": "4", "card": mine[0]["id"], "key": None}, moment=4)
    waiting = game.view((view.seat + 1) % 4)
    theirs = str(waiting.hand[0])
    with pytest.raises(ValueError, match="Not your turn"):
        action_for(waiting, click(picture, card=theirs), moment=4)


def test_a_hand_alone_has_no_scores_and_a_picture_is_json():
    hand: HandState = deal_hand(PARTNERSHIP, 0, seed=9)
    picture = picture_of(hand.view(1), title_extra="hand 1", note="Welcome.", mood="good")
    assert picture["scores"] == [] and picture["title"] == "Partnership Euchre · to 10 points · hand 1"
    assert picture["prompt"].startswith("Welcome. ") and picture["mood"] == "good"
    json.dumps(picture)
    with pytest.raises(ValueError, match="name each of the 4 seats"):
        picture_of(hand.view(1), names=[Sitter("You")])
    with pytest.raises(ValueError, match="not empty"):
        picture_of(hand.view(1), names=["Ann", "You", "", "Dev"])
    with pytest.raises(ValueError, match="game.view"):
        picture_of(hand)
    named = picture_of(hand.view(1), names=["Ann", "You", "Cy", "Dev"])
    assert [seat["name"] for seat in named["seats"]] == ["Ann", "You", "Cy", "Dev"]
    assert named["scores"] == [] and not any(seat["computer"] for seat in named["seats"])


def test_what_a_screen_reader_hears_of_the_table_is_in_the_learner_s_language():
    """The counts table.js reads out (tricks won, cards face down, a pile's cards) and its own words (the middle of
    the table, the scores) come with the picture in the language chosen: the view has only English of its own."""
    from euchre_lesson.engine.language import speaking

    view = new_game(CUTTHROAT, seed=1).view(0)
    english = picture_of(view)
    with speaking("fr"):
        french = picture_of(view)
    west = next(seat for seat in french["seats"] if seat["seat"] != 0)
    assert (west["tricks_words"], west["backs_words"]) == ("0 pli gagné", "5 cartes face cachée")
    assert french["dummy"]["backs_words"] == "5 cartes"
    assert french["labels"]["middle"] == "Le milieu de la table" and "{target}" in french["labels"]["scores"]
    assert (french["labels"]["your_hand"], french["labels"]["what_to_do"]) == ("Ta main", "Que faire")
    west = next(seat for seat in english["seats"] if seat["seat"] != 0)
    assert (west["tricks_words"], west["backs_words"]) == ("0 tricks won", "5 cards face down")


def test_the_table_view_names_its_parts_for_a_screen_reader_in_the_picture_s_words():
    """Its hand and its prompt were named "Your hand" and "What to do" in English on every page."""
    import re
    from pathlib import Path

    import euchre_lesson.look

    script = (Path(euchre_lesson.look.__file__).parent / "table.js").read_text(encoding="utf-8")
    assert re.findall(r'"aria-label": "[^"]*"', script) == []
