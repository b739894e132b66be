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
    if (!button || button.closest(".card-picker")) return;
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


  // Meld checker picker: a rank then a suit adds a card; joker and "new meld" add directly.
  // The text field stays the source of truth; the chips below it mirror it.
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  let pendingRank = null;
  function meldField(picker) { return document.getElementById(picker.dataset.target); }
  function appendToken(field, token) {
    const text = field.value.replace(/\s+$/, "");
    field.value = text ? `${text} ${token}` : token;
    field.dispatchEvent(new Event("picked", { bubbles: true }));
    renderChips(field);
  }
  function renderChips(field) {
    const box = document.querySelector(`[data-chips-for="${field.id}"]`);
    if (!box) return;
    box.replaceChildren();
    const melds = field.value.split(/[|;\n]/);
    let index = 0;
    melds.forEach((meld) => {
      const tokens = meld.split(/[\s,]+/).filter(Boolean);
      if (!tokens.length) return;
      const row = document.createElement("div");
      row.className = "chip-row";
      tokens.forEach((token) => {
        const chip = document.createElement("button");
        chip.type = "button";
        chip.className = "chip" + (/[HD♥♦]$/i.test(token) ? " red" : "");
        const suit = token.slice(-1).toUpperCase();
        chip.textContent = SUITS[suit] ? token.slice(0, -1).toUpperCase() + SUITS[suit] : token.toUpperCase();
        chip.dataset.tokenIndex = String(index++);
        chip.setAttribute("aria-label", `${chip.textContent} ✕`);
        row.appendChild(chip);
      });
      box.appendChild(row);
    });
  }
  function removeToken(field, wanted) {
    let index = 0;
    const melds = field.value.split(/[|;\n]/).map((meld) =>
      meld.split(/[\s,]+/).filter(Boolean).filter(() => index++ !== wanted).join(" "));
    field.value = melds.filter(Boolean).join(" | ");
    field.dispatchEvent(new Event("picked", { bubbles: true }));
    renderChips(field);
  }
  document.addEventListener("click", (event) => {
    const picker = event.target.closest(".card-picker");
    const chip = event.target.closest(".chip");
    if (chip) {
      const field = document.getElementById(chip.closest("[data-chips-for]").dataset.chipsFor);
      removeToken(field, Number(chip.dataset.tokenIndex));
      return;
    }
    if (!picker) return;
    const field = meldField(picker);
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.rank) {
      picker.querySelectorAll("[data-rank]").forEach((b) => b.setAttribute("aria-pressed", "false"));
      pendingRank = button.dataset.rank;
      button.setAttribute("aria-pressed", "true");
    } else if (button.dataset.suit && pendingRank) {
      appendToken(field, pendingRank + button.dataset.suit);
      picker.querySelectorAll("[data-rank]").forEach((b) => b.setAttribute("aria-pressed", "false"));
      pendingRank = null;
    } else if (button.dataset.add) {
      appendToken(field, button.dataset.add);
    } else if (button.hasAttribute("data-card-undo")) {
      const tokens = field.value.trim().split(/\s+/);
      tokens.pop();
      if (tokens[tokens.length - 1] === "|") tokens.pop();
      field.value = tokens.join(" ");
      field.dispatchEvent(new Event("picked", { bubbles: true }));
      renderChips(field);
    }
  });
  document.addEventListener("input", (event) => {
    if (event.target.id && document.querySelector(`[data-chips-for="${event.target.id}"]`)) renderChips(event.target);
  });
  // Changing the game reloads the page so the contract list matches it.
  document.addEventListener("change", (event) => {
    if (event.target.matches("#checker #id_rules")) event.target.form.submit();
  });

  document.addEventListener("DOMContentLoaded", () => {
    stampUuids(document);
    setupWakeLock();
    document.querySelectorAll("[data-chips-for]").forEach((box) => renderChips(document.getElementById(box.dataset.chipsFor)));
  });
  document.addEventListener("htmx:afterSwap", (event) => stampUuids(event.detail.target.parentNode || document));
})();
