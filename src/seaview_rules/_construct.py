"""A constructor for the engines' states that fills an instance's slots directly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, cast

import attrs

__all__ = ["direct_constructor"]

A = TypeVar("A")
P = ParamSpec("P")
_new = object.__new__


def direct_constructor(cls: Callable[P, A]) -> Callable[P, A]:
    """A constructor for the frozen attrs class ``cls`` that fills the slots of a new
    instance directly, with the parameters of ``cls`` (by position or keyword): every
    state of every game is built with it.

    attrs' frozen ``__init__`` fills each slot through ``object.__setattr__``, several
    times the cost of an ordinary attribute store. So the instance is made as a plain
    slotted twin of ``cls`` (the same slots, hence the same memory layout), filled with
    ordinary stores, then given its real class. It checks exactly what ``cls``'s own
    ``__init__`` would, which is nothing: it takes only classes without validators or
    converters. Equality, hashing, ``repr``, pickling and immutability are those of
    ``cls``. What it saves per decision is measured on the performance page. An
    interpreter that does not allow the change of class gets ``cls`` itself.

    Raises:
        TypeError: ``cls`` is not an attrs class whose ``__init__`` does nothing but
            store every field, given positionally, in a slot of its own: it has a base
            class, a slot that is not a field (``__weakref__``, a cached hash), a
            validator, converter, keyword-only or ``init=False`` field, a pre- or
            post-init hook, or a ``__new__`` of its own.
    """
    if not (isinstance(cls, type) and attrs.has(cls)):
        raise TypeError(f"{getattr(cls, '__name__', cls)!r} is not an attrs class")
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    slots: tuple[str, ...] = cls.__dict__.get("__slots__", ())
    if (
        cls.__base__ is not object
        or sorted(slots) != sorted(names)
        or cls.__new__ is not object.__new__
        or hasattr(cls, "__attrs_pre_init__")
        or hasattr(cls, "__attrs_post_init__")
        or any(f.validator or f.converter or f.kw_only or not f.init for f in fields)
    ):
        raise TypeError(f"{cls.__name__} cannot have a direct constructor")
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": slots})
    probe: Any = _new(twin)
    try:
        probe.__class__ = cls
    except TypeError:  # an interpreter that refuses the change of class
        return cast("Callable[P, A]", cls)
    # The parameters are those of cls's __init__ (the fields' aliases), so the fields
    # can be given by keyword as to cls; the helpers' names start with "__", which no
    # alias does, so that no parameter can shadow them.
    params = [f.alias for f in fields]
    stores = "".join(f"    __instance.{n} = {a}\n" for n, a in zip(names, params, strict=True))
    source = (
        f"def build({', '.join(params)}):\n    __instance = __new(__twin)\n{stores}"
        "    __instance.__class__ = __cls\n    return __instance\n"
    )
    namespace: dict[str, Any] = {"__new": _new, "__twin": twin, "__cls": cls}
    exec(compile(source, f"<direct_constructor({cls.__qualname__})>", "exec"), namespace)
    build: Callable[P, A] = namespace["build"]
    build.__qualname__ = f"direct_constructor({cls.__qualname__})"
    build.__module__ = cls.__module__
    return build
