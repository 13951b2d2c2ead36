#!/usr/bin/env bash
# On the device: install the carried peer wheels (benchmarks/fetch_peer_wheels.sh) into /tmp/peers.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d .peers/wheels ] || { echo "no .peers/wheels: run benchmarks/fetch_peer_wheels.sh and carry .peers"; exit 1; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/peers .peers/wheels/*.whl
cp -r .peers/stub/xprof /tmp/peers/
echo "peers installed in /tmp/peers"
