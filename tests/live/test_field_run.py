"""A game filmed at the medium level, calibrated and recorded as a user does it
(companion.simulator.field_test): the journal's summary is the script's."""

from companion.simulator.field_test import field_run


def test_a_round_filmed_at_medium_is_recorded_as_played():
    result = field_run("pumafiosi", "medium", 0, length=4)
    assert result.calibrated == ""
    assert (result.right, result.missed, result.phantom) == (4, 0, 0), result.row()
    assert result.summary_equal, result.row()
    assert result.questions == 0, result.row()
