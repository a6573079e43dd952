#!/usr/bin/env bash
# Installs one pinned Node.js build into a folder, checked before it is unpacked:
#   scripts/install-node.sh PACKAGE VERSION INTEGRITY DEST [TARBALL]
# PACKAGE@VERSION is fetched from the npm registry with `npm pack` (the registry npm is configured
# with), unless TARBALL names a file already there. Its sha512 must be INTEGRITY (npm's
# `sha512-<base64>` form) or nothing is installed. It is unpacked beside DEST and renamed onto it only
# once its `bin/node --version` answers VERSION, so DEST is a whole install or absent.
set -euo pipefail
if [ $# -lt 4 ] || [ $# -gt 5 ]; then
  echo "usage: scripts/install-node.sh PACKAGE VERSION INTEGRITY DEST [TARBALL]" >&2
  exit 2
fi
package=$1 version=$2 integrity=$3 dest=$4 tarball=${5:-}
case "$integrity" in
  sha512-*) ;;
  *) echo "install-node: integrity must be sha512-<base64>, not '$integrity'" >&2; exit 2 ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/guichet-node.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -z "$tarball" ]; then
  echo "install-node: fetching $package@$version from the npm registry"
  name=$(npm pack "$package@$version" --pack-destination "$work" --silent --no-fund --no-audit | tail -n 1)
  tarball="$work/$name"
fi
[ -f "$tarball" ] || { echo "install-node: no tarball at $tarball" >&2; exit 1; }

# sha512 in hex from the pinned base64 (coreutils only: base64, od, sha512sum).
want=$(printf '%s' "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
got=$(sha512sum "$tarball" | cut -d' ' -f1)
if [ "${#want}" -ne 128 ] || [ "$got" != "$want" ]; then
  echo "install-node: $package@$version does not match its pinned checksum: nothing installed" >&2
  echo "  expected sha512 $want ($integrity)" >&2
  echo "  got      sha512 $got" >&2
  exit 1
fi

mkdir -p "$(dirname "$dest")"
partial="$dest.partial.$$"
rm -rf "$partial"
mkdir "$partial"
tar -xzf "$tarball" -C "$partial" --strip-components=1 --no-same-owner
answer=$("$partial/bin/node" --version 2>/dev/null || true)
if [ "$answer" != "v$version" ]; then
  rm -rf "$partial"
  echo "install-node: the unpacked node answers '$answer', not v$version: nothing installed" >&2
  exit 1
fi
rm -rf "$dest"
mv "$partial" "$dest"
echo "install-node: $package@$version (checksum $integrity) in $dest"
