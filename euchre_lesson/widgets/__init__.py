"""Widgets for the lessons: thin views over engine states (the engine decides every rule question)."""

from .cards import CardRow, card_button, style_sheet

__all__ = ["CardRow", "card_button", "style_sheet"]
