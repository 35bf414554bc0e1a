"""The pieces of 20,000 Leagues as values: the board and its squares, the spinner and its
segments, validated, with their JSON/TOML formats.

A board is a grid of squares read row by row, row 1 (1,000 leagues) at the top; a
spinner is a list of segments, each a number, a direction and a weight. Both are
validated when they are built: a problem raises `InvalidDataError` naming the square
``(row, column)`` or the segment (LEA-R1, LEA-R2). What the rules make of a board (where
its arrows, starfish and octopuses send a diver, and whether every game on it can end)
is checked where the rules are, when `Rules` are built for it
(`seaview_rules.leagues._rulebook.effect_targets`, `seaview_rules.leagues._tables`).
"""

from __future__ import annotations

import enum
import json
import os
import sys
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NewType

from attrs import field, frozen

from seaview_rules._core import InvalidDataError, quote
from seaview_rules._reader import Field

if TYPE_CHECKING:
    from collections.abc import Sequence

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]  # the backport

MAX_SIDE = 100
"""The most rows or columns a board may have."""
MAX_NUMBER = 99
"""The highest number a spinner segment may show."""

# The limits on a board or a spinner read from a document (`board_from_data`,
# `spinner_from_data`, hence `load_board`, `load_spinner` and every ``loads``): the
# engine's tables cost about rows x columns x segments x the spun number to build, so an
# untrusted document must not choose them freely. Each is well above any board or
# spinner we know of: the printed board has 20 rows (1,000 to 20,000 leagues), our
# reconstruction 20 rows of 10 and a 12-segment spinner. At the limits a document loads
# in under half a second (benchmarks/loads_limits.py). `Board` and `Spinner` built in
# Python are held to MAX_SIDE only.
MAX_LOADED_ROWS = 40
"""The most rows a board read from a document may have: twice the printed board's 20."""
MAX_LOADED_COLUMNS = 40
"""The most columns a board read from a document may have: four times the default 10."""
MAX_LOADED_SEGMENTS = 48
"""The most segments a spinner read from a document may have: four times the default 12."""
MAX_TOTAL_WEIGHT = 1_000_000
"""The largest total weight of a spinner read from a document: enough for a dial
measured in arc-minutes (21,600 parts)."""

Square = NewType("Square", int)
"""A square of a `Board` by its index, ``(row - 1) * columns + column - 1``: where a
diver stands (`State.positions`); events name squares as ``(row, column)`` instead
(`Board.coordinates`). Only `Board` makes one (`Board.index`, `Board.start`,
`Board.red_arrow`), and the engine's tables from those."""


class SquareKind(enum.Enum):
    """What stands on a square. The value is the character used in board layouts."""

    YELLOW = "."
    """A plain (yellow) square, where a penalised diver rises to (LEA-11)."""
    ARROW = "v"
    """A purple arrow, which takes a diver down and gives him another spin (LEA-7)."""
    STARFISH = "*"
    """A green starfish, which takes a diver further down and gives him another spin (LEA-9)."""
    OCTOPUS = "@"
    """A red octopus, which sends a diver up (LEA-10)."""
    RED_ARROW = "X"
    """The red arrow in the deepest row, where a diver lands to win (LEA-1)."""
    START = "S"
    """The red 1,000 square where every diver starts (LEA-3)."""


_KINDS = {k.value: k for k in SquareKind}


class Direction(enum.Enum):
    """The letter after a spinner's number: the direction to move (LEA-4)."""

    RIGHT = "R"
    LEFT = "L"


def _square(row: int, column: int) -> str:
    return f"square ({row}, {column})"


