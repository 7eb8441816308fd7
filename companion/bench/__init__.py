"""Benchmarks behind ``companion bench``."""
