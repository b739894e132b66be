// The live table: every open page of a game shows each change within a second, pushed, not
// polled. The server streams the game's version (Server-Sent Events); when it differs from
// the version this page shows, the page fetches its live part, as it did when it polled.
// Where no stream opens (a proxy that buffers, a server that cannot stream), the page polls
// every 3 s by itself. A form being typed in is never replaced under the fingers: the page
// says that another phone changed the game, and Save then shows both versions.
(() => {
  "use strict";
  const POLL_MS = 3000;
  const FIRST_EVENT_MS = 8000; // the stream's first event comes at once, unless buffered

  const live = () => document.getElementById("live");
  const start = live();
  if (!start || !start.dataset.liveUrl || !window.htmx) return;
  const liveUrl = start.dataset.liveUrl;
  const eventsUrl = start.dataset.eventsUrl;
  let heard = 0; // the newest version the server announced (0: poll to find out)
  let fetching = false;
  let polling = null;

  const shown = () => Number(live()?.dataset.version || 0);
  const typing = () => !!live()?.querySelector("form[data-typed]");

  // Typing in any form of the live part marks it, so news does not wipe what is typed.
  for (const kind of ["input", "change", "picked"]) { // "picked": a card tapped in the picker
    document.addEventListener(kind, (event) => {
      const form = event.target.closest?.("#live form");
      if (form) form.dataset.typed = "1";
    });
  }

  function tellNews() {
    const here = live();
    if (!here || here.querySelector("[data-news]")) return;
    const note = document.createElement("p");
    note.className = "flash";
    note.setAttribute("role", "status");
    note.dataset.news = "";
    note.append(start.dataset.msgNews || "", " ");
    const show = document.createElement("button");
    show.type = "button";
    show.textContent = start.dataset.msgShow || "↻";
    show.addEventListener("click", () => {
      here.querySelectorAll("form[data-typed]").forEach((form) => delete form.dataset.typed);
      refresh();
    });
    note.append(show);
    here.prepend(note);
  }

  function refresh() {
    if (fetching) return;
    if (heard && heard <= shown()) return;
    if (typing()) { tellNews(); return; }
    fetching = true;
    window.htmx
      .ajax("GET", `${liveUrl}?v=${shown()}`, { target: "#live", swap: "outerHTML" })
      .catch(() => {}) // offline: the next news or poll tries again
      .finally(() => {
        fetching = false;
        if (heard > shown()) refresh(); // news that came while this one was fetched
      });
  }

  function poll() {
    if (polling) return;
    polling = setInterval(() => { heard = 0; refresh(); }, POLL_MS);
  }

  function listen() {
    if (!window.EventSource || !eventsUrl) { poll(); return; }
    const source = new EventSource(eventsUrl);
    let opened = false;
    const buffered = setTimeout(() => { if (!opened) { source.close(); poll(); } }, FIRST_EVENT_MS);
    source.addEventListener("version", (event) => {
      opened = true;
      heard = Math.max(heard, Number(event.data) || 0);
      refresh();
    });
    source.addEventListener("gone", () => source.close());
    source.addEventListener("error", () => {
      // The browser opens a lost stream again by itself; a refused one stays closed.
      if (source.readyState === EventSource.CLOSED) { clearTimeout(buffered); poll(); }
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && polling) { heard = 0; refresh(); }
  });
  listen();
})();
