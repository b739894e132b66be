// Sharing: copy buttons and select-all on the share page, the result of a finished game.
(() => {
  "use strict";

  // Copy buttons and select-all on the share page; a copy says so on its button.
  function copied(button, label) {
    const before = button.dataset.label || button.textContent;
    button.dataset.label = before;
    button.textContent = label(before);
    setTimeout(() => { button.textContent = before; }, 2500);
  }
  document.addEventListener("click", (event) => {
    const copy = event.target.closest("[data-copy]");
    if (copy && navigator.clipboard) {
      navigator.clipboard.writeText(copy.dataset.copy).then(() => copied(copy, () => `✓ ${copy.dataset.msgCopied}`), () => {});
    }
  });

  // The end of a game: the phone's share sheet with the result and its PDF where the
  // browser has one (Web Share API), else a copy of the result, else the text to copy.
  let resultPdf = null;
  function offerShare() {
    const box = document.querySelector("[data-share-result][hidden]");
    if (!box) return;
    box.hidden = false;
    const button = box.querySelector("[data-share-button]");
    // Fetched before the tap: a share sheet must open while the tap still counts.
    if (navigator.canShare) {
      fetch(button.dataset.sharePdf, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.blob() : null))
        .then((blob) => {
          if (!blob) return;
          const file = new File([blob], button.dataset.shareFile, { type: "application/pdf" });
          if (navigator.canShare({ files: [file] })) resultPdf = file;
        })
        .catch(() => {});
    }
  }
  // On load, and when the last round lands while the page is open (the live part swapped).
  document.addEventListener("DOMContentLoaded", offerShare);
  document.addEventListener("htmx:afterSwap", offerShare);
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-share-button]");
    if (!button) return;
    const status = button.parentElement.querySelector("[data-share-status]");
    const text = `${button.dataset.shareText}\n${new URL(button.dataset.shareUrl, location.href).href}`;
    if (navigator.share) {
      const data = { title: document.title, text };
      if (resultPdf) data.files = [resultPdf];
      try { await navigator.share(data); } catch (error) { /* closed without sharing */ }
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = button.dataset.msgCopied;
      copied(button, (before) => `✓ ${before}`);
    } catch (error) {
      // No clipboard (a page served over plain http on the local network): show the text.
      let area = button.parentElement.querySelector("textarea");
      if (!area) {
        area = document.createElement("textarea");
        area.readOnly = true;
        area.rows = text.split("\n").length;
        area.setAttribute("aria-label", button.dataset.msgSelect);
        button.parentElement.append(area);
      }
      area.value = text;
      status.textContent = button.dataset.msgSelect;
      area.focus();
      area.select();
    }
  });
  document.addEventListener("focusin", (event) => {
    if (event.target.matches("[data-select-all]")) event.target.select();
  });
})();
