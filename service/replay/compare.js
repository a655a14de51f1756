// Two views of the table side by side: what differs between version A and version B, field
// by field, as the caller reads both (any system: the views' own fields, lists of things
// matched by their id, zone or number, cards as cards).

import { el, readable, words } from "./dom.js";

// the header every view repeats, which says nothing of the game
const SKIP = new Set(["version", "you", "role", "options", "lineage", "seed_commitment"]);
const KEYS = ["id", "zone", "character", "number", "roll", "name"];
const MOST = 200;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function keyOf(item) {
  if (!isObject(item)) return null;
  const key = KEYS.find((name) => item[name] !== undefined && item[name] !== null && typeof item[name] !== "object");
  return key ? [key, String(item[key])] : null;
}

// a list of things each with an id (characters, zones): matched by it, not by position
function keyed(list) {
  if (!Array.isArray(list) || !list.length) return null;
  const keys = list.map(keyOf);
  if (keys.some((key) => key === null) || new Set(keys.map((key) => key.join(":"))).size !== keys.length) return null;
  return new Map(list.map((item, index) => [keys[index], item]).map(([[name, value], item]) => [`${name}:${value}`, [name, value, item]]));
}

function walk(before, after, path, out) {
  if (out.length >= MOST) return;
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (isObject(before) && isObject(after)) {
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!path.length && SKIP.has(name)) continue;
      walk(before[name], after[name], [...path, ["field", name]], out);
    }
    return;
  }
  const listed = [keyed(before), keyed(after)];
  if ((listed[0] || !before?.length) && (listed[1] || !after?.length) && (listed[0] || listed[1])) {
    const [was, now] = listed.map((map) => map ?? new Map());
    for (const id of new Set([...was.keys(), ...now.keys()])) {
      const [name, value] = (was.get(id) ?? now.get(id)).slice(0, 2);
      walk(was.get(id)?.[2], now.get(id)?.[2], [...path, [name, value]], out);
    }
    return;
  }
  out.push({ path, before, after });
}

// every difference between two views, at most MOST of them
export function differences(before, after) {
  const out = [];
  walk(before, after, [], out);
  return out;
}

function segment([name, value], context) {
  if (name === "field") return words(value);
  if (name === "character" || name === "id") return context.character(value);
  if (name === "zone") {
    const [kind, owner] = value.split(":");
    if (kind === "hand" && owner) return `${context.character(owner)}'s hand`;
    return owner ? `${words(kind)} of ${context.seat(owner)}` : words(kind);
  }
  return `${words(name)} ${value}`;
}

const shown = (value) => (value === undefined ? el("span", { class: "muted" }, "absent") : readable(value));

// The differences as a list: "Policarpo › sobriety: 0 → -1", cards as cards.
export function differencesEl(list, context, { from, to }) {
  if (!list.length) return el("p", { class: "muted" }, `Nothing differs between version ${from} and version ${to}.`);
  return el(
    "ul",
    { class: "differences" },
    list.map(({ path, before, after }) =>
      el(
        "li",
        { "data-path": path.map(([, value]) => value).join("/") },
        el("strong", {}, path.map((part) => segment(part, context)).join(" › ") || "the view"),
        ": ",
        el("span", { class: "before" }, shown(before)),
        " → ",
        el("span", { class: "after" }, shown(after)),
      ),
    ),
    list.length >= MOST ? el("li", { class: "muted" }, `… the first ${MOST} differences only`) : null,
  );
}
