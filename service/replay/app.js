// The replay page: sign in with a seat's credential, scrub the table's versions, read its
// timeline and its tests, audit (the Mayor), follow it live, and check its shuffles once
// closed; and see its figures drawn in the Summary tab (figures.js, charts.js). A client of
// the public API only; each rule system's board lives in systems/.

import { Api, Problem } from "./api.js";
import { cardList, summarize } from "./summary.js";
import { el, words } from "./dom.js";
import { renderFigures, tabs } from "./figures.js";
import { systemFor } from "./systems/index.js";

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
  };
}

// where the page is: the table, the version, the open test and the audit switch; never a
// credential (a link is shared, and the credential stays in this tab)
function link(table, { version, test, audit }) {
  return `#table=${encodeURIComponent(table)}${version ? `&v=${version}` : ""}${test ? `&test=${test}` : ""}${audit ? "&audit=1" : ""}`;
}

function permalink(version = state.version) {
  const test = $("test-record").hidden ? null : $("test-record").dataset.test;
  return link(state.tableId, { version, test, audit: state.audit });
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
  // Stepdice's enemies and clocks: event lines name them by id too (not in the character filter)
  for (const named of [...(view.enemies || []), ...(view.clocks || [])]) {
    if (named.name) state.others.set(named.id, named.name);
  }
  listCharacters();
}

async function rollsUpTo(version) {
  const rolls = [];
  let after = 0;
  while (after !== null) {
    const page = await state.api.events({ after, toVersion: version, limit: 500, types: ["DiceRolled"], audit: state.audit });
    rolls.push(...page.events);
    after = page.next_after;
  }
  return rolls;
}

// ---- views, cached by version -------------------------------------------------------------

