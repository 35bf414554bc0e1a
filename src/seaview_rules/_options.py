"""Validators for the fields of every game's `Rules`: a bad option raises
`InvalidDataError` naming the option."""

from __future__ import annotations

from collections.abc import Callable

from attrs import Attribute, frozen

from seaview_rules._core import InvalidDataError, quote

__all__ = ["InRange", "boolean", "in_range"]


@frozen
class InRange:
    """The validator of an integer option from ``low`` to ``high`` (``None``: no upper
    bound); the JSON Schema of the option reads its bounds from here."""

    low: int
    high: int | None = None

    def __call__(self, instance: object, attribute: Attribute[int], value: int) -> None:
        name = attribute.name
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidDataError(name, f"must be an integer, not {quote(value)}")
        if value < self.low or (self.high is not None and value > self.high):
            bound = (
                f"{self.low} to {self.high}" if self.high is not None else f"at least {self.low}"
            )
            raise InvalidDataError(name, f"must be {bound}, not {quote(value)}")


def in_range(low: int, high: int | None = None) -> Callable[[object, Attribute[int], int], None]:
    """The validator of an integer from ``low`` to ``high``."""
    return InRange(low, high)


def boolean(instance: object, attribute: Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise InvalidDataError(attribute.name, f"must be a bool, not {quote(value)}")
