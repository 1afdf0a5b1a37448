#!/usr/bin/env bash
# What the end-to-end tests need from Debian. Debian's Chromium: `chromium`, and
# `chromium-headless-shell` (the same build without its UI layer, a third less CPU) for the shared
# e2e browser when it can be had; see tests/helpers/browser.ts. And Debian's `caddy`, the TLS proxy
# of the production recipe (deploy/), which tests/e2e/proxy.test.ts puts in front of PocketBase. And
# Debian's `sqlite3`, the second process tests/integration/busy-database.test.ts locks the database with.
# Install them (and Korean fonts, so screenshots show Hangul) with apt-get when missing and we are
# root; otherwise say what to do. The shell is optional: without it the full Chromium runs every
# test. Caddy and sqlite3 are optional too: without them their tests are skipped, and say why.
set -euo pipefail
have_caddy() { command -v caddy >/dev/null 2>&1 || [ -n "${CADDY_BIN:-}" ]; }
custom_chromium() { [ -n "${CHROMIUM_BIN:-}" ] && [ -x "${CHROMIUM_BIN}" ]; }
# `grep -q` would stop reading at the first match, and fc-list, still writing, would die of
# SIGPIPE, which pipefail turns into "no fonts": grep reads it all
have_browser() {
  custom_chromium ||
    { command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -i nanum >/dev/null; }
}
have_shell() { custom_chromium || command -v chromium-headless-shell >/dev/null 2>&1; }
have_sqlite() { command -v sqlite3 >/dev/null 2>&1; }
if have_browser && have_shell && have_caddy && have_sqlite; then exit 0; fi
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
  if ! have_caddy; then
    echo "[e2e] installing Debian's caddy…"
    if apt install -y -qq caddy >/dev/null; then
      # the tests start Caddys of their own; the package's service (a file server on :80) is not
      # wanted where systemd started it
      if [ -d /run/systemd/system ]; then systemctl disable --now caddy.service >/dev/null 2>&1 || true; fi
    else
      echo "[e2e] caddy could not be installed: tests/e2e/proxy.test.ts is skipped"
    fi
  fi
  if ! have_sqlite; then
    echo "[e2e] installing Debian's sqlite3…"
    apt install -y -qq sqlite3 >/dev/null ||
      echo "[e2e] sqlite3 could not be installed: tests/integration/busy-database.test.ts is skipped"
  fi
else
  if ! custom_chromium && ! command -v chromium >/dev/null 2>&1; then
    echo "[e2e] Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_BIN)." >&2
    exit 1
  fi
  if ! have_caddy; then
    echo "[e2e] Caddy is missing: install Debian's 'caddy' package (or set CADDY_BIN); tests/e2e/proxy.test.ts is skipped without it."
  fi
  if ! have_sqlite; then
    echo "[e2e] sqlite3 is missing: install Debian's 'sqlite3' package; tests/integration/busy-database.test.ts is skipped without it."
  fi
fi
