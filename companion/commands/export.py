"""``companion export JOURNAL --bgstats``: a finished game as a BG Stats import file.

BG Stats (the play-logging app) opens ``.bgsplay`` files: JSON with ``players``,
``games``, ``locations`` and ``plays`` tables linked by ids; each play lists
``playerScores`` (``playerRefId``, ``score`` as text, ``winner``, ``startPlayer``,
``seatOrder``, ``rank``), its ``playDate`` ("YYYY-MM-DD HH:MM:SS") and ``durationMin``.
A journal keeps only seconds since the session began, so the play's date is taken from
the journal file's last change, less the game's duration, unless ``--date`` gives it.
uuids are derived from the journal's content and the player names, so exporting the same
game twice gives the same play (BG Stats merges it) and a name is the same player.

A game registered with ``teams`` (Mafia) is a team game: each player's side comes from
the header's roles, else from the cops the table named when the game ended
(``GAME.cops.json``, companion.session.cops), else from ``--cops NAME...``, which also
names them for a journal that recorded none. The game's name is its registration's title.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import datetime, timedelta
from pathlib import Path

from companion.cli import COMMANDS, CommandError
from companion.command_args import add_overwrite_argument, output_path
from companion.games import RuleError
from companion.games.mafia_deal import side_counts
from companion.manual.words import ParseError, match_player
from companion.outputs import write_whole
from companion.registry import game_spec, registered_names
from companion.session import Replay, Session, replay_file
from companion.session.cops import CopsFileError, read_cops

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion/bgstats")
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "export", help=COMMANDS["export"],
        description="Write a finished game's players, scores, winner, start player and "
                    "duration as a BG Stats import file (.bgsplay, JSON).")
    p.add_argument("journal", help="the session file of a finished game")
    p.add_argument("--bgstats", action="store_true", required=True,
                   help="write a BG Stats import file (.bgsplay)")
    p.add_argument("--out", metavar="FILE",
                   help="where to write it (default: the journal's name with .bgsplay)")
    p.add_argument("--cops", nargs="+", metavar="NAME",
                   help="Mafia: who were the cops, when the game did not record it")
    p.add_argument("--date", metavar="'YYYY-MM-DD HH:MM'",
                   help="when the game began (default: from the journal file's time)")
    add_overwrite_argument(p, "the --out file")
    p.set_defaults(func=run)


def run(args) -> int:
    path = Path(args.journal)
    replay = replay_file(path)
    if replay.error is not None:
        raise CommandError(f"{replay.error} (only a valid journal can be exported)")
    out = output_path(args.out or path.with_suffix(".bgsplay"), "--out", "bgstats",
                      args.overwrite)
    if args.date:
        try:
            began = datetime.strptime(args.date, "%Y-%m-%d %H:%M")
        except ValueError:
            raise CommandError(f"--date {args.date!r}: write it as 'YYYY-MM-DD HH:MM', e.g. "
                               f"'2026-11-30 20:15'") from None
    else:
        try:
            began = datetime.fromtimestamp(path.stat().st_mtime) - timedelta(
                seconds=duration_seconds(replay))
        except (OverflowError, ValueError):   # a hand-edited "t" of 1e300 seconds
            raise CommandError(f"{path}: the game's times do not give a date; say when it "
                               f"began, e.g. --date '2026-11-30 20:15'") from None
    play_file = bgstats(replay, path.read_bytes(), began, cops_of(args, replay))
    try:
        write_whole(out, (json.dumps(play_file, ensure_ascii=False, indent=1) + "\n")
                    .encode("utf-8"))
    except OSError as exc:
        raise CommandError(f"{out}: cannot write the export ({exc.strerror or exc}); nothing "
                           f"was written, the journal {path} is as it was") from None
    print(f"companion: wrote {out} (open it with BG Stats to import the play)")
    return 0


def cops_of(args, replay: Replay) -> tuple[str, ...]:
    """The cops named by ``--cops`` (names as typed at the table), else those the table
    named at the end of the game; none for a game without teams."""
    if not game_spec(replay.session.header.game).teams:
        if args.cops:
            teams = " and ".join(game_spec(name).title["en"] for name in registered_names()
                                 if game_spec(name).teams)
            raise CommandError(f"--cops is for {teams}, and this journal holds "
                               f"{replay.session.header.game}")
        return ()
    names = replay.session.header.names
    if args.cops:
        try:
            return tuple(match_player(name, names) for name in args.cops)
        except ParseError as exc:
            raise CommandError(f"--cops: there is no player called {exc.fields['word']!r} "
                               f"(players: {exc.fields['names']})") from None
    try:
        return read_cops(args.journal) or ()
    except CopsFileError as exc:
        raise CommandError(str(exc)) from None


def duration_seconds(replay: Replay) -> float:
    times = [s.move["t"] for s in replay.steps
             if isinstance(s.move.get("t"), (int, float)) and not isinstance(s.move["t"], bool)]
    return max(times, default=0.0)


def bgstats(replay: Replay, content: bytes, began: datetime, cops: tuple[str, ...] = ()
            ) -> dict:
    """The BG Stats import object for a finished session (CommandError otherwise); a team
    game's sides from the header's roles or ``cops``."""
    session = replay.session
    header = session.header
    spec = game_spec(header.game)
    if not session.complete:
        raise CommandError(f"the {header.game} game in this journal is not finished "
                           f"({len(session.moves)} moves in force): BG Stats takes finished "
                           f"games; go on with 'companion play --resume'")
    summary = session.summary()
    names = header.names
    start = start_player(replay)
    sides = _sides(session, cops) if spec.teams else {}
    players, scores = [], []
    for seat, name in enumerate(names):
        ref = seat + 1
        players.append({"id": ref, "uuid": _uuid("player", name), "name": name,
                        "isAnonymous": False})
        entry = {"playerRefId": ref, "seatOrder": seat, "startPlayer": name == start,
                 "newPlayer": False}
        if spec.teams:   # (a team wins or loses together: no points)
            entry.update(team=sides[name], winner=sides[name] in summary["winners"],
                         score="", rank=0)
        else:
            score = summary["scores"][name]
            entry.update(score=str(score), winner=name in summary["winners"],
                         rank=1 + sum(s > score for s in summary["scores"].values()))
        scores.append(entry)
    game = {"id": 1, "uuid": _uuid("game", header.game), "name": spec.title["en"],
            "bggId": 0, "highestWins": True, "cooperative": False,
            "noPoints": spec.teams, "usesTeams": spec.teams}
    play = {"uuid": _uuid("play", hashlib.sha256(content).hexdigest()), "gameRefId": 1,
            "playDate": began.strftime(DATE_FORMAT),
            "durationMin": round(duration_seconds(replay) / 60),
            "ignored": False, "manualWinner": False, "rounds": 0,
            "usesTeams": spec.teams, "playerScores": scores}
    return {"about": "A play for Board Game Stats (BG Stats), written by Table Companion; "
                     "open it with BG Stats to import it.",
            "players": players, "locations": [], "games": [game], "plays": [play]}


def start_player(replay: Replay) -> str | None:
    """Who started: Pungi's first layout's player, Mafia's first turn, else (Pumafiosi) the
    start player the ages give game 1 before any move."""
    for step in replay.steps:
        for outcome in step.outcomes:
            if outcome.kind in ("layout_dealt", "layout_redealt"):
                return outcome.first
            if outcome.kind == "turn_passed":
                return outcome.player
    return getattr(Session(replay.session.header).game, "start_player", None)


def _sides(session: Session, cops: tuple[str, ...]) -> dict[str, str]:
    """A team game's (Mafia's) each player's side (the rules check the named cops)."""
    if not cops and len(session.game.roles) < len(session.header.names):
        raise CommandError("BG Stats needs each player's side, and this journal does not say "
                           "who were the cops: name them, e.g. --cops "
                           + " ".join(session.header.names[:side_counts(len(
                               session.header.names))[1]]))
    try:
        return session.game.sides(cops)
    except RuleError as exc:
        raise CommandError(str(exc)) from None


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")).upper()
