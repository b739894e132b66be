"""Render the app icon (static/img/icon.svg) to the PNG sizes the web app manifest lists.

Run once after changing the SVG: `python manage.py draw_icons`. It drives Debian's Chromium
through Playwright (a test dependency), so the PNGs match the SVG exactly.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

# "any" icons show the rounded tile; the maskable one fills the square with the felt green
# and keeps the cards inside the central 80% circle the platform may crop to.
PAGE = """<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:{size}px;height:{size}px;{background}display:flex;align-items:center;justify-content:center">
<img src="data:image/svg+xml;base64,{svg}" style="width:{inner}px;height:{inner}px"></div></body></html>"""


class Command(BaseCommand):
    help = "Draw the PNG icons of the web app manifest from static/img/icon.svg."

    def handle(self, *args: Any, **options: Any) -> None:
        import base64

        from playwright.sync_api import sync_playwright

        folder = settings.BASE_DIR / "static" / "img"
        svg = base64.b64encode((folder / "icon.svg").read_bytes()).decode()
        variants = [
            ("icon-192.png", 192, 192, ""),
            ("icon-512.png", 512, 512, ""),
            ("icon-maskable-512.png", 512, 360, "background:#1f6f43;"),
            ("apple-touch-icon.png", 180, 150, "background:#1f6f43;"),
        ]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            for name, size, inner, background in variants:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    PAGE.format(size=size, inner=inner, svg=svg, background=background)
                )
                page.screenshot(path=str(folder / name), omit_background=True)
                page.close()
                self.stdout.write(f"drew {name}")
            browser.close()
