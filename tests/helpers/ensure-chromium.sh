#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium. Install it (and Korean fonts, so screenshots show
# Hangul) with apt-get when missing and we are root; otherwise say what to do.
set -euo pipefail
if [ -n "${CHROMIUM_BIN:-}" ] && [ -x "${CHROMIUM_BIN}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi nanum; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[e2e] installing Debian's chromium and fonts-nanum…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-nanum >/dev/null
elif ! command -v chromium >/dev/null 2>&1; then
  echo "[e2e] Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_BIN)." >&2
  exit 1
fi
