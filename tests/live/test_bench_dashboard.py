"""companion bench dashboard's stages: the demo recording's frames through the real
pipeline, each stage's CPU apart."""

from __future__ import annotations

from companion.bench.dashboard import stage_costs


def test_the_stages_of_the_demo_are_timed_apart():
    costs, fps = stage_costs(10)
    assert fps == 10.0
    assert set(costs) == {"decoding", "vision", "table map, tracker", "the frame's rest",
                          "adapter, rules", "panel frame"}
    assert costs["vision"] > 0 and costs["decoding"] > 0
    assert all(ms >= 0 for ms in costs.values())
