"""Tools to test code built on seaview_rules, and the contract every game meets.

`check_game` plays seeded random games of any registered (or custom-configured) game
and checks the shared API contract at every step; it needs no extra package. Each game
declares its test kit (`Kit`: Hypothesis strategies and a hidden-twin generator) on its
`seaview_rules.Game`; `kit_of` and `twin_of` give it, and
`seaview_rules.testing.properties` checks the shared properties on the states it draws
(both need Hypothesis, the ``testing`` extra). A game's own strategies are in its
package, for example `seaview_rules.voyage.testing`.
"""

from __future__ import annotations

from seaview_rules._testkit import ContractError, Kit, Twin
from seaview_rules.testing._contract import (
    check_game,
    check_position,
    check_state,
    kit_of,
    twin_of,
)

__all__ = [
    "ContractError",
    "Kit",
    "Twin",
    "check_game",
    "check_position",
    "check_state",
    "kit_of",
    "twin_of",
]
