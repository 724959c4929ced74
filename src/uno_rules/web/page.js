// The dispute page: builds a dispute from the form (typed, or tapped from card pictures), asks
// /api/disputes for the rulings under each ticked rule set, and shows them side by side with
// pictures of the table. Every word comes from /api/page-text in the page's language.
"use strict";

const $ = (id) => document.getElementById(id);
const TABLE_FIELDS = ["title", "players", "hands", "discard", "color", "turn", "direction", "side", "moves"];
// A hand left empty: seats that take no part hold this many hidden cards.
const DEFAULT_COUNT = 7;
// The cards a hint shows as typed notation.
const NOTATION_SAMPLE = "R7 B5 W+4";
const stateNames = {};
const state = { names: stateNames, lang: "en", words: {}, lastCard: "", deckOf: "", history: [], result: null, examples: [], presets: [], faces: {}, target: "discard", seat: 0, wild: "" };
// The rule sets a new table is ruled under until the reader ticks others: the two a family
// argues between most.
const DEFAULT_PRESETS = ["official", "family"];
// The rule sets shown first; the others are one tap further, under "Other rule sets".
const COMMON_PRESETS = ["official", "family", "no-mercy", "flip"];

function t(message, params) {
  const text = state.words[message] || message;
  return text.replace(/\{(\w+)\}/g, (all, key) => (params && key in params ? String(params[key]) : all));
}

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

function askedLanguage() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (asked) return asked;
  return (navigator.languages || [navigator.language || "en"]).join(",");
}

async function loadWords(lang) {
  const query = lang.includes(",") ? "" : `?lang=${encodeURIComponent(lang)}`;
  const headers = lang.includes(",") ? { "Accept-Language": lang } : {};
  const response = await fetch(`/api/page-text${query}`, { headers });
  const body = await response.json();
  state.lang = body.lang;
  state.words = body.messages;
  state.examples = body.examples || [];
  state.presets = body.presets || [];
  state.faces = body.faces || {};
  document.documentElement.setAttribute("lang", body.lang);
  $("lang").value = body.lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  // the notation to type, in a hint, is shown as code: it is not a word of any language
  for (const node of document.querySelectorAll("#hands-hint")) {
    const [before, ...after] = node.textContent.split(NOTATION_SAMPLE);
    if (after.length) node.replaceChildren(before, el("code", {}, NOTATION_SAMPLE), after.join(NOTATION_SAMPLE));
  }
  $("results").setAttribute("aria-label", t("Rulings"));
}

// ------------------------------------------------------------------ the table's fields

// What people call a seat: Player 1 is seat 0.
function player(seat) {
  return t("Player {number}", { number: Number(seat) + 1 });
}

function seatCount() {
  return Math.min(Math.max(parseInt($("players").value, 10) || 0, 0), 10);
}

function drawHands(values) {
  const count = seatCount();
  const box = $("hands");
  const old = values || [...box.querySelectorAll("input")].map((i) => i.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const input = el("input", { id: `hand-${seat}`, "data-seat": String(seat) });
    input.value = old[seat] || "";
    box.append(el("label", { for: `hand-${seat}` }, player(seat), input));
  }
  drawTargets();
}

function drawTargets() {
  const count = seatCount();
  const targets = $("targets");
  targets.replaceChildren();
  const places = [["discard", t("the discard pile")], ["moves", t("the moves")]];
  for (let seat = 0; seat < count; seat++) places.push([`hand-${seat}`, t("{player}: hand", { player: player(seat) })]);
  if (!places.some(([id]) => id === state.target)) state.target = "moves";
  for (const [id, text] of places) {
    const button = el("button", { type: "button", id: `target-${id}`, class: "target", "data-target": id, "aria-pressed": String(id === state.target) }, text);
    button.addEventListener("click", () => setTarget(id));
    targets.append(button);
  }
  const seats = $("seats");
  seats.replaceChildren();
  if (state.seat >= count) state.seat = 0;
  for (let seat = 0; seat < count; seat++) {
    const button = el("button", { type: "button", id: `seat-${seat}`, class: "seat", "data-seat": String(seat), "aria-pressed": String(seat === state.seat) }, player(seat));
    button.addEventListener("click", () => setSeat(seat));
    seats.append(button);
  }
  const counts = $("pick-count");
  counts.replaceChildren(el("option", { value: "" }, "–"));
  for (let n = 0; n <= 20; n++) counts.append(el("option", { value: String(n) }, String(n)));
  const select = $("turn");
  const before = select.value;
  select.replaceChildren();
  for (let seat = 0; seat < count; seat++) select.append(el("option", { value: String(seat) }, player(seat)));
  if ([...select.options].some((o) => o.value === before)) select.value = before;
  showTarget();
}

