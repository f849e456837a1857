#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end suite when it is missing. Browsers are never downloaded by npm.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -o Acquire::Retries=3 >/dev/null
$SUDO apt-get install -y --no-install-recommends chromium >/dev/null
echo "chromium installed: $(chromium --version)"
