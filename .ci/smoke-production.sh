#!/usr/bin/env bash
# What the Docker image holds (dist/ and production dependencies only), started from an empty
# DATA_DIR on the embedded database: without PUBLIC_URL it refuses to start and names it; with one
# the maintenance page, the login screen and readiness answer, and the setup link in its log is on it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
# A port nobody is using now.
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cleanup() {
  if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

cp -r "$root/dist" "$root/package.json" "$root/package-lock.json" "$scratch/"
(cd "$scratch" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)

secret="$(head -c 48 /dev/urandom | base64)"
key="$(head -c 48 /dev/urandom | base64)"
if NODE_ENV=production SESSION_SECRET="$secret" SECRETS_KEY="$key" PORT=$port DATA_DIR="$scratch/data" \
  node "$scratch/dist/server/main.js" >"$scratch/refused.log" 2>&1; then
  echo "FAIL: started in production without PUBLIC_URL"; exit 1
fi
grep -q 'PUBLIC_URL is required when NODE_ENV=production' "$scratch/refused.log" || {
  echo "FAIL: no PUBLIC_URL message"; cat "$scratch/refused.log"; exit 1
}
echo "ok   refuses to start without PUBLIC_URL"

public_url="http://127.0.0.1:$port"
started=$(date +%s%N)
# Started directly (no subshell), so $! is node itself and the cleanup stops it.
NODE_ENV=production SESSION_SECRET="$secret" SECRETS_KEY="$key" PUBLIC_URL="$public_url" PORT=$port DATA_DIR="$scratch/data" \
  node "$scratch/dist/server/main.js" >"$scratch/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1 && break
  sleep 0.25
done
echo "ready after $(( ($(date +%s%N) - started) / 1000000 )) ms"

check() { # url expected-status expected-text
  local body status
  body=$(curl -s -w '\n%{http_code}' "http://127.0.0.1:$port$1")
  status=$(tail -n1 <<<"$body")
  if [ "$status" != "$2" ] || ! grep -q "$3" <<<"$body"; then
    echo "FAIL $1: status $status"; cat "$scratch/server.log"; exit 1
  fi
  echo "ok   $1 → $status"
}
check / 503 'Our website is under maintenance'
check /admin/login 200 '<div id="root">'
check /api/health/ready 200 '"database":"ok"'
grep -q "Open $public_url/admin/register?setup=" "$scratch/server.log" || {
  echo "FAIL: no setup link on PUBLIC_URL in the log"; cat "$scratch/server.log"; exit 1
}
echo "ok   the setup link in the log is on PUBLIC_URL"