// Where the next tapped card goes: the discard pile, the moves, or a seat's hand.
function setTarget(id) {
  state.target = id;
  showTarget();
}

function showTarget() {
  for (const button of document.querySelectorAll("#targets button")) {
    button.setAttribute("aria-pressed", String(button.dataset.target === state.target));
  }
  const moves = state.target === "moves";
  $("builder").hidden = !moves;
  $("pick-count").closest("label").hidden = !state.target.startsWith("hand-");
  $("pick-undo").textContent = moves ? t("Remove the last move") : t("Remove the last card");
  if (!moves) askColor("");
}

// Who makes the next move built by tapping.
function setSeat(seat) {
  state.seat = seat;
  for (const button of document.querySelectorAll("#seats button")) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.seat) === seat));
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
  $("players").value = String(data.players === undefined ? (data.hands || []).length || 4 : data.players);
  // a table dealt from a seed says its count in its deal: the menu's count is not sent
  $("players").dataset.given = data.players === undefined && !Array.isArray(data.hands) ? "" : "1";
  drawHands(Array.isArray(data.hands) ? data.hands.map(handText) : []);
  $("discard").value = Array.isArray(data.discard) ? data.discard.join(" ") : "";
  $("color").value = data.color || "";
  $("turn").value = String(data.turn || 0);
  $("turn").dataset.given = data.turn === undefined ? "" : "1";
  $("direction").value = data.direction || "";
  $("side").checked = data.side === "dark";
  $("moves").value = Array.isArray(data.moves) ? data.moves.join("\n") : "";
  $("more").value = JSON.stringify(more, null, 1);
  // the next move built by tapping is the next player's after the last move
  const last = moveLines().pop();
  const count = seatCount() || 1;
  setSeat(last && /^\d+\s/.test(last) ? (Number(last.split(" ")[0]) + 1) % count : Number(data.turn || 0));
  setTarget($("discard").value.trim() ? "moves" : "discard");
}

function words(text) {
  return text.split(/[\s,]+/).filter((w) => w);
}

class FieldError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

function collect() {
  let data;
  try {
    data = JSON.parse($("more").value.trim() || "{}");
  } catch (err) {
    throw new FieldError(t("More fields: this is not valid JSON."), "more");
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new FieldError(t("More fields: write a JSON object, in braces."), "more");
  }
  const title = $("title").value.trim();
  if (title) data.title = title;
  const players = $("players").value.trim();
  if (players && $("players").dataset.given !== "") data.players = Number(players);
  const hands = [...$("hands").querySelectorAll("input")].map((i) => i.value.trim());
  if (hands.some((h) => h)) {
    // a seat that takes no part needs nothing: its hand is hidden cards
    const hand = (h) => (!h ? DEFAULT_COUNT : /^\d+$/.test(h) ? Number(h) : h === "[]" ? [] : words(h));
    data.hands = hands.map(hand);
  }
  const discard = words($("discard").value);
  if (discard.length) data.discard = discard;
  if ($("color").value) data.color = $("color").value;
  const turn = $("turn").value.trim();
  if (turn && $("turn").dataset.given !== "") data.turn = Number(turn);
  if ($("direction").value) data.direction = $("direction").value;
  if ($("side").checked) data.side = "dark";
  data.moves = $("moves").value.split("\n").map((m) => m.trim()).filter((m) => m);
  return data;
}

// ------------------------------------------------------------------ tapping cards

