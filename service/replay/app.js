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
const CACHED_VIEWS = 200;
const $ = (id) => document.getElementById(id);

let state = null;

// ---- the URL fragment and the session's credential -------------------------------------

function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const version = Number.parseInt(params.get("v") ?? "", 10);
  return {
    table: params.get("table"),
    credential: params.get("credential"),
    version: Number.isFinite(version) && version > 0 ? version : null,
  };
}

function permalink(version) {
  return `#table=${encodeURIComponent(state.tableId)}&v=${version}`;
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
    character: (id) => state.characters.get(id) ?? state.seats.get(id) ?? id,
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

async function viewAt(version) {
  const key = `${state.audit}|${version}`;
  if (!state.views.has(key)) {
    state.views.set(key, state.api.view(version, state.audit));
    if (state.views.size > CACHED_VIEWS) state.views.delete(state.views.keys().next().value);
  }
  try {
    return await state.views.get(key);
  } catch (error) {
    state.views.delete(key);
    throw error;
  }
}

// ---- the board at a version ---------------------------------------------------------------

async function showVersion(version, { replaceFragment = true } = {}) {
  version = Math.max(1, Math.min(state.latest, version));
  state.version = version;
  const slider = $("version");
  slider.value = String(version);
  slider.setAttribute("aria-valuetext", `version ${version} of ${state.latest}`);
  $("version-text").textContent = `version ${version} of ${state.latest}`;
  $("permalink").href = permalink(version);
  if (replaceFragment) history.replaceState(null, "", permalink(version));
  for (const item of document.querySelectorAll("#events li.current")) item.classList.remove("current");
  document.querySelector(`#events li[data-version="${version}"]`)?.classList.add("current");
  const token = ++state.boardToken;
  try {
    const [view, previous] = await Promise.all([viewAt(version), version > 1 ? viewAt(version - 1) : null]);
    if (token !== state.boardToken) return;
    const content = await state.system.render(view, context());
    if (token !== state.boardToken) return;
    markChanges(content, state.system.facets(view), previous && state.system.facets(previous));
    $("board-content").replaceChildren(content);
    $("board-version").textContent = String(version);
    $("board").dataset.version = String(version);
  } catch (error) {
    if (token === state.boardToken) failed(error);
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

// ---- the timeline, a page of versions at a time, newest first -----------------------------

function filters() {
  return { seat: $("seat-filter").value || undefined, types: $("type-filter").value ? [$("type-filter").value] : undefined };
}

function addType(type) {
  if (state.types.has(type)) return;
  state.types.add(type);
  const select = $("type-filter");
  const options = [...select.options].slice(1).map((option) => option.value);
  options.push(type);
  options.sort();
  select.replaceChildren(el("option", { value: "" }, "every type"), ...options.map((name) => el("option", { value: name }, name)));
  select.value = state.typeFilter;
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
  for (const event of events) {
    addType(event.type);
    if (event.type === "CardsRevealed") state.revealed.set(event.data.test, event.data.cards || {});
  }
}

// the events of versions (after, toVersion], oldest first
async function eventWindow(after, toVersion) {
  const page = await state.api.events({ after, toVersion, limit: PAGE, audit: state.audit, ...filters() });
  return page.events;
}

async function loadEarlier() {
  const token = state.timelineToken;
  const button = $("earlier");
  button.disabled = true;
  let found = 0;
  // a filter that matches little: go on a few pages, not through the whole log at once
  for (let pages = 0; pages < 10 && state.oldest > 0 && found === 0; pages += 1) {
    const toVersion = state.oldest;
    const after = Math.max(0, toVersion - PAGE);
    const events = await eventWindow(after, toVersion);
    if (token !== state.timelineToken) return;
    state.oldest = after;
    remember(events);
    $("events").append(...events.reverse().map(eventItem));
    found += events.length;
  }
  button.disabled = false;
  button.hidden = state.oldest <= 0;
  if (!$("events").children.length) $("events").append(el("li", { class: "muted" }, "No event matches."));
}

async function reloadTimeline() {
  state.timelineToken += 1;
  state.oldest = state.latest;
  state.typeFilter = $("type-filter").value;
  $("events").replaceChildren();
  await loadEarlier();
}

// ---- one test, side by side ---------------------------------------------------------------

async function openTest(number) {
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
  $("test-heading").setAttribute("tabindex", "-1");
  $("test-heading").focus();
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
        state.latest = Math.max(state.latest, event.version);
        $("version").max = String(state.latest);
        remember([event]);
        const { seat, types } = filters();
        if (!types || types.includes(event.type)) {
          if (!seat || event.actor === seat) then(() => $("events").prepend(eventItem(event)));
        }
        if (event.type === "TableClosed") {
          stopLive();
          start(state.tableId, state.api.credential);
          return;
        }
        // a dice system qualifies its own events: "stepdice.CharacterCreated"
        if (/(^|\.)CharacterCreated$/.test(event.type) || event.type === "SeatJoined") {
          then(() => viewAt(event.version).then(learnNames));
        }
        if (follow) then(() => showVersion(state.latest));
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

async function start(tableId, credential, version = null) {
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
    seats: new Map(), characters: new Map(), views: new Map(), revealed: new Map(), types: new Set(),
    typeFilter: "", oldest: view.version, boardToken: 0, timelineToken: 0, summaryToken: 0, summaryTimer: null, live: null, role: view.role,
  };
  learnNames(view);
  $("signin").hidden = true;
  $("signin-note")?.remove();
  $("replay").hidden = false;
  $("test-record").hidden = true;
  $("table-title").textContent = `— ${view.title}`;
  const seatName = view.seats.find((seat) => seat.id === view.you)?.name ?? view.you;
  $("who").textContent = `Signed in as ${seatName} (${view.role === "gm" ? "the game master" : "a player"}) at "${view.title}", a ${view.system} table${view.closed ? ", closed" : ""}.`;
  $("audit-control").hidden = view.role !== "gm" || view.closed;
  $("audit").checked = false;
  document.body.classList.remove("audit");
  $("audit-banner").hidden = true;
  $("live-control").hidden = view.closed;
  $("seat-filter").replaceChildren(el("option", { value: "" }, "every seat"), ...view.seats.map((seat) => el("option", { value: seat.id }, seat.name)));
  $("type-filter").replaceChildren(el("option", { value: "" }, "every type"));
  const slider = $("version");
  slider.min = "1";
  slider.max = String(view.latest ?? view.version);
  state.views.set(`false|${view.version}`, Promise.resolve(view));
  setStatus("");
  const summary = summaryShown() ? refreshSummary() : null;
  await Promise.all([showVersion(version ?? view.version), reloadTimeline(), showClosing(view), summary]);
}

function fromFragment() {
  const wanted = fragment();
  const session = stored();
  if (wanted.credential) {
    const table = wanted.table || session?.table;
    history.replaceState(null, "", table ? `#table=${encodeURIComponent(table)}${wanted.version ? `&v=${wanted.version}` : ""}` : location.pathname);
    if (table) return start(table, wanted.credential, wanted.version);
  }
  if (session && (!wanted.table || wanted.table === session.table)) {
    if (state && state.tableId === session.table) return showVersion(wanted.version ?? state.latest, { replaceFragment: false });
    return start(session.table, session.credential, wanted.version);
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
  start(table, $("credential-input").value.trim(), wanted.table === table ? wanted.version : null);
  $("credential-input").value = "";
});
$("signout").addEventListener("click", () => signOut());
$("version").addEventListener("input", (changed) => {
  if (state) showVersion(Number(changed.target.value));
});
$("previous").addEventListener("click", () => step(-1));
$("next").addEventListener("click", () => step(1));
$("earlier").addEventListener("click", () => loadEarlier().catch(failed));
$("seat-filter").addEventListener("change", () => reloadTimeline().catch(failed));
$("type-filter").addEventListener("change", () => reloadTimeline().catch(failed));
$("open-test").addEventListener("click", () => {
  const number = Number.parseInt($("test-number").value, 10);
  if (number > 0) openTest(number);
});
$("test-number").addEventListener("keydown", (pressed) => {
  if (pressed.key === "Enter") $("open-test").click();
});
$("audit").addEventListener("change", async (changed) => {
  state.audit = changed.target.checked;
  document.body.classList.toggle("audit", state.audit);
  $("audit-banner").hidden = !state.audit;
  const live = Boolean(state.live);
  stopLive();
  state.revealed.clear();
  await Promise.all([showVersion(state.version), reloadTimeline(), summaryShown() ? refreshSummary() : null]);
  if (live) {
    $("live").checked = true;
    startLive();
  }
});
$("live").addEventListener("change", (changed) => {
  if (changed.target.checked) startLive();
  else stopLive();
});
document.addEventListener("keydown", (pressed) => {
  if (!state || pressed.altKey || pressed.ctrlKey || pressed.metaKey) return;
  const target = pressed.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (pressed.key === "ArrowLeft") step(-1);
  else if (pressed.key === "ArrowRight") step(1);
  else return;
  pressed.preventDefault();
});
window.addEventListener("hashchange", () => fromFragment());

fromFragment();
