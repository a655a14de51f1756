// The replay page: sign in with a seat's credential, scrub the table's versions, read its
// timeline and its tests, audit (the Mayor), follow it live, and check its shuffles once
// closed; and see its figures drawn in the Summary tab (figures.js, charts.js). A client of
// the public API only; each rule system's board lives in systems/.

import { Api, Problem } from "./api.js";
import { cardList, summarize } from "./summary.js";
import { el, words } from "./dom.js";
import { renderFigures, tabs } from "./figures.js";
import { systemFor } from "./systems/index.js";
import { differences, differencesEl } from "./compare.js";
import { download, gameClock, transcriptDocument, transcriptName, wallClock } from "./transcript.js";
import { duration, signed } from "./systems/lines.js";

const STORAGE_KEY = "saloon-replay";
const PAGE = 100; // versions per timeline page: a page costs the same on any length of log
// versions a filtered page spans: the most the server examines in one read of the log
const SEARCH_SPAN = 1000;
const SEARCH_WINDOWS = 5; // a filter that matches little: spans read per click, at most
const SCRUB_PAUSE = 60; // ms a drag must rest before its version is fetched
const TYPING_PAUSE = 300; // ms the search box must rest before it searches
const CACHED_VIEWS = 200;
const $ = (id) => document.getElementById(id);

let state = null;

// ---- the URL fragment and the session's credential -------------------------------------

function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const positive = (name) => {
    const number = Number.parseInt(params.get(name) ?? "", 10);
    return Number.isFinite(number) && number > 0 ? number : null;
  };
  return {
    table: params.get("table"),
    credential: params.get("credential"),
    version: positive("v"),
    test: positive("test"),
    audit: params.get("audit") === "1",
    perspective: params.get("as") || null,
  };
}

// where the page is: the table, the version, the open test, the audit switch and the seat
// perspective; never a credential (a link is shared, and the credential stays in this tab)
function link(table, { version, test, audit, perspective }) {
  return `#table=${encodeURIComponent(table)}${version ? `&v=${version}` : ""}${test ? `&test=${test}` : ""}${audit ? "&audit=1" : ""}${perspective ? `&as=${encodeURIComponent(perspective)}` : ""}`;
}

function permalink(version = state.version) {
  const test = $("test-record").hidden ? null : $("test-record").dataset.test;
  return link(state.tableId, { version, test, audit: state.audit, perspective: state.perspective });
}

// each version the user moves to is a step of the browser's history, so Back steps back
function keepPlace(version, how) {
  $("permalink").href = permalink(version);
  if (how === "push" && location.hash !== permalink(version)) history.pushState(null, "", permalink(version));
  else if (how === "replace") history.replaceState(null, "", permalink(version));
}

function stored() {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) || "null");
  } catch {
    return null;
  }
}

function setStatus(text) {
  $("status").textContent = text;
}

// ---- the context each system's rendering gets ---------------------------------------------

function context() {
  return {
    seat: (id) => state.seats.get(id) ?? id,
    character: (id) => state.characters.get(id) ?? state.others.get(id) ?? state.seats.get(id) ?? id,
    revealed: state.revealed,
    version: state.version,
    rolls: () => rollsUpTo(state.version),
  };
}

function learnNames(view) {
  for (const seat of view.seats || []) state.seats.set(seat.id, seat.name);
  for (const character of view.characters || []) {
    if (character.name) state.characters.set(character.id, character.name);
  }
  // what else the system's event lines name by id (not in the character filter), if it says
  for (const named of state.system.others?.(view) ?? []) {
    if (named.name) state.others.set(named.id, named.name);
  }
  listCharacters();
}

async function rollsUpTo(version) {
  const rolls = [];
  let after = 0;
  while (after !== null) {
    const page = await state.api.events({ after, toVersion: version, limit: 500, types: ["DiceRolled"], ...reading() });
    rolls.push(...page.events);
    after = page.next_after;
  }
  return rolls;
}

// ---- views, cached by version -------------------------------------------------------------

// how the page reads the table: as the caller (in audit, if on), or as a seat's perspective
function reading() {
  return { audit: state.audit, perspective: state.perspective ?? undefined };
}

// `how`: another reading than the page's (the audit's, beside a seat's perspective)
async function viewAt(version, signal, how = { audit: state.audit, perspective: state.perspective }) {
  const key = `${how.perspective ?? ""}|${how.audit}|${version}`;
  for (;;) {
    if (!state.views.has(key)) {
      state.views.set(key, state.api.view(version, how.audit, signal, how.perspective ?? undefined));
      if (state.views.size > CACHED_VIEWS) state.views.delete(state.views.keys().next().value);
    }
    const pending = state.views.get(key);
    try {
      return await pending;
    } catch (error) {
      if (state.views.get(key) === pending) state.views.delete(key);
      // a read another move cancelled, which this one still wants: ask again
      if (error.name !== "AbortError" || signal?.aborted) throw error;
    }
  }
}

// ---- the board at a version ---------------------------------------------------------------

