// Fate: its events in the book's words — Fate dice as + − blank, the ladder's effort,
// aspects and their invocations, Fate points, stress boxes and consequences.

import { list, masked, names, plain, plural, qualify, secrecy, signed, who, why } from "./lines.js";
import { withGlance } from "./generic.js";

// Fate dice as the table reads them: + for 1, − for −1, a blank for 0
const fateDice = (d) => (d ? d.values.map((v) => (v > 0 ? "+" : v < 0 ? "−" : "▢")).join(" ") : "");
const aspect = (a) => `"${a.name}"${a.free_invocations ? ` with ${plural(a.free_invocations, "free invocation")}` : ""}`;
const consequence = (k) => `a ${k.severity} ${plain(k.track)} consequence "${k.aspect}"`;
const points = (map, c) => list(Object.entries(map || {}).map(([id, n]) => `${who(c, id)} ${n}`));
const OUTCOMES = { success: "succeeds", failure: "fails", tie: "ties" };
const effect = { plus_two: "+2", reroll: "a reroll" };

const lines = {
  CharacterCreated: (e, c) => [`${c.seat(e.data.character.seat)} brings ${e.data.character.name} to the table`],
  SkillRolled: (e, c) => {
    const skill = masked(e, "skill") ? "a skill" : plain(e.data.skill);
    if (masked(e, "dice")) return [`${who(c, e.data.character)} rolls ${skill} in secret${secrecy(e.data.visibility)}`];
    const against = masked(e, "difficulty") ? (masked(e, "opposed_by") ? "" : ` against roll ${e.data.opposed_by}`) : ` against ${e.data.difficulty}`;
    return [`${who(c, e.data.character)} rolls ${skill}${masked(e, "rating") ? "" : ` (${signed(e.data.rating)})`}${against}: ${fateDice(e.data.dice)}${why(e.data.reason)}`];
  },
  RollSettled: (e, c) => {
    if (masked(e, "result")) return [`${who(c, e.data.character)}'s roll settles, out of sight${secrecy(e.data.visibility)}`];
    const r = e.data.result;
    const v = masked(e, "verdict") ? null : e.data.verdict;
    const verdict = v ? ` against ${v.against}: ${OUTCOMES[v.outcome] || plain(v.outcome)} by ${plural(Math.abs(v.shifts), "shift")}${v.critical ? " (with style)" : ""}` : "";
    return [`${who(c, e.data.character)}'s ${plain(r.skill)} roll settles: ${fateDice(r.dice)}, effort ${r.effort}${verdict}${r.fate_points_spent ? `; ${plural(r.fate_points_spent, "Fate point")} spent` : ""}`];
  },
  InvocationAsked: (e, c) => [`${who(c, e.data.character)} asks to invoke "${e.data.aspect}" for ${effect[e.data.effect]}${e.data.owner ? ` (${who(c, e.data.owner)}'s)` : ""}`],
  InvocationDeclined: (e, c) => [`${who(c, e.data.character)}'s invocation of "${e.data.aspect}" is declined${why(e.data.reason)}`],
  AspectInvoked: (e, c) => {
    const i = e.data.invoked;
    return [`${who(c, e.data.character)} invokes "${i.aspect}" for ${effect[i.effect]} (${i.paid === "free" ? "free" : "a Fate point"})${i.dice ? `: ${fateDice(i.dice)}` : ""}`];
  },
  AspectPlaced: (e, c) => [`${who(c, e.data.character)} places ${aspect(e.data.aspect)}${e.data.aspect.target ? ` on ${who(c, e.data.aspect.target)}` : ""} (${plain(e.data.aspect.origin)})`],
  AspectDiscovered: (e, c) => [`${who(c, e.data.character)} discovers "${e.data.aspect}"${e.data.free ? ` with ${plural(e.data.free.free_invocations, "free invocation")}` : ""}`],
  Declared: (e, c) => [`${who(c, e.data.character)} declares "${e.data.declaration}": ${e.data.accepted ? "accepted" : "refused"} (${plural(e.data.fate_points, "Fate point")} left)`],
  GuessRuled: (e, c) => [`${who(c, e.data.character)} guessed "${e.data.guess.guess}"${e.data.guess.revealed ? `; it was "${e.data.guess.revealed}"` : ""}${e.data.guess.refunded ? ", Fate point refunded" : ""}`],
  Compelled: (e, c) => [`${who(c, e.data.character)} is compelled by "${e.data.compel.aspect}"${e.data.compel.stake > 1 ? `, raised to ${plural(e.data.compel.stake, "Fate point")}` : ""}: ${e.data.compel.accepted ? "accepts" : "refuses"} (${signed(e.data.compel.delta)} Fate points, ${e.data.fate_points} now)`],
  AspectAvoided: (e, c) => [`${who(c, e.data.target)} avoids "${e.data.aspect}" from ${who(c, e.data.character)}'s maneuver for a Fate point (${e.data.fate_points} now)`],
  InvocationPassed: (e, c) => [`${who(c, e.data.giver)} passes the free invocation of "${e.data.aspect.name}" to ${who(c, e.data.aspect.holder)}`],
  StuntActivated: (e, c) => [`${who(c, e.data.character)} uses the stunt "${e.data.stunt}" (${plural(e.data.fate_points, "Fate point")} left)`],
  Conceded: (e, c) => [`${who(c, e.data.character)} concedes${e.data.attacker ? ` to ${who(c, e.data.attacker)}` : ""}: ${e.data.accepted ? "accepted" : "refused"}; Fate points ${points(e.data.fate_points, c)}`],
  StressTaken: (e, c) => {
    const hit = e.data.hit;
    const taken = e.data.taken?.consequence ? `, takes ${consequence(e.data.taken.consequence)}` : "";
    return [`${who(c, e.data.character)} takes ${plural(hit.shifts, "shift")} of ${plain(hit.track)} stress${hit.box ? ` in box ${hit.box}` : ""}${taken}${e.data.taken_out ? " — taken out" : ""}`];
  },
  Recovered: (e, c) => [`${who(c, e.data.character)} recovers${e.data.consequences.length ? ` from ${list(e.data.consequences.map(consequence))}` : ""} (${plain(e.data.occasion)})`],
  Refreshed: (e, c) => [`Fate points refresh: ${points(e.data.fate_points, c) || "nobody"}`],
  ConflictBegan: (e, c) => [`a ${plain(e.data.kind)} conflict begins${why(e.data.reason)}; initiative: ${names(c, e.data.initiative)}`],
  TurnEnded: (e, c) => [`${who(c, e.data.character)}'s turn ends; ${e.data.next ? `${who(c, e.data.next)} acts` : "nobody is left to act"} (exchange ${e.data.exchange})`],
  TurnDelayed: (e, c) => [`${who(c, e.data.character)} delays until after ${who(c, e.data.after)}; ${who(c, e.data.next)} acts`],
  ConflictEnded: (e) => [`the conflict ends after ${plural(e.data.exchanges, "exchange")}${why(e.data.reason)}`],
  AttackResolved: (e, c) => {
    if (masked(e, "verdict")) return [`${who(c, e.data.character)} attacks, out of sight${secrecy(e.data.visibility)}`];
    const v = e.data.verdict;
    const defence = `${e.data.defence}${masked(e, "block") ? "" : ` (a block of ${e.data.block})`}`;
    const result = v.shifts > 0 ? `hits for ${plural(v.shifts, "shift")} of ${plain(e.data.track)} stress${e.data.hit ? "" : ", to be recorded"}` : "misses";
    return [`${who(c, e.data.character)} attacks ${who(c, e.data.defender)}: effort ${v.effort} against ${defence}, ${result}${e.data.defender_critical ? "; the defence wins with style" : ""}`];
  },
  BlockRaised: (e, c) => {
    const b = e.data.block;
    const what = b.protects ? `protecting ${who(c, b.protects)}` : `against ${b.action ? `"${b.action}"` : "an action"}`;
    return [`${who(c, e.data.character)} blocks ${what} with a strength of ${b.strength}`];
  },
  BlockChallenged: (e, c) => [`${who(c, e.data.character)} ${e.data.verdict.outcome === "success" ? "gets past" : "is stopped by"} ${who(c, e.data.blocker)}'s block (effort ${e.data.verdict.effort} against ${e.data.verdict.against})`],
  Moved: (e, c) => [`${who(c, e.data.character)} moves ${plural(e.data.zones, "zone")}${e.data.border ? ` across a border of ${e.data.border}` : ""}${e.data.to ? ` to ${e.data.to}` : ""}`],
  Pushed: (e, c) => [`${who(c, e.data.character)} pushes ${who(c, e.data.target)} ${plural(e.data.zones, "zone")}${e.data.to ? ` into ${e.data.to}, going along` : ", going along"} (${plural(e.data.cost, "shift")} needed, ${e.data.shifts} scored)`],
  ZonesDrawn: (e, c) => [`the scene's zones: ${list(e.data.zones)}${e.data.borders.length ? `; borders ${list(e.data.borders.map((b) => `${b.zones.join("–")} (${b.value})`))}` : ""}; ${list(Object.entries(e.data.places).map(([id, zone]) => `${who(c, id)} in ${zone}`))}${why(e.data.reason)}`],
  Disarmed: (e, c) => [`${who(c, e.data.character)} disarms ${who(c, e.data.target)} with ${plural(e.data.shifts, "shift")}: picking the weapon up costs ${signed(e.data.pickup.value)}`],
  Rearmed: (e, c) => [`${who(c, e.data.character)} is armed again${why(e.data.reason)}`],
  WeaponPickedUp: (e, c) => [`${who(c, e.data.character)} picks the weapon up${masked(e, "pickup") ? `, out of sight${secrecy(e.data.visibility)}` : ` at ${signed(e.data.pickup.value)} on roll ${e.data.roll}`}${why(e.data.reason)}`],
  FullDefenceDeclared: (e, c) => [`${who(c, e.data.character)} goes into full defence for exchange ${e.data.exchange}: +2 on every defence, no action${why(e.data.reason)}`],
  MinionsSplit: (e, c) => [`${plural(e.data.minions, "minion")} split into groups of ${list(e.data.groups.map(String))}${e.data.npcs.length ? ` (${names(c, e.data.npcs)})` : ""}, against ${names(c, e.data.opponents)}${why(e.data.reason)}`],
  MinionsTakenOut: (e, c) => [`${plural(e.data.taken_out, "minion")} of ${who(c, e.data.character)} taken out: ${e.data.left ? `${e.data.left} left` : "the group is out"}${why(e.data.reason)}`],
  Thrown: (e, c) => [`${who(c, e.data.character)} throws ${who(c, e.data.target)} ${plural(e.data.zones, "zone")}${e.data.to ? ` into ${e.data.to}` : ""} (${plural(e.data.cost, "shift")} needed, ${e.data.shifts} scored)`],
  SceneEnded: (e) => [`the scene ends${e.data.breather ? " with a breather" : ""}${e.data.aspects.length ? `; lasting aspects ${list(e.data.aspects.map(aspect))}` : ""}`],
  // deceived guesses, another defeat, tenacity, the session break, a fragile aspect compelled
  GuessDeceived: (e, c) => [`${who(c, e.data.character)} guessed "${e.data.guess.guess}" and was deceived by ${who(c, e.data.liar)}: the Fate point ${e.data.guess.deceived === "destroyed" ? "is destroyed" : "comes back"}${e.data.aspect ? `, and ${who(c, e.data.liar)} places "${e.data.aspect.name}" on them` : ""}${why(e.data.reason)}`],
  DefeatDemanded: (e, c) => [`${who(c, e.data.character)} spends ${plural(e.data.spent, "Fate point")} to demand another defeat${why(e.data.reason)}`],
  StakesRuled: (e, c) => [`the conflict is ${plain(e.data.stakes)} to ${who(c, e.data.character)}: tenacity ${e.data.degree}${e.data.concedes ? ", and it offers to concede" : ""}${why(e.data.reason)}`],
  TenacityReached: (e, c) => [`${who(c, e.data.character)} holds ${plural(e.data.consequences, "consequence")}, its tenacity of ${e.data.degree}: it offers to concede`],
  ConsequencesCarriedOver: (e) => [`the session breaks with no rest: every consequence lasts one degree less${why(e.data.reason)}`],
  AspectSpent: (e, c) => [`"${e.data.aspect}" on ${who(c, e.data.character)} is gone after its compel`],
};

// Fate points, stress boxes (☒ marked) and consequences
const boxes = (t) => (t ? Array.from({ length: t.boxes }, (_, i) => (t.marked.includes(i + 1) ? "☒" : "☐")).join("") : "?");
const glance = (ch) =>
  `${plural(ch.fate_points ?? 0, "Fate point")} · health ${boxes(ch.health)} · composure ${boxes(ch.composure)}${(ch.consequences || []).length ? ` · ${list(ch.consequences.map(consequence))}` : ""}${ch.out ? ` · ${plain(ch.out)}` : ""}`;

export default withGlance("fate", qualify("fate", lines), glance);
