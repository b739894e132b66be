"""A page's form as a browser would post it: every field with its shown value."""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser


class _Fields(HTMLParser):
    def __init__(self, form_id: str | None) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.data.setdefault(name, []).append(a.get("value", "on"))
            elif kind not in ("submit", "file", "button"):
                self.data[name] = [unescape(a.get("value") or "")]
        elif tag == "select" and name:
            self.select = name
            self.data.setdefault(name, [""])
        elif tag == "option" and self.select and "selected" in a:
            self.data[self.select] = [a.get("value", "")]
        elif tag == "textarea" and name:
            self.textarea = name
            self.data[name] = [""]

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        if tag == "textarea":
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.data[self.textarea][0] += data


def form_data(html: str) -> dict[str, str | list[str]]:
    """The fields of the page's forms, one value each (a list where several are checked)."""
    fields = _Fields(None)
    fields.feed(html)
    return {k: (v if len(v) > 1 else v[0]) for k, v in fields.data.items()}
