"""The table simulator: games acted out by hands on a rendered table, for the fixtures,
the tests and the benchmarks (scenes, act, one director per game, make_fixtures)."""
