"""The exercises of each lesson, as data: `ex = exercises(1)`, then `ex.q1.check(answer)`."""

from __future__ import annotations

import errno
import json
import math
import os
import random
import stat
import warnings
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import SimpleNamespace

from ..engine.cards import deck, parse_card, parse_cards
from .exercises import BestFive, Bid, Choice, LegalPlays, Score, TrickWinner, WhichSuit
from ..engine.hand import HAND_SIZE, Deal, HandState, deal_hand
from ..engine.errors import NotationError
from ..engine.rules import ALLOWED, CUTTHROAT, PARTNERSHIP, PRESETS, RuleSet, excerpt, with_switches

____ = ...  # the blank a student replaces with an answer; check(____) asks for one


def deal_for(rules: RuleSet, dealer: int, seat: int, hand: str, up_card: str, seed: int = 0) -> HandState:
    """A hand where `seat` holds `hand` and `up_card` is turned up; the other cards shuffled from `seed`."""
    mine, up = tuple(parse_cards(hand)), parse_card(up_card)
    rest = [c for c in deck(rules.deck) if c not in mine and c != up]
    random.Random(seed).shuffle(rest)
    packets = [mine if s == seat else tuple(rest.pop() for _ in range(HAND_SIZE)) for s in range(rules.players)]
    dummy = tuple(rest.pop() for _ in range(HAND_SIZE)) if rules.has_dummy else None
    return deal_hand(rules, dealer, deal=Deal(tuple(packets), dummy, (up, *rest)))


def _round_two(state: HandState) -> HandState:
    """The same hand after everyone passes round one."""
    for _ in range(state.players):
        state = state.apply("pass")
    return state


