"""The class's server without a browser: the class tells its pages of each change, a seat's choices in words,
the front-end files Solara wants, and how many pages hold a seat."""

from __future__ import annotations

import json

import pytest

from euchre_lesson.classroom.classroom import Classroom


@pytest.fixture
def room(tmp_path):
    return Classroom(tmp_path / "class", level="random", pace=0.0, join="ACDE", teacher="secret")


def test_the_class_tells_its_listeners_of_a_table_s_change_once_it_is_kept(room):
    heard = []
    room.observe(
        lambda table: heard.append(
            None
            if table is None
            else (
                table.number,
                json.loads((room.keeper.folder / "table-1.json").read_text())["game"] == table.game.record(),
            )
        )
    )
    room.new_table("cutthroat", seed=3)
    token = room.join("Ana", "acde").token
    room.choose_table(token, 1)
    assert (1, True) in heard and None in heard, heard
    heard.clear()
    room.tables[0].step()
    assert heard == [(1, True)], "a computer's move is heard, after the table's file holds it"


def test_a_forgotten_listener_hears_nothing_and_a_failing_one_stops_nobody(room):
    heard = []

    def broken(table):
        raise RuntimeError("page gone")

    listen = heard.append  # one bound method, forgotten by identity below
    room.observe(broken)
    room.observe(listen)
    room.new_table("cutthroat", seed=3)
    room.tables[0].step()
    assert heard and "page gone" in room.tables[0].problems[-1]
    room.forget(listen)
    count = len(heard)
    room.tables[0].step()
    assert len(heard) == count


def test_a_seat_s_choices_are_cards_to_click_words_to_say_and_cards_to_keep(room):
    room.new_table("cutthroat", seed=7)
    table = room.tables[0]
    token = room.join("Ana", "ACDE").token
    room.teacher("secret").place(token, 1, table.game.to_act)
    choices = room.seat_view(token)["hand_in_play"]["choices"]
    assert [said["action"] for said in choices["said"]] == ["pass", "order"]
    assert choices["said"][1]["words"].startswith("Order up the ") and choices["by_card"] == {}
    assert choices["keep"] == 0 and choices["keep_from"] == []


def test_the_front_end_files_are_the_versions_solara_s_page_asks_for(tmp_path):
    from euchre_lesson.classroom.web import assets

    wanted = assets.wanted()
    assert [package.rpartition("@")[0] for package in wanted] == ["@widgetti/solara-vuetify3-app", "requirejs"]
    assert all(package in assets.page_template().read_text() for package in wanted)
    assert assets.missing(tmp_path) == wanted
    first = assets.first_file(tmp_path, wanted[1])
    first.parent.mkdir(parents=True)
    first.write_text("require")
    assert assets.missing(tmp_path) == wanted[:1]


def test_a_seat_is_away_only_when_its_last_page_closes():
    from euchre_lesson.classroom.web.served import Presence

    presence = Presence()
    presence.arrive("token")
    presence.arrive("token")  # a reload: the new page opens before the old one's kernel closes
    assert presence.leave("token") is False
    assert presence.leave("token") is True


def test_the_pacer_moves_the_computers_where_students_sit_and_leaves_empty_tables_alone(room):
    import time

    from euchre_lesson.classroom.web.server import Pacer

    room.new_table("partnership", seed=5)
    room.new_table("partnership", seed=6)
    token = room.join("Ana", "ACDE").token
    seated, empty = room.tables
    room.teacher("secret").place(token, 1, (seated.game.to_act + 1) % 4)  # a computer is to act first
    pacer = Pacer(room, tick=0.01).start()
    try:
        deadline = time.monotonic() + 10
        while seated.game.to_act != seated.seat_of(token) and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        pacer.stop()
    assert seated.game.to_act == seated.seat_of(token), "the computers played up to the student's turn"
    assert len(empty.game.hand.history) == 0, "nobody sits at table 2: its computers wait"


def test_a_seat_s_view_is_made_once_per_change_and_shared_by_its_pages(room, monkeypatch):
    """Every page of a seat redraws from one view a change: it is made once, not once a page (nor a copy)."""
    from euchre_lesson.classroom import table as table_module

    room.new_table("cutthroat", seed=7)
    table = room.tables[0]
    token = room.join("Ana", "ACDE").token
    room.choose_table(token, 1)
    made, honest = [], table_module.seat_view
    monkeypatch.setattr(table_module, "seat_view", lambda *args: made.append(args[1]) or honest(*args))
    first = table.seat_view(token)
    assert table.seat_view(token) is first and room.seat_view(token)["hand_in_play"] is first["hand_in_play"]
    assert made == [0]
    table.step()
    after = table.seat_view(token)
    assert after is not first and made == [0, 0] and after["hand_in_play"]["story"] != first["hand_in_play"]["story"]
    table.away(token)  # who is away is part of the view: a new one
    assert table.seat_view(token)["players"][0]["away"] and made == [0, 0, 0]


