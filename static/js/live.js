// The live table: every open page of a game shows each change within a second, pushed, not
// polled. The server streams the game's version (Server-Sent Events); when it differs from
// the version this page shows, the page fetches its live part, as it did when it polled.
// Where no stream opens (a proxy that buffers, a server that cannot stream), the page polls
// every 3 s by itself. A form in use is never replaced under the fingers: it stays while the
// news is about the same round; when its round was saved meanwhile, the page says so, and
// Save then shows both versions.
(() => {
  "use strict";
  const POLL_MS = 3000;
  const OPEN_MS = 8000; // a stream opens at once, unless something between buffers it

  const live = () => document.getElementById("live");
  const start = live();
  if (!start || !start.dataset.liveUrl || !window.htmx) return;
  const liveUrl = start.dataset.liveUrl;
  const eventsUrl = start.dataset.eventsUrl;
  let heard = 0; // the newest version the server announced (0: poll to find out)
  let fetching = false;
  let polling = null;

  const shown = () => Number(live()?.dataset.version || 0);
  const roundOf = (form) => form?.querySelector('input[name="number"]')?.value;

  // A form this phone is using: typed in, or a card picker opened on it.
  function inUse() {
    const here = live();
    if (!here) return null;
    for (const form of here.querySelectorAll("form[id]")) {
      if (form.dataset.typed) return form;
    }
    return null;
  }

  // Typing in any form of the live part marks it, so news does not wipe what is typed.
  for (const kind of ["input", "change", "picked"]) { // "picked": a card tapped in the picker
    document.addEventListener(kind, (event) => {
      const form = event.target.closest?.("#live form");
      if (form) form.dataset.typed = "1";
    });
  }
  document.addEventListener("click", (event) => {
    const form = event.target.closest?.("#live form summary")?.closest("form");
    if (form) form.dataset.typed = "1";
  });

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
      here.querySelectorAll("form").forEach((form) => { delete form.dataset.typed; });
      here.querySelectorAll("details[open]").forEach((details) => { details.open = false; });
      if (document.activeElement && here.contains(document.activeElement)) document.activeElement.blur();
      refresh();
    });
    note.append(show);
    here.prepend(note);
  }

  // The new live part replaces the old one; a form in use stays as it is while it is for
  // the same round (another player's hand, a viewer's news), and nothing is replaced when
  // the round it was for has been saved meanwhile: the page says so instead.
  function swap(html) {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const fresh = template.content.querySelector("#live");
    const current = live();
    if (!fresh || !current) return;
    const mine = inUse();
    if (mine) {
      const theirs = fresh.querySelector(`form[id="${mine.id}"]`);
      if (!theirs || roundOf(theirs) !== roundOf(mine)) { tellNews(); return; }
      theirs.replaceWith(mine);
    }
    current.replaceWith(fresh);
    window.htmx.process(fresh);
    // What the other scripts do after any swap of the live part (outbox rows, client UUIDs).
    fresh.dispatchEvent(new CustomEvent("htmx:afterSwap", { bubbles: true, detail: { target: fresh, elt: fresh, html } }));
  }

  async function refresh() {
    if (fetching) return;
    if (heard && heard <= shown()) return;
    fetching = true;
    try {
      const response = await fetch(`${liveUrl}?v=${shown()}`, {
        credentials: "same-origin", cache: "no-store", headers: { "HX-Request": "true" },
      });
      if (response.status === 200) swap(await response.text());
    } catch (e) {
      // offline: the next news or poll tries again
    } finally {
      fetching = false;
    }
    if (heard > shown() && !live()?.querySelector("[data-news]")) refresh(); // news meanwhile
  }

  function poll() {
    if (polling) return;
    polling = setInterval(() => { heard = 0; refresh(); }, POLL_MS);
  }

  function listen() {
    if (!window.EventSource || !eventsUrl) { poll(); return; }
    const source = new EventSource(eventsUrl);
    let opened = false;
    const buffered = setTimeout(() => { if (!opened) { source.close(); poll(); } }, OPEN_MS);
    // Listening now: whatever changed before (while the page loaded, or the phone slept)
    // is asked for once; from here on each change is heard.
    source.addEventListener("open", () => {
      opened = true;
      heard = 0;
      refresh();
    });
    source.addEventListener("version", (event) => {
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
