"""``python -m seaview_rules``: the ``seaview`` command."""

from seaview_rules.cli import main

raise SystemExit(main())
