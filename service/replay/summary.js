// One line per event: the shared events every system has, then the table's system, then a
// generic line (type and public fields) for any type nobody here knows yet.

import { cardEl, words } from "./dom.js";
import { list, secrecy, who, why } from "./systems/lines.js";

const SHARED = {
  TableCreated: (e) => [`table "${e.data.title}" created (${e.data.system})`],
  SeatJoined: (e, c) => [`${c.seat(e.actor)} seated ${e.data.seat?.name ?? "a player"}`],
  SeatRemoved: (e, c) => [`${c.seat(e.data.seat)}'s seat removed${why(e.data.reason)}`],
  InvitationIssued: (e, c) => [`new invitation for ${c.seat(e.data.seat)}`],
  CredentialIssued: (e, c) =>
    e.data.reason === "takeover"
      ? [`${c.seat(e.data.seat)} is taken over: whoever redeemed the game master's invitation now holds the seat, and its former holder is signed out`]
      : [`${c.seat(e.data.seat)} holds a new credential (${words(e.data.reason ?? "")})`],
  TableClosed: () => ["the table is closed: every card and the seed are shown"],
  GameCopied: () => ["the game is copied from the source table (fork)"],
  DiceRolled: (e, c) => {
    const dice = (e.data.dice || []).map((die) => `d${die.sides}=${die.face} (${words(die.purpose)})${die.reroll_of === null || die.reroll_of === undefined ? "" : " (a reroll)"}`);
    const by = `roll ${e.data.roll}: ${who(c, e.data.roller)} rolled`;
    return [e.data.dice ? `${by} ${list(dice) || "no dice"}${secrecy(e.data.visibility)}` : `${by} in secret${secrecy(e.data.visibility)}`];
  },
  RollsRevealed: (e) => [`rolls ${list((e.data.rolls || []).map(String))} revealed${e.data.reason ? `: ${words(e.data.reason)}` : ""}`],
  CommandRecorded: () => ["a command's result is kept for its sender's retries"],
};

function scalar(value) {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    return `[${value.map((v) => (v === null ? "hidden" : v)).join(", ")}]`;
  }
  return null;
}

// "MoneyChanged: character=c1, amount=5" from the fields the caller may see
export function genericSummary(event) {
  const fields = Object.entries(event.data || {})
    .filter(([name]) => !(event.hidden || []).includes(name))
    .map(([name, value]) => [name, scalar(value)])
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${words(name)}=${value}`);
  const line = `${event.type}${fields.length ? `: ${fields.join(", ")}` : ""}`;
  return [line.length > 200 ? `${line.slice(0, 199)}…` : line];
}

// The line for one event and whether a system (or the shared lines) knew it: `generic`
// is true when the page fell back to the type and its fields.
export function describe(event, system, context) {
  const known = system.summaries?.[event.type] || SHARED[event.type];
  if (known) {
    try {
      return { parts: known(event, context), generic: false };
    } catch {
      // a field this page did not expect: the generic line still says what happened
    }
  }
  return { parts: genericSummary(event), generic: true };
}

// The parts (strings, card elements) of the line for one event.
export const summarize = (event, system, context) => describe(event, system, context).parts;

export function cardList(cards) {
  return (cards || []).flatMap((id, index) => [index ? " " : "", cardEl(id)]);
}