// Moves the page to a version: the slider and its words at once, the board once fetched.
// `history`: "push" (a step Back returns from), "replace" or "none" (Back itself, a drag).
// `wait`: while a drag goes on, the board waits for the slider to rest that long; each move
// cancels the read of the version it supersedes, so the last one is never queued behind them.
function showVersion(version, { history: how = "push", wait = 0 } = {}) {
  version = Math.max(1, Math.min(state.latest, version));
  state.version = version;
  const slider = $("version");
  slider.value = String(version);
  slider.setAttribute("aria-valuetext", `version ${version} of ${state.latest}`);
  $("version-text").textContent = `version ${version} of ${state.latest}`;
  keepPlace(version, how);
  markCurrent(version);
  clearTimeout(state.boardTimer);
  if (wait) {
    state.boardAbort?.abort();
    state.boardTimer = setTimeout(() => drawBoard(version), wait);
    return Promise.resolve();
  }
  // a drag released where its last read is under way (not cancelled): that read is this one's
  const underWay = state.boardAbort && !state.boardAbort.signal.aborted && state.boardDrawing?.version === version;
  const drawing = underWay ? state.boardDrawing.done : drawBoard(version);
  return Promise.all([drawing, followTimeline(version)]);
}

function markCurrent(version) {
  for (const item of document.querySelectorAll("#events li.current")) item.classList.remove("current");
  document.querySelector(`#events li[data-version="${version}"]`)?.classList.add("current");
}

function drawBoard(version) {
  state.boardAbort?.abort();
  const abort = new AbortController();
  state.boardAbort = abort;
  const done = fetchBoard(version, abort).finally(() => {
    if (state?.boardAbort === abort) state.boardAbort = null;
  });
  state.boardDrawing = { version, done };
  return done;
}

async function fetchBoard(version, abort) {
  const token = ++state.boardToken;
  const how = { audit: String(state.audit), perspective: state.perspective ?? "" };
  try {
    // the version first, then the one before it for the marks of what changed: on a long
    // log each read costs, and the board the user asked for comes first
    const view = await viewAt(version, abort.signal);
    if (token !== state.boardToken) return;
    const content = await state.system.render(view, context());
    if (token !== state.boardToken) return;
    $("board-content").replaceChildren(content);
    $("board-version").textContent = String(version);
    $("board").dataset.version = String(version);
    // how it was read: in audit, as a seat's perspective
    Object.assign($("board").dataset, how);
    // keys pressed faster than reads come back: whatever raced, the board ends where the
    // slider is (no newer read started, or its token would differ)
    if (state.version !== version) {
      drawBoard(state.version);
      return;
    }
    // what changed: since the version the user compares with, or else the one before
    const against = state.compareWith ?? (version > 1 ? version - 1 : null);
    const previous = against && against !== version ? await viewAt(against, abort.signal) : null;
    if (token !== state.boardToken) return;
    markChanges(content, state.system.facets(view), previous && state.system.facets(previous));
    showDifferences(previous, view, against, version);
    // a seat's perspective: beside it, what the audit shows of the same version that the
    // seat did not know
    const audited = state.perspective ? await viewAt(version, abort.signal, { audit: true, perspective: null }) : null;
    if (token !== state.boardToken) return;
    showUnseen(view, audited, version);
  } catch (error) {
    if (token === state.boardToken && !abort.signal.aborted) failed(error);
  }
}

function showUnseen(seen, audited, version) {
  const panel = $("unseen");
  panel.hidden = !audited;
  if (!audited) {
    $("unseen-content").replaceChildren();
    return;
  }
  const seat = state.seats.get(state.perspective) ?? state.perspective;
  $("unseen-heading").textContent = `At version ${version}: ${seat}'s seat → the audit`;
  panel.dataset.version = String(version);
  const list = differences(seen, audited);
  $("unseen-content").replaceChildren(
    el("p", { class: "muted" }, `Each line: what ${seat}'s seat knew → what the audit shows of the same version.`),
    list.length
      ? differencesEl(list, context(), { from: version, to: version })
      : el("p", {}, `The audit shows nothing ${seat}'s seat did not know at version ${version}.`),
  );
}

// the list of what differs between the compared version and this one, field by field
function showDifferences(previous, view, from, to) {
  const panel = $("differences");
  panel.hidden = state.compareWith === null;
  if (panel.hidden) return;
  $("differences-heading").textContent = `Differences from version ${from} to version ${to}`;
  panel.dataset.from = String(from);
  panel.dataset.to = String(to);
  $("differences-content").replaceChildren(
    previous ? differencesEl(differences(previous, view), context(), { from, to }) : el("p", { class: "muted" }, "The same version: nothing to compare."),
  );
}

function showCompare(version) {
  state.compareWith = version;
  $("changed-since").textContent = version === null ? "the previous version" : `version ${version}`;
  $("compare-previous").hidden = version === null;
  if (version === null) $("compare-version").value = "";
}

// the board's marks and the list of differences, against `version` (null: the one before)
function compareWith(version) {
  showCompare(version);
  return drawBoard(state.version);
}

function markChanges(content, facets, previous) {
  if (!previous) return;
  for (const node of content.querySelectorAll("[data-facet]")) {
    const key = node.dataset.facet;
    if (key in facets && facets[key] !== previous[key]) {
      node.classList.add("changed");
      // in a table row, within its first cell (text straight in a row makes a cell of its own)
      (node.tagName === "TR" ? node.cells[0] ?? node : node).append(el("span", { class: "visually-hidden" }, " (changed)"));
    }
  }
}

// ---- the timeline, a span of versions at a time, newest first ----------------------------
// The timeline holds the events of the versions (oldest, upper] the filters keep. Every filter
// is the server's (seat, character, text, type), so a search costs the same on any length of
// log; moving far on the board or changing a filter loads the span around the current version,
// so the user keeps her place.

