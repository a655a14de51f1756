// The board of any rule system this page has no panel for: the view's own fields rendered
// readably, and the dice rolled so far, each die with its size, face, purpose and reroll.

import { el, readable, words } from "../dom.js";

// the header every system's view shares; shown by the page itself
export const HEADER = new Set([
  "id", "title", "system", "version", "you", "role", "closed", "seed_commitment", "seed",
  "lineage", "options", "seats", "rolls", "revealed_rolls",
]);

function dieEl(die) {
  const hidden = die.face === null || die.face === undefined;
  const label = hidden ? `a hidden d${die.sides}` : `d${die.sides} showing ${die.face}`;
  return el(
    "li",
    { class: "die" },
    el("span", { class: "die-face", role: "img", "aria-label": label }, hidden ? "?" : String(die.face)),
    ` d${die.sides}`,
    die.purpose ? ` · ${words(die.purpose)}` : "",
    die.reroll_of !== null && die.reroll_of !== undefined
      ? ` · rerolls die ${die.reroll_of + 1}${die.reroll_source ? ` (${words(die.reroll_source)})` : ""}`
      : "",
  );
}

export function rollsEl(rolls, context) {
  if (!rolls.length) return el("p", { class: "muted" }, "No dice rolled yet.");
  return el(
    "ol",
    { class: "rolls" },
    rolls.map((event) =>
      el(
        "li",
        { "data-facet": `roll:${event.data.roll}` },
        `roll ${event.data.roll} by ${context.character(event.data.roller)} (${words(event.data.visibility ?? "public")}, v${event.version})`,
        el("ul", { class: "dice" }, (event.data.dice || []).map(dieEl)),
      ),
    ),
  );
}

async function renderGeneric(view, context) {
  const panel = el("div", { class: "generic-board" });
  for (const [key, value] of Object.entries(view)) {
    if (HEADER.has(key)) continue;
    panel.append(
      el("section", { class: "field", "data-facet": `field:${key}` }, el("h3", {}, words(key)), readable(value)),
    );
  }
  const rolls = await context.rolls();
  panel.append(el("section", { class: "field" }, el("h3", {}, "Dice rolled"), rollsEl(rolls, context)));
  return panel;
}

const known = (value) => value !== null && value !== undefined;
// "♥♥♥♡♡ 3/5": a track of `have` out of `most`, "?" where the caller may not see it
export function track(symbol, empty, have, most) {
  if (!known(have) || !known(most)) return "?";
  return `${symbol.repeat(Math.max(0, have))}${empty.repeat(Math.max(0, most - have))} ${have}/${most}`;
}

// A dice system's board: one line per character as a player reads the sheet (`row` gives its
// parts), above the generic board, which keeps every field of the view and each die rolled;
// `others` lists what else of the view its event lines name by id (enemies, supporting
// characters…), each `{ id, name }`.
export function withGlance(name, summaries, row, others = () => []) {
  return {
    ...generic,
    name,
    summaries,
    others,
    async render(view, context) {
      const board = await renderGeneric(view, context);
      const rows = (view.characters || []).map((character) =>
        el("li", { "data-character": character.id }, el("strong", {}, character.name ?? context.character(character.id)), " — ", row(character, context)),
      );
      board.prepend(el("section", { class: "field glance" }, el("h3", {}, "At a glance"), el("ul", {}, rows)));
      return board;
    },
  };
}

const generic = {
  name: "generic",
  facets(view) {
    const facets = {};
    for (const [key, value] of Object.entries(view)) {
      if (!HEADER.has(key)) facets[`field:${key}`] = JSON.stringify(value);
    }
    return facets;
  },
  render: renderGeneric,
  summaries: {},
};

export default generic;
