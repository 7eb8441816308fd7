"""Sub-commands of ``companion``; each module registers one (see companion.cli)."""