function filters() {
  const type = $("type-filter").value;
  return {
    seat: $("seat-filter").value || undefined,
    character: $("character-filter").value || undefined,
    text: $("search").value.trim() || undefined,
    types: type ? [type] : undefined,
  };
}

const filtered = () => Object.values(filters()).some(Boolean);
const span = () => (filtered() ? SEARCH_SPAN : PAGE);

// the type filter lists every type of the table's system, not only those already loaded
function listTypes(types) {
  const before = state.types.size;
  for (const type of types) state.types.add(type);
  if (state.types.size === before) return;
  const select = $("type-filter");
  const chosen = select.value;
  const names = [...state.types].sort((a, b) => a.localeCompare(b));
  select.replaceChildren(el("option", { value: "" }, "every type"), ...names.map((name) => el("option", { value: name }, name)));
  select.value = chosen;
}

async function listEveryType(system) {
  try {
    const known = await state.api.eventTypes(system);
    if (state?.system) listTypes(known);
  } catch {
    // the types the timeline loads stay listed
  }
}

function listCharacters() {
  const select = $("character-filter");
  const chosen = select.value;
  select.replaceChildren(el("option", { value: "" }, "every character"),
    ...[...state.characters].map(([id, name]) => el("option", { value: id }, name)));
  select.value = chosen;
}

function eventItem(event) {
  const testNumber = event.data?.test?.number ?? event.data?.test;
  const boundary = { TestOpened: "test-start", TestResolved: "test-end", TestCancelled: "test-end" }[event.type];
  // a seat taken over is marked on the timeline: who may have read what is the dispute's first question
  const takeover = event.type === "CredentialIssued" && event.data?.reason === "takeover";
  const item = el(
    "li",
    { "data-version": event.version, "data-type": event.type, class: takeover ? "takeover" : boundary },
    el("button", { type: "button", class: "version-button", "aria-label": `Go to version ${event.version}`, onclick: () => showVersion(event.version) }, `v${event.version}`),
    " ",
    el("span", { class: "actor" }, state.seats.get(event.actor) ?? event.actor),
    " ",
    el("span", { class: "event-type" }, event.type),
    ...(takeover ? [" ", el("strong", { class: "takeover-mark" }, "Seat taken over")] : []),
    " — ",
    el("span", { class: "summary" }, summarize(event, state.system, context())),
  );
  if (boundary && Number.isInteger(testNumber)) {
    item.append(" ", el("button", { type: "button", class: "open-test", onclick: () => openTest(testNumber) }, `Open test ${testNumber}`));
  }
  if (event.version === state.version) item.classList.add("current");
  return item;
}

function remember(events) {
  listTypes(events.map((event) => event.type));
  for (const event of events) {
    if (event.type === "CardsRevealed") state.revealed.set(event.data.test, event.data.cards || {});
  }
}

// the events of the versions (after, toVersion] the filters keep, oldest first: the server
// examines a bounded part of the log per read and says with `next_after` where to go on
async function eventWindow(after, toVersion) {
  const events = [];
  const limit = filtered() ? 500 : PAGE;
  for (let from = after; from !== null && from < toVersion;) {
    const page = await state.api.events({ after: from, toVersion, limit, ...reading(), ...filters() });
    events.push(...page.events);
    from = page.next_after;
  }
  return events;
}

function timelineButtons() {
  $("earlier").hidden = state.oldest <= 0;
  $("later").hidden = state.upper >= state.latest;
  const empty = !$("events").querySelector("li[data-version]");
  $("events").querySelector("li.muted")?.remove();
  if (empty) $("events").append(el("li", { class: "muted" }, "No event matches here: load earlier or later events."));
}

// the timeline's two ways from what it holds, for a click on "earlier" or "later": the next
// window of versions that way, read until one holds an event the filters keep (SEARCH_WINDOWS
// of them at most); the list is newest first, so earlier events go below it, later above
const WAYS = {
  earlier: {
    more: () => state.oldest > 0,
    next: () => [Math.max(0, state.oldest - span()), state.oldest],
    reached: (after) => { state.oldest = after; },
    show: (items) => $("events").append(...items),
  },
  later: {
    more: () => state.upper < state.latest,
    next: () => [state.upper, Math.min(state.latest, state.upper + span())],
    reached: (after, toVersion) => { state.upper = toVersion; },
    show: (items) => $("events").prepend(...items),
  },
};

async function load(way) {
  const { more, next, reached, show } = WAYS[way];
  const token = state.timelineToken;
  $(way).disabled = true;
  let found = 0;
  for (let windows = 0; windows < SEARCH_WINDOWS && more() && found === 0; windows += 1) {
    const [after, toVersion] = next();
    const events = await eventWindow(after, toVersion);
    if (token !== state.timelineToken) return;
    reached(after, toVersion);
    remember(events);
    show(events.reverse().map(eventItem));
    found += events.length;
  }
  $(way).disabled = false;
  timelineButtons();
}

// the versions already loaded, read again (the audit switched, a seat's perspective taken)
async function refreshTimeline() {
  state.timelineToken += 1;
  const token = state.timelineToken;
  const events = await eventWindow(state.oldest, state.upper);
  if (token !== state.timelineToken) return;
  remember(events);
  $("events").replaceChildren(...events.reverse().map(eventItem));
  timelineButtons();
  scrollTimelineTo(state.version);
}

