"""Seals on saved games: an HMAC-SHA256 of the record, keyed by a secret of the user's own, so the table can tell a
game it saved from one whose hands, moves or scores were changed outside it.

The key is made on the first save, in the user's Jupyter data folder (or `$EUCHRE_LESSON_KEYS`), readable by the
user alone. A hand record stays plain notation anyone may edit: the seal only tells that it was edited.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any, Literal, overload

from ..engine.errors import FileRefused, NotationError
from ..engine.files import data_folder, read_regular, write_new

KEY_SETTING = "EUCHRE_LESSON_KEYS"  # a folder for the key instead of the default (tests point it at a temporary one)
KEY_NAME = "saved_games.key"
SCHEME = "hmac-sha256"
KEY_BYTES = 32


class Trust(Enum):
    """What the table can say of where a game came from."""

    PLAYED = "played at this table"
    KEPT = "saved by this table and unchanged since"
    EDITED = "changed outside the table after it was saved"
    UNCHECKED = "saved without a seal, so whether it was changed cannot be checked"
    ELSEWHERE = "sealed by another user or computer, so whether it was changed cannot be checked here"


# What a seal says of the game it was made for: a game saved from an edited game stays an edited game.
SEALED_AS = {
    Trust.PLAYED: "played",
    Trust.KEPT: "played",
    Trust.EDITED: "edited",
    Trust.UNCHECKED: "unchecked",
    Trust.ELSEWHERE: "unchecked",
}
READ_AS = {"played": Trust.KEPT, "edited": Trust.EDITED, "unchecked": Trust.UNCHECKED}


# -- the key -------------------------------------------------------------------------------------------------


def key_folder() -> Path:
    """$EUCHRE_LESSON_KEYS, else the Jupyter data folder's euchre_lesson (or the browser's storage)."""
    if os.environ.get(KEY_SETTING):
        return Path(os.environ[KEY_SETTING]).expanduser()
    return data_folder()


@overload
def key(*, make: Literal[True]) -> bytes: ...
@overload
def key(*, make: bool) -> bytes | None: ...
def key(*, make: bool) -> bytes | None:
    """The user's key; None if there is none yet and `make` is false. An OSError or NotationError says why there is
    none to use."""
    path = key_folder() / KEY_NAME
    try:
        return _read_key(path)
    except FileRefused as refused:
        if refused.kind != "missing":
            raise _unusable(path, refused) from None
        if not make:
            return None
    return _make_key(path)


def _read_key(path: Path) -> bytes:
    """The key in the file at `path` (a regular file, never a link); FileRefused if there is none to read."""
    text = read_regular(path, 4 * KEY_BYTES, follow_links=False, what="a key").decode("ascii", "replace").strip()
    try:
        value = bytes.fromhex(text)
    except ValueError:
        value = b""
    if len(value) != KEY_BYTES:
        raise NotationError(
            "key",
            f"The key of saved games in {path} is damaged: remove that file, and the next "
            f"save makes a new key (games sealed with the old one can then not be checked).",
        )
    return value


def _make_key(path: Path) -> bytes:
    """A new key, written to a file only the user may read; if another kernel made one meanwhile, that one."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    value = secrets.token_bytes(KEY_BYTES)
    if write_new(path, value.hex() + "\n", private=True):  # whole or not at all, never over another kernel's
        return value
    try:
        return _read_key(path)
    except FileRefused as refused:
        raise _unusable(path, refused) from None


def _unusable(path: Path, refused: FileRefused) -> NotationError:
    return NotationError("key", f"{path} cannot hold the key of saved games: {refused}.")


def _key_id(value: bytes) -> str:
    """A short name of a key, so that a seal made with another key is told from a broken one."""
    return hashlib.sha256(b"euchre_lesson key id\n" + value).hexdigest()[:16]


# -- seals ----------------------------------------------------------------------------------------------------


def _message(record: dict[str, Any], sealed_as: str) -> bytes:
    """The record without its seal, in one canonical form (key order and spacing do not count), and what it is."""
    body = {name: value for name, value in record.items() if name != "seal"}
    return (
        json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        + b"\n"
        + sealed_as.encode("ascii")
    )


def _mac(record: dict[str, Any], key_value: bytes, sealed_as: str) -> str:
    return hmac.new(key_value, _message(record, sealed_as), hashlib.sha256).hexdigest()


def seal(record: dict[str, Any], key_value: bytes, trust: Trust) -> str:
    """The seal of a record saved from a game of this trust: 'hmac-sha256:<key id>:<played|edited|unchecked>:<mac>'."""
    sealed_as = SEALED_AS[trust]
    return f"{SCHEME}:{_key_id(key_value)}:{sealed_as}:{_mac(record, key_value, sealed_as)}"


def sealer(trust: Trust) -> Callable[[dict[str, Any]], str]:
    """A function of a record giving its seal, with the user's key (made now if there is none): for save_game."""
    value = key(make=True)
    return lambda record: seal(record, value, trust)


def trust_of(record: dict[str, Any]) -> Trust:
    """What the seal of a record read from a file says: kept as saved, edited, or not to be checked here."""
    stored = record.get("seal")
    if stored is None:
        return Trust.UNCHECKED
    parts = stored.split(":") if isinstance(stored, str) else []
    if len(parts) != 4 or parts[0] != SCHEME or parts[2] not in READ_AS:
        return Trust.EDITED  # a seal was there, and is not one any more
    try:
        value = key(make=False)
    except (OSError, NotationError):
        value = None
    if value is None or parts[1] != _key_id(value):
        return Trust.ELSEWHERE
    if not hmac.compare_digest(_mac(record, value, parts[2]), parts[3]):
        return Trust.EDITED
    return READ_AS[parts[2]]
