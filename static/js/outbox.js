// The outbox: round entries kept on the phone (IndexedDB) until the server has answered them.
// Loaded by the pages and by the service worker, so either can send it. Every entry carries a
// UUID made on the phone; the server stores it once, so sending twice is always safe.
(function (scope) {
  "use strict";
  const DB_NAME = "rami-outbox";
  const STORE = "entries";

  function promised(request) {
    return new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  let database = null;
  function db() {
    if (!database) {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: "uuid" });
        store.createIndex("game", "game");
      };
      database = promised(request);
    }
    return database;
  }

  async function run(mode, work) {
    const transaction = (await db()).transaction(STORE, mode);
    const result = await work(transaction.objectStore(STORE));
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  }

  const put = (entry) => run("readwrite", (store) => promised(store.put(entry)));
  const remove = (uuid) => run("readwrite", (store) => promised(store.delete(uuid)));
  const get = (uuid) => run("readonly", (store) => promised(store.get(uuid)));

  async function list(game) {
    const all = await run("readonly", (store) =>
      promised(game ? store.index("game").getAll(game) : store.getAll()));
    return all.sort((a, b) => a.created - b.created);
  }

  async function freshCsrf() {
    const response = await fetch("/csrf/", { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) throw new Error("csrf");
    return (await response.json()).token;
  }

  function post(url, fields, csrf) {
    const body = new URLSearchParams(fields);
    body.set("csrfmiddlewaretoken", csrf);
    return fetch(url, {
      method: "POST", body, credentials: "same-origin", cache: "no-store",
      headers: { "X-Outbox": "1", "X-CSRFToken": csrf, "Accept": "application/json" },
    });
  }

  // POST once; if the CSRF token went stale (403), fetch a fresh one and retry once.
  async function send(url, fields, entry) {
    let response = await post(url, fields, entry.csrf);
    if (response.status === 403) {
      entry.csrf = await freshCsrf();
      response = await post(url, fields, entry.csrf);
    }
    let answer = null;
    try { answer = await response.json(); } catch (e) { answer = null; }
    return { status: response.status, answer: answer || { error: `http_${response.status}` } };
  }

  function entryFields(entry) {
    const fields = entry.fields.filter(([name]) => !["client_uuid", "number", "csrfmiddlewaretoken"].includes(name));
    fields.push(["client_uuid", entry.uuid]);
    if (entry.number) fields.push(["number", String(entry.number)]);
    return fields;
  }

  let flushing = null;
  // Send every pending entry in the order it was made. A network failure or a server error
  // stops the run (the caller retries later); a refusal is kept with the server's answer.
  // The page and the service worker may both try at once: a Web Lock lets one send at a time.
  function flush() {
    if (flushing) return flushing;
    const locks = scope.navigator && scope.navigator.locks;
    flushing = (locks ? locks.request("rami-outbox", sendAll) : sendAll())
      .finally(() => { flushing = null; });
    return flushing;
  }

  async function sendAll() {
    const result = { offline: false, stored: 0, refused: 0 };
    const blocked = new Set();
    for (const entry of await list()) {
      if (entry.state === "refused") blocked.add(entry.game);
      if (entry.state !== "pending" || blocked.has(entry.game)) continue;
      let reply;
      try {
        reply = await send(entry.action, entryFields(entry), entry);
      } catch (error) {
        result.offline = true;
        break;
      }
      if (reply.status >= 500) { result.offline = true; break; }
      if (reply.status >= 200 && reply.status < 300) {
        await remove(entry.uuid);
        result.stored += 1;
        continue;
      }
      if (!(await get(entry.uuid))) continue; // dealt with meanwhile (stored, or discarded)
      await keepRefusal(entry, reply);
      // A conflict (another phone stored this round): later rounds still follow it, carry on.
      if (entry.state === "refused") blocked.add(entry.game);
      result.refused += 1;
    }
    return result;
  }

  // The user keeps their own version of a conflicting round: it replaces the stored one.
  async function replaceStored(entry) {
    const fields = entryFields(entry).filter(([name]) => !["version", "client_uuid", "number"].includes(name));
    fields.push(["version", String(entry.answer.stored.version)]);
    const reply = await send(`${entry.roundsUrl}${entry.answer.stored.number}/edit/`, fields, entry);
    if (reply.status >= 200 && reply.status < 300) { await remove(entry.uuid); return reply; }
    if (reply.status < 500) await keepRefusal(entry, reply);
    return reply;
  }

  // The server's answer stays with the entry, for the user to see both versions and choose.
  function keepRefusal(entry, reply) {
    entry.answer = reply.answer;
    entry.status = reply.status;
    entry.state = reply.status === 409 && reply.answer.stored ? "conflict" : "refused";
    return put(entry);
  }

  scope.RamiOutbox = { put, remove, get, list, flush, replaceStored };
})(self);
