"""Cards on screen, each drawn with its face (look/faces.py): buttons where a click acts (words for screen readers,
usable from the keyboard), and strips of HTML where cards are only looked at."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable
from html import escape

import ipywidgets as w

from ..engine import checks, language
from ..engine.cards import JOKER, MOST_CARDS, Card, Suit, deck
from ..engine.display import (  # ROLE_MARKS: the small letter of a bower or the joker (C2, C3)
    ROLE_MARKS,
    card_name,
    words_html,
)
from ..engine.errors import NotationError
from ..engine.hand import HandState
from ..engine.language import N_, _
from ..engine.narration import up_card_words
from ..engine.ranking import bower
from ..engine.view import View
from ..look.faces import BACK_WORDS, back_svg, face_svg
from . import arguments
from .clicks import Drawing, shared_look
from .fallback import Described
from .ipywidgets_door import CLASSES, css_classes
from .page import current

# What the learner sees on the cards a click may act on (the style sheet's .euchre-legal): the words that point to them.
LEGAL_CUE = N_("outlined in blue")  # translated where it is said

# One style sheet for every widget of the package: drawn with CSS, nothing downloaded, no icon fonts. A card is
# drawn by its face (look/faces.py, the one drawing of a card), the background of its button or of its place in a
# strip, given by its class (euchre-c-jh); its rank and suit stay in the button as text, unseen, for the words a
# screen reader and a search find. Suits never depend on colour alone (every face shows its symbol); the
# four-colour deck only makes them quicker to tell apart. Legal cards get a thick border as well as a colour;
# a chosen card a brown border and a tick; a bower or the joker a gold ring and its letter (R, L, ★) under it.
CSS = """<style>
.euchre-card.jupyter-button, .euchre-face { width: 3.4em; height: 4.76em; margin: 0.15em; padding: 0;
  font: 600 1.2em/1.1 system-ui, sans-serif; border: 0 solid transparent; border-radius: 0.25em;
  background: #fff no-repeat center / 100% 100%; background-origin: border-box; color: transparent;
  box-shadow: 0 1px 2px rgba(0,0,0,.35); white-space: pre-line; position: relative; overflow: visible; }