@cache
def _lessons() -> dict[int, dict]:
    """Every lesson's exercises, built when first asked for."""
    return {
        0: {
            "q1": Choice("How many cards are in a standard Euchre deck?", {
                "24": "the 9, 10, J, Q, K and A of four suits (C1).",
                "32": "That is a variant that adds the 7s and 8s (C1); the standard deck has 24.",
                "52": "That is a full deck; Euchre keeps only 9 to ace of each suit, 24 cards (C1)."}, right="24",
                hints=("Count the ranks 9, 10, J, Q, K, A, then multiply by four suits.",), rule_ids="C1"),
            "q2": Choice("In Cutthroat, who plays the dummy's cards?", {
                "the maker": "the maker may take the dummy's five and keep the best five of ten (T5).",
                "the dealer": "the dealer has no claim on the dummy; only the maker may take it (T5).",
                "nobody": "Almost: the dummy never bids or plays by itself, but the maker may take its cards (T1, T5)."},
                right="the maker", hints=("The dummy is a prize for whoever chooses trump.",), rule_ids=("T1", "T5")),
            "q3": Choice("Who speaks first in the bidding?", {
                "the dealer": "the dealer speaks last (C6).",
                "the dealer's left": "bidding starts at the dealer's left and goes clockwise (C6).",
                "the dealer's right": "play goes clockwise, so the dealer's right speaks just before the dealer (C6)."},
                right="the dealer's left", hints=("The dealer is last to speak.",), rule_ids="C6"),
        },
        1: {
            "q1": WhichSuit("J♦", "♥", hints=("Diamonds and hearts are both red.",
                                              "The jack of the other suit of trump's colour joins trump.")),
            "q2": WhichSuit("J♠", "♥", hints=("Is spades the same colour as hearts?",)),
            "q3": TrickWinner("A♥ J♦ K♥", "♥", hints=("Which suit is J♦ in when hearts are trump?",)),
            "q4": TrickWinner("A♣ J♣ K♣", "♠", hints=("Clubs were led, but is every club really a club?",)),
        },
        2: {
            "q1": Choice("In four-hand Euchre, what does the dealer's partner say to accept the up-card?", {
                "assist": "the dealer's partner assists; the opponents order it up (C6, F2).",
                "order it up": "That is what the dealer's opponents say; the partner assists (C6).",
                "accept": "That is the dealer's own word; the partner assists (C6)."}, right="assist",
                rule_ids=("C6", "F2")),
            "q2": Choice("Seat 0 orders up. With the house rules of these lessons, must the dealer take the up-card?", {
                "yes": "Not by default: the sources give the dealer the option (C7); `dealer_must_pick_up=True` makes it a must.",
                "no": "the dealer may take it and discard, or leave it; the suit is trump either way (C7)."},
                right="no", rule_ids="C7"),
            "q3": Bid(deal_for(CUTTHROAT, 2, 0, "J♥ J♦ A♥ K♠ A♣", "10♥", seed=1), accept=("order",),
                      reason="Both bowers and the ace of hearts: three sure tricks in hearts. Order it up."),
            "q4": Bid(deal_for(CUTTHROAT, 2, 0, "9♣ 10♣ Q♦ 9♠ K♦", "A♥", seed=2), accept=("pass",),
                      reason="No heart at all and no ace: you would be euchred. Pass."),
            "q5": Choice("Cutthroat, with the 24-card deck: how many cards stay in the kitty after the deal?", {
                "4": "three players and the dummy get five each, 20 cards; 4 of the 24 stay in the kitty (T2, C5).",
                "9": "That forgets the dummy: it gets five cards too, so only 4 stay in the kitty (T2).",
                "0": "Not every card is dealt: five each to three players and the dummy is 20, and 4 stay (T2)."},
                right="4", hints=("Count the hands that get five cards: three players, and one more.",),
                rule_ids=("T2", "C5")),
            "q6": Choice("Cutthroat: the dealer's left passes and the next player says \"I assist\". What happens?", {
                "that player orders it up": "In Cutthroat nobody has a partner, so \"I assist\" simply orders the "
                                            "card up: its suit is trump and that player is the maker (T3).",
                "the dealer must take the card": "The dealer may take the up-card or leave it, as after any order "
                                                 "(C7); \"I assist\" orders the card up and that player is the "
                                                 "maker (T3).",
                "the dealer's partner helps": "There are no partners in Cutthroat: the word is copied from the "
                                              "four-hand game, and it orders the card up (T3)."},
                right="that player orders it up", rule_ids=("T3", "C6", "C7")),
        },
        3: {
            "q1": Choice("Round one went round with everyone passing; the up-card was 9♣. May you now name clubs?", {
                "yes": "Not by the default rule: the turned-down suit may not be named (C8).",
                "no": "the suit turned down is out for this hand (C8)."}, right="no", rule_ids="C8"),
            "q2": Choice("Everyone passes in round two too. What happens?", {
                "the dealer must name a suit": "Only with the stick-the-dealer house rule (C9).",
                "the hand is thrown in": "the cards are gathered and the next dealer deals (C9).",
                "the up-card's suit is trump": "that suit was turned down (C8); the hand is thrown in (C9)."},
                right="the hand is thrown in", rule_ids=("C9", "C8")),
            "q3": Bid(_round_two(deal_for(CUTTHROAT, 2, 0, "J♠ J♣ A♠ K♠ 9♦", "10♥", seed=3)), accept=("call ♠",),
                      reason="Both bowers, the ace and king of spades: call spades."),
            "q4": Choice("Three players: seat 2 dealt, and everyone passed twice. Who deals the next hand?", {
                "seat 0": "the deal passes to the left, the next seat clockwise, after every hand, a throw-in "
                          "too: after seat 2 comes seat 0 (C4, C9).",
                "seat 2 again": "A throw-in does not keep the deal: it passes to the left after every hand, so "
                                "seat 0 deals (C4, C9).",
                "seat 1": "Seat 1 sits on seat 2's right. The deal passes to the left, the next seat clockwise, so "
                          "after seat 2 comes seat 0 (C4)."},
                right="seat 0", hints=("Seats are numbered clockwise, and the last seat has seat 0 on its left.",),
                rule_ids=("C4", "C9")),
        },
        4: {
            "q1": BestFive("J♥ J♦ A♥ K♥ 9♥ A♠ 9♣ 10♣ Q♦ K♠", "♥",
                           hints=("Start with every trump; remember the left bower.",)),
            "q2": BestFive("J♠ A♠ 10♠ A♥ K♥ 9♦ 10♦ Q♣ K♣ 9♥", "♠",
                           hints=("Trumps first, then off-suit aces.",)),
            "q3": Choice("When does the Cutthroat maker decide to go alone?", {
                "before seeing the dummy": "the maker decides first; a maker who plays alone never sees the dummy (T5, T6).",
                "after seeing the dummy": "the choice comes first, so going alone means giving up the dummy unseen (T5)."},
                right="before seeing the dummy", rule_ids=("T5", "T6")),
        },
        5: {
            "q1": Score(5, maker_alone=True, hints=("Look for the lone-maker row of the Cutthroat table.",)),
            "q2": Score(5, maker_alone=True, rules=PARTNERSHIP),
            "q3": Choice("The maker, in seat 1, goes alone in Cutthroat. Who leads the first trick?", {
                "the player on the maker's left": "after a lone player, the player to that player's left leads (C11).",
                "the player on the dealer's left": "That is the rule when nobody goes alone (C11).",
                "the maker": "the lead goes to the lone player's left (C11)."},
                right="the player on the maker's left", rule_ids="C11"),
            "q4": Score(1, lone_defender=True, who="defenders",
                        hints=("The maker took one trick, so the lone defender's side took four.",)),
            "q5": Choice("Trump is fixed and the dealer has discarded. Who says first whether they go alone?", {
                "the maker": "the maker announces first; the others are asked after, in the order C10 gives (C10).",
                "the dealer's left": "The announcements start with the maker, wherever the maker sits; the "
                                     "dealer's left only leads first when nobody goes alone (C10, C11).",
                "the dealer": "The dealer has no say unless the dealer is the maker: the maker announces "
                              "first (C10)."},
                right="the maker", rule_ids=("C10", "C11")),
            "q6": Choice("Cutthroat: a defender goes alone. What does the other defender do?", {
                "sits out, cards face down": "a lone defender plays without help, so the other defender sits out "
                                             "(T6).",
                "plays as usual": "Going alone means playing without help: the other defender sits out (T6).",
                "takes the dummy": "Only a maker who does not go alone takes the dummy (T5); the other defender "
                                   "sits out (T6)."},
                right="sits out, cards face down", rule_ids=("T6", "T5")),
            "q7": Choice("Four-hand: seat 1 made trump and stays. Who is asked next whether to go alone?", {
                "seat 3, the maker's partner": "if the maker stays, the maker's partner may go alone instead; then "
                                               "the defenders are asked (C10, F3).",
                "seat 2, the next player": "The maker's side speaks first: after the maker, the maker's partner "
                                           "(C10, F3).",
                "nobody: only the maker may go alone": "In the four-hand game the maker's partner may go alone too "
                                                       "(C10, F3); only a club's house rule forbids it."},
                right="seat 3, the maker's partner", rule_ids=("C10", "F3")),
            "q8": Choice("Four-hand, seat 0 deals. Seat 1 makes trump and goes alone; seat 2 stays; seat 0, the "
                         "dealer, goes alone too. Who leads the first trick?", {
                "seat 0, the lone defender": "when two players go alone, the lone defender leads (C11).",
                "seat 1, on the dealer's left": "That is the lead when nobody goes alone; when two go alone, the "
                                                "lone defender leads (C11).",
                "seat 2, on the maker's left": "Seat 2 sits out, as the lone defender's partner; when two go alone, "
                                               "the lone defender leads (C11)."},
                right="seat 0, the lone defender", rule_ids="C11"),
        },
        6: {
            "q1": LegalPlays("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥", hints=("Which of your cards are hearts while hearts are trump?",)),
            "q2": LegalPlays("J♣ A♣ 9♦ K♥", "K♣", "♠", hints=("With spades trump, is J♣ still a club?",)),
            "q3": TrickWinner("K♦ 9♥ A♦", "♣"),
            "q4": Choice("Who leads the second trick?", {
                "the winner of the first trick": "the winner of a trick leads the next (C13).",
                "the dealer's left": "Only the first trick is led by the dealer's left (C11); then the winner leads (C13).",
                "the maker": "the winner of each trick leads the next (C13)."},
                right="the winner of the first trick", rule_ids=("C13", "C11")),
            "q5": Choice("Hearts were led. You hold K♥ and A♠, and you click the A♠. What happens?", {
                "the A♠ is refused and nothing changes": "a move against the rules is refused with the rule it "
                                                         "breaks (here C12: you hold a heart, so you must follow), and "
                                                         "the game waits for a legal card (C14).",
                "the A♠ is played and loses": "An illegal card is never played: it is refused with the rule, and "
                                              "you choose again (C14, C12).",
                "you lose a point": "Nobody is punished: the move is refused, its rule is named (C12), and the "
                                    "hand waits for a legal card (C14)."},
                right="the A♠ is refused and nothing changes", rule_ids=("C14", "C12")),
        },
        7: {
            "q1": Score(3),
            "q2": Score(2, who="defenders"),
            "q3": Score(5, rules=PARTNERSHIP),
            "q4": Choice("Cutthroat: both defenders reach 11 on the same hand. Who wins?", {
                "both": "Only with the house rule tie_rule='shared' (T8).",
                "nobody yet": "level at the top, only the two tied players stay in contention, and hands go on "
                              "until one of them is ahead (T8).",
                "the dealer": "the dealer has no special claim; hands go on until one is ahead (T8)."},
                right="nobody yet", rule_ids="T8"),
        },
        8: {
            "q1": Choice("In Cutthroat, who are your partners?", {
                "nobody for long": "each plays for themselves; for one hand the two defenders play together (T1, T4).",
                "the player opposite": "That is four-hand Euchre (F1); in Cutthroat there are no fixed partners (T1).",
                "the dummy": "the dummy never plays; the maker may only take its cards (T5)."},
                right="nobody for long", rule_ids=("T1", "T4", "F1", "T5")),
            "q2": Score(4),
            "q3": LegalPlays("A♠ J♠ 10♦ Q♦", "9♣", "♣", hints=("Clubs are trump and a club was led: which jack is a club now?",)),
            "q4": Choice("Cutthroat: a euchre takes seats 1 and 2 to 10 each, level at the top; seat 0 has 9. Later seat 0 "
                         "marches to 12. Who wins?", {
                "nobody yet: only seats 1 and 2 can still win": "after a tie at the top only the tied players stay "
                                                                "in contention; play goes on until one of them is "
                                                                "ahead (T8).",
                "seat 0, with the highest score": "Seat 0 was below 10 when seats 1 and 2 tied, so it dropped out of "
                                                  "contention: its points no longer win (T8).",
                "all three share the win": "Only the tied players stay in contention, and they share a win only "
                                           "under the house rule tie_rule='shared' (T8)."},
                right="nobody yet: only seats 1 and 2 can still win", rule_ids="T8"),
        },
        9: {
            "q1": Choice("Where does your partner sit in four-hand Euchre?", {
                "opposite": "partners sit opposite, so play alternates between the sides (F1).",
                "on your left": "your left is an opponent (F1).",
                "on your right": "your right is an opponent (F1)."}, right="opposite", rule_ids="F1"),
            "q2": Score(5, maker_alone=True, rules=PARTNERSHIP),
            "q3": Choice("The maker goes alone in four-hand Euchre. Who sits out?", {
                "the maker's partner": "the partner lays the cards face down (F3).",
                "the dealer": "only the lone player's partner sits out (F3).",
                "nobody": "going alone means playing without your partner (F3)."},
                right="the maker's partner", rule_ids="F3"),
            "q4": Choice("Seats 1 and 3 have 9 points and euchre the makers. What happens?", {
                "seats 1 and 3 win the game": "a euchre pays the defenders 2 (F4): 11 points, and the first "
                                              "partnership to reach 10 wins (F5).",
                "they play on to 12": "Reaching 10 is enough: the first partnership to reach 10 wins (F5).",
                "the partner who took more tricks wins": "Partners share one score, whoever took the tricks, and "
                                                         "win together (F5)."},
                right="seats 1 and 3 win the game", rule_ids=("F5", "F4")),
        },
        10: {
            "q1": WhichSuit("Joker", "♣", hints=("The joker has no suit of its own.",)),
            "q2": TrickWinner("J♣ Joker A♣", "♣"),
            "q3": Choice("How many cards are left in the kitty with the 32-card deck in Cutthroat?", {
                "4": "That is the 24-card deck (C5).",
                "12": "32 cards less 5 for each of three players and the dummy (C5).",
                "5": "That is the 25-card deck with the joker (C5)."}, right="12", rule_ids=("C5", "C1", "T2")),
        },
        11: {
            "q1": Bid(deal_for(PARTNERSHIP, 3, 0, "J♠ A♠ K♠ A♥ 9♦", "10♠", seed=4), accept=("order",),
                      reason="The right bower and the ace and king of trump, with an off-suit ace: order up."),
            "q2": Bid(deal_for(PARTNERSHIP, 3, 0, "J♣ 9♠ 10♦ Q♦ 9♥", "A♠", seed=5), accept=("pass",),
                      reason="Ordering the ace of spades hands it to the dealer; with the left bower alone, pass.",
                      hints=("Who would pick up the A♠ if you ordered it?",)),
            "q3": Choice("You made trump and hold the right bower and two small trumps. What do you lead?", {
                "the right bower": "leading trump pulls the defenders' trumps so your aces stand up later.",
                "an off-suit ace": "Often trumped: the defenders still hold trumps. Lead trump first as maker.",
                "a small off-suit card": "That gives the lead away cheaply; the maker usually leads trump."},
                right="the right bower"),
        },
        12: {
            "q1": Choice("Two-handed Euchre with the 24-card deck: how many cards lie in the kitty?", {
                "14": "24 cards less five for each of the two players (W1, W2).",
                "4": "That is the kitty of the three- and four-hand games; with two players 14 are left (W2).",
                "19": "Both players hold five: 24 less 10 leaves 14 (W2)."}, right="14", rule_ids=("W1", "W2")),
            "q2": Choice("Two-handed: the non-dealer orders the up-card up. What does the dealer do?", {
                "takes it and discards a card": "in two-hand the dealer must take it and discard one of the "
                                                "original five (W3, C7).",
                "chooses whether to take it": "That is the three- and four-hand default; the two-hand "
                                              "references make it a must (W3).",
                "goes alone": "Nobody goes alone with two players: every hand is already one against one (W4)."},
                right="takes it and discards a card", rule_ids=("W3", "W4", "C7")),
            "q3": Choice("Two-handed: who leads the first trick?", {
                "the non-dealer": "the dealer's only opponent leads, as C11 says for the dealer's left (W5).",
                "the dealer": "The dealer never leads first; the non-dealer does (W5).",
                "the maker": "Whoever made trump, the non-dealer leads first (W5)."},
                right="the non-dealer", rule_ids=("W5", "C11")),
            "q4": Choice("Two-handed: the maker takes only 2 tricks. Who scores?", {
                "the opponent, 2 points": "the maker is euchred, so the opponent scores 2 (W6).",
                "the maker, 1 point": "The maker needs 3 tricks; with 2 the maker is euchred (W6).",
                "nobody": "A euchre always scores: the opponent takes 2 points (W6)."},
                right="the opponent, 2 points", rule_ids="W6"),
            "q5": Choice("Railroad Euchre: which card is the highest trump?", {
                "the joker": "Railroad plays the 25-card deck, and the joker tops every trump (R1, C3).",
                "the right bower": "The right bower is second: the joker is above it (R1, C3).",
                "the ace of trump": "The ace comes after the joker and both bowers (R1, C2)."},
                right="the joker", rule_ids=("R1", "C2", "C3")),
            "q6": Choice("Railroad: you go alone as maker. What happens before the first lead?", {
                "your partner passes you a card": "calling for best: your partner gives you one card face down, "
                                                  "then you lay one of your six aside (R3).",
                "nothing: your partner just sits out": "That is partnership Euchre; in Railroad the partner "
                                                       "first passes you their best card (R3).",
                "you take the kitty": "The kitty stays out of play; the extra card comes from your partner (R3)."},
                right="your partner passes you a card", rule_ids="R3"),
            "q7": Choice("Railroad: a lone defender takes 3 tricks against a lone maker. "
                         "How many points does the defender's side score?", {
                "4": "a lone defender who euchres a lone maker scores 4 in Railroad (R4, R2).",
                "2": "That is the usual euchre (F4); Railroad pays 4 when a lone defender beats a lone maker (R4).",
                "1": "A euchre is worth more than a point: 4 here (R4)."},
                right="4", rule_ids=("R2", "R4", "F4")),
            "q8": Choice("Railroad: your side reaches 10 points. What happens?", {
                "you win the game": "the first partnership to reach 10 wins, as in partnership Euchre (R5, F5).",
                "the points past 10 start the next game": "Those are the references' 'laps', match scoring that "
                                                          "these lessons do not play (R5).",
                "you must lead by 2": "There is no such rule: 10 points win (R5)."},
                right="you win the game", rule_ids=("R5", "F5")),
        },
    }


