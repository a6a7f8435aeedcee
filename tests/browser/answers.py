"""What a browser test clicks to answer an exercise: a wrong answer from its offered choices, then the right one
(the engine's `answer()`), each as its buttons' CSS classes with the verdict the engine's `check()` gives it.

Plain Python over the engine's exercises: the tests import it, and run its source in a kernel to ask about an
exercise that lives only there (the endless practice's question of the moment).
"""

from euchre_lesson.widgets.exercise import answer_class

MARKS = {True: "✔ ", False: "✘ "}  # what the view puts before a verdict it could judge (widgets.cards.say)


def given(exercise, picked: tuple):
    """The answer the view checks for these choices: the choice itself, or with several the tuple of them."""
    return picked if exercise.several else picked[0]


def right_answer(exercise) -> tuple:
    """The right answer as the choices to click, in the order the buttons show them."""
    choices, answer = tuple(exercise.choices()), exercise.answer()
    if exercise.several:
        return tuple(choice for choice in choices if choice in set(answer))
    if isinstance(answer, (set, frozenset, tuple)):  # any one of several right cards (a playable card)
        return next((choice,) for choice in choices if choice in answer)
    return next((choice,) for choice in choices if type(choice) is type(answer) and choice == answer)


def wrong_answer(exercise) -> tuple:
    """A wrong answer from the choices offered, one the engine judges (not a prompt for more cards)."""
    choices, right = tuple(exercise.choices()), right_answer(exercise)
    others = [choice for choice in choices if choice not in right]
    if exercise.several:  # as many cards with one of them wrong; else all the cards; else one too few
        swapped = set(right[:-1] + tuple(others[:1]))
        candidates = [tuple(c for c in choices if c in swapped), choices, right[:-1], right[1:]]
    else:
        candidates = [(choice,) for choice in others]
    for picked in candidates:
        verdict = exercise.check(given(exercise, picked)) if picked else None
        if verdict is not None and verdict.answered and not verdict.correct:
            return picked
    raise AssertionError(f"{exercise.id or exercise}: no wrong answer among its choices {choices}")


def shown_verdict(exercise, picked: tuple) -> str:
    """The verdict's words as the view shows them for this answer."""
    verdict = exercise.check(given(exercise, picked))
    return (MARKS[verdict.correct] if verdict.answered else "") + str(verdict)


def plan(exercise) -> dict:
    """What to click and what the page must then say: wrong, right, the first hint, the answer shown."""
    steps = {}
    for attempt, picked in (("wrong", wrong_answer(exercise)), ("right", right_answer(exercise))):
        steps[attempt] = {
            "classes": [answer_class(exercise, choice) for choice in picked],
            "written": exercise.written(given(exercise, picked)),
            "correct": exercise.check(given(exercise, picked)).correct,
            "verdict": shown_verdict(exercise, picked),
        }
    return dict(steps, several=exercise.several, hint=f"Hint: {exercise.hint(1)}", solution=str(exercise.solution()))