async function loadDeck() {
  const ticked = document.querySelector(".presets input:checked");
  const preset = ticked ? ticked.value : "official";
  const key = `${preset}/${state.lang}/${$("side").checked ? "dark" : "light"}`;
  if (state.deckOf === key) return;
  state.deckOf = key;
  $("cards").dataset.ready = "false";
  const response = await fetch(`/api/decks/${encodeURIComponent(preset)}?lang=${state.lang}`);
  if (!response.ok) return;
  const deck = await response.json();
  $("picker-deck").textContent = t("The picker shows the deck of: {preset}", { preset: presetLabel(preset) });
  const two = deck.cards.some((card) => card.card.includes("/"));
  $("side-box").hidden = !two && !$("side").checked;
  const cards = deck.cards.map((card) => card.card);
  // two-sided cards by the face in play: its color, then its number or symbol
  if (two) cards.sort((x, y) => faceOf(x).localeCompare(faceOf(y), "en", { numeric: true }));
  const box = $("cards");
  box.replaceChildren();
  for (const card of deck.cards) state.names[card.card] = card.name;
  for (const card of cards) {
    const face = faceOf(card);
    // the face in play as a small colored card: its number or symbol is the visible text,
    // and the card's name in the page's language is said with it
    const button = el(
      "button",
      { type: "button", class: `card c-${face[0]}`, "data-card": card, title: state.names[card] },
      el("span", { class: "face", "aria-hidden": "true" }, faceText(face)),
      el("span", { class: "sr" }, state.names[card]),
    );
    button.addEventListener("click", () => tapCard(card));
    box.append(button);
  }
  box.dataset.ready = "true";
}

// The face of a card in play: a two-sided card (R5/T7) shows its dark face on the dark side.
function faceOf(card) {
  if (!card.includes("/")) return card;
  const [light, dark] = card.split("/");
  return $("side").checked ? dark : light;
}

const SYMBOLS = {
  "": "★", skip: "⊘", skipall: "⊘⊘", skip2: "⊘2", rev: "⇄", flip: "⟲", discardall: "⇊",
  trade: "⇆", swap: "⇆", SW: "⇆", SH: "⤨", C: "✎", LANK: "□", hit2: "◎2", allhit: "◎",
  hitfire: "◎!", roulette: "◉", "+color": "+★", "t+2": "→+2", "rev+4": "⇄+4",
};

// What a card's picture shows big: its number, +N, or a symbol (never a word).
function faceText(face) {
  const tail = face.slice(1);
  if (/^\+?\d+$/.test(tail)) return tail;
  return tail in SYMBOLS ? SYMBOLS[tail] : tail;
}

// Say where a tapped card went, beside the cards, and mark the field it went to.
function tapped(text, field) {
  $("pick-said").textContent = text;
  for (const node of document.querySelectorAll(".took")) node.classList.remove("took");
  if (field) field.classList.add("took");
}

function cardWords(card) {
  return state.names[card] || card;
}

function tapCard(card) {
  state.lastCard = card;
  const id = state.target;
  if (id === "moves") {
    if (/^W/.test(faceOf(card))) {
      // a wild: its color is the next tap
      askColor(card);
      tapped(t("{card}: now tap the color the player names.", { card: cardWords(card) }), $("wild-colors"));
      return;
    }
    addMove(`${faceOf(card)}`, card);
    return;
  }
  const input = $(id);
  if (!input) return;
  const place = document.querySelector(`#targets button[data-target='${id}']`);
  tapped(t("{card} went to {place}.", { card: cardWords(card), place: place ? place.textContent : "" }), input);
  const before = input.value.trim();
  const kept = /^\d+$/.test(before) || before === "[]" ? "" : before;
  state.history.push([input.id, input.value]);
  input.value = kept ? `${kept} ${card}` : card;
  input.classList.remove("bad");
  input.removeAttribute("aria-invalid");
  // the top card is in: the next taps are the moves
  if (id === "discard" && !before) setTarget("moves");
}

// The color buttons of a wild just tapped (none: hidden).
function askColor(card) {
  state.wild = card;
  $("wild-colors").hidden = !card;
  // the colors of the side in play (F1: the dark side's are pink, teal, orange, purple)
  const dark = $("side").checked;
  for (const button of document.querySelectorAll("#wild-colors button")) {
    button.hidden = button.classList.contains(dark ? "light-only" : "dark-only");
  }
}

// A hand nobody knows: how many cards it holds (its cards are drawn face down).
function countHand() {
  const input = $(state.target);
  const count = $("pick-count").value;
  if (!input || !input.id.startsWith("hand-") || count === "") return;
  input.value = count;
  $("pick-count").value = "";
}

function moveLines() {
  return $("moves").value.split("\n").map((m) => m.trim()).filter((m) => m);
}

// Remove the last card of the field the picker adds to; of the moves, the last whole move.
function undoCard() {
  const input = $(state.target);
  if (!input) return;
  if (input.id === "moves") {
    const lines = moveLines();
    const gone = lines.pop();
    input.value = lines.join("\n");
    askColor("");
    if (gone) {
      tapped(t("Removed the move: {move}", { move: moveWords(gone) }), input);
      setSeat(Number(gone.split(" ")[0]) || 0);
    }
    return;
  }
  const cards = words(input.value);
  cards.pop();
  input.value = cards.join(" ");
}

