"""The round entry's inputs written from their bound fields without a template each.

Django renders a widget through its own template, about half a millisecond apiece; the
round form has some twenty per page and is the busiest page there is (bench/capacity.py:
the edit page went from 15 to 25 ms with template-rendered widgets). These helpers write
the same tags from the same field: name, id, value, length, aria-invalid all come from
the form, as `{{ field }}` would give them.
"""

from __future__ import annotations

from html import escape
from typing import Any, cast

from django import forms
from django.forms import BoundField
from django.utils.safestring import SafeString, mark_safe


def _input(attrs: dict[str, Any]) -> SafeString:
    """`<input ...>`: true attributes bare, false or None left out, values escaped (the
    names are the app's own). flatatt's format_html per attribute cost more than the rest."""
    parts = []
    for name, value in attrs.items():
        if value is True:
            parts.append(name)
        elif value is not False and value is not None:
            parts.append(f'{name}="{escape(str(value), quote=True)}"')
    return mark_safe(f"<input {' '.join(parts)}>")  # every value is escaped above


def field_input(field: BoundField, **extra: Any) -> SafeString:
    """A text, number or hidden input (or a checkbox) with the field's own attributes."""
    widget = field.field.widget
    attrs = field.build_widget_attrs({**widget.attrs, **extra}, widget)
    tag: dict[str, Any] = {"type": widget.input_type, "name": field.html_name}
    if field.auto_id:
        tag["id"] = field.auto_id
    if widget.input_type == "checkbox":
        tag["checked"] = widget.check_test(field.value())
    else:
        value = widget.format_value(field.value())
        if value is not None:
            tag["value"] = value
    return _input({**tag, **attrs})


def choice_inputs(field: BoundField) -> list[SafeString]:
    """A RadioSelect's buttons, one per choice, with the ids and the checked one Django
    would give them (`id_<name>_<index>`)."""
    chosen = str(field.value() or "")
    choices = field.field
    assert isinstance(choices, forms.ChoiceField)  # radio buttons are a choice's
    # A ChoiceField's choices, once set, are a list of (value, label) pairs.
    pairs = cast("list[tuple[object, str]]", choices.choices)
    return [
        _input(
            {
                "type": "radio",
                "name": field.html_name,
                "value": str(value),
                "id": f"{field.auto_id}_{index}",
                "checked": str(value) == chosen,
            }
        )
        for index, (value, _label) in enumerate(pairs)
    ]
