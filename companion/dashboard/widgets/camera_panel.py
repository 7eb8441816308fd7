"""The camera panel: a text map of the table, which cards lie in which zone."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from companion.dashboard.feed import TableMap
from companion.i18n import t


def table_map_text(table: TableMap | None, lang: str) -> Text:
    if table is None:
        return Text(t(lang, "camera.none"), style="italic")
    text = Text()
    width = max((len(zone.name) for zone in table.zones), default=0)
    for zone in table.zones:
        text.append(f"{zone.name:<{width}}  ", style="bold")
        cards = "  ".join(f"[{label}]" for label in zone.cards)
        text.append(cards or t(lang, "camera.empty_zone"))
        text.append("\n")
    text.rstrip()
    return text


class CameraPanel(Static):
    def show(self, table: TableMap | None, lang: str) -> None:
        self.update(table_map_text(table, lang))
