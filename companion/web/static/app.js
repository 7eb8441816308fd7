// The live page: draws the state the server sends (the same script for every game),
// first the one embedded in the page, then each one the event stream pushes.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
let clockFrom = null;   // the running clocks: [state, when it arrived]

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A cell of the board or the scores: its role is its class (page.css gives each role its
// look), a player's seat its colour.
function cellNode(cell, tag) {
  const classes = [cell.role];
  if (cell.seat !== undefined) classes.push("seat", "seat-" + cell.seat);
  return el(tag || "span", classes.join(" "), cell.t);
}

// Cells one after another, a space apart (a heading's part, whose turn it is).
function cellsNodes(cells) {
  return cells.flatMap((cell, i) => (i ? [" ", cellNode(cell)] : [cellNode(cell)]));
}

function fill(node, children) {
  node.replaceChildren(...children);
}

function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

// A clock's words `gone` seconds after its state arrived: counting up, or down to its
// words `over` once no time is left (companion/board/game_view.py, Clock.reading).
function clockWords(c, gone) {
  if (c.over === null) return c.words.replace("{clock}", clock(c.s + gone));
  const left = c.s - gone;
  return left >= 0 ? c.words.replace("{clock}", clock(left))
                   : c.over.replace("{clock}", clock(-left));
}

function timed(text, c, gone) {
  return [text, c ? clockWords(c, gone) : ""].filter(Boolean).join(" ");
}

// The scores table: a header row's cells (role "head") as its column headings.
function drawScores(scores) {
  fill(document.getElementById("scores"), scores.rows.map((row) => {
    const tr = el("tr");
    if (row.key !== null) tr.dataset.key = row.key;
    row.cells.forEach((cell) => tr.append(cellNode(cell, cell.role === "head" ? "th" : "td")));
    return tr;
  }));
}

function drawBoard(sections) {
  fill(document.getElementById("board"), sections.map((section) => {
    const box = el("div", "board-section");
    if (section.title) box.append(el("h2", "", section.title));
    for (const row of section.rows) {
      const line = el("div", "row");
      row.forEach((cell) => line.append(cellNode(cell)));
      box.append(line);
    }
    return box;
  }));
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Grouped bars, one group per game (and "now"), one bar per player; a bar goes up
// from the zero line for a positive score and down below it for a negative one.
function drawChart(chart) {
  const panel = document.getElementById("chart-panel");
  const box = document.getElementById("chart");
  panel.hidden = !chart || !chart.labels.length;
  if (panel.hidden) return box.replaceChildren();
  // Drawn at the box's own width in pixels, so its words are never scaled down.
  const W = Math.max(300, box.clientWidth || 640), H = 250, top = 22, bottom = 44;
  const left = 8, right = 8;
  const values = chart.series.flatMap((s) => s.values);
  const low = Math.min(0, ...values), high = Math.max(0, ...values) || (low ? 0 : 1);
  const span = high - low || 1;
  const y = (v) => top + (high - v) / span * (H - top - bottom);
  const groupW = (W - left - right) / chart.labels.length;
  const barW = Math.min(48, groupW * 0.8 / chart.series.length);
  const root = svg("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart"});
  chart.labels.forEach((label, g) => {
    const x0 = left + g * groupW + (groupW - barW * chart.series.length) / 2;
    chart.series.forEach((series, i) => {
      const v = series.values[g], x = x0 + i * barW;
      const y1 = Math.min(y(v), y(0)), h = Math.max(1, Math.abs(y(v) - y(0)));
      root.append(svg("rect", {x: x + 2, y: y1, width: barW - 4, height: h,
                               class: "bar seat-fill-" + series.seat + (v < 0 ? " negative" : "")}));
      root.append(svg("text", {x: x + barW / 2, y: v < 0 ? y(v) + 15 : y(v) - 5,
                               class: "value" + (v < 0 ? " negative" : "")}, String(v)));
    });
    root.append(svg("text", {x: left + g * groupW + groupW / 2, y: H - 6, class: "label"}, label));
  });
  root.append(svg("line", {x1: left, x2: W - right, y1: y(0), y2: y(0), class: "zero"}));
  root.append(svg("text", {x: left, y: y(0) - 4, class: "axis"}, "0"));
  const legend = el("div", "legend");
  chart.series.forEach((s) => legend.append(el("span", "seat seat-" + s.seat, "■ " + s.name)));
  box.replaceChildren(root, legend);
}

// Whose turn and the banner: their clocks run on between two states.
function drawClocks() {
  if (!clockFrom) return;
  const [state, since] = clockFrom;
  const gone = (performance.now() - since) / 1000;
  const turn = state.turn;
  document.getElementById("turn-clock").textContent =
    turn && turn.clock ? " " + clockWords(turn.clock, gone) : "";
  const banner = document.getElementById("banner");
  banner.hidden = !state.banner;
  if (!state.banner) return;
  document.getElementById("banner-text").textContent = state.banner.text;
  document.getElementById("banner-clock").textContent =
    state.banner.clocks.map((part) => timed(part.text, part.clock, gone)).join("  ·  ");
}

function draw(state) {
  if (!state) return;
  document.documentElement.lang = state.lang;
  document.title = state.title + " · " + state.app;
  document.getElementById("title").textContent = state.title;
  fill(document.getElementById("heading"), state.heading.flatMap(
    (part, i) => (i ? ["  ·  ", ...cellsNodes(part)] : cellsNodes(part))));
  const turn = document.getElementById("turn");
  turn.hidden = !state.turn;
  if (state.turn) {
    turn.className = state.turn.seat === null ? "" : "seat seat-" + state.turn.seat;
    fill(document.getElementById("turn-text"), cellsNodes(state.turn.cells));
  }
  const announcement = document.getElementById("announcement");
  fill(announcement, state.announcement.map((line) => el("p", "", line)));
  announcement.classList.toggle("many", state.announcement.length > 2);
  document.getElementById("scores-title").textContent = state.labels.scores;
  document.getElementById("chart-title").textContent = state.labels.chart;
  document.getElementById("history-title").textContent = state.labels.history;
  drawScores(state.scores);
  drawBoard([...state.board, ...state.notes]);   // the notes (Mafia's cops) beneath
  drawChart(state.chart);
  const history = state.history.slice().reverse().map((line) => el("li", "", line));
  fill(document.getElementById("history"), history);
  clockFrom = [state, performance.now()];
  drawClocks();
  document.body.dataset.moves = state.moves;
  document.body.dataset.game = state.game;
}

draw(JSON.parse(document.getElementById("initial").textContent));
setInterval(drawClocks, 1000);
const events = new EventSource("events" + location.search);
events.onmessage = (message) => {
  draw(JSON.parse(message.data));
  document.body.dataset.version = message.lastEventId;
};
