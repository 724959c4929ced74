// The dispute page: builds a dispute from the form, asks /api/disputes for the rulings under
// each ticked rule set, and shows them side by side with pictures of the table.
"use strict";

const $ = (id) => document.getElementById(id);
const TABLE_FIELDS = ["title", "players", "hands", "discard", "color", "turn", "direction", "moves"];

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function status(text, isError) {
  const box = $("status");
  box.textContent = text;
  box.className = isError ? "error" : "";
}

function drawHands(values) {
  const count = Math.min(Math.max(parseInt($("players").value, 10) || 0, 0), 10);
  const box = $("hands");
  const old = values || [...box.querySelectorAll("input")].map((i) => i.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const input = el("input", { id: `hand-${seat}`, "data-seat": String(seat) });
    input.value = old[seat] || "";
    box.append(el("label", {}, `Seat ${seat}`, input));
  }
}

function handText(hand) {
  if (typeof hand === "number") return String(hand);
  if (Array.isArray(hand)) return hand.length ? hand.join(" ") : "[]";
  return "";
}

function fill(data) {
  const more = {};
  for (const [key, value] of Object.entries(data)) {
    if (!TABLE_FIELDS.includes(key)) more[key] = value;
  }
  delete more.expect;
  delete more.description;
  $("title").value = data.title || "";
  $("players").value = data.players === undefined ? "" : String(data.players);
  drawHands(Array.isArray(data.hands) ? data.hands.map(handText) : []);
  $("discard").value = Array.isArray(data.discard) ? data.discard.join(" ") : "";
  $("color").value = data.color || "";
  $("turn").value = data.turn === undefined ? "" : String(data.turn);
  $("direction").value = data.direction || "";
  $("moves").value = Array.isArray(data.moves) ? data.moves.join("\n") : "";
  $("more").value = JSON.stringify(more, null, 1);
}

function words(text) {
  return text.split(/[\s,]+/).filter((w) => w);
}

