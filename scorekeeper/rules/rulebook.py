"""A game's rules as a reader wants them: every figure read from the engine's rule data, so
the rules page and its printed summary can never say something the score keeper does not do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine import (
    RuleSystem,
    Table,
    default_words,
    label_words,
    meaning_words,
    offered,
    said_words,
)
from scorekeeper.core.facts import colour_name
from scorekeeper.core.i18n import lang
from scorekeeper.sheets.content import scoring_lines


@dataclass
class DealRow:
    number: int
    contract: str
    symbols: str
    cards: int


@dataclass
class Rulebook:
    rules: RuleSystem
    name: str
    summary: str
    players: str
    source: str = ""
    deals: list[DealRow] = field(default_factory=list)
    decks: list[tuple[str, str]] = field(default_factory=list)  # players, decks and jokers
    melds: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    scoring: list[str] = field(default_factory=list)
    options: list[tuple[str, str, str]] = field(default_factory=list)  # name, meaning, default


def _decks_words(rules: RuleSystem, players: int) -> str:
    """`2 decks, 4 jokers; from round 5: 3 decks, 6 jokers`."""
    rounds = max(len(rules.cards_dealt), 1)
    table = Table(rules, players)
    parts: list[str] = []
    last = None
    for number in range(1, rounds + 1):
        plan = table.round(number)
        decks, jokers = plan.decks, plan.jokers
        if (decks, jokers) == last:
            continue
        last = (decks, jokers)
        text = ngettext("%(n)d deck", "%(n)d decks", decks) % {"n": decks}
        text += ", " + (
            ngettext("%(n)d joker", "%(n)d jokers", jokers) % {"n": jokers}
            if jokers
            else _("no joker")
        )
        if number > 1:
            text = _("from round %(n)d: %(decks)s") % {"n": number, "decks": text}
        parts.append(text)
    return "; ".join(parts)


def _deck_rows(rules: RuleSystem, low: int, high: int) -> list[tuple[str, str]]:
    """One row per run of player counts dealt alike: `2`, `3–5`, `6–8`."""
    rows: list[tuple[int, int, str]] = []
    for players in range(low, high + 1):
        words = _decks_words(rules, players)
        if rows and rows[-1][2] == words:
            rows[-1] = (rows[-1][0], players, words)
        else:
            rows.append((players, players, words))
    return [(str(a) if a == b else f"{a}–{b}", words) for a, b, words in rows]


def _meld_lines(rules: RuleSystem) -> list[str]:
    meld = rules.meld_rules
    lines = []
    if meld.set_distinct_suits:
        lines.append(
            _("A set: %(low)d or %(high)d cards of one rank, all of different suits.")
            % {"low": meld.set_min, "high": meld.set_max}
        )
    else:
        lines.append(
            _("A set: at least %(n)d cards of one rank; suits may repeat with two decks.")
            % {"n": meld.set_min}
        )
    lines.append(_RUNS[meld.run_suits]() % {"n": meld.run_min})
    lines.append(_ACES[meld.ace_end if not meld.circular_runs else "corner"]())
    if "alternating_colours" in {meld.run_suits, *(c.runs for c in rules.contracts)}:
        lines.append(
            _("In runs of red and black alternating, the ace is high only (Q-K-A).")
            if meld.ace_end == "high"
            else _("In runs of red and black alternating, the ace is low only (A-2-3).")
        )
    lines.append(_("A joker stands for any card; every meld holds at least one real card."))
    if meld.wild_deuces:
        lines.append(_WILD_DEUCES[meld.wild_deuces]())
    if meld.set_max_jokers is not None:
        lines.append(_("A set holds at most %(n)d jokers.") % {"n": meld.set_max_jokers})
    lines += _joker_lines(rules)
    if rules.forbid_contiguous_runs:
        lines.append(
            _("Two runs of one suit laid for a contract must not follow on from each other.")
        )
    if any(r.exact for c in rules.contracts for r in c.every_requirement()):
        lines.append(_("The first lay-down is exactly what the contract asks, no card more."))
    if rules.contracts:
        lines.append(
            _(
                "A player who cannot lay the whole contract lays nothing; afterwards any meld on the table may be extended."
            )
        )
    if rules.opening is not None:
        opening = rules.opening
        lines.append(
            _(
                "First lay-down: at least %(points)d points, with a run of %(n)d or more without a joker."
            )
            % {"points": opening.minimum, "n": opening.pure_run_min}
        )
        lines.append(
            _("Rami sec: laying all %(n)d cards at once, before anyone else has laid.")
            % {"n": opening.rami_sec_cards}
        )
    return lines


_RUNS = {
    "one_suit": lambda: _("A run: at least %(n)d cards of one suit in a row."),
    "any_suit": lambda: _("A run: at least %(n)d cards in a row, of any suits."),
    "one_colour": lambda: _("A run: at least %(n)d cards in a row, all red or all black."),
    "alternating_colours": lambda: _(
        "A run: at least %(n)d cards in a row, red and black alternating."
    ),
}

_WILD_DEUCES = {
    "SHDC": lambda: _(
        "The deuces are wild too: each stands for any card or stays a plain two, and counts "
        "as a joker in every limit."
    ),
    "SC": lambda: _(
        "The black deuces (♠ ♣) are wild too: each stands for any card or stays a plain two, "
        "and counts as a joker in every limit."
    ),
    "HD": lambda: _(
        "The red deuces (♥ ♦) are wild too: each stands for any card or stays a plain two, "
        "and counts as a joker in every limit."
    ),
}

_ACES = {
    "corner": lambda: _("A run may turn the corner: K-A-2-3 is a run (13 cards at most)."),
    "both": lambda: _("The ace ends a run, low (A-2-3) or high (Q-K-A), never both ways."),
    "low": lambda: _("The ace is low only: A-2-3 is a run, Q-K-A is not."),
    "high": lambda: _("The ace is high only: Q-K-A is a run, A-2-3 is not."),
}


def _joker_lines(rules: RuleSystem) -> list[str]:
    """The variants' joker limits: by meld size, against real cards, side by side, per lay-down."""
    meld = rules.meld_rules
    lines = []
    kinds = {"set": _("a set"), "run": _("a run"), "any": _("a meld")}
    smallest = {"set": meld.set_min, "run": meld.run_min, "any": min(meld.set_min, meld.run_min)}
    for limit in meld.joker_limits:
        words = {"size": limit.from_size, "kind": kinds[limit.kind], "n": limit.most}
        if limit.from_size <= smallest[limit.kind]:  # every meld of its kind
            line = ngettext(
                "%(kind)s holds at most %(n)d joker.",
                "%(kind)s holds at most %(n)d jokers.",
                limit.most,
            )
        else:
            line = ngettext(
                "From %(size)d cards, %(kind)s holds at most %(n)d joker.",
                "From %(size)d cards, %(kind)s holds at most %(n)d jokers.",
                limit.most,
            )
        lines.append(capfirst(line % words))
    if meld.jokers_at_most_naturals:
        lines.append(_("A meld never holds more jokers than real cards."))
    if not meld.jokers_side_by_side:
        lines.append(_("Two jokers never sit side by side in a run."))
    if rules.lay_down_jokers_most is not None:
        lines.append(
            ngettext(
                "One lay-down holds at most %(n)d joker.",
                "One lay-down holds at most %(n)d jokers.",
                rules.lay_down_jokers_most,
            )
            % {"n": rules.lay_down_jokers_most}
        )
    return lines


