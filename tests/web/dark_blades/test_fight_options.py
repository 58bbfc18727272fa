"""The fight form's roster options: made once per roster, a row's choice marked selected,
names escaped as the template would escape them."""

from __future__ import annotations

from markupsafe import Markup

from companion.web.dark_blades.lookups import name_options, selected

NAMES = ("Grast", "Jon O'Barney", "Job & Sarah", "Gr")


def test_the_choice_alone_is_selected_and_names_are_escaped():
    options = name_options(NAMES)
    assert isinstance(options, Markup)
    assert str(selected(options, "Jon O'Barney")).count(" selected") == 1
    assert '<option value="Jon O&#39;Barney" selected>Jon O&#39;Barney</option>' in selected(
        options, "Jon O'Barney"
    )
    assert '<option value="Job &amp; Sarah" selected>' in selected(options, "Job & Sarah")
    assert '<option value="Gr" selected>' in selected(options, "Gr")
    assert '<option value="Grast" selected>' not in selected(options, "Gr")


def test_no_choice_or_one_not_offered_selects_nothing():
    options = name_options(NAMES)
    for value in (None, "", "Nobody", "<b>", 'Grast">'):
        assert " selected" not in str(selected(options, value))
