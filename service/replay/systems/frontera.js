// Frontera's board: piles and decks with their counts and the cards the caller may see,
// hands, the open test, the characters' tracks, the combat; and its events in one line each.

import { cardEl, cardsEl, el, readable, words } from "../dom.js";
import { cardList } from "../summary.js";
import { duration, list, names, plain, plural, signed, who, why } from "./lines.js";

const ZONES = {
  pile: "Draw pile",
  discard: "Discard pile (face down)",
  dead_mans_hand: "Dead man's hand",
  treasure: "Treasure deck",
  removed: "Removed cards",
};
const OUTCOMES = {
  success: "succeeds",
  failure: "fails",
  partial: "partly succeeds",
  victory: "wins",
  defeat: "loses",
  tie: "ties",
  hit: "hits",
  miss: "misses",
};
const TRACKS = ["health", "morale", "sobriety", "money"];
// a track's level as the book names it: health 0 is "healthy", -2 "badly wounded"
const LEVELS = {
  health: ["healthy", "wounded", "badly wounded", "incapacitated", "dead"],
  morale: ["normal", "scared", "terrified", "paralysed"],
  sobriety: ["sober", "tipsy", "drunk", "in a drunken coma"],
};
const level = (track, value) => LEVELS[track]?.[Math.abs(value)] ?? `${plain(track)} ${value}`;
const money = (n) => `$${n}`;
const cardsOrCount = (cards) =>
  (cards || []).some((card) => card !== null) ? cardList(cards) : [plural((cards || []).length, "face-down card")];
const STEPS = { pick: "picks", random: "takes at random", swap: "swaps", keep_loot: "keeps the loot" };
const steps = (all, c) => list((all || []).map((s) => `${s.character ? who(c, s.character) : c.seat(s.seat)} ${STEPS[s.kind] || plain(s.kind)}`));

function zoneName(zone, context) {
  const [kind, owner] = zone.split(":");
  if (owner === undefined) return ZONES[zone] || words(zone);
  if (kind === "hand") return `${context.character(owner)}'s hand`;
  if (kind === "player_deck") return `${context.seat(owner)}'s deck`;
  if (kind === "player_discard") return `${context.seat(owner)}'s discard pile`;
  return `${words(kind)} (${owner})`;
}

function section(title, facet, ...children) {
  return el("section", { class: "panel", "data-facet": facet }, el("h3", {}, title), ...children);
}

function zonesEl(view, context) {
  const list = el("ul", { class: "zones" });
  for (const zone of view.zones || []) {
    if (!zone.count && !(zone.cards || []).length && zone.zone.startsWith("hand:")) continue;
    list.append(
      el(
        "li",
        { class: "zone", "data-facet": `zone:${zone.zone}`, "data-zone": zone.zone },
        el("span", { class: "zone-name" }, zoneName(zone.zone, context)),
        el("span", { class: "count", "data-count": zone.count }, `${zone.count} card${zone.count === 1 ? "" : "s"}`),
        cardsEl(zone.cards, zone.count),
      ),
    );
  }
  return section("Piles, decks and hands", "zones", list);
}

function charactersEl(view, context) {
  const rows = (view.characters || []).map((character) =>
    el(
      "tr",
      { "data-facet": `character:${character.id}`, "data-character": character.id },
      el("th", { scope: "row" }, character.name),
      el("td", {}, character.seat ? context.seat(character.seat) : "—"),
      el("td", {}, words(character.kind)),
      ...TRACKS.map((track) =>
        el("td", { "data-track": track }, character[track] === null || character[track] === undefined ? "?" : String(character[track])),
      ),
      el("td", {}, character.can_act ? "yes" : "no"),
    ),
  );
  return section(
    "Characters",
    "characters",
    el(
      "table",
      { class: "characters" },
      el("caption", { class: "visually-hidden" }, "Characters and their tracks"),
      el(
        "thead",
        {},
        el("tr", {}, ["character", "player", "kind", ...TRACKS, "can act"].map((h) => el("th", { scope: "col" }, h))),
      ),
      el("tbody", {}, rows),
    ),
  );
}

