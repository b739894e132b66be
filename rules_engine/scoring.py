"""Penalty points of a hand, the score of a whole deal, totals and ranking."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .cards import SUITS, Card
from .catalogue import cards_dealt, decks_and_jokers
from .errors import DealError, Problem
from .systems import Fact, RuleSystem

MAX_POINTS = 100_000  # far above any real hand; keeps typed totals within database integers


@dataclass(frozen=True)
class PlayerDeal:
    """What the table says about one player after a deal: hand (points or cards) and facts."""

    points: int | None = None
    cards: tuple[Card, ...] | None = None
    facts: frozenset[Fact] = field(default_factory=frozenset)

    @property
    def went_out(self) -> bool:
        return Fact.WENT_OUT in self.facts

    @property
    def hand(self) -> int | None:
        """The typed points of the hand; a player who went out holds nothing, so 0."""
        if self.points is None and self.cards is None and self.went_out:
            return 0
        return self.points

    @property
    def field(self) -> str:
        """Where the hand was entered: tapped cards or typed points."""
        return "cards" if self.cards is not None else "points"


def hand_points(rules: RuleSystem, cards: Iterable[Card]) -> int:
    """Penalty of the cards left in hand."""
    wild = rules.meld_rules.wild_deuces
    return sum(rules.values.of_card(card, wild) for card in cards)


def deal_facts(rules: RuleSystem) -> tuple[Fact, ...]:
    """The facts the table may record in a deal of this system."""
    facts = [Fact.WENT_OUT]
    for fact in [b.fact for b in rules.bonuses] + [f.fact for f in rules.flat_scores]:
        if fact not in facts:
            facts.append(fact)
    return tuple(facts)


def max_hand_points(
    rules: RuleSystem, round_number: int, players: int, with_jokers: bool = True
) -> int:
    """The most a hand can be worth: the dearest cards the decks hold, as many as a hand can hold."""
    decks, jokers = decks_and_jokers(rules, players, round_number, with_jokers)
    worth = rules.values
    values = [worth.joker] * jokers
    for rank in range(1, 14):
        for suit in SUITS:
            values += [worth.of_card(Card(rank, suit), rules.meld_rules.wild_deuces)] * decks
    values.sort(reverse=True)
    held = cards_dealt(rules, round_number) + rules.extra_cards_allowance
    return sum(values[:held])


@dataclass(frozen=True)
class ImpliedFact:
    """A fact the table need not say: `when` a player has one fact, that player (`to` "self")
    or every other player (`to` "others") has `gives` too."""

    when: Fact
    gives: Fact
    to: str  # "self" | "others"


def implied_facts(rules: RuleSystem) -> tuple[ImpliedFact, ...]:
    """A rami sec is the first lay-down of the deal: nobody else can have laid anything.
    Where a table plays "rami sec only", whoever went out made one."""
    flat = {f.fact for f in rules.flat_scores}
    sec, nothing = Fact.RAMI_SEC, Fact.LAID_NOTHING
    implied = []
    if rules.opening is not None and rules.opening.rami_sec_only:
        implied.append(ImpliedFact(Fact.WENT_OUT, sec, "self"))
    if sec in {b.fact for b in rules.bonuses} and nothing in flat:
        implied.append(ImpliedFact(sec, nothing, "others"))
    return tuple(implied)


def min_hand_points(rules: RuleSystem, with_jokers: bool = True) -> int:
    """The least a hand that did not go out is worth: its cheapest single card."""
    worth = rules.values
    wild = rules.meld_rules.wild_deuces
    cheapest = min(worth.of_card(Card(rank, suit), wild) for rank in range(1, 14) for suit in SUITS)
    return min(cheapest, worth.joker) if with_jokers else cheapest


def _implied_facts(rules: RuleSystem, players: Sequence[PlayerDeal]) -> list[frozenset[Fact]]:
    facts = [p.facts for p in players]
    for rule in implied_facts(rules):
        if rule.to == "self":
            facts = [f | {rule.gives} if rule.when in f else f for f in facts]
        elif any(rule.when in f for f in facts):
            facts = [f if rule.when in f else f | {rule.gives} for f in facts]
    return facts


def validate_deal(
    rules: RuleSystem,
    round_number: int,
    players: Sequence[PlayerDeal],
    *,
    no_winner: bool = False,
    with_jokers: bool = True,
) -> list[Problem]:
    """Every problem with a deal's facts, each naming the seat and the field at fault."""
    problems: list[Problem] = []
    implied = _implied_facts(rules, players)
    players = [replace(p, facts=f) for p, f in zip(players, implied, strict=True)]
    known = set(deal_facts(rules))
    out = [i for i, p in enumerate(players) if p.went_out]
    went_out = Fact.WENT_OUT
    if no_winner and not rules.allows_no_winner:
        problems.append(Problem(None, "no_winner_not_allowed", field=went_out))
    elif no_winner and out:
        problems.append(Problem(None, "no_winner_but_went_out", field=went_out))
    elif not no_winner and len(out) != 1:
        problems.append(Problem(None, "went_out_count", {"count": len(out)}, went_out))
    ceiling = max_hand_points(rules, round_number, len(players), with_jokers)
    floor = min_hand_points(rules, with_jokers)
    for i, player in enumerate(players):
        for fact in sorted(player.facts - known):
            problems.append(Problem(i, "unknown_fact", {"fact": str(fact)}, "points"))
        points = _points_of(rules, player)
        if points is None:
            if not _has_flat(rules, player) and not player.went_out:
                problems.append(Problem(i, "hand_missing", field="points"))
            continue
        if points < 0:
            problems.append(Problem(i, "negative_hand", {"points": points}, player.field))
        elif player.went_out and points != 0:
            problems.append(Problem(i, "went_out_with_points", {"points": points}, player.field))
        elif not player.went_out and points < floor:
            # Whoever did not go out holds a card at least: no 0, no 1 where cards are worth 2+.
            low = {"points": points, "minimum": floor}
            problems.append(Problem(i, "hand_too_low", dict(low), player.field))
        elif points > ceiling:
            params: dict[str, object] = {"points": points, "maximum": ceiling}
            problems.append(Problem(i, "hand_too_high", params, player.field))
    if Fact.OPENED_FIRST in {b.fact for b in rules.bonuses}:
        openers = [i for i, p in enumerate(players) if Fact.OPENED_FIRST in p.facts]
        if len(openers) > 1 or (out and not openers):
            count: dict[str, object] = {"count": len(openers)}
            problems.append(Problem(None, "opened_first_count", count, Fact.OPENED_FIRST))
    for i, player in enumerate(players):
        if Fact.RAMI_SEC in player.facts and not player.went_out:
            problems.append(Problem(i, "rami_sec_not_out", field=Fact.RAMI_SEC))
        if Fact.OUT_IN_ONE_GO in player.facts and not player.went_out:
            problems.append(Problem(i, "one_go_not_out", field=Fact.OUT_IN_ONE_GO))
        if Fact.LAID_NOTHING in player.facts and player.went_out:
            problems.append(Problem(i, "laid_nothing_but_out", field=Fact.LAID_NOTHING))
    return problems


