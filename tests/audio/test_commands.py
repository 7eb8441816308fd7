"""companion listen, companion timer omerta and companion bench vad, as a user runs them."""

import json
import os
import subprocess
import sys
import threading

import numpy as np

from .conftest import REPO, fake_alsa_env, save


def companion(*args, cwd=None, stdin=""):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, cwd=cwd or REPO, input=stdin, timeout=120, env=env)


def run_timer_until(tmp_path, args, mic, quit_on):
    """The standalone timer on the fake devices, quit with "q" once a line starts with
    ``quit_on``; its exit status and the lines it printed (killed after 60 s)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "timer", "omerta", *args], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True, cwd=tmp_path, env=fake_alsa_env(tmp_path, mic))
    timer = threading.Timer(60, proc.kill)
    timer.start()
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith(quit_on):
            proc.stdin.write("q\n")
            proc.stdin.flush()
    timer.cancel()
    return proc.wait(), lines


def test_listen_json_gives_one_object_per_file(clip, tmp_path):
    speech, onset = clip("speech", "en", "Hold on a second.")
    chips, _ = clip("chips")
    a, b = save(tmp_path, "talk.wav", speech), save(tmp_path, "chips.wav", chips)
    proc = companion("listen", "--json", str(a), str(b))
    assert proc.returncode == 0, proc.stderr
    first, second = [json.loads(line) for line in proc.stdout.splitlines()]
    assert first["path"] == str(a) and second == {"path": str(b), "speech": []}
    [(start, end)] = first["speech"]
    assert abs(start - onset) < 0.15 and start + 0.5 < end <= len(speech) / 16000 + 0.6


def test_listen_prints_spans_and_names_a_bad_file(clip, tmp_path):
    speech, _ = clip("speech", "vi", "Im lặng nào.")
    good = save(tmp_path, "vi.wav", speech)
    bad = tmp_path / "notes.wav"
    bad.write_text("not audio at all")
    proc = companion("listen", str(good), str(bad))
    assert proc.returncode == 1
    assert proc.stdout.startswith(f"{good}: 1.2")
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(f"companion: {bad}: ")
    missing = companion("listen", str(tmp_path / "gone.flac"))
    assert missing.stderr == f"companion: {tmp_path / 'gone.flac'}: no such file\n"


def test_standalone_timer_follows_turns_by_hand(fake_alsa):
    run = fake_alsa(args=["timer", "omerta", "--players", "3", "--no-mic",
                          "--turn-seconds", "45"], stdin="n\nx\nn\nn\no\ns\nq\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Omertà: Player 1 calls for silence until play comes back to them." in out
    assert "[silence since 0:00; Player 2's turn, 0:44 left; ends at Player 1's turn]" in out
    assert "unknown key 'x'" in out
    assert "The Omertà is over: play came back to Player 1." in out
    assert "Omertà: Player 1 calls for silence" in out.split("came back to Player 1.")[1]
    assert out.rstrip().endswith("Someone spoke during the Omertà: the silence is broken.")
    # Begins, ends, begins again, broken: four cues reached the speaker.
    assert np.abs(run.played).max() > 0.1


def test_standalone_timer_speaks_the_tables_language(fake_alsa):
    run = fake_alsa(args=["timer", "omerta", "--players", "3", "--no-mic", "--lang", "vi",
                          "--turn-seconds", "45"], stdin="n\nx\ns\nq\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.startswith("Đồng hồ Omertà, 3 người chơi. Phím: n: lượt tiếp")
    assert "Omertà: Player 1 yêu cầu im lặng cho đến khi lượt quay lại họ." in out
    assert "[im lặng từ 0:00; lượt của Player 2, còn 0:44; kết thúc ở lượt của Player 1]" in out
    assert "phím lạ 'x'" in out
    assert out.rstrip().endswith("Có người đã nói trong Omertà: sự im lặng bị phá vỡ.")
    assert "turn" not in out and "silence" not in out


def test_standalone_timer_hears_speech_journals_it_and_keeps_the_clip(tmp_path, clip):
    speech, onset = clip("speech", "en", "I think Bob is a cop.")
    mic = np.concatenate([np.zeros(16000 * 2, np.float32), speech])
    status, lines = run_timer_until(tmp_path, ["--players", "4", "--session", "game.jsonl"],
                                    mic, "warning: Someone spoke")
    assert status == 0, lines
    assert "listening" in lines
    broken = lines.index("Someone spoke during the Omertà: the silence is broken.")
    warning = lines[broken + 1]
    clip_path = warning.split("listen back: ")[1].rstrip(")")
    assert clip_path.startswith("game.clips/")
    assert (tmp_path / clip_path).stat().st_size > 16000 * 2 * 2
    moves = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    # (said at the journalled time: the onset plus however long a loaded machine took)
    assert warning.startswith(f"warning: Someone spoke at 0:0{int(moves[-1]['t'])} during "
                              "the Omertà called by Player 1")
    assert [m["type"] for m in moves[1:]] == ["turn", "omerta", "spoke"]
    heard_at = float(clip_path.removeprefix("game.clips/speech-").removesuffix("s.wav"))
    assert abs(heard_at - (2 + onset)) < 0.1      # clips are named by the onset heard
    # The move's time is the session's: when listening began plus the onset in the audio.
    assert moves[-1]["clip"] == clip_path and 0 <= moves[-1]["t"] - (2 + onset) < 1.0
    replay = companion("replay", "game.jsonl", cwd=tmp_path)
    assert replay.returncode == 0 and "the silence is broken" in replay.stdout


def test_timer_rejects_a_table_mafia_cannot_have():
    proc = companion("timer", "omerta", "--players", "2")
    assert proc.returncode == 1
    assert proc.stderr == "companion: --players must be 3 to 8 (Mafia's table), not 2\n"


def test_bench_vad_reports_detections_false_alarms_and_delay(clip, tmp_path):
    rows = []
    for i, (kind, voice, text) in enumerate([("speech", "en", "yes"), ("music", "", ""),
                                            ("speech", "vi", "không")]):
        samples, onset = clip(kind, voice, text)
        save(tmp_path, f"{i}.wav", samples)
        rows.append(f"{i}.wav\t{'speech' if onset is not None else 'nonspeech'}\t"
                    f"{'' if onset is None else onset}")
    labels = tmp_path / "labels.tsv"
    labels.write_text("\n".join(rows) + "\n")
    proc = companion("bench", "vad", "--labels", str(labels))
    assert proc.returncode == 0, proc.stderr
    assert "speech clips detected:      2/2 (100.0%" in proc.stdout
    assert "non-speech clips that fired: 0/1" in proc.stdout
    assert "median" in proc.stdout
    labels.write_text("0.wav\tspeech\tsoon\n")
    bad = companion("bench", "vad", "--labels", str(labels))
    assert bad.returncode == 1 and bad.stderr.startswith(f"companion: {labels}:1: expected")


def test_standalone_timer_warns_when_a_turn_runs_over(tmp_path):
    status, lines = run_timer_until(tmp_path, ["--players", "3", "--no-mic",
                                               "--turn-seconds", "0.3"],
                                    None, "warning: Player 1's turn")
    assert status == 0
    assert lines.count("warning: Player 1's turn is over its 0.3 s") == 1
