#!/bin/sh
# The Python peers and FIT writer of `make bench` (Benchmarks/bench.py), in a venv of their own:
#   garmin-fit-sdk  Garmin's official FIT decoder (and encoder), the reference of corpus-fit-tcx/
#   fitdecode       a second Python FIT decoder
#   fit-tool        a FIT encoder: the bench's synthetic long activity and distinct FIT runs
# Idempotent: creates .build/bench-venv once, installs only what is missing. Prints nothing when all is there.
#   scripts/bench-venv.sh [VENV]   (default: .build/bench-venv beside this script's project)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${1:-$root/.build/bench-venv}
packages="garmin-fit-sdk fitdecode fit-tool"
modules="garmin_fit_sdk fitdecode fit_tool"
if [ ! -x "$venv/bin/python" ]; then
  echo "creating $venv"
  /usr/bin/python3 -m venv "$venv"
fi
if "$venv/bin/python" -c "import $(echo $modules | tr ' ' ',')" 2>/dev/null; then
  exit 0
fi
echo "installing into $venv: $packages"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check $packages
"$venv/bin/python" -c "import $(echo $modules | tr ' ' ',')"
