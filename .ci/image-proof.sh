#!/usr/bin/env bash
# What ../shared/tools/docker-proof.sh does not check, on the image it built: run it right after
# `KEEP=1 docker-proof.sh`, whose daemon data (and image) this script starts again and then removes.
#   - `node --version` in the image is v24;
#   - a fresh production deployment refuses an anonymous registration without the setup link
#     from its log, accepts it once with it;
#   - a second container on the same embedded-database volume is refused and the first keeps
#     answering;
#   - the CLIs from the built files: migrate.js and create-admin.js in a one-off `docker run` on a
#     stopped embedded volume, and `docker exec` into a container on PostgreSQL.
# Usage (as root): bash .ci/image-proof.sh     Ends with one "image-proof: PASS|FAIL" line.
# Environment: as docker-proof.sh: WORK (/tmp/dk-proof), PORT (3500), PG_HOST, PG_PORT, PG_USER.
set -euo pipefail

WORK=${WORK:-/tmp/dk-proof}
PORT=${PORT:-3500}
PG_HOST=${PG_HOST:-127.0.0.1}
PG_PORT=${PG_PORT:-5432}
PG_USER=${PG_USER:-postgres}
IMAGE=${IMAGE:-dk-proof-app}
BASE="http://127.0.0.1:$PORT"
export DOCKER_HOST="unix://$WORK/docker.sock"

results=() dockerd_pid="" db_name="" status=FAIL reason=""
note() { results+=("$1"); echo "  ✓ $1"; }
fail() { reason="$*"; echo "  ✗ $*" >&2; exit 1; }

cleanup() {
  local rc=$?
  set +e
  if [ -n "$dockerd_pid" ]; then
    docker rm -f ip-first ip-second ip-pg >/dev/null 2>&1
    docker volume rm ip-data >/dev/null 2>&1
    kill "$dockerd_pid"
    for _ in $(seq 1 30); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.5; done
  fi
  [ -n "$db_name" ] && psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -qc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" >/dev/null 2>&1
  awk -v w="$WORK/" 'index($2, w) == 1 { print $2 }' /proc/mounts | sort -r | xargs -r -n1 umount
  rm -rf "$WORK/data" "$WORK/exec"
  [ "$rc" -eq 0 ] && [ "$status" = PASS ] || status=FAIL
  local line="image-proof: $status" item
  for item in "${results[@]}" ${reason:+"failed: $reason"}; do line+="; $item"; done
  echo "$line"
  exit "$rc"
}
trap cleanup EXIT

[ -d "$WORK/data" ] || fail "no daemon data in $WORK/data: run KEEP=1 docker-proof.sh first"
dockerd --data-root "$WORK/data" --exec-root "$WORK/exec" --pidfile "$WORK/dockerd.pid" \
  -H "$DOCKER_HOST" --bridge=none --iptables=false --ip-forward=false >"$WORK/dockerd-2.log" 2>&1 &
dockerd_pid=$!
for _ in $(seq 1 60); do docker version >/dev/null 2>&1 && break; sleep 0.5; done
docker image inspect "$IMAGE" >/dev/null 2>&1 || fail "image $IMAGE is not there"

version=$(docker run --rm --network none "$IMAGE" node --version)
[[ "$version" == v24.* ]] || fail "node --version in the image: $version"
note "docker run --rm $IMAGE node --version: $version"

wait_ready() { # container
  for _ in $(seq 1 240); do
    curl -fs "$BASE/api/health/ready" >/dev/null 2>&1 && return 0
    [ "$(docker inspect -f '{{.State.Running}}' "$1")" = true ] || break
    sleep 0.25
  done
  docker logs "$1" 2>&1 | tail -20
  return 1
}
post() { # path json; prints "status body"
  curl -s -w ' %{http_code}' -H "Origin: $BASE" -H 'Content-Type: application/json' -d "$2" "$BASE$1"
}
secret=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
key=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
run_app() { # name [docker run options...]
  local name=$1; shift
  docker run -d --name "$name" --network host -e PORT="$PORT" -e PUBLIC_URL="$BASE" -e SESSION_SECRET="$secret" -e SECRETS_KEY="$key" "$@" "$IMAGE" >/dev/null
}
admin='"name":"Image Proof","email":"image@example.com","password":"a long enough password 42"'

