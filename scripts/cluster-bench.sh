#!/usr/bin/env bash
# Cluster mode's figures (docs/cluster.md): on one corpus of JSON Lines shards (and their
# concatenation, for thresher run), thresher run --workers 2, then cluster run with 1 worker
# process (--threads 2), 2 and 3 worker processes (--threads 1), one after the other on this
# machine: wall time of each, the output of each compared with run's (records.jsonl byte for byte,
# and the store's docs, replicas, site models, skips, stop list, failures), the stage timings,
# the bytes of the stage files per stage, and Redis's memory per queued job
# (scripts/cluster-redis-mem.mjs). Starts and stops a redis-server of its own.
#   npx tsc -p tsconfig.json --outDir .distC
#   THRESHER_DIST=.distC node scripts/make-cluster-corpus.mjs --pages 5000 --shards 20 --out /tmp/cc5000
#   scripts/cluster-bench.sh /tmp/cc5000 [workers-list, default "1 2 3"] > cluster-bench.txt
set -euo pipefail
CORPUS=${1:?corpus folder from make-cluster-corpus.mjs}
COUNTS=${2:-1 2 3}
DIST=${THRESHER_DIST:-.distC}
CLI="node $DIST/src/cli/main.js"
WORK=$(mktemp -d /tmp/thresher-cluster-bench.XXXXXX)
PORT=$((20000 + RANDOM % 20000))
URL=redis://127.0.0.1:$PORT
redis-server --port $PORT --bind 127.0.0.1 --dir "$WORK" --save '' --appendonly no --daemonize yes --pidfile "$WORK/redis.pid" >/dev/null
trap 'kill $(cat "$WORK/redis.pid") 2>/dev/null || true; for p in $(cat "$WORK"/worker.pids 2>/dev/null); do kill $p 2>/dev/null || true; done' EXIT
sleep 0.5
SHARDS=$(ls "$CORPUS"/shards/*.jsonl)
PAGES=$(wc -l < "$CORPUS/all.jsonl")
echo "corpus $CORPUS: $PAGES pages in $(echo "$SHARDS" | wc -l) shards, $(du -sh "$CORPUS/all.jsonl" | cut -f1); $(nproc) cores; $(date -u +%FT%TZ)"

dump() { # the outputs compared, one file per table
  for q in "docs:select idx,id,url,host,type,title,lang,abstract,content,record from docs order by idx" \
           "replicas:select idx,id,canonical,method from replicas order by idx" "sites:select host,pages,model from sites order by host" \
           "skips:select host,pages,reason from site_skips order by host" \
           "stop:select key,value from meta where key in ('aggressive_stop_words','stats_docs') order by key" \
           "failures:select idx, case when id like 'line:%' then '' else id end, code from failures order by idx"; do
    sqlite3 "$1/thresher.db" "${q#*:}" | md5sum | sed "s/ .*/ ${q%%:*}/"
  done
  md5sum < "$1/records.jsonl" | sed 's/ .*/ records.jsonl/'
}

t0=$(date +%s.%N)
$CLI run "$CORPUS/all.jsonl" --out "$WORK/run" --workers 2 > "$WORK/run.txt" 2>/dev/null
RUN_S=$(echo "$(date +%s.%N) - $t0" | bc)
echo "thresher run --workers 2: ${RUN_S} s"
grep -E '^(records|replicas|failures|sites|stop words)' "$WORK/run.txt" | cut -c1-110
dump "$WORK/run" > "$WORK/run.md5"

for n in $COUNTS; do
  threads=1; [ "$n" = 1 ] && threads=2
  : > "$WORK/worker.pids"
  for i in $(seq 1 "$n"); do $CLI cluster worker --redis "$URL" --threads $threads --quiet & echo $! >> "$WORK/worker.pids"; done
  sleep 1
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  $CLI cluster run $SHARDS --redis "$URL" --out "$WORK/c$n" --json > "$WORK/c$n.json" 2>/dev/null
  S=$(echo "$(date +%s.%N) - $t0" | bc)
  for p in $(cat "$WORK/worker.pids"); do kill $p; done; wait 2>/dev/null || true
  dump "$WORK/c$n" > "$WORK/c$n.md5"
  SAME=$(cmp -s "$WORK/run.md5" "$WORK/c$n.md5" && echo "identical to run's" || echo "DIFFERENT: $(diff "$WORK/run.md5" "$WORK/c$n.md5" | grep '^>' | awk '{print $3}' | tr '\n' ' ')")
  echo "cluster $n worker(s) x $threads thread(s): ${S} s = $(echo "scale=3; $S / $RUN_S" | bc) x run's time; output $SAME"
  node -e "const s=require('$WORK/c$n.json'); console.log('  stages: ' + s.stages.map(x => x.stage + ' ' + x.seconds.toFixed(1)).join(', ')); console.log('  records ' + s.records + ', replicas ' + s.replicas + ', failures ' + s.failures + ', poisoned ' + s.poisoned.length)"
done

LAST=$(echo $COUNTS | awk '{print $NF}')
echo "stage files of the last run (bytes, bytes per page):"
for d in "$WORK/c$LAST"/stages/* "$WORK/c$LAST"/shards "$WORK/c$LAST"/thresher.db "$WORK/c$LAST"/records.jsonl; do
  b=$(du -sb "$d" | cut -f1); echo "  $(basename "$d") $b $((b / PAGES))"
done
b=$(du -sb "$WORK/c$LAST/stages" | cut -f1); echo "  all stage files $b $((b / PAGES))"
echo "LSH bucket records: $(cat "$WORK/c$LAST"/stages/bands/*.jsonl | wc -l), verified pairs: $(cat "$WORK/c$LAST"/stages/pairs/*.jsonl | wc -l), walk: $(cat "$WORK/c$LAST"/stages/decisions.json)"
node scripts/cluster-redis-mem.mjs "$URL"
kill "$(cat "$WORK/redis.pid")"; sleep 0.5
trap - EXIT
rm -rf "$WORK"
