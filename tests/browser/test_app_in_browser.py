"""The Voila app in a real Chromium: hand 1 played by clicking with the network cut, and every tab."""

import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from accessibility import axe_check, described
from labdriver import ROOT, VIEWPORT, free_port

PROMPT_APP = (
    "--Voila.kernel_websocket_connection_class="  # as `make app` starts it (euchre_lesson.server_extension)
    "euchre_lesson.server_extension.PromptZMQChannelsWebsocketConnection"
)
APP = ROOT / "app" / "euchre_table.ipynb"
RULE_BOOK = ROOT / "notebooks" / "13_rule_book.ipynb"
BIN = Path(sys.executable).parent
TABS = ["Play a game", "The bowers", "Follow suit", "Bidding", "The dummy", "Scoring quiz"]
# A switch changed in each game: every tab and every game names its own.
HOUSE_RULES = {
    "cutthroat": {"stick_the_dealer": True},
    "partnership": {"lone_maker_march_points": 6},
    "twohand": {"stick_the_dealer": True},
    "railroad": {"lone_vs_lone_euchre_points": 6},
}
SEED = 1  # the learner orders up, takes the dummy and keeps five: every kind of click
SLOW = 120_000  # ms: the machine may be busy; a kernel start and a redraw can take a while
# On the table's board (the one table view, euchre_lesson/look/table.js): your cards that may be clicked now, the
# Keep button of the dummy's keep, and the bid buttons.
LEGAL = ".tv-hand button.tv-card.is-legal:visible"
KEEP = "button.tv-button-keep:visible"
BIDS = "button.tv-button-bid:visible"


@pytest.fixture
def app_url(tmp_path):
    """Voila serving a copy of the project folder as `make app` does: the app, and beside it the rule book it
    links to and a house-rules file as a teacher writes it; the app's address."""
    (tmp_path / "app").mkdir()
    shutil.copy(APP, tmp_path / "app" / APP.name)
    (tmp_path / "notebooks").mkdir()
    shutil.copy(RULE_BOOK, tmp_path / "notebooks" / RULE_BOOK.name)
    (tmp_path / "notebooks" / "house_rules.json").write_text(json.dumps(HOUSE_RULES))
    # As `make app`: the page view (jupyter-config), and the app's template from app/ (no CDN, opens on the app).
    env = dict(os.environ, JUPYTER_CONFIG_PATH=str(ROOT / "jupyter-config"), JUPYTER_PATH=str(ROOT / "app"))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / "jupyter" / name.lower())
    port, log = free_port(), tmp_path / "voila.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                str(BIN / "voila"),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--template=euchre-app",
                PROMPT_APP,
            ],
            cwd=tmp_path,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # its own group: the kernels it starts stop with it
    try:
        deadline = time.monotonic() + SLOW / 1000
        while "running at" not in log.read_text():
            assert server.poll() is None, f"voila stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"voila did not start:\n{log.read_text()}"
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/voila/render/app/{APP.name}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _settled(page, before: str) -> str:
    """Wait until the page's text has changed from `before` and then held still (the kernel's replies are in)."""
    deadline, last, still = time.monotonic() + SLOW / 1000, before, 0
    while still < 3:
        assert time.monotonic() < deadline, f"the app did not answer a click; it shows:\n{last[-1500:]}"
        time.sleep(0.15)
        text = page.inner_text("body")
        still = still + 1 if text == last and text != before else 0
        last = text
    return last


def _click(page, locator) -> str:
    before = page.inner_text("body")
    locator.click()
    return _settled(page, before)


def _pick_bid(texts: list[str]) -> int:
    """Which bid button to press: take the dummy and make trump, so the hand is played, not thrown in."""
    for start in ("Take the dummy", "Defend together", "Order up", "Accept", "Assist", "Call", "Name"):
        for i, text in enumerate(texts):
            if text.startswith(start):
                return i
    return 0


