#!/usr/bin/env bash
# Everything Table Companion needs, on a machine that has only Python 3.11+:
# the system libraries (scripts/setup-system.sh), then a virtual environment in .venv
# with the project and its test tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
# Silero VAD's ONNX model only: --no-deps keeps its torch dependency out (GBs).
.venv/bin/python -m pip install -q --disable-pip-version-check --no-deps silero-vad
