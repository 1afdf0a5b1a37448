#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium: `chromium`, and `chromium-headless-shell` (the same
# build without its UI layer, a third less CPU) for the shared e2e browser when it can be had; see
# tests/helpers/browser.ts. Install them (and Korean fonts, so screenshots show Hangul) with
# apt-get when missing and we are root; otherwise say what to do. The shell is optional: without
# it the full Chromium runs every test.
set -euo pipefail
if [ -n "${CHROMIUM_BIN:-}" ] && [ -x "${CHROMIUM_BIN}" ]; then exit 0; fi
# `grep -q` would stop reading at the first match, and fc-list, still writing, would die of
# SIGPIPE, which pipefail turns into "no fonts": grep reads it all
have_browser() { command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -i nanum >/dev/null; }
have_shell() { command -v chromium-headless-shell >/dev/null 2>&1; }
if have_browser && have_shell; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  # two runs at once (two checkouts' suites) wait for each other's apt-get instead of failing
  apt() { apt-get -o DPkg::Lock::Timeout=600 "$@"; }
  apt update -qq
  if ! have_browser; then
    echo "[e2e] installing Debian's chromium and fonts-nanum…"
    apt install -y -qq chromium fonts-nanum >/dev/null
  fi
  if ! have_shell; then
    echo "[e2e] installing Debian's chromium-headless-shell…"
    apt install -y -qq chromium-headless-shell >/dev/null ||
      echo "[e2e] chromium-headless-shell could not be installed: the full chromium runs every test"
  fi
elif ! command -v chromium >/dev/null 2>&1; then
  echo "[e2e] Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_BIN)." >&2
  exit 1
fi
