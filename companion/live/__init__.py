"""The camera, live: the per-frame pipeline (pipeline: vision in front of the table read,
reader), recordings (recording, avi) and their replay through the pipeline (reproduce),
and the progress line (progress)."""
