// The live table: every open page of a game shows each change within a second, pushed, not
// polled. The server streams the game's version (Server-Sent Events); when it differs from
// the version this page shows, the page fetches its live part, as it did when it polled.
// Where no stream opens (a proxy that buffers, a server that cannot stream), the page polls
// every 3 s by itself.
// What this phone was told is never taken back by news: a live part older than (or as old
// as) the one shown is dropped, nothing is swapped while this phone's own request is on its
// way (its answer is newer), and an answer's notes ([data-keep]) and a decision still to make
// ([data-pending]: a round entered on two phones) stay on top of later news until the person
// acts. A form in use is never replaced under the fingers: it stays while the news is about
// the same round; when its round was saved meanwhile, the page says so.
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
  let posting = 0; // this phone's own requests from the live part, on their way
  let polling = null;
  let source = null;

  const versionOf = (element) => Number(element?.dataset.version || 0);
  const shown = () => versionOf(live());
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

  // This phone's own request from the live part: its answer is the newest state, so news
  // heard meanwhile waits for it (and is then only fetched if still newer).
  const requests = new Set(); // this phone's own requests from the live part, on their way
  document.addEventListener("htmx:beforeSend", (event) => {
    if (!event.detail.elt.closest?.("#live")) return;
    requests.add(event.detail.xhr);
    posting = requests.size;
  });
  for (const name of ["htmx:afterRequest", "htmx:sendAbort"]) {
    document.addEventListener(name, (event) => {
      if (!requests.delete(event.detail.xhr)) return;
      posting = requests.size;
      if (!posting) setTimeout(refresh, 0);
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
      here.querySelectorAll("form").forEach((form) => { delete form.dataset.typed; });
      here.querySelectorAll("details[open]").forEach((details) => { details.open = false; });
      if (document.activeElement && here.contains(document.activeElement)) document.activeElement.blur();
      refresh(true);
    });
    note.append(show);
    here.prepend(note);
  }

  // Notes this phone was answered and decisions it still has to make ride on top of news.
  function carry(current, fresh) {
    const kept = [...current.querySelectorAll(":scope > [data-keep], :scope > [data-pending]")];
    for (const element of kept.reverse()) {
      const name = element.dataset.keep || element.dataset.pending;
      const same = [...fresh.querySelectorAll("[data-keep], [data-pending]")]
        .find((other) => (other.dataset.keep || other.dataset.pending) === name);
      if (same) same.remove();
      fresh.prepend(element);
    }
  }

  // The new live part replaces the old one, if it is newer.
  function swap(html, { force = false } = {}) {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const fresh = template.content.querySelector("#live");
    const current = live();
    if (!fresh || !current) return false;
    if (!force && versionOf(fresh) <= shown()) return false;
    const mine = inUse();
    if (mine) {
      const theirs = fresh.querySelector(`form[id="${mine.id}"]`);
      if (!theirs || roundOf(theirs) !== roundOf(mine)) { tellNews(); return false; }
      theirs.replaceWith(mine);
    }
    carry(current, fresh);
    current.replaceWith(fresh);
    window.htmx.process(fresh);
    // What the other scripts do after any swap of the live part (outbox rows, client UUIDs);
    // `live` tells them this was news, not this phone's own answer.
    fresh.dispatchEvent(new CustomEvent("htmx:afterSwap", {
      bubbles: true, detail: { target: fresh, elt: fresh, html, live: true },
    }));
    return true;
  }

  async function refresh(force = false) {
    if (fetching || posting || stopped) return;
    if (!force && heard && heard <= shown()) return;
    fetching = true;
    try {
      const response = await fetch(`${liveUrl}?v=${force ? 0 : shown()}`, {
        credentials: "same-origin", cache: "no-store", headers: { "HX-Request": "true" },
      });
      // A request of this phone's own left meanwhile: its answer is newer than this.
      if (response.status === 404) stop();
      if (response.status === 200 && !posting) swap(await response.text(), { force });
    } catch (e) {
      // offline: the next news or poll tries again
    } finally {
      fetching = false;
    }
    if (heard > shown() && !live()?.querySelector("[data-news]")) refresh(); // news meanwhile
  }

  // This link no longer opens the game (the seat given back, the players' links closed, a
  // new edit link, the game deleted): stop asking, and say so where the page is read.
  let stopped = false;
  function stop() {
    stopped = true;
    clearInterval(polling);
    source?.close();
    const here = live();
    if (!here || here.querySelector("[data-gone]")) return;
    const note = document.createElement("p");
    note.className = "errors";
    note.setAttribute("role", "alert");
    note.dataset.gone = "";
    note.textContent = start.dataset.msgGone || "";
    here.prepend(note);
    here.querySelectorAll("button[type=submit], [data-save]").forEach((button) => { button.disabled = true; });
  }

  function poll() {
    if (polling) return;
    polling = setInterval(() => { heard = 0; refresh(); }, POLL_MS);
  }

  function listen() {
    if (!window.EventSource || !eventsUrl) { poll(); return; }
    source = new EventSource(eventsUrl);
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
    source.addEventListener("gone", () => { source.close(); heard = 0; refresh(); }); // says why
    source.addEventListener("error", () => {
      // The browser opens a lost stream again by itself; a refused one stays closed.
      if (source.readyState === EventSource.CLOSED) { clearTimeout(buffered); poll(); }
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && polling) { heard = 0; refresh(); }
  });
  window.RamiLive = { swap };
  listen();
})();
