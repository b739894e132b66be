"""The round cards, written in Python: the scorer's page carries the next eight (kept for
the phone offline), and as a template loop they were a sixth of its rendering (a
`blocktranslate` and a lookup through the round's plan per line). The markup is the one the
template wrote; every value is escaped where it is written, or is a whole number."""

from __future__ import annotations

from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.games.selectors import Board, RoundInfo

register = template.Library()


def _title(info: RoundInfo) -> str:
    if info.total:
        return _("Round %(n)s of %(total)s") % {"n": int(info.number), "total": int(info.total)}
    return _("Deal %(n)s") % {"n": int(info.number)}


def _deal(info: RoundInfo, dealer_url: str | None) -> str:
    """Cards, decks and jokers, who deals (and a way to say someone else did), who plays
    first, and which way the play goes."""
    cards = ngettext("%(n)s card each", "%(n)s cards each", info.cards) % {"n": int(info.cards)}
    decks = ngettext("%(n)s deck", "%(n)s decks", info.decks) % {"n": int(info.decks)}
    if info.jokers:
        jokers = ngettext("%(n)s joker", "%(n)s jokers", info.jokers) % {"n": int(info.jokers)}
        decks = f"{escape(decks)} + {escape(jokers)}"
    else:
        decks = f"{escape(decks)}, {escape(_('no joker'))}"
    dealer = f"{escape(_('Dealer'))} <strong>{escape(str(info.dealer.name))}</strong>"
    if dealer_url:
        dealer += f' <a href="{escape(dealer_url)}">{escape(_("someone else dealt?"))}</a>'
    first = f"{escape(_('Plays first'))} <strong>{escape(str(info.first_player.name))}</strong>"
    turn = (
        f"↻ {escape(_('clockwise'))}" if info.clockwise else f"↺ {escape(_('counter-clockwise'))}"
    )
    spans = (escape(cards), decks, dealer, first, turn)
    return '<p class="deal">\n' + "\n".join(f"<span>{s}</span>" for s in spans) + "\n</p>"


def _rule_note(info: RoundInfo, overlapping_runs_meet: bool) -> str:
    """What the round asks beyond its melds: runs that must not meet, the whole hand laid
    at once, Rami 51's first lay-down."""
    lines = []
    if info.no_contiguous_runs:
        if overlapping_runs_meet:
            lines.append(_("Two runs of the same suit must neither follow on nor overlap."))
        else:
            lines.append(_("Two runs of the same suit must not follow on from each other."))
    if info.lay_all:
        lines.append(_("Lay the whole hand at once, without discarding."))
    if info.opening:
        opening = info.opening
        words = _(
            "First lay-down: at least %(points)s points, with a run of %(n)s or more "
            "without a joker."
        ) % {"points": int(opening.minimum), "n": int(opening.pure_run_min)}
        if opening.rami_sec_only:
            words += " " + _("Rami sec only: all %(n)s cards at once.") % {
                "n": int(opening.rami_sec_cards)
            }
        lines.append(words)
    if not lines:
        return ""
    return '<p class="rule-note">' + " ".join(escape(line) for line in lines) + "</p>"


def _card(
    info: RoundInfo, board: Board, shown: bool, rules_url: str, dealer_url: str | None
) -> str:
    number = int(info.number)
    rules = escape(_("The rules"))
    title = (
        f'<h2 id="round-title-{number}">{escape(_title(info))} '
        f'<a class="help" href="{escape(rules_url)}" title="{rules}">'
        f'<span aria-hidden="true">?</span><span class="visually-hidden">{rules}</span></a></h2>'
    )
    contract = ""
    if info.contract_words:
        contract = (
            f'<p class="contract"><span class="symbols" aria-hidden="true">'
            f"{escape(info.contract_symbols)}</span> <strong>{escape(info.contract_words)}"
            "</strong></p>"
        )
    hidden = "" if shown else " hidden"
    return (
        f'<section class="round-card" aria-labelledby="round-title-{number}" '
        f'data-round="{number}"{hidden}>\n{title}\n{contract}\n'
        f"{_deal(info, dealer_url)}\n"
        f"{_rule_note(info, board.rules.overlapping_runs_meet)}\n</section>"
    )


@register.simple_tag
def round_cards(board: Board, token: str, can_edit: bool, read_only: bool) -> SafeString:
    """The next round's card, shown; for the scorer's phone the later ones too, hidden until
    their round comes (offline, its page moves on by itself)."""
    if board.game.variant:
        rules_url = reverse("game_rules", args=[token])
    else:
        rules_url = reverse("rules", args=[board.rules.slug])
    dealer_url = reverse("dealer", args=[token]) if can_edit else None
    cards = board.upcoming[:1] if read_only else board.upcoming
    return mark_safe(  # noqa: S308 - every value above is escaped or a whole number
        "\n".join(
            _card(info, board, index == 0, rules_url, dealer_url)
            for index, info in enumerate(cards)
        )
    )