// A card a player plays is in their hand: put it there if the hand does not hold it yet (a
// hand given as a count is left as it is).
function holdCard(seat, card, face) {
  const input = $(`hand-${seat}`);
  if (!input) return;
  const before = input.value.trim();
  if (/^\d+$/.test(before) || before === "[]") return;
  const held = words(before).filter((c) => c === card).length;
  const played = moveLines().filter((m) => m.split(/\s+/)[0] === String(seat) && m.split(/\s+/)[1] === face).length;
  if (held <= played) input.value = before ? `${before} ${card}` : card;
}

// A move in words: who does what, with the card's name in the page's language.
function moveWords(text) {
  const parts = text.trim().split(/\s+/);
  const who = /^\d+$/.test(parts[0]) ? player(parts[0]) : parts[0];
  const verb = parts[1] || "";
  const verbs = {
    draw: () => t("{player} draws", { player: who }),
    pass: () => t("{player} passes", { player: who }),
    uno: () => t("{player} calls UNO", { player: who }),
    challenge: () => t("{player} challenges", { player: who }),
    accept: () => t("{player} accepts the penalty", { player: who }),
  };
  if (verb in verbs) return verbs[verb]();
  if (verb === "catch") return t("{player} catches {target}", { player: who, target: player(parts[2] || "0") });
  // the card by the name of the face the move names (a two-sided card's face in play)
  const name = state.faces[verb] || verb;
  const color = parts.find((p) => ["red", "yellow", "green", "blue"].includes(p));
  if (color) return t("{player} plays {card} and names {color}", { player: who, card: name, color: t(color) });
  return t("{player} plays {card}", { player: who, card: name });
}

// Add a move for the seat chosen under "Who moves next": a card played (face: as the move
// names it, card: as the hand holds it), or a verb; the next seat moves next.
function addMove(face, card, color, verb) {
  const seat = state.seat;
  let text;
  if (verb === "catch") {
    // the player caught is the one who played last (or the seat before)
    const last = moveLines().reverse().find((m) => !/^\d+ (draw|pass|uno|challenge|accept|catch)\b/.test(m));
    const target = last ? Number(last.split(" ")[0]) : (seat + seatCount() - 1) % seatCount();
    text = `${seat} catch ${target}`;
  } else if (verb) {
    text = `${seat} ${verb}`;
  } else {
    holdCard(seat, card, face);
    text = `${seat} ${face}${color ? ` ${color}` : ""}`;
  }
  const moves = $("moves");
  const lines = moveLines();
  lines.push(text);
  moves.value = lines.join("\n");
  status("");
  tapped(t("Added the move: {move}", { move: moveWords(text) }), moves);
  // each move starts afresh: no card, no color; the next seat moves
  state.lastCard = "";
  askColor("");
  setSeat((seat + 1) % seatCount());
}

// ------------------------------------------------------------------ the rulings

function picture(svg, label) {
  const box = el("div", { class: "picture", role: "group", "aria-label": label, tabindex: "0" });
  box.innerHTML = svg; // drawn by the server from a seat's view; all text in it is escaped
  return box;
}

function eventText(event) {
  if (typeof event.text === "string") return seatsAsPlayers(event.text); // the server's sentence
  return event.kind;
}

// The server's sentences of events and refusals count seats from 0, as notation does; on
// the page people are Player 1..N, so each "seat N" (in the page's language) is said as
// that player, and a value per seat ("hands 0:2 1:6", "scores 0:0 1:25") is counted from 1.
function seatsAsPlayers(text) {
  const word = t("seat {seat}").replace("{seat}", "").trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const listed = text.replace(/(?<![\w:])0:-?\d+(?: \d+:-?\d+)+(?![\w:])/g, valuesFromOne);
  return listed.replace(new RegExp(`\\b${word} (\\d+)\\b`, "gi"), (all, seat) => player(seat));
}

function valuesFromOne(list) {
  const pairs = list.split(" ").map((pair) => pair.split(":"));
  if (!pairs.every(([seat], i) => Number(seat) === i)) return list; // not seats in order
  return pairs.map(([seat, value]) => `${Number(seat) + 1}:${value}`).join(" ");
}

