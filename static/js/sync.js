// Offline-first round entry: the service worker, the outbox panel and pending rows.
// Online, the round form posts through htmx as usual; without a connection (or while older
// rounds still wait) the entry goes to the outbox and is sent, in order, when possible.
(() => {
  "use strict";
  const panel = document.getElementById("outbox");

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    // The very first visit was not seen by the worker: it keeps the copy app.js took of the
    // page as it arrived (a 200, said the browser), else it fetches the page again.
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      const arrived = performance.getEntriesByType?.("navigation")[0];
      if (window.RamiFirstPage && arrived && arrived.responseStatus === 200) {
        tellWorker({ type: "keep-page", url: location.pathname, html: window.RamiFirstPage });
      } else {
        refreshCachedPage();
      }
      window.RamiFirstPage = null;
    });
  }
  function tellWorker(message) {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage(message);
  }
  function refreshCachedPage() {
    tellWorker({ type: "refresh-page", url: location.pathname });
  }
  // After htmx changed the live part, the cached copy (shown offline) must follow: the
  // worker sets the live part the server just sent into its copy of the page, rather than
  // download the whole page again after every round. A note about this one save (saved,
  // already entered) is left out: the copy is the game as it stands.
  function keepLivePart(html) {
    const template = document.createElement("template");
    template.innerHTML = html.trim();
    const fresh = template.content.querySelector("#live");
    if (!fresh) { refreshCachedPage(); return; }
    fresh.querySelectorAll("[data-saved], [data-already-entered]").forEach((note) => note.remove());
    tellWorker({ type: "keep-live", url: location.pathname, html: fresh.outerHTML });
  }

  if (!panel || !window.RamiOutbox || !window.indexedDB) return;
  const outbox = window.RamiOutbox;
  const game = panel.dataset.game;
  const msg = (key, n) => (panel.dataset[key] || "").replace("{n}", n);
  let entries = [];
  const unsaved = new Map(); // queued this instant, not yet written to IndexedDB
  let retryDelay = 2000;
  let retryTimer = null;

  const live = () => document.getElementById("live");
  const el = window.RamiProvisional.el;
  // The engine's scoring of this table, as data (Table.scoring()), for provisional totals.
  const scoring = (() => {
    const node = document.getElementById("scoring");
    try { return node && window.RamiProvisional ? JSON.parse(node.textContent) : null; } catch (e) { return null; }
  })();
  const serverTotals = () => ((live() && live().dataset.totals) || "").split(",").filter((t) => t !== "").map(Number);
  const form = () => document.querySelector("#live form[data-outbox]");
  const played = () => Number((live() && live().dataset.played) || 0);
  const total = () => Number((live() && live().dataset.total) || 0);
  const waiting = () => entries.filter((e) => e.state === "pending");

  // The next round to enter: after the stored ones and after those still on the phone.
  function nextNumber() {
    const held = entries.filter((e) => e.state !== "conflict").map((e) => e.number);
    return Math.max(played(), ...held) + 1;
  }

  function fieldsOf(entry) {
    const values = new Map();
    for (const [name, value] of entry.fields) values.set(name, value);
    return values;
  }

  // Whether a seat was at the table for this entry's round (the form says which were).
  const plays = (entry, seat) => !entry.playing || !entry.playing.length || entry.playing.includes(seat);

  // What the user entered for one player, as the grid shows it.
  function yourCell(entry, seat) {
    if (!plays(entry, seat)) return "—";
    const values = fieldsOf(entry);
    const cards = (values.get(`cards_${seat}`) || "").trim();
    const points = (values.get(`points_${seat}`) || "").trim();
    let text = cards || points || "–"; // the server scores it when it arrives
    if (values.get("went_out") === String(seat)) text += ` ★ ${msg("msgOut")}`;
    return text;
  }

  function storedCell(cell) {
    return [String(cell.score), ...cell.facts].join(" · ");
  }

  // The rounds on the phone, in order, each with its provisional scores (engine data).
  function provisional() {
    const shown = entries.filter((e) => e.state !== "conflict").sort((a, b) => a.number - b.number);
    return shown.map((entry) => ({
      entry,
      scores: scoring ? window.RamiProvisional.scores(entry.fields, (entry.names || []).length, scoring, entry.playing) : [],
    }));
  }

  function renderRows(list) {
    const body = document.querySelector("#live table.scores tbody");
    if (!body) return;
    body.querySelectorAll("tr.pending").forEach((row) => row.remove());
    if (list.length) body.querySelectorAll("tr[data-no-round]").forEach((row) => row.remove());
    const running = serverTotals();
    for (const { entry, scores } of list) {
      const row = el("tr", { class: "pending", "data-uuid": entry.uuid });
      const label = entry.state === "pending" ? msg("msgPending") : msg("msgNotStored");
      row.append(el("th", { scope: "row" }, `${entry.number} `, el("span", { class: "badge pending-badge" }, label)));
      (entry.names || []).forEach((_name, seat) => {
        if (!plays(entry, seat)) {
          row.append(el("td", { class: "sat-out" }, "—"));
          return;
        }
        const score = scores[seat];
        if (score === undefined || running[seat] === undefined) {
          running[seat] = undefined;
          row.append(el("td", {}, yourCell(entry, seat)));
          return;
        }
        running[seat] += score;
        row.append(el("td", {}, el("span", { class: "score" }, String(score)), " ",
          el("small", { class: "running" }, String(running[seat]))));
      });
      body.append(row);
    }
  }

  function renderRoundCard() {
    const number = nextNumber();
    // The round cards and the hands sent are for one round: offline, the one to enter next.
    document.querySelectorAll("#live .round-card[data-round], #live .hands-sent[data-round]").forEach((card) => {
      card.hidden = Number(card.dataset.round) !== number;
    });
    const f = form();
    if (!f) return;
    const input = f.querySelector("[data-round-number]");
    if (input) input.value = String(number);
    const over = total() && number > total();
    f.hidden = Boolean(over);
    const note = document.getElementById("all-entered");
    if (over && !note) f.before(el("p", { id: "all-entered", class: "note" }, msg("msgAllEntered")));
    if (!over && note) note.remove();
  }

  // Players as rows, as on the online panel: the stored score and this phone's side by side,
  // each row that differs highlighted, whatever the number of players.
  function versionsTable(entry) {
    const names = entry.names || [];
    const stored = entry.answer && entry.answer.stored;
    const head = el("tr", {}, el("th", { scope: "col" }, msg("msgPlayer")),
      ...(stored ? [el("th", { scope: "col" }, msg("msgStored"))] : []),
      el("th", { scope: "col" }, msg("msgYours")));
    const rows = names.map((name, seat) => {
      const yours = el("td", {}, yourCell(entry, seat));
      const theirs = stored && stored.cells[seat] ? el("td", {}, storedCell(stored.cells[seat])) : null;
      const row = el("tr", {}, el("th", { scope: "row" }, name), ...(theirs ? [theirs] : []), yours);
      if (theirs && theirs.textContent !== yours.textContent) row.className = "differs";
      return row;
    });
    return el("table", { class: "versions" }, el("thead", {}, head), el("tbody", {}, ...rows));
  }

  function reason(entry) {
    if (entry.status === 404) return msg("msgGone");
    if (entry.status === 403) return msg("msgForbidden");
    return (entry.answer && entry.answer.message) || msg("msgRefused");
  }

  function renderProblems() {
    const box = panel.querySelector(".outbox-problems");
    box.replaceChildren();
    for (const entry of entries.filter((e) => e.state !== "pending")) {
      const card = el("article", { class: "problem", "data-uuid": entry.uuid });
      card.append(el("h3", {}, msg("msgTitle", entry.number)), el("p", { role: "alert" }, reason(entry)),
        versionsTable(entry));
      const actions = el("div", { class: "actions" });
      if (entry.state === "conflict") {
        // Two choices, neither the default: the scorer reads both versions and picks.
        actions.append(el("button", { type: "button", "data-action": "keep" }, msg("msgKeep")),
          el("button", { type: "button", "data-action": "replace" }, msg("msgReplace")));
      } else {
        actions.append(el("button", { type: "button", class: "primary", "data-action": "edit" }, msg("msgEdit")),
          el("button", { type: "button", class: "danger", "data-action": "discard" }, msg("msgDiscard")));
      }
      card.append(actions);
      box.append(card);
    }
  }

  function renderStatus() {
    const status = panel.querySelector(".outbox-status");
    const count = waiting().length;
    const parts = [];
    if (!navigator.onLine) parts.push(msg("msgOffline"));
    if (count) parts.push(msg("msgWaiting", count));
    status.replaceChildren(parts.join(" "));
    if (count && navigator.onLine) status.append(" ", el("button", { type: "button", "data-action": "send" }, msg("msgSend")));
    panel.hidden = !parts.length && !entries.length;
  }

  async function render() {
    const stored = await outbox.list(game);
    entries = [...stored, ...[...unsaved.values()].filter((e) => !stored.some((s) => s.uuid === e.uuid))];
    const list = provisional();
    renderRows(list);
    window.RamiProvisional.showTotals(list, serverTotals(), scoring, msg);
    renderRoundCard();
    renderProblems();
    renderStatus();
  }

  function formDirty(f) {
    return [...f.elements].some((input) =>
      (input.type === "text" && input.value.trim()) || ((input.type === "radio" || input.type === "checkbox") && input.checked));
  }

  // Fetch the board again after the outbox stored rounds; keep what the user is typing.
  async function refreshBoard() {
    let response;
    try { response = await fetch(panel.dataset.liveUrl, { credentials: "same-origin", cache: "no-store" }); } catch (e) { return; }
    if (!response.ok) return;
    const text = await response.text();
    const template = document.createElement("template");
    template.innerHTML = text.trim();
    const fresh = template.content.querySelector("#live");
    const current = live();
    if (!fresh || !current) return;
    const typing = form();
    const freshForm = fresh.querySelector("form[data-outbox]");
    if (typing && freshForm && formDirty(typing)) freshForm.replaceWith(typing);
    current.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    fresh.querySelectorAll("[data-client-uuid]").forEach((input) => { if (!input.value) input.value = crypto.randomUUID(); });
    keepLivePart(text);
  }

  function scheduleRetry() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 60000);
  }

  async function flush() {
    clearTimeout(retryTimer);
    if (!entries.some((e) => e.state === "pending") && !(await outbox.list(game)).some((e) => e.state === "pending")) return;
    const before = provisional();
    const result = await outbox.flush();
    if (result.offline) scheduleRetry(); else retryDelay = 2000;
    await render();
    if (result.stored || result.refused) {
      await refreshBoard();
      const left = new Set(entries.map((e) => e.uuid));
      window.RamiProvisional.tellDifferences(before.filter(({ entry }) => !left.has(entry.uuid)), msg);
    }
    await render();
  }

  function askBackgroundSync() {
    if (!navigator.serviceWorker) return;
    navigator.serviceWorker.ready
      .then((registration) => registration.sync && registration.sync.register("rami-outbox"))
      .catch(() => {});
  }

  function clearForm(f) {
    for (const input of f.elements) {
      if (input.type === "text") input.value = "";
      if (input.type === "radio" || input.type === "checkbox") input.checked = false;
    }
    f.querySelectorAll(".hand-value").forEach((out) => { out.textContent = ""; });
    f.querySelectorAll("details.picker").forEach((details) => { details.open = false; });
    f.querySelectorAll(".field-error, .errors").forEach((error) => error.remove());
    f.querySelector("[data-client-uuid]").value = crypto.randomUUID();
    delete f.dataset.replaces;
  }

  async function queue(f) {
    const data = new FormData(f);
    if (!data.get("went_out")) {
      const errors = f.querySelector(".errors") || el("div", { class: "errors", role: "alert" });
      errors.textContent = msg("msgWentOut");
      f.querySelector("h2").after(errors);
      return;
    }
    const replaces = f.dataset.replaces;
    const entry = {
      uuid: data.get("client_uuid") || crypto.randomUUID(), game,
      action: panel.dataset.roundsUrl, roundsUrl: panel.dataset.roundsUrl,
      fields: [...data].filter(([name]) => name !== "csrfmiddlewaretoken"),
      number: nextNumber(), created: Date.now(),
      state: "pending", csrf: data.get("csrfmiddlewaretoken"),
      // Every seat's name, and the seats dealt this round (a player may have left or joined).
      names: f.dataset.seatNames ? JSON.parse(f.dataset.seatNames)
        : [...f.querySelectorAll(".hand-name")].map((name) => name.textContent.trim()),
      playing: (f.dataset.playing || "").split(",").filter((seat) => seat !== "").map(Number),
    };
    // Taken and cleared at once, before any wait: the next round can be typed straight away,
    // and counts after this one.
    unsaved.set(entry.uuid, entry);
    entries.push(entry);
    clearForm(f);
    const list = provisional();
    renderRows(list);
    window.RamiProvisional.showTotals(list, serverTotals(), scoring, msg);
    renderRoundCard();
    document.querySelectorAll("#live .flash").forEach((flash) => flash.remove());
    const replaced = replaces ? await outbox.get(replaces) : null;
    if (replaced) Object.assign(entry, { number: replaced.number, created: replaced.created });
    await outbox.put(entry);
    unsaved.delete(entry.uuid);
    if (replaced && replaced.uuid !== entry.uuid) await outbox.remove(replaced.uuid);
    await render();
    askBackgroundSync();
    flush();
  }

  // Offline, or older rounds still waiting: keep the order by going through the outbox.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const f = event.detail.elt;
    if (!f.matches || !f.matches("form[data-outbox]")) return;
    if (!navigator.onLine || entries.some((e) => e.state === "pending" || e.state === "refused") || f.dataset.replaces) {
      event.preventDefault();
      queue(f);
    }
  });
  // The request left but no answer came back: the same UUID makes the replay safe.
  for (const name of ["htmx:sendError", "htmx:timeout"]) {
    document.addEventListener(name, (event) => {
      const f = event.detail.elt;
      if (f.matches && f.matches("form[data-outbox]")) queue(f);
    });
  }
  document.addEventListener("htmx:responseError", (event) => {
    const f = event.detail.elt;
    if (f.matches && f.matches("form[data-outbox]") && event.detail.xhr.status >= 500) queue(f);
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target.id === "live" || event.detail.elt.id === "live") {
      // A refused round (422, 409) changed nothing the copy holds.
      const status = event.detail.xhr ? event.detail.xhr.status : 200;
      const html = event.detail.html ?? event.detail.xhr?.responseText;
      if (status === 200 && html) keepLivePart(html);
      render();
    }
  });

  panel.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const action = button.dataset.action;
    if (action === "send") { retryDelay = 2000; flush(); return; }
    const entry = await outbox.get(button.closest("[data-uuid]").dataset.uuid);
    if (!entry) return;
    button.disabled = true;
    if (action === "replace") {
      try { await outbox.replaceStored(entry); await refreshBoard(); } catch (e) { /* offline: stays */ }
    } else if (action === "keep") {
      await outbox.remove(entry.uuid);
    } else if (action === "discard") {
      if (!window.confirm(msg("msgDiscardConfirm"))) { button.disabled = false; return; }
      await outbox.remove(entry.uuid);
      // That round never reached the server: the rounds queued after it move up one place.
      for (const later of await outbox.list(game)) {
        if (later.number > entry.number && later.state !== "conflict") { later.number -= 1; await outbox.put(later); }
      }
    } else if (action === "edit") {
      const f = form();
      if (f) {
        clearForm(f);
        for (const [name, value] of entry.fields) {
          const inputs = f.querySelectorAll(`[name="${CSS.escape(name)}"]`);
          inputs.forEach((input) => {
            if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === value || value === "on";
            else if (!["client_uuid", "number", "version"].includes(name)) input.value = value;
          });
          if (/^cards_/.test(name) && value) inputs.forEach((input) => { input.closest("details").open = true; });
        }
        f.dataset.replaces = entry.uuid;
        f.scrollIntoView({ behavior: "smooth" });
      }
    }
    await render();
  });

  window.addEventListener("online", () => { retryDelay = 2000; flush(); renderStatus(); });
  window.addEventListener("offline", renderStatus);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") flush(); });
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", async (event) => {
      if (event.data && event.data.type === "outbox-changed") { await render(); await refreshBoard(); await render(); }
    });
  }
  render().then(flush);
})();
