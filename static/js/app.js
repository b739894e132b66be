// Progressive enhancements; every page works without this file.
(() => {
  "use strict";

  // A fresh client UUID per round entry, so a double tap or a retry stores one row only.
  function stampUuids(root) {
    root.querySelectorAll("[data-client-uuid]").forEach((input) => {
      if (!input.value && window.crypto && crypto.randomUUID) input.value = crypto.randomUUID();
    });
  }

  // Seat order on the new-game form: move a name up or down.
  document.addEventListener("click", (event) => {
    const move = event.target.closest("[data-move]");
    if (!move) return;
    const seat = move.closest(".seat");
    const inputs = [...document.querySelectorAll(".seat input[type=text]")];
    const index = inputs.indexOf(seat.querySelector("input"));
    const other = inputs[index + (move.dataset.move === "up" ? -1 : 1)];
    if (!other) return;
    const mine = inputs[index];
    [mine.value, other.value] = [other.value, mine.value];
    other.focus();
  });

  // Card picker: each tap appends a rank (or a joker) to the player's cards field.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-card], [data-card-undo]");
    if (!button) return;
    const pad = button.closest(".rank-pad");
    const field = document.getElementById(pad.dataset.target);
    const cards = field.value.trim() ? field.value.trim().split(/\s+/) : [];
    if (button.hasAttribute("data-card-undo")) cards.pop();
    else cards.push(button.dataset.card);
    field.value = cards.join(" ");
    field.dispatchEvent(new Event("picked", { bubbles: true }));
  });

  // Points keypad: digits, plus and minus for sums like 12+11+7, under the focused field.
  let keypad = null;
  let target = null;
  function buildKeypad() {
    keypad = document.createElement("div");
    keypad.className = "keypad";
    keypad.hidden = true;
    keypad.setAttribute("role", "group");
    keypad.setAttribute("aria-label", "keypad");
    for (const key of ["7", "8", "9", "+", "4", "5", "6", "−", "1", "2", "3", "⌫", "0", "00", "C", "✓"]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = key;
      b.dataset.key = key;
      keypad.appendChild(b);
    }
    keypad.addEventListener("mousedown", (e) => e.preventDefault());
    keypad.addEventListener("click", (event) => {
      const key = event.target.dataset.key;
      if (!key || !target) return;
      if (key === "⌫") target.value = target.value.slice(0, -1);
      else if (key === "C") target.value = "";
      else if (key === "✓") { keypad.hidden = true; target.blur(); return; }
      else target.value += key === "−" ? "-" : key;
      target.dispatchEvent(new Event("input", { bubbles: true }));
    });
    document.body.appendChild(keypad);
  }
  document.addEventListener("focusin", (event) => {
    if (!event.target.matches("[data-keypad]")) return;
    if (!window.matchMedia("(pointer: coarse)").matches) return; // desktops type directly
    if (!keypad) buildKeypad();
    target = event.target;
    keypad.hidden = false;
  });

  // Copy buttons and select-all on the share page.
  document.addEventListener("click", (event) => {
    const copy = event.target.closest("[data-copy]");
    if (copy && navigator.clipboard) navigator.clipboard.writeText(copy.dataset.copy);
  });
  document.addEventListener("focusin", (event) => {
    if (event.target.matches("[data-select-all]")) event.target.select();
  });

  // Keep the screen awake while the game page is open (Wake Lock API), on request.
  let lock = null;
  function setupWakeLock() {
    const button = document.querySelector("[data-wake-lock]");
    if (!button || !("wakeLock" in navigator)) return;
    button.hidden = false;
    button.addEventListener("click", async () => {
      if (lock) { await lock.release(); lock = null; button.setAttribute("aria-pressed", "false"); return; }
      try { lock = await navigator.wakeLock.request("screen"); button.setAttribute("aria-pressed", "true");
        lock.addEventListener("release", () => { lock = null; button.setAttribute("aria-pressed", "false"); });
      } catch (e) { /* refused by the browser: nothing to do */ }
    });
  }

  document.addEventListener("DOMContentLoaded", () => { stampUuids(document); setupWakeLock(); });
  document.addEventListener("htmx:afterSwap", (event) => stampUuids(event.detail.target.parentNode || document));
})();