def _play_lines(table: Table) -> list[str]:
    rules = table.rules
    lines = []
    if rules.seating.dealer_step:
        lines.append(
            _("The deal passes to the left after each round.")
            if rules.seating.dealer_step > 0
            else _("The deal passes to the right after each round.")
        )
    lines.append(
        _("Play goes clockwise; the player after the dealer starts.")
        if rules.seating.play_step > 0
        else _("Play goes counter-clockwise; the player to the dealer's right starts.")
    )
    if rules.allows_no_winner:
        lines.append(_("If the stock and the discard run out, the deal ends with no winner."))
    if rules.discard_to_go_out:
        lines.append(
            _(
                "A player goes out by discarding their last card: laying down every card "
                "without a discard does not go out, except in a round that asks for it."
            )
        )
    if rules.rounds is not None:
        lines.append(
            ngettext("The game has %(n)d round.", "The game has %(n)d rounds.", rules.rounds)
            % {"n": rules.rounds}
        )
    elif rules.deals_rounds:
        lines.append(
            _("The table agrees on a number of deals, or plays on and stops when it wants.")
        )
    if rules.end_at_total is not None:
        lines.append(said_words("end_at_total", rules.end_at_total, lang()))
    return lines


def _romi_lines(rules: RuleSystem) -> tuple[list[str], list[str]]:
    romi = rules.romi_rules
    colours = ", ".join(str(colour_name(c)) for c in romi.colours)
    play = [
        _("Value cards from %(low)d to %(high)d in four colours: %(colours)s.")
        % {"low": min(romi.values), "high": max(romi.values), "colours": colours},
        _(
            "A turn: take up to %(n)d value cards of one value or one colour from the market (or any single card), complete contracts, end with at most %(limit)d cards."
        )
        % {"n": romi.take_per_turn, "limit": romi.hand_limit},
    ]
    for players, contracts in romi.end_after_contracts:
        play.append(
            _(
                "%(players)d players: the game ends once someone completes %(n)d contracts; the round is finished so everyone has played as often."
            )
            % {"players": players, "n": contracts}
        )
    scoring = [
        _("Each completed contract scores its points."),
        ngettext(
            "Each bonus card kept: %(n)d point.",
            "Each bonus card kept: %(n)d points.",
            romi.bonus_card_points,
        )
        % {"n": romi.bonus_card_points},
        ngettext(
            "The joker token replaces one card once per game; unused at the end: %(n)d point.",
            "The joker token replaces one card once per game; unused at the end: %(n)d points.",
            romi.unused_joker_points,
        )
        % {"n": romi.unused_joker_points},
        _(
            "%(n)d trophies are in play; each goes to the one player with the most of its symbol, none on a tie."
        )
        % {"n": romi.trophies_in_play},
        _("Highest total wins; a tie goes to the player with more bonus cards."),
    ]
    return play, scoring


def rulebook(rules: RuleSystem) -> Rulebook:
    """Everything the rules page and its printed summary show, in the active language."""
    low, high = rules.players
    book = Rulebook(
        rules=rules,
        name=rules.name[lang()],
        summary=rules.summary[lang()],
        players=_("%(low)d to %(high)d players") % {"low": low, "high": high},
        source=rules.source,
    )
    if not rules.deals_rounds:
        book.play, book.scoring = _romi_lines(rules)
        return book
    table = Table(rules, low)
    for number in range(1, (rules.rounds or 1) + 1):
        plan = table.round(number)
        if plan.contract is not None:
            book.deals.append(
                DealRow(
                    number,
                    plan.contract_words(lang()),
                    plan.contract_symbols,
                    plan.cards,
                )
            )
    if not book.deals:
        book.deals.append(DealRow(1, "", "", table.round(1).cards))
    book.decks = _deck_rows(rules, low, high)
    book.melds = _meld_lines(rules)
    book.play = _play_lines(table)
    book.scoring = scoring_lines(rules)
    for name in offered(rules):
        words = (label_words(name, lang()), meaning_words(rules, name, lang()))
        book.options.append((*words, default_words(rules, name, lang())))
    return book
