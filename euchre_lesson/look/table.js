// The one table view: draws a seat's Picture (look/picture.py) as a card table and sends back what was clicked.
// It decides no rule. Which cards may be clicked, why the others may not, every word on the table: all come in
// the picture from Python. The script only reads those fields, lays them out, and sends a click with the moment
// it drew, so Python can tell a click on an old picture from a click on the current one.

const SIDES = ["top", "left", "right"]; // the places around the felt other than yours, in the order filled
const UNMOVE_MS = 4000; // a card shown moved at once goes back if no new picture came in this time
const LONG_PROMPT = 110; // characters: a longer prompt is set a little smaller
const BOWER_WORDS = { right: "right bower", left: "left bower", joker: "best bower" };

// An element: h("div", {class: "x", text: "y", title: "z"}, child, ...); attributes with a null value are left out.
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") element.textContent = value;
    else if (name === "class") element.className = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child) element.append(child);
  }
  return element;
}

// A face's SVG, parsed once a view and copied after (a redraw parses no SVG again).
function svgCopy(svg, view) {
  let parsed = view.parsed.get(svg);
  if (!parsed) {
    parsed = document.createElement("template");
    parsed.innerHTML = svg;
    view.parsed.set(svg, parsed);
  }
  return parsed.content.cloneNode(true);
}

// A card's face: the SVG the host sent for its id, or the id in large type when no face came.
function face(id, view) {
  const svg = view.faces[id];
  if (svg) return h("span", { class: "tv-face", "aria-hidden": "true" }, svgCopy(svg, view));
  return h("span", { class: "tv-face tv-face-plain", "aria-hidden": "true" }, h("span", { text: id }));
}

function back(view) {
  const svg = view.faces.back;
  return h("span", { class: svg ? "tv-back" : "tv-back tv-back-plain", "aria-hidden": "true" },
    svg ? svgCopy(svg, view) : null);
}

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

// A seat's counts for screen readers, in the learner's language as the picture says them (English without).
function tricksWonWords(seat) {
  return seat.tricks_words || plural(seat.tricks, "trick won", "tricks won");
}

function facedDownWords(seat) {
  return seat.backs_words || `${plural(seat.backs, "card", "cards")} face down`;
}

// The view's own words in the learner's language, as the picture's `labels` says them (seat_picture.py translates
// them); English where a picture has none (an older host) or lacks one.
function said(picture, key, english) {
  const labels = (picture && picture.labels) || {};
  return labels[key] || english;
}

// The marks a card carries: a bower's small label, a chosen card's tick (a card from the dummy: its own row).
function marks(card, still = false, picture = null) {
  const labels = [];
  if (card.bower) labels.push(h("span", { class: "tv-tag tv-tag-bower", text: said(picture, `${card.bower}_bower`, BOWER_WORDS[card.bower]) }));
  if (card.chosen && !still) labels.push(h("span", { class: "tv-tick", text: "✓" }));
  return labels;
}

