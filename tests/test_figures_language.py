"""Figures in the learner's language: '1.3 points' and '45%' in English, '1,3 point' and '45 %' in French,
'1,3' and '45%' in Estonian; a computer player's reason keeps its figures in no language until it is read."""

from euchre_lesson.engine.language import figure, percent, speaking
from euchre_lesson.engine.said import Figure, saying, words_of


def test_a_figure_is_written_with_the_decimal_mark_of_the_language_chosen():
    assert (figure(1.25, 2), percent(0.452), percent(0.4525, 1)) == ("1.25", "45%", "45.2%")
    with speaking("fr"):
        assert (figure(1.25, 2), percent(0.452), percent(0.4525, 1)) == ("1,25", "45\u202f%", "45,2\u202f%")
    with speaking("et"):
        assert (figure(1.25, 2), percent(0.452)) == ("1,25", "45%")


def test_a_said_figure_is_written_when_it_is_read_in_the_reader_s_language():
    said = saying("{value} points", value=Figure(0.84, 2))
    assert words_of(said) == "0.84 points"
    with speaking("fr"):
        assert words_of(said) == "0,84 points"
    with speaking("et"):
        assert words_of(said).startswith("0,84")
    assert words_of(saying("{p}", p=Figure(0.304, 1, share=True))) == "30.4%"
