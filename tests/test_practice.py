"""Endless practice: questions right by independent re-derivations, seeded, weighted towards mistakes, a streak."""

import random
from collections import Counter

import pytest
from widget_checks import check

from euchre_lesson import CUTTHROAT, PARTNERSHIP
from euchre_lesson.engine.cards import SAME_COLOUR, Card, Rank, Suit, deck, parse_card
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.hand import Phase
from euchre_lesson.engine.tricks import legal_plays, trick_winner
from euchre_lesson.teach import practice
from euchre_lesson.teach.exercises import BestFive, Bid, LegalPlays, Score, TrickWinner, WhichSuit
from euchre_lesson.teach.practice import KINDS, Practice, question
from euchre_lesson.teach.progress import Progress

SEEDS = range(60)


# -- independent re-derivations of the rules, written from RULES.md ---------------------------------


def ref_suit(card: Card, trump: Suit) -> Suit:
    """C2, C3: the joker and the jack of the other suit of trump's colour are trumps; every other card keeps its
    suit."""
    if card.rank is Rank.JOKER or card.rank is Rank.JACK and card.suit is SAME_COLOUR[trump]:
        return trump
    return card.suit


PLAIN_ORDER = [Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]


def ref_strength(card: Card, trump: Suit, led: Suit) -> int:
    """C3, C2, C13: the joker, the right bower, the left bower, the other trumps by rank, then the suit led; others
    0."""
    if card.rank is Rank.JOKER:
        return 300
    if card == Card(Rank.JACK, trump):
        return 200
    if ref_suit(card, trump) is trump:
        return 190 if card.rank is Rank.JACK else 100 + PLAIN_ORDER.index(card.rank)
    return 10 + PLAIN_ORDER.index(card.rank) if card.suit is led else 0


def ref_winner(cards, trump: Suit) -> Card:
    led = ref_suit(cards[0], trump)
    return max(cards, key=lambda card: ref_strength(card, trump, led))


def ref_legal(hand, trick, trump: Suit) -> set:
    """C12: follow the suit led (by its suit in play) if able, else anything."""
    if not trick:
        return set(hand)
    led = ref_suit(trick[0], trump)
    return {c for c in hand if ref_suit(c, trump) is led} or set(hand)


# T7, F4, W6 and R4 as RULES.md prints them: (makers, defenders) by (game, maker tricks, maker alone, lone defender).
def ref_points(game: str, tricks: int, alone: bool, lone_defender: bool) -> tuple[int, int]:
    if tricks in (3, 4):
        return 1, 0
    if tricks == 5:
        return (3, 0) if game == "cutthroat" else ((4, 0) if alone else (2, 0))
    if lone_defender:
        return (0, 4) if tricks == 0 or game == "railroad" and alone else (0, 2)
    return 0, 2


def ref_count(hand, trump: Suit) -> int:
    """Lesson 2's count: each trump, each bower once more, each off-suit ace."""
    trumps = [c for c in hand if ref_suit(c, trump) is trump]
    bowers = [c for c in trumps if c.rank in (Rank.JACK, Rank.JOKER)]  # the joker counts as a bower does
    aces = [c for c in hand if c.rank is Rank.ACE and ref_suit(c, trump) is not trump]
    return len(trumps) + len(bowers) + len(aces)


def ref_margin(state) -> int:
    """Lesson 2's count less what the game needs (4 in Cutthroat, 5 in partnership); the dealer counts after
    picking up, the best five of six."""
    trump, hand = state.up_card.suit, state.hands[state.to_act]
    if state.to_act == state.dealer:
        six = hand + (state.up_card,)
        score = max(ref_count([c for c in six if c != dropped], trump) for dropped in six)
    else:
        score = ref_count(hand, trump)
    return score - {"cutthroat": 4, "partnership": 5, "twohand": 4, "railroad": 5}[state.rules.game]


def ref_bid(state) -> str:
    """Order up when the count reaches what the game needs."""
    return "order" if ref_margin(state) >= 0 else "pass"


def ref_best_five_ok(five, ten, trump: Suit) -> bool:
    """T5's teacher's rule, as properties: every trump kept (the best ones if more than five), then the aces."""
    trumps = sorted((c for c in ten if ref_suit(c, trump) is trump), key=lambda c: -ref_strength(c, trump, trump))
    kept_trumps = {c for c in five if ref_suit(c, trump) is trump}
    if kept_trumps != set(trumps[:5]):
        return False
    aces = {c for c in ten if c.rank is Rank.ACE and ref_suit(c, trump) is not trump}
    room = 5 - len(kept_trumps)
    return len(aces & set(five)) == min(room, len(aces))