// the span around a version (by default the current one), scrolled to it
async function reloadTimeline(around = state.version) {
  state.timelineToken += 1;
  const token = state.timelineToken;
  state.upper = Math.min(state.latest, around + Math.floor(span() / 2));
  state.oldest = state.upper;
  $("events").replaceChildren();
  await load("earlier");
  if (token === state.timelineToken) scrollTimelineTo(state.version);
}

// the timeline follows the board: it scrolls to the current version, loading its span if needed
function followTimeline(version) {
  if (version > state.oldest && version <= state.upper) {
    scrollTimelineTo(version);
    return null;
  }
  return reloadTimeline(version).catch(failed);
}

// within the list only: scrolling the page would take the board out of view
function scrollTimelineTo(version) {
  const list = $("events");
  const item = list.querySelector(`li[data-version="${version}"]`);
  if (item) list.scrollTop = item.offsetTop - list.clientHeight / 2 + item.offsetHeight / 2;
}

// ---- one test, side by side ---------------------------------------------------------------

// "Senses 4 + skill 2 + 1 (a good horse) − 1 (health) = 6": how the draw's count was made,
// term by term, as the draw event records it (domain/frontera/rules.py, draw_count)
function breakdown(count, trait) {
  if (!count || !Number.isInteger(count.total)) return null;
  const terms = [count.fixed ? `a fixed draw of ${count.trait}` : `${trait ? `${words(trait)} ` : "trait "}${count.trait}`];
  if (!count.fixed) terms.push(`skill ${count.skill}`);
  for (const modifier of count.modifiers || []) terms.push(`${signed(modifier.amount)} (${words(modifier.reason)})`);
  for (const penalty of ["health", "morale", "sobriety", "tipsy"]) {
    if (count[penalty]) terms.push(`${signed(count[penalty])} (${penalty})`);
  }
  const text = terms.join(" + ").replaceAll("+ +", "+ ").replaceAll("+ -", "− ");
  const sum = count.trait + (count.fixed ? 0 : count.skill) + (count.modifiers || []).reduce((a, m) => a + m.amount, 0)
    + count.health + count.morale + count.sobriety + count.tipsy;
  return `${text} = ${count.total}${sum < 0 && count.total === 0 ? " (never below 0)" : ""}`;
}

// game time at each version of a record: the board's clock where the test opened, moved on by
// every TimeAdvanced up to its last event (a test's record lists only its own events)
async function recordClock(record) {
  const last = record.events.length ? record.events[record.events.length - 1].version : record.opened_at;
  const opening = await viewAt(record.opened_at);
  if (!Number.isInteger(opening.elapsed_seconds)) return null;
  const advanced = [];
  for (let after = record.opened_at; after !== null && after < last;) {
    const page = await state.api.events({ after, toVersion: last, limit: 500, types: ["TimeAdvanced"], ...reading() });
    advanced.push(...page.events);
    after = page.next_after;
  }
  // one event a version: a TimeAdvanced of the test's own is in both lists
  const byVersion = new Map([...record.events, ...advanced].map((e) => [e.version, e]));
  const events = [...byVersion.values()].sort((a, b) => a.version - b.version);
  return gameClock(events, opening.elapsed_seconds).after;
}

const recordAudited = () => state.audit && !state.perspective;