def test_a_join_code_s_last_letters_arriving_after_the_click_still_join(room):
    """The browser may send a click before the letters typed just ahead of it (it holds typed letters back while
    the server is busy): letters arriving just after a refused Join join with them."""
    import ipyvuetify as v
    import solara

    from euchre_lesson.classroom.web import pages
    from euchre_lesson.classroom.web.served import ServedClass

    served = ServedClass.of(room)
    joined = []
    box, rc = solara.render(
        pages.WithClass(served, [pages.JoinForm(on_joined=joined.append, stale=False)]), handle_error=False
    )
    name, code = (field.widget for field in rc.find(v.TextField))
    name.v_model = "Ana"
    code.v_model = "AC"  # two of the four letters have arrived when the click does
    rc.find(v.Btn, children=["Join"]).widget.click()
    assert not joined, "two letters of four are not the join code"
    code.v_model = "ACDE"  # the last two, just after
    assert len(joined) == 1 and room.student(joined[0]).name == "Ana"
    rc.close()
    # A Join refused for another reason (an empty name) waits for the next press: typing does not join.
    box, rc = solara.render(
        pages.WithClass(served, [pages.JoinForm(on_joined=joined.append, stale=False)]), handle_error=False
    )
    name, code = (field.widget for field in rc.find(v.TextField))
    code.v_model = "ACDE"
    rc.find(v.Btn, children=["Join"]).widget.click()
    name.v_model, code.v_model = "Ben", "ACDEF"
    assert len(joined) == 1, "nobody joined without a press of Join"
    rc.close()


def test_the_class_s_server_plays_by_the_house_rules_of_the_folder_it_is_given(tmp_path):
    """make classroom names the lessons' folder, so the tables play by the rules the lessons read."""
    from euchre_lesson.classroom.__main__ import arguments, open_class

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "house_rules.json").write_text(json.dumps({"cutthroat": {"stick_the_dealer": True}}))
    room = open_class(arguments(["--folder", str(tmp_path / "class"), "--house-rules", str(lessons)]))
    assert room.tables[0].game.rules.stick_the_dealer


def test_two_classes_served_in_one_process_each_reach_their_own_pages(tmp_path):
    """The class reaches its pages through their context (WithClass), not a module global: two classes side by side
    (two tests, or two servers in one process) each get their own students, and a page outside any class refuses."""
    import ipyvuetify as v
    import solara

    from euchre_lesson.classroom.web import pages
    from euchre_lesson.classroom.web.served import ServedClass

    rooms = [
        Classroom(tmp_path / name, level="random", pace=0.0, join=code, teacher="secret")
        for name, code in (("first", "ACDE"), ("second", "FHJK"))
    ]
    forms = []
    for room in rooms:
        joined: list[str] = []
        form = pages.JoinForm(on_joined=joined.append, stale=False)
        _, rc = solara.render(pages.WithClass(ServedClass.of(room), [form]), handle_error=False)
        forms.append((joined, rc))
    for (_joined, rc), (name, code) in zip(forms, (("Ana", "ACDE"), ("Ben", "FHJK"))):
        fields = [field.widget for field in rc.find(v.TextField)]
        fields[0].v_model, fields[1].v_model = name, code
        rc.find(v.Btn, children=["Join"]).widget.click()
    for room, (joined, rc), name in zip(rooms, forms, ("Ana", "Ben")):
        assert len(joined) == 1 and room.student(joined[0]).name == name
        rc.close()
    with pytest.raises(RuntimeError, match="inside WithClass"):
        solara.render(pages.JoinForm(on_joined=print, stale=False), handle_error=False)


def test_the_class_s_server_keeps_no_module_level_state():
    """What the pages share is handed to them (ServedClass), so no module of the server holds it: no `global`
    statement, no module-level dict, list or set (a table of constant words aside), no holder made at import."""
    import ast
    from pathlib import Path

    # a pattern; a context's key (its values are per page); a type variable (a name for the type checker)
    # and a word marked for the catalog (N_ gives its string back: translated where it is shown)
    made_at_import = {"re.compile", "solara.create_context", "TypeVar", "N_"}
    solara_reads = {"routes"}  # Solara reads the pages' routes from their module: a list, never changed
    package = Path(__file__).resolve().parent.parent / "euchre_lesson" / "classroom"
    found = []
    for path in sorted((package / "web").glob("*.py")) + [package / "__main__.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.name}:{node.lineno} global" for node in ast.walk(tree) if isinstance(node, ast.Global)]
        for node in tree.body:
            if isinstance(node, ast.Assign):
                names, value = [ast.unparse(target) for target in node.targets], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                names, value = [ast.unparse(node.target)], node.value
            else:
                continue
            values = value.values if isinstance(value, ast.Dict) else []
            words = bool(values) and all(
                isinstance(one, ast.Constant) or isinstance(one, ast.Call) and ast.unparse(one.func) == "N_"
                for one in values
            )
            if set(names) <= solara_reads or words and all(name.isupper() for name in names):
                continue
            if (
                isinstance(value, (ast.List, ast.Set, ast.Dict))
                or isinstance(value, ast.Call)
                and ast.unparse(value.func) not in made_at_import
            ):
                found.append(f"{path.name}:{node.lineno} {', '.join(names)}")
    assert found == [], found
