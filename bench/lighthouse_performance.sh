#!/usr/bin/env bash
# Lighthouse (mobile, its default throttling) performance of the heaviest game page, an
# 8-player Liverpool game 5 deals in, and of the blank-grid form: TBT, CLS, LCP and score.
# Served the production way (nginx in front of gunicorn, DEBUG off, static files collected)
# on loopback.
# Run: bash bench/lighthouse_performance.sh   (installs Lighthouse from npm into .venv/ once)
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
pages=$(.venv/bin/python - <<'PY'
import os, django
os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
django.setup()
from scorekeeper import services
from rules_engine import PlayerDeal
names = ["Ana", "Ben", "Cléo", "Dan", "Éva", "Fred", "Gabi", "Hugo"]
game, edit, view = services.game_start(rules_slug="liverpool", names=names, first_dealer=0)
for deal in range(5):
    out = deal % 8
    services.round_record(game=game, entries=[
        PlayerDeal(0, None, frozenset({"went_out"})) if seat == out else PlayerDeal(5 + 7 * seat + deal)
        for seat in range(8)
    ])
print(f"edit-link:/g/{edit}/ view-link:/g/{view}/ blank-grids:/grids/")
PY
)
ACCESS_LOG=off .venv/bin/python -m scorekeeper.server --bind 127.0.0.1:8771 --workers 1 --run "$(mktemp -d)" >/dev/null 2>&1 &
server=$!
trap 'kill $server; rm -rf "$work"' EXIT
sleep 3
printf '%-28s %6s %8s %7s %8s\n' page score TBT CLS LCP
for labelled in $pages; do
  label=${labelled%%:*}; path=${labelled#*:}
  for run in 1 2 3; do
    CHROME_PATH=/usr/bin/chromium "$LH" "http://127.0.0.1:8771$path" --only-categories=performance \
      --form-factor=mobile --chrome-flags="--headless --no-sandbox --disable-gpu" --output=json \
      --output-path="$work/report.json" --quiet >/dev/null 2>&1
    .venv/bin/python - "$work/report.json" "$label" "$run" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
audits = report["audits"]
shown = sys.argv[2]
score = round(report["categories"]["performance"]["score"] * 100)
tbt = audits["total-blocking-time"]["numericValue"]
cls = audits["cumulative-layout-shift"]["numericValue"]
lcp = audits["largest-contentful-paint"]["numericValue"]
print(f"{shown + ' #' + sys.argv[3]:28} {score:>6} {tbt:>6.0f}ms {cls:>7.3f} {lcp:>6.0f}ms")
PY
  done
done
