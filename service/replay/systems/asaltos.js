// Asaltos: its events in the book's words — checks with their dice, hits and wounds by
// location and level, conditions, death timers.

import { duration, list, masked, names, plain, plural, qualify, secrecy, who, why } from "./lines.js";
import { withGlance } from "./generic.js";

const LOCATIONS = { A: "abdomen", BD: "right arm", BI: "left arm", C: "head", P: "chest", PD: "right leg", PI: "left leg" };
const CHARACTERISTICS = { AGI: "Agility", FUE: "Strength", RES: "Endurance", TAM: "Size" };
const HANDS = { BD: "right hand", BI: "left hand" };
const CONDITIONS = {
  crawling: "crawling",
  dropped_everything: "disarmed of all they held",
  dropped_held: "disarmed",
  fainted: "fainted",
  fallen: "fallen",
  unconscious: "unconscious",
};
const place = (code) => LOCATIONS[code] || "somewhere";
const condition = (name) => CONDITIONS[name] || plain(name);
const conditions = (items) => list((items || []).map(condition));

// "rolls 34 against 50: success by 2 levels" or, masked, "rolls in secret"
function check(e, field = "result") {
  if (masked(e, field)) return `rolls in secret${secrecy(e.data.visibility)}`;
  const r = e.data[field];
  const roll = r.face === null || r.face === undefined ? "" : `rolls ${r.face} against ${r.value}: `;
  return `${roll}${r.success ? "success" : "failure"}${r.sl !== null && r.sl !== undefined ? ` (${plural(Math.abs(r.sl), "level")})` : ""}${r.certain ? `, ${plain(r.certain)}` : ""}`;
}

function wound(w) {
  return `a level ${w.level} wound to the ${place(w.location)}`;
}

