#!/bin/sh
# Restarts the Kwenda API processes one at a time (after an upgrade: git pull && npm ci && npm run build)
# without losing a request: each process is first taken out of nginx's rotation (marked down, nginx
# reloaded), then restarted (SIGTERM: it finishes what it has; systemctl returns once the new process
# answers /api/v1/health), then put back. The first process to start applies any new database
# migration, so a migration must suit the code still running in the others (add first, remove later).
#   sudo sh deploy/rolling-restart.sh [site file, default /etc/nginx/sites-available/kwenda]
set -eu
site=${1:-/etc/nginx/sites-available/kwenda}
here=$(dirname "$0")
units=$(systemctl list-units --plain --no-legend --state=active 'kwenda@*.service' | awk '{ print $1 }')
[ -n "$units" ] || { echo "No kwenda@<port>.service is running." >&2; exit 1; }
for unit in $units; do
  port=${unit#kwenda@}
  port=${port%.service}
  echo "Restarting $unit ..."
  node "$here/nginx/mark-down.mjs" "$site" "$port" down
  nginx -t -q && systemctl reload nginx
  # The requests nginx had already sent there finish before the process is asked to stop.
  sleep 2
  if ! systemctl restart "$unit"; then
    echo "$unit did not come back (journalctl -u $unit): left out of nginx, the others untouched." >&2
    echo "Once it runs: node $here/nginx/mark-down.mjs $site $port up && systemctl reload nginx" >&2
    exit 1
  fi
  node "$here/nginx/mark-down.mjs" "$site" "$port" up
  nginx -t -q && systemctl reload nginx
done
echo "Every process restarted."