function testEl(test, context) {
  if (!test) return section("Open test", "test", el("p", { class: "muted" }, "No test is open."));
  const rows = test.participants.map((p) =>
    el(
      "li",
      { "data-participant": p.character },
      el("strong", {}, context.character(p.character)),
      ` — ${words(p.trait ?? "")}${p.skill ? ` (${words(p.skill)})` : ""}: `,
      el("span", { class: p.drawn ? "yes" : "no" }, p.drawn ? "has drawn" : "has not drawn"),
      ", ",
      el("span", { class: p.chosen ? "yes" : "no" }, p.chosen ? "has chosen" : "has not chosen"),
      p.cards_held ? ` · holds ${p.cards_held}: ` : "",
      p.cards_held ? cardsEl(p.cards, p.cards_held) : "",
      p.chosen_cards ? [" · chose ", cardsEl(p.chosen_cards, p.chosen_cards.length)] : "",
    ),
  );
  return section(
    `Open test ${test.number}: ${words(test.kind)}${test.difficulty ? `, difficulty ${test.difficulty}` : ""}`,
    "test",
    el("ul", { class: "participants" }, rows),
    test.waiting_for?.length ? el("p", {}, `Waiting for ${test.waiting_for.map(context.character).join(", ")}.`) : "",
  );
}

function combatEl(combat, context) {
  if (!combat) return "";
  const ranges = Object.entries(combat.ranges || {}).map(([pair, range]) =>
    el("li", {}, `${pair.split("|").map(context.character).join(" ↔ ")}: ${words(range)}`),
  );
  const combatants = (combat.combatants || []).map((c) =>
    el("li", {}, el("strong", {}, context.character(c.character)), ` · cover ${words(c.cover)} · ${words(c.mount)}${c.held_by ? ` · held by ${context.character(c.held_by)}` : ""}`),
  );
  const attacks = (combat.last_attacks || []).map((a) =>
    el(
      "li",
      { class: a.hit ? "hit" : "miss" },
      `${context.character(a.attacker)} → ${context.character(a.target)} with `,
      cardEl(a.card),
      `: ${a.hit ? `hit, ${a.taken} taken` : "miss"}`,
      el("span", { class: "muted" }, ` (${a.why})`),
    ),
  );
  return section(
    `Combat, turn ${combat.turn}${combat.turn_running ? " (running)" : ""}`,
    "combat",
    el("h4", {}, "Positions"),
    el("ul", {}, combatants),
    el("ul", {}, ranges),
    el("h4", {}, "Last attacks"),
    attacks.length ? el("ul", { class: "attacks" }, attacks) : el("p", { class: "muted" }, "none yet"),
  );
}

function drew(e, c) {
  const parts = [`${c.seat(e.data.seat ?? e.actor)} drew ${e.data.cards?.length ?? e.data.count?.total ?? "?"} card${e.data.cards?.length === 1 ? "" : "s"} for ${c.character(e.data.character)}`];
  if (e.data.test) parts.push(` (test ${e.data.test})`);
  if ((e.data.cards || []).some((card) => card !== null)) parts.push(": ", ...cardList(e.data.cards));
  return parts;
}

function participantsText(test, c) {
  return Object.values(test.participants || {})
    .map((p) => `${c.character(p.character)}${p.trait ? ` (${words(p.trait)}${p.skill ? `/${words(p.skill)}` : ""})` : ""}`)
    .join(" vs ");
}

