"""What a learner types to join a class, ruled once for the lessons and the class's server: a first name, a code.

The class's tables, the lessons' link to the class, a hand-in and the server that reads the lessons' reports all
read a first name and a join code with these two rules, so a name or a code one of them accepts the others accept.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..engine import language as catalog
from ..engine.errors import NotationError, excerpt
from ..engine.language import N_, _

LONGEST_NAME = 40  # characters: a first name, perhaps with an initial
LONGEST_TYPED = 1000  # characters typed for a name that are read at all
LONGEST_CODE = 100  # a code typed longer than this is not read at all
# Letters nobody mistakes for another when read aloud or off a board: no B (8), G (6), I and L (1), O and Q (0),
# S (5), Z (2).
JOIN_LETTERS = "ACDEFHJKMNPRTUVWXY"  # a join code's letters (classroom/codes.py draws and checks it)


def first_name(value: object) -> str:
    """The name in NFC without the spaces around it; NotationError says what is wrong with an empty, long or odd one."""
    if type(value) is not str:
        raise NotationError("name", _("Type your first name, such as Ana, not {value}.").format(value=excerpt(value)))
    if len(value) > LONGEST_TYPED:  # never split or normalize a page of text: say its length at once
        raise NotationError("name", _too_long(len(value)))
    # One spelling per name: 'Aná' typed as a + accent (NFD) is the 'Aná' typed as one letter (NFC).
    name = unicodedata.normalize("NFC", " ".join(value.split()))  # spaces inside, however many, become one
    if not name:
        raise NotationError("name", _("Type your first name, such as Ana: the name is empty."))
    if len(name) > LONGEST_NAME:
        raise NotationError("name", _too_long(len(name)))
    if any(unicodedata.category(letter).startswith("C") for letter in name):
        raise NotationError(
            "name",
            _("The name {name} holds a control character, which no name has: type your first name again.").format(
                name=excerpt(name)
            ),
        )
    return name


def _too_long(length: int) -> str:
    return _(
        "A first name is at most {most} characters; this one has {length}. Type your first name, perhaps with an "
        "initial."
    ).format(most=LONGEST_NAME, length=catalog.whole(length))


# Letters of other alphabets that look like a Latin letter (after casefold), as a name is read off a screen: the
# Cyrillic and Greek ones a keyboard offers, and the Latin ones read alike in a sans-serif font (I and l, 0 and O).
LOOK_ALIKE_LETTERS = str.maketrans(
    {
        **dict(zip("авеёіјкмнорстуухѕԁԛԝһӏ", "abeeijkmhopctyyxsdqwhi")),  # Cyrillic
        **dict(zip("αβγεζηικμνορτυχω", "abyezhikmvoptuxw")),  # Greek
        "ı": "i",
        "l": "i",
        "|": "i",
        "1": "i",
        "0": "o",
        "ß": "ss",
    }
)
NUMBERED = re.compile(r"^(.*\S) ([0-9]{1,3})$")  # 'Ava 2': a name told apart from another Ava by its number


def name_key(name: str) -> str:
    """What a name looks like on a screen: casefolded, in NFKC, each look-alike letter as the Latin one it looks like.

    Two names of one key are one name to the eye (Ann, ann, a Cyrillic Аnn), so the class tells them apart."""
    _text("name", name)
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).translate(LOOK_ALIKE_LETTERS)


def distinct_name(name: str, others: Iterable[str]) -> str:
    """`name`, or where another student's name looks the same, `name` with the first number free: 'Ava 2'."""
    taken = {name_key(other) for other in _names(others)}
    if name_key(name) not in taken:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        numbered = name[: LONGEST_NAME - len(suffix)].rstrip() + suffix  # still a first name: at most 40 characters
        if name_key(numbered) not in taken:
            return numbered
        number += 1


# The alphabets a look-alike name mixes, as the teacher reads them; another is named as Unicode names it.
ALPHABET_WORDS = {"LATIN": N_("Latin"), "CYRILLIC": N_("Cyrillic"), "GREEK": N_("Greek")}


def _alphabet_words(alphabet: str) -> str:
    return catalog._(ALPHABET_WORDS[alphabet]) if alphabet in ALPHABET_WORDS else alphabet.title()


def alphabets(name: str) -> tuple[str, ...]:
    """The alphabets a name's letters are written in ('LATIN', 'CYRILLIC', ...), in the order met."""
    _text("name", name)
    found: list[str] = []
    for letter in name:
        if letter.isalpha():
            alphabet = unicodedata.name(letter, "UNKNOWN").split()[0]
            if alphabet not in found:
                found.append(alphabet)
    return tuple(found)


def look_alikes(names: Iterable[str]) -> tuple[str, ...]:
    """For the teacher, a sentence per name that could pass for another's: written with look-alike letters of
    another alphabet, or looking the same as another name (numbers apart) though written differently."""
    given = list(dict.fromkeys(_names(names)))
    said = []
    seen: dict[str, str] = {}  # a name's key without its number -> the first name of that key
    for name in given:
        base = found[1] if (found := NUMBERED.match(name)) else name
        mixed = alphabets(base)
        other = seen.setdefault(name_key(base), name)
        other_base = found[1] if (found := NUMBERED.match(other)) else other
        if other != name and other_base.casefold() != base.casefold():
            said.append(
                _("{name} looks like {other} but is written with other letters: ask who is who.").format(
                    name=name, other=other
                )
            )
        elif len(mixed) > 1:
            said.append(
                _("{name} mixes letters of two alphabets ({alphabets}): it may pass for another name.").format(
                    name=name,
                    alphabets=_("{some} and {last}").format(
                        some=", ".join(_alphabet_words(a) for a in mixed[:-1]), last=_alphabet_words(mixed[-1])
                    ),
                )
            )
    return tuple(said)


def _text(what: str, value: object) -> str:
    if type(value) is not str:
        raise NotationError(what, f"{what} must be a first name, as text, such as 'Ana'; not {excerpt(value)}.")
    return value


def _names(names: object) -> list[str]:
    """Students' names given as a list (or any iterable) of text; NotationError for anything else."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise NotationError("names", f"names must be a list of first names, not {excerpt(names)}.")
    given = list(names)
    for name in given:
        _text("names", name)
    return given


CODES = ("join code", "teacher code", "seat token")  # the codes a class gives, as a message names them


def typed_code(value: object, what: str) -> str:
    """A code as typed: text, its spaces dropped; NotationError names anything else."""
    if what not in CODES:
        raise NotationError("what", f"what must name a code, one of {', '.join(CODES)}; not {excerpt(what)}.")
    if type(value) is not str or len(value) > LONGEST_CODE:
        raise NotationError(what, f"The {what} must be the short code you were given, not {excerpt(value)}.")
    return "".join(value.split())


def typed_join_code(value: object) -> str:
    """A join code as typed, its spaces dropped (kept so, and compared by `join_key`); refused if empty or not text."""
    code = typed_code(value, "join code")
    if not code:
        raise NotationError(
            "join code", _("Write the join code your teacher gave the class, such as KMR-TEX: the join code is empty.")
        )
    return code


def join_key(code: object) -> str:
    """A join code as the class compares it: read aloud, written on a board, so any case, and 'kmr tex' as 'KMR-TEX'."""
    return typed_code(code, "join code").upper().replace("-", "")