@frozen(repr=False)
class Board:
    """A board: ``rows`` x ``columns`` squares, stored row by row, with one start square
    in row 1 (LEA-R12) and one red arrow in the last row (LEA-1), checked when it is
    built (LEA-R1). Where its arrows, starfish and octopuses send a diver is the rules'
    business: `Rules` refuses a board whose effects send a diver off the board or onto
    another special square.

    Rows and columns are numbered from 1 in every message and in `coordinates`;
    internally a square is its index ``(row - 1) * columns + column - 1``.

    >>> board = Board.from_rows(["S.v.", ".*.@", "v...", "..X."])
    >>> board.kind(1, 3), board.start, board.red_arrow, board.coordinates(14)
    (<SquareKind.ARROW: 'v'>, 0, 14, (4, 3))
    >>> Board.from_rows(["S..v", "...@", "...."])
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: board: has no red arrow ('X' in row 3)
    """

    rows: int
    columns: int
    squares: tuple[SquareKind, ...]
    """The kind of every square, row by row."""
    name: str = ""
    """A label for the board, shown by `render` and written to JSON."""
    start: Square = field(init=False, eq=False, hash=False)
    """The index of the start square."""
    red_arrow: Square = field(init=False, eq=False, hash=False)
    """The index of the red arrow."""

    def __attrs_post_init__(self) -> None:
        rows, columns, squares = self.rows, self.columns, self.squares
        for name, value, low in (("rows", rows, 2), ("columns", columns, 2)):
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or not low <= value <= MAX_SIDE
            ):
                raise InvalidDataError(
                    f"board {name}",
                    f"must be an integer from {low} to {MAX_SIDE}, not {quote(value)}",
                )
        if not isinstance(self.name, str):
            raise InvalidDataError("board name", f"must be a string, not {self.name!r}")
        if not isinstance(squares, tuple) or len(squares) != rows * columns:
            raise InvalidDataError(
                "board squares", f"must be a tuple of {rows} x {columns} square kinds"
            )
        starts: list[int] = []
        reds: list[int] = []
        for index, kind in enumerate(squares):
            row, column = divmod(index, columns)
            where = _square(row + 1, column + 1)
            if not isinstance(kind, SquareKind):
                raise InvalidDataError(where, f"must be a SquareKind, not {kind!r}")
            if kind is SquareKind.START:
                if row != 0:
                    raise InvalidDataError(where, "the start square must be in row 1")
                if starts:
                    raise InvalidDataError(where, "a second start square: a board has one")
                starts.append(index)
            elif kind is SquareKind.RED_ARROW:
                if row != rows - 1:
                    raise InvalidDataError(where, f"the red arrow must be in the last row, {rows}")
                if reds:
                    raise InvalidDataError(where, "a second red arrow: a board has one")
                reds.append(index)
        if not starts:
            raise InvalidDataError("board", "has no start square ('S' in row 1)")
        if not reds:
            raise InvalidDataError("board", f"has no red arrow ('X' in row {rows})")
        object.__setattr__(self, "start", Square(starts[0]))
        object.__setattr__(self, "red_arrow", Square(reds[0]))

    @classmethod
    def from_rows(cls, rows: Sequence[str], *, name: str = "") -> Board:
        """A board from its layout: one string per row, one character per square
        (``.`` yellow, ``v`` arrow, ``*`` starfish, ``@`` octopus, ``X`` red arrow,
        ``S`` start); spaces are ignored.

        Raises:
            InvalidDataError: an unknown character, rows of different lengths, or an
                invalid board.
        """
        cleaned = ["".join(str(row).split()) for row in rows]
        if not cleaned:
            raise InvalidDataError("board", "has no rows")
        columns = len(cleaned[0])
        squares: list[SquareKind] = []
        for number, row in enumerate(cleaned, 1):
            if len(row) != columns:
                raise InvalidDataError(
                    f"board row {number}", f"has {len(row)} squares, row 1 has {columns}"
                )
            for column, char in enumerate(row, 1):
                if char not in _KINDS:
                    raise InvalidDataError(
                        _square(number, column),
                        f"unknown square {quote(char)}: use one of {''.join(_KINDS)}",
                    )
                squares.append(_KINDS[char])
        return cls(len(cleaned), columns, tuple(squares), name)

    def layout(self) -> tuple[str, ...]:
        """One string per row, as `from_rows` reads them.

        >>> Board.from_rows(["Sv", ".X"]).layout()
        ('Sv', '.X')
        """
        chars = "".join(k.value for k in self.squares)
        return tuple(chars[i : i + self.columns] for i in range(0, len(chars), self.columns))

    def kind(self, row: int, column: int) -> SquareKind:
        """The kind of square ``(row, column)``, both counted from 1."""
        return self.squares[self.index(row, column)]

    def index(self, row: int, column: int) -> Square:
        """The index of square ``(row, column)``, both counted from 1.

        Raises:
            ValueError: the square is not on the board.
        """
        if not (1 <= row <= self.rows and 1 <= column <= self.columns):
            raise ValueError(
                f"({row}, {column}) is not a square of a {self.rows} x {self.columns} board"
            )
        return Square((row - 1) * self.columns + column - 1)

    def coordinates(self, index: int) -> tuple[int, int]:
        """The ``(row, column)`` of square ``index``, both counted from 1."""
        row, column = divmod(index, self.columns)
        return row + 1, column + 1

    def __repr__(self) -> str:
        name = f", name={self.name!r}" if self.name else ""
        return f"Board.from_rows({list(self.layout())!r}{name})"