# -- every kind is right by the engine and by the re-derivations -------------------------------------


def wrong_answers(exercise):
    """A few answers that are not right, for the check to refuse."""
    if isinstance(exercise, WhichSuit):
        return [s for s in Suit if s is not exercise.answer()]
    if isinstance(exercise, TrickWinner):
        return [c for c in exercise.cards if c != exercise.answer()]
    if isinstance(exercise, LegalPlays):
        return [exercise.answer() ^ {c} for c in exercise.hand if exercise.answer() ^ {c}]
    if isinstance(exercise, Score):
        return [exercise.answer() + 1]
    if isinstance(exercise, Bid):
        return [a for a in exercise.state.legal_actions() if a not in exercise.accept]
    return []


@pytest.mark.parametrize("games", [practice.PRACTISED, ("twohand", "railroad")], ids=["lessons 1-11", "lesson 12"])
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_question_is_right_by_an_independent_re_derivation(kind, seed, games):
    exercise = question(kind, seed, games).exercise
    assert kind not in ("score", "bid") or exercise_game(exercise) in games
    answer = exercise.answer()
    if kind == "which_suit":
        assert answer is ref_suit(exercise.card, exercise.trump)
    elif kind == "trick_winner":
        assert 2 <= len(exercise.cards) <= 4
        assert answer == ref_winner(exercise.cards, exercise.trump)
        assert answer == exercise.cards[trick_winner(exercise.cards, exercise.trump)]
    elif kind == "legal_plays":
        assert exercise.trick and answer == ref_legal(exercise.hand, exercise.trick, exercise.trump)
        assert answer == set(legal_plays(exercise.hand, exercise.trick, exercise.trump))
    elif kind == "score":
        makers, defenders = ref_points(
            exercise.rules.game, exercise.maker_tricks, exercise.maker_alone, exercise.lone_defender
        )
        assert answer == (makers if exercise.who == "makers" else defenders)
    elif kind == "best_five":
        assert len(exercise.cards) == 10 and ref_best_five_ok(answer, exercise.cards, exercise.trump)
    else:
        assert exercise.state.phase is Phase.ROUND_ONE
        assert [str(a) for a in exercise.accept] == [ref_bid(exercise.state)]
    verdict = exercise.check(answer if not isinstance(answer, frozenset) else " ".join(map(str, answer)))
    assert verdict.correct, verdict
    for wrong in wrong_answers(exercise):
        assert not exercise.check(wrong if not isinstance(wrong, frozenset) else list(wrong)), wrong


def exercise_game(exercise) -> str:
    """The game a question was dealt in."""
    return (exercise.state if isinstance(exercise, Bid) else exercise).rules.game


def test_lesson_12_practises_both_new_games_and_no_other():
    dealt = Counter(
        exercise_game(question(kind, seed, ("twohand", "railroad")).exercise)
        for kind in ("score", "bid")
        for seed in range(40)
    )
    assert set(dealt) == {"twohand", "railroad"}, dealt
    asked = [question("trick_winner", seed, ("railroad",)).exercise for seed in range(60)]
    assert any(Card(Rank.JOKER, None) in e.cards for e in asked), "Railroad's tricks never hold the joker"


def test_a_practice_refuses_a_game_that_is_not_one():
    for games in ("twohand", (), ("euchre",), [3], None):
        with pytest.raises(NotationError, match="games"):
            Practice(1, progress=False, games=games)


def test_the_questions_cover_the_traps():
    """Over many seeds: left bowers asked about, refused cards, both games, every scoring row, both bids."""
    asked = {kind: [question(kind, seed).exercise for seed in range(150)] for kind in KINDS}
    assert any(e.answer() is not e.card.suit for e in asked["which_suit"]), "never a left bower"
    assert any(
        ref_suit(e.answer(), e.trump) is e.trump and ref_suit(e.cards[0], e.trump) is not e.trump
        for e in asked["trick_winner"]
    ), "never a trump beating the suit led"
    assert any(set(e.hand) - e.answer() for e in asked["legal_plays"]), "never a refused card"
    assert {e.state.rules.game for e in asked["bid"]} == {"cutthroat", "partnership"}
    assert {str(e.accept[0]) for e in asked["bid"]} == {"order", "pass"}
    rows = {(e.rules.game, e._row().result) for e in asked["score"]}
    assert len(rows) == len(CUTTHROAT.scoring) + len(PARTNERSHIP.scoring), sorted(rows)


