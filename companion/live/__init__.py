"""The camera, live: the per-frame pipeline (pipeline), recordings (recording, avi) and
their replay through the pipeline (reproduce), and the progress line (progress)."""