def test_a_hand_is_played_to_its_end_in_the_app_offline(app_url, chromium):
    """Open the app in Chromium with the network cut, and play hand 1 by clicking, as a learner would."""
    outside, errors, steps = [], [], []
    page = chromium.new_page()
    try:
        server = app_url.split("/voila/")[0] + "/"

        def offline(route):  # only the local server answers, whatever network the machine has
            if route.request.url.startswith(server):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        page.route("**/*", offline)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(app_url, timeout=SLOW)
        page.get_by_role("button", name="Hint").wait_for(timeout=SLOW)
        text = _settled(page, "")
        assert "stick the dealer: on" in text, "the app did not pick up notebooks/house_rules.json"
        # Seed 1 deals the learner a hand worth ordering up, so the hand goes through the dummy (T5).
        seed = page.get_by_role("spinbutton", name="Seed")
        seed.fill(str(SEED))
        seed.press("Enter")
        text = _click(page, page.get_by_role("button", name="New game"))
        assert f"seed {SEED}" in text, text[:800]
        table = page.locator(".euchre-table:visible")
        while "Hand 1 is over" not in text:
            assert len(steps) < 80, f"hand 1 did not end after these clicks: {steps}"
            legal = table.locator(LEGAL)
            keep = table.locator(KEEP)
            buttons = table.locator(BIDS)
            if keep.is_visible():  # the dummy: select five of the ten cards that may be clicked, then keep them
                for i in range(5):
                    steps.append(f"select {legal.nth(i).get_attribute('data-card')}")
                    _click(page, legal.nth(i))
                steps.append("keep")
                text = _click(page, keep)
            elif legal.count():
                steps.append(f"card {legal.first.get_attribute('data-card')}")
                text = _click(page, legal.first)
            elif buttons.count():
                texts = buttons.all_inner_texts()
                choice = _pick_bid(texts)
                steps.append(texts[choice])
                text = _click(page, buttons.nth(choice))
            else:
                raise AssertionError(f"nothing to press and the hand is not over; the app shows:\n{text[-1500:]}")
        assert re.search(r"Hand 1 is over\. .*Points this hand", text), text[-1500:]
        assert "Grade my decisions" not in text and "Next hand" in text
        # Issue 37, 5: the coach comes by itself once the hand is over, unasked.
        page.locator(".euchre-coach:visible").filter(has_text=re.compile("accurate|nothing to review")).wait_for(
            timeout=SLOW
        )
        # Every tab opens and shows its trainer, each with its own feedback note.
        notes = [page.locator(".widget-tab-contents .euchre-note:visible").all_inner_texts()]
        for title in TABS[1:]:
            page.get_by_role("tab", name=title).click()
            notes.append(page.locator(".widget-tab-contents .euchre-note:visible").all_inner_texts())
            assert notes[-1] and notes[-1] != notes[-2], f"the tab {title!r} shows no trainer: {notes}"
    finally:
        page.close()
    assert not errors, f"the page raised errors: {errors}"
    # Nothing is asked of the network (Voila's own template asked a CDN for Font Awesome twice).
    assert outside == [], f"the app asked the network for: {outside}"
    assert "Take the dummy" in steps and "keep" in steps and sum(s.startswith("card") for s in steps) == 5, steps


def _open_app(chromium, app_url):
    """The app in a new page, once its widgets are drawn and the kernel's first replies are in."""
    page = chromium.new_page(viewport=VIEWPORT)
    page.goto(app_url, timeout=SLOW)
    page.get_by_role("button", name="Hint").wait_for(timeout=SLOW)
    _settled(page, "")
    return page


def test_the_app_meets_wcag_2_a_and_aa_on_every_tab(app_url, chromium):
    """axe-core (WCAG 2 A and AA) finds nothing on the whole app page, with each tab open in turn."""
    page = _open_app(chromium, app_url)
    try:
        found, checked = {}, 0
        for title in TABS:
            page.get_by_role("tab", name=title).click()
            page.locator(".widget-tab-contents .euchre-note:visible").first.wait_for()
            result = axe_check(page)
            checked += result["checked"]
            for violation in result["violations"]:  # each once, with the first tab that shows it
                found.setdefault(violation["id"], (title, violation))
    finally:
        page.close()
    report = "\n".join(described([violation], f"tab {title!r}: ") for title, violation in found.values())
    assert not found, f"axe-core finds WCAG 2 A/AA violations in the app:\n{report}"
    assert checked > 100 * len(TABS), f"axe-core checked only {checked} elements: was the app drawn?"


def test_the_rule_book_opens_from_the_app(app_url, chromium):
    """The app's link to the rules opens the rule book (lesson 13) under Voila, its rules anchored by id."""
    page = _open_app(chromium, app_url)
    try:
        links = page.get_by_role("link", name=re.compile("rule book", re.I))
        assert links.count() == 1, f"the app links {page.eval_on_selector_all('a', 'as => as.map(a => a.href)')}"
        href = links.get_attribute("href")
        # Every link to the rule book on the page (the rule ids' too) goes where Voila serves it, beside app/.
        books = page.eval_on_selector_all("a[href*='rule_book']", "as => as.map(a => a.href.split('#')[0])")
        assert set(books) == {app_url.split("/voila/")[0] + "/voila/render/notebooks/13_rule_book.ipynb"}, books
        links.click()
        page.locator("h3:has([id='C7'])").wait_for(timeout=SLOW)  # shown, once Voila has run the book
        shows = page.inner_text("body")
    finally:
        page.close()
    assert "The rule book" in shows and "C7 · The dealer" in shows, f"the link {href!r} opened:\n{shows[:800]}"


