"""Tools to test code built on seaview_rules, and the contract every game meets.

`check_game` plays seeded random games of any registered (or custom-configured) game
and checks the shared API contract at every step. It needs no extra package.
"""

from __future__ import annotations

from seaview_rules.testing._contract import ContractError, check_game, check_state

__all__ = ["ContractError", "check_game", "check_state"]
