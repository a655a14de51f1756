// Charts drawn as inline SVG, each in a <figure> with its numbers in a <table> for screen
// readers (and for anyone who prefers numbers). No library: a few rectangles, lines and
// text. Nothing here knows a rule system or the API; figures.js feeds it.
//
// Every number a chart shows from the figures carries `data-figure`, the path of that
// number in the figures it was given (`rules.characters.c1.outcomes.hit`), so what the page
// shows can be checked against what the API said.

import { el, words } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
// colours with at least 3:1 contrast against the white chart background
export const PALETTE = ["#1f5fa8", "#b3541e", "#2f7d32", "#8e2a7a", "#8a6d00", "#00707a", "#a1203a", "#555555"];

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// the SVG itself is a picture whose words are in the figure's caption and table
function picture(width, height, label, ...children) {
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": label, class: "chart", preserveAspectRatio: "xMinYMin meet" }, ...children);
}

function figure(id, caption, chart, table) {
  return el("figure", { class: "chart-figure", id }, el("figcaption", {}, caption), chart, table);
}

function numberText(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function niceMax(value) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

// the categories' colours, in the order given, and a legend naming them
function legend(categories, colour = (name, index) => PALETTE[index % PALETTE.length]) {
  return el("ul", { class: "chart-legend" }, categories.map((name, index) =>
    el("li", {}, el("span", { class: "swatch", style: { background: colour(name, index) } }), words(name))));
}

// Stacked horizontal bars: one bar per row, one segment per category.
// rows: [{key, label, path, parts: {category: count}}]; `path` is where `parts` sits.
// the rules' outcome words, good to bad. A bar holds the outcomes of one kind of test only
// (figures.js), so each kind reuses one scheme: the good outcome a dark green, the bad a light
// orange, told apart by lightness (3.8:1 between them, not by hue alone) and each at least
// 3:1 against white; the middle ones mustard and brown, an exceptional one navy.
const GOOD = "#123524", BAD = "#e8590c";
export const OUTCOME_COLOURS = {
  exceptional: "#0d3b66", success: GOOD, victory: GOOD, hit: GOOD, better: GOOD, automatic: "#3f5f1f",
  partial: "#8a6d00", tie: "#8a6d00",
  failure: BAD, defeat: BAD, miss: BAD, worse: BAD, failure_complication: "#a1203a",
};
const OUTCOME_ORDER = Object.keys(OUTCOME_COLOURS);
const rank = (category) => (category in OUTCOME_COLOURS ? OUTCOME_ORDER.indexOf(category) : OUTCOME_ORDER.length);

export function stackedBars(id, caption, rows, { unit = "" } = {}) {
  const categories = [...new Set(rows.flatMap((row) => Object.keys(row.parts)))]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const colour = (category) => OUTCOME_COLOURS[category] ?? PALETTE[categories.indexOf(category) % PALETTE.length];
  const total = (row) => Object.values(row.parts).reduce((sum, n) => sum + n, 0);
  const most = Math.max(1, ...rows.map(total));
  const labelWidth = 150, barWidth = 420, rowHeight = 26, width = labelWidth + barWidth + 50;
  const height = Math.max(1, rows.length) * rowHeight + 10;
  const bars = rows.map((row, index) => {
    const y = 5 + index * rowHeight;
    let x = labelWidth;
    const segments = categories.filter((c) => row.parts[c]).map((category) => {
      const w = (row.parts[category] / most) * barWidth;
      const rect = svg("rect", { x, y, width: w, height: rowHeight - 8, fill: colour(category), stroke: "#fff", "data-key": row.key, "data-category": category, "data-count": row.parts[category] },
        svg("title", {}, `${row.label}: ${words(category)} ${row.parts[category]}${unit}`));
      x += w;
      return rect;
    });
    return svg("g", {},
      svg("text", { x: labelWidth - 6, y: y + rowHeight / 2, "text-anchor": "end", class: "chart-label" }, row.label),
      segments,
      svg("text", { x: x + 4, y: y + rowHeight / 2, class: "chart-label" }, String(total(row))));
  });
  const table = el("table", { class: "chart-table" },
    el("caption", { class: "visually-hidden" }, caption),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Character"), categories.map((c) => el("th", { scope: "col" }, words(c))), el("th", { scope: "col" }, "total"))),
    el("tbody", {}, rows.map((row) => el("tr", { "data-key": row.key },
      el("th", { scope: "row" }, row.label),
      categories.map((c) => el("td", { "data-category": c, ...(c in row.parts ? { "data-figure": `${row.path}.${c}` } : {}) }, String(row.parts[c] ?? 0))),
      el("td", { "data-total": "" }, String(total(row)))))));
  const chart = rows.length
    ? [picture(width, height, caption, bars), legend(categories, colour)]
    : el("p", { class: "muted" }, "Nothing to count yet.");
  return figure(id, caption, chart, rows.length ? table : null);
}

// How a p-value was computed (`projections.fairness.Method`): chi-square only holds when
// every category expects 5 observations or more.
const TEST_WORDS = {
  chi_square: (entry) => `chi-square ${numberText(entry.chi_square)}, ${entry.degrees_of_freedom} degrees of freedom`,
  exact: () => "exact multinomial test: too few observations for chi-square",
  monte_carlo: () => "exact multinomial test estimated from 20,000 samples: too few observations for chi-square",
};

// Observed counts as bars against the expected count of each category as a marker line.
// entry: {distribution, observed, expected, p_value, method, chi_square, scripted}; `path` is
// where the entry sits in the figures.
export function observedAgainstExpected(id, caption, entry, path) {
  const categories = Object.keys(entry.expected).length ? Object.keys(entry.expected) : Object.keys(entry.observed);
  const observed = (c) => entry.observed[c] ?? 0;
  const expected = (c) => entry.expected[c] ?? 0;
  const top = niceMax(Math.max(1, ...categories.map(observed), ...categories.map(expected)));
  const left = 40, plotWidth = 520, plotHeight = 180, bottom = 30;
  const slot = plotWidth / Math.max(1, categories.length);
  const width = left + plotWidth + 10, height = plotHeight + bottom + 10;
  const y = (value) => 10 + plotHeight - (value / top) * plotHeight;
  const axis = svg("g", { class: "chart-axis" },
    svg("line", { x1: left, y1: y(0), x2: width - 5, y2: y(0) }),
    svg("line", { x1: left, y1: y(0), x2: left, y2: y(top) }),
    svg("text", { x: left - 4, y: y(top) + 4, "text-anchor": "end", class: "chart-label" }, String(top)),
    svg("text", { x: left - 4, y: y(0), "text-anchor": "end", class: "chart-label" }, "0"));
  const marks = categories.map((category, index) => {
    const x = left + index * slot;
    return svg("g", { "data-category": category },
      svg("rect", { x: x + slot * 0.2, y: y(observed(category)), width: slot * 0.6, height: y(0) - y(observed(category)), fill: PALETTE[0], "data-observed": observed(category) },
        svg("title", {}, `${words(category)}: observed ${observed(category)}, expected ${numberText(expected(category))}`)),
      svg("line", { x1: x + slot * 0.1, x2: x + slot * 0.9, y1: y(expected(category)), y2: y(expected(category)), class: "chart-expected", "data-expected": expected(category) }),
      svg("text", { x: x + slot / 2, y: y(0) + 16, "text-anchor": "middle", class: "chart-label" }, words(category)));
  });
  const verdict = entry.p_value === null || entry.p_value === undefined
    ? "p-value: none (nothing to judge)"
    : `p-value ${entry.p_value.toFixed(3)} (${TEST_WORDS[entry.method](entry)})`;
  const scripted = entry.scripted ? `; ${entry.scripted} set by a script, not by the seed` : "";
  const table = el("table", { class: "chart-table" },
    el("caption", { class: "visually-hidden" }, caption),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, words(entry.distribution)), el("th", { scope: "col" }, "observed"), el("th", { scope: "col" }, "expected"))),
    el("tbody", {}, categories.map((c) => el("tr", { "data-category": c },
      el("th", { scope: "row" }, words(c)),
      el("td", { "data-observed": "", ...(c in entry.observed ? { "data-figure": `${path}.observed.${c}` } : {}) }, String(observed(c))),
      el("td", { "data-expected": "", ...(c in entry.expected ? { "data-figure": `${path}.expected.${c}` } : {}) }, numberText(expected(c)))))));
  return figure(id, caption,
    [picture(width, height, caption, axis, marks),
      el("ul", { class: "chart-legend" },
        el("li", {}, el("span", { class: "swatch", style: { background: PALETTE[0] } }), "observed"),
        el("li", {}, el("span", { class: "swatch expected-swatch" }), "expected")),
      el("p", { class: "chart-verdict", "data-p-value": entry.p_value ?? "" }, verdict, scripted)],
    table);
}

