#!/usr/bin/env bash
# Installs the system libraries Table Companion needs on a Debian/Ubuntu machine that
# has only Python: zbar (pyzbar), PortAudio (sounddevice), GL/GLib (opencv-python),
# tmux (terminal tests), espeak-ng and sox (speech and test audio), poppler (PDF checks),
# chromium and chromium-driver (the web page's browser tests).
# Safe to run again: it installs only what is missing.
set -euo pipefail
packages=(libzbar0 libportaudio2 libasound2 libgl1 libglib2.0-0 tmux espeak-ng sox poppler-utils
          chromium chromium-driver)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "setup-system: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
