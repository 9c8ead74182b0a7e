#!/bin/bash
# Run from the folder that holds experiments/: submits shard.sbatch's job array, then the
# merge, which starts once every shard has succeeded. `submit.sh 5` re-runs shard 5 alone
# (after it failed) and merges again.
set -euo pipefail
mkdir -p logs parts
shards=$(sbatch --parsable ${1:+--array="$1"} "$(dirname "$0")/shard.sbatch")
merge=$(sbatch --parsable --job-name=feel-merge --output=logs/merge.log \
  --dependency=afterok:"$shards" \
  --wrap "feel sweep experiments/snap-damping-release.toml --merge parts/part-*.csv")
echo "shards: job $shards; merge: job $merge"