.euchre-card.jupyter-button:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
.euchre-card.jupyter-button:disabled { opacity: 1; cursor: default; }
.euchre-row { padding: 0.3em; overflow: visible; }  /* room for the focus ring */
.euchre-face { display: inline-block; box-sizing: border-box; vertical-align: top; }
.euchre-strip { display: flex; flex-wrap: wrap; padding: 0.3em; min-height: 1.2em; }
.euchre-card.euchre-trump-card { box-shadow: 0 0 0 3px #e0a800; }
.euchre-card.euchre-legal { border: 3px solid #1f5fbf; transform: translateY(-0.25em); }
.euchre-card.euchre-chosen { border: 3px solid #8a5a00; transform: translateY(-0.45em); }
.euchre-card.euchre-chosen::before { content: "✓"; content: "✓" / ""; position: absolute; top: -0.5em;
  right: -0.5em; width: 1.2em; height: 1.2em; border-radius: 50%; background: #8a5a00; color: #fff;
  font: 700 0.7em/1.2em system-ui, sans-serif; text-align: center; }
.euchre-card.euchre-role-right::after, .euchre-card.euchre-role-left::after, .euchre-card.euchre-role-joker::after {
  position: absolute; left: 50%; bottom: -0.45em; transform: translateX(-50%); padding: 0.1em 0.4em;
  border: 1px solid #8a5a00; border-radius: 0.7em; background: #ffd54a; color: #3d2800;
  font: 700 0.65em/1 system-ui, sans-serif; }
.euchre-card.euchre-role-right::after { content: "R"; content: "R" / ""; }
.euchre-card.euchre-role-left::after { content: "L"; content: "L" / ""; }
.euchre-card.euchre-role-joker::after { content: "★"; content: "★" / ""; }
.euchre-table { background: #e8f3ea; border-radius: 0.6em; padding: 0.5em; contain: content; }  /* laid out on its own:
  a change on the felt does not make the browser lay out the whole notebook again */
.euchre-table.euchre-board { background: none; padding: 0; }  /* the Table's board: the table view draws its felt */
.euchre-note { font-family: system-ui, sans-serif; }
.euchre-note .bad { color: #a4001d; } .euchre-note .good { color: #0a6a2a; }
.euchre-note mark { background: #fff0a8; }
.euchre-tally th, .euchre-tally td { padding: 0.1em 1em 0.1em 0; text-align: left; }  /* headings kept apart */
@media (max-width: 520px) {  /* a phone: the French and Estonian heads are longer, and the table must fit */
  .euchre-tally th, .euchre-tally td { padding-right: 0.45em; font-size: 0.9em; }
}
</style>"""


def face_class(card: Card) -> str:
    """The CSS class that draws a card's face: 'euchre-c-jh', 'euchre-c-td', 'euchre-c-jk'."""
    return "euchre-c-" + checks.card("card", card).ascii.lower()


# What a picture's text may not hold in a data: address: a # would end it, and the angle brackets are escaped too, so
# the style sheet holds no tag a check of the page's HTML could take for one.
URL_ESCAPES = str.maketrans({"%": "%25", "#": "%23", '"': "%22", "<": "%3C", ">": "%3E"})


def _url(svg: str) -> str:
    """A picture as a data: address for CSS."""
    return 'url("data:image/svg+xml,' + svg.translate(URL_ESCAPES) + '")'


def faces_css() -> str:
    """The faces of every card of every deck and the back, as the backgrounds of their classes; the four-colour
    deck's clubs and diamonds inside a widget marked with four_colours. Each face names its card in the language
    chosen: the sheet is kept per language."""
    return _faces_css(language.language())


@functools.cache
def _faces_css(speaking: str) -> str:
    """The faces' style sheet in the language `speaking` (the one chosen where it is asked for: faces_css)."""
    cards = [*deck(32), JOKER]
    rules = [f".euchre-card.{face_class(card)} {{ background-image: {_url(face_svg(card))}; }}" for card in cards]
    rules += [
        f".euchre-four .euchre-card.euchre-{card.suit.plural}.{face_class(card)} "
        f"{{ background-image: {_url(face_svg(card, four_colour=True))}; }}"
        for card in cards
        if card.suit in (Suit.CLUBS, Suit.DIAMONDS)
    ]
    rules.append(f".euchre-card.euchre-back {{ background-image: {_url(back_svg())}; }}")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def style_sheet() -> w.HTML:
    """The package's style sheet with the card faces, as a widget to put once in each view: the page's one sheet,
    which every view shows (see Page.style_sheet)."""
    return current().style_sheet(CSS + faces_css())


def four_colours(widget: w.DOMWidget, on: bool = True) -> w.DOMWidget:
    """Draw a widget's cards in the four-colour deck (♦ blue, ♣ green), or back in two colours."""
    checks.instance("widget", widget, w.DOMWidget, "a widget of the lessons, such as a Table")
    (widget.add_class if checks.flag("on", on) else widget.remove_class)("euchre-four")
    return widget


def face(card: Card, trump: Suit | None = None) -> str:
    """What a card shows: rank and suit, and under it R, L or ★ for the bowers and the joker once trump is set."""
    return _face(checks.card("card", card), checks.suit("trump", trump, optional=True))


def _face(card: Card, trump: Suit | None) -> str:
    role = bower(card, trump) if trump is not None else None
    text = _("Joker") if card.is_joker else str(card)
    return f"{text}\n{ROLE_MARKS[role]}" if role else text


def classes(card: Card, trump: Suit | None = None) -> tuple[str, ...]:
    """The CSS classes of a card face."""
    return _classes(checks.card("card", card), checks.suit("trump", trump, optional=True))


def _classes(card: Card, trump: Suit | None) -> tuple[str, ...]:
    names = ["euchre-card", face_class(card)]
    if card.suit is not None:
        names.append(f"euchre-{card.suit.plural}")
    if card.colour == "red":
        names.append("euchre-red")
    role = bower(card, trump) if trump is not None else None
    if role:
        names += ["euchre-trump-card", f"euchre-role-{role}"]
    return tuple(names)


def card_button(card: Card, trump: Suit | None = None) -> w.Button:
    """One card as a button; its tooltip names the card in words."""
    card, trump = checks.card("card", card), checks.suit("trump", trump, optional=True)
    button = w.Button(description=_face(card, trump), tooltip=card_name(card, trump))
    set_classes(button, _classes(card, trump))
    return button


def _card_look(card: Card, trump: Suit | None, legal: bool, chosen: bool, disabled: bool, hidden: bool) -> dict:
    """A card button's traits: its face, its words for screen readers, whether it may be clicked, its classes."""
    if hidden:
        return {
            "description": "",
            "tooltip": language._(BACK_WORDS),
            "disabled": True,
            CLASSES: ("euchre-card", "euchre-back"),
        }
    marks = _classes(card, trump) + (("euchre-legal",) if legal else ()) + (("euchre-chosen",) if chosen else ())
    words = card_name(card, trump)
    words = _("{card}, playable").format(card=words) if legal else words
    words = _("{card}, selected").format(card=words) if chosen else words
    return {"description": _face(card, trump), "tooltip": words, "disabled": disabled, CLASSES: marks}


def _redraw_button(button: w.Button, look: dict) -> None:
    """Give a button this look in one message, and none if it has it already (only changed traits are sent)."""
    changed = {name: value for name, value in look.items() if getattr(button, name) != value}
    if changed:
        with button.hold_sync():
            for name, value in changed.items():
                setattr(button, name, value)


def set_classes(widget: w.DOMWidget, wanted: Iterable[str]) -> None:
    """Give a widget exactly these CSS classes, through its public add_class/remove_class, in one message."""
    checks.instance("widget", widget, w.DOMWidget, "a widget, such as a Button")
    if isinstance(wanted, str) or not isinstance(wanted, (tuple, list)) or not all(type(n) is str for n in wanted):
        raise checks.refused("wanted", wanted, "a list of CSS class names, such as ['euchre-card']")
    wanted = tuple(dict.fromkeys(wanted))
    with widget.hold_sync():
        for name in css_classes(widget):
            if name not in wanted:
                widget.remove_class(name)
        for name in wanted:
            widget.add_class(name)


def has_class(widget: w.DOMWidget, name: str) -> bool:
    """Whether a widget carries this CSS class."""
    checks.instance("widget", widget, w.DOMWidget, "a widget, such as a Button")
    checks.instance("name", name, str, "a CSS class name, such as 'euchre-legal'")
    return name in css_classes(widget)


class CardRow(Described, w.HBox):
    """A row of card buttons that redraws in place; `on_pick(card)` hears every click.

    A row whose clicks act on something makes new buttons when its cards or its `moment` (what the clicks
    act on) change, and drops clicks on the buttons it replaced (see Drawing); display-only rows reuse theirs.
    """

    purpose = N_("A row of cards, each a button showing its rank and suit.")

    def __init__(self, on_pick: Callable[[Card], None] | None = None, **kwargs):
        on_pick = arguments.callback("on_pick", on_pick)
        arguments.start_box(CardRow, self, kwargs)
        self.add_class("euchre-row")
        self.cards: tuple[Card, ...] = ()
        self._pool: list[w.Button] = []  # display-only rows reuse buttons: creating widgets is what costs in a browser
        self._on_pick = on_pick
        self.drawing = Drawing()

    def show(
        self,
        cards: Iterable[Card],
        trump: Suit | None = None,
        *,
        legal: Iterable[Card] = (),
        chosen: Iterable[Card] = (),
        disabled: bool = False,
        hidden: bool = False,
        moment: object = None,
    ) -> None:
        """Draw these cards: legal ones outlined, chosen ones marked; `hidden` shows their backs."""
        cards, trump = arguments.cards("cards", cards), checks.suit("trump", trump, optional=True)
        legal, chosen = set(arguments.cards("legal", legal)), set(arguments.cards("chosen", chosen))
        disabled, hidden = checks.flag("disabled", disabled), checks.flag("hidden", hidden)
        self._drawn: object = None  # what `redraw` last drew is no longer on screen
        self.cards = cards
        if hidden:  # stand-ins: a face-down row never holds the hidden cards, not even in Python
            self.cards = (JOKER,) * len(self.cards)
        looks = [_card_look(card, trump, card in legal, card in chosen, disabled, hidden) for card in self.cards]
        self._buttons_for(moment, looks)
        for button, look in zip(self._pool, looks):
            _redraw_button(button, look)
        self.children = self._pool[: len(self.cards)]

    def _buttons_for(self, moment: object, looks: list[dict]) -> None:
        """New buttons for a new drawing of a clickable row; otherwise enough buttons to reuse."""
        # A new button is made with its look: the one message that opens it, none after to draw it.
        layout, style, _unused = shared_look()
        if self._on_pick is not None and self.drawing.renew((moment, self.cards), self._pool):
            pick = self._on_pick
            self._pool = [
                self.drawing.button(functools.partial(pick, card), layout=layout, style=style, **look)
                for card, look in zip(self.cards, looks)
            ]
        while len(self._pool) < len(self.cards):
            self._pool.append(self.drawing.page.spares.take(layout=layout, style=style, **looks[len(self._pool)]))

    def button_for(self, card: Card) -> w.Button:
        """The button showing this card (for tests and lessons that click from code)."""
        card = arguments.card_among("card", card, self.cards, "shown in this row")
        return self.children[self.cards.index(card)]

    @property
    def face_up(self) -> list[Card]:
        """The cards shown face up."""
        return [card for card, button in zip(self.cards, self.children) if not has_class(button, "euchre-back")]

    def marked(self, card: Card, mark: str) -> bool:
        """Whether the card is shown with this mark: 'legal' (outlined), 'chosen' or 'back' (face down)."""
        return has_class(self.button_for(card), "euchre-" + arguments.choice("mark", mark, ("legal", "chosen", "back")))


class CardStrip(Described, w.HTML):
    """A row of cards to look at, not to click: one piece of HTML, so a change is one message and opens no widget.

    A browser builds a view for every widget it shows; a table that drew each card back as a button built
    fifteen of them at every new deal.
    """

    purpose = N_("A row of cards to look at, each showing its rank and suit.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cards: tuple[Card, ...] = ()
        self.hidden = False
        self.known: tuple[Card, ...] = ()

    def show(
        self,
        cards: Iterable[Card],
        trump: Suit | None = None,
        *,
        legal: Iterable[Card] = (),
        hidden: bool = False,
        known: Iterable[Card] = (),
    ) -> None:
        """Draw these cards face up, legal ones outlined, or (`hidden`) their backs: the strip then holds stand-ins,
        after the `known` ones face up (cards everyone knows the seat holds, such as the up-card it took)."""
        cards, trump = arguments.cards("cards", cards), checks.suit("trump", trump, optional=True)
        legal, known = set(arguments.cards("legal", legal)), arguments.cards("known", known)
        self.hidden = checks.flag("hidden", hidden)
        self.known = known[: len(cards)] if self.hidden else ()
        backs = len(cards) - len(self.known) if self.hidden else 0
        self.cards = self.known + (JOKER,) * backs if self.hidden else cards
        faces = [_face_html(card, trump, legal=card in legal) for card in self.cards[: len(self.cards) - backs]]
        self.value = f'<div class="euchre-strip">{"".join(faces + [_face_html(JOKER, hidden=True)] * backs)}</div>'

    @property
    def face_up(self) -> list[Card]:
        """The cards shown face up."""
        return list(self.known) if self.hidden else list(self.cards)


def strip_html(
    cards: Iterable[Card], trump: Suit | None = None, hidden: bool = False, legal: Collection[Card] = ()
) -> str:
    """Cards side by side in HTML, as a CardStrip shows them."""
    cards, trump = arguments.cards("cards", cards), checks.suit("trump", trump, optional=True)
    hidden, legal = checks.flag("hidden", hidden), set(arguments.cards("legal", legal))
    return (
        f'<div class="euchre-strip">{"".join(_face_html(card, trump, hidden, card in legal) for card in cards)}</div>'
    )


def _face_html(card: Card, trump: Suit | None = None, hidden: bool = False, legal: bool = False) -> str:
    """One card drawn in HTML as its button would look (its face the background its classes give), named in words
    for screen readers and on hover."""
    look = _card_look(card, trump, legal=legal, chosen=False, disabled=True, hidden=hidden)  # a button's, in HTML
    marks, words = " ".join(look[CLASSES]), escape(look["tooltip"])
    return (
        f'<span class="{marks} euchre-face" role="img" aria-label="{words}" title="{words}">'
        f"{escape(look['description'])}</span>"
    )


def up_card_place(table) -> tuple[str, tuple[Card, ...], bool]:
    """What the up-card's place shows, from a View or a HandState: its words, its card (none once the dealer took
    it: it is in the dealer's hand), and whether that card lies face down (turned down, C8; its name stays public)."""
    checks.instance(
        "table", table, (View, HandState), "a View or a HandState: the table as a seat sees it, or all of it"
    )
    up, words = table.up_card, up_card_words(table)
    if table.turned_down:
        return _("the {card}, {words}").format(card=up, words=words), (up,), True
    if table.picked_up:
        return _("the {card}, {words}").format(card=up, words=words), (), False
    return words, (up,), False


# -- feedback notes and buttons shared by the trainers ----------------------------------------


def note() -> w.HTML:
    """An empty feedback note; `say` fills it so screen readers announce the change."""
    box = w.HTML("")
    box.add_class("euchre-note")
    return box


def say(box: w.HTML, text: str, mood: str = "", extra_html: str = "") -> None:
    """Put text in a note (escaped, each rule id a link to the rule book): mood 'good' or 'bad' adds a word and a
    colour; extra_html follows."""
    checks.instance("box", box, w.HTML, "a note to write in, as note() makes")
    text = checks.instance("text", text, str, "the words to show")
    mood = arguments.choice("mood", mood, ("", "good", "bad"))
    extra_html = checks.instance("extra_html", extra_html, str, "HTML to show after the words, or ''")
    lead = {"good": "✔ ", "bad": "✘ "}.get(mood, "")
    body = f'<span class="{mood}">{words_html(lead + text)}</span>' if mood else words_html(text)
    box.value = f'<div role="status" aria-live="polite">{body}{extra_html}</div>'


def action_button(description: str, tooltip: str, on_click: Callable[[], None]) -> w.Button:
    """A button with words on it and a tooltip; clicking calls `on_click()`."""
    description = checks.instance("description", description, str, "the words on the button")
    tooltip = checks.instance("tooltip", tooltip, str, "the words shown on hover")
    if not callable(on_click):
        raise checks.refused("on_click", on_click, "a function to call when the button is clicked")
    button = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    button.on_click(lambda _: on_click())
    return button


def _row(name: str, row, kind=(CardRow, CardStrip)):
    """A row of cards to draw in: a CardRow (or, where a strip will do, a CardStrip)."""
    return checks.instance(
        name, row, kind, "a row of cards: a CardRow" + (" or a CardStrip" if kind != CardRow else "")
    )


def face_up_cards(row: CardRow | CardStrip) -> list[Card]:
    """The cards a row shows face up (for checks that nothing hidden is shown)."""
    return _row("row", row).face_up


def show_backs(row: CardRow | CardStrip, count: int, known: Iterable[Card] = (), trump: Suit | None = None) -> None:
    """Show `count` cards face down; the row is given stand-ins, never the hidden cards themselves, and a strip
    shows the `known` ones among them face up."""
    row, count = _row("row", row), checks.whole("count", count, 0, MOST_CARDS)
    known, trump = arguments.cards("known", known), checks.suit("trump", trump, optional=True)
    if known:
        if not isinstance(row, CardStrip):
            raise NotationError(
                "known",
                f"known cards are shown face up among the backs only in a CardStrip, not in a "
                f"{type(row).__name__}: give known=() for it.",
            )
        row.show((JOKER,) * count, trump, hidden=True, known=known)
    else:
        row.show((JOKER,) * count, hidden=True)


def redraw(row: CardRow, cards: Iterable[Card], trump: Suit | None = None, moment: object = None, **marks) -> None:
    """`row.show(...)`, skipped when the row already shows exactly this: a table redraws often, most rows unchanged."""
    row, cards = _row("row", row, CardRow), arguments.cards("cards", cards)
    key = (
        cards,
        trump,
        moment,
        tuple((name, value if isinstance(value, bool) else tuple(value)) for name, value in sorted(marks.items())),
    )
    if getattr(row, "_drawn", None) != key:
        row.show(cards, trump, moment=moment, **marks)
        row._drawn = key
