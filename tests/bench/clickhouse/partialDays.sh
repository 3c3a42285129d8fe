#!/usr/bin/env bash
# The partial days of a 30-day distinct-user top-N (casb_app_users) on one shard, synthetic: the hourly uniqExactIf
# states the ClickHouse store read before migration 014 against the hour bits it reads since (one row per application,
# user and UTC day, a bit per hour). The data has the size the 100 M load of docs/benchmarks.md (2026-12-02, 08:49) had
# per shard: 23 whole hours over the two partial days, 24 applications of 2,500 to 580 users each, about 1,900 users per
# application and hour on average (1.05 M user entries in 552 states), and 100 users with events only in the days'
# other hours. Not its spread: here users are active in nearly every hour, which the bench's Zipf users are not, and on
# the bench's own data at 30 M events' density hour bits were the slower (docs/benchmarks.md, 2026-12-02 17:15).
# Runs on a started cluster (npm run clickhouse:start) in a scratch database `partial_days` on the shard at
# CLICKHOUSE_PORT (native protocol, default 19000), which it drops at the end. Prints both answers' equality, each
# round's times (the order alternating), and the median and range of bits / states per round.
set -euo pipefail
C="clickhouse-client --port ${CLICKHOUSE_PORT:-19000}"
ROUNDS="${ROUNDS:-10}"
DB=partial_days
D1=1796169600000 # a UTC midnight; the range runs from 12:00 on it to 11:00 the next day
D2=$((D1 + 86400000))
$C -q "DROP DATABASE IF EXISTS $DB"
$C -q "CREATE DATABASE $DB"
$C -q "CREATE TABLE $DB.ev (hour Int64, app String, user String) ENGINE = MergeTree ORDER BY hour"
$C -q "INSERT INTO $DB.ev SELECT toInt64($D1 + 3600000 * (12 + intDiv(number, 60000))) AS hour,
         concat('app', toString(intDiv(number % 60000, 2500))) AS app,
         concat('user', toString(number % 2500), '.name@democorp.example') AS user
       FROM numbers(1380000) WHERE rand(1) % 100 < 93 AND number % 2500 < 2500 - 40 * intDiv(number % 60000, 2500)"
# Users whose events fall only in the two days' hours outside the range: counted by neither answer.
$C -q "INSERT INTO $DB.ev SELECT if(h < 12, $D1 + 3600000 * h, $D2 + 3600000 * (h - 1)) AS hour,
         concat('app', toString(intDiv(number % 2400, 100))) AS app, concat('outside', toString(number % 100), '@democorp.example') AS user
       FROM (SELECT number, toInt64(intDiv(number, 2400)) AS h FROM numbers(60000))"
$C -q "CREATE TABLE $DB.states (hour Int64, key String, users AggregateFunction(uniqExactIf, String, UInt8))
       ENGINE = AggregatingMergeTree PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000))) ORDER BY (hour, key)"
$C -q "INSERT INTO $DB.states SELECT hour, app, uniqExactIfState(user, toUInt8(1)) FROM $DB.ev GROUP BY hour, app"
$C -q "CREATE TABLE $DB.bits (hour Int64, key String, user String, hours AggregateFunction(groupBitOr, UInt64))
       ENGINE = AggregatingMergeTree PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000))) ORDER BY (hour, key, user)"
$C -q "INSERT INTO $DB.bits SELECT intDiv(hour, 86400000) * 86400000 AS day, app, user,
         groupBitOrState(bitShiftLeft(toUInt64(1), toUInt64(intDiv(hour % 86400000, 3600000))))
       FROM $DB.ev GROUP BY day, app, user"
echo "user entries, states, bit rows: $($C -q "SELECT count() FROM $DB.ev"), $($C -q "SELECT count() FROM $DB.states"), $($C -q "SELECT count() FROM $DB.bits")"

STATES="SELECT key, uniqExactIfMerge(users) AS u FROM $DB.states WHERE hour >= $((D1 + 12 * 3600000)) AND hour < $((D2 + 11 * 3600000))
        GROUP BY key ORDER BY u DESC, key LIMIT 50"
# As the store reads them: the (key, user) pairs whose bits meet the range's hours (12–23 on the first day, 0–10 on
# the second), one uniqExactIf state per key, merged.
BITS="SELECT key, uniqExactIfMerge(s) AS u FROM (
        SELECT key, uniqExactIfState(user, user != '\\0') AS s FROM (
          SELECT key, user FROM $DB.bits WHERE hour IN ($D1, $D2)
             AND bitAnd(finalizeAggregation(hours), multiIf(hour = $D1, toUInt64(16773120), hour = $D2, toUInt64(2047), toUInt64(0))) != 0)
        GROUP BY key)
      GROUP BY key ORDER BY u DESC, key LIMIT 50"
if [ "$($C -q "$STATES")" = "$($C -q "$BITS")" ]; then echo "answers: identical"; else echo "answers: DIFFERENT"; exit 1; fi

timed() { { $C --time -q "$1" >/dev/null; } 2>&1; }
results=""
for i in $(seq 1 "$ROUNDS"); do
  if [ $((i % 2)) = 1 ]; then s=$(timed "$STATES"); b=$(timed "$BITS"); else b=$(timed "$BITS"); s=$(timed "$STATES"); fi
  echo "round $i: states ${s} s, bits ${b} s"
  results+="$s $b"$'\n'
done
printf '%s' "$results" | awk '{ s[NR] = $1; b[NR] = $2; r[NR] = $2 / $1 }
  function median(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
                                      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { n = NR; ms = median(s, n); mb = median(b, n); lo = r[1]; hi = r[1]; for (i = 1; i <= n; i++) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i] }
        mr = median(r, n); printf "states median %.3f s, bits median %.3f s; bits / states per round: median %.3f, from %.3f to %.3f\n", ms, mb, mr, lo, hi }'
$C -q "DROP DATABASE $DB"