# Whether the rule's entry in the rule book is drawn inside the window.
RULE_IN_VIEW = """(rule) => { const anchor = document.getElementById(rule);
    if (!anchor || !anchor.getClientRects().length) return false;
    const box = (anchor.closest('h1, h2, h3, h4') || anchor).getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight; }"""


def test_a_rule_link_in_the_apps_table_message_lands_on_the_rule(app_url, chromium):
    """Seed 2026 deals the learner, the dealer, the up-card to take: the table's message cites C7, a link that
    opens the rule book at C7's entry."""
    page = _open_app(chromium, app_url)
    try:
        seed = page.get_by_role("spinbutton", name="Seed")
        seed.fill("2026")
        seed.press("Enter")
        _click(page, page.get_by_role("button", name="New game"))
        link = page.locator(".euchre-note:visible a[href*='13_rule_book.ipynb#C7']").first
        with page.context.expect_page() as opened:
            link.click()
        book = opened.value
        book.wait_for_function(RULE_IN_VIEW, arg="C7", timeout=SLOW, polling=200)
        assert "Show the code" not in book.inner_text("body"), "the app's Voila has no JupyterLab to show code in"
    finally:
        page.context.close()  # the app's page and the rule book it opened (new_page gave them their own context)


def test_the_apps_save_downloads_the_game_and_load_reads_it_back_in_another_visitors_page(app_url, chromium, tmp_path):
    """issue 28, 7: Save wrote app/euchre_game.json on the server, one file shared by every visitor."""
    page = _open_app(chromium, app_url)
    try:
        _click(page, page.get_by_role("button", name="Save", exact=True))
        with page.expect_download(timeout=SLOW) as download:
            page.get_by_role("link", name="Download euchre_game.json").click()
        assert download.value.suggested_filename == "euchre_game.json"
        saved = tmp_path / "downloads" / download.value.suggested_filename  # the learner's own computer
        download.value.save_as(saved)
        record = json.loads(saved.read_text())
        assert record["seed"] == 2026 and record["hands"], record
    finally:
        page.close()
    other = _open_app(chromium, app_url)  # another visitor: a kernel of their own
    try:
        other.get_by_role("spinbutton", name="Seed").fill("7")
        other.get_by_role("spinbutton", name="Seed").press("Enter")
        _click(other, other.get_by_role("button", name="New game"))
        before = other.inner_text("body")
        with other.expect_file_chooser(timeout=SLOW) as chooser:  # the learner picks the file they saved
            other.get_by_role("button", name=re.compile("Load a saved game")).click()
        chooser.value.set_files(str(saved))
        text = _settled(other, before)
    finally:
        other.close()
    assert "Loaded the game from euchre_game.json: hand 1" in text and "seed 2026" in text, text[:1500]
    # Nothing was written in the folder Voila serves (the app_url fixture's copy of the project).
    assert sorted(p.name for p in (tmp_path / "app").iterdir()) == [APP.name]


PROJECTOR_SCREEN = {"width": 1280, "height": 720}  # a classroom projector's
LARGE = 20  # px: the least font size of anything on the table in projector mode (the widgets' own is 13)
# Every control and card of the tab shown, and the table's words: where each is drawn and how large its type is.
ON_SCREEN = """(LARGE) => {
  const tab = [...document.querySelectorAll('.widget-tab-contents > .widget-box')].find(b => b.offsetParent);
  const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  const wanted = 'button, select, input, .tv-card, .tv-prompt, .tv-name, .euchre-note';
  const top = [...document.querySelectorAll('.euchre-projector button')].slice(0, 1);  // the Projector switch
  return [...top, ...tab.querySelectorAll(wanted)].filter(shown).map(e => { const r = e.getBoundingClientRect();
    const words = e.type !== 'checkbox';  // a box to tick has no type to read
    return {what: (e.innerText || e.value || e.className || e.tagName).trim().slice(0, 40), left: r.left,
            top: r.top, right: r.right, bottom: r.bottom,
            font: words ? parseFloat(getComputedStyle(e).fontSize) : LARGE}; });
}"""


