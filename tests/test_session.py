"""The table's game control without any widget: a TableSession driven directly, as the Table drives it."""

import subprocess
import sys
from pathlib import Path

import pytest
from table_checks import assert_valid, your_seat
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import (
    CUTTHROAT,
    PARTNERSHIP,
    RAILROAD,
    TWO_HANDED,
    Action,
    Phase,
    RuleOfThumbPlayer,
    best_five,
    new_game,
    play_game,
)
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.play import session as sessions
from euchre_lesson.play import table_model  # the table model both tables are fronts of
from euchre_lesson.play.choice import Choice
from euchre_lesson.play.session import TableSession, Told, learner_decisions, scores_before
from euchre_lesson.widgets.table import Table

ROOT = Path(__file__).resolve().parent.parent


def sitting(rules=CUTTHROAT, seed=1, seat=0, level="rule of thumb") -> TableSession:
    return TableSession(new_game(rules, seed=seed), seat, level)


def play_until(session: TableSession, wanted, learner=None) -> TableSession:
    """The learner's seat played by rule of thumb (Next hand when a hand is over) until `wanted(session)`."""
    learner = learner or RuleOfThumbPlayer()
    while not wanted(session):
        assert not session.finished, "no such moment in this game"
        news = session.act(learner.choose(session.view)) if session.my_turn else session.next_hand()
        assert not news.refused, news
    return session


def heard(session: TableSession) -> list:
    """Everything the session tells from now on."""
    out = []
    session.observe(out.append)
    return out


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD], ids=lambda rules: rules.game)
@pytest.mark.parametrize("seed", range(4))
def test_a_whole_game_through_the_session_is_the_engine_s_game(rules, seed):
    session = sitting(rules, seed, seat=seed % rules.players)
    news = heard(session)
    play_until(session, lambda s: s.finished)
    alone = play_game(new_game(rules, seed=seed), [RuleOfThumbPlayer()] * rules.players)
    assert session.game.record() == alone.record()
    assert {n.told for n in news} == {Told.ACTED, Told.NEXT_HAND} and all(n.changed for n in news)
    assert session.next_hand().told is Told.NO_NEXT_HAND and session.act("pass").told is Told.NOT_YOUR_TURN