async function openTest(number, { focus = true, scroll = true } = {}) {
  let record;
  let clock;
  try {
    record = await state.api.test(number, state.audit, state.perspective ?? undefined);
    clock = await recordClock(record).catch(() => null);
  } catch (error) {
    failed(error);
    return;
  }
  const c = context();
  const opened = record.opened || {};
  const gm = state.role === "gm" && !state.closed;
  const characters = new Set(Object.keys(opened.participants || {}));
  for (const event of record.events) if (event.data?.character) characters.add(event.data.character);
  for (const who of Object.keys(record.revealed || {})) characters.add(who);
  for (const who of Object.keys(record.outcomes || {})) characters.add(who);
  const goTo = (e) => el("button", { type: "button", class: "version-button", "aria-label": `Go to version ${e.version}`, onclick: () => showVersion(e.version) }, `v${e.version}`);
  // the game master's two readings of a draw: the board at its version in audit, and as the
  // drawing seat saw it then
  const readings = (e) => (gm ? [
    " ",
    el("button", { type: "button", class: "in-audit", onclick: () => reread({ audit: true, perspective: null, version: e.version }) }, `Board at v${e.version} in audit`),
    ...(state.players.has(e.data.seat) ? [" ",
      el("button", { type: "button", class: "as-seat", "data-seat": e.data.seat, onclick: () => reread({ audit: true, perspective: e.data.seat, version: e.version }) }, `as ${c.seat(e.data.seat)} saw it`)] : []),
  ] : []);
  const side = (who) => {
    const p = (opened.participants || {})[who];
    const draws = record.events.filter((e) => e.type === "CardsDrawn" && e.data.character === who);
    const choices = record.events.filter((e) => e.type === "CardsChosen" && e.data.character === who);
    const step = (e, extra = []) => el("li", {}, goTo(e), `: ${e.data.cards?.length ?? 0} card(s) `, ...cardList(e.data.cards), ...extra);
    const drawStep = (e) => step(e, [
      breakdown(e.data.count, p?.trait) ? el("p", { class: "breakdown" }, `Draws ${breakdown(e.data.count, p?.trait)}`) : "",
      ...readings(e),
    ]);
    const modifiers = (p?.modifiers || []).map((m) => `${signed(m.amount)} (${words(m.reason)})`).join(", ");
    return el(
      "section",
      { class: "side", "data-character": who },
      el("h4", {}, c.character(who)),
      el("p", {}, el("strong", {}, "Opening: "), p ? `${words(p.trait ?? "")}${p.skill ? ` (${words(p.skill)})` : ""}${modifiers ? `, modifiers ${modifiers}` : ""}` : "joined during the test"),
      el("p", {}, el("strong", {}, "Draws")),
      draws.length ? el("ul", {}, draws.map(drawStep)) : el("p", { class: "muted" }, "none"),
      el("p", {}, el("strong", {}, "Choices")),
      choices.length ? el("ul", {}, choices.map((e) => step(e))) : el("p", { class: "muted" }, "none"),
      el("p", { class: "reveal" }, el("strong", {}, "Reveal: "), ...(record.revealed?.[who] ? cardList(record.revealed[who]) : ["not yet"])),
      el("p", { class: "outcome" }, el("strong", {}, "Outcome: "), record.outcomes?.[who] ? words(record.outcomes[who]) : "not yet", record.explanation?.[who] ? el("span", { class: "muted" }, ` — ${record.explanation[who]}`) : ""),
    );
  };
  const when = (e) => el("span", { class: "when" },
    clock?.has(e.version) ? `${duration(clock.get(e.version))} of game time · ` : "",
    el("time", { datetime: e.at }, wallClock(e.at)));
  const seen = state.perspective ? ` (as ${state.seats.get(state.perspective) ?? state.perspective} saw it)` : "";
  $("test-heading").textContent = `Test ${record.number}: ${words(record.kind)} — ${words(record.status)}${recordAudited() ? " (audit)" : seen}`;
  $("test-record").dataset.audit = String(recordAudited());
  $("test-record").dataset.perspective = state.perspective ?? "";
  $("test-content").replaceChildren(
    el("p", {}, `Opened at version ${record.opened_at}`, opened.difficulty ? `, difficulty ${opened.difficulty}` : "", opened.purpose ? `, ${words(opened.purpose)}` : "", ". ",
      el("button", { type: "button", onclick: () => showVersion(record.opened_at) }, `Go to version ${record.opened_at}`)),
    el("div", { class: "sides" }, [...characters].map(side)),
    el("h3", {}, "Its events"),
    el("ol", { class: "test-events" }, record.events.map((e) =>
      el("li", { "data-version": e.version }, goTo(e), " ", when(e), ` ${e.type} — `, summarize(e, state.system, c)),
    )),
  );
  $("test-record").hidden = false;
  $("test-record").dataset.test = String(record.number);
  keepPlace(state.version, "replace");
  $("test-heading").setAttribute("tabindex", "-1");
  // the record sits beside the board and under the timeline: side by side, the three fill
  // the window together
  if (scroll && matchMedia("(min-width: 901px)").matches) document.querySelector(".columns").scrollIntoView({ block: "start" });
  if (scroll) $("test-record").scrollTop = 0;
  if (focus) $("test-heading").focus({ preventScroll: true });
}

// ---- a test at a time: the next or the previous opening, found by the server ------------

async function testOpening(direction) {
  const opened = { types: ["TestOpened"], ...reading() };
  if (direction > 0) {
    for (let after = state.version; after !== null && after < state.latest;) {
      const page = await state.api.events({ ...opened, after, limit: 1 });
      if (page.events.length) return page.events[0];
      after = page.next_after;
    }
    return null;
  }
  // backwards a span at a time, each read as bounded as the server's
  for (let upto = state.version - 1; upto > 0; upto -= SEARCH_SPAN) {
    const events = [];
    for (let after = Math.max(0, upto - SEARCH_SPAN); after !== null && after < upto;) {
      const page = await state.api.events({ ...opened, after, toVersion: upto, limit: 500 });
      events.push(...page.events);
      after = page.next_after;
    }
    if (events.length) return events[events.length - 1];
  }
  return null;
}

async function nextTest(direction) {
  const event = await testOpening(direction);
  if (!event) {
    setStatus(direction > 0 ? "No test opens after this version." : "No test opens before this version.");
    return;
  }
  setStatus("");
  await showVersion(event.version);
  await openTest(event.data?.test?.number ?? event.data?.test, { focus: false });
}

// ---- the transcript: the whole log, as this reader reads it, one document ----------------

async function exportTranscript() {
  const button = $("transcript");
  button.disabled = true;
  const latest = state.latest;
  const read = reading();
  setStatus("Writing the transcript: reading the log…");
  try {
    const [view, events] = await Promise.all([
      viewAt(latest),
      state.api.log({ toVersion: latest, ...read, progress: (version) => setStatus(`Writing the transcript: ${version} of ${latest} versions read…`) }),
    ]);
    const c = context();
    const text = transcriptDocument({ view, events, reading: read, latest, system: state.system, names: { seat: c.seat, character: c.character } });
    const name = transcriptName(view.title);
    download(name, text);
    $("transcript").dataset.events = String(events.length);
    setStatus(`The transcript (${events.length} events, up to version ${latest}) is downloaded as ${name}.`);
  } catch (error) {
    failed(error);
  } finally {
    button.disabled = false;
  }
}