// How a card is drawn; one lying still on the table (the trick's) is never marked playable, dimmed or chosen.
function cardClasses(card, size, still) {
  return [
    "tv-card",
    `tv-card-${size}`,
    card.legal && !still ? "is-legal" : "",
    !card.legal && card.why_not && !still ? "is-illegal" : "",
    card.chosen && !still ? "is-chosen" : "",
    card.bower ? "is-bower" : "",
    card.from_dummy ? "is-from-dummy" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

// A card that a click could name (yours, or any the picture marks legal): a real button. Others (the trick's, a
// pile's, another seat's): a picture, named aloud all the same. `how`: "mine" (always a button), "still" (never).
function cardElement(card, view, size, how = "") {
  const clickable = how !== "still" && (how === "mine" || card.legal || card.why_not);
  if (!clickable) {
    const shown = { class: cardClasses(card, size, how === "still"), role: "img", "aria-label": card.spoken };
    return h("span", { ...shown, "data-card": card.id }, face(card.id, view), marks(card, how === "still", view.picture));
  }
  const button = h("button", {
    type: "button",
    class: cardClasses(card, size),
    "aria-label": card.spoken,
    "aria-disabled": card.legal ? null : "true",
    "aria-pressed": card.chosen ? "true" : null,
    title: card.legal ? null : card.why_not,
    "data-card": card.id,
    tabindex: "-1",
  }, face(card.id, view), marks(card, false, view.picture));
  button.addEventListener("click", () => view.clickCard(card, button));
  return button;
}

function backsFan(count, view, label) {
  const fan = h("span", { class: "tv-fan", role: "img", "aria-label": label });
  for (let i = 0; i < count; i += 1) {
    const card = h("span", { class: "tv-fan-card" }, back(view));
    card.style.setProperty("--turn", `${(i - (count - 1) / 2) * 7}deg`);
    fan.append(card);
  }
  return fan;
}

function chips(seat, picture) {
  const chip = (on, name, key, english) => on
    ? h("span", { class: `tv-chip tv-chip-${name}`, text: said(picture, key, english) }) : null;
  const yours = seat.place === "bottom" && seat.name === said(picture, "you", "You");
  return [
    chip(seat.dealer, "dealer", "dealer", "Dealer"),
    chip(seat.maker, "maker", "maker", "Maker"),
    chip(seat.alone, "alone", "alone", "Alone"),
    chip(seat.out, "out", "sits_out", "Sits out"),
    chip(seat.away, "away", "away", "Away"),
    // "Your turn" only to the viewer: an onlooker (a projector) sees the bottom seat by its name, "To play"
    chip(seat.to_act, "turn", yours ? "your_turn" : "to_play", yours ? "Your turn" : "To play"),
  ];
}

function tricksWon(seat, picture) {
  const marks = h("span", { class: "tv-tricks", title: tricksWonWords(seat) });
  const words = seat.tricks === 1 ? said(picture, "trick", "trick") : said(picture, "tricks", "tricks");
  marks.append(h("span", { class: "tv-tricks-count", text: String(seat.tricks) }),
    h("span", { class: "tv-tricks-words", text: words }));
  return marks;
}

// A seat's plate: its name, its chips, its tricks; then its hand (face down unless the picture shows the cards).
function seatBox(seat, view) {
  const about = [seat.name, seat.roles, tricksWonWords(seat)].filter(Boolean).join(", ");
  const classes = ["tv-seat", `tv-at-${seat.place}`, seat.to_act ? "is-to-act" : "", seat.out ? "is-out" : "",
    seat.away ? "is-away" : ""].filter(Boolean).join(" ");
  const plate = h("div", { class: "tv-plate" },
    h("span", { class: "tv-name", text: seat.name }), chips(seat, view.picture), tricksWon(seat, view.picture));
  const box = h("section", { class: classes, "aria-label": about, "data-place": seat.place }, plate);
  if (seat.place === "bottom") return box; // your hand is drawn at the felt's edge, larger
  // Cards face up (every hand open, or a card all have seen, as the up-card the dealer took) and the rest face down.
  const open = seat.cards && seat.cards.length
    ? h("div", { class: "tv-open-hand" }, seat.cards.map((card) => cardElement(card, view, "small"))) : null;
  const down = seat.backs
    ? backsFan(seat.backs, view, `${seat.name}: ${facedDownWords(seat)}`) : null;
  if (open || down) box.append(h("div", { class: "tv-seat-cards" }, open, down));
  return box;
}

function pileBox(pile, view, className) {
  const cards = pile.cards.map((card) => cardElement(card, view, "small"));
  const counted = pile.backs_words || plural(pile.backs, "card", "cards");
  const backs = pile.backs ? backsFan(pile.backs, view, `${pile.words}: ${counted}`) : null;
  return h("section", { class: `tv-pile ${className}`, "aria-label": pile.words },
    h("div", { class: "tv-pile-cards" }, cards, backs), h("div", { class: "tv-pile-words", text: pile.words }));
}

// The middle of the felt: the trick, each card toward the side of the seat that played it, and the up-card.
// While a trick is on the table, the up-card (turned down) lies aside: in an empty place if there is one.
function upCardAside(picture) {
  return Boolean(picture.up_card && picture.trick && picture.trick.cards.length);
}

// Whether the trick has its winner. On the static site Python's None arrives as undefined (Pyodide's messages),
// in JupyterLab as null: both mean no winner yet.
function won(trick) {
  return Boolean(trick) && trick.winner !== null && trick.winner !== undefined;
}

function middle(picture, view, aside) {
  const trick = picture.trick;
  const box = h("section", { class: "tv-middle", "aria-label": said(picture, "middle", "The middle of the table") });
  // No trick at all before the play (a trick of no card yet is the first lead): a phone may draw the cross smaller.
  const state = !trick ? " is-before-play" : won(trick) ? " is-won" : "";
  const cross = h("div", { class: "tv-trick" + state });
  const seen = new Set();
  if (trick) {
    for (const played of trick.cards) {
      const card = cardElement(played.card, view, "trick", "still");
      const key = `${trick.number}:${played.seat}:${played.card.id}`;
      const slot = h("div", { class: `tv-slot tv-slot-${played.place}`, "data-seat": played.seat }, card);
      if (won(trick) && played.seat === trick.winner) slot.classList.add("is-winner");
      if (view.drawn && !view.seenPlayed.has(key)) slot.classList.add("is-arriving");
      seen.add(key);
      cross.append(slot);
    }
  }
  view.seenPlayed = seen; // this trick's cards only: the same card in the same trick of a later hand moves again
  if (picture.up_card && !upCardAside(picture)) {
    cross.append(h("div", { class: "tv-slot tv-slot-centre" }, pileBox(picture.up_card, view, "tv-up-card")));
  }
  box.append(cross);
  if (trick && trick.words) {
    box.append(h("p", { class: "tv-trick-words" + (won(trick) ? " is-won" : ""), text: trick.words }));
  }
  if (aside) box.append(aside);
  return box;
}

function header(picture) {
  const you = picture.seats.find((seat) => seat.place === "bottom");
  const about = said(picture, "scores", "Scores, to {target} points").replace("{target}", picture.target);
  const scores = h("ul", { class: "tv-scores", "aria-label": about },
    picture.scores.map((score) => h("li", { class: "tv-score" + (you && score.side === you.side ? " is-yours" : "") },
      h("span", { class: "tv-score-words", text: score.words }),
      h("span", { class: "tv-score-points", text: String(score.points) }))),
    h("li", { class: "tv-target", text: said(picture, "target", `to ${picture.target}`) }));
  return h("header", { class: "tv-bar" }, h("h2", { class: "tv-title", text: picture.title }), scores);
}

// Trump and who made it: under the bar on a narrow screen, at the head of the side column on a wide one.
function trumpBox(picture) {
  if (!picture.trump) {
    return h("div", { class: "tv-trump is-none" }, h("span", { class: "tv-trump-words", text: said(picture, "no_trump", "No trump yet") }));
  }
  return h("div", { class: "tv-trump" },
    h("span", { class: "tv-trump-mark", text: picture.trump, "data-trump": picture.trump, "aria-hidden": "true" }),
    h("span", { class: "tv-trump-words", text: picture.trump_words }));
}

// Your hand at the felt's edge: a row of faces, the dummy's cards apart from yours in the keep step.
function handRow(seat, view, keep) {
  // A hand with no card to click now (the bidding, another's turn) is shown plainly, none of it dimmed.
  const resting = !seat.cards.some((card) => card.legal);
  const classes = ["tv-hand", seat.cards.length > 6 ? "is-long" : "", keep ? "is-choosing" : "",
    resting ? "is-resting" : ""];
  const hand = h("div", { class: classes.filter(Boolean).join(" "), role: "group", "aria-label": said(view.picture, "your_hand", "Your hand") });
  const own = seat.cards.filter((card) => !card.from_dummy);
  const dummy = seat.cards.filter((card) => card.from_dummy);
  // Your cards are buttons while any of them answers a click (a play, or a reason why not); an onlooker's are not.
  const how = seat.cards.some((card) => card.legal || card.why_not) ? "mine" : "";
  const group = (cards, words, className) => {
    const row = h("div", { class: "tv-hand-cards" }, cards.map((card) => cardElement(card, view, "hand", how)));
    row.style.setProperty("--n", String(Math.max(cards.length, 2))); // a narrow screen overlaps the cards to fit
    return h("div", { class: `tv-hand-group ${className}` },
      words ? h("div", { class: "tv-hand-words", text: words }) : null, row);
  };
  if (dummy.length) {
    hand.append(group(own, said(view.picture, "your_cards", "Your cards"), "is-own"),
      group(dummy, said(view.picture, "from_dummy", "From the dummy"), "is-dummy"));
  }
  else if (own.length) hand.append(group(own, "", "is-own"));
  else if (seat.backs) hand.append(backsFan(seat.backs, view, facedDownWords(seat)));
  return hand;
}

function talk(picture, view) {
  const long = picture.prompt.length > LONG_PROMPT ? " is-long" : "";
  const prompt = h("p", { class: `tv-prompt${picture.mood ? ` is-${picture.mood}` : ""}${long}`, text: picture.prompt });
  const reason = h("p", { class: "tv-reason", "aria-live": "polite", text: view.reason });
  const chosen = picture.seats.flatMap((seat) => seat.cards).filter((card) => card.chosen).length;
  const counted = said(picture, "chosen", "Chosen: {chosen} of {keep}")
    .replace("{chosen}", String(chosen)).replace("{keep}", String(picture.keep));
  const count = picture.keep ? h("p", { class: "tv-keep-count", text: counted }) : null;
  const buttonElement = (button) => {
    const element = h("button", {
      type: "button",
      class: `tv-button tv-button-${button.kind}`,
      title: button.why || null,
      disabled: !button.enabled,
      "data-key": button.key,
    }, button.words);
    element.addEventListener("click", () => view.press(button));
    return element;
  };
  // The choices of this step (bids, Keep these five) first and large; the host's tools after, smaller.
  const choices = picture.buttons.filter((button) => button.kind !== "tool");
  const tools = picture.buttons.filter((button) => button.kind === "tool");
  return h("section", { class: "tv-talk", "aria-label": said(picture, "what_to_do", "What to do") },
    h("div", { class: "tv-status" }, prompt, count), reason,
    h("div", { class: `tv-buttons tv-choices${choices.length > 3 ? " is-many" : ""}` }, choices.map(buttonElement)),
    h("div", { class: "tv-buttons tv-tools" }, tools.map(buttonElement)));
}

function table(picture, view) {
  const places = new Map(picture.seats.map((seat) => [seat.place, seat]));
  const felt = h("div", { class: `tv-felt tv-players-${picture.players}` });
  // The piles away from the middle take the empty places, the dummy first.
  const piles = [];
  if (picture.dummy) piles.push(pileBox(picture.dummy, view, "tv-dummy"));
  if (upCardAside(picture)) piles.push(pileBox(picture.up_card, view, "tv-up-card is-aside"));
  for (const place of SIDES) {
    const seat = places.get(place);
    if (seat) felt.append(seatBox(seat, view));
    else if (piles.length) {
      felt.append(h("div", { class: `tv-seat tv-at-${place} tv-pile-place`, "data-place": place }, piles.shift()));
    }
  }
  // No empty place left for a pile: the up-card goes under the trick, the dummy below your hand.
  const left = (name) => piles.find((pile) => pile.classList.contains(name)) || null;
  felt.append(middle(picture, view, left("tv-up-card")));
  const you = places.get("bottom");
  if (you) {
    felt.append(h("div", { class: "tv-you" }, seatBox(you, view), handRow(you, view, picture.keep)));
  }
  if (left("tv-dummy")) felt.append(h("div", { class: "tv-extra" }, left("tv-dummy")));
  return h("div", { class: `tv-table${picture.four_colour ? " is-four-colour" : ""}` },
    header(picture), trumpBox(picture), felt, talk(picture, view));
}

// Which control had the focus, so a redraw can give it back (keyboard players keep their place).
function focusOf(root) {
  const now = document.activeElement;
  if (!now || !root.contains(now)) return null;
  if (now.dataset.card) return { card: now.dataset.card, index: [...root.querySelectorAll(".tv-hand .tv-card")]
    .indexOf(now) };
  if (now.dataset.key) return { key: now.dataset.key };
  return null;
}

function refocus(root, focus) {
  if (!focus) return;
  const hand = [...root.querySelectorAll(".tv-hand button.tv-card")];
  let target = null;
  if (focus.key) target = root.querySelector(`button[data-key="${CSS.escape(focus.key)}"]:not([disabled])`);
  if (focus.card) {
    target = hand.find((card) => card.dataset.card === focus.card)
      || hand.find((card) => card.classList.contains("is-legal"))
      || hand[Math.min(focus.index, hand.length - 1)];
  }
  target = target || root.querySelector(".tv-hand button.is-legal, .tv-talk button:not([disabled])");
  if (target) {
    rove(root, target);
    target.focus({ preventScroll: true });
  }
}

// One card of the hand is in the Tab order at a time; the arrow keys move between them.
function rove(root, target) {
  for (const card of root.querySelectorAll(".tv-hand button.tv-card")) card.tabIndex = card === target ? 0 : -1;
}

function arrowKeys(root) {
  root.addEventListener("keydown", (event) => {
    const hand = [...root.querySelectorAll(".tv-hand button.tv-card")];
    const at = hand.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next = null;
    if (step) next = hand[(at + step + hand.length) % hand.length];
    else if (event.key === "Home") next = hand[0];
    else if (event.key === "End") next = hand[hand.length - 1];
    if (!next) return;
    event.preventDefault();
    rove(root, next);
    next.focus();
  });
}

function render({ model, el }) {
  const stage = h("div", { class: "tv-stage" });
  // The prompt is read out from here when it changes: a live region must outlast the redraws to be heard.
  const live = h("p", { class: "tv-live", "aria-live": "polite" });
  const root = h("div", { class: "euchre-tv" }, stage, live);
  el.append(root);
  const view = {
    faces: {},
    parsed: new Map(), // a face's SVG -> its parsed copy
    reason: "",
    drawn: false,
    seenPlayed: new Set(), // the trick's cards already drawn: only a newly played card moves in
    moment: null,
    movedAt: null, // the moment whose picture shows a card moved at once (one card a picture)
    unmove: null,
    clickCard(card, button) {
      if (!card.legal) {
        view.showReason(card.why_not || "");
        return;
      }
      view.showReason("");
      model.send({ moment: view.moment, card: card.id });
      if (view.picture.keep) view.chooseAtOnce(button);
      else if (view.movedAt !== view.moment) view.moveAtOnce(card, button);
    },
    // The keep step: a card the picture lets you click is shown chosen (or let go) at once, with the count; Python's
    // next picture draws what it took. If none comes, the table is drawn again as Python last drew it.
    chooseAtOnce(button) {
      const chosen = !button.classList.contains("is-chosen");
      button.classList.toggle("is-chosen", chosen);
      button.classList.remove("is-sent");
      const tick = button.querySelector(".tv-tick");
      if (chosen) {
        button.setAttribute("aria-pressed", "true");
        if (!tick) button.append(h("span", { class: "tv-tick", text: "✓" }));
      } else {
        button.removeAttribute("aria-pressed");
        if (tick) tick.remove();
      }
      const count = root.querySelector(".tv-keep-count");
      const now = root.querySelectorAll(".tv-hand .tv-card.is-chosen").length;
      if (count) {
        count.textContent = said(view.picture, "chosen", "Chosen: {chosen} of {keep}")
          .replace("{chosen}", String(now)).replace("{keep}", String(view.picture.keep));
      }
      view.drawAgainLater();
    },
    // With no new picture in a few seconds (a click Python did not take), the table is drawn again as it was.
    drawAgainLater() {
      const moment = view.moment;
      clearTimeout(view.unmove);
      view.unmove = setTimeout(() => {
        if (view.moment === moment) draw();
      }, UNMOVE_MS);
    },
    // Shown moved before Python's next picture confirms it (that may take a second on the static site): a card
    // played to a trick goes to your side of it (a lead: the last trick taken is gathered first), any other card
    // is shown pressed. If no picture follows, the table is drawn again as it was.
    moveAtOnce(card, button) {
      const picture = view.picture;
      const you = picture.seats.find((seat) => seat.place === "bottom");
      const trick = picture.trick;
      const cross = root.querySelector(".tv-trick");
      view.movedAt = picture.moment;
      // A card clicked while the last trick taken is shown is a lead to the next one (Python listed it legal).
      const nextTrick = won(trick);
      const toTrick = trick && !picture.keep && you && cross && (nextTrick || !cross.querySelector(".tv-slot-bottom"));
      if (toTrick) {
        if (nextTrick) {
          cross.querySelectorAll(".tv-slot:not(.tv-slot-centre)").forEach((slot) => slot.remove());
          cross.classList.remove("is-won");
          root.querySelectorAll(".tv-trick-words").forEach((words) => words.remove());
        }
        cross.append(h("div", { class: "tv-slot tv-slot-bottom is-arriving is-pending" },
          cardElement(card, view, "trick", "still")));
        view.seenPlayed = nextTrick ? new Set() : view.seenPlayed;
        view.seenPlayed.add(`${trick.number + (nextTrick ? 1 : 0)}:${you.seat}:${card.id}`);
        if (document.activeElement === button) { // a keyboard player keeps a place in the hand
          const hand = [...root.querySelectorAll(".tv-hand button.tv-card")].filter((other) => other !== button);
          const at = [...root.querySelectorAll(".tv-hand button.tv-card")].indexOf(button);
          const next = hand[Math.min(at, hand.length - 1)];
          if (next) {
            rove(root, next);
            next.focus({ preventScroll: true });
          }
        }
        button.classList.add("is-gone");
      } else {
        button.classList.add("is-sent");
      }
      view.drawAgainLater();
    },
    press(button) {
      if (!button.enabled) return;
      model.send({ moment: view.moment, key: button.key });
    },
    showReason(words) {
      view.reason = words;
      const line = root.querySelector(".tv-reason");
      if (line) line.textContent = words;
    },
  };
  const words = () => ({ waiting: "…", broken: "{error}", ...model.get("words") }); // Python's, in the learner's language
  const draw = () => {
    const picture = model.get("picture");
    view.faces = model.get("faces") || {};
    if (!picture || !picture.seats) {
      stage.replaceChildren(h("p", { class: "tv-empty", text: words().waiting }));
      return;
    }
    if (picture.moment !== view.moment) view.reason = "";
    view.moment = picture.moment;
    view.picture = picture;
    view.movedAt = null;
    clearTimeout(view.unmove);
    const focus = focusOf(root);
    try {
      stage.replaceChildren(table(picture, view));
    } catch (error) { // a picture not of the contract's shape: say so on the page, not only in the console
      stage.replaceChildren(h("p", { class: "tv-empty", text: words().broken.replace("{error}", error.message) }));
      throw error;
    }
    if (live.textContent !== picture.prompt) live.textContent = picture.prompt;
    const hand = [...root.querySelectorAll(".tv-hand button.tv-card")];
    rove(root, hand.find((card) => card.classList.contains("is-legal")) || hand[0]);
    refocus(root, focus);
    view.drawn = true;
  };
  arrowKeys(root);
  model.on("change:picture", draw);
  const newFaces = () => {
    view.parsed.clear();
    draw();
  };
  model.on("change:faces", newFaces);
  draw();
  return () => { // the view is taken away (a cell cleared, a page left)
    clearTimeout(view.unmove);
    model.off("change:picture", draw);
    model.off("change:faces", newFaces);
  };
}

export default { render };
