// The transcript: the whole session as the caller may read it, one HTML document to keep or
// print (a game's PGN, for a table). Every event of the log, every page of it, read from the
// API exactly as the page reads it (as the caller; in audit, or as a seat's perspective, if
// the game master chose so), each in the page's own words (summary.js and the system's
// lines): a card or a die the reader may not see is face down or secret here too.

import { el, words } from "./dom.js";
import { summarize } from "./summary.js";
import { duration } from "./systems/lines.js";

// the document's own style: a file opened from disk, printed on paper
const STYLE = `
body { font-family: Georgia, "Times New Roman", serif; color: #1b1b1b; background: #fff; margin: 1.5rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.15rem; margin: 1.4rem 0 0.3rem; border-bottom: 2px solid #3b2414; }
dl.header { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.8rem; margin: 0 0 1rem; }
dl.header dt { font-weight: 700; }
dl.header dd { margin: 0; }
.note { color: #444; font-style: italic; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; table-layout: fixed; }
.version { width: 4.5em; } .clock { width: 8em; } .at { width: 13.5em; } .who { width: 6em; }
th, td { border-bottom: 1px solid #ccc; padding: 0.15rem 0.4rem; text-align: left; vertical-align: top; }
th { background: #efe6d6; }
td.version, td.at { white-space: nowrap; }
td.version, td.clock, td.at { font-family: "DejaVu Sans Mono", monospace; font-size: 0.85rem; }
.type { font-family: "DejaVu Sans Mono", monospace; font-size: 0.8rem; color: #444; }
.card { display: inline-block; min-width: 1.8em; text-align: center; border: 1px solid #777; border-radius: 3px; padding: 0 0.15em; margin: 0 1px; font-weight: 700; font-family: system-ui, sans-serif; }
.card.red { color: #b00020; }
.card.joker { color: #5a2d82; }
.card.back { background: #2c4a7a; color: #fff; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media print {
  body { margin: 0; font-size: 10pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  th { background: none; border-bottom: 2px solid #000; }
  .card.back { background: none; color: #000; }
  .card.red { color: #000; text-decoration: underline; }
}
`;

const SYSTEM_NAMES = { frontera: "Frontera", asaltos: "asaltos", stepdice: "stepdice", portal: "PORTAL", fate: "fate" };

// the last part of a type: "asaltos.RoundStarted" -> "RoundStarted"
const kind = (event) => event.type.split(".").pop();

// "2026-11-27T03:15:21.123456+00:00" -> "2026-11-27 03:15:21 UTC"
export function wallClock(at) {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return String(at ?? "");
  return `${when.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

// Game time after each event, as the events give it: a system's clock moves on a
// `TimeAdvanced` (by its `seconds`, or to its `elapsed`) and a combat `RoundStarted` (to its
// `elapsed`). Returns null where the log never moves a clock (a system with no game time).
export function gameClock(events, start = 0) {
  let clock = start;
  let moved = false;
  const after = new Map();
  for (const event of events) {
    if (["TimeAdvanced", "RoundStarted"].includes(kind(event))) {
      const data = event.data || {};
      if (Number.isInteger(data.elapsed)) clock = data.elapsed;
      else if (Number.isInteger(data.seconds)) clock += data.seconds;
      moved = true;
    }
    after.set(event.version, clock);
  }
  return { after, moved };
}

// What the reader is: the caller, in audit or not, or the seat whose perspective it took.
function readerText(view, reading, seatName) {
  const me = seatName(view.you);
  if (reading.perspective) {
    return `as ${seatName(reading.perspective)}'s seat saw it: ${me}, the game master, reading that seat's perspective (within his audit; never more than the seat knew)`;
  }
  if (view.role === "gm") {
    return reading.audit
      ? `${me}, the game master, in audit: every card anybody had seen, with who saw it when (nothing of a test still open)`
      : `${me}, the game master, as his seat sees the table (not in audit)`;
  }
  return `${me}, a player: only what this seat may see`;
}

// The groups of the log the page knows: Frontera's tests (from their opening to their end)
// and a combat's rounds; the events between them under the test they follow.
function grouped(events) {
  const groups = [];
  let current = null;
  let filler = "Before the first test";
  const begin = (title, id) => {
    current = { title, id, events: [] };
    groups.push(current);
  };
  for (const event of events) {
    const type = kind(event);
    if (type === "TestOpened" && event.data?.test?.number) {
      const test = event.data.test;
      begin(`Test ${test.number}: ${words(test.kind ?? "test")}`, `test-${test.number}`);
      filler = `After test ${test.number}`;
    } else if (type === "RoundStarted" && Number.isInteger(event.data?.round)) {
      begin(`Round ${event.data.round}`, null);
      filler = `After round ${event.data.round}`;
    } else if (!current) {
      begin(filler, null);
    }
    current.events.push(event);
    if (["TestResolved", "TestCancelled", "CombatEnded"].includes(type)) {
      current = null;
      if (type === "CombatEnded") filler = "After the combat";
    }
  }
  return groups;
}

function header({ view, reading, latest, count, seatName, characterName, exported }) {
  const seats = (view.seats || []).map((seat) => `${seat.name} (${seat.role === "gm" ? "game master" : "player"}${seat.active === false ? ", removed" : ""})`);
  const characters = (view.characters || []).map((character) => {
    const name = character.name ?? characterName(character.id);
    const seat = character.seat ? ` — ${seatName(character.seat)}` : "";
    return `${name}${character.kind ? ` (${words(character.kind)})` : ""}${seat}`;
  });
  const rows = [
    ["System", SYSTEM_NAMES[view.system] ?? view.system],
    ["Table", view.id ?? ""],
    ["Table version", `${latest}${view.closed ? " (the table is closed)" : " (the table is open)"}`],
    ["Read as", readerText(view, reading, seatName)],
    ["Seats", seats.join("; ") || "none"],
    ["Characters", characters.join("; ") || "none"],
    ["Events", String(count)],
    ["Written", wallClock(exported)],
  ];
  return el("dl", { class: "header" }, rows.map(([term, text]) => [el("dt", {}, term), el("dd", {}, text)]));
}

// The transcript document: `events` the whole log as the reader reads it, oldest first.
export function transcriptDocument({ view, events, reading, latest, system, names }) {
  const revealed = new Map();
  const context = {
    seat: names.seat,
    character: names.character,
    revealed,
    version: latest,
    rolls: async () => [],
  };
  const clock = gameClock(events, 0);
  // a system keeps game time if its view has a clock, or its log moves one
  const clocked = clock.moved || Number.isInteger(view.elapsed_seconds) || Number.isInteger(view.elapsed);
  const columns = [["Version", "version"], ...(clocked ? [["Game time", "clock"]] : []), ["Wall-clock time", "at"], ["Who", "who"], ["What happened", "line"]];
  const main = el("main", {},
    el("h1", {}, `${view.title} — transcript`),
    header({ view, reading, latest, count: events.length, seatName: names.seat, characterName: names.character, exported: new Date().toISOString() }),
    el("p", { class: "note" },
      "Every event of the table's log, oldest first, as this reader may read it: a card or a die this reader may not see is written face down or secret. ",
      clocked ? "Game time is the table's clock after each event." : "This system keeps no game time: each line has its version and its wall-clock time."),
  );
  for (const group of grouped(events)) {
    const rows = group.events.map((event) => {
      if (kind(event) === "CardsRevealed") revealed.set(event.data.test, event.data.cards || {});
      const actor = names.seat(event.actor);
      return el("tr", { "data-version": event.version, "data-type": event.type },
        el("td", { class: "version" }, `v${event.version}`),
        clocked ? el("td", { class: "clock" }, duration(clock.after.get(event.version))) : null,
        el("td", { class: "at" }, el("time", { datetime: event.at }, wallClock(event.at))),
        el("td", { class: "who" }, actor),
        el("td", { class: "line" }, el("span", { class: "summary" }, summarize(event, system, context)), " ", el("span", { class: "type" }, `(${event.type})`)),
      );
    });
    main.append(el("section", { "aria-label": group.title, ...(group.id ? { id: group.id } : {}) },
      el("h2", {}, group.title),
      el("table", {},
        el("thead", {}, el("tr", {}, columns.map(([name, column]) => el("th", { scope: "col", class: column }, name)))),
        el("tbody", {}, rows))));
  }
  // the body built detached (never in this page, whose policy refuses inline style), the
  // head written around it
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped(`${view.title} — transcript`)}</title>
<style>${STYLE}</style>
</head>
<body>
${main.outerHTML}
</body>
</html>
`;
}

const escaped = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// "Dust and Lead" -> "Dust-and-Lead-transcript.html"
export function transcriptName(title) {
  const stem = String(title).normalize("NFKD").replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-");
  return `${stem || "table"}-transcript.html`;
}

// Hands the document to the browser as a download.
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/html;charset=utf-8" }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