def test_the_session_plays_with_ipywidgets_refused():
    script = (
        "import sys\n"
        "class Refuse:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'ipywidgets':\n"
        "            raise ImportError('refused by the test')\n"
        "sys.meta_path.insert(0, Refuse())\n"
        "from euchre_lesson import CUTTHROAT, RuleOfThumbPlayer, new_game\n"
        "from euchre_lesson.play.session import TableSession\n"
        "session = TableSession(new_game(CUTTHROAT, seed=3))\n"
        "while not session.hand.is_over:\n"
        "    session.act(RuleOfThumbPlayer().choose(session.view))\n"
        "print(session.grade().told.name, len(session.graded.decisions) > 0, 'ipywidgets' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["GRADED", "True", "False"]


# -- refusals: said, and nothing changes --------------------------------------------------------------------


def refused_and_unchanged(session: TableSession, call, told: Told):
    before = (session.game, session.shown, session.history, session.selected, session.graded)
    news = heard(session)
    answer = call()
    assert answer.told is told and answer.refused and not answer.changed and news == [answer]
    assert (session.game, session.shown, session.history, session.selected, session.graded) == before
    return answer


def test_an_illegal_card_is_refused_with_its_rule():
    def must_follow(s):
        return s.my_turn and s.hand.phase is Phase.PLAY and len(s.game.legal_actions()) < len(s.hand.hands[s.seat])

    session = play_until(sitting(seed=1), must_follow)
    legal = {a.card for a in session.game.legal_actions()}
    card = next(c for c in session.hand.hands[session.seat] if c not in legal)
    news = refused_and_unchanged(session, lambda: session.pick(card), Told.REFUSED)
    assert news.error.rule == "C12" and news.action.card == card


def test_what_cannot_be_done_now_is_refused():
    session = play_until(sitting(seed=4), lambda s: s.my_turn and s.hand.phase is Phase.ROUND_ONE)
    refused_and_unchanged(session, lambda: session.pick(session.view.hand[0]), Told.NO_CARD_YET)
    refused_and_unchanged(session, session.undo, Told.NOTHING_TO_UNDO)
    refused_and_unchanged(session, session.next_hand, Told.NO_NEXT_HAND)
    refused_and_unchanged(session, session.grade, Told.NOT_OVER)
    refused_and_unchanged(session, session.keep_selected, Told.NOTHING_SELECTED)
    refused_and_unchanged(session, lambda: session.new(CUTTHROAT, -1), Told.CANNOT_START)
    refused_and_unchanged(session, lambda: session.save("  "), Told.NO_PATH)


def test_no_action_is_taken_for_you_on_a_hand_you_have_not_gone_on_to():
    """A finished hand stays on the table; the next one, dealt already, waits for Next hand (even from code)."""
    session = play_until(sitting(seed=2), lambda s: s.hand.is_over and s.game.to_act == s.seat and not s.game.is_over)
    action = session.game.legal_actions()[0]  # legal in the next hand, which you have not seen
    refused_and_unchanged(session, lambda: session.act(action), Told.NOT_YOUR_TURN)
    assert refused_and_unchanged(session, session.hint, Told.NO_DECISION).action is None
    assert session.next_hand().told is Told.NEXT_HAND and session.my_turn


# -- the keep, undo, the computer's reasons ------------------------------------------------------------------


def test_cards_are_selected_for_the_keep_and_kept():
    session = play_until(sitting(seed=5), lambda s: s.my_turn and s.hand.phase is Phase.DUMMY)
    ten = set(session.hand.hands[session.seat]) | set(session.hand.dummy)
    assert set(session.selectable) == ten and len(ten) == 10
    first, *others = session.selectable
    assert session.pick(first).told is Told.SELECTED and session.selected == {first}
    assert session.pick(first).told is Told.SELECTED and session.selected == frozenset()
    outside = next(c for c in session.hand.deal.kitty if c not in ten)
    with pytest.raises(NotationError, match="card"):
        session.pick(outside)
    for card in others[:3]:
        session.pick(card)
    news = refused_and_unchanged(session, session.keep_selected, Told.REFUSED)
    assert news.error.rule == "T5" and len(session.selected) == 3
    for card in set(session.selected) ^ set(best_five(session.selectable, session.hand.trump).cards):
        session.pick(card)
    assert session.keep_selected().told is Told.ACTED and session.selected == frozenset()
    assert session.hand.phase is not Phase.DUMMY and session.history


def test_undo_goes_back_one_action_at_a_time_and_keeps_what_was_said_before():
    session = sitting(CUTTHROAT, seed=8)
    moments, learner = [], RuleOfThumbPlayer()
    while len(moments) < 6:
        if session.my_turn:
            moments.append((session.game, session.shown, dict(session.reasons[session.shown])))
            session.act(learner.choose(session.view))
        else:
            session.next_hand()
    for game, shown, reasons in reversed(moments):
        assert session.undo().told is Told.UNDONE
        assert (session.game, session.shown) == (game, shown)
        moment = len(game.hands[shown].history)
        assert {i: r for i, r in session.reasons[shown].items() if i < moment} == reasons
    assert session.undo().told is Told.NOTHING_TO_UNDO and session.history == ()


def test_the_computer_players_reasons_are_shown_once_the_hand_is_over():
    session = sitting(CUTTHROAT, seed=3)
    while not session.hand.is_over:
        assert session.reasons_shown == {}, "a computer's reason during the hand would be table talk"
        session.act(RuleOfThumbPlayer().choose(session.view))
    said = session.reasons_shown
    theirs = {i for i, seat in enumerate(session.hand.actors) if seat != session.seat}
    assert said and set(said) <= theirs and all(said.values())


def test_a_hint_and_the_grades():
    session = sitting(CUTTHROAT, seed=7)
    hint = session.hint()
    assert hint.told is Told.HINT and hint.action in session.game.legal_actions() and hint.reason
    play_until(session, lambda s: s.hand.is_over)
    assert session.grades_shown is None and session.grade().told is Told.GRADED
    graded, decisions = session.grades_shown, learner_decisions(session.hand, session.seat)
    assert [(d.state, d.action) for d in graded.decisions] == decisions and graded.number == session.shown + 1
    assert all((d.grade is None) == (len(d.state.legal_actions()) == 1) for d in graded.decisions)
    session.next_hand()
    assert session.grades_shown is None


def test_a_hint_asked_again_is_the_same_and_its_grade_reuses_it(monkeypatch):
    # With no time to grade, only the decisions a hint weighed are graded: on the hint's own options.
    monkeypatch.setattr(table_model, "GRADE_SECONDS", 0)
    session = sitting(CUTTHROAT, seed=7)
    hinted = set()
    while not session.hand.is_over:
        if len(session.view.legal) > 1 and len(hinted) < 2:
            first, again = session.hint(), session.hint()
            assert (first.action, first.reason) == (again.action, again.reason)
            hinted.add(len(session.hand.history))
            session.act(first.action)
        else:
            session.act(RuleOfThumbPlayer().choose(session.view))
    session.grade()
    graded = {len(d.state.history): d.grade.verdict for d in session.graded.decisions if d.grade is not None}
    assert hinted and all(graded[moment] == "Best" for moment in hinted)
    assert {verdict for moment, verdict in graded.items() if moment not in hinted} <= {"Not graded"}


def test_a_new_game_forgets_the_hints_of_the_last():
    session = sitting(CUTTHROAT, seed=7)
    session.hint()
    assert session.advised
    session.new(CUTTHROAT, 8)
    assert not session.advised


def test_the_scores_before_a_hand_are_those_its_players_knew():
    session = play_until(sitting(CUTTHROAT, seed=2), lambda s: s.shown == 3 and s.my_turn)
    game = session.game
    assert scores_before(game, 3) == (game.scores, game.contenders)
    assert scores_before(game, 0) == ((0, 0, 0), ())
    before = [scores_before(game, number)[0] for number in range(4)]
    for number in range(3):
        gained = [after - earlier for after, earlier in zip(before[number + 1], before[number])]
        assert gained == [sum(game.hands[number].points[seat] for seat in side) // len(side) for side in game.sides]


@pytest.mark.rule("R3")
def test_a_call_for_best_at_the_table_a_hint_then_a_click_on_a_card_gives_or_discards_it():
    expert_alone = RuleOfThumbPlayer()
    session = sitting(RAILROAD, seed=3, seat=0)
    for _ in range(40):  # deal after deal until the learner takes part in a call for best
        play_until(
            session,
            lambda s: s.hand.is_over or (s.my_turn and s.hand.phase in (Phase.GOING_ALONE, Phase.EXCHANGE)),
            learner=expert_alone,
        )
        if session.my_turn and session.hand.phase is Phase.GOING_ALONE:
            session.act("alone")  # go alone (or defend alone) whenever asked
        if session.my_turn and session.hand.phase is Phase.EXCHANGE:
            break
        play_until(session, lambda s: s.hand.is_over, learner=expert_alone)
        session.next_hand()
    assert session.my_turn and session.hand.phase is Phase.EXCHANGE
    hint = session.hint()
    assert hint.told is Told.HINT and hint.action in session.view.legal and "points" in hint.reason
    verb, card = session.view.legal[0].kind, session.view.legal[0].card
    news = session.pick(card)
    assert news.told is Told.ACTED and news.action.kind is verb and news.action.card == card


def test_the_game_chooser_offers_the_four_games_and_starts_each():
    table = Table(CUTTHROAT, seed=1)
    offered = [rules for _, rules in table.game_input.options]
    assert [rules.game for rules in offered] == ["cutthroat", "partnership", "twohand", "railroad"]
    for rules in offered[2:]:
        assert table.session.new(rules, seed=5).told is Told.NEW_GAME and table.game.rules == rules
        assert_valid(table)


# -- files, and arguments -------------------------------------------------------------------------------------


def test_save_and_load_through_the_session(tmp_path):
    session = play_until(sitting(PARTNERSHIP, seed=9, seat=2), lambda s: len(s.game.hands) == 2 and s.my_turn)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    assert refused_and_unchanged(session, lambda: session.save(notes), Told.NOT_SAVED).path == str(notes)
    assert notes.read_text() == "my notes"
    refused_and_unchanged(session, lambda: session.load(tmp_path / "missing.json"), Told.NOT_LOADED)
    assert session.save(f"  {tmp_path / 'game.json'} ").told is Told.SAVED
    saved = session.game
    play_until(session, lambda s: len(s.game.hands) == 3)
    assert session.load(tmp_path / "game.json").told is Told.LOADED
    assert session.game.record() == saved.record() and session.history == () and session.seat == 2


def test_wrong_arguments_are_refused_by_name():
    session = sitting()
    for call, name in [
        (lambda: TableSession("cutthroat"), "game"),
        (lambda: sitting(seat=3), "seat"),
        (lambda: sitting(level="hard"), "level"),
        (lambda: session.act(5), "action"),
        (lambda: session.pick("nonsense"), "card"),
        (lambda: session.observe(5), "listener"),
        (lambda: session.save(5), "path"),
        (lambda: session.start(session.game, None), "level"),
    ]:
        with pytest.raises(ValueError, match=name):
            call()


# -- the Table follows its session --------------------------------------------------------------------------


def test_the_table_draws_what_its_session_does():
    """Driving the session directly (as a lesson might) redraws the Table and says it in the note."""
    table = Table(CUTTHROAT, seed=5)
    session = table.session
    while not (session.my_turn and session.hand.phase is Phase.DUMMY):
        session.act(RuleOfThumbPlayer().choose(session.view))
        assert_valid(table)
    card = session.selectable[0]
    session.pick(card)
    chosen = [shown["id"] for shown in your_seat(table)["cards"] if shown["chosen"]]
    assert chosen == [str(card)] and "Selected 1 of 5" in table.note.value
    session.undo()
    assert "Undone" in table.note.value and card not in table.selected
    assert_valid(table)


class Passer:
    """A computer player that passes whenever it may (it throws in every hand nobody bids on)."""

    def choose(self, view):
        return Action("pass") if Action("pass") in view.legal else view.legal[0]

    def decide(self, view, rng=None):
        return Choice(self.choose(view), "I pass.")


def test_a_computer_s_reply_that_would_need_a_hand_past_the_limit_is_refused_and_changes_nothing(monkeypatch):
    """At the last hand a game holds, the learner's pass that lets the computers throw it in is refused in words."""
    from euchre_lesson.engine import game as game_module

    monkeypatch.setattr(game_module, "MAX_HANDS", 2)
    monkeypatch.setattr(sessions, "computer_players", lambda level, players, seed, learner: {1: Passer(), 2: Passer()})
    session = TableSession(new_game(CUTTHROAT, seed=7, first_dealer=0), seat=0)
    while (
        session.shown < 1 or len(session.hand.history) < 4
    ):  # hand 1 thrown in; hand 2 (seat 1 deals) to seat 0's last pass
        news = session.next_hand() if session.hand.is_over else session.act("pass")
        assert news.told in (Told.ACTED, Told.NEXT_HAND)
    before = session.moment
    news = session.act("pass")  # the dealer, a computer, would then throw hand 2 in and need a hand 3
    assert news.told is Told.REFUSED and "new game" in str(news.error)
    assert session.moment == before


class LonePartner(Passer):
    """A partner who orders up and goes alone when seat 1 deals, and otherwise passes or plays its first legal card."""

    def choose(self, view):
        kinds = {str(action): action for action in view.legal}
        for wanted in ("alone", "order", "pass") if view.dealer == 1 else ("pass",):
            if wanted in kinds:
                return kinds[wanted]
        return view.legal[0]


def test_a_next_hand_the_computers_would_play_past_the_limit_is_refused_and_changes_nothing(monkeypatch):
    """At the last hand a game holds, a hand the learner sits out (a partner alone) cannot end it with no winner."""
    from euchre_lesson.engine import game as game_module

    monkeypatch.setattr(game_module, "MAX_HANDS", 2)
    monkeypatch.setattr(
        sessions, "computer_players", lambda level, players, seed, learner: {1: Passer(), 2: LonePartner(), 3: Passer()}
    )
    session = TableSession(new_game(PARTNERSHIP, seed=7, first_dealer=0), seat=0)
    while not session.hand.is_over:
        assert session.act("pass").told is Told.ACTED  # hand 1 thrown in
    before = session.moment
    news = session.next_hand()  # hand 2: seat 2 goes alone first, and the computers play it to its end
    assert news.refused and "new game" in str(news.error)
    assert session.moment == before
