"""What a game's package builds its JSON with: the `Codec` of its documents (states,
views, records, seat records, events and lists of moves in the library's versioned
envelope, read strictly, and their JSON Schemas), the strict reader of untrusted JSON
(`Field`, `read_fields`, `read_event`, `read_player`, `event_classes`), the schema
builder's hooks (`SchemaBuilder`, `SchemaHooks`), and the validators of rules options
whose bounds the schemas read (`in_range`, `boolean`).

The library's three games build theirs with these; a game of another distribution
does the same (docs page "Adding a game").
"""

from __future__ import annotations

from seaview_rules._codec import Codec
from seaview_rules._options import InRange, boolean, in_range
from seaview_rules._reader import Field, event_classes, read_event, read_fields, read_player
from seaview_rules._schemas import SchemaBuilder, SchemaHooks

__all__ = [
    "Codec",
    "Field",
    "InRange",
    "SchemaBuilder",
    "SchemaHooks",
    "boolean",
    "event_classes",
    "in_range",
    "read_event",
    "read_fields",
    "read_player",
]
