"""Helpers shared by the kernels' config dataclasses."""

from __future__ import annotations

import dataclasses


def repr_leaving_out(config, **unset) -> str:
  """The dataclass repr of `config`, leaving out each field named in `unset` while it holds the
  value given there. Records and tables name a config by its repr, so a field added later keeps
  every earlier config's name while it is unset."""
  fields = [f for f in dataclasses.fields(config)
            if not (f.name in unset and getattr(config, f.name) == unset[f.name])]
  args = ", ".join(f"{f.name}={getattr(config, f.name)!r}" for f in fields)
  return f"{type(config).__name__}({args})"