// ---- closing: the seed and the verification -----------------------------------------------

async function showClosing(view) {
  $("closing").hidden = !view.closed;
  if (!view.closed) return;
  $("seed").textContent = view.seed ?? "";
  const badge = $("verify-badge");
  badge.textContent = "checking every shuffle…";
  try {
    const result = await state.api.verify();
    const dice = result.dice_checked ? ` and ${result.dice_checked} dice` : "";
    badge.className = `badge ${result.verified ? "fair" : "unfair"}`;
    badge.textContent = result.verified
      ? `every shuffle recomputed: fair (${result.shuffles_checked} shuffles${dice})`
      : `NOT fair: ${result.mismatches.length} mismatch(es)${result.commitment_matches ? "" : ", the seed does not match its commitment"}`;
  } catch (error) {
    badge.className = "badge unfair";
    badge.textContent = `verify failed: ${error.message}`;
  }
}

// ---- the Summary tab: the table's figures as of now ---------------------------------------

const summaryShown = () => !$("panel-summary").hidden;

async function refreshSummary() {
  if (!state) return;
  const token = ++state.summaryToken;
  $("summary-status").textContent = "Loading the figures…";
  try {
    const stats = await state.api.stats(state.audit);
    if (!state || token !== state.summaryToken) return;
    $("summary-content").replaceChildren(renderFigures(stats));
    $("panel-summary").dataset.version = String(stats.version);
    $("summary-status").textContent = `Figures up to version ${stats.version}${state.audit ? " (audit)" : ""}.`;
  } catch (error) {
    if (state && token === state.summaryToken) {
      $("summary-status").textContent = "";
      failed(error);
    }
  }
}

// in live mode, once a burst of events has settled
function summaryLater() {
  if (!state || !summaryShown()) return;
  clearTimeout(state.summaryTimer);
  state.summaryTimer = setTimeout(refreshSummary, 250);
}

const viewTabs = tabs($("view-tabs"), (id) => {
  if (id === "tab-summary") refreshSummary();
});
// the skip link leads to the board, in its tab
document.querySelector(".skip").addEventListener("click", () => viewTabs.select("tab-board"));

// ---- live mode: the SSE stream, read with fetch() -----------------------------------------

function stopLive() {
  if (state) clearTimeout(state.summaryTimer);
  state?.live?.abort();
  if (state) state.live = null;
  $("live").checked = false;
}

function startLive() {
  const live = new AbortController();
  state.live = live;
  const following = () => state.version === state.latest;
  // the events' lines and the board wait for the names a new character or seat brings, in
  // the stream's order, so a roll that follows a character's creation names its roller
  let named = Promise.resolve();
  const then = (step) => {
    named = named.then(() => (state?.live === live ? step() : null)).catch(() => {});
  };
  state.api
    .stream({
      after: state.latest,
      audit: state.audit,
      signal: live.signal,
      onMessage: (message) => {
        if (message.event === "problem") {
          setStatus(`The stream ended: ${JSON.parse(message.data).detail ?? "refused"}`);
          stopLive();
          return;
        }
        const event = JSON.parse(message.data);
        const follow = following();
        const atTop = state.upper >= state.latest;
        state.latest = Math.max(state.latest, event.version);
        $("version").max = String(state.latest);
        remember([event]);
        // only the server judges a character or a text: with those, "Load later events" asks it
        const { seat, character, text, types } = filters();
        if (atTop && !character && !text) {
          state.upper = state.latest;
          if ((!types || types.includes(event.type)) && (!seat || event.actor === seat)) {
            then(() => $("events").prepend(eventItem(event)));
          }
        }
        then(timelineButtons);
        if (event.type === "TableClosed") {
          stopLive();
          start(state.tableId, state.api.credential);
          return;
        }
        // a dice system qualifies its own events: "stepdice.CharacterCreated"
        if (/(^|\.)CharacterCreated$/.test(event.type) || event.type === "SeatJoined") {
          then(() => viewAt(event.version).then(learnNames));
        }
        if (follow) then(() => showVersion(state.latest, { history: "replace" }));
        else $("version-text").textContent = `version ${state.version} of ${state.latest}`;
        summaryLater();
      },
    })
    .catch((error) => {
      if (live.signal.aborted) return;
      setStatus(`Live mode stopped: ${error.message}`);
      stopLive();
    });
}

// ---- signing in and out -------------------------------------------------------------------

function failed(error) {
  if (error instanceof Problem && (error.status === 401 || error.status === 403)) {
    signOut(`Signed out: ${error.message}`);
    return;
  }
  setStatus(`Error: ${error.message}`);
}

function signOut(message = "Signed out.") {
  stopLive();
  clearTimeout(state?.boardTimer);
  state?.boardAbort?.abort();
  sessionStorage.removeItem(STORAGE_KEY);
  state = null;
  document.body.classList.remove("audit", "perspective");
  $("audit-banner").hidden = true;
  $("perspective-banner").hidden = true;
  $("differences").hidden = true;
  $("differences-content").replaceChildren();
  $("unseen").hidden = true;
  $("unseen-content").replaceChildren();
  $("replay").hidden = true;
  $("signin").hidden = false;
  $("board-content").replaceChildren();
  delete $("board").dataset.version;
  $("events").replaceChildren();
  $("test-content").replaceChildren();
  $("summary-content").replaceChildren();
  $("summary-status").textContent = "";
  delete $("panel-summary").dataset.version;
  viewTabs.select("tab-board");
  $("table-title").textContent = "";
  $("credential-input").value = "";
  history.replaceState(null, "", location.pathname);
  const note = $("signin-note") || el("p", { id: "signin-note", role: "alert" });
  note.textContent = message;
  $("signin").append(note);
}

