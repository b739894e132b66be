"""Form helpers every area's forms share: choices set once known, names typed by the one
name rule."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from scorekeeper.core.names import NameRefused, clean_name
from scorekeeper.core.refusals import refusal_words
from scorekeeper.models import MAX_NAME


def choose(form: forms.Form, name: str, choices: list[tuple[Any, str]]) -> None:
    """Set a choice field's choices once the form knows them (the game, the players)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    field.choices = choices


def form_name(value: str, most: int = MAX_NAME) -> str:
    """A typed name by the one name rule (names.clean_name); "" when left empty."""
    if not value.strip():
        return ""
    try:
        return clean_name(value, most)
    except NameRefused as error:
        raise ValidationError(refusal_words(error)) from None