def test_a_bid_question_is_never_a_close_call_and_says_why():
    for seed in SEEDS:
        exercise = question("bid", seed).exercise
        state = exercise.state
        assert state.up_card.rank is not Rank.JACK, "a bower turned up changes the count by who gets it"
        assert ref_margin(state) >= 1 or ref_margin(state) <= -2, "a close call: a point either way changes it"
        text = question("bid", seed).prompt
        assert str(state.up_card) in text and all(str(c) in text for c in state.hands[state.to_act])
        assert "count" in exercise.explain()


def test_a_trick_is_trumpy_exactly_when_the_engine_counts_a_trump_in_it():
    """The trick-winner questions ask the engine's is_trump, the bowers and the joker included (C2, C3)."""
    from euchre_lesson.engine.ranking import is_trump

    for card in deck(25):
        for trump in (*Suit, None):
            assert practice._has_trump((card,), trump) == is_trump(card, trump), (card, trump)


def test_a_clear_bid_is_clear_by_the_rule_of_thumbs_own_count_the_dealer_keeping_the_up_card(monkeypatch):
    """_clear_bid asks the rule of thumb for the count, which for the dealer holds the up-card (C7)."""
    from euchre_lesson.engine.actions import PASS
    from euchre_lesson.engine.hand import deal_hand
    from euchre_lesson.engine.rules import CUTTHROAT
    from euchre_lesson.play import rule_of_thumb

    state = next(
        deal_hand(CUTTHROAT, dealer, seed=seed)
        for seed in range(100)
        for dealer in range(3)
        if deal_hand(CUTTHROAT, dealer, seed=seed).up_card.rank is not Rank.JACK
    )
    while state.to_act != state.dealer:  # everyone before the dealer passes
        state = state.apply(PASS)
    counted = rule_of_thumb.round_one_count(state.view(state.dealer))
    kept = []
    real_best_five = rule_of_thumb.best_five
    monkeypatch.setattr(
        rule_of_thumb,
        "best_five",
        lambda cards, trump, keeping=None: kept.append(keeping) or real_best_five(cards, trump, keeping=keeping),
    )
    want = counted.score >= CUTTHROAT.facts.make_trump_at + 1 or counted.score <= CUTTHROAT.facts.make_trump_at - 2
    assert (practice._clear_bid(state) is not None) == want
    assert kept and all(card == state.up_card for card in kept), "the dealer's count must keep the up-card"
    strong = rule_of_thumb.Count(tuple(deck(24)[:9]), (), (), ())  # a count of 9: as clear as a count can be
    monkeypatch.setattr(rule_of_thumb, "count", lambda hand, trump: strong)
    assert practice._clear_bid(state) is True, "the practice must follow the rule of thumb's count"


def test_a_clear_bid_is_what_the_rule_of_thumb_bids():
    from euchre_lesson.engine.actions import ORDER
    from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer

    for seed in SEEDS:
        exercise = question("bid", seed).exercise
        clear = practice._clear_bid(exercise.state)
        bid = RuleOfThumbPlayer().choose(exercise.state.view(exercise.state.to_act))
        assert clear is (bid == ORDER), (seed, clear, bid)


# -- seeded ---------------------------------------------------------------------------------------


def test_a_question_is_the_same_from_the_same_seed_and_differs_from_another():
    for kind in KINDS:
        first, again = question(kind, 11), question(kind, 11)
        assert first == again and first.prompt == again.prompt and first.exercise.answer() == again.exercise.answer()
    assert len({question("legal_plays", seed).prompt for seed in range(20)}) > 15


def wrong_for(exercise):
    """One answer that is not right (for a best five: the other five of the ten)."""
    if isinstance(exercise, BestFive):
        given = [c for c in exercise.cards if c not in exercise.answer()]
        assert not exercise.judge(given).correct
        return given
    return wrong_answers(exercise)[0]