function collect() {
  let data;
  try {
    data = JSON.parse($("more").value.trim() || "{}");
  } catch (err) {
    throw new Error(`More fields: not valid JSON (${err.message})`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new Error("More fields: expected a JSON object");
  }
  const title = $("title").value.trim();
  if (title) data.title = title;
  const players = $("players").value.trim();
  if (players) data.players = Number(players);
  const hands = [...$("hands").querySelectorAll("input")].map((i) => i.value.trim());
  if (hands.some((h) => h)) {
    data.hands = hands.map((h) => (/^\d+$/.test(h) ? Number(h) : h === "[]" ? [] : words(h)));
  }
  const discard = words($("discard").value);
  if (discard.length) data.discard = discard;
  if ($("color").value) data.color = $("color").value;
  const turn = $("turn").value.trim();
  if (turn) data.turn = Number(turn);
  if ($("direction").value) data.direction = $("direction").value;
  data.moves = $("moves").value.split("\n").map((m) => m.trim()).filter((m) => m);
  return data;
}

function picture(svg, label) {
  const box = el("div", { class: "picture", role: "group", "aria-label": label });
  box.innerHTML = svg; // drawn by the server from a seat's view; all text in it is escaped
  return box;
}

function eventText(event) {
  if (typeof event.text === "string") return event.text; // the server's sentence
  const facts = Object.entries(event)
    .filter(([key, value]) => key !== "kind" && value !== null)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(" ") : value}`);
  return event.kind + (facts.length ? `: ${facts.join(", ")}` : "");
}

function show(result) {
  const out = $("results");
  out.replaceChildren();
  if (result.title) out.append(el("h2", {}, String(result.title)));
  const columns = el("div", { class: "columns" });
  columns.style.setProperty("--n", String(result.presets.length));
  for (const preset of result.presets) {
    const column = el("section", { class: "column", "data-preset": preset });
    column.append(el("h2", {}, `Under ${preset}`));
    const pictures = (result.pictures || {})[preset] || [];
    if (pictures.length) {
      const start = el("details", { class: "start" }, el("summary", {}, "The table before the first move"));
      start.append(picture(pictures[0].before, `${preset}: the table before move 1`));
      column.append(start);
    }
    result.rulings[preset].forEach((ruling, index) => {
      const code = ruling.violation ? ruling.violation.code : "";
      const card = el("article", {
        class: `ruling ${ruling.legal ? "legal" : "refused"}`,
        "data-index": String(index),
        "data-legal": String(ruling.legal),
        "data-code": code,
        "data-clause": ruling.clause,
      });
      card.append(el("h3", {}, `${index + 1}. ${ruling.move}`));
      const verdict = ruling.legal ? "✔ legal" : `✘ refused: ${code}`;
      card.append(el("p", { class: "verdict" }, verdict));
      if (ruling.violation) card.append(el("p", { class: "why" }, ruling.violation.message));
      const clause = el("p", { class: "clause" }, el("b", {}, ruling.clause), `: ${ruling.rule}`);
      card.append(clause);
      if (ruling.events.length) {
        const list = el("ul", { class: "events", "aria-label": "What happened" });
        for (const event of ruling.events) list.append(el("li", {}, eventText(event)));
        card.append(list);
      }
      if (pictures[index]) {
        const label = ruling.legal ? "The table after it" : "The table (unchanged)";
        const more = el("details", { open: "" }, el("summary", {}, label));
        more.append(picture(pictures[index].after, `${preset}: the table after move ${index + 1}`));
        card.append(more);
      }
      column.append(card);
    });
    columns.append(column);
  }
  out.append(columns);
}

async function settle(event) {
  event.preventDefault();
  let data;
  try {
    data = collect();
  } catch (err) {
    status(err.message, true);
    return;
  }
  const query = new URLSearchParams({ pictures: "1" });
  for (const box of document.querySelectorAll("#preset-list input:checked")) {
    query.append("preset", box.value);
  }
  status("Settling…");
  $("results").setAttribute("aria-busy", "true");
  try {
    const response = await fetch(`/api/disputes?${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data),
    });
    const body = await response.json();
    if (!response.ok) {
      $("results").replaceChildren();
      const list = el("ul", { class: "problems" });
      for (const problem of body.problems || [body.message]) list.append(el("li", {}, problem));
      $("results").append(list);
      status(`The table cannot be settled (${body.error}):`, true);
      return;
    }
    show(body);
    const refused = body.refused_moves;
    const word = refused === 1 ? "move" : "moves";
    status(refused ? `Settled: ${refused} ${word} refused.` : "Settled: every move is legal.");
  } catch (err) {
    status(`The referee could not be reached: ${err.message}`, true);
  } finally {
    $("results").setAttribute("aria-busy", "false");
  }
}

async function openFile() {
  const file = $("file").files[0];
  if (!file) return;
  const text = await file.text();
  const yaml = !/\.json$/i.test(file.name);
  const response = await fetch("/api/disputes/read", {
    method: "POST",
    headers: { "Content-Type": yaml ? "application/yaml" : "application/json" },
    body: text,
  });
  const body = await response.json();
  if (!response.ok) {
    status(`${file.name}: ${body.message}`, true);
    return;
  }
  fill(body);
  status(`Opened ${file.name}.`);
}

async function loadPresets() {
  const box = $("preset-list");
  try {
    const response = await fetch("/api/presets");
    const presets = await response.json();
    box.replaceChildren();
    for (const preset of presets) {
      const input = el("input", { type: "checkbox", value: preset.name, id: `preset-${preset.name}` });
      const label = el("label", { for: `preset-${preset.name}`, title: preset.summary }, input, preset.name);
      box.append(label);
    }
    box.setAttribute("data-ready", "true");
  } catch (err) {
    box.textContent = `The rule sets could not be loaded: ${err.message}`;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  drawHands([]);
  $("players").addEventListener("input", () => drawHands());
  $("file").addEventListener("change", () => openFile().catch((err) => status(err.message, true)));
  $("dispute").addEventListener("submit", settle);
  loadPresets();
});