@frozen(repr=False)
class Segment:
    """One segment of the spinner: a number, a direction and a positive weight (LEA-R2).

    >>> Segment(3, Direction.LEFT, 2)
    Segment.parse('3L*2')
    """

    number: int
    direction: Direction
    weight: int = 1
    """How many equal parts of the dial the segment covers."""

    def __attrs_post_init__(self) -> None:
        for name, value, high in (
            ("number", self.number, MAX_NUMBER),
            ("weight", self.weight, None),
        ):
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or value < 1
                or (high is not None and value > high)
            ):
                bound = f"from 1 to {high}" if high else "at least 1"
                raise InvalidDataError(name, f"must be an integer {bound}, not {quote(value)}")
        if not isinstance(self.direction, Direction):
            raise InvalidDataError("direction", f"must be a Direction, not {self.direction!r}")

    @classmethod
    def parse(cls, text: str) -> Segment:
        """A segment written as number, letter and optional ``*weight``: ``"3R"``, ``"6L*2"``.

        Raises:
            InvalidDataError: not a segment.
        """
        body, _, weight = text.strip().upper().partition("*")
        try:
            return cls(int(body[:-1]), Direction(body[-1:]), int(weight) if weight else 1)
        except ValueError:
            raise InvalidDataError(
                "segment", f"not a spinner segment: {quote(text)} (expected e.g. '3R' or '3R*2')"
            ) from None

    def __str__(self) -> str:
        weight = f"*{self.weight}" if self.weight != 1 else ""
        return f"{self.number}{self.direction.value}{weight}"

    def __repr__(self) -> str:
        return f"Segment.parse({str(self)!r})"


