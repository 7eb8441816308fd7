"""The bundled games' registrations, one module each (its ``SPEC``): companion.registry
lists this package to find them."""