@cache
def _named() -> dict[int, dict]:
    """Every lesson's exercises, each knowing its id, "lesson 3 q1", by which progress remembers it."""
    return {n: {name: replace(question, id=f"lesson {n} {name}") for name, question in questions.items()}
            for n, questions in _lessons().items()}


def exercises(lesson: int) -> SimpleNamespace:
    """The exercises of one lesson, by name: `exercises(1).q1`."""
    lessons = _named()
    if type(lesson) is not int or lesson not in lessons:  # a list is not a lesson number, nor True lesson 1
        raise NotationError("lesson", f"No exercises for lesson {excerpt(lesson)}: the lessons with exercises "
                                      f"are {', '.join(map(str, sorted(lessons)))}; write exercises(1), say.")
    return SimpleNamespace(**lessons[lesson])


HOUSE_RULES_FILE = "house_rules.json"
HOUSE_RULES_LIMIT = 64 * 1024  # bytes: a real file is a few lines, and no more than this is ever read
_DEEPEST = 20  # levels of brackets: a file needs 2, and json.loads recurses once per level
_LONGEST_NUMBER = 20  # digits: no switch needs more than 3
_EXAMPLE = '{"cutthroat": {"stick_the_dealer": true}}'
SHOW_ANSWER = ("after a try", "always", "never")  # when an exercise offers "Show the answer"; the first is the default
_SETTINGS = {"show_answer": SHOW_ANSWER}  # the file's top-level keys that are not games, and their values
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class HouseRulesWarning(UserWarning):
    """A house rules file was refused: the standard rules are played, and this says why."""


