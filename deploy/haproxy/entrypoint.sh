#!/bin/sh
# deploy/haproxy/Dockerfile's entrypoint. HAProxy 2.6 wants a certificate and its key in one PEM file; the services
# take them as two (TLS_CERT, TLS_KEY), and so does this image: PLAYERS_TLS_CERT (the chain, leaf first) and
# PLAYERS_TLS_KEY are joined into a file only HAProxy's user can read, named to haproxy.cfg as PLAYERS_TLS_PEM. Then
# HAProxy runs in the foreground (-db) as master and worker (-W), with any arguments given (e.g. -c to check).
set -eu
if [ -n "${PLAYERS_TLS_CERT:-}" ]; then
  : "${PLAYERS_TLS_KEY:?PLAYERS_TLS_KEY must be set with PLAYERS_TLS_CERT: the certificate's private key (PEM)}"
  umask 077
  dir="$(mktemp -d)"
  { cat "$PLAYERS_TLS_CERT"; echo; cat "$PLAYERS_TLS_KEY"; } > "$dir/players.pem"
  PLAYERS_TLS_PEM="$dir/players.pem"
  export PLAYERS_TLS_PEM
fi
exec haproxy -W -db -f /usr/local/etc/haproxy/haproxy.cfg "$@"
