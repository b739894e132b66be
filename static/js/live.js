// The live table: every open page of a game shows each change within a second, pushed, not
// polled. The server streams the game's version (Server-Sent Events); when it differs from
// the version this page shows, the page fetches its live part, as it did when it polled
// (a view-only page is sent the live part itself, just before the version).
// Where no stream opens (a proxy that buffers, a server that cannot stream), the page polls
// every 3 s by itself. A stream refused (a busy server sheds with 503) is opened again later,
// each time twice as late up to a minute, so refused phones do not keep the server busy.
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
  const RETRY_MS = 2000; // a refused stream is first opened again within 2 s (Retry-After)
  const RETRY_MOST_MS = 60000;
  let retry = 0; // how long the next refusal waits at most (0: the stream is open)

  const live = () => document.getElementById("live");
  const start = live();
  if (!start || !start.dataset.liveUrl || !window.htmx) return;
  const liveUrl = start.dataset.liveUrl;
  const eventsUrl = start.dataset.eventsUrl;
  let heard = 0; // the newest version the server announced (0: poll to find out)
  let fetching = false;
  let posting = 0; // this phone's own requests from the live part, on their way
  let full = false; // an answer this page could not set in: the live part is fetched whole
  let polling = null;
  let source = null;

  const versionOf = (element) => Number(element?.dataset.version || 0);
  const shown = () => versionOf(live());
  const roundOf = (form) => form?.querySelector('input[name="number"]')?.value;

  // A form this phone is using: typed in, a card picker opened on it, or a field of it in
  // focus (the points keypad open on it).
  function inUse() {
    const here = live();
    if (!here) return null;
    for (const form of here.querySelectorAll("form[id]")) {
      if (form.dataset.typed || form.contains(document.activeElement)) return form;
    }
    return null;
  }

  // Hands sent from the players' phones, into the form in use: an empty hand is filled
  // (focus and keypad stay where they are), a hand typed otherwise is flagged, a sent ★ is
  // taken when nobody is marked as gone out yet.
  function mergeSent(mine, theirs) {
    for (const line of theirs.querySelectorAll(".hand [data-sent]")) {
      const seat = line.closest(".hand").dataset.seat;
      const own = mine.querySelector(`.hand[data-seat="${seat}"]`);
      if (!own) continue;
      const field = (name) => own.querySelector(`[name="${name}_${seat}"]`);
      const points = field("points"), cards = field("cards"), nothing = field("laid_nothing");
      const sent = line.dataset;
      const typed = [points?.value.trim(), cards?.value.trim()].some(Boolean) || nothing?.checked;
      own.querySelector("[data-sent]")?.remove();
      own.classList.add("sent");
      if (!typed) {
        if (points) points.value = sent.points || "";
        if (cards) cards.value = sent.cards || "";
        if (nothing) nothing.checked = Boolean(sent.nothing);
        for (const input of [points, cards]) input?.dispatchEvent(new Event("input", { bubbles: true }));
      }
      const same = (points?.value.trim() || "") === (sent.points || "")
        && (cards?.value.trim() || "") === (sent.cards || "")
        && Boolean(nothing?.checked) === Boolean(sent.nothing);
      own.classList.toggle("differs", !same);
      if (!same) {
        const note = document.createElement("strong");
        note.textContent = ` ${sent.differsNote}`;
        line.append(note);
      }
      own.append(line);
      const out = mine.querySelector(`input[name="went_out"][value="${seat}"]`);
      if (sent.out && out && !mine.querySelector('input[name="went_out"]:checked')) out.checked = true;
    }
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
      if (!posting) setTimeout(() => { const whole = full; full = false; refresh(whole); }, 0);
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
  // A note stays while the rounds played are the same (a later round saved makes it old).
  function carry(current, fresh) {
    const sameRounds = current.dataset.played === fresh.dataset.played;
    const kept = [...current.querySelectorAll(`:scope > [data-pending]${sameRounds ? ", :scope > [data-keep]" : ""}`)];
    for (const element of kept.reverse()) {
      const name = element.dataset.keep || element.dataset.pending;
      const same = [...fresh.querySelectorAll("[data-keep], [data-pending]")]
        .find((other) => (other.dataset.keep || other.dataset.pending) === name);
      if (same) same.remove();
      fresh.prepend(element);
    }
  }

  // The new live part replaces the old one, if it is newer.
  // `own`: this phone's own answer (its outbox's), which replaces even a form in use.
  function swap(html, { force = false, own = false } = {}) {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const fresh = template.content.querySelector("#live");
    const current = live();
    if (!fresh || !current) return false;
    if (!force && !own && versionOf(fresh) <= shown()) return false;
    // The field being typed in stays where it is on the screen, whatever grows above it.
    const focused = current.contains(document.activeElement) ? document.activeElement : null;
    const top = focused?.getBoundingClientRect().top;
    const mine = own ? null : inUse();
    let kept = null; // the form in use, kept in place (moving it would take its focus)
    let unsent = false;
    if (mine) {
      const theirs = fresh.querySelector(`form[id="${mine.id}"]`);
      if (theirs && roundOf(theirs) === roundOf(mine)) {
        mergeSent(mine, theirs);
        kept = { mine, theirs };
      } else if (mine.matches("[data-seat-page] form")) {
        // A player's own page follows the game: the round they were typing was saved
        // without it; the page says so, and what was stored for them.
        unsent = true;
      } else { tellNews(); return false; }
    }
    carry(current, fresh);
    if (unsent && start.dataset.msgUnsent) {
      const note = document.createElement("p");
      note.className = "flash";
      note.setAttribute("role", "status");
      note.textContent = start.dataset.msgUnsent;
      fresh.prepend(note);
    }
    let swapped = fresh;
    if (kept && kept.mine.parentNode === current && kept.theirs.parentNode === fresh) {
      // Everything around the form in use is replaced; the form itself stays where it is.
      const nodes = [...fresh.childNodes];
      const at = nodes.indexOf(kept.theirs);
      for (const node of [...current.childNodes]) if (node !== kept.mine) node.remove();
      kept.mine.before(...nodes.slice(0, at));
      kept.mine.after(...nodes.slice(at + 1));
      for (const attr of [...fresh.attributes]) current.setAttribute(attr.name, attr.value);
      swapped = current;
    } else {
      if (kept) kept.theirs.replaceWith(kept.mine);
      current.replaceWith(fresh);
    }
    if (focused?.isConnected) window.scrollBy(0, focused.getBoundingClientRect().top - top);
    window.htmx.process(swapped);
    // What the other scripts do after any swap of the live part (outbox rows, client UUIDs);
    // `live` tells them this was news, not this phone's own answer.
    swapped.dispatchEvent(new CustomEvent("htmx:afterSwap", {
      bubbles: true, detail: { target: swapped, elt: swapped, html, live: true },
    }));
    return true;
  }

  // The scorer's own save: where this phone holds the next round's card, it asks the server
  // to leave the round cards and the form out of the answer (rendering them again was most
  // of a save's work) and keeps its own for the next round, emptied, as it does offline.
  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt;
    if (!form.matches?.("#live form[data-outbox]")) return;
    const next = Number(roundOf(form)) + 1;
    if (live()?.querySelector(`.round-card[data-round="${next}"]`)) event.detail.headers["X-Keep-Form"] = "1";
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const html = event.detail.serverResponse;
    const form = event.detail.requestConfig?.elt; // (the swap's details name no element)
    if (!form?.matches?.("#live form[data-outbox]") || event.detail.xhr.status !== 200) return;
    if (typeof html !== "string" || !/<div id="live"[^>]*\bdata-form-kept/.test(html)) return;
    event.detail.shouldSwap = false;
    keepForm(html);
  });

  // The new standings, notes and score sheet around this phone's own round cards and form.
  function keepForm(html) {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const fresh = template.content.querySelector("#live");
    const current = live();
    const form = current?.querySelector(":scope > form[data-outbox]");
    const standings = current?.querySelector(":scope > #standings");
    const theirs = fresh?.querySelector(":scope > #standings");
    if (!form || !standings || !theirs) { // asked for whole once the request is over
      current?.querySelectorAll("form").forEach((own) => { delete own.dataset.typed; });
      full = true;
      return;
    }
    const nodes = [...fresh.childNodes];
    const at = nodes.indexOf(theirs);
    while (current.firstChild !== standings) current.firstChild.remove();
    current.querySelectorAll(":scope > [data-to-go], :scope > .hands-sent").forEach((node) => node.remove());
    while (form.nextSibling) form.nextSibling.remove();
    const toGo = nodes.slice(at + 1).filter((node) => node.matches?.("[data-to-go]"));
    standings.before(...nodes.slice(0, at));
    standings.after(...toGo);
    form.after(...nodes.slice(at + 1).filter((node) => !toGo.includes(node)));
    standings.replaceWith(theirs);
    for (const attr of [...fresh.attributes]) {
      if (attr.name !== "data-form-kept") current.setAttribute(attr.name, attr.value);
    }
    emptied(form, Number(current.dataset.played) + 1);
    window.htmx.process(current);
    current.dispatchEvent(new CustomEvent("htmx:afterSwap", {
      bubbles: true, detail: { target: current, elt: current, html: current.outerHTML },
    }));
  }

  // The form for round `next`: nothing typed, sent or refused left in it (the copy the
  // service worker keeps of the page is written from it too), and that round's card shown.
  function emptied(form, next) {
    for (const input of form.elements) {
      if (input.type === "text") { input.value = ""; input.defaultValue = ""; }
      if (input.type === "radio" || input.type === "checkbox") { input.checked = false; input.defaultChecked = false; }
      input.removeAttribute("aria-invalid");
    }
    form.querySelectorAll("output").forEach((out) => { out.textContent = ""; });
    form.querySelectorAll("details.picker").forEach((details) => { details.open = false; });
    form.querySelectorAll(".field-error, .errors, [data-sent]").forEach((node) => node.remove());
    form.querySelectorAll(".hand").forEach((hand) => hand.classList.remove("sent", "differs"));
    const number = form.querySelector("[data-round-number]");
    number.value = String(next);
    number.defaultValue = String(next);
    form.querySelector("[data-client-uuid]").value = "";
    delete form.dataset.typed;
    delete form.dataset.replaces;
    for (const card of live().querySelectorAll(":scope > .round-card[data-round]")) {
      const round = Number(card.dataset.round);
      if (round < next) card.remove();
      else card.hidden = round !== next;
    }
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
    if (stopped) return;
    if (!window.EventSource || !eventsUrl) { poll(); return; }
    source = new EventSource(eventsUrl);
    let opened = false;
    const buffered = setTimeout(() => { if (!opened) { source.close(); poll(); } }, OPEN_MS);
    // Listening now: whatever changed before (while the page loaded, or the phone slept)
    // is asked for once; from here on each change is heard.
    source.addEventListener("open", () => {
      opened = true;
      retry = 0;
      heard = 0;
      refresh();
    });
    source.addEventListener("version", (event) => {
      heard = Math.max(heard, Number(event.data) || 0);
      refresh();
    });
    // A view-only page is sent the new live part itself (in the language it was made in):
    // shown at once, the version heard next needs no fetch. Another language's is fetched.
    source.addEventListener("board", (event) => {
      if (!start.dataset.board) return;
      const fresh = /<div id="live"[^>]*\bdata-board="([^"]*)"/.exec(event.data);
      if (fresh && fresh[1] === start.dataset.board) swap(event.data);
    });
    source.addEventListener("gone", () => { source.close(); heard = 0; refresh(); }); // says why
    source.addEventListener("error", () => {
      // The browser opens a lost stream again by itself; a refused one stays closed. What
      // changed is asked once (a link that no longer opens the game is told so), and the
      // stream is opened again at a random moment within a wait that doubles each time:
      // phones refused together come back spread out, not all at once every 3 s.
      if (source.readyState !== EventSource.CLOSED) return;
      clearTimeout(buffered);
      heard = 0;
      refresh();
      retry = Math.min(Math.max(2 * retry, RETRY_MS), RETRY_MOST_MS);
      setTimeout(listen, retry / 2 + Math.random() * (retry / 2));
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && polling) { heard = 0; refresh(); }
  });
  window.RamiLive = { swap };
  listen();
})();
