#!/usr/bin/env bash
# Builds and installs the pgvector extension into the machine's PostgreSQL.
# Debian bookworm ships no pgvector package, so the source package is taken from Debian trixie
# and compiled against postgresql-server-dev-<major>. Idempotent: does nothing when already installed.
set -euo pipefail
PG_MAJOR="${PG_MAJOR:-$(pg_config --version 2>/dev/null | sed -E 's/^PostgreSQL ([0-9]+).*/\1/' || true)}"
if [ -z "$PG_MAJOR" ]; then PG_MAJOR="$(ls /etc/postgresql | sort -n | tail -1)"; fi
EXT_DIR="/usr/share/postgresql/${PG_MAJOR}/extension"
if ls "$EXT_DIR"/vector.control >/dev/null 2>&1; then
  echo "pgvector already installed for PostgreSQL ${PG_MAJOR}"
  exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ! -f /etc/apt/sources.list.d/trixie-src.sources ]; then
  $SUDO tee /etc/apt/sources.list.d/trixie-src.sources >/dev/null <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi
$SUDO apt-get update -o Acquire::Retries=3 >/dev/null
$SUDO apt-get install -y --no-install-recommends "postgresql-server-dev-${PG_MAJOR}" build-essential dpkg-dev >/dev/null
WORK="$(mktemp -d)"
cd "$WORK"
apt-get source --download-only pgvector >/dev/null
dpkg-source -x --no-check ./pgvector_*.dsc src >/dev/null
cd src
make PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" >/dev/null
$SUDO make PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" install >/dev/null
rm -rf "$WORK"
echo "pgvector installed for PostgreSQL ${PG_MAJOR}"
