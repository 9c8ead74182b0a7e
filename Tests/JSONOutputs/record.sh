#!/usr/bin/env bash
# Records every JSON output of a `feel` binary over the committed scenes, experiments, SVG files
# and the notebook: `record.sh FEEL DIR`. Two records compare with `diff -r` (one file per
# command, exit status and standard error included, so an error's text is compared too).
set -u
feel=$1 out=$2
rm -rf "$out"; mkdir -p "$out"/{metrics,export,export-uikit,inspect,solve,svg}
scenes=$(ls experiments/scenes/*.toml Tests/Contract/Reference/scenes/*.toml Tests/Controls/*/scenes/*.toml \
  2>/dev/null)
run() { # NAME COMMAND...
  local name=$1; shift
  "$@" > "$out/$name" 2> "$out/$name.err"; echo "exit $?" >> "$out/$name.err"
}
for s in $scenes; do
  n=$(echo "$s" | tr / _)
  run metrics/$n "$feel" metrics "$s" --json
  run export/$n "$feel" export "$s" --json --to swiftui,caspring,compose,css,uikit
  run export-uikit/$n "$feel" export "$s" --json --to uikit
  run inspect/$n "$feel" inspect "$s" --json
done
# Each question as JSON and as the summary for people (which shares the report's helpers).
solve() { # NAME ARGUMENTS...
  local name=$1; shift
  run solve/$name "$feel" solve "$@" --json
  run solve/$name.txt "$feel" solve "$@"
}
solve snap experiments/snap-damping-release.toml \
  --where 'overshoot_pt <= 3' --where 'settle_time_s <= 0.35' --minimize settle_time_s \
  --fix release_pt=80
solve tap experiments/tap-hint-push-gravity.toml --where 'hop_pt >= 12' --minimize hint_total_s
# Infeasible: the binding constraint, relaxations and the closest point.
solve infeasible experiments/snap-damping-release.toml \
  --where 'overshoot_pt <= 0.001' --where 'settle_time_s <= 0.01' --minimize settle_time_s
solve forall experiments/phone-width-push.toml \
  --where 'hop_pt >= 5' --minimize hint_total_s --for-all width_pt
for f in $(ls experiments/glyphs/*.svg; find Tests/Contract/SVG -name '*.svg' | sort); do
  run svg/$(echo "$f" | tr / _) "$feel" svg "$f" --to json
done
[ "${NOTEBOOK:-1}" = 0 ] && exit 0
"$feel" notebook --output "$out/notebook" --quiet \
  --solve "experiments/snap-damping-release.toml --where 'overshoot_pt <= 3' --where 'settle_time_s <= 0.35' --minimize settle_time_s --fix release_pt=80" \
  --solve "experiments/tap-hint-push-gravity.toml --where 'hop_pt >= 12' --minimize hint_total_s" \
  > "$out/notebook.out" 2>&1; echo "exit $?" >> "$out/notebook.out"