export default {
  name: "frontera",
  facets(view) {
    const facets = { test: JSON.stringify(view.test), combat: JSON.stringify(view.combat) };
    for (const zone of view.zones || []) facets[`zone:${zone.zone}`] = JSON.stringify(zone);
    for (const character of view.characters || []) facets[`character:${character.id}`] = JSON.stringify(character);
    for (const key of ["phase", "exchange", "house_game", "drinking_duel"]) facets[key] = JSON.stringify(view[key]);
    return facets;
  },
  async render(view, context) {
    const board = el("div", { class: "frontera-board" });
    board.append(
      el("p", { "data-facet": "phase" }, `Phase: ${view.phase ?? "—"} · ${view.started ? "started" : "not started"} · ${duration(view.elapsed_seconds ?? 0)} of game time`),
      zonesEl(view, context),
      testEl(view.test, context),
      combatEl(view.combat, context),
      charactersEl(view, context),
    );
    for (const key of ["exchange", "house_game", "drinking_duel"]) {
      if (view[key]) board.append(section(words(key), key, readable(view[key])));
    }
    return board;
  },
  summaries: {
    CharacterCreated: (e, c) => [`${c.seat(e.actor)} created ${e.data.character.name} (${words(e.data.character.kind)})`],
    TableStarted: (e) => [`the table starts with ${e.data.decks} deck${e.data.decks === 1 ? "" : "s"}`],
    PhaseChanged: (e) => [`phase ${e.data.phase ?? "changes"}`],
    TestOpened: (e, c) => {
      const t = e.data.test;
      return [`test ${t.number} opens: ${words(t.kind)}${participantsText(t, c) ? ` — ${participantsText(t, c)}` : ""}${t.difficulty ? `, difficulty ${t.difficulty}` : ""}`];
    },
    CardsShuffled: (e, c) => [`${ZONES[e.data.zone]?.toLowerCase() ?? zoneName(e.data.zone, c)} shuffled (shuffle ${e.data.index})`],
    CardsDrawn: drew,
    DeadMansHandDrawn: (e, c) => [`dead man's hand drawn${e.data.character ? ` for ${c.character(e.data.character)}` : ""}`],
    CardsChosen: (e, c) => {
      const parts = [`${c.seat(e.data.seat ?? e.actor)} chose ${e.data.cards?.length ?? "?"} card${e.data.cards?.length === 1 ? "" : "s"} for ${c.character(e.data.character)} (test ${e.data.test})`];
      if ((e.data.cards || []).some((card) => card !== null)) parts.push(": ", ...cardList(e.data.cards));
      return parts;
    },
    CardsRevealed: (e, c) => [
      `test ${e.data.test}: revealed`,
      ...Object.entries(e.data.cards || {}).flatMap(([who, cards]) => [` ${c.character(who)} `, ...cardList(cards)]),
    ],
    TestResolved: (e, c) => {
      const revealed = c.revealed.get(e.data.test) || {};
      const parts = [`test ${e.data.test}: `];
      Object.entries(e.data.outcomes || {}).forEach(([who, outcome], index) => {
        parts.push(`${index ? "; " : ""}${c.character(who)} ${OUTCOMES[outcome] ?? words(outcome)}`);
        if ((revealed[who] || []).length) parts.push(" with ", ...cardList(revealed[who]));
      });
      return parts;
    },
    TestCancelled: (e) => [`test ${e.data.test} cancelled${why(e.data.reason)}`],
    CardsMoved: (e, c) => {
      const count = e.data.cards?.length ?? 0;
      const parts = [`${count} card${count === 1 ? "" : "s"} from ${zoneName(e.data.source, c)} to ${zoneName(e.data.target, c)} (${words(e.data.reason)})`];
      if ((e.data.cards || []).some((card) => card !== null)) parts.push(": ", ...cardList(e.data.cards));
      if (e.data.seen_by?.length) parts.push(` — seen by ${e.data.seen_by.map(c.seat).join(", ")}`);
      return parts;
    },
    CardsDealt: (e, c) => [`cards dealt${e.data.source ? ` from ${zoneName(e.data.source, c)}` : ""}`],
    CombatOpened: (e, c) => [`combat opens: ${Object.keys(e.data.combat?.combatants || {}).map(c.character).join(", ")}`],
    CombatTurnStarted: (e) => [`combat turn ${e.data.turn} (test ${e.data.test})`],
    ActionDeclared: (e, c) => {
      const d = e.data.declaration;
      return [`${c.character(d.character)} declares ${words(d.action)}${d.technique ? ` (${words(d.technique)}${d.weapon ? `, ${d.weapon}` : ""})` : ""}${d.targets?.length ? ` at ${d.targets.map(c.character).join(", ")}` : ""}${d.action === "move" ? ` (${words(d.move)})` : ""}`];
    },
    AttacksResolved: (e, c) =>
      (e.data.attacks || []).flatMap((a, index) => [
        `${index ? "; " : ""}${c.character(a.attacker)} at ${c.character(a.target)} with `,
        cardEl(a.card),
        a.hit ? `: hit, ${a.taken} taken` : ": miss",
      ]),
    CombatEnded: () => ["the combat ends"],
    TimeAdvanced: (e) => [`${e.data.amount} ${plain(e.data.amount === 1 ? e.data.unit.replace(/s$/, "") : e.data.unit)} pass${e.data.amount === 1 ? "es" : ""}${why(e.data.reason)}`],
    ConditionChanged: (e, c) =>
      [`${who(c, e.data.character)}: ${level(e.data.track, e.data.before)} → ${level(e.data.track, e.data.after)}${why(e.data.reason)}`],
    MoneyChanged: (e, c) =>
      [`${who(c, e.data.character)} ${e.data.after >= e.data.before ? "gains" : "pays"} ${money(Math.abs(e.data.after - e.data.before))} (now ${money(e.data.after)})${why(e.data.reason)}`],
    EquipmentChanged: (e, c) =>
      [`${who(c, e.data.character)}'s ${plain(e.data.item)}: ${e.data.before} → ${e.data.after}${why(e.data.reason)}`],
    DrinkTaken: (e, c) => [`${who(c, e.data.character)} takes a drink (${plural(e.data.drinks, "drink")} so far, ${plain(e.data.mechanism)})`],
    DrinksSleptOff: (e, c) => [`${who(c, e.data.character)} sleeps off the drink`],
    DrinkingDuelStarted: (e, c) => [`a drinking duel: ${names(c, e.data.characters)} for ${money(e.data.stake)}`],
    DrinkingDuelEnded: (e, c) =>
      [`the drinking duel ends: ${names(c, e.data.winners) || "nobody"} win${e.data.loser ? `, ${who(c, e.data.loser)} loses` : ""}${why(e.data.reason)}`],
    ChallengeAnswered: (e, c) => [`${who(c, e.data.character)} ${e.data.accepted ? "accepts" : "refuses"} ${who(c, e.data.challenger)}'s challenge`],
    ChallengeLost: (e, c) => [`${who(c, e.data.challenged)} loses ${who(c, e.data.challenger)}'s challenge`],
    ThreatFaced: (e, c) => [`${who(c, e.data.character)} faces a threat with `, cardEl(e.data.card), ` (${e.data.value} against confidence ${e.data.confidence}): ${e.data.frightened ? "frightened" : "holds firm"}`],
    AccidentSuffered: (e, c) =>
      [`${who(c, e.data.character)} suffers ${plain(e.data.cause)}${e.data.metres ? ` (${e.data.metres} m)` : ""}: ${e.data.harm} harm, ${e.data.saved} saved, ${e.data.lost} lost${why(e.data.reason)}`],
    MedicalCareGiven: (e, c) =>
      [`${who(c, e.data.healer)} tends ${who(c, e.data.patient)} (care level ${e.data.level}): ${e.data.effective ? "it helps" : "it does not help"}`],
    RecoveryProgressed: (e, c) =>
      [`${who(c, e.data.character)} recovers ${plain(e.data.track)}${e.data.progress.needed ? `: ${duration(Object.values(e.data.progress.seconds || {}).reduce((a, b) => a + b, 0))} of ${duration(e.data.progress.needed)}` : ""}${e.data.progress.care ? ", under care" : ""}`],
    DeathConfirmed: (e, c) => [`${who(c, e.data.character)} is dead for good`],
    ProtagonistLeft: (e, c) => [`${who(c, e.data.character)} leaves the game${why(e.data.reason)}`],
    TurnLost: (e, c) => [`${who(c, e.data.character)} loses combat turn ${e.data.turn}${why(e.data.reason)}`],
    HoldTested: (e, c) => [`${who(c, e.data.hold.holder)} ${e.data.hold.kept ? "keeps" : "loses"} hold of ${who(c, e.data.hold.held)} (turn ${e.data.turn})`],
    CombatUpdated: (e, c) =>
      [`positions change${why(e.data.reason)}: ${list(Object.values(e.data.combatants || {}).map((p) => `${who(c, p.character)} in ${plain(p.cover)} cover`)) || "nobody"}`],
    WeaponSet: (e) => [`weapon ${e.data.weapon.name}: damage ${e.data.weapon.damage}${e.data.weapon.kind ? `, ${plain(e.data.weapon.kind)}` : ""}`],
    WeaponRemoved: (e) => [`weapon ${e.data.name} removed`],
    DeckAdded: (e, c) => [`a new deck of ${plural(e.data.cards.length, "card")} added to ${zoneName(e.data.zone, c)}${why(e.data.reason)}`],
    DeckShown: (e, c) => [`${zoneName(e.data.zone, c)} shown to ${c.seat(e.data.seat)}${why(e.data.reason)}: `, ...cardsOrCount(e.data.cards)],
    ExchangeStarted: (e, c) =>
      [`a card exchange (${plain(e.data.exchange.kind)}) begins${why(e.data.exchange.reason)}: ${steps(e.data.exchange.steps, c) || "no steps"}`],
    ExchangeStepped: (e, c) =>
      [e.data.passed ? "the exchange step is passed" : `${plural(e.data.count, "card")} change hands${e.data.kept_by ? `, kept by ${who(c, e.data.kept_by)}` : ""}`],
    ExchangeStepsAdded: (e, c) => [`the exchange goes on: ${steps(e.data.steps, c) || "no steps"}`],
    ExchangeCancelled: (e) => [`the exchange is called off${why(e.data.reason)}`],
    HouseGameStarted: (e, c) => [`${who(c, e.data.house_game.character)} sits down to play against the house${e.data.house_game.cheating ? " (cheating)" : ""}`],
    HouseRoundPlayed: (e, c) =>
      [`house round ${e.data.round}: `, cardEl(e.data.card), ` for ${e.data.for_player ? who(c, e.data.character) : "the house"} (${signed(e.data.points)}); ${who(c, e.data.character)} ${e.data.player}, house ${e.data.house}${e.data.reshuffled ? " — reshuffled" : ""}`],
    HouseStopTried: (e, c) => [`${who(c, e.data.character)} tries to stop the game (test ${e.data.test})`],
    HouseStopDecided: (e, c) => [`${who(c, e.data.character)} ${e.data.leaves ? "leaves the table" : "plays on"}${e.data.last_round ? ", one last round" : ""} (${plain(e.data.outcome)})`],
    HouseGameEnded: (e, c) => {
      const r = e.data.result; // house points minus the player's
      return [`the game against the house ends: ${who(c, e.data.character)} ${e.data.player}, house ${e.data.house} — ${r > 0 ? "the house wins" : r < 0 ? `${who(c, e.data.character)} wins` : "a draw"}`];
    },
    HouseClosed: (e, c) => [`the house closes to ${who(c, e.data.character)}${why(e.data.reason)}`],
  },
};
