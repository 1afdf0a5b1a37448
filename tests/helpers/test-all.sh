#!/usr/bin/env bash
# `npm test`: every layer, in two lanes that run at the same time.
#
#   lane e2e:   the test build (POCAMARKET_TEST_API=1), then the e2e project
#   lane rest:  the static checks (tests/helpers/checks.sh), unit, then integration
#   and after the e2e project, in its lane, the catalogue journeys (tests/catalogue/), on its build
#
# The e2e layer is the long one (about three quarters of the wall time when the layers ran one
# after another), and it leaves the cores partly idle while pages wait on timers, the network and
# each other; the other layers fit in those gaps. A lane goes on when one of its steps fails, so a
# run reports every failing layer, not only the first. Each step's output is printed whole when it
# ends (the logs never interleave), and the script exits non-zero if any step failed.
#
# `TEST_LANES=serial` runs the same steps one after another (to time a layer alone, or on a
# machine with one core).
set -uo pipefail
cd "$(dirname "$0")/../.."

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

bash tests/helpers/ensure-chromium.sh || exit 1

# one step: its output goes to $out/<name>.log, its status to $out/<name>.status
step() {
  local name=$1
  shift
  local start=$SECONDS
  "$@" >"$out/$name.log" 2>&1
  local status=$?
  echo "$status $((SECONDS - start))" >"$out/$name.status"
  report "$name"
  return "$status"
}

report() {
  local name=$1 status secs
  read -r status secs <"$out/$name.status"
  # one writer at a time, so two lanes ending together don't interleave their logs
  (
    flock 9
    echo
    if [ "$status" = 0 ]; then
      echo "=== $name: ok (${secs} s)"
    else
      echo "=== $name: FAILED (${secs} s)"
    fi
    cat "$out/$name.log"
  ) 9>"$out/.print-lock"
}

lane_e2e() {
  step build env POCAMARKET_TEST_API=1 npm run -s build &&
    step e2e npx vitest run --project e2e
}

lane_rest() {
  step checks bash tests/helpers/checks.sh
  step unit npx vitest run --project unit --project unit-dom --project unit-dom-mocks
  step integration npx vitest run --project integration
}

# the catalogue journeys drive the e2e lane's build: they wait for it, and run only if it built
lane_catalogue() {
  while [ ! -f "$out/build.status" ]; do sleep 2; done
  if [ "$(cut -d' ' -f1 "$out/build.status")" = 0 ]; then
    step catalogue npx vitest run --project catalogue
  fi
}

if [ "${TEST_LANES:-}" = serial ]; then
  lane_rest
  lane_e2e
  lane_catalogue
else
  # the catalogue journeys end the e2e lane: the other lane is the longer one
  (
    lane_e2e
    lane_catalogue
  ) &
  e2e_lane=$!
  lane_rest
  wait "$e2e_lane"
fi

failed=()
for name in checks unit integration build e2e catalogue; do
  if [ ! -f "$out/$name.status" ]; then
    failed+=("$name (not run)")
  elif [ "$(cut -d' ' -f1 "$out/$name.status")" != 0 ]; then
    failed+=("$name")
  fi
done

echo
if ((${#failed[@]})); then
  # the failing tests' names again, last, where a log's tail shows them (CI keeps only the end)
  for name in checks unit integration build e2e catalogue; do
    [ -f "$out/$name.log" ] || continue
    sed 's/\x1b\[[0-9;]*m//g' "$out/$name.log" | grep -aE '^ *(FAIL|×) ' | sort -u | sed "s/^/$name: /" | head -40
    sed 's/\x1b\[[0-9;]*m//g' "$out/$name.log" | grep -aE '^[A-Za-z]*Error: ' | head -10 | sed "s/^/$name: /"
  done
  echo "npm test: FAILED: ${failed[*]}" >&2
  exit 1
fi
summary=()
for name in checks unit integration build e2e catalogue; do
  summary+=("$name $(cut -d' ' -f2 "$out/$name.status") s")
done
echo "npm test: every layer passed (${summary[*]}; ${SECONDS} s in all)"