@dataclass(frozen=True)
class HouseRules:
    """A class's house rules file, read: every game's rules, with the file's switches."""

    games: tuple[RuleSet, ...] = tuple(PRESETS.values())
    show_answer: str = SHOW_ANSWER[0]  # "after a try", "always" or "never"

    def rules(self, game: str) -> RuleSet:
        """The rules the class plays `game` by."""
        _check_game(game)
        return next(rules for rules in self.games if rules.game == game)


def class_rules(game: str = "cutthroat", folder: str | os.PathLike = ".") -> RuleSet:
    """The class's rules for a game: the preset, with the switches of `house_rules.json` in `folder` if any.

    The file holds one object per game, e.g. {"cutthroat": {"stick_the_dealer": true}}; a teacher
    writes it once beside the lessons and every lesson that plays a game picks it up. A file with
    a mistake never stops a lesson: it is refused with a HouseRulesWarning that says why, and the
    game's preset is played. `read_house_rules` raises the mistake instead.
    """
    _check_game(game)
    path = _house_rules_path(folder)  # a wrong argument is the caller's mistake: it raises
    try:
        return _read(path).rules(game)
    except NotationError as refused:
        warnings.warn(f"The house rules file was refused, so the standard {game} rules apply. {refused}",
                      HouseRulesWarning, stacklevel=2)
        return PRESETS[game]


