"""Wild deuces, a house rule a variant file may offer (Shanghai, Contract Rummy).

Many tables play the deuces wild besides the jokers, or only the black ones (or the red
ones). The rule changes the game's data only: which deuces are wild (MeldRules.wild_deuces);
the checker, the finder and the scoring read that.
"""

from __future__ import annotations

from dataclasses import replace

from .house_rules import NAMED, Choice, HouseRule, register
from .systems import RuleSystem
from .variant_model import WILD_DEUCES

# The rule's values are the variant format's words (a value is at most 10 characters).
_VALUE_OF = {suits: value for value, suits in WILD_DEUCES.items()}


def _played(rules: RuleSystem, value: str) -> RuleSystem:
    return replace(rules, meld_rules=replace(rules.meld_rules, wild_deuces=WILD_DEUCES[value]))


register(
    HouseRule(
        "wild_deuces",
        NAMED,
        Choice(str, values=tuple(WILD_DEUCES)),
        default=lambda rules: _VALUE_OF.get(rules.meld_rules.wild_deuces, "none"),
        apply=_played,
        label={
            "fr": "Les deux servent de jokers",
            "en": "Wild deuces",
            "es": "Doses comodín",
        },
        meaning={
            "fr": "Outre les jokers, les deux (ou seulement les noirs, ou les rouges) remplacent n'importe quelle carte ; chacun peut aussi rester un simple deux. Resté en main, il compte comme un joker.",
            "en": "Besides the jokers, the deuces (or only the black ones, or the red ones) stand for any card; each may also stay a plain two. Left in hand, one counts as a joker.",
            "es": "Además de los comodines, los doses (o solo los negros, o los rojos) reemplazan cualquier carta; cada uno puede quedar como un dos. En la mano, cuenta como un comodín.",
        },
        said={
            "none": {
                "fr": "Seuls les jokers remplacent une carte.",
                "en": "Only the jokers are wild.",
                "es": "Solo los comodines reemplazan una carta.",
            },
            "all": {
                "fr": "Les deux sont des jokers aussi.",
                "en": "The deuces are wild too.",
                "es": "Los doses también son comodines.",
            },
            "black": {
                "fr": "Les deux noirs (♠ ♣) sont des jokers aussi.",
                "en": "The black deuces (♠ ♣) are wild too.",
                "es": "Los doses negros (♠ ♣) también son comodines.",
            },
            "red": {
                "fr": "Les deux rouges (♥ ♦) sont des jokers aussi.",
                "en": "The red deuces (♥ ♦) are wild too.",
                "es": "Los doses rojos (♥ ♦) también son comodines.",
            },
        },
    )
)