def _points_of(rules: RuleSystem, player: PlayerDeal) -> int | None:
    if player.cards is not None:
        return hand_points(rules, player.cards)
    return player.points


def _has_flat(rules: RuleSystem, player: PlayerDeal) -> bool:
    return any(f.fact in player.facts for f in rules.flat_scores)


def score_deal(
    rules: RuleSystem,
    round_number: int,
    players: Sequence[PlayerDeal],
    *,
    no_winner: bool = False,
    with_jokers: bool = True,
) -> list[int]:
    """Each player's score for the deal; raises DealError listing every problem."""
    problems = validate_deal(
        rules, round_number, players, no_winner=no_winner, with_jokers=with_jokers
    )
    if problems:
        raise DealError(problems)
    scores = []
    for player, facts in zip(players, _implied_facts(rules, players), strict=True):
        flat = next((f.points for f in rules.flat_scores if f.fact in facts), None)
        score = flat if flat is not None else (_points_of(rules, player) or 0)
        score += sum(b.points for b in rules.bonuses if b.fact in facts)
        scores.append(score)
    return scores


def totals(rounds: Iterable[Sequence[int]], players: int) -> list[int]:
    """Sum of every round's scores per player."""
    sums = [0] * players
    for row in rounds:
        for i, score in enumerate(row):
            sums[i] += score
    return sums


def running_totals(rounds: Iterable[Sequence[int]]) -> list[list[int]]:
    """Each player's total after each round."""
    out: list[list[int]] = []
    for row in rounds:
        out.append([a + b for a, b in zip(out[-1], row, strict=True)] if out else list(row))
    return out


def ranking(scores: Sequence[int], lowest_wins: bool = True) -> list[int]:
    """Competition ranks (1, 1, 3): equal scores share a rank."""
    ordered = sorted(scores, reverse=not lowest_wins)
    return [ordered.index(s) + 1 for s in scores]


def winners(scores: Sequence[int], lowest_wins: bool = True) -> list[int]:
    """Indices of the players ranked first (several on a tie)."""
    return [i for i, r in enumerate(ranking(scores, lowest_wins)) if r == 1]


def behind_leader(scores: Sequence[int], lowest_wins: bool = True) -> list[int]:
    """How many points each player is behind the leader (0 for the leaders)."""
    if not scores:
        return []
    best = min(scores) if lowest_wins else max(scores)
    return [abs(score - best) for score in scores]


def lone_zero(hands: Sequence[int | None]) -> int | None:
    """The one player whose hand is worth 0 went out: no card is worth 0 in any system.

    `hands` holds each player's typed points (None when not typed or counted from cards);
    two zeros or none say nothing.
    """
    zeros = [i for i, points in enumerate(hands) if points == 0]
    return zeros[0] if len(zeros) == 1 else None
