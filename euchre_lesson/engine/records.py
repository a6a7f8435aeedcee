"""The formats of a hand record and a game record (Notation), declared once for the engine that writes and reads them.

The schemas say each field's shape; what follows from the rules (a card's notation, a seat of this game, an action
that can be replayed, scores that follow from the hands) is checked by the reader after them (hand.py, game.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .checks import MOST_SEED
from .formats import Format, either, frozen
from .rules import ALLOWED, PRESETS

RECORD_FORMAT = "euchre_lesson game"  # what a game record's "format" says
# A game to 10 rarely lasts 50 hands. The caps leave room for 400 times that (a record of
# 16,000 thrown-in hands still loads, in seconds) yet keep a damaged file from filling the memory.
MAX_HANDS = 20_000

HAND_RECORD_SCHEMA: Mapping[str, Any] = frozen(
    {
        "type": "object",
        "description": "a JSON object with the fields rules, dealer, deal and actions (and switches, if any)",
        "properties": {
            # the games are the rules' table's (rules.ALLOWED), which says a wrong one with its rule
            "rules": {"description": f"the name of a game: {either(PRESETS)} ({ALLOWED['game'].rule})"},
            "switches": {
                "type": ["object", "null"],  # null: no switches
                "description": 'an object of switches, such as {"stick_the_dealer": true}',
            },
            "dealer": {"description": "a seat of the game"},  # which seats there are follows from the rules
            # null is read, to say why a record must carry its deal; the cards are read by the deal's own reader
            "deal": {"type": ["object", "null"], "description": "an object with hands, kitty (and dummy in cutthroat)"},
            # each action is read by the engine, which names the actions there are
            "actions": {"type": "array", "description": 'a list of actions, such as ["pass", "order"]'},
        },
        "required": ["rules", "dealer", "deal", "actions"],
        "additionalProperties": False,
    }
)
HAND_RECORD = Format("hand record", HAND_RECORD_SCHEMA)

# The fields derived from the hands (scores, winners, dealt_by_hand) are compared with what the hands give, and a
# wrong one is told with its right value: the schema leaves their shape to that comparison.
GAME_RECORD_SCHEMA: Mapping[str, Any] = frozen(
    {
        "type": "object",
        "properties": {
            "format": {"const": RECORD_FORMAT},
            "rules": HAND_RECORD_SCHEMA["properties"]["rules"],
            "switches": HAND_RECORD_SCHEMA["properties"]["switches"],
            "seed": {
                "type": "integer",
                "minimum": 0,
                "maximum": MOST_SEED,
                "description": "a whole number from 0 to 2**64 - 1",
            },
            # a seat, and a score for each side: how many follows from the rules
            "first_dealer": {"description": "a seat of the game"},
            "starting_scores": {"description": "a list of whole numbers, one per side"},
            # at most MAX_HANDS of them, which the reader says in words of its own
            "hands": {
                "type": "array",
                "minItems": 1,
                "items": HAND_RECORD_SCHEMA,
                "description": "a non-empty list of hand records",
            },
            "scores": {"description": "the scores the hands give"},
            "winners": {"description": "the winners the scores give"},
            "dealt_by_hand": {"description": "the numbers of the hands the seed did not deal"},
            # A signature of the record that a layer above may write and check (play/seal.py): a seal that is not
            # one of its own tells that the record was changed, so any value is read here.
            "seal": {"description": "the seal the table wrote"},
        },
        "required": ["format", "rules", "seed", "first_dealer", "hands", "scores", "winners"],
        "additionalProperties": False,
    }
)
GAME_RECORD = Format("game record", GAME_RECORD_SCHEMA, tag="format")
