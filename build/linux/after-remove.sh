#!/bin/sh
set -e
rm -f /etc/udev/rules.d/99-guichet-scanners.rules
udevadm control --reload-rules 2>/dev/null || true
