// The offline page lists the pages this phone keeps, so a game is one tap away.
(() => {
  "use strict";
  const box = document.querySelector("[data-saved-pages]");
  if (!box || !window.caches) return;
  caches.open("rami-pages").then(async (cache) => {
    const list = box.querySelector("ul");
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname === location.pathname || !url.pathname.startsWith("/g/")) continue;
      const html = await (await cache.match(request)).text();
      const title = (html.match(/<title>([^<]*)<\/title>/) || [, url.pathname])[1].trim();
      const link = document.createElement("a");
      link.href = url.pathname;
      link.textContent = new DOMParser().parseFromString(title, "text/html").documentElement.textContent;
      const item = document.createElement("li");
      item.append(link);
      list.append(item);
    }
    box.hidden = !list.children.length;
  });
})();