// Which seats' cards the table left unnamed: a hand given as a count, and the draw pile
// beyond the cards it names. Cards drawn from them were filled in at random by the server:
// the page says how many were drawn, never which (the pictures draw such hands face down).
function madeUp(data) {
  const counts = new Set();
  (data.hands || []).forEach((hand, seat) => {
    if (typeof hand === "number") counts.add(seat);
  });
  return { counts, named: Array.isArray(data.draw_pile) ? data.draw_pile.length : 0 };
}

function show(result, data) {
  state.result = [result, data];
  const out = $("results");
  out.replaceChildren();
  if (result.title) out.append(el("h2", { class: "title" }, String(result.title)));
  out.append(answers(result));
  const unknown = madeUp(data);
  if (unknown.counts.size || !unknown.named) {
    out.append(el("p", { class: "hint made-up-note" }, t("Cards the table does not name (a hand given as a count, the draw pile) are drawn face down and never named.")));
  }
  if (result.presets.length > 1) {
    const switcher = el("select", { id: "shown-preset" });
    for (const preset of result.presets) switcher.append(el("option", { value: preset }, presetLabel(preset)));
    switcher.addEventListener("change", () => choosePreset(switcher.value));
    out.append(el("label", { class: "switcher" }, t("Rule set shown"), switcher));
  }
  const columns = el("div", { class: "columns" });
  columns.style.setProperty("--n", String(result.presets.length));
  for (const preset of result.presets) {
    const column = el("section", { class: "column", "data-preset": preset });
    column.append(el("h2", {}, t("Under {preset}", { preset: presetLabel(preset) })));
    const pictures = (result.pictures || {})[preset] || [];
    if (pictures.length) {
      const start = el("details", { class: "start" }, el("summary", {}, t("The table before the first move")));
      start.append(picture(pictures[0].before, t("{preset}: the table before move 1", { preset: presetLabel(preset) })));
      column.append(start);
    }
    let drawn = 0;
    result.rulings[preset].forEach((ruling, index) => {
      const code = ruling.violation ? ruling.violation.code : "";
      const card = el("article", {
        class: `ruling ${ruling.legal ? "legal" : "refused"}`,
        "data-index": String(index),
        "data-legal": String(ruling.legal),
        "data-code": code,
        "data-clause": ruling.clause,
      });
      card.append(moveHeading(ruling, index));
      // the answer first, in plain words; the verdict's code stays as a small tag
      if (ruling.plain) card.append(el("p", { class: "plain" }, ruling.plain));
      // the code of a refusal is a small tag on an English page only: it is not a word
      // of the page's language
      const verdict = ruling.legal ? t("✔ legal") : state.lang === "en" ? t("✘ refused: {code}", { code }) : t("✘ refused");
      card.append(el("p", { class: "verdict" }, verdict));
      if (ruling.violation) card.append(el("p", { class: "why" }, seatsAsPlayers(ruling.violation.message)));
      const clause = el("p", { class: "clause" }, el("b", {}, ruling.clause), `: ${ruling.rule}`);
      card.append(clause);
      if (ruling.events.length) {
        const list = el("ul", { class: "events", "aria-label": t("What happened") });
        for (const event of ruling.events) {
          const item = el("li", {}, eventText(event));
          if (event.kind === "drew" && Array.isArray(event.cards)) {
            const fromPile = event.cards.length && drawn + event.cards.length > unknown.named;
            drawn += event.cards.length;
            if (fromPile) {
              // The server filled these cards in at random: say how many, never which.
              item.classList.add("made-up");
              item.textContent = t("{player} drew {count}, cards the table does not name: face down.", {
                player: player(event.seat),
                count: event.cards.length,
              });
            }
          }
          if (event.kind === "reshuffled") drawn = Infinity;
          list.append(item);
        }
        card.append(list);
      }
      if (pictures[index]) {
        const label = ruling.legal ? t("The table after it") : t("The table (unchanged)");
        const more = el("details", { open: "" }, el("summary", {}, label));
        more.append(picture(pictures[index].after, t("{preset}: the table after move {number}", { preset: presetLabel(preset), number: index + 1 })));
        card.append(more);
      }
      column.append(card);
    });
    columns.append(column);
  }
  out.append(columns);
  if (result.presets.length > 1) choosePreset(result.presets[0]);
}

// A rule set by the name people know it by, in the page's language (its code if none).
function presetLabel(name) {
  const said = state.presets.find((p) => p.name === name);
  return said && said.label ? said.label : name;
}