def _fits(drawn: list[dict], scroll: list[int]) -> None:
    """Every control and card inside the 1280 x 720 screen, none in type under LARGE px, and nothing to scroll."""
    assert len([d for d in drawn if d["what"].startswith(("Hint", "Undo", "Grade", "New game"))]) >= 3, drawn
    outside = [d for d in drawn if d["left"] < 0 or d["top"] < 0 or d["right"] > 1280 or d["bottom"] > 720]
    assert not outside, f"drawn outside the 1280 x 720 screen: {outside}"
    small = [d for d in drawn if d["font"] < LARGE]
    assert not small, f"type smaller than {LARGE} px: {small}"
    assert scroll == [1280, 720], f"the page scrolls: {scroll} (it should be 1280 x 720)"


SCROLL = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"


def test_projector_mode_shows_the_table_and_its_buttons_on_one_1280_by_720_screen_in_large_type(
    app_url, chromium, shots
):
    """issue 28, 4: at 1280 x 720 the prompt and the buttons fell below the fold, in 13 px type."""
    page = chromium.new_page(viewport=PROJECTOR_SCREEN)
    try:
        page.goto(app_url, timeout=SLOW)
        page.get_by_role("button", name="Hint").wait_for(timeout=SLOW)
        _settled(page, "")
        _click(page, page.get_by_role("button", name="Projector"))
        _click(page, page.get_by_label("Show every hand (a demonstration)"))
        shot = shots / "app_projector_1280x720.png"
        page.screenshot(path=shot)
        drawn, scroll = page.evaluate(ON_SCREEN, LARGE), page.evaluate(SCROLL)
        felt = page.locator(".euchre-table:visible")
        backs, faces = felt.locator(".tv-back").count(), felt.locator(".tv-face").count()
        # Partnership: three computer players on the felt, each hand open.
        page.get_by_role("combobox", name="Game").select_option(label="Partnership (4 players)")
        text = _click(page, page.get_by_role("button", name="New game"))
        assert "Partnership (4 players) to" in text, text[:500]
        page.screenshot(path=shots / "app_projector_partnership_1280x720.png")
        partnership = page.evaluate(ON_SCREEN, LARGE), page.evaluate(SCROLL)
        partnership_faces = felt.locator(".tv-face").count()
    finally:
        page.close()
    width, height = struct.unpack(">II", shot.read_bytes()[16:24])  # the PNG's own header
    assert (width, height) == (1280, 720)
    _fits(drawn, scroll)
    # The hands open: the two computer players' five cards each face up, none face down (the dummy too).
    assert backs == 0 and faces >= 10, (backs, faces)
    _fits(*partnership)
    assert partnership_faces >= 15, partnership_faces


def test_projector_mode_keeps_the_whole_hand_on_one_screen_the_dummy_the_tricks_and_the_end(app_url, chromium, shots):
    """issue 28, 4, at every step of a hand: the maker's ten cards at the dummy, each trick, the result and grades."""
    page = chromium.new_page(viewport=PROJECTOR_SCREEN)
    seen, misfits = [], []
    try:
        page.goto(app_url, timeout=SLOW)
        page.get_by_role("button", name="Hint").wait_for(timeout=SLOW)
        _settled(page, "")
        _click(page, page.get_by_role("button", name="Projector"))
        seed = page.get_by_role("spinbutton", name="Seed")
        seed.fill(str(SEED))
        seed.press("Enter")
        text = _click(page, page.get_by_role("button", name="New game"))
        table = page.locator(".euchre-table:visible")
        while True:
            try:
                _fits(page.evaluate(ON_SCREEN, LARGE), page.evaluate(SCROLL))
            except AssertionError as misfit:
                misfits.append((seen[-1] if seen else "the start", str(misfit)[:400]))
                page.screenshot(path=shots / f"app_projector_misfit_{len(seen)}.png")
            if "Hand 1 is over" in text:
                break
            assert len(seen) < 80, f"hand 1 did not end after these clicks: {seen}"
            legal = table.locator(LEGAL)
            keep = table.locator(KEEP)
            buttons = table.locator(BIDS)
            if keep.is_visible():
                seen.append("the dummy's ten cards")
                for i in range(5):
                    _click(page, legal.nth(i))
                text = _click(page, keep)
            elif legal.count():
                seen.append(f"card {legal.first.get_attribute('data-card')}")
                text = _click(page, legal.first)
            else:
                texts = buttons.all_inner_texts()
                choice = _pick_bid(texts)
                seen.append(texts[choice])
                text = _click(page, buttons.nth(choice))
        page.screenshot(path=shots / "app_projector_hand_over_1280x720.png")
    finally:
        page.close()
    assert "the dummy's ten cards" in seen, seen
    assert not misfits, misfits