def show_answer(folder: str | os.PathLike = ".") -> str:
    """When exercises offer "Show the answer": the `show_answer` of `house_rules.json` in `folder`, else "after a try".

    Like class_rules, a file with a mistake is refused with a HouseRulesWarning and the default applies.
    """
    path = _house_rules_path(folder)
    try:
        return _read(path).show_answer
    except NotationError as refused:
        warnings.warn(f"The house rules file was refused, so answers are offered {SHOW_ANSWER[0]!r}. {refused}",
                      HouseRulesWarning, stacklevel=2)
        return SHOW_ANSWER[0]


def read_house_rules(folder: str | os.PathLike = ".") -> HouseRules:
    """Every game's rules from `house_rules.json` in `folder` (none: the presets); NotationError names a mistake."""
    return _read(_house_rules_path(folder))


def _check_game(game: object) -> None:
    """Refuse a game that is not one of the presets."""
    if not isinstance(game, str) or game not in PRESETS:
        raise NotationError("game", f"game {excerpt(game)} is not one of the games: use {ALLOWED['game']}.")


def _house_rules_path(folder: object) -> Path:
    """Where the file would be in `folder`, which must be an existing folder named by text or a Path."""
    try:
        name = os.fspath(folder)
    except TypeError:
        name = None
    if not isinstance(name, str) or "\0" in name:
        raise NotationError("folder", f"folder must name a folder, as text or a Path, not {excerpt(folder)}.")
    if not os.path.isdir(name):
        raise NotationError("folder", f"folder {excerpt(name, 300)} is not a folder: give the folder "
                                      f"that holds (or would hold) {HOUSE_RULES_FILE}.")
    return Path(name) / HOUSE_RULES_FILE


