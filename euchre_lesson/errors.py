"""The two errors a learner can meet: a broken rule, and unreadable notation."""


class IllegalAction(ValueError):
    """An action that breaks a rule of RULES.md; `.rule` is the rule's id."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.explanation = message


class NotationError(ValueError):
    """Text that is not a card, an action or a record; `.part` is the bad part."""

    def __init__(self, part: str, message: str):
        super().__init__(message)
        self.part = part
