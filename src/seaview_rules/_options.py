"""Validators for the fields of every game's `Rules`: a bad option raises
`InvalidDataError` naming the option."""

from __future__ import annotations

from collections.abc import Callable

from attrs import Attribute

from seaview_rules._core import InvalidDataError

__all__ = ["boolean", "in_range"]


def in_range(low: int, high: int | None = None) -> Callable[[object, Attribute[int], int], None]:
    def check(instance: object, attribute: Attribute[int], value: int) -> None:
        name = attribute.name
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidDataError(name, f"must be an integer, not {value!r}")
        if value < low or (high is not None and value > high):
            bound = f"{low} to {high}" if high is not None else f"at least {low}"
            raise InvalidDataError(name, f"must be {bound}, not {value}")

    return check


def boolean(instance: object, attribute: Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise InvalidDataError(attribute.name, f"must be a bool, not {value!r}")
