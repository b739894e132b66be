// A round waiting in the outbox, scored on the phone so the standings keep counting offline.
// The rules are not here: the page holds the engine's scoring of this table as data
// (Table.scoring(): card values, flat scores, bonuses, implied facts), and this applies it.
// The server scores every round again when it arrives; any difference is then shown.
window.RamiProvisional = (() => {
  "use strict";

  // Cards left in hand, as the picker writes them (its keys); anything else is not counted
  // here (undefined), and the server counts it when the round arrives.
  function cardPoints(text, values) {
    let sum = 0;
    for (const token of text.trim().split(/[\s,]+/)) {
      const key = token.toUpperCase();
      if (!(key in values)) return undefined;
      sum += values[key];
    }
    return sum;
  }

  // Each seat's score (undefined where the phone cannot tell), from the form's fields. A seat
  // not in `playing` (when given) was not at the table: no hand, no fact, 0.
  function scores(fields, seats, scoring, playing) {
    const values = new Map();
    for (const [name, value] of fields) values.set(name, value);
    const plays = (seat) => !playing || !playing.length || playing.includes(seat);
    const facts = [];
    for (let seat = 0; seat < seats; seat += 1) {
      const own = new Set();
      if (values.get("went_out") === String(seat)) {
        own.add("went_out");
        if (values.get("rami_sec")) own.add("rami_sec");
        if (values.get("went_out_in_one_go")) own.add("went_out_in_one_go");
      }
      if (values.get("opened_first") === String(seat)) own.add("opened_first");
      if (values.get(`laid_nothing_${seat}`)) own.add("laid_nothing");
      facts.push(own);
    }
    for (const rule of scoring.implied) {
      if (rule.to === "self") facts.forEach((own) => { if (own.has(rule.when)) own.add(rule.gives); });
      else if (facts.some((own) => own.has(rule.when))) {
        facts.forEach((own, seat) => { if (plays(seat) && !own.has(rule.when)) own.add(rule.gives); });
      }
    }
    return facts.map((own, seat) => {
      if (!plays(seat)) return 0;
      const flat = [...own].find((fact) => fact in scoring.flat);
      let score;
      if (flat !== undefined) score = scoring.flat[flat];
      else {
        const cards = (values.get(`cards_${seat}`) || "").trim();
        const typed = (values.get(`points_${seat}`) || "").trim();
        if (cards) score = cardPoints(cards, scoring.values);
        else if (typed) score = window.RamiTypedPoints ? window.RamiTypedPoints(typed) : undefined;
        else score = own.has("went_out") ? 0 : undefined;
      }
      if (score === undefined || score === null) return undefined;
      for (const fact of own) score += scoring.bonus[fact] || 0;
      return score;
    });
  }

  // Ranks as the engine gives them (rules_engine/standings.py): 1 for the best total, ties
  // sharing a rank, and the seats `after` (players who left) ranked after all the others.
  function ranks(totals, lowestWins, after = []) {
    const seats = totals.map((_total, seat) => seat);
    const stayed = seats.filter((seat) => !after.includes(seat));
    const gone = seats.filter((seat) => after.includes(seat));
    const out = [];
    let offset = 0;
    for (const group of stayed.length ? [stayed, gone] : [gone]) {
      const better = (a, b) => (lowestWins ? totals[a] < totals[b] : totals[a] > totals[b]);
      for (const seat of group) out[seat] = offset + 1 + group.filter((other) => better(other, seat)).length;
      offset += group.length;
    }
    return out;
  }


  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key.startsWith("data-")) node.setAttribute(key, value);
      else node[key] = value;
    }
    for (const child of children) node.append(child);
    return node;
  }

  // The standings and the grid's totals count the waiting rounds, marked provisional; the
  // server's figures replace them once the rounds are stored.
  function showTotals(list, totals, scoring, msg) {
    const box = document.querySelector("#live #standings");
    if (!box || !totals.length || !list.length || !scoring) return;
    const sums = totals.slice();
    for (const { scores } of list) {
      sums.forEach((_total, seat) => { sums[seat] = scores[seat] === undefined ? NaN : sums[seat] + scores[seat]; });
    }
    if (sums.some(Number.isNaN)) return; // a hand the phone cannot count: the server will
    // The engine's ranking as data: who left ranks after the table and leads nothing, and the
    // gaps are measured from the leader at the table.
    const after = scoring.ranked_after || [];
    const ranks = window.RamiProvisional.ranks(sums, scoring.lowest_wins, after);
    const best = sums[ranks.indexOf(1)];
    const lines = [...box.querySelectorAll("li[data-seat]")];
    for (const line of lines) {
      const seat = Number(line.dataset.seat);
      line.querySelector(".total").textContent = String(sums[seat]);
      line.querySelector(".rank").textContent = String(ranks[seat]);
      line.classList.toggle("leader", ranks[seat] === 1);
      line.querySelector(".behind:not(.sitting)")?.remove();  // "left after…" notes stay
      const gap = Math.abs(sums[seat] - best);
      const words = gap === 1 ? msg("msgBehindOne") : msg("msgBehind", gap);
      if (gap && !after.includes(seat)) line.querySelector(".name").after(el("small", { class: "behind" }, words));
    }
    lines.sort((a, b) => ranks[a.dataset.seat] - ranks[b.dataset.seat] || a.dataset.seat - b.dataset.seat);
    box.querySelector("ol").append(...lines);
    box.classList.add("provisional");
    if (!box.querySelector(".provisional-note")) box.append(el("p", { class: "note provisional-note" }, msg("msgProvisional")));
    const foot = document.querySelector("#live table.scores tfoot tr");
    if (foot) {
      [...foot.querySelectorAll("td")].forEach((cell, seat) => {
        cell.textContent = String(sums[seat]);
        cell.classList.toggle("leader", ranks[seat] === 1);
      });
    }
  }

  // Once stored, a round's scores are the server's: where they differ from what the phone
  // showed, say so.
  function tellDifferences(shown, msg) {
    for (const { entry, scores } of shown) {
      const row = document.querySelector(`#live table.scores tr[data-round="${entry.number}"]`);
      if (!row || scores.some((s) => s === undefined)) continue;
      const stored = [...row.querySelectorAll(".score")].map((cell) => Number(cell.textContent));
      if (stored.length === scores.length && stored.some((score, seat) => score !== scores[seat])) {
        const text = msg("msgDiffers", entry.number).replace("{stored}", stored.join(" · ")).replace("{shown}", scores.join(" · "));
        document.getElementById("live").prepend(el("p", { class: "flash", role: "status", "data-differs": "" }, text));
      }
    }
  }

  return { scores, ranks, el, showTotals, tellDifferences };
})();
