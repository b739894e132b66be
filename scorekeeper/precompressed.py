"""A page gzipped once and served many times, with a per-response value left uncompressed.

Every viewer of a game version gets the same page except for their own CSRF token. Gzipping
13 KB for each response costs more than the rest of the request, so the page is cut at the
token's placeholder and each piece is deflated once. A response is the pieces' bytes with the
token in between as a stored (uncompressed) deflate block: a valid gzip stream that any
browser inflates, built with a CRC and no compression work. Since the token is never
compressed, the response's length tells nothing about it (BREACH needs the secret to be
compressed alongside text the attacker controls).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers

# RFC 1952: magic, deflate, no flags, no modification time, no extra flags, unknown OS.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
STORED_BLOCK_MAX = 0xFFFF


@dataclass(frozen=True)
class PrecompressedPage:
    pieces: tuple[bytes, ...]  # the page's UTF-8 text between placeholders
    deflated: tuple[bytes, ...]  # each piece as raw deflate blocks; only the last one is final

    @classmethod
    def cut(cls, text: str, placeholder: str) -> PrecompressedPage:
        pieces = tuple(piece.encode() for piece in text.split(placeholder))
        deflated = []
        for index, piece in enumerate(pieces):
            # A fresh compressor per piece: no back-reference can reach across a hole.
            compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
            last = index == len(pieces) - 1
            # A sync flush ends on a byte boundary, so a stored block can follow it.
            deflated.append(
                compressor.compress(piece)
                + compressor.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
            )
        return cls(pieces, tuple(deflated))

    def text(self, filler: str) -> bytes:
        return filler.encode().join(self.pieces)

    def gzip(self, filler: str) -> bytes:
        hole = filler.encode()
        if len(hole) > STORED_BLOCK_MAX:
            raise ValueError("a filler must fit in one stored block")
        stored = b"\x00" + struct.pack("<HH", len(hole), len(hole) ^ 0xFFFF) + hole
        crc = 0
        for index, piece in enumerate(self.pieces):
            if index:
                crc = zlib.crc32(hole, crc)
            crc = zlib.crc32(piece, crc)
        size = sum(map(len, self.pieces)) + len(hole) * (len(self.pieces) - 1)
        return b"".join(
            (GZIP_HEADER, stored.join(self.deflated), struct.pack("<II", crc, size & 0xFFFFFFFF))
        )

    def response(self, request: HttpRequest, filler: str) -> HttpResponse:
        """The page with `filler` in every hole, gzipped when the client takes it."""
        if re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            response = HttpResponse(self.gzip(filler))
            response["Content-Encoding"] = "gzip"  # GZipMiddleware leaves it as it is
        else:
            response = HttpResponse(self.text(filler))
        patch_vary_headers(response, ("Accept-Encoding",))
        return response
