"""The shared reader and writer of documents' data, driven by the attrs fields."""

from __future__ import annotations

import enum

import pytest
from attrs import field, frozen

from seaview_rules import CHANCE, InvalidDataError, Player
from seaview_rules._core import quote
from seaview_rules._reader import Field, read, read_fields, write
from seaview_rules._schemas import SchemaBuilder


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def _positive(instance: object, attribute: object, value: int) -> None:
    if value < 1:
        raise InvalidDataError("size", "must be at least 1")


@frozen
class Options:
    size: int = field(default=3, validator=_positive)
    colour: Colour = Colour.RED


class Mask(int):
    """A set of small numbers as a bit mask, written as the list of its members."""


@frozen
class Thing:
    options: Options
    name: str
    flags: tuple[bool, ...]
    mask: Mask
    owner: Player | None
    note: str | None


WRITERS = {Mask: lambda m: [i for i in range(m.bit_length()) if m >> i & 1]}
READERS = {
    Mask: lambda f: Mask(sum(1 << item.integer(0, 63) for item in f.items())),
    Player | None: lambda f: CHANCE if f.value == "chance" else f.optional() and f.integer(0),
}

THING = Thing(Options(), "x", (True, False), Mask(0b101), CHANCE, None)
DATA = {
    "options": {"size": 3, "colour": "red"},
    "name": "x",
    "flags": [True, False],
    "mask": [0, 2],
    "owner": "chance",
    "note": None,
}


def test_an_instance_is_written_field_by_field_in_declaration_order() -> None:
    data = write(THING, WRITERS)
    assert data == DATA
    assert isinstance(data, dict)
    assert list(data) == ["options", "name", "flags", "mask", "owner", "note"]


def test_what_is_written_reads_back_equal() -> None:
    assert read(Thing, Field(DATA, "data"), READERS) == THING
    assert read_fields(Thing, Field(DATA, "data"), READERS) == THING


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        ({"name": 3}, "data.name", "must be a string, not an integer"),
        ({"flags": [1]}, "data.flags[0]", "must be true or false, not an integer"),
        ({"options": {"size": True}}, "data.options.size", "must be an integer, not a boolean"),
        ({"options": {"size": "3"}}, "data.options.size", "must be an integer, not a string"),
        ({"options": {"size": 0}}, "data.options.size", "must be at least 1"),
        ({"options": {"colour": "green"}}, "data.options.colour", "must be one of"),
        ({"note": 5}, "data.note", "must be a string, not an integer"),
        ({"mask": [64]}, "data.mask[0]", "must be at most 63, not 64"),
    ],
)
def test_a_wrong_value_is_refused_where_it_is(
    change: dict[str, object], where: str, problem: str
) -> None:
    options = change.pop("options", {})
    assert isinstance(options, dict)
    data = DATA | change | {"options": {"size": 3, "colour": "red"} | options}
    with pytest.raises(InvalidDataError) as refused:
        read(Thing, Field(data, "data"), READERS)
    assert refused.value.where == where
    assert refused.value.problem.startswith(problem)


def test_keys_must_be_exactly_the_fields_unless_defaults_may_be_left_out() -> None:
    with pytest.raises(InvalidDataError, match="missing key 'note'"):
        read(Thing, Field({k: v for k, v in DATA.items() if k != "note"}, "data"), READERS)
    with pytest.raises(InvalidDataError, match="unknown key 'extra'"):
        read(Thing, Field(DATA | {"extra": 1}, "data"), READERS)
    with pytest.raises(InvalidDataError, match="missing key 'colour'"):
        read_fields(Options, Field({"size": 2}, "rules"), {})
    assert read_fields(Options, Field({"size": 2}, "rules"), {}, defaults=True) == Options(2)
    with pytest.raises(InvalidDataError, match="unknown key 'shape'"):
        read_fields(Options, Field({"shape": 1}, "rules"), {}, defaults=True)


def test_a_type_without_a_form_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="no JSON form"):
        write(object(), {})
    with pytest.raises(TypeError, match="no reader"):
        read(float, Field(1.5, "x"), {})
    with pytest.raises(TypeError, match="no reader"):
        read(int | str, Field(1, "x"), {})


def test_quote_cuts_long_untrusted_text_to_a_short_prefix() -> None:
    assert quote("R7") == "'R7'"
    assert quote("x" * 41) == "'" + "x" * 40 + "...'"
    assert len(quote(["y" * 10**5] * 10**3)) < 100
    assert quote(10**5000) == "a huge number"


def test_a_field_that_is_always_none_reads_null_only() -> None:
    assert read(type(None), Field(None, "data.seat"), {}) is None
    with pytest.raises(InvalidDataError, match=r"data\.seat: must be null, not an integer"):
        read(type(None), Field(0, "data.seat"), {})


def test_the_schema_walks_the_fields_as_the_reader_does() -> None:
    mask = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 63}}
    owner = {"anyOf": [{"const": "chance"}, {"type": "integer", "minimum": 0}, {"type": "null"}]}
    builder = SchemaBuilder({Mask: mask, Player | None: owner})
    assert builder.of(Thing) == {"$ref": "#/$defs/Thing"}
    thing = builder.defs["Thing"]
    assert thing["required"] == list(DATA)
    assert thing["additionalProperties"] is False
    assert thing["properties"]["flags"] == {"type": "array", "items": {"type": "boolean"}}
    assert thing["properties"]["note"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}
    options = builder.defs["Options"]
    assert options["properties"]["colour"] == {"enum": ["red", "blue"]}
    assert options["properties"]["size"] == {"type": "integer", "minimum": 0}
    with pytest.raises(TypeError, match="no schema"):
        builder.of(float)
