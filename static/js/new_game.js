// The new-game and blank-grid forms show only what the chosen game has.
(() => {
  "use strict";

  // New game: only the seats and options the chosen game has; the first-dealer list shows
  // the names typed. Without this script every seat and option shows, each labelled.
  function syncNewGame(form) {
    const rules = form.querySelector('input[name="rules"]:checked');
    const max = rules ? Number(rules.dataset.max) : Infinity;
    const names = [...form.querySelectorAll(".seat input[type=text]")].map((input) => input.value.trim());
    form.querySelectorAll(".seat").forEach((seat, index) => {
      seat.hidden = index >= max && !names[index]; // a name already typed is never hidden
    });
    form.querySelectorAll("[data-for]").forEach((element) => {
      element.hidden = !rules || !element.dataset.for.split(" ").includes(rules.value);
    });
    const select = form.querySelector("[data-dealer-select]");
    select.querySelectorAll("option[data-seat]").forEach((option) => {
      const name = names[Number(option.dataset.seat)];
      option.textContent = name || option.dataset.placeholder;
      option.hidden = !name;
      option.disabled = !name;
    });
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = "random";
  }
  document.addEventListener("DOMContentLoaded", () => {
    const form = document.querySelector("[data-new-game]");
    if (!form) return;
    syncNewGame(form);
    form.addEventListener("input", () => syncNewGame(form));
    form.addEventListener("change", () => syncNewGame(form));
    form.addEventListener("click", (event) => { if (event.target.closest("[data-move]")) setTimeout(() => syncNewGame(form)); });
  });

  // Blank grids: only the chosen game's house rules show (the page comes with those shown).
  document.addEventListener("DOMContentLoaded", () => {
    const form = document.querySelector("form[data-house-rules]");
    const rules = form && form.querySelector('select[name="rules"]');
    if (!rules) return;
    const sync = () => form.querySelectorAll("[data-for]").forEach((element) => {
      element.hidden = !element.dataset.for.split(" ").includes(rules.value);
    });
    sync();
    rules.addEventListener("change", sync);
  });
})();
