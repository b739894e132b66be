"""The import's forms: one file, read and checked whole before anything is stored."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.utils.translation import gettext_lazy

from scorekeeper.core.places import document_names, place_in_words
from scorekeeper.core.problems import Malformed
from scorekeeper.core.refusals import refusal_words
from scorekeeper.exchange.book_files import MAX_BOOK_BYTES, read_book
from scorekeeper.exchange.game_files import read_document
from scorekeeper.records.documents import MAX_BYTES


class ImportForm(forms.Form):
    """One file, read by `read` (at most `most` bytes); Malformed names the place at fault."""

    document = forms.FileField(label=gettext_lazy("A game exported as JSON"))
    most = MAX_BYTES
    read: Callable[[bytes], object] = staticmethod(read_document)
    too_large = gettext_lazy("The file is too large for a game.")

    def refuse_too_large(self) -> None:
        """The upload was skipped as it arrived (uploads.BoundedUpload): say why, not that
        the file is missing."""
        self.is_valid()
        self.errors.pop("document", None)
        self.add_error("document", self.too_large)

    def clean_document(self) -> object:
        upload = self.cleaned_data["document"]
        if upload.size > self.most:
            raise forms.ValidationError(self.too_large)
        raw = upload.read(self.most + 1)
        try:
            return self.read(raw)
        except Malformed as error:
            # The place in the players' words, and as written in the file for whoever edits it.
            # (Not for the file as a whole: past its limits it is never decoded, even here.)
            names = document_names(raw) if error.where != "file" else []
            error.params["place"] = place_in_words(error.where, names)
            raise forms.ValidationError(refusal_words(error)) from None


class BookImportForm(ImportForm):
    document = forms.FileField(label=gettext_lazy("A group's book exported as JSON"))
    most = MAX_BOOK_BYTES
    read = staticmethod(read_book)
    too_large = gettext_lazy("The file is too large for a group's book.")