// The common disputes, each one tap away: the table is filled in, the rule sets that
// differ on it are ticked, and the rulings are shown.
function drawExamples() {
  const box = $("examples");
  box.replaceChildren();
  for (const example of state.examples) {
    const button = el("button", { type: "button", class: "example", "data-example": example.name }, example.title);
    button.addEventListener("click", () => openExample(example).catch((err) => status(err.message, true)));
    box.append(button);
  }
}

async function openExample(example) {
  fill(example.dispute);
  for (const box of document.querySelectorAll(".presets input")) {
    box.checked = example.presets.includes(box.value);
  }
  await loadDeck();
  await settle();
  $("results").focus({ preventScroll: true });
  $("results").scrollIntoView({ block: "start" });
}

// A move's heading: its number and the move in words ("Move 2: Player 2 plays blue Draw
// Two"); on an English page its notation too, as a small tag.
function moveHeading(ruling, index) {
  const move = ruling.move;
  const heading = el("h3", {}, `${t("Move {number}", { number: index + 1 })}: `);
  heading.append(el("span", { class: "who" }, moveWords(move)));
  if (state.lang === "en") heading.append(" ", el("code", { class: "notation" }, move));
  return heading;
}

// The answer first: each move, and under each rule set its ruling in plain words.
function answers(result) {
  const box = el("section", { class: "answers", "aria-labelledby": "answers-title" });
  box.append(el("h2", { id: "answers-title" }, t("The answer")));
  const count = Math.max(...result.presets.map((p) => result.rulings[p].length));
  for (let index = 0; index < count; index++) {
    const first = result.rulings[result.presets[0]][index];
    const item = el("div", { class: "answer" });
    item.append(moveHeading(first, index));
    for (const preset of result.presets) {
      const ruling = result.rulings[preset][index];
      if (!ruling) continue;
      item.append(el("p", { class: `plain ${!ruling.legal ? "refused" : ruling.clause === "B5.4" ? "bluff" : "legal"}`, "data-preset": preset }, ruling.plain || ""));
    }
    box.append(item);
  }
  return box;
}

// A link that opens the page with the same table, moves and rule sets: all of it in the
// URL's fragment, which the browser never sends, so the server stores nothing.
function shareLink(data) {
  const presets = [...document.querySelectorAll(".presets input:checked")].map((b) => b.value);
  const json = JSON.stringify({ dispute: data, presets });
  const packed = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
  const url = new URL(window.location.href);
  url.searchParams.set("lang", state.lang);
  url.hash = `d=${packed.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
  window.history.replaceState(null, "", url);
  const field = el("input", { id: "share-link", readonly: "", value: url.href });
  field.addEventListener("focus", () => field.select());
  const box = el("p", { class: "share" }, el("label", { for: "share-link" }, t("Link to this dispute"), field));
  box.append(el("span", { class: "hint" }, t("Send this link to open the same table and moves; nothing is stored on the server.")));
  $("results").prepend(box);
}

// A picture of the ruling to save or send: drawn by the server from the table as described
// (hidden hands as backs), the moves and each rule set's verdicts, offered as a download.
function pictureBox(data, query) {
  const button = el("button", { type: "button", id: "picture", class: "small" }, t("Picture of the ruling"));
  const box = el("p", { class: "share picture-box" }, button);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const response = await fetch(`/api/disputes/picture.svg?${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(data),
      });
      if (!response.ok) throw new Error((await response.json()).message);
      const svg = await response.text();
      const href = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      for (const old of box.querySelectorAll("a, img")) old.remove();
      const name = `uno-ruling-${state.lang}.svg`;
      box.append(el("a", { id: "picture-link", href, download: name }, t("Save the picture (SVG)")));
      const preview = el("img", { id: "picture-preview", src: href, alt: t("Picture of the ruling") });
      box.append(preview);
      await offerPng(box, preview);
    } catch (err) {
      status(t("The picture could not be made: {reason}", { reason: err.message }), true);
    } finally {
      button.disabled = false;
    }
  });
  return box;
}