def answer_all(session: Practice, count: int, right_unless=lambda kind: True) -> list:
    """Answer `count` questions, right or wrong by kind; the questions asked."""
    asked = []
    for _ in range(count):
        q = session.question
        asked.append((q.kind, q.seed))
        given = q.exercise.answer() if right_unless(q.kind) else wrong_for(q.exercise)
        assert session.answer(given).correct == right_unless(q.kind)
        session.next()
    return asked


def test_a_practice_is_the_same_from_the_same_seed_and_answers():
    runs = [answer_all(Practice(seed=3, progress=False), 40, lambda kind: kind != "score") for _ in range(2)]
    assert runs[0] == runs[1]
    assert answer_all(Practice(seed=4, progress=False), 40) != runs[0]


# -- favours the kinds answered wrongly ---------------------------------------------------------------


def shares(kinds) -> dict:
    counts = Counter(kinds)
    return {kind: counts[kind] / len(kinds) for kind in KINDS}


def test_a_kind_answered_wrongly_is_asked_more_often():
    session = Practice(seed=8, progress=False)
    asked = answer_all(session, 300, lambda kind: kind != "trick_winner")
    later = shares([kind for kind, _ in asked[60:]])
    assert later["trick_winner"] > 0.5, later  # 1 + 2 * 8 against 1 for each other kind: about 77%
    control = shares([kind for kind, _ in answer_all(Practice(seed=8, progress=False), 300)])
    assert max(control.values()) < 0.25 and min(control.values()) > 0.1, control  # about 1/6 each


def test_mistakes_are_remembered_in_progress_and_weigh_in_a_new_session(tmp_path):
    kept = Progress(tmp_path)
    session = Practice(seed=1, progress=kept, kinds=["score", "which_suit"])
    while session.tally["score"].wrong < 5:
        exercise = session.question.exercise
        session.answer(wrong_for(exercise) if session.question.kind == "score" else exercise.answer())
        session.next()
    assert Progress(tmp_path).practice_results()["score"][-5:] == (False,) * 5
    fresh = Practice(seed=1, progress=Progress(tmp_path))
    assert fresh.weights()["score"] >= 11 and fresh.weights()["bid"] == 1
    drawn = []
    for _ in range(200):
        drawn.append(fresh.question.kind)
        fresh.next()
    assert shares(drawn)["score"] > 0.45, shares(drawn)  # 11 of 16 in weight: about 69%
    assert all(shares(drawn)[kind] > 0 for kind in KINDS)


def test_right_answers_bring_a_kind_back_to_even():
    results = {"score": (False,) * 8}
    assert practice.weights(results, KINDS)["score"] == 17
    results = {"score": (False,) * 8 + (True,) * 8}
    assert practice.weights(results, KINDS) == dict.fromkeys(KINDS, 1.0)


# -- the streak and the tallies ------------------------------------------------------------------------


def test_the_streak_counts_first_answers_and_resets_on_a_mistake():
    session = Practice(seed=2, progress=False)
    for expected in (1, 2, 3):
        session.answer(session.question.exercise.answer())
        session.answer(session.question.exercise.answer())  # a second answer to the same question: not counted
        assert session.streak == expected
        session.next()
    kind = session.question.kind
    assert not session.answer(wrong_for(session.question.exercise))
    assert session.streak == 0 and session.best_streak == 3
    session.answer(session.question.exercise.answer())  # right after wrong: still a miss
    assert session.streak == 0 and session.tally[kind].wrong >= 1
    assert sum(t.right for t in session.tally.values()) == 3


def test_an_unreadable_or_blank_answer_is_explained_but_not_counted():
    session = Practice(seed=2, progress=False)
    for given in ("🂡 not an answer", None, ...):
        assert not session.answer(given)
        assert not session.counted and session.streak == 0
    session.answer(session.question.exercise.answer())
    assert session.streak == 1


def test_asking_for_the_solution_first_counts_as_a_miss():
    session = Practice(seed=2, progress=False)
    session.answer(session.question.exercise.answer())
    session.next()
    kind = session.question.kind
    assert "Answer:" in session.solution()
    assert session.streak == 0 and session.tally[kind].wrong == 1 and session.best_streak == 1


