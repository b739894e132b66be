{% autoescape off %}// Service worker: the app shell from the cache, pages network-first with the last copy as
// fallback, a designed offline page, and the round outbox sent in the background.
"use strict";
const VERSION = "{{ version }}";
const SHELL = `rami-shell-${VERSION}`;
const PAGES = "rami-pages";
const META = "rami-meta";
const PRECACHE = {{ precache }};
const OFFLINE_URL = {{ offline_url }};
const STATIC_PREFIX = {{ static_prefix }};
const NETWORK_TIMEOUT_MS = 5000;

importScripts(PRECACHE.find((url) => url.includes("/js/outbox")));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    // Hashed static files never change under one name: the browser's HTTP cache may serve
    // them; only the offline page is fetched afresh.
    await cache.addAll(PRECACHE.map((url) => (url === OFFLINE_URL ? new Request(url, { cache: "reload" }) : url)));
    await self.skipWaiting();
  })());
});

// The new shell takes over at once; the previous one is kept, because a page opened before
// the update (a game in progress) still asks for its own hashed files.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const meta = await caches.open(META);
    const known = await meta.match("/__shells").then((r) => (r ? r.json() : []));
    const keep = [...known.filter((name) => name !== SHELL).slice(-1), SHELL];
    await meta.put("/__shells", new Response(JSON.stringify(keep)));
    for (const name of await caches.keys()) {
      if (name.startsWith("rami-shell-") && !keep.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function pageKey(url) {
  const u = new URL(url, self.location.origin);
  return new Request(u.origin + u.pathname);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); },
                 (error) => { clearTimeout(timer); reject(error); });
  });
}

function isPage(response) {
  return response.ok && response.type === "basic" &&
    (response.headers.get("Content-Type") || "").startsWith("text/html");
}

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
    if (isPage(response)) await cache.put(pageKey(request.url), response.clone());
    return response;
  } catch (error) {
    const copy = await cache.match(pageKey(request.url));
    if (copy) return copy;
    return (await caches.match(OFFLINE_URL)) || Response.error();
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && !url.pathname.startsWith("/admin/")) {
    event.respondWith(networkFirst(request));
  }
});

async function tellPages(message) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

const HTML = { "Content-Type": "text/html; charset=utf-8" };
let keeping = Promise.resolve();
// Where a game page's live part starts and ends in the copy (templates/games/game.html).
const LIVE_START = "<!--live-->";
const LIVE_END = "<!--/live-->";

async function refreshPage(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (isPage(response)) await (await caches.open(PAGES)).put(pageKey(url), response);
}

// The copy of a page with its live part replaced by the one the server just sent; null when
// there is no copy to change (the page is then fetched whole).
async function withLivePart(url, live) {
  const copy = await (await caches.open(PAGES)).match(pageKey(url));
  if (!copy) return null;
  const page = await copy.text();
  const start = page.indexOf(LIVE_START);
  const end = page.indexOf(LIVE_END, start);
  if (start < 0 || end < 0) return null;
  return page.slice(0, start + LIVE_START.length) + live + page.slice(end);
}

// Pages keep their cached copy in step without downloading themselves again: the first
// visit's page as it arrived, then each new live part; else the page is fetched afresh.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (typeof data.url !== "string" || new URL(data.url, self.location.origin).origin !== self.location.origin) return;
  let work = null;
  if (data.type === "refresh-page") {
    work = () => refreshPage(data.url);
  } else if (data.type === "keep-page" && typeof data.html === "string") {
    work = async () => (await caches.open(PAGES)).put(pageKey(data.url), new Response(data.html, { headers: HTML }));
  } else if (data.type === "keep-live" && typeof data.html === "string") {
    work = async () => {
      const page = await withLivePart(data.url, data.html);
      if (page === null) return refreshPage(data.url);
      await (await caches.open(PAGES)).put(pageKey(data.url), new Response(page, { headers: HTML }));
    };
  }
  // One after the other, in the order sent: an older live part never lands last.
  if (work) event.waitUntil(keeping = keeping.then(work).catch(() => {}));
});

// Background Sync where the browser has it (Chromium); pages also send on their own.
self.addEventListener("sync", (event) => {
  if (event.tag !== "rami-outbox") return;
  event.waitUntil((async () => {
    const result = await self.RamiOutbox.flush();
    await tellPages({ type: "outbox-changed" });
    if (result.offline) throw new Error("still offline: the browser retries later");
  })());
});
{% endautoescape %}
