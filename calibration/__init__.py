"""calibration: the table geometry, from image pixels to table millimetres and zones."""