async function start(tableId, credential, wanted = {}, { focusBoard = false } = {}) {
  stopLive();
  const api = new Api(tableId, credential);
  let view;
  try {
    view = await api.view();
  } catch (error) {
    signOut(`Could not open the table: ${error.message}`);
    return;
  }
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ table: tableId, credential }));
  state = {
    api, tableId, latest: view.version, version: view.version, audit: false, system: systemFor(view.system),
    seats: new Map(), characters: new Map(), others: new Map(), views: new Map(), revealed: new Map(), types: new Set(),
    oldest: 0, upper: 0, boardToken: 0, boardTimer: null, boardAbort: null, boardDrawing: null,
    timelineToken: 0, summaryToken: 0, summaryTimer: null, live: null, role: view.role,
    closed: view.closed, perspective: null, compareWith: null,
    players: new Set(view.seats.filter((seat) => seat.role !== "gm").map((seat) => seat.id)),
  };
  $("character-filter").replaceChildren();
  $("search").value = "";
  learnNames(view);
  $("signin").hidden = true;
  $("signin-note")?.remove();
  $("replay").hidden = false;
  $("test-record").hidden = true;
  $("table-title").textContent = `— ${view.title}`;
  const seatName = view.seats.find((seat) => seat.id === view.you)?.name ?? view.you;
  $("who").textContent = `Signed in as ${seatName} (${view.role === "gm" ? "the game master" : "a player"}) at "${view.title}", a ${view.system} table${view.closed ? ", closed" : ""}.`;
  $("audit-control").hidden = view.role !== "gm" || view.closed;
  showAudit(Boolean(wanted.audit) && view.role === "gm" && !view.closed);
  // the game master reads as any player's seat read (what did it know then?)
  const players = view.seats.filter((seat) => seat.role !== "gm");
  $("perspective-control").hidden = view.role !== "gm" || view.closed || !players.length;
  $("perspective").replaceChildren(el("option", { value: "" }, "the game master"),
    ...players.map((seat) => el("option", { value: seat.id }, `${seat.name}'s seat`)));
  showPerspective(!$("perspective-control").hidden && players.some((seat) => seat.id === wanted.perspective) ? wanted.perspective : null);
  showCompare(null);
  $("differences").hidden = true;
  $("seat-filter").replaceChildren(el("option", { value: "" }, "every seat"), ...view.seats.map((seat) => el("option", { value: seat.id }, seat.name)));
  $("type-filter").replaceChildren(el("option", { value: "" }, "every type"));
  const slider = $("version");
  slider.min = "1";
  slider.max = String(view.latest ?? view.version);
  state.views.set(`|false|${view.version}`, Promise.resolve(view));
  setStatus("");
  const summary = summaryShown() ? refreshSummary() : null;
  listEveryType(view.system);
  const shown = showVersion(wanted.version ?? view.version, { history: "replace" });
  // keyboard users land on the board: the keys move it from there
  if (focusBoard) $("board").focus({ preventScroll: true });
  await Promise.all([shown, showClosing(view), summary]);
  if (wanted.test && state?.api === api) await openTest(wanted.test, { focus: false });
}

// a link followed, or Back, in a signed-in tab: its audit switch, its version and its test
let navigations = 0;

async function goTo(wanted) {
  // Back pressed again before this one is done: the newer step alone moves the page on
  const navigation = ++navigations;
  const superseded = () => navigation !== navigations || !state;
  // a link may switch audit on; Back to a version seen before it does not switch it off
  if (wanted.audit && !state.audit && !$("audit-control").hidden) await setAudit(true);
  if (superseded()) return;
  const seat = wanted.perspective && state.seats.has(wanted.perspective) ? wanted.perspective : null;
  if (seat !== state.perspective && !$("perspective-control").hidden) await reread({ perspective: seat, history: "none" });
  if (superseded()) return;
  const version = wanted.version ?? state.latest;
  if (version !== state.version) await showVersion(version, { history: "none" });
  if (superseded()) return;
  const open = $("test-record").hidden ? null : Number($("test-record").dataset.test);
  if (wanted.test && wanted.test !== open) await openTest(wanted.test, { focus: false });
}

function showAudit(on) {
  state.audit = on;
  $("audit").checked = on;
  document.body.classList.toggle("audit", on);
  $("audit-banner").hidden = !on;
}

function showPerspective(seat) {
  state.perspective = seat || null;
  $("perspective").value = seat ?? "";
  document.body.classList.toggle("perspective", Boolean(seat));
  const banner = $("perspective-banner");
  banner.hidden = !seat;
  banner.textContent = seat
    ? `SEEN AS ${state.seats.get(seat) ?? seat} — the board and the timeline as this seat knew them at each version, as far as the audit opens them`
    : "";
  $("live-control").hidden = state.closed || Boolean(seat);
}

// Reads the table another way (audit on or off, a seat's perspective or none, perhaps at
// another version): the board, the timeline's loaded pages, the open test record and the
// figures are read again that way; nothing is left as the other reading showed it.
// A step of the browser's history when the version or the perspective changes (Back returns
// to the audit's reading of the same version), unless `history` says otherwise.
async function reread({ audit = state.audit, perspective = state.perspective, version = state.version, history: how } = {}) {
  how ??= version !== state.version || (perspective || null) !== state.perspective ? "push" : "replace";
  showAudit(audit);
  showPerspective(perspective);
  const live = Boolean(state.live) && !state.perspective;
  stopLive();
  state.revealed.clear();
  state.boardAbort?.abort();
  state.boardAbort = null;
  const open = $("test-record").hidden ? null : Number($("test-record").dataset.test);
  const loaded = version > state.oldest && version <= state.upper;
  await Promise.all([
    showVersion(version, { history: how }),
    loaded ? refreshTimeline() : null,
    summaryShown() ? refreshSummary() : null,
    open ? openTest(open, { focus: false, scroll: false }) : null,
  ]);
  if (live) {
    $("live").checked = true;
    startLive();
  }
}

const setAudit = (on) => reread({ audit: on });

function fromFragment() {
  const wanted = fragment();
  const session = stored();
  if (wanted.credential) {
    const table = wanted.table || session?.table;
    history.replaceState(null, "", table ? link(table, wanted) : location.pathname);
    if (table) return start(table, wanted.credential, wanted);
  }
  if (session && (!wanted.table || wanted.table === session.table)) {
    if (state && state.tableId === session.table) return goTo(wanted);
    return start(session.table, session.credential, wanted);
  }
  $("table-input").value = wanted.table ?? "";
  $("signin").hidden = false;
  $("replay").hidden = true;
  return null;
}

// ---- wiring -------------------------------------------------------------------------------

function step(delta) {
  if (state) showVersion(state.version + delta);
}

$("signin-form").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const table = $("table-input").value.trim();
  const wanted = fragment();
  start(table, $("credential-input").value.trim(), wanted.table === table ? wanted : {}, { focusBoard: true });
  $("credential-input").value = "";
});
$("signout").addEventListener("click", () => signOut());
// a drag moves the slider's words at once and the board once the slider rests; its release
// (or a key) is a step of the history, and fetched at once
$("version").addEventListener("input", (changed) => {
  if (state) showVersion(Number(changed.target.value), { history: "none", wait: SCRUB_PAUSE });
});
$("version").addEventListener("change", (changed) => {
  if (state) showVersion(Number(changed.target.value));
});
$("previous").addEventListener("click", () => step(-1));
$("next").addEventListener("click", () => step(1));
$("earlier").addEventListener("click", () => load("earlier").catch(failed));
$("later").addEventListener("click", () => load("later").catch(failed));
for (const id of ["seat-filter", "character-filter", "type-filter"]) {
  $(id).addEventListener("change", () => reloadTimeline().catch(failed));
}
let typing = null;
$("search").addEventListener("input", () => {
  clearTimeout(typing);
  typing = setTimeout(() => state && reloadTimeline().catch(failed), TYPING_PAUSE);
});
$("search").addEventListener("keydown", (pressed) => {
  if (pressed.key !== "Enter") return;
  clearTimeout(typing);
  reloadTimeline().catch(failed);
});
$("open-test").addEventListener("click", () => {
  const number = Number.parseInt($("test-number").value, 10);
  if (number > 0) openTest(number);
});
$("test-number").addEventListener("keydown", (pressed) => {
  if (pressed.key === "Enter") $("open-test").click();
});
$("audit").addEventListener("change", (changed) => setAudit(changed.target.checked));
$("perspective").addEventListener("change", (changed) => reread({ perspective: changed.target.value || null }).catch(failed));
$("compare").addEventListener("click", () => {
  const number = Number.parseInt($("compare-version").value, 10);
  if (state && number > 0) compareWith(Math.min(number, state.latest)).catch(failed);
});
$("compare-version").addEventListener("keydown", (pressed) => {
  if (pressed.key === "Enter") $("compare").click();
});
$("compare-previous").addEventListener("click", () => state && compareWith(null).catch(failed));
$("transcript").addEventListener("click", () => state && exportTranscript());
$("live").addEventListener("change", (changed) => {
  if (changed.target.checked) startLive();
  else stopLive();
});
function toggleShortcuts(show = $("shortcuts").hidden) {
  $("shortcuts").hidden = !show;
  $("shortcuts-button").setAttribute("aria-expanded", String(show));
}

$("shortcuts-button").addEventListener("click", () => toggleShortcuts());

// the keys work anywhere on the page but in a field (whose own keys they are)
const KEYS = {
  ArrowLeft: () => step(-1),
  ArrowRight: () => step(1),
  Home: () => showVersion(1),
  End: () => showVersion(state.latest),
  n: () => nextTest(1),
  p: () => nextTest(-1),
  "?": () => toggleShortcuts(),
  Escape: () => toggleShortcuts(false),
};

document.addEventListener("keydown", (pressed) => {
  if (!state || pressed.altKey || pressed.ctrlKey || pressed.metaKey) return;
  const target = pressed.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  const action = KEYS[pressed.key];
  if (!action) return;
  pressed.preventDefault();
  Promise.resolve(action()).catch(failed);
});
// Back and Forward between the versions visited, and a link followed (a fragment navigation
// fires popstate too, before hashchange)
window.addEventListener("popstate", () => fromFragment());

fromFragment();
