// The big screen: it keeps the screen on (Screen Wake Lock, asked again each time the page
// is shown: the browser lets the lock go when the tab is hidden), enters full screen on one
// tap, offers a second screen where the browser has the Presentation API, and says when the
// network is gone (the page catches up by itself when it is back: static/js/live.js).
(() => {
  "use strict";
  const box = document.querySelector("[data-screen-controls]");
  if (!box) return;
  const status = box.querySelector("[data-screen-status]");
  const say = (name) => { status.textContent = box.dataset[name] || ""; };
  let lock = null;

  async function keepOn() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") {
      if (!("wakeLock" in navigator)) say("msgOff");
      return;
    }
    try {
      lock = await navigator.wakeLock.request("screen");
      say("msgOn");
      lock.addEventListener("release", () => { lock = null; });
    } catch (e) {
      say("msgOff"); // refused (battery saver, a page not shown): asked again when shown
    }
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !lock) keepOn();
  });

  const full = box.querySelector("[data-fullscreen]");
  if (!document.fullscreenEnabled) full.hidden = true;
  full.addEventListener("click", () => {
    document.documentElement.requestFullscreen?.().catch(() => {});
    if (!lock) keepOn();
  });

  const present = box.querySelector("[data-present]");
  if (window.PresentationRequest) {
    present.hidden = false;
    present.addEventListener("click", () => {
      new PresentationRequest([location.href]).start().catch(() => {}); // closed: nothing to do
    });
  }

  window.addEventListener("offline", () => say("msgOffline"));
  window.addEventListener("online", () => say(lock ? "msgOn" : "msgOff"));
  keepOn();
})();
