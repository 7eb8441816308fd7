"""The dashboard's widgets, one module per feature; every screen shares them."""