def test_without_a_progress_argument_the_lesson_s_bound_progress_is_used(tmp_path):
    from euchre_lesson.teach.context import bound

    with bound(Progress(tmp_path)):
        session = Practice(seed=5)
    session.answer(session.question.exercise.answer())
    assert sum(map(len, Progress(tmp_path).practice_results().values())) == 1


@pytest.mark.parametrize(
    "make, argument",
    [
        (lambda: Practice(seed=-1, progress=False), "seed"),
        (lambda: Practice(seed="x", progress=False), "seed"),
        (lambda: Practice(seed=2**70, progress=False), "seed"),
        (lambda: Practice(kinds=[], progress=False), "kinds"),
        (lambda: Practice(kinds="score", progress=False), "kinds"),
        (lambda: Practice(kinds=["score", "nope"], progress=False), "kinds"),
        (lambda: Practice(kinds=[["score"]], progress=False), "kinds"),
        (lambda: Practice(progress=5), "progress"),
        (lambda: Practice(progress="folder"), "progress"),
        (lambda: question("nope", 1), "kind"),
        (lambda: question("score", -1), "seed"),
        (lambda: question("score", 1.5), "seed"),
    ],
)
def test_wrong_arguments_are_refused_by_name(make, argument):
    with pytest.raises(NotationError) as error:
        make()
    assert error.value.part == argument and len(str(error.value)) < 300


# -- the practice widget ---------------------------------------------------------------------------------


def enabled_buttons(widget):
    """Every button a learner could click: enabled, and not inside something hidden."""
    import ipywidgets as w

    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return []
    if isinstance(widget, w.Button):
        return [] if widget.disabled else [widget]
    return [b for child in getattr(widget, "children", ()) for b in enabled_buttons(child)]


def ref_right(exercise, text: str) -> bool | None:
    """Whether an answer, as the view wrote it, is right by the re-derivations (None: the ref cannot tell)."""
    from euchre_lesson.engine.actions import parse_action
    from euchre_lesson.engine.cards import parse_cards, parse_suit

    if isinstance(exercise, WhichSuit):
        return parse_suit(text) is ref_suit(exercise.card, exercise.trump)
    if isinstance(exercise, TrickWinner):
        return parse_card(text) == ref_winner(exercise.cards, exercise.trump)
    if isinstance(exercise, LegalPlays):
        return set(parse_cards(text)) == ref_legal(exercise.hand, exercise.trick, exercise.trump)
    if isinstance(exercise, Score):
        makers, defenders = ref_points(
            exercise.rules.game, exercise.maker_tricks, exercise.maker_alone, exercise.lone_defender
        )
        return int(text) == (makers if exercise.who == "makers" else defenders)
    if isinstance(exercise, Bid):
        return str(parse_action(text)) == ref_bid(exercise.state)
    five = parse_cards(text)  # a best five: the re-derivation checks what every right five must have
    return None if not ref_best_five_ok(five, exercise.cards, exercise.trump) else None if len(five) == 5 else False


def practice_widget(**options):
    from euchre_lesson.widgets.practice import PracticeWidget

    return PracticeWidget(**{"seed": 3, "progress": False, "show_answer": "after a try", **options})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_clicks_on_the_practice_widget_never_raise_and_its_verdicts_agree_with_the_engine(seed):
    widget = practice_widget(seed=seed)
    judged = []
    session_answer = widget.session.answer

    def answer(text):
        verdict = session_answer(text)
        judged.append((widget.session.question.exercise, text, verdict))
        return verdict

    widget.session.answer = answer
    rng = random.Random(seed)
    for _ in range(300):
        others = [b for b in enabled_buttons(widget) if b is not widget.next_button]
        # Next question one click in ten: the others answer, check, ask for hints and for the answer
        (widget.next_button if rng.random() < 0.1 else rng.choice(others)).click()
        check(widget)
    assert widget.session.number > 10 and len(judged) > 10
    for exercise, text, verdict in judged:
        assert verdict.answered
        expected = ref_right(exercise, text)
        if expected is not None:
            assert verdict.correct == expected, (exercise, text, verdict)
        elif isinstance(exercise, BestFive) and verdict.correct:
            assert ref_best_five_ok(exercise.read(text), exercise.cards, exercise.trump)
    counted = [right for right in widget.session.tally.values()]
    assert sum(map(sum, counted)) <= len(judged)


