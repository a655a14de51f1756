// Helpers every system's event lines share: names for ids, plain words for the API's
// snake_case, durations, and a fixed phrase for a field the caller may not see.

import { words } from "../dom.js";

// a field masked for this caller arrives as null and is named in `hidden`; never guess it
export const masked = (e, field) => (e.hidden || []).includes(field) || e.data[field] === null || e.data[field] === undefined;

export const who = (c, id) => (id === null || id === undefined ? "someone" : c.character(id));

export function list(items) {
  const all = items.filter((item) => item !== null && item !== undefined && item !== "");
  if (all.length < 2) return all.join("");
  return `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
}

export const names = (c, ids) => list((ids || []).map((id) => who(c, id)));
export const plain = (value) => (value === null || value === undefined ? "" : words(value));
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const signed = (n) => (n >= 0 ? `+${n}` : String(n));
// "(after a fall)": the reason the server gave, in words, if any
export const why = (reason) => (reason ? ` (${plain(reason)})` : "");

// 28812 -> "8 h 0 min 12 s": game time as people say it
export function duration(seconds) {
  if (seconds === null || seconds === undefined) return "some time";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [];
  if (h) parts.push(`${h} h`);
  if (m || (h && s)) parts.push(`${m} min`);
  if (s || !parts.length) parts.push(`${s} s`);
  return parts.join(" ");
}

// how a roll was made, when not in the open
export function secrecy(visibility) {
  return { gm: " (rolled for the game master only)", self: " (rolled in secret)", blind: " (rolled blind)" }[visibility] || "";
}

// "{CheckMade: fn}" -> "{'asaltos.CheckMade': fn}": dice systems' types carry their name
export const qualify = (system, lines) =>
  Object.fromEntries(Object.entries(lines).map(([type, line]) => [`${system}.${type}`, line]));
