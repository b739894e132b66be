"""A player's line of the round form, written in Python: the scorer's page has one per
player, and as a template each cost a dozen translated sentences and lookups (a seventh of
that page's rendering with eight players). The markup is the one the template wrote; the
form's own parts (its errors, its round inputs) stay in `games/_hand_rows.html`.

Sentences are written as Django's `blocktranslate` writes them: the name escaped, the
translation as it is; a lone word as `translate` does, escaped."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scorekeeper.core.i18n import elide
from scorekeeper.templatetags.rami import rank_pad

register = template.Library()


def _errors(field: Any) -> str:
    return str(conditional_escape(" ")).join(str(conditional_escape(e)) for e in field.errors)


def _toggle(title: str, control: str, sign: str, words: str) -> str:
    return (
        f'<label class="toggle" title="{title}">{control}<span aria-hidden="true">{sign}</span>'
        f'<span class="visually-hidden">{words}</span></label>'
    )


def _marks(form: Any, row: dict[str, Any], name: str) -> str:
    """Went out, opened first, laid nothing: a tap each."""
    marks = _toggle(
        conditional_escape(_("went out")),
        row["went_out"],
        "★",
        _("%(name)s went out") % {"name": name},
    )
    if form.has_opened_first:
        marks += _toggle(
            conditional_escape(_("opened first")),
            row["opened_first"],
            "①",
            _("%(name)s opened first") % {"name": name},
        )
    if row["laid_nothing"]:
        points = conditional_escape(form.laid_nothing_points)
        marks += _toggle(
            _("laid nothing (%(points)s)") % {"points": points},
            row["laid_nothing_input"],
            "∅",
            _("%(name)s laid nothing (%(points)s)") % {"name": name, "points": points},
        )
    return marks


def _picker(form: Any, row: dict[str, Any], name: str, seat: int) -> str:
    """The card picker: the cards typed or tapped, their value, the ranks' keys."""
    cards = row["cards"]
    target = cards.id_for_label
    opened = " open" if cards.value() or cards.errors else ""
    named = elide(_("Tap the cards %(name)s holds") % {"name": name}, name)
    errors = ""
    if cards.errors:
        errors = f'<span class="field-error" id="err-cards-{seat}">{_errors(cards)}</span>'
    return (
        f'<details class="picker"{opened}>'
        f'<summary><span aria-hidden="true">🂠</span><span class="visually-hidden">{named}'
        "</span></summary>"
        f'<label for="{target}" class="visually-hidden">{conditional_escape(cards.label)}</label>'
        f'{row["cards_input"]}<output id="value-{seat}" class="hand-value" aria-live="polite">'
        f"</output>{errors}{rank_pad(target, form.table.card_keys, next_key=True)}</details>"
    )


def _sent(row: dict[str, Any], name: str) -> str:
    """The hand its player sent from their phone, to compare with what was typed."""
    sent = row["sent"]
    if not sent:
        return ""
    hand = sent.hand
    data = (
        f'data-sent data-points="{conditional_escape(hand.points)}" '
        f'data-cards="{conditional_escape(hand.cards)}" '
        f'data-out="{"1" if hand.went_out else ""}" '
        f'data-nothing="{"1" if hand.laid_nothing else ""}"'
    )
    note = conditional_escape(_("not what you typed: check before saving."))
    by = _("sent by %(name)s from their phone") % {"name": name}
    shown = render_to_string("games/_sent_hand.html", {"s": sent})
    return (
        f'<p class="sent-line" {data} data-differs-note="· {note}">'
        f'<span class="visually-hidden">{by}:</span><span aria-hidden="true">'
        f"{conditional_escape(_('sent from their phone:'))}</span> {shown}</p>"
    )


@register.simple_tag
def hand_row(form: Any, row: dict[str, Any]) -> SafeString:
    """One player's line: name, points (and their sum as typed), marks, card picker, the
    hand sent from their phone, and what is wrong with it."""
    seat = int(row["player"].seat)
    name = str(conditional_escape(row["player"].name))
    points = row["points"]
    errors = ""
    if points.errors:
        errors += f'<span class="field-error" id="err-points-{seat}">{_errors(points)}</span>'
    if row["laid_nothing"] and row["laid_nothing"].errors:
        errors += f'<span class="field-error">{_errors(row["laid_nothing"])}</span>'
    sent = " sent" if row["sent"] else ""
    return mark_safe(  # noqa: S308 - names and words escaped above, inputs built escaped
        f'<div class="hand{sent}" data-seat="{seat}">'
        f'<label for="{points.id_for_label}" class="hand-name">{name}</label>'
        f'<span class="entry">{row["points_input"]}<output class="sum" id="sum-{seat}" '
        f'for="{points.id_for_label}" data-sum></output></span>'
        f"{_marks(form, row, name)}{_picker(form, row, name, seat)}{_sent(row, name)}{errors}"
        "</div>"
    )
