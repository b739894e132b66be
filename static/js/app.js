// Progressive enhancements; every page works without this file.
(() => {
  "use strict";

  // The page as the server sent it, before any script changes it: on the very first visit
  // the service worker, not yet in charge, did not see it, and keeps this copy for offline
  // reloads instead of downloading the page a second time (static/js/sync.js).
  if (navigator.serviceWorker && !navigator.serviceWorker.controller && document.getElementById("live")) {
    window.RamiFirstPage = "<!DOCTYPE html>\n" + document.documentElement.outerHTML;
  }

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

  // The picker's → key: this hand is done, the next player's picker opens (after the last,
  // Save); one picker open at a time keeps Save on the screen.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-card-next]");
    if (!button) return;
    const hand = button.closest(".hand");
    const hands = [...hand.closest("form").querySelectorAll(".hand")];
    hand.querySelector("details.picker").open = false;
    const next = hands[hands.indexOf(hand) + 1];
    if (next) {
      const picker = next.querySelector("details.picker");
      picker.open = true;
      next.scrollIntoView({ block: "nearest" });
      picker.querySelector("summary").focus();
    } else {
      const save = hand.closest("form").querySelector("[data-save]");
      save?.scrollIntoView({ block: "nearest" });
      save?.focus();
    }
  });

  // Card picker: each tap appends a rank (or a joker) to the player's cards field.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-card], [data-card-undo]");
    if (!button || button.closest(".card-picker")) return;
    const pad = button.closest(".rank-pad");
    const field = document.getElementById(pad.dataset.target);
    const cards = field.value.trim() ? field.value.trim().split(/\s+/) : [];
    if (button.hasAttribute("data-card-undo")) cards.pop();
    else cards.push(button.dataset.card);
    field.value = cards.join(" ");
    field.dispatchEvent(new Event("picked", { bubbles: true }));
  });

  // Points keypad: digits, plus and minus for sums like 12+11+7, at the bottom of the screen.
  // While it is open the field asks the phone for no keyboard of its own (inputmode=none);
  // the ⌨ key hands over to the system keyboard for those who prefer it.
  let keypad = null;
  let target = null;
  const KEYS = [["7"], ["8"], ["9"], ["⌫", "back"], ["4"], ["5"], ["6"], ["+"], ["1"], ["2"], ["3"], ["−"],
    ["⌨", "system"], ["0"], ["→", "next"], ["✓", "done"]];
  function label(key) {
    const words = document.querySelector("[data-keypad-labels]");
    const name = "label" + key[0].toUpperCase() + key.slice(1);
    return (words && words.dataset[name]) || key;
  }
  function buildKeypad() {
    keypad = document.createElement("div");
    keypad.className = "keypad";
    keypad.hidden = true;
    keypad.setAttribute("role", "group");
    keypad.setAttribute("aria-label", label("keypad"));
    for (const [text, name] of KEYS) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.dataset.key = name || text;
      if (name) { b.setAttribute("aria-label", label(name)); b.classList.add("wide"); }
      keypad.appendChild(b);
    }
    keypad.addEventListener("mousedown", (e) => e.preventDefault()); // keep the field focused
    keypad.addEventListener("click", (event) => {
      const button = event.target.closest("[data-key]");
      if (!button || !target) return;
      const key = button.dataset.key;
      if (key === "back") target.value = target.value.slice(0, -1);
      else if (key === "done") { closeKeypad(); target.blur(); return; }
      else if (key === "next") { nextField(target); return; }
      else if (key === "system") { useSystemKeyboard(target); return; }
      else target.value += key === "−" ? "-" : key;
      target.dispatchEvent(new Event("input", { bubbles: true }));
    });
    document.body.appendChild(keypad);
  }
  function openKeypad(field) {
    if (!keypad) buildKeypad();
    target = field;
    field.inputMode = "none";
    keypad.hidden = false;
    const rect = keypad.getBoundingClientRect();
    document.body.style.setProperty("--pad-height", `${rect.height}px`);
    document.body.style.setProperty("--pad-width", `${rect.width}px`);
    document.body.classList.add("pad-open");
    revealAbovePad(field);
  }
  function closeKeypad() {
    if (!keypad) return;
    keypad.hidden = true;
    document.body.classList.remove("pad-open");
  }
  // A landscape phone has the pad beside the rows (app.css): it hides nothing below.
  function padBeside() {
    if (!keypad || keypad.hidden) return false;
    const rect = keypad.getBoundingClientRect();
    return rect.top < 1 && rect.left > 0;
  }
  // The field being typed stays in sight, above the pad.
  function revealAbovePad(field) {
    const covered = keypad && !keypad.hidden && !padBeside();
    const padTop = window.innerHeight - (covered ? keypad.getBoundingClientRect().height : 0);
    const box = field.closest(".hand") || field;
    const rect = box.getBoundingClientRect();
    if (rect.bottom > padTop - 4) window.scrollBy({ top: rect.bottom - padTop + 8 });
    else if (rect.top < 0) window.scrollBy({ top: rect.top - 8 });
  }
  function useSystemKeyboard(field) {
    closeKeypad();
    field.inputMode = "tel";
    field.dataset.systemKeyboard = "1";
    field.blur();
    field.focus();
  }
  // One card picker open at a time: a second one would push Save off the screen.
  document.addEventListener("toggle", (event) => {
    const details = event.target;
    if (!details.matches || !details.matches("details.picker") || !details.open) return;
    details.closest("form")?.querySelectorAll("details.picker[open]").forEach((other) => {
      if (other !== details) other.open = false;
    });
    // Its keys, the next-player key last, come into sight whole (the points keypad, when
    // open, places the page itself).
    if (!document.body.classList.contains("pad-open")) details.scrollIntoView({ block: "nearest" });
  }, true);
  // The hand's value arrives from the server after the cards are tapped and takes a line:
  // the open picker's keys stay in sight.
  document.addEventListener("htmx:afterSwap", (event) => {
    const details = event.target.closest && event.target.closest(".hand")?.querySelector("details.picker[open]");
    if (details && !document.body.classList.contains("pad-open")) details.scrollIntoView({ block: "nearest" });
  });

  function fields(form) { return [...form.querySelectorAll("[data-keypad]")]; }
  function nextField(field) {
    markWentOutByZero(field);
    const form = field.form;
    const list = fields(form);
    const picker = field.closest(".hand")?.querySelector("details.picker");
    const next = list[list.indexOf(field) + 1];
    if (next) {
      // The card picker stays open from one player to the next.
      if (picker && picker.open) next.closest(".hand").querySelector("details.picker").open = true;
      next.focus();
    } else {
      closeKeypad();
      form.querySelector("[data-save]")?.focus();
    }
  }
  document.addEventListener("focusin", (event) => {
    const field = event.target;
    if (!field.matches("[data-keypad]")) return;
    if (!window.matchMedia("(pointer: coarse)").matches || field.dataset.systemKeyboard) return;
    openKeypad(field);
  });
  document.addEventListener("focusout", (event) => {
    if (!event.target.matches("[data-keypad]")) return;
    // Leaving for something that is not a points field (or the pad itself) closes the pad.
    setTimeout(() => {
      const now = document.activeElement;
      if (!now || !now.matches("[data-keypad]")) closeKeypad();
    }, 0);
  });

  // A typed hand as the keypad writes it, a number or a sum ("12+11+7", "30−5"); null when
  // it is neither. The server counts for real (keypad.parse_points); offline totals use it too.
  function typedPoints(text) {
    const compact = text.replace(/\s+/g, "").replace(/−/g, "-");
    if (!/^[+-]?\d+([+-]\d+)*$/.test(compact)) return null;
    return compact.match(/[+-]?\d+/g).reduce((total, term) => total + Number(term), 0);
  }
  window.RamiTypedPoints = typedPoints;

  // The running sum of a typed total: "12+11+7" shows "= 30" (a lone number shows nothing).
  function sumOf(text) {
    return /\d\s*[+\-−]/.test(text) ? typedPoints(text) : null;
  }
  function showSum(field) {
    const out = document.getElementById(field.getAttribute("aria-describedby")?.split(" ")[0] || "");
    if (!out || !out.matches("[data-sum]")) return;
    const sum = sumOf(field.value);
    out.textContent = sum === null ? "" : `= ${sum}`;
  }
  // A 0 says who went out when nobody is marked yet; changing the 0 takes the mark back.
  function markWentOutByZero(field) {
    const hand = field.closest(".hand");
    if (!hand) return;
    const radio = hand.querySelector('input[name="went_out"]');
    if (!radio) return;
    const form = field.form;
    const marked = form.querySelector('input[name="went_out"]:checked');
    if (field.value.trim() === "0" && !marked) {
      radio.checked = true;
      radio.dataset.auto = "1";
      announce(label("markedOut").replace("{name}", hand.querySelector(".hand-name").textContent.trim()));
    } else if (field.value.trim() !== "0" && radio.checked && radio.dataset.auto) {
      radio.checked = false;
      delete radio.dataset.auto;
    }
  }
  function announce(text) {
    const box = document.querySelector("[data-announce]");
    if (box) box.textContent = text;
  }
  // The end of a long typed sum stays in sight ("12+11+7+25": the 25 just typed).
  function showEnd(field) {
    const end = field.value.length;
    if (document.activeElement === field) field.setSelectionRange(end, end);
    field.scrollLeft = field.scrollWidth;
  }
  document.addEventListener("input", (event) => {
    if (!event.target.matches("[data-keypad]")) return;
    showSum(event.target);  // first: the sum shown beside it narrows the field
    showEnd(event.target);
    if (event.target.value.trim() !== "0") markWentOutByZero(event.target);
  });
  document.addEventListener("change", (event) => {
    if (event.target.matches('input[name="went_out"]')) {
      event.target.form.querySelectorAll('input[name="went_out"]').forEach((r) => delete r.dataset.auto);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("[data-keypad]")) {
      event.preventDefault();
      nextField(event.target);
    }
  });

  // After a save the page shows the new standings and the next round from the top; after a
  // refusal, focus goes to the first wrong field.
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (event.detail.elt.matches && event.detail.elt.matches("form.round-form")) closeKeypad();
  });
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.live) return; // news from another phone: the page stays where it is
    if (event.detail.target.id !== "live" && event.detail.elt.id !== "live") return;
    const live = document.getElementById("live");
    if (!live || !document.querySelector(".round-form, [data-saved]")) return;
    const wrong = live.querySelector('[aria-invalid="true"], .field-error, .errors');
    if (wrong) {
      const field = wrong.matches("input") ? wrong : wrong.closest(".hand")?.querySelector("input.points") || wrong;
      if (field.matches("input")) field.focus({ preventScroll: true });
      (field.closest(".hand") || field).scrollIntoView({ block: "center" });
      return;
    }
    // Another phone entered this round first: its choice (or "nothing to do") comes first.
    const taken = live.querySelector(".taken, [data-already-entered]");
    if (taken) {
      taken.setAttribute("tabindex", "-1");
      taken.scrollIntoView({ block: "start" });
      taken.focus({ preventScroll: true });
      return;
    }
    if (live.querySelector("[data-saved]")) {
      window.scrollTo({ top: 0 });
      const heading = live.querySelector("#standings-title, #summary-title");
      if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus({ preventScroll: true }); }
    }
  });

  // A tap on the grid's header shows whole names.
  document.addEventListener("click", (event) => {
    const head = event.target.closest("[data-names-toggle] thead");
    if (head) head.closest("table").classList.toggle("full-names");
  });

  // ROMi RAMi: the combo symbols of a contract card, tapped instead of typed ("2,2").
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-combo], [data-combo-undo]");
    if (!button) return;
    const field = document.getElementById(button.closest(".combo-pad").dataset.target);
    const combos = field.value.split(/[\s,]+/).filter(Boolean);
    if (button.hasAttribute("data-combo-undo")) combos.pop();
    else combos.push(button.dataset.combo);
    field.value = combos.join(",");
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


  document.addEventListener("DOMContentLoaded", () => {
    stampUuids(document);
    setupWakeLock();
  });
  document.addEventListener("htmx:afterSwap", (event) => stampUuids(event.detail.target.parentNode || document));
})();
