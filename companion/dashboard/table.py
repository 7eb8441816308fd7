"""The dashboard's model of the table: the live table's history part
(companion.live_table.Table), named here for the screens that render it."""

from companion.live_table import Table

__all__ = ["Table"]
