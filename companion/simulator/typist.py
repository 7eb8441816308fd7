"""A player who answers the companion's questions: a field run's recording followed again,
with the script's answer typed a while after each question shows.

``companion record`` films no person at the keyboard, so a field run says how far the
camera alone gets; here the recording's frames go through the same Pipeline again while a
typist (who knows the script, as the players know what they did) answers each question
``ANSWER_S`` seconds of table time after it first shows, the way the dashboard does it: the
typed move goes to the live table, which the pipeline hears, so the readings held behind
the question are booked. An unseen play is named ("cy had 55", "bob had mouse 4"), a place
nobody saw ("bob had 23 at 7") and a Mafia card nobody saw whose ("whose 1 ann"): the
journal rewritten, companion.journal_rewrite; any other question is answered with the first
script move the journal lacks that the rules take then. A journal that has gone
wrong (a move the script lacks) gets no answer: only a person who saw the mistake could
undo it, and that is not asked here.
"""

from __future__ import annotations

import copy
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from companion.games import Game, Move, RuleError
from companion.journal_rewrite import UNSEEN, bare, named
from companion.simulator.make_fixtures import matched
from companion.live.pipeline import Pipeline
from companion.live.recording import Recording
from companion.live.reproduce import recorded_table
from companion.live_table import LiveTable, Table
from companion.session import Journal, Session
from vision.types import Frame

ANSWER_S = 8.0   # a player reads the question and types the answer this long after
FPS = 10.0       # the table watched after the game, frames a second


@dataclass(frozen=True)
class Typed:
    session_text: str   # the session file journalled, camera's and typed moves
    answers: int        # answers typed


def answer(moves: list[Move], script: list[Move], game: Game, session: Session
           ) -> tuple[Move, ...]:
    """What the typist enters, the journal's moves in force matched with the script's
    (companion.simulator.make_fixtures.matched): the moves that name the first unseen move
    standing for a script move, else the first script move the journal lacks that the
    rules take now (a move missed while the table went on may be past taking: a mission
    aborted since). A journal move the script has elsewhere was read in another order (a
    contribution typed after the Omertà the camera read meanwhile); one the script lacks
    means the journal went wrong: ()."""
    lacked: list[Move] = []   # script moves the journal does not have where they are
    extra: list[Move] = []    # journal moves the script does not have where they are
    for tag, i1, i2, j1, j2 in matched(script, moves).get_opcodes():
        if tag != "equal":
            lacked += script[i1:i2]
            extra += moves[j1:j2]
    for move in extra:
        if move.get("type") in UNSEEN:
            kind, field = UNSEEN[move["type"]]
            truth = next((m for m in lacked if m.get("type") == kind
                          and m.get(field) == move.get(field)), None)
            if truth is None:
                return ()
            try:
                return named(session, truth)
            except RuleError:
                return ()
        if move not in lacked:
            return ()
        lacked.remove(move)
    for truth in lacked:
        try:
            copy.deepcopy(game).apply(truth)
        except RuleError:
            continue
        return (truth,)
    return ()


def typed_run(recording: Recording, script: list[Move], answer_s: float = ANSWER_S) -> Typed:
    """The recording's frames through a fresh pipeline, each question answered from
    ``script`` ``answer_s`` seconds after it first showed."""
    table_map, header = recorded_table(recording)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "session.jsonl"
        journal = Journal.create(path, header)
        live = LiveTable(Table(Session(header)), journal)
        session = live.table.session
        pipeline = Pipeline(live, table_map)
        asked: tuple[object, float] | None = None   # the question standing, since when
        answers = 0

        def typed(t: float) -> bool:
            """The typist's answer entered as the dashboard enters it; False: none."""
            moves = answer([bare(m) for m in session.moves], script, session.game, session)
            return bool(live.play(*moves, at=t).taken)

        last: Frame | None = None
        try:
            for last in recording.frames(lambda problem: None):
                pipeline.process(last)
                question, t = pipeline.reader.adapter.question, last.timestamp
                if question is None:
                    asked = None
                    continue
                if asked is None or asked[0] != question:
                    asked = (question, t)
                if t - asked[1] >= answer_s:
                    asked = (question, t)   # (unanswered: asked again a while later)
                    answers += typed(t)
            # The game over, the questions on screen are answered one by one, the camera
            # watching the table as it was left (a question shows once the table lies
            # still: the game's last moves may have come while hands were busy).
            while last is not None and answers < len(script):
                for _ in range(round(answer_s * FPS)):
                    last = replace(last, timestamp=last.timestamp + 1 / FPS,
                                   index=last.index + 1)
                    pipeline.process(last)
                if pipeline.reader.adapter.question is None or not typed(last.timestamp):
                    break
                answers += 1
            pipeline.finish()
        finally:
            journal.close()
        return Typed(path.read_text(encoding="utf-8"), answers)