class _Mistake(ValueError):
    """What is wrong with a house rules file, and where in it; _read adds the file's name."""

    def __init__(self, problem: str, where: str = ""):
        super().__init__(problem)
        self.where = where


def _read(path: Path) -> HouseRules:
    """The house rules in the file at `path` (the presets if there is none); NotationError names a mistake."""
    try:
        os.lstat(path)
    except FileNotFoundError:  # no file (a link to nowhere is a file that says something wrong)
        return HouseRules()
    except OSError:
        pass  # the open below says why
    try:
        return _house_rules_from(_json(_text(path)))
    except _Mistake as mistake:
        raise NotationError(str(path), f"In {path}{mistake.where}: {mistake}") from None


def _text(path: Path) -> str:
    """The file's text: UTF-8, a byte-order mark allowed."""
    data = _bytes(path)
    try:
        return data.decode("utf-8-sig")  # Windows Notepad starts a file with a byte-order mark
    except UnicodeDecodeError as error:
        hint = " (it looks like UTF-16, Notepad's Unicode)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise _Mistake(f"the file is not UTF-8 text{hint}: byte {data[error.start]:#04x} at position "
                       f"{error.start:,}; save it as UTF-8.") from None


def read_small(handle: int, limit: int) -> tuple[int, bytes]:
    """An open file's mode and, if it is a regular file, at most `limit` of its bytes; the file is then closed."""
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            return mode, b""
        with open(handle, "rb", closefd=False) as file:
            return mode, file.read(limit)
    finally:
        os.close(handle)