// each line's dashes and the shape marking its steps, by its place in the chart
const DASHES = ["none", "8 4", "2 3", "12 3 2 3", "4 4", "1 5"];
const SHAPES = ["circle", "square", "diamond", "triangle"];

function marker(index, cx, cy, colour) {
  const shape = SHAPES[index % SHAPES.length];
  const common = { fill: colour, stroke: "#fff", "stroke-width": 1, class: "chart-marker", "data-shape": shape };
  if (shape === "circle") return svg("circle", { cx, cy, r: 4, ...common });
  if (shape === "square") return svg("rect", { x: cx - 3.5, y: cy - 3.5, width: 7, height: 7, ...common });
  const points = shape === "diamond"
    ? [[cx, cy - 5], [cx + 5, cy], [cx, cy + 5], [cx - 5, cy]]
    : [[cx, cy - 5], [cx + 5, cy + 4], [cx - 5, cy + 4]];
  return svg("polygon", { points: points.map((p) => p.join(",")).join(" "), ...common });
}

// Cumulative amounts per series over a version axis, drawn as steps.
// series: [{key, label, points: [{version, amount, path}]}]; versions run 0..last.
export function cumulativeSteps(id, caption, series, last, { unit = "" } = {}) {
  const totals = series.map((s) => s.points.reduce((sum, p) => sum + p.amount, 0));
  const top = niceMax(Math.max(1, ...totals));
  const left = 40, plotWidth = 520, plotHeight = 180, width = left + plotWidth + 20, height = plotHeight + 40;
  const x = (version) => left + (Math.min(version, last) / Math.max(1, last)) * plotWidth;
  const y = (value) => 10 + plotHeight - (value / top) * plotHeight;
  const axis = svg("g", { class: "chart-axis" },
    svg("line", { x1: left, y1: y(0), x2: x(last), y2: y(0) }),
    svg("line", { x1: left, y1: y(0), x2: left, y2: y(top) }),
    svg("text", { x: left - 4, y: y(top) + 4, "text-anchor": "end", class: "chart-label" }, String(top)),
    svg("text", { x: left - 4, y: y(0), "text-anchor": "end", class: "chart-label" }, "0"),
    svg("text", { x: left, y: y(0) + 16, class: "chart-label" }, "v0"),
    svg("text", { x: x(last), y: y(0) + 16, "text-anchor": "end", class: "chart-label" }, `v${last}`));
  // Two characters often run together (nothing taken yet, the same wound): each line is
  // shifted by a few pixels, dashed its own way and marked at each step with its own shape,
  // so no line hides another; the table beside gives the exact numbers.
  const lines = series.map((s, index) => {
    const shift = (index - (series.length - 1) / 2) * 3;
    const colour = PALETTE[index % PALETTE.length];
    let sum = 0;
    let path = `M ${x(0)} ${y(0) + shift}`;
    const marks = [];
    for (const point of s.points) {
      path += ` H ${x(point.version)}`;
      sum += point.amount;
      path += ` V ${y(sum) + shift}`;
      marks.push(marker(index, x(point.version), y(sum) + shift, colour));
    }
    path += ` H ${x(last)}`;
    return svg("g", { "data-key": s.key },
      svg("path", { d: path, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": DASHES[index % DASHES.length], "data-key": s.key, "data-total": sum },
        svg("title", {}, `${s.label}: ${sum}${unit} by version ${last}`)),
      marks);
  });
  const table = el("table", { class: "chart-table" },
    el("caption", { class: "visually-hidden" }, caption),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Character"), el("th", { scope: "col" }, "taken at (version: amount, running total)"), el("th", { scope: "col" }, "total"))),
    el("tbody", {}, series.map((s, index) => {
      let sum = 0;
      return el("tr", { "data-key": s.key },
        el("th", { scope: "row" }, s.label),
        el("td", {}, s.points.map((p, i) => {
          sum += p.amount;
          return el("span", { class: "point" }, i ? "; " : "", `v${p.version}: `, el("span", { "data-figure": p.path }, String(p.amount)), ` (${sum})`);
        })),
        el("td", { "data-total": totals[index] }, String(totals[index])));
    })));
  const key = el("ul", { class: "chart-legend" }, series.map((s, index) => el("li", {},
    svg("svg", { width: 36, height: 12, viewBox: "0 0 36 12", "aria-hidden": "true", class: "line-swatch" },
      svg("line", { x1: 0, y1: 6, x2: 36, y2: 6, stroke: PALETTE[index % PALETTE.length], "stroke-width": 2.5, "stroke-dasharray": DASHES[index % DASHES.length] }),
      marker(index, 18, 6, PALETTE[index % PALETTE.length])),
    " ", s.label)));
  const chart = series.length
    ? [el("div", { class: "chart-with-table" }, picture(width, height, caption, axis, lines), table), key]
    : el("p", { class: "muted" }, "No damage taken yet.");
  return figure(id, caption, chart, null);
}
