r"""The errors of the library and the `Violation` an illegal move carries.

Every game raises these two: `IllegalMoveError` for a move that breaks a rule (the
state is unchanged), `InvalidDataError` for data that is not a valid document, move,
card, board or rules option. Both are `ValueError`\ s, and both are importable from
``seaview_rules`` itself.
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["IllegalMoveError", "InvalidDataError", "Violation"]


@frozen
class Violation:
    """Why a move is illegal: the rule it breaks and a sentence a person understands.

    Returned by each game's ``check_move`` and carried by `IllegalMoveError`.
    """

    rule: str
    """The rule ID, as in the rule reference (for example ``"VOY-3"``)."""
    reason: str
    """What is wrong with the move, in plain words."""


class IllegalMoveError(ValueError):
    """A move that is not legal in the state it was applied to; the state is unchanged.

    >>> err = IllegalMoveError(Violation("VOY-3", "B7 matches neither colour nor number of R2"))
    >>> err.rule, str(err)
    ('VOY-3', 'VOY-3: B7 matches neither colour nor number of R2')
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.rule}: {violation.reason}")
        self.violation = violation

    @property
    def rule(self) -> str:
        """The ID of the rule the move breaks."""
        return self.violation.rule

    @property
    def reason(self) -> str:
        """Why the move breaks it."""
        return self.violation.reason


class InvalidDataError(ValueError):
    """Data that does not describe a valid object: malformed or tampered JSON, a bad
    board, deck or rules option.

    ``where`` names the offending part (a JSON path such as ``data.hands[2]``, or a board
    square), ``problem`` says what is wrong with it.

    >>> str(InvalidDataError("data.scores[1]", "must be an integer"))
    'data.scores[1]: must be an integer'
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem
