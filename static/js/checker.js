// The meld checker's card picker: taps write the notation into the text field it serves.
(() => {
  "use strict";

  // Meld checker picker: a rank then a suit adds a card; joker and "new meld" add directly.
  // The text field stays the source of truth; the chips below it mirror it.
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
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
    // Each picker (the lay-down's, the hand's) waits for its own suit after a rank.
    if (button.dataset.rank) {
      picker.querySelectorAll("[data-rank]").forEach((b) => b.setAttribute("aria-pressed", "false"));
      picker.dataset.pendingRank = button.dataset.rank;
      button.setAttribute("aria-pressed", "true");
    } else if (button.dataset.suit && picker.dataset.pendingRank) {
      appendToken(field, picker.dataset.pendingRank + button.dataset.suit);
      picker.querySelectorAll("[data-rank]").forEach((b) => b.setAttribute("aria-pressed", "false"));
      delete picker.dataset.pendingRank;
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
    document.querySelectorAll("[data-chips-for]").forEach((box) => renderChips(document.getElementById(box.dataset.chipsFor)));
  });
})();
