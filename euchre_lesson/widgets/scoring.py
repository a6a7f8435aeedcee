"""Scoring a hand: a calculator over the scoring tables (T7, F4) and a quiz that asks about them."""

from __future__ import annotations

import os
import random
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import language
from ..engine.display import words_html
from ..engine.errors import NotationError
from ..engine.language import N_, _
from ..engine.narration import capital, points_words, scorers
from ..engine.rules import CUTTHROAT, PARTNERSHIP, PRESETS, RuleSet, ScoreRow
from ..engine.scoring import Points, score_hand, scoring_row
from ..teach.exercises import Score
from . import arguments
from .cards import action_button, note, say, style_sheet
from .clicks import TiedButton
from .exercise import answer_setting
from .fallback import Described


def _when(flag: bool | None, yes: str, no: str) -> str:
    return "" if flag is None else (yes if flag else no)


def _tricks_words(tricks: tuple[int, ...]) -> str:
    """The makers' tricks a row counts: '3 or 4'."""
    words = ""
    for count in map(str, tricks):
        words = _("{one} or {other}").format(one=words, other=count) if words else count
    return words


def _table_html(rules: RuleSet, applying: ScoreRow | None = None) -> str:
    """The scoring table as an HTML table; the applying row carries ▶ and <mark>, not colour alone."""
    makers, defenders = scorers(rules.facts)
    words = ("", _("result"), _("maker tricks"), _("maker alone"), _("lone defender"))
    heads = [*words, makers.removeprefix("the "), defenders.removeprefix("the ")]
    head = "<tr>" + "".join(f"<th scope='col'>{escape(words)}</th>" for words in heads) + "</tr>"
    rows = []
    for row in rules.scoring:
        here = row == applying
        cells = [
            language._(row.result),
            _tricks_words(row.maker_tricks),
            _when(row.maker_alone, _("yes"), _("no")),
            _when(row.lone_defender, _("yes"), _("no")),
            str(row.makers),
            str(row.defenders),
        ]
        cells = [f"<mark>{escape(c)}</mark>" if here else escape(c) for c in cells]
        applies = escape(_("this row applies"), quote=True)
        marker = f"<td aria-label='{applies}'>▶</td>" if here else "<td></td>"
        rows.append(f"<tr>{marker}" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    said = _("{game} scoring ({rule}); the first row that matches applies").format(
        game=escape(capital(language._(rules.facts.said))), rule=words_html(rules.scoring[0].rule)
    )
    caption = f"<caption style='text-align:left'>{said}</caption>"
    return (
        f"<table class='euchre-score-table' style='border-collapse:collapse;font-family:system-ui,sans-serif'>"
        f"{caption}{head}{''.join(rows)}</table>"
    )


def rules_by_game(rules: RuleSet) -> dict[str, RuleSet]:
    """Every game's preset, but these rules for their own game."""
    rules = arguments.rules("rules", rules)
    return {**PRESETS, rules.game: rules}


class ScoreCalculator(Described, w.VBox):
    """Choose the game, the makers' tricks and who went alone; see the points and the table row that gives them."""

    purpose = N_(
        "Score calculator: choose the game, the makers' tricks and who went alone, and see the points "
        "with the row of the scoring table that gives them."
    )

    def __init__(self, rules: RuleSet | str = CUTTHROAT, **kwargs: Any) -> None:
        rules = arguments.rules("rules", rules)
        arguments.start_box(ScoreCalculator, self, kwargs)
        self.rules_by_game = rules_by_game(rules)
        self.game_picker = w.ToggleButtons(
            options=[(language._(preset.facts.label), game) for game, preset in PRESETS.items()],
            value=rules.game,
            description=_("Game"),
            style={"button_width": "auto"},  # a game's name is longer in some languages than the default width
            tooltips=[
                _("three players, each for themselves"),
                _("two teams of two"),
                _("two players, one against one"),
                _("two teams of two, with the joker and calling for best"),
            ],
        )
        self.tricks_picker = w.ToggleButtons(
            options=list(range(6)),
            value=3,
            description=_("Maker tricks"),
            tooltips=[_("the makers took {count} of the 5 tricks").format(count=n) for n in range(6)],
            style={"button_width": "2.5em"},
        )
        self.maker_alone = w.Checkbox(value=False, description=_("The maker went alone"), indent=False)
        self.defender_alone = w.Checkbox(value=False, description=_("A defender went alone"), indent=False)
        self.points = note()
        self.table = w.HTML()
        for control in (self.game_picker, self.tricks_picker, self.maker_alone, self.defender_alone):
            control.observe(lambda _: self.redraw(), "value")
        self.children = [
            style_sheet(),
            self.game_picker,
            self.tricks_picker,
            w.HBox([self.maker_alone, self.defender_alone]),
            self.points,
            self.table,
        ]
        self.redraw()

    @property
    def rules(self) -> RuleSet:
        return self.rules_by_game[self.game_picker.value]

    def answer(self) -> tuple[ScoreRow, Points]:
        """The engine's row and points for the choices shown."""
        args = (self.rules, self.tricks_picker.value, self.maker_alone.value, self.defender_alone.value)
        return scoring_row(*args), score_hand(*args)

    def redraw(self) -> None:
        # C10: some tables forbid defending alone; W4: in Two-handed Euchre nobody goes alone
        for box, allowed in (
            (self.maker_alone, self.rules.may_go_alone),
            (self.defender_alone, self.rules.may_defend_alone),
        ):
            box.disabled = not allowed
            if not allowed and box.value:
                box.value = False  # this change redraws
                return
        row, points = self.answer()
        points_said = capital(points_words(self.rules, points))
        say(
            self.points,
            _("{points}: {result} ({rule}).").format(points=points_said, result=language._(row.result), rule=row.rule),
        )
        self.table.value = _table_html(self.rules, row)


class ScoreQuiz(Described, w.VBox):
    """A seeded scoring question, the Score exercise for both sides: choose each side's points, check, and
    read the exercise's verdict beside the table row that decides."""

    purpose = N_(
        "Score quiz: a hand's result is told; choose the points each side scores, press Check, and the "
        "quiz explains the row of the scoring table that applies."
    )

    def __init__(
        self,
        seed: int | None = 7,
        rules: RuleSet | str | None = None,
        games: tuple[RuleSet, ...] = (CUTTHROAT, PARTNERSHIP),
        show_answer: str | None = None,
        folder: str | os.PathLike[str] = ".",
        **kwargs: Any,
    ) -> None:
        seed = arguments.seed("seed", seed)
        # The class's house rule: under "never" a wrong answer shows the table with no row marked (the row answers).
        self.show_answer = answer_setting(show_answer, folder)
        rules = None if rules is None else arguments.rules("rules", rules)
        self.games = arguments.rule_sets("games", games)  # a class's rules for them, say
        if not self.games:
            raise NotationError("games", "games must hold at least one RuleSet, such as [CUTTHROAT, PARTNERSHIP].")
        arguments.start_box(ScoreQuiz, self, kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.fixed_rules = rules  # None: each question picks one of the games
        top = max(max(r.makers, r.defenders) for g in ((rules,) if rules else self.games) for r in g.scoring)
        self.question = w.HTML()
        self.makers_answer = w.Dropdown(
            options=list(range(top + 1)), description=_("Makers score"), style={"description_width": "initial"}
        )
        self.defenders_answer = w.Dropdown(
            options=list(range(top + 1)),
            description=_("Each defender scores"),
            style={"description_width": "initial"},
        )
        self.check_button = action_button(_("Check"), _("check your answer against the scoring table"), self.check)
        self.next_tie = TiedButton(_("Next question"), _("ask another scoring question"), self.next_question)
        self.questions = 0  # how many were asked: Next question acts on the one shown
        self.note = note()
        self.children = [
            style_sheet(),
            self.question,
            w.HBox([self.makers_answer, self.defenders_answer]),
            w.HBox([self.check_button, self.next_tie]),
            self.note,
        ]
        for answer in (self.makers_answer, self.defenders_answer):
            answer.observe(self._answer_changed, "value")
        self.next_question()

    @property
    def next_button(self) -> w.Button:
        return self.next_tie.button

    def _answer_changed(self, _change: object) -> None:
        self.verdict: bool | None = None  # a changed answer has not been checked yet

    def next_question(self) -> None:
        """Draw a new question from the seeded generator."""
        rng = self.rng
        rules = self.fixed_rules or rng.choice(self.games)
        alone = rules.may_go_alone and rng.random() < 0.3
        defender = rules.may_defend_alone and rng.random() < 0.25
        self.asked = (rules, rng.randrange(6), alone, defender)
        self.exercise = Score(self.asked[1], maker_alone=alone, lone_defender=defender, rules=rules, who="both")
        self.makers_answer.description, self.defenders_answer.description = (
            side.capitalize() for side in scorers(rules.facts)
        )
        self.makers_answer.value = self.defenders_answer.value = 0
        self.verdict = None
        self.questions += 1
        self.next_tie.draw(self.questions)
        self.question.value = f"<p>{escape(self.question_text())}</p>"
        say(self.note, _("Choose the points for each side, then press Check."))

    def question_text(self) -> str:
        return self.exercise.question

    def expected(self) -> tuple[ScoreRow, Points]:
        return scoring_row(*self.asked), score_hand(*self.asked)

    def given(self) -> Points:
        return Points(self.makers_answer.value, self.defenders_answer.value)

    def check(self) -> None:
        """Ask the exercise about the answer; show its verdict and the table with the row that applies."""
        verdict = self.exercise.check(self.given())
        self.verdict = verdict.correct
        marked = self.expected()[0] if verdict or self.show_answer != "never" else None
        say(self.note, str(verdict), "good" if verdict else "bad", _table_html(self.asked[0], marked))
