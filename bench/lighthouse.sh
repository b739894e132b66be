#!/usr/bin/env bash
# Lighthouse (mobile) accessibility and best-practices scores of the main pages, served the
# production way (gunicorn, DEBUG off, static files collected) on loopback with a game in it.
# Run: bash bench/lighthouse.sh   (installs Lighthouse from npm into .venv/lighthouse once)
set -euo pipefail
cd "$(dirname "$0")/.."
LH=.venv/lighthouse/node_modules/.bin/lighthouse
[ -x "$LH" ] || npm install --silent --no-audit --no-fund --prefix .venv/lighthouse lighthouse@12.8.2 >/dev/null
work=$(mktemp -d)
export DEBUG=0 SQLITE_PATH="$work/db.sqlite3" ALLOWED_HOSTS=127.0.0.1 STATIC_ROOT="$work/static" \
       SECRET_KEY="$(.venv/bin/python -c 'import secrets; print(secrets.token_urlsafe(50))')"
unset DATABASE_URL
.venv/bin/python manage.py migrate -v0
.venv/bin/python manage.py collectstatic --noinput -v0
game=$(.venv/bin/python - <<'PY'
import os, django
os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
django.setup()
from scorekeeper import services
from rules_engine import PlayerDeal
game, edit, view = services.game_start(rules_slug="liverpool", names=["Ana", "Ben", "Cléo", "Dan"],
                                       first_dealer=0)
services.round_record(game=game, entries=[PlayerDeal(0, None, frozenset({"went_out"})), PlayerDeal(12),
                                          PlayerDeal(30), PlayerDeal(7)])
print(f"/g/{edit}/ /g/{view}/ /g/{edit}/history/")
PY
)
.venv/bin/gunicorn scorekeeper.wsgi --bind 127.0.0.1:8770 --workers 1 >/dev/null 2>&1 &
server=$!
trap 'kill $server; rm -rf "$work"' EXIT
sleep 2
printf '%-40s %14s %15s\n' page accessibility best-practices
for path in / /new/ $game /check/ /grids/ /rules/ /rules/liverpool/ /import/; do
  CHROME_PATH=/usr/bin/chromium "$LH" "http://127.0.0.1:8770$path" --only-categories=accessibility,best-practices \
    --form-factor=mobile --chrome-flags="--headless --no-sandbox --disable-gpu" --output=json \
    --output-path="$work/report.json" --quiet >/dev/null 2>&1
  .venv/bin/python - "$work/report.json" "$path" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
scores = {k: round(v["score"] * 100) for k, v in report["categories"].items()}
shown = sys.argv[2] if len(sys.argv[2]) < 30 else sys.argv[2][:3] + "<token>" + sys.argv[2][25:]
print(f"{shown:40} {scores['accessibility']:>14} {scores['best-practices']:>15}")
for audit in report["audits"].values():
    if audit.get("score") is not None and audit["score"] < 1 and audit.get("scoreDisplayMode") == "binary":
        print("    failing:", audit["id"], audit["title"])
PY
done
