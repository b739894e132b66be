// A player's own page: a hand sent with no network waits in this phone's outbox (its
// browser storage), the page says so, and it leaves by itself once when the network is
// back, under the same UUID (the server stores a sending once). Whatever the server then
// answers (sent, the round saved meanwhile, refused) replaces the page's live part.
(() => {
  "use strict";
  const live = () => document.getElementById("live");
  if (!live()?.matches("[data-seat-page]")) return;
  const key = `rami-seat-outbox:${location.pathname}`;
  const isSeatForm = (element) => element?.matches?.("form[data-seat-outbox]");

  function waiting() {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  function show() {
    const here = live();
    if (!here) return;
    here.querySelector("[data-seat-waiting]")?.remove();
    if (!waiting()) return;
    const note = document.createElement("p");
    note.className = "flash waiting";
    note.setAttribute("role", "status");
    note.dataset.seatWaiting = "";
    note.textContent = here.dataset.msgWaiting || "";
    (here.querySelector("#seat-form") || here).prepend(note);
  }

  function keep(form) {
    const fields = [...new FormData(form)];
    localStorage.setItem(key, JSON.stringify({ action: form.getAttribute("action"), fields }));
    show();
  }

  let sending = false;
  async function flush() {
    const entry = waiting();
    if (!entry || sending || !navigator.onLine) return;
    sending = true;
    try {
      const response = await fetch(entry.action, {
        method: "POST", body: new URLSearchParams(entry.fields), credentials: "same-origin",
        headers: { "HX-Request": "true" },
      });
      if (response.status < 500) {
        localStorage.removeItem(key);
        window.RamiLive?.swap(await response.text(), { own: true });
      }
    } catch (e) {
      // still no network: the next "online" tries again
    } finally {
      sending = false;
      show();
    }
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!isSeatForm(event.detail.elt)) return;
    if (!navigator.onLine) { event.preventDefault(); keep(event.detail.elt); return; }
    localStorage.removeItem(key); // this sending replaces the one waiting
  });
  for (const name of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(name, (event) => { if (isSeatForm(event.detail.elt)) keep(event.detail.elt); });
  }
  document.addEventListener("htmx:afterSwap", show);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") flush(); });
  show();
  flush();
})();
