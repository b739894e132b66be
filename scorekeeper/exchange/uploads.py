"""Uploads stop at the largest file the app reads there (an exported game, or a group's book
on its own import page): a bigger one is skipped as it arrives, never kept in memory or
written to disk."""

from __future__ import annotations

from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.urls import reverse

from scorekeeper.exchange.book_files import MAX_BOOK_BYTES
from scorekeeper.records.documents import MAX_BYTES


class BoundedUpload(FileUploadHandler):
    """First in the chain: passes each chunk on, until the file outgrows MAX_BYTES."""

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        if start + len(raw_data) > self.most():
            if self.request is not None:
                self.request.META["rami.upload_too_large"] = True  # for the view's message
            raise SkipFile
        return raw_data

    def most(self) -> int:
        """A group's book may be larger than a game; any other upload is a game."""
        if self.request is not None and self.request.path == reverse("club_import"):
            return MAX_BOOK_BYTES
        return MAX_BYTES

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler in the chain holds the file