const lines = {
  CharacterCreated: (e, c) => [`${c.seat(e.data.character.seat)} brings ${e.data.character.name} to the table`],
  ActionsDeclared: (e, c) =>
    masked(e, "actions")
      ? [`${who(c, e.data.character)} declares actions in secret`]
      : [`${who(c, e.data.character)} declares ${list(e.data.actions.map((d) => `${plain(d.action.kind)}${d.action.weapon ? ` with ${d.action.weapon}` : ""}`)) || "no action"}`],
  ActionsPassed: (e, c) => [`${who(c, e.data.character)} passes ${plural(e.data.actions.length, "action")}`],
  AimTaken: (e, c) => [`${who(c, e.data.character)} aims at ${who(c, e.data.aim.target)} (${plural(e.data.aim.rounds, "round")})`],
  AttackRolled: (e, c) => [`${who(c, e.data.character)} attacks ${who(c, e.data.target)} with ${e.data.weapon}: ${e.data.automatic ? "an automatic hit" : check(e)}`],
  AttackHit: (e, c) =>
    masked(e, "hit")
      ? [`an attack lands, out of sight${secrecy(e.data.visibility)}`]
      : [`${who(c, e.data.hit.attacker)} hits ${who(c, e.data.hit.target)}${e.data.hit.location ? ` in the ${place(e.data.hit.location)}` : ""} with ${e.data.hit.weapon}${e.data.hit.critical ? " — a critical" : ""}`],
  AttackFailed: (e, c) => [`${who(c, e.data.character)}'s attack on ${who(c, e.data.target)} ${masked(e, "outcome") ? "fails, out of sight" : `is ${plain(e.data.outcome)}`}`],
  CheckMade: (e, c) => [`${who(c, e.data.character)} checks ${masked(e, "checked") ? "something" : plain(e.data.checked)}: ${check(e)}`],
  OpposedCheckMade: (e, c) =>
    masked(e, "results")
      ? [`${names(c, e.data.characters)} make an opposed check in secret${secrecy(e.data.visibility)}`]
      : [`${names(c, e.data.characters)} make an opposed check: ${masked(e, "winner") ? "no winner" : `${who(c, e.data.winner)} wins`}`],
  DodgeRolled: (e, c) => [`${who(c, e.data.character)} dodges ${who(c, e.data.attacker)}: ${check(e)}`],
  ParryRolled: (e, c) => [`${who(c, e.data.character)} parries ${who(c, e.data.attacker)}: ${check(e)}`],
  CriticalRolled: (e, c) => [`${who(c, e.data.character)} rolls to confirm a critical: ${masked(e, "confirmed") ? `in secret${secrecy(e.data.visibility)}` : e.data.confirmed ? "confirmed" : "not confirmed"}`],
  DamageRolled: (e, c) => {
    if (masked(e, "damage")) return [`${who(c, e.data.attacker)} rolls damage against ${who(c, e.data.target)} in secret${secrecy(e.data.visibility)}`];
    const d = e.data.damage;
    return [`${who(c, e.data.attacker)} rolls damage against ${who(c, e.data.target)}: ${d.total} at the ${place(d.location)}, armour stops ${plural(d.armour_levels, "level")}, a level ${d.level} wound`];
  },
  WoundInflicted: (e, c) =>
    masked(e, "wound")
      ? [`${who(c, e.data.character)} is wounded, out of sight${secrecy(e.data.visibility)}`]
      : [`${who(c, e.data.character)} takes ${wound(e.data.wound)}${why(e.data.reason)}`],
  WoundTreated: (e, c) => [`${who(c, e.data.character)}'s wound is treated${masked(e, "wound") ? " (which one is secret)" : ` (wound ${e.data.wound})`}`],
  WoundHealed: (e, c) => [`${who(c, e.data.character)}'s wound ${e.data.wound} heals`],
  MedicineRolled: (e, c) => [`${who(c, e.data.healer)} treats ${who(c, e.data.patient)} with medicine: ${check(e)}`],
  PainRolled: (e, c) => [`${who(c, e.data.character)} resists the pain: ${check(e)}`],
  ShockSuffered: (e, c) =>
    [`${who(c, e.data.character)} suffers shock${masked(e, "penalty") ? ` — how badly is secret${secrecy(e.data.visibility)}` : `: ${e.data.penalty} to every check`}`],
  CharacteristicLost: (e, c) => [`${who(c, e.data.character)} loses a point of ${CHARACTERISTICS[e.data.characteristic] || "a characteristic"}`],
  ConditionsGained: (e, c) =>
    [`${who(c, e.data.character)} ${masked(e, "conditions") ? `is struck down, out of sight${secrecy(e.data.visibility)}` : `is now ${conditions(e.data.conditions) || "unchanged"}`}`],
  ConditionsLifted: (e, c) => [`${who(c, e.data.character)} is no longer ${conditions(e.data.conditions) || "impaired"}`],
  ConditionCleared: (e, c) => [`${who(c, e.data.character)} is no longer ${condition(e.data.condition)}${why(e.data.reason)}`],
  DeathTimerStarted: (e, c) =>
    masked(e, "timer")
      ? [`${who(c, e.data.character)} is dying, out of sight${secrecy(e.data.visibility)}`]
      : [`${who(c, e.data.character)} is dying (${plain(e.data.timer.cause)}): ${duration(e.data.timer.deadline - e.data.timer.started)} left`],
  DeathTimerStopped: (e, c) => [`${who(c, e.data.character)} is no longer dying`],
  Died: (e, c) => [`${who(c, e.data.character)} dies${masked(e, "cause") ? "" : ` (${plain(e.data.cause)})`}`],
  WeaponsDropped: (e, c) => [`${who(c, e.data.character)} drops ${masked(e, "weapons") ? "what they held" : list(e.data.weapons) || "nothing"}`],
  WeaponTakenUp: (e, c) => [`${who(c, e.data.character)} takes up ${e.data.weapon} in the ${HANDS[e.data.hand] || "hand"}`],
  Moved: (e, c) => [`${who(c, e.data.character)} moves ${e.data.metres} m${why(e.data.reason)}`],
  CombatStarted: (e, c) => [`combat starts: ${names(c, e.data.combatants)}`],
  CombatEnded: () => ["the combat ends"],
  RoundStarted: (e) => [`round ${e.data.round} begins`],
  TandaStarted: (e) => [`action turn ${e.data.tanda} begins`],
  TimeAdvanced: (e) => [`${duration(e.data.seconds)} pass${why(e.data.reason)}`],
  RestInterrupted: (e, c) => [`${who(c, e.data.character)}'s rest is interrupted${why(e.data.reason)}`],
};

// the sheet as the table reads it: wounds by location and level, conditions, death timers
function glance(ch) {
  if (!Array.isArray(ch.wounds)) return "wounds not shown";
  const wounds = ch.wounds.map((w) => `level ${w.level} at the ${place(w.location)}${w.suppressed ? " (healing)" : ""}`);
  const state = [ch.dead ? "dead" : "", ch.in_shock ? "in shock" : "", (ch.timers || []).length ? "dying" : "", conditions(ch.conditions)];
  return `${wounds.length ? `wounds: ${wounds.join("; ")}` : "unhurt"}${list(state) ? ` · ${list(state)}` : ""}`;
}

export default withGlance("asaltos", qualify("asaltos", lines), glance);
