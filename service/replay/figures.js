// The Summary tab: the table's figures (`GET /tables/{id}/stats`) drawn as charts. Not to be
// confused with summary.js, which words each event of the timeline.
//
// The figures are "as of now", as the caller may know them (in audit mode, as the Mayor's
// audit log shows them); they do not follow the version slider. Every system's figures
// share the shape the charts read: `rules.characters[id].outcomes`, `rules.damage_over_time`
// and, once the table is closed, `fairness`.

import { cumulativeSteps, observedAgainstExpected, stackedBars } from "./charts.js";
import { el, words } from "./dom.js";

// Outcomes of different kinds of test are not parts of one whole (a victory is not a kind
// of success): each kind gets its own chart, a bar per character, counts not rates.
const KINDS = [
  ["tests", "Tests against a difficulty", ["exceptional", "automatic", "success", "partial", "failure", "failure_complication"]],
  ["contests", "Opposed tests", ["victory", "tie", "defeat"]],
  ["attacks", "Attacks", ["hit", "miss"]],
  ["comparisons", "Rolls compared", ["better", "worse"]],
];
const kindOf = (outcome) => (KINDS.find(([, , outcomes]) => outcomes.includes(outcome)) ?? ["other"])[0];

function outcomesChart(stats) {
  const characters = Object.entries(stats.rules.characters || {});
  const charts = [...KINDS, ["other", "Other outcomes", []]].map(([kind, caption]) => {
    const rows = characters.map(([id, figures]) => ({
      key: id, label: figures.name, path: `rules.characters.${id}.outcomes`,
      parts: Object.fromEntries(Object.entries(figures.outcomes || {}).filter(([outcome]) => kindOf(outcome) === kind)),
    })).filter((row) => Object.keys(row.parts).length);
    return rows.length ? stackedBars(`chart-outcomes-${kind}`, `${caption}: how many ended each way, per character`, rows) : null;
  }).filter(Boolean);
  return el("div", { id: "chart-outcomes", "data-kinds": charts.length },
    charts.length ? charts : el("p", { class: "muted" }, "Nothing to count yet."));
}

function fairnessCharts(stats) {
  if (!stats.closed) {
    return [el("p", { class: "muted", id: "fairness-note" },
      "How the cards and dice fell against what a fair shuffle or roll would give appears once the table is closed.")];
  }
  if (!stats.fairness.length) return [el("p", { class: "muted", id: "fairness-note" }, "Nothing was drawn or rolled.")];
  return stats.fairness.map((entry, index) => observedAgainstExpected(
    `chart-fairness-${entry.distribution}`,
    entry.distribution.startsWith("d")
      ? `Faces of the ${entry.distribution} against a fair die`
      : `Cards drawn by ${words(entry.distribution)} against the expected count`,
    entry,
    `fairness.${index}`,
  ));
}

function damageChart(stats) {
  const names = Object.fromEntries(Object.entries(stats.rules.characters || {}).map(([id, c]) => [id, c.name]));
  const series = new Map();
  (stats.rules.damage_over_time || []).forEach((point, index) => {
    if (!series.has(point.character)) {
      series.set(point.character, { key: point.character, label: names[point.character] ?? point.character, points: [] });
    }
    series.get(point.character).points.push({ version: point.version, amount: point.amount, path: `rules.damage_over_time.${index}.amount` });
  });
  const unit = stats.damage_unit;
  return cumulativeSteps("chart-damage", `Damage taken over the table's versions (${unit}, running total)`, [...series.values()], stats.version, { unit: ` ${unit}` });
}

function paceTable(stats) {
  const pace = stats.pace;
  const seats = Object.entries(stats.seats);
  return el("div", { class: "pace" },
    el("table", { class: "chart-table", id: "seat-commands" },
      el("caption", {}, "Commands per seat"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Seat"), el("th", { scope: "col" }, "commands"))),
      el("tbody", {}, seats.map(([id, seat]) => el("tr", { "data-key": id },
        el("th", { scope: "row" }, seat.name), el("td", { "data-figure": `seats.${id}.commands` }, String(seat.commands))))),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "every seat"), el("td", { "data-figure": "commands" }, String(stats.commands))))),
    el("table", { class: "chart-table", id: "pace" },
      el("caption", {}, "Time between commands"),
      el("tbody", {},
        el("tr", {}, el("th", { scope: "row" }, "gaps"), el("td", { "data-figure": "pace.gaps" }, String(pace.gaps))),
        el("tr", {}, el("th", { scope: "row" }, "mean (seconds)"), pace.mean_seconds === null ? el("td", {}, "—") : el("td", { "data-figure": "pace.mean_seconds" }, String(pace.mean_seconds))),
        Object.entries(pace.within).map(([within, n]) => el("tr", {},
          el("th", { scope: "row" }, within === "longer" ? "longer than 1h" : `within ${within}`),
          el("td", { "data-figure": `pace.within.${within}` }, String(n)))))));
}

// The Summary panel's content for the figures the API gave.
export function renderFigures(stats) {
  const scope = stats.complete
    ? `Every event of the closed table, up to version ${stats.version}.`
    : `What your log shows, up to version ${stats.version}; the table is still open, so cards and rolls hidden from you are counted but not by what they were.`;
  return el("div", { class: "figures", "data-version": stats.version, "data-complete": String(stats.complete) },
    el("p", { class: "muted" }, scope, " Events: ", el("span", { "data-figure": "events" }, String(stats.events)), "."),
    el("section", { "aria-labelledby": "outcomes-heading" }, el("h3", { id: "outcomes-heading" }, "Outcomes (counts)"), outcomesChart(stats)),
    el("section", { "aria-labelledby": "fairness-heading" }, el("h3", { id: "fairness-heading" }, "Fairness of the draws and rolls"), fairnessCharts(stats)),
    el("section", { "aria-labelledby": "damage-heading" }, el("h3", { id: "damage-heading" }, "Damage over time"), damageChart(stats)),
    el("section", { "aria-labelledby": "pace-heading" }, el("h3", { id: "pace-heading" }, "Pace and commands"), paceTable(stats)));
}

// The tabs pattern: one tab selected, only it in the Tab order; ← → Home End move between
// tabs (and show them), the panel follows.
export function tabs(list, onShow) {
  const all = () => [...list.querySelectorAll('[role="tab"]')];
  const select = (tab, focus = true) => {
    for (const other of all()) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute("aria-controls")).hidden = !selected;
    }
    if (focus) tab.focus();
    onShow(tab.id);
  };
  list.addEventListener("click", (clicked) => {
    const tab = clicked.target.closest('[role="tab"]');
    if (tab) select(tab);
  });
  list.addEventListener("keydown", (pressed) => {
    const tabs = all();
    const index = tabs.indexOf(document.activeElement);
    if (index < 0) return;
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[pressed.key];
    if (next === undefined) return;
    pressed.preventDefault();
    pressed.stopPropagation(); // not a step of the version slider
    select(tabs[next]);
  });
  return { select: (id, focus = false) => select(document.getElementById(id), focus) };
}