@frozen(repr=False)
class Spinner:
    """A validated spinner: one or more segments; each is as likely as its weight (LEA-R2).

    >>> spinner = Spinner.parse("1R 1L 2R*2")
    >>> len(spinner.segments), spinner.total_weight
    (3, 4)
    >>> Spinner(())
    Traceback (most recent call last):
    ...
    seaview_rules.errors.InvalidDataError: spinner: has no segment
    """

    segments: tuple[Segment, ...]
    name: str = ""
    """A label for the spinner, written to JSON."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.segments, tuple) or not self.segments:
            raise InvalidDataError("spinner", "has no segment")
        for number, segment in enumerate(self.segments):
            if not isinstance(segment, Segment):
                raise InvalidDataError(
                    f"spinner segment {number + 1}", f"must be a Segment, not {segment!r}"
                )
        if not isinstance(self.name, str):
            raise InvalidDataError("spinner name", f"must be a string, not {self.name!r}")

    @classmethod
    def parse(cls, text: str, *, name: str = "") -> Spinner:
        """A spinner from its segments separated by spaces, e.g. ``"1R 1L 2R*2"``.

        Raises:
            InvalidDataError: a token is not a segment, or there is none.
        """
        segments = []
        for number, token in enumerate(text.split(), 1):
            try:
                segments.append(Segment.parse(token))
            except InvalidDataError as exc:
                raise InvalidDataError(f"spinner segment {number}", exc.problem) from None
        return cls(tuple(segments), name)

    @property
    def total_weight(self) -> int:
        """The sum of the weights. A segment has probability weight / total."""
        return sum(s.weight for s in self.segments)

    def __str__(self) -> str:
        return " ".join(str(s) for s in self.segments)

    def __repr__(self) -> str:
        name = f", name={self.name!r}" if self.name else ""
        return f"Spinner.parse({str(self)!r}{name})"


# --- the JSON/TOML formats ------------------------------------------------------------


def board_to_data(board: Board) -> dict[str, Any]:
    """The board as the JSON/TOML object that `board_from_data` reads."""
    data: dict[str, Any] = {
        "rows": board.rows,
        "columns": board.columns,
        "squares": list(board.layout()),
    }
    if board.name:
        data["name"] = board.name
    return data


def board_from_data(data: Field) -> Board:
    """Read a board object ``{name?, rows, columns, squares}``, of at most
    `MAX_LOADED_ROWS` rows and `MAX_LOADED_COLUMNS` columns.

    Raises:
        InvalidDataError: the object is malformed, too large, or the board is invalid;
            the message names the JSON path or the square.
    """
    data.keys({"rows", "columns", "squares"}, frozenset({"name"}))
    name = data.get("name").string() if data.has("name") else ""
    rows = data.get("rows").integer(2, MAX_LOADED_ROWS)
    columns = data.get("columns").integer(2, MAX_LOADED_COLUMNS)
    layout = []
    for number, item in enumerate(data.get("squares").items(rows, rows), 1):
        row = "".join(item.string().split())
        if len(row) != columns:
            item.fail(f"row {number} must have {columns} squares, not {len(row)}")
        layout.append(row)
    return Board.from_rows(layout, name=name)


def spinner_to_data(spinner: Spinner) -> dict[str, Any]:
    """The spinner as the JSON/TOML object that `spinner_from_data` reads."""
    data: dict[str, Any] = {
        "segments": [
            {"number": s.number, "direction": s.direction.value, "weight": s.weight}
            for s in spinner.segments
        ]
    }
    if spinner.name:
        data["name"] = spinner.name
    return data


def spinner_from_data(data: Field) -> Spinner:
    """Read a spinner object ``{name?, segments: [{number, direction, weight?}, ...]}``
    of at most `MAX_LOADED_SEGMENTS` segments, whose weights add up to at most
    `MAX_TOTAL_WEIGHT`.

    Raises:
        InvalidDataError: the object is malformed, too large, or a segment is invalid.
    """
    data.keys({"segments"}, frozenset({"name"}))
    name = data.get("name").string() if data.has("name") else ""
    segments = []
    items = data.get("segments").items(0, MAX_LOADED_SEGMENTS)
    if not items:
        data.get("segments").fail("a spinner needs at least one segment")
    total = 0
    for item in items:
        item.keys({"number", "direction"}, frozenset({"weight"}))
        number = item.get("number").integer(1, MAX_NUMBER)
        direction = item.get("direction").enum(Direction)
        weight = item.get("weight").integer(1, MAX_TOTAL_WEIGHT) if item.has("weight") else 1
        total += weight
        if total > MAX_TOTAL_WEIGHT:
            item.get("weight").fail(
                f"the weights add up to more than {MAX_TOTAL_WEIGHT:,}, the most a spinner may have"
            )
        segments.append(Segment(number, direction, weight))
    return Spinner(tuple(segments), name)


Source = str | os.PathLike[str]
"""Where a board or spinner comes from, text (JSON or TOML) or a `pathlib.Path`."""


def _read(source: Source) -> Field:
    if isinstance(source, os.PathLike):
        path = Path(source)
        text = path.read_text(encoding="utf-8")
        is_json = path.suffix.lower() == ".json" or (
            path.suffix.lower() != ".toml" and text.lstrip().startswith("{")
        )
    elif isinstance(source, str):
        text = source
        is_json = text.lstrip().startswith("{")
    else:
        raise InvalidDataError(
            "", f"expected JSON or TOML text or a path, not {type(source).__name__}"
        )
    try:
        document: object = json.loads(text) if is_json else tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and TOMLDecodeError
        raise InvalidDataError("", f"not valid {'JSON' if is_json else 'TOML'} ({exc})") from None
    return Field(document, "")


def load_board(source: Source) -> Board:
    """Read a board from JSON or TOML text, or from a file given as a `pathlib.Path`.

    Text that starts with ``{`` is JSON, anything else TOML; a file's suffix
    (``.json``, ``.toml``) decides for it.

    >>> board = load_board('''
    ... name = "tiny"
    ... rows = 3
    ... columns = 4
    ... squares = ["S . v .",
    ...            ". v . .",
    ...            ". . X ."]
    ... ''')
    >>> board.name, board.rows, board.columns
    ('tiny', 3, 4)

    Raises:
        InvalidDataError: the text is not valid, or the board is invalid; the message
            names the part or the square ``(row, column)`` and the problem.
    """
    return board_from_data(_read(source))


def load_spinner(source: Source) -> Spinner:
    """Read a spinner from JSON or TOML text, or from a file given as a `pathlib.Path`.

    >>> str(load_spinner('{"segments": [{"number": 1, "direction": "R"}, '
    ...                  '{"number": 2, "direction": "L", "weight": 3}]}'))
    '1R 2L*3'

    Raises:
        InvalidDataError: the text is not valid, or the spinner is invalid.
    """
    return spinner_from_data(_read(source))


@cache
def default_board() -> Board:
    """The shipped board: a documented reconstruction of the 1954 board (LEA-R1)."""
    return load_board(
        resources.files(__package__).joinpath("data/board.toml").read_text(encoding="utf-8")
    )


@cache
def default_spinner() -> Spinner:
    """The shipped spinner: 12 equal segments 1R 1L 2R 2L ... 6R 6L (LEA-R2)."""
    return load_spinner(
        resources.files(__package__).joinpath("data/spinner.toml").read_text(encoding="utf-8")
    )
