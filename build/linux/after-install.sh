#!/bin/sh
# Installs Guichet's udev rules so scanners and printers are usable without root.
set -e
install -m 0644 "/opt/Guichet/resources/udev/99-guichet-scanners.rules" /etc/udev/rules.d/99-guichet-scanners.rules
udevadm control --reload-rules 2>/dev/null || true
udevadm trigger 2>/dev/null || true
