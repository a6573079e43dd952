#!/usr/bin/env bash
# Installs what a fresh machine lacks for Guichet: Debian packages, then the npm dependencies.
# Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the browser host's end-to-end tests; socat: pseudo-terminals for serial tests;
# udev: SerialPort.list(); libusb-1.0-0: node-hid at run time; zbar-tools: zbarimg reads printed barcodes;
# fonts-dejavu-core: the fonts ticket and receipt pictures are drawn with; postgresql: the central
# service's server engine (its tests start throwaway clusters with /usr/lib/postgresql/15/bin/initdb);
# postgresql-15-auto-failover, pg-auto-failover-cli: replication with automatic failover (pg_autoctl; the
# failover test and `npm run bench -- failover` start a monitor and nodes on loopback).
packages=(chromium socat udev libusb-1.0-0 zbar-tools fonts-dejavu-core postgresql postgresql-15-auto-failover pg-auto-failover-cli)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Electron's installer downloads a binary from a host these machines cannot reach; the browser host
# serves the same kiosk without it. Where the download works, unset this to get the Electron window.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
stamp=node_modules/.guichet-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci (better-sqlite3 compiles from source: about two minutes)"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