def test_answering_by_clicking_counts_the_first_answer_and_next_question_deals_another():
    widget = practice_widget()
    view, exercise = widget.view, widget.question.exercise
    right = exercise.answer()
    for choice in right if exercise.several else (right,):
        view.pick(choice)
    view.check_button.click()
    assert widget.session.streak == 1 and "Streak: 1 right in a row" in widget.streak_note.value
    view.check_button.click()  # the same answer again: not counted twice
    assert widget.session.streak == 1 and sum(map(sum, widget.session.tally.values())) == 1
    number = widget.session.number
    widget.next_button.click()
    assert widget.session.number == number + 1 and widget.view is not view
    assert f"question {number + 1}:" in widget.heading.value
    check(widget)


def test_a_late_click_on_the_last_question_is_dropped_and_older_views_are_closed():
    widget = practice_widget()
    first = widget.view
    late = first.answer_buttons[0]
    first.pick(first.choices[0])
    widget.next_button.click()
    first.check_button.click()  # the last question's Check, pressed after Next: the new question is not judged
    assert not widget.session.counted and sum(map(sum, widget.session.tally.values())) == 0
    widget.next_button.click()
    assert late.comm is None and first.comm is None, "a view two questions back is still open"
    assert widget._replaced.comm is not None, "the view just replaced was closed: a late click would reach nothing"


def test_a_double_click_on_next_question_deals_one(monkeypatch):
    from euchre_lesson.widgets import clicks, page

    now = [1000.0]
    monkeypatch.setattr(clicks.time, "monotonic", lambda: now[0])
    with page.bound():  # a page whose pointer has not clicked yet: the widget keeps it
        widget = practice_widget()
    number = widget.session.number
    widget.next_button._handle_button_msg(None, {"event": "click"}, [])
    now[0] += 0.15
    widget.next_button._handle_button_msg(None, {"event": "click"}, [])  # lands on the new Next button
    assert widget.session.number == number + 1


def test_a_bid_shows_the_game_and_who_passed():
    widget = practice_widget(seed=5, kinds=["bid"])
    state = widget.question.exercise.state
    assert state.rules.facts.described in widget.setting.value
    assert widget.setting.layout.display == ""
    widget = practice_widget(kinds=["score"])
    assert widget.setting.layout.display == "none"


def test_the_practice_widget_keeps_results_in_progress(tmp_path):
    widget = practice_widget(progress=Progress(tmp_path))
    view = widget.view
    view.pick(view.choices[0])
    view.check_button.click()
    assert sum(map(len, Progress(tmp_path).practice_results().values())) == 1


def test_the_practice_widget_says_what_it_is_where_it_cannot_run():
    text = practice_widget()._repr_mimebundle_()["text/plain"]
    assert text.startswith("Endless practice") and "Run ▸ Run All Cells" in text


@pytest.mark.parametrize(
    "options, argument",
    [
        ({"seed": "<img src=x onerror=alert(1)>"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"kinds": []}, "kinds"),
        ({"progress": 5}, "progress"),
        ({"show_answer": "sometimes"}, "show_answer"),
        ({"layout": 5}, "layout"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_the_practice_widget_refuses_wrong_options_by_name(options, argument):
    with pytest.raises(NotationError) as error:
        practice_widget(**options)
    assert error.value.part == argument


def test_the_practice_tally_keeps_its_headings_apart_and_fills_every_column():
    import re

    from euchre_lesson.widgets.cards import CSS

    widget = practice_widget()
    kind, exercise = widget.question.kind, widget.question.exercise
    right = exercise.answer()
    for choice in right if exercise.several else (right,):
        widget.view.pick(choice)
    widget.view.check_button.click()
    html = widget.tally.value
    kept_apart = r"\.euchre-tally th, \.euchre-tally td \{ padding: [\d.]+em [1-9]"  # room right of each cell
    assert "euchre-tally" in html and re.search(kept_apart, CSS), "the headings run together ('✔ right✘ wrong')"
    heads = re.findall(r"<th[^>]*>(.*?)</th>", html)
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr><td.*?</tr>", html)]
    assert len(rows) == len(widget.session.kinds) and all(len(row) == len(heads) for row in rows)
    assert not [row for row in rows if "" in row], f"an empty column under {heads}"
    answered = next(row for row in rows if row[0] == practice.KINDS[kind].words)
    assert answered[1:4] == ["1", "1", "0"], dict(zip(heads, answered))  # answered, right, wrong