async function viewAt(version, signal) {
  const key = `${state.audit}|${version}`;
  for (;;) {
    if (!state.views.has(key)) {
      state.views.set(key, state.api.view(version, state.audit, signal));
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
  // a drag released where its last read is under way: that read is this one's
  const drawing = state.boardAbort && state.boardDrawing?.version === version ? state.boardDrawing.done : drawBoard(version);
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
    // keys pressed faster than reads come back: whatever raced, the board ends where the
    // slider is (no newer read started, or its token would differ)
    if (state.version !== version) {
      drawBoard(state.version);
      return;
    }
    const previous = version > 1 ? await viewAt(version - 1, abort.signal) : null;
    if (token !== state.boardToken) return;
    markChanges(content, state.system.facets(view), previous && state.system.facets(previous));
  } catch (error) {
    if (token === state.boardToken && !abort.signal.aborted) failed(error);
  }
}

function markChanges(content, facets, previous) {
  if (!previous) return;
  for (const node of content.querySelectorAll("[data-facet]")) {
    const key = node.dataset.facet;
    if (key in facets && facets[key] !== previous[key]) {
      node.classList.add("changed");
      node.append(el("span", { class: "visually-hidden" }, " (changed)"));
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
    const page = await state.api.events({ after: from, toVersion, limit, audit: state.audit, ...filters() });
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

async function loadEarlier() {
  const token = state.timelineToken;
  $("earlier").disabled = true;
  let found = 0;
  for (let windows = 0; windows < SEARCH_WINDOWS && state.oldest > 0 && found === 0; windows += 1) {
    const toVersion = state.oldest;
    const after = Math.max(0, toVersion - span());
    const events = await eventWindow(after, toVersion);
    if (token !== state.timelineToken) return;
    state.oldest = after;
    remember(events);
    $("events").append(...events.reverse().map(eventItem));
    found += events.length;
  }
  $("earlier").disabled = false;
  timelineButtons();
}

async function loadLater() {
  const token = state.timelineToken;
  $("later").disabled = true;
  let found = 0;
  for (let windows = 0; windows < SEARCH_WINDOWS && state.upper < state.latest && found === 0; windows += 1) {
    const after = state.upper;
    const toVersion = Math.min(state.latest, after + span());
    const events = await eventWindow(after, toVersion);
    if (token !== state.timelineToken) return;
    state.upper = toVersion;
    remember(events);
    $("events").prepend(...events.reverse().map(eventItem));
    found += events.length;
  }
  $("later").disabled = false;
  timelineButtons();
}

// the span around a version (by default the current one), scrolled to it
async function reloadTimeline(around = state.version) {
  state.timelineToken += 1;
  const token = state.timelineToken;
  state.upper = Math.min(state.latest, around + Math.floor(span() / 2));
  state.oldest = state.upper;
  $("events").replaceChildren();
  await loadEarlier();
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

async function openTest(number, { focus = true } = {}) {
  let record;
  try {
    record = await state.api.test(number, state.audit);
  } catch (error) {
    failed(error);
    return;
  }
  const c = context();
  const opened = record.opened || {};
  const characters = new Set(Object.keys(opened.participants || {}));
  for (const event of record.events) if (event.data?.character) characters.add(event.data.character);
  for (const who of Object.keys(record.revealed || {})) characters.add(who);
  for (const who of Object.keys(record.outcomes || {})) characters.add(who);
  const side = (who) => {
    const p = (opened.participants || {})[who];
    const draws = record.events.filter((e) => e.type === "CardsDrawn" && e.data.character === who);
    const choices = record.events.filter((e) => e.type === "CardsChosen" && e.data.character === who);
    const step = (e) => el("li", {}, `v${e.version}: ${e.data.cards?.length ?? 0} card(s) `, ...cardList(e.data.cards));
    return el(
      "section",
      { class: "side", "data-character": who },
      el("h4", {}, c.character(who)),
      el("p", {}, el("strong", {}, "Opening: "), p ? `${words(p.trait ?? "")}${p.skill ? ` (${words(p.skill)})` : ""}${(p.modifiers || []).length ? `, modifiers ${JSON.stringify(p.modifiers)}` : ""}` : "joined during the test"),
      el("p", {}, el("strong", {}, "Draws")),
      draws.length ? el("ul", {}, draws.map(step)) : el("p", { class: "muted" }, "none"),
      el("p", {}, el("strong", {}, "Choices")),
      choices.length ? el("ul", {}, choices.map(step)) : el("p", { class: "muted" }, "none"),
      el("p", { class: "reveal" }, el("strong", {}, "Reveal: "), ...(record.revealed?.[who] ? cardList(record.revealed[who]) : ["not yet"])),
      el("p", { class: "outcome" }, el("strong", {}, "Outcome: "), record.outcomes?.[who] ? words(record.outcomes[who]) : "not yet", record.explanation?.[who] ? el("span", { class: "muted" }, ` — ${record.explanation[who]}`) : ""),
    );
  };
  $("test-heading").textContent = `Test ${record.number}: ${words(record.kind)} — ${words(record.status)}`;
  $("test-content").replaceChildren(
    el("p", {}, `Opened at version ${record.opened_at}`, opened.difficulty ? `, difficulty ${opened.difficulty}` : "", opened.purpose ? `, ${words(opened.purpose)}` : "", ". ",
      el("button", { type: "button", onclick: () => showVersion(record.opened_at) }, `Go to version ${record.opened_at}`)),
    el("div", { class: "sides" }, [...characters].map(side)),
    el("h3", {}, "Its events"),
    el("ol", { class: "test-events" }, record.events.map((e) =>
      el("li", {}, el("button", { type: "button", class: "version-button", "aria-label": `Go to version ${e.version}`, onclick: () => showVersion(e.version) }, `v${e.version}`), ` ${e.type} — `, summarize(e, state.system, c)),
    )),
  );
  $("test-record").hidden = false;
  $("test-record").dataset.test = String(record.number);
  keepPlace(state.version, "replace");
  $("test-heading").setAttribute("tabindex", "-1");
  // the record sits beside the board and under the timeline: side by side, the three fill
  // the window together
  if (matchMedia("(min-width: 901px)").matches) document.querySelector(".columns").scrollIntoView({ block: "start" });
  $("test-record").scrollTop = 0;
  if (focus) $("test-heading").focus({ preventScroll: true });
}

// ---- a test at a time: the next or the previous opening, found by the server ------------

async function testOpening(direction) {
  const opened = { types: ["TestOpened"], audit: state.audit };
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
  document.body.classList.remove("audit");
  $("audit-banner").hidden = true;
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

async function start(tableId, credential, wanted = {}) {
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
  $("live-control").hidden = view.closed;
  $("seat-filter").replaceChildren(el("option", { value: "" }, "every seat"), ...view.seats.map((seat) => el("option", { value: seat.id }, seat.name)));
  $("type-filter").replaceChildren(el("option", { value: "" }, "every type"));
  const slider = $("version");
  slider.min = "1";
  slider.max = String(view.latest ?? view.version);
  state.views.set(`false|${view.version}`, Promise.resolve(view));
  setStatus("");
  const summary = summaryShown() ? refreshSummary() : null;
  listEveryType(view.system);
  await Promise.all([showVersion(wanted.version ?? view.version, { history: "replace" }), showClosing(view), summary]);
  if (wanted.test && state?.api === api) await openTest(wanted.test, { focus: false });
}

// a link followed, or Back, in a signed-in tab: its audit switch, its version and its test
async function goTo(wanted) {
  // a link may switch audit on; Back to a version seen before it does not switch it off
  if (wanted.audit && !state.audit && !$("audit-control").hidden) await setAudit(true);
  const version = wanted.version ?? state.latest;
  if (version !== state.version) await showVersion(version, { history: "none" });
  const open = $("test-record").hidden ? null : Number($("test-record").dataset.test);
  if (wanted.test && wanted.test !== open) await openTest(wanted.test, { focus: false });
}

function showAudit(on) {
  state.audit = on;
  $("audit").checked = on;
  document.body.classList.toggle("audit", on);
  $("audit-banner").hidden = !on;
}

async function setAudit(on) {
  showAudit(on);
  const live = Boolean(state.live);
  stopLive();
  state.revealed.clear();
  await Promise.all([showVersion(state.version, { history: "replace" }), reloadTimeline(), summaryShown() ? refreshSummary() : null]);
  if (live) {
    $("live").checked = true;
    startLive();
  }
}

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
  start(table, $("credential-input").value.trim(), wanted.table === table ? wanted : {});
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
$("earlier").addEventListener("click", () => loadEarlier().catch(failed));
$("later").addEventListener("click", () => loadLater().catch(failed));
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
