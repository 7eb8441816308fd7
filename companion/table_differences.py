"""Where the table differs from the rules' picture of it: each card lying where the rules do
not have it (the reconciler's judgement and the decoder's score are both counted in
these)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from calibration.zone import Zone
from companion.games.base import TablePicture, Term, as_zone
from companion.said import Said, said

ZONE_FIELDS = {"step": "step", "play": "player", "mission": "slot"}  # zone kind -> move field

Seen = tuple[Zone | str | None, Term]
"""One card of the stable table: its zone (or the tracker's text of it), the card in game
terms."""


@dataclass(frozen=True)
class Difference:
    """A card lying where the rules do not have it."""

    card: Term
    seen: Zone                # the zone it lies in
    expected: Zone | None     # the zone the rules have it in (None: in no zone)

    def text(self) -> Said:
        seen = str(self.seen)
        if self.expected == self.seen:
            return said("live.too_many", zone=seen, card=self.card)
        if self.expected is None:
            return said("live.unexpected", card=self.card, zone=seen)
        return said("live.misplaced", card=self.card, expected=str(self.expected), seen=seen)


def differences(picture: TablePicture, seen: Iterable[Seen],
                before: TablePicture | None = None) -> tuple[Difference, ...]:
    """Every card lying where ``picture`` does not have it, in zone order. A card still
    where ``before`` (the table before the last move) had it waits for the hand (a card to
    move down a step), and a card missing from its zone may just be unseen: neither is a
    difference."""
    by_zone: dict[Zone, Counter] = {}
    for zone, card in seen:
        if not picture.is_free(zone) and card not in picture.loose:
            by_zone.setdefault(as_zone(zone), Counter())[card] += 1
    out: list[Difference] = []
    for zone in sorted(by_zone, key=str):   # (in the order of their names)
        extra = by_zone[zone] - Counter(picture.cards_at(zone) or ())
        for card in sorted(extra, key=str):
            if before is not None and card in (before.cards_at(zone) or ()):
                continue
            out += [Difference(card, zone, picture.zone_of(card))] * extra[card]
    return tuple(out)
