"""A page gzipped once: every response inflates to the page with the visitor's value in it."""

import gzip
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.precompressed import PrecompressedPage

HOLE = "csrf-0123456789abcdef"


def inflate_as_a_browser_does(data: bytes) -> bytes:
    # A streaming inflater that insists on one complete gzip member, CRC and size checked.
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = inflater.decompress(data) + inflater.flush()
    assert inflater.eof and not inflater.unused_data
    return out


def test_each_response_is_the_page_with_the_filler_in_every_hole():
    page = PrecompressedPage.cut(f"<p>{HOLE}</p><form>{HOLE}</form>" + "Manche " * 2000, HOLE)
    for token in ["a" * 32, "b" * 64]:
        expected = f"<p>{token}</p><form>{token}</form>" + "Manche " * 2000
        assert page.text(token) == expected.encode()
        assert inflate_as_a_browser_does(page.gzip(token)) == expected.encode()
        assert gzip.decompress(page.gzip(token)) == expected.encode()


def test_the_page_is_compressed_and_the_filler_is_not():
    page = PrecompressedPage.cut(("Élodie " * 1000) + HOLE + ("Hugo " * 1000), HOLE)
    token = "s3cr3tT0k3nValue" * 2
    body = page.gzip(token)
    assert len(body) < 300
    assert token.encode() in body  # stored as it is: its length never depends on the page


def test_a_page_without_a_hole_and_an_empty_filler_still_inflate():
    assert gzip.decompress(PrecompressedPage.cut("no hole here", HOLE).gzip("x")) == b"no hole here"
    page = PrecompressedPage.cut(f"{HOLE}{HOLE}", HOLE)
    assert gzip.decompress(page.gzip("")) == b""


@settings(max_examples=60, deadline=None)
@given(
    parts=st.lists(st.text(max_size=3000), min_size=1, max_size=4),
    filler=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", max_size=64),
)
def test_any_text_round_trips(parts, filler):
    page = PrecompressedPage.cut(HOLE.join(parts), HOLE)
    expected = filler.join(parts).encode()
    assert inflate_as_a_browser_does(page.gzip(filler)) == expected
    assert page.text(filler) == expected