echo "▶ first administrator on a fresh production deployment (embedded database)"
run_app ip-first -v ip-data:/data
wait_ready ip-first || fail "ip-first not ready"
out=$(post /api/admins/register "{$admin}")
[[ "$out" == *"Registration needs the setup link from the server's log."*" 403" ]] || fail "register without token: $out"
token=$(docker logs ip-first 2>&1 | grep -oE "Open $BASE/admin/register\?setup=[A-Za-z0-9_-]+" | tail -1 | cut -d= -f2)
[ -n "$token" ] || fail "no setup link on PUBLIC_URL in the log"
out=$(post /api/admins/register "{$admin,\"setupToken\":\"wrong$token\"}")
[[ "$out" == *" 403" ]] || fail "register with a wrong token: $out"
out=$(post /api/admins/register "{$admin,\"setupToken\":\"$token\"}")
[[ "$out" == *" 201" ]] || fail "register with the token: $out"
out=$(post /api/admins/register "{$admin,\"email\":\"again@example.com\",\"setupToken\":\"$token\"}")
[[ "$out" == *" 403" ]] || fail "the token still works after the first admin: $out"
note "register: 403 without the setup token, 403 with a wrong one, 201 with it, 403 with it again"
# Read the whole log first: `docker logs | grep -q` under pipefail fails when grep stops early.
logs=$(docker logs ip-first 2>/dev/null)
grep -q '"context":"HTTP"' <<<"$logs" || fail "no JSON request log lines"
note "JSON request log lines"

echo "▶ a second container on the same embedded volume"
set +e
out=$(docker run --rm --network host -e PORT=$((PORT + 1)) -e PUBLIC_URL="$BASE" -e SESSION_SECRET="$secret" -e SECRETS_KEY="$key" -v ip-data:/data "$IMAGE" 2>&1)
code=$?
set -e
[ "$code" -ne 0 ] || fail "the second container started"
grep -q 'is in use by another process' <<<"$out" || fail "no lock message from the second container: $(tail -3 <<<"$out")"
curl -fs "$BASE/api/health/ready" >/dev/null || fail "the first container stopped answering"
out=$(curl -s -o /dev/null -w '%{http_code}' -H "Origin: $BASE" -H 'Content-Type: application/json' \
  -d '{"email":"image@example.com","password":"a long enough password 42"}' "$BASE/api/admins/login")
[ "$out" = 200 ] || fail "login on the first container after the refusal: $out"
note "second container refused (exit $code, 'in use by another process'), the first still logs in"

echo "▶ CLIs in a one-off container on the stopped embedded volume"
set +e
out=$(docker run --rm --network none -v ip-data:/data "$IMAGE" node dist/server/cli/migrate.js show 2>&1)
set -e
grep -q 'in use by another process' <<<"$out" || fail "migrate.js while the app runs: $out"
docker stop ip-first >/dev/null
out=$(docker run --rm --network none -v ip-data:/data "$IMAGE" node dist/server/cli/migrate.js show 2>&1) || fail "migrate.js show: $out"
grep -q '^\[x\] Foundation' <<<"$out" || fail "migrate.js show: $out"
out=$(echo 'copper lantern 1234' | docker run --rm -i --network none -v ip-data:/data "$IMAGE" \
  node dist/server/cli/create-admin.js --name 'Second Admin' --email second@example.com 2>&1) || fail "create-admin.js: $out"
docker start ip-first >/dev/null
wait_ready ip-first || fail "ip-first not ready after the CLIs"
out=$(curl -s -o /dev/null -w '%{http_code}' -H "Origin: $BASE" -H 'Content-Type: application/json' \
  -d '{"email":"second@example.com","password":"copper lantern 1234"}' "$BASE/api/admins/login")
[ "$out" = 200 ] || fail "login as the admin create-admin.js made: $out"
docker stop ip-first >/dev/null
note "migrate.js refused while the app runs; migrate.js show and create-admin.js on the stopped volume; that admin logs in"

echo "▶ CLIs by docker exec on PostgreSQL"
if pg_isready -q -h "$PG_HOST" -p "$PG_PORT"; then
  db_name="ip_$(date +%s)_$$"
  psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -qc "CREATE DATABASE $db_name"
  run_app ip-pg -e DATABASE_URL="postgres://$PG_USER@$PG_HOST:$PG_PORT/$db_name"
  wait_ready ip-pg || fail "ip-pg not ready"
  out=$(docker exec -e ADMIN_PASSWORD='silver harbour 1234' ip-pg node dist/server/cli/create-admin.js --name 'Third Admin' --email third@example.com 2>&1) \
    || fail "docker exec create-admin.js: $out"
  out=$(docker exec ip-pg node dist/server/cli/migrate.js show 2>&1) || fail "docker exec migrate.js show: $out"
  grep -q '^\[x\] ContactMessages' <<<"$out" || fail "migrate.js show: $out"
  out=$(docker exec ip-pg node dist/server/cli/seed-demo.js 2>&1) || fail "docker exec seed-demo.js: $out"
  out=$(curl -s -o /dev/null -w '%{http_code}' -H "Origin: $BASE" -H 'Content-Type: application/json' \
    -d '{"email":"third@example.com","password":"silver harbour 1234"}' "$BASE/api/admins/login")
  [ "$out" = 200 ] || fail "login as the admin docker exec made: $out"
  note "docker exec: create-admin.js, migrate.js show, seed-demo.js on PostgreSQL; that admin logs in"
else
  note "PostgreSQL part skipped (no server at $PG_HOST:$PG_PORT)"
fi

status=PASS
