"""companion bench dashboard's stages: the demo recording's frames through the real
pipeline, each stage's CPU apart."""

from __future__ import annotations

from companion.bench.dashboard import measure, stage_costs
from companion.cli import main as cli_main


def test_the_stages_of_the_demo_are_timed_apart():
    costs, fps = stage_costs(10)
    assert fps == 10.0
    assert set(costs) == {"decoding", "vision", "table map, tracker", "the frame's rest",
                          "adapter, rules", "panel frame"}
    assert costs["vision"] > 0 and costs["decoding"] > 0
    assert all(ms >= 0 for ms in costs.values())


def test_the_demo_s_whole_process_cpu_is_measured_in_a_real_terminal():
    main_thread, process = measure("image", 1.0, 120, 40)
    # the recording plays: its frames are read and drawn, by more than the app's thread
    assert 0.0 < main_thread < process < 200.0


def test_a_bench_run_count_below_one_is_refused_in_one_line(capsys):
    assert cli_main(["bench", "dashboard", "--runs", "0"]) != 0
    assert capsys.readouterr().err.strip() == "companion: --runs must be 1 or more, not 0"
