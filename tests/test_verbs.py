"""The verbs of the notation live in one table (actions.Verb); the engine compares verbs, never their text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from euchre_lesson import Action, NotationError, parse_action
from euchre_lesson.engine.actions import TOKEN_HELP, Verb

ENGINE = [
    path
    for path in (Path(__file__).resolve().parent.parent / "euchre_lesson").rglob("*.py")
    if "widgets" not in path.parts
]
EXAMPLES = {None: "", "suit": " H", "card": " JH", "cards": " JH JD AH KH QH"}
# Modules written while verbs became a table, which still compare a verb's text: each to move to Verb.
WAITING = {"practice.py"}


@pytest.mark.parametrize("verb", list(Verb), ids=str)
def test_every_verb_reads_and_writes_its_own_token(verb):
    action = parse_action(f"{verb}{EXAMPLES[verb.carries]}")
    assert action.kind is verb and type(action.kind) is Verb
    assert action.ascii == f"{verb}{EXAMPLES[verb.carries]}" or verb.carries == "cards"
    assert parse_action(action.ascii) == action == Action(str(verb), action.card, action.suit, action.cards)
    assert f"{verb}" in TOKEN_HELP
    if verb.carries:
        assert verb.asked and f"needs {verb.asked}" in str(pytest.raises(NotationError, parse_action, str(verb)).value)


def test_a_verb_is_its_token_as_text():
    """Records and old code that compare a kind with its text keep working: equal, and the same key."""
    assert Verb.PLAY == "play" and {Verb.PLAY: 1}["play"] == 1 and "pass" in {Verb.PASS}
    assert str(Verb.PICKUP) == "pickup" and f"{Verb.KEEP}" == "keep"
    assert [verb for verb in Verb if verb.face_down] == [Verb.PICKUP, Verb.GIVE, Verb.DISCARD, Verb.KEEP]  # C7, R3, T5
    with pytest.raises(NotationError, match="not a verb of the notation"):
        Verb.of("throw")


def string_comparisons_of_verbs(tree: ast.AST) -> list[int]:
    """Lines where an action's kind is compared with text, or an Action is made from text."""
    verbs = {str(verb) for verb in Verb}

    def texts(node) -> set:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return set().union(set(), *map(texts, node.elts))
        return set()

    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Compare)
            and any(texts(side) & verbs for side in [node.left, *node.comparators])
            or isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "Action"
            and node.args
            and texts(node.args[0]) & verbs
        ):
            lines.append(node.lineno)
    return lines


def test_the_engine_compares_verbs_not_their_text():
    found = {
        path.name: lines
        for path in ENGINE
        if (lines := string_comparisons_of_verbs(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert set(found) <= WAITING, found
    assert string_comparisons_of_verbs(ast.parse('if action.kind == "play" or kind in ("keep",): Action("pass")')) == [
        1,
        1,
        1,
    ]
