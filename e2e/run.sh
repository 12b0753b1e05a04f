#!/usr/bin/env bash
# The browser end-to-end test: starts BINARY serve on a free loopback port with a fresh database,
# waits for /healthz, runs the browser tests in Chromium against it, stops the server, and exits
# nonzero on any failure:
#   game.mjs     two people play a whole game through the page (one reloads mid-game; the server
#                is killed and started again mid-game), a spectator watches, the EGN downloaded
#                from the page passes `euchre egn check`
#   presets.mjs  every preset: each of the person's turns offers exactly the legal decisions
#   client.mjs   every kind of decision of every family, from recorded views, over a scripted socket
#
#   bash e2e/run.sh target/release/euchre
#
# Needs node (18 or later) and Debian's chromium (apt-get install chromium); playwright-core comes
# from e2e/package-lock.json (npm ci). CHROMIUM=/path overrides the browser.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: bash e2e/run.sh BINARY" >&2
  exit 2
fi
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  echo "e2e: no browser at $CHROMIUM (apt-get install -y chromium)" >&2
  exit 1
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

tmp=$(mktemp -d)
cleanup() {
  if [ -f "$tmp/server.pid" ]; then
    kill "$(cat "$tmp/server.pid")" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();})')
url="http://127.0.0.1:$port"

# Starting the server is a script of its own, so that game.mjs can kill it mid-game (as a crash
# would) and start it again on the same database and port: $E2E_RESTART.
printf '%s\n' '#!/usr/bin/env bash' \
  "\"$bin\" serve --addr 127.0.0.1:$port --db \"$tmp/e2e.db\" >>\"$tmp/server.log\" 2>&1 &" \
  "echo \$! >\"$tmp/server.pid\"" >"$tmp/start.sh"
printf '%s\n' '#!/usr/bin/env bash' \
  "pid=\$(cat \"$tmp/server.pid\")" \
  'kill -KILL "$pid"' \
  'while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done' \
  "bash \"$tmp/start.sh\"" >"$tmp/restart.sh"
bash "$tmp/start.sh"
export E2E_RESTART="$tmp/restart.sh"

# Wait for the server (at most 30 s).
node -e '
const url = process.argv[1];
const until = Date.now() + 30000;
(async () => {
  for (;;) {
    try { const r = await fetch(url + "/healthz"); if (r.ok) return; } catch {}
    if (Date.now() > until) { console.error("e2e: the server did not answer " + url + "/healthz"); process.exit(1); }
    await new Promise((r) => setTimeout(r, 100));
  }
})();' "$url" || { cat "$tmp/server.log" >&2; exit 1; }

status=0
node "$here/game.mjs" "$url" "$bin" || status=1
node "$here/presets.mjs" "$url" || status=1
node "$here/client.mjs" "$url" || status=1
if [ $status -ne 0 ]; then
  echo "---- server log (last 40 lines) ----" >&2
  tail -n 40 "$tmp/server.log" >&2
fi
exit $status
