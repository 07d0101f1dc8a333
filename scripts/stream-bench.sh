#!/usr/bin/env bash
# Throughput of the streaming filter, `thresher extract --jsonl -`: one process with 1 and with
# JOBS worker threads, against GNU parallel running JOBS processes of one worker each, fed by
# --pipe-part (parallel splits the file by offset) and by --pipe (through parallel's stdin, as a
# pipe from another program would be). Wall time and CPU time (user+sys, all processes) per run.
#
#   scripts/stream-bench.sh [LINES=10000] [JOBS=2] [ROUNDS=3] [CLI=dist/src/cli/main.js]
#
# The input is scripts/stream-lines.mjs's (seed 7: about 1 bad line in 100). Needs GNU parallel
# and GNU time (/usr/bin/time). On a shared machine, compare runs within one round only.
set -euo pipefail
cd "$(dirname "$0")/.."
LINES=${1:-10000}
JOBS=${2:-2}
ROUNDS=${3:-3}
CLI=${4:-dist/src/cli/main.js}
IN=$(mktemp /tmp/thresher-stream-XXXXXX.jsonl)
OUT=$(mktemp /tmp/thresher-stream-out-XXXXXX.jsonl)
trap 'rm -f "$IN" "$OUT"' EXIT
node scripts/stream-lines.mjs "$LINES" --seed 7 > "$IN"
echo "input: $LINES lines, $(wc -c < "$IN") bytes; $(nproc) cores; node $(node --version)"
for round in $(seq "$ROUNDS"); do
  echo "round $round, $(uptime | sed 's/.*load/load/')"
  for cfg in 1 "$JOBS" "pipe-part $JOBS" "pipe $JOBS"; do
    case $cfg in
      "pipe-part"*) cmd="parallel --will-cite --pipe-part -a $IN --block -1 -k -j $JOBS node $CLI extract --jsonl - --workers 1 -q" ;;
      "pipe"*) cmd="parallel --will-cite --pipe -k -j $JOBS --block 8M node $CLI extract --jsonl - --workers 1 -q < $IN" ;;
      *) cmd="node $CLI extract --jsonl - --workers $cfg -q < $IN" ;;
    esac
    t=$( { /usr/bin/time -f '%e %U %S' bash -c "$cmd > $OUT"; } 2>&1 | tail -1)
    read -r wall user sys <<< "$t"
    label=$([[ $cfg == p* ]] && echo "parallel --$cfg jobs" || echo "one process, $cfg worker(s)")
    printf '  %-32s %7.2f s  %6.0f lines/s  cpu %6.2f s  %s records\n' "$label" "$wall" "$(echo "$LINES / $wall" | bc -l)" "$(echo "$user + $sys" | bc -l)" "$(wc -l < "$OUT")"
  done
done