// The picture as PNG, which chat apps show inline: drawn by the browser from the SVG (the
// server needs nothing more), shared with the phone's share sheet where the browser has the
// Web Share API for files, else offered as a download.
async function offerPng(box, preview) {
  await preview.decode();
  const scale = 2; // sharp on a phone's screen
  const canvas = document.createElement("canvas");
  canvas.width = preview.naturalWidth * scale;
  canvas.height = preview.naturalHeight * scale;
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#ffffff";
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.drawImage(preview, 0, 0, canvas.width, canvas.height);
  const name = `uno-ruling-${state.lang}.png`;
  const png = canvas.toDataURL("image/png");
  box.append(el("a", { id: "picture-png", href: png, download: name }, t("Save the picture (PNG)")));
  const blob = await new Promise((done) => canvas.toBlob(done, "image/png"));
  const file = blob && new File([blob], name, { type: "image/png" });
  if (file && navigator.canShare && navigator.canShare({ files: [file] })) {
    const share = el("button", { type: "button", id: "picture-share", class: "small" }, t("Share the picture"));
    share.addEventListener("click", () => navigator.share({ files: [file], title: t("Picture of the ruling") }).catch(() => {}));
    box.append(share);
  }
}

function sharedDispute() {
  const match = /^#d=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!match) return null;
  try {
    const text = atob(match[1].replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const shared = JSON.parse(new TextDecoder().decode(bytes));
    return shared && typeof shared.dispute === "object" ? shared : null;
  } catch (err) {
    return null;
  }
}

function choosePreset(preset) {
  for (const column of document.querySelectorAll("section.column")) {
    column.classList.toggle("shown", column.dataset.preset === preset);
  }
}

// The form field a problem's path names (hands[0][2] is seat 0's hand), or null.
function fieldOf(problem) {
  const path = String(problem).split(":")[0];
  const hand = /^hands\[(\d+)\]/.exec(path);
  if (hand) return `hand-${hand[1]}`;
  const name = /^(\w+)/.exec(path);
  if (!name) return null;
  if (["title", "players", "discard", "color", "turn", "direction", "moves"].includes(name[1])) return name[1];
  if (name[1] === "hands") return "hand-0";
  if (name[1] === "side") return "side";
  // a card the deck of a ticked rule set does not have: the rule sets, not the JSON box
  if (["cards", "rules", "deck"].includes(name[1])) return "preset-list";
  return "more";
}

function labelOf(id) {
  const node = $(id);
  if (!node) return "";
  if (id === "preset-list") return t("Rule sets");
  const label = node.closest("label");
  const span = label && label.querySelector("span");
  if (span) return span.textContent;
  return label ? label.firstChild.textContent.trim() : id;
}

function clearBad() {
  for (const node of document.querySelectorAll(".bad")) {
    node.classList.remove("bad");
    node.removeAttribute("aria-invalid");
  }
}

function showProblems(problems) {
  const list = el("ul", { class: "problems" });
  let first = null;
  for (const problem of problems) {
    const id = fieldOf(problem);
    const item = el("li", {});
    if (id && $(id)) {
      const field = $(id);
      field.classList.add("bad");
      field.setAttribute("aria-invalid", "true");
      if (id === "more") $("more-box").open = true;
      first = first || field;
      item.append(el("b", {}, `${labelOf(id)}: `));
    }
    item.append(String(problem));
    list.append(item);
  }
  $("results").replaceChildren(list);
  status(t("The table needs fixing before it can be settled:"), true);
  if (first) first.focus();
}

async function settle(event) {
  if (event) event.preventDefault();
  clearBad();
  let data;
  try {
    data = collect();
  } catch (err) {
    if (err.field) {
      showProblems([]);
      $(err.field).classList.add("bad");
      $(err.field).setAttribute("aria-invalid", "true");
      $("more-box").open = true;
      $(err.field).focus();
    }
    status(err.message, true);
    return;
  }
  const query = new URLSearchParams({ pictures: "1", lang: state.lang });
  for (const box of document.querySelectorAll(".presets input:checked")) {
    query.append("preset", box.value);
  }
  status(t("Settling…"));
  $("results").setAttribute("aria-busy", "true");
  try {
    const response = await fetch(`/api/disputes?${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data),
    });
    const body = await response.json();
    if (!response.ok) {
      showProblems(body.problems || [body.message]);
      return;
    }
    show(body, data);
    shareLink(data);
    if (event) {
      // settled from the form: the answer is what the reader wants next
      $("results").focus({ preventScroll: true });
    }
    query.delete("pictures");
    $("results").prepend(pictureBox(data, query));
    // the answer first: the title and the answers in words above the link and picture
    const answer = $("results").querySelector(".answers");
    if (answer) $("results").prepend(answer);
    const title = $("results").querySelector("h2.title");
    if (title) $("results").prepend(title);
    const refused = body.refused_moves;
    if (!refused) status(t("Settled: every move is legal."));
    else status(refused === 1 ? t("Settled: 1 move refused.") : t("Settled: {count} moves refused.", { count: refused }));
    if (event) $("results").scrollIntoView({ block: "start" });
  } catch (err) {
    status(t("The referee could not be reached: {reason}", { reason: err.message }), true);
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
    status(t("{file} could not be opened: it is not a dispute file in YAML or JSON.", { file: file.name }), true);
    $("file").classList.add("bad");
    $("file").focus();
    return;
  }
  $("file").classList.remove("bad");
  fill(body);
  status(t("Opened {file}.", { file: file.name }));
}

async function loadPresets(fresh) {
  const box = $("preset-list");
  try {
    const response = await fetch("/api/presets");
    const presets = await response.json();
    const ticked = fresh ? DEFAULT_PRESETS : [...document.querySelectorAll(".presets input:checked")].map((b) => b.value);
    box.replaceChildren();
    $("preset-more").replaceChildren();
    for (const preset of presets) {
      const input = el("input", { type: "checkbox", value: preset.name, id: `preset-${preset.name}` });
      input.checked = ticked.includes(preset.name);
      input.addEventListener("change", () => tickPreset(input));
      const said = state.presets.find((p) => p.name === preset.name);
      const text = el("span", { class: "preset-words" }, el("span", {}, presetLabel(preset.name)));
      if (said && said.summary) text.append(el("small", {}, said.summary));
      const label = el("label", { for: `preset-${preset.name}` }, input, text);
      (COMMON_PRESETS.includes(preset.name) ? box : $("preset-more")).append(label);
    }
    box.removeAttribute("data-t");
    box.setAttribute("data-ready", "true");
  } catch (err) {
    box.textContent = t("The rule sets could not be loaded: {reason}", { reason: err.message });
  }
}

// Rule sets with different decks cannot rule on one table: ticking one unticks those
// whose deck differs, and the picker shows its deck.
function tickPreset(input) {
  if (input.checked) {
    const deck = deckOf(input.value);
    for (const other of document.querySelectorAll(".presets input:checked")) {
      if (other !== input && deckOf(other.value) !== deck) other.checked = false;
    }
    if (!COMMON_PRESETS.includes(input.value)) $("more-presets").open = true;
  }
  loadDeck();
}

function deckOf(name) {
  const said = state.presets.find((p) => p.name === name);
  return said && said.deck ? said.deck : name;
}

async function changeLanguage() {
  const lang = $("lang").value;
  const url = new URL(window.location.href);
  url.searchParams.set("lang", lang);
  window.history.replaceState(null, "", url);
  await loadWords(lang);
  drawHands();
  drawExamples();
  await loadPresets();
  await loadDeck();
  if (state.result) await settle();
}

document.addEventListener("DOMContentLoaded", async () => {
  $("players").addEventListener("change", () => {
    $("players").dataset.given = "1";
    drawHands();
  });
  for (const button of document.querySelectorAll("#verbs-title ~ button.verb")) {
    button.addEventListener("click", () => addMove("", "", "", button.dataset.verb));
  }
  for (const button of document.querySelectorAll("#wild-colors button")) {
    button.addEventListener("click", () => {
      if (state.wild) addMove(faceOf(state.wild), state.wild, button.dataset.color);
    });
  }
  $("side").addEventListener("change", () => loadDeck());
  $("turn").addEventListener("change", () => {
    $("turn").dataset.given = "1";
    if (!moveLines().length) setSeat(Number($("turn").value) || 0);
  });
  $("file").addEventListener("change", () => openFile().catch((err) => status(err.message, true)));
  $("dispute").addEventListener("submit", settle);
  $("pick-undo").addEventListener("click", undoCard);
  $("pick-clear").addEventListener("click", () => {
    const input = $(state.target);
    if (input) input.value = "";
  });
  $("pick-count").addEventListener("change", countHand);
  $("lang").addEventListener("change", () => changeLanguage().catch((err) => status(err.message, true)));
  try {
    await loadWords(askedLanguage());
  } catch (err) {
    status(err.message, true);
  }
  drawHands([]);
  drawExamples();
  await loadPresets(true);
  const shared = sharedDispute();
  if (shared) {
    fill(shared.dispute);
    for (const box of document.querySelectorAll(".presets input")) {
      box.checked = (shared.presets || []).includes(box.value);
    }
  }
  await loadDeck();
  document.body.setAttribute("data-ready", "true");
  if (shared) await settle();
});
