"""The camera, live: the per-frame pipeline (pipeline), recordings and their replay
(recording, avi, replay, progress), the dashboard fed by a camera (dashboard)."""
