// One line per event: the shared events every system has, then the table's system, then a
// generic line (type and public fields) for any type nobody here knows yet.

import { cardEl, words } from "./dom.js";

const SHARED = {
  TableCreated: (e) => [`table "${e.data.title}" created (${e.data.system})`],
  SeatJoined: (e, c) => [`${c.seat(e.actor)} seated ${e.data.seat?.name ?? "a player"}`],
  SeatRemoved: (e, c) => [`${c.seat(e.data.seat)}'s seat removed: ${e.data.reason}`],
  InvitationIssued: (e, c) => [`new invitation for ${c.seat(e.data.seat)}`],
  CredentialIssued: (e, c) =>
    e.data.reason === "takeover"
      ? [`${c.seat(e.data.seat)} is taken over: whoever redeemed the game master's invitation now holds the seat, and its former holder is signed out`]
      : [`${c.seat(e.data.seat)} holds a new credential (${words(e.data.reason ?? "")})`],
  TableClosed: () => ["the table is closed: every card and the seed are shown"],
  GameCopied: () => ["the game is copied from the source table (fork)"],
  DiceRolled: (e, c) => [
    `roll ${e.data.roll}: ${c.character(e.data.roller)} rolled `,
    ...(e.data.dice || []).map((die) =>
      die && die.face !== null && die.face !== undefined
        ? `d${die.sides}=${die.face} (${die.purpose}) `
        : "a hidden die ",
    ),
  ],
  RollsRevealed: (e) => [`rolls ${(e.data.rolls || []).join(", ")} revealed: ${e.data.reason}`],
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

// The parts (strings, card elements) of the line for one event.
export function summarize(event, system, context) {
  const known = system.summaries?.[event.type] || SHARED[event.type];
  if (known) {
    try {
      return known(event, context);
    } catch {
      // a field this page did not expect: the generic line still says what happened
    }
  }
  return genericSummary(event);
}

export function cardList(cards) {
  return (cards || []).flatMap((id, index) => [index ? " " : "", cardEl(id)]);
}