def _bytes(path: Path) -> bytes:
    """The file's bytes, if it is a regular file of at most HOUSE_RULES_LIMIT bytes; no more is read."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a named pipe must not wait
    except OSError as error:
        raise _Mistake(_unopenable(path, error)) from None
    try:
        mode, data = read_small(handle, HOUSE_RULES_LIMIT + 1)
    except OSError as error:  # a damaged disk
        raise _Mistake(f"it cannot be read: {error.strerror or error}.") from None
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise _Mistake(f"it is {kind}, not a file; write {HOUSE_RULES_FILE} as a text file, e.g. {_EXAMPLE}.")
    if len(data) > HOUSE_RULES_LIMIT:
        raise _Mistake(f"the file is larger than {HOUSE_RULES_LIMIT:,} bytes; a house rules file is a few lines.")
    return data


def _unopenable(path: Path, error: OSError) -> str:
    """Why the file cannot be opened, in words."""
    if error.errno == errno.ELOOP:
        return "it is a link that leads back to itself (a loop of links), not a file."
    if isinstance(error, FileNotFoundError) and os.path.islink(path):
        return f"it is a link to {excerpt(os.readlink(path), 200)}, which does not exist."
    return f"it cannot be opened: {error.strerror or error}."


def _json(text: str) -> object:
    """The JSON value of the text, refusing what json.loads cannot be trusted with."""
    if not text.strip():
        raise _Mistake(f"the file is empty; write e.g. {_EXAMPLE}.")
    if _nesting(text) > _DEEPEST:
        raise _Mistake(f"it is nested more than {_DEEPEST} levels deep; a house rules file needs 2, e.g. {_EXAMPLE}.")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_float=_float,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        python = text[error.pos:].startswith(("True", "False", "None"))  # the switches' names look like Python
        raise _Mistake(f"it is not readable JSON: {error.msg} at line {error.lineno}, column {error.colno}"
                       f"{' (JSON writes true, false and null in small letters)' if python else ''}; "
                       f"write e.g. {_EXAMPLE}.") from None


def _nesting(text: str) -> int:
    """How deep brackets nest outside strings in JSON text."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif in_string:
            escaped, in_string = char == "\\", char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _object(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object, refusing a key written twice (json.loads would silently keep the last)."""
    result: dict = {}
    for key, value in pairs:
        if key in result:
            raise _Mistake(f"{excerpt(key)} appears twice in one object; keep one of them.")
        result[key] = value
    return result


def _int(digits: str) -> int:
    """A JSON whole number, refused past 20 digits (int() of 5,000 digits raises, or is slow)."""
    length = len(digits.lstrip("-"))
    if length > _LONGEST_NUMBER:
        raise _Mistake(f"the number {digits[:12]}… has {length:,} digits; no switch needs more than 3.")
    return int(digits)


def _float(text: str) -> float:
    """A JSON number with a point or exponent, refused if it overflows to infinity."""
    number = float(text)
    if not math.isfinite(number):
        raise _Mistake(f"the number {excerpt(text, show=str)} is too large; no switch needs more than 3 digits.")
    return number


def _no_constant(name: str) -> None:
    """NaN and Infinity are not JSON, though json.loads reads them."""
    raise _Mistake(f"{name} is not a number JSON allows; the switches take whole numbers such as 10.")


def _house_rules_from(data: object) -> HouseRules:
    """Every game's rules from the file's object, each section checked, whichever game is asked for."""
    if not isinstance(data, dict):
        raise _Mistake(f"it must hold one object with a section per game, e.g. {_EXAMPLE}, not {_shown(data)}.")
    unknown = [key for key in data if key not in PRESETS and key not in _SETTINGS]  # games: the presets table
    if unknown:
        raise _Mistake(f"{excerpt(unknown[0])} is not a game or a setting; the sections are "
                       f"{', '.join(map(repr, PRESETS))}, and the settings {', '.join(map(repr, _SETTINGS))}.")
    games = tuple(_section(game, data[game]) if game in data else preset for game, preset in PRESETS.items())
    return HouseRules(games, **{name: _setting(name, data[name]) for name in _SETTINGS if name in data})


def _setting(name: str, value: object) -> str:
    """One of the setting's allowed words, exactly as written in the table."""
    allowed = _SETTINGS[name]
    if not isinstance(value, str) or value not in allowed:
        words = ", ".join(map(repr, allowed[:-1])) + f" or {allowed[-1]!r}"
        raise _Mistake(f"{name} must be {words}, not {_shown(value)}.")
    return value


def _section(game: str, switches: object) -> RuleSet:
    """One game's preset with the switches of its section."""
    where = f", section {game!r}"
    if not isinstance(switches, dict):
        raise _Mistake(f"a section must be an object of switches, e.g. {{\"stick_the_dealer\": true}}, "
                       f"not {_shown(switches)}.", where)
    try:
        return with_switches(PRESETS[game], switches)
    except NotationError as error:
        raise _Mistake(str(error), where) from None


def _shown(value: object) -> str:
    """A JSON value as the file spells it (false, not False), cut short."""
    return excerpt(value, show=lambda v: json.dumps(v, ensure_ascii=False))
