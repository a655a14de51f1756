// Portal: its events in the book's words — the dice pool by kind, rerolls, luck, points,
// damage absorbed as discomfort and wound dice, sequels.

import { list, masked, names, plain, plural, qualify, secrecy, signed, who, why } from "./lines.js";
import { withGlance } from "./generic.js";

const points = (e) => (masked(e, "points") ? "" : ` (${e.data.points.in_hand} in hand, ${e.data.points.reserve} in reserve)`);
const kinds = { basic: "basic", discomfort: "discomfort", luck: "luck", tempt: "temptation", wound: "wound" };

function pool(p) {
  const dice = ["basic", "luck", "discomfort", "wound"]
    .filter((kind) => (p[kind] || []).length)
    .map((kind) => `${kinds[kind]} ${p[kind].join(" ")}`);
  if (p.tempt !== null && p.tempt !== undefined) dice.push(`temptation ${p.tempt}`);
  return dice.join(" · ") || "no dice";
}

function absorbed(a) {
  return `${plural(a.points, "point")} of damage: ${plural(a.discomfort, "discomfort die", "discomfort dice")}, ${plural(a.wound, "wound die", "wound dice")}${a.stunned_turns ? `, stunned ${plural(a.stunned_turns, "turn")}` : ""}${a.unabsorbed ? `, ${a.unabsorbed} unabsorbed` : ""}`;
}

const lines = {
  CharacterCreated: (e, c) => [`${c.seat(e.data.character.seat)} brings ${e.data.character.name} to the table`],
  CharacterPriced: (e, c) => [`${who(c, e.data.character)} is built with character points${masked(e, "price") ? "" : `: ${e.data.price.pool} granted, ${e.data.price.limitations} from limitations, ${e.data.price.unspent} left unspent, ${e.data.price.points.in_hand} in hand to play`}`],
  RollOpened: (e, c) =>
    [`${who(c, e.data.character)} rolls${masked(e, "difficulty") ? "" : ` against difficulty ${e.data.difficulty}`}: ${masked(e, "pool") ? `in secret${secrecy(e.data.visibility)}` : pool(e.data.pool)}${masked(e, "automatic") ? "" : ` — an automatic ${plain(e.data.automatic)}`}`],
  DieRerolled: (e, c) =>
    [`${who(c, e.data.character)} rerolls a ${kinds[e.data.die.kind] || "pool"} die (${plain(e.data.source)}): ${e.data.old} becomes ${e.data.new}${points(e)}`],
  RollFixed: (e, c) => [`${who(c, e.data.character)} fixes the roll's ${plain(e.data.fixed.name)} at ${e.data.fixed.result}; the damage's or aguante's rerolls follow`],
  OnesAndSixesBlocked: (e, c) => [`${who(c, e.data.character)}'s ones and sixes are blocked by ${plain(e.data.by)}${e.data.giver ? ` from ${who(c, e.data.giver)}` : ""}${points(e)}`],
  RollSettled: (e, c) => {
    const verdict = masked(e, "verdict") ? "" : `: ${plain(e.data.verdict.outcome)}${e.data.verdict.result === null ? "" : ` with ${e.data.verdict.result}`}`;
    const readings = masked(e, "result") ? [] : (e.data.result.readings || []).map((r) => `${plain(r.name)} ${r.result}`);
    return [`${who(c, e.data.character)}'s roll settles${verdict}${readings.length ? ` (${list(readings)})` : ""}; luck ${e.data.luck_held} held, ${e.data.luck_lost} lost${e.data.owed ? `, owes ${e.data.owed} (${list(e.data.payments.map(plain))})` : ""}${points(e)}`];
  },
  DamageAbsorbed: (e, c) => [`${who(c, e.data.character)} absorbs ${absorbed(e.data.absorption)}${why(e.data.reason)}`],
  DiceGiven: (e, c) => [`${who(c, e.data.character)} gains ${plural(e.data.dice, `${plain(e.data.kind)} die`, `${plain(e.data.kind)} dice`)}${why(e.data.reason)}: now ${e.data.discomfort} discomfort, ${e.data.wound} wound`],
  DiceRemoved: (e, c) => [`${who(c, e.data.character)} loses ${plural(e.data.dice, `${plain(e.data.kind)} die`, `${plain(e.data.kind)} dice`)}${why(e.data.reason)}: now ${e.data.discomfort} discomfort, ${e.data.wound} wound`],
  DriveRuled: (e, c) => [`${masked(e, "drive") ? `One of ${who(c, e.data.character)}'s drives` : `${who(c, e.data.character)}'s drive ${e.data.drive}`} is ${e.data.fulfilled ? "fulfilled" : "failed"} (${plain(e.data.scope)}): ${plain(e.data.consequence)}${why(e.data.reason)}`],
  ThornDrivenIn: (e, c) => [`A thorn is driven into ${who(c, e.data.character)}: ${e.data.thorn.name}, ${e.data.thorn.gives === "reflex" ? `-${e.data.thorn.amount} to every reflex roll` : plural(e.data.thorn.amount, `${plain(e.data.thorn.gives)} die`, `${plain(e.data.thorn.gives)} dice`)} ${e.data.thorn.every}${why(e.data.reason)}`],
  ThornStruck: (e, c) => [`${who(c, e.data.character)}'s thorn ${e.data.thorn.name} strikes${why(e.data.reason)}${e.data.critical ? `: ${e.data.critical} past the damage limit, the last aguante roll due` : ""}${e.data.lost ? `: ${e.data.lost} past the damage limit, lost` : ""}`],
  ThornCriticalRolled: (e, c) => [`${who(c, e.data.character)} fights for life${masked(e, "critical") ? "" : `: aguante ${e.data.critical.aguante} against ${e.data.critical.unabsorbed} past the limit, ${plain(e.data.critical.state)}${e.data.critical.stabilised ? " and stabilised" : ""}`}`],
  ThornSolved: (e, c) => [`${who(c, e.data.character)}'s thorn ${e.data.thorn.name} is solved${why(e.data.reason)}`],
  MedicalCareGiven: (e, c) => [`${who(c, e.data.character)} receives proper medical care: the sequels of level 2 end${why(e.data.reason)}`],
  SceneEnded: (e) => [`The scene ends: the sequels of level 1 end${why(e.data.reason)}`],
  AdventureEnded: (e) => [`The adventure ends: the reserves come back to hand, the partly applicable Fortalezas are whole again, the sequels of level 1 and 2 end${why(e.data.reason)}`],
  LuckRestored: (e, c) => [`${who(c, e.data.character)} recovers ${plural(e.data.dice, "luck die", "luck dice")} (${e.data.luck_held} held, ${e.data.luck_lost} lost)${why(e.data.reason)}`],
  PointsAwarded: (e, c) => [`${who(c, e.data.character)} gains ${masked(e, "amount") ? "points" : plural(e.data.amount, "point")}${masked(e, "gain") ? "" : ` for ${plain(e.data.gain)}`}${points(e)}`],
  PointsSpent: (e, c) => [`${who(c, e.data.character)} spends ${masked(e, "amount") ? "points" : plural(e.data.amount, "point")}${masked(e, "use") ? "" : ` on ${plain(e.data.use)}`}${points(e)}`],
  SpecialtyBought: (e, c) => [`${who(c, e.data.character)} buys a temporary specialty before rolling: ${plain(e.data.fortaleza)} adds ${e.data.bonus} to ${list(e.data.readings.map(plain))}${why(e.data.reason)}${points(e)}`],
  SequelNamed: (e, c) => [`${who(c, e.data.character)} carries a sequel: ${plain(e.data.sequel.kind)}, level ${e.data.sequel.level}${why(e.data.reason)}`],
};

// combat: reflex phases and cold blood, strikes through toughness, the critical state, death
const readings = (rs) => list((rs || []).map((r) => `${plain(r.name)} ${r.result}`));

function coldBlood(cb) {
  const paid = [
    cb.lost_turns ? plural(cb.lost_turns, "lost turn") : "",
    cb.discomfort ? plural(cb.discomfort.points, "discomfort die", "discomfort dice") : "",
  ];
  const reflexes = cb.missing - cb.lost_turns - (cb.discomfort ? cb.discomfort.points : 0);
  if (reflexes > 0) paid.push(plural(reflexes, "reflex point"));
  return `; cold blood ${cb.result} against ${cb.difficulty}${cb.missing ? `, ${cb.missing} short${list(paid) ? `: ${list(paid)}` : ""}` : ""}`;
}

function thorn(t) {
  return `; aguante ${t.aguante} against ${t.accumulated} accumulated${(t.thorns || []).length ? `: a thorn (${list(t.thorns.map((x) => `${plain(x.gives)} every ${plain(x.every)}`))})` : ", no thorn"}`;
}

// a strike's outcome: "a hit by 2, damage 7", "a tie, the setting deals 3", "a miss"
const landed = (s, dealt) =>
  s.outcome === "hit" ? `a hit by ${s.excess}${dealt === null ? "" : `, damage ${dealt}`}` : s.outcome === "tie" ? `a tie, the setting deals ${s.environment}` : "a miss";
const passed = (through) => (through ? `${plural(through, "point")} through` : "nothing through");
// what met a contender's aguante (its total, if seen) and what the points through did
const endured = (aguante, through, absorption) =>
  `${aguante === null ? "" : ` against aguante ${aguante}`}: ${passed(through)}${absorption ? ` — ${absorbed(absorption)}` : ""}`;
// a supporting character's G after the points through [002:1301-1307]
const lowered = (through, generic, out) => `${passed(through)}, generic value now ${generic}${out ? ", out of combat" : ""}`;
// what came with a result: its weapon's changes besides the dice (a penalty to hit, taken off
// the attack shown; aces on damage), its fumble penalties [002:1555-1562]
function aside(weapon, fumbles) {
  const changes = list([weapon?.attack_penalty ? `${weapon.attack_penalty} off the attack` : "", weapon?.damage_aces ? `${plural(weapon.damage_aces, "ace")} on damage` : ""]);
  const notes = [changes ? `the weapon: ${changes}` : "", fumbles ? plural(fumbles, "fumble penalty", "fumble penalties") : ""];
  return notes.some(Boolean) ? ` (${notes.filter(Boolean).join("; ")})` : "";
}

function blow(e) {
  if (e.data.killed) return `out of combat, ${who(e.c, e.data.character)} dies`;
  if (masked(e, "strike")) return "the blow is not seen";
  const s = e.data.strike;
  const swept = masked(e, "sweep") ? "" : ` (a sweep: half of ${e.data.sweep.damage_total} added)`;
  const against = `attack ${s.attack}${aside(e.data.weapon, 0)}${swept} against defence ${s.defence}`;
  const dealt = masked(e, "sweep") ? (masked(e, "damage") ? null : e.data.damage.total) : e.data.sweep.damage;
  const through = s.outcome === "miss" ? "" : endured(masked(e, "toughness") ? null : e.data.toughness.total, e.data.through, masked(e, "absorption") ? null : e.data.absorption);
  const knee = masked(e, "knee") ? "" : ` — at the knee: ${plural(e.data.knee.discomfort, "discomfort die", "discomfort dice")}${e.data.knee.sequel_level ? `, a movement sequel of level ${e.data.knee.sequel_level}` : ""}`;
  const head = masked(e, "head") ? "" : ` — at the head: ${e.data.head.effect === "stun" ? `stunned for ${plural(e.data.head.stunned_turns, "turn")}` : `+${e.data.head.bonus} damage`}`;
  const hand = masked(e, "hand_sequel") ? "" : ` — at the hand: ${plural(e.data.hand_sequel.discomfort, "discomfort die", "discomfort dice")}${e.data.hand_sequel.sequel_level ? `, a sequel of that hand of level ${e.data.hand_sequel.sequel_level}` : ""}`;
  const disarmed = !masked(e, "disarmed") && e.data.disarmed ? ` — disarmed` : "";
  const broken = !masked(e, "broken_weapon") && e.data.broken_weapon ? ` — the weapon broken` : "";
  return `${against}, ${landed(s, dealt)}${through}${knee}${hand}${head}${disarmed}${broken}`;
}

Object.assign(lines, {
  CombatStarted: (e, c) => [`a combat starts (${plain(e.data.fight)}, cold blood ${e.data.cold_blood_difficulty}) between ${names(c, e.data.contenders)}; ties go ${e.data.direction_die % 2 === 0 ? "right" : "left"} round the table${why(e.data.reason)}`],
  ReflexesTaken: (e, c) => [`${who(c, e.data.character)}${masked(e, "reflexes") ? " takes reflexes in secret" : ` has reflexes ${e.data.reflexes}${masked(e, "thorn_penalty") || !e.data.thorn_penalty ? "" : ` (${e.data.thorn_penalty} off for thorns)`}, acting in ${(e.data.phases || []).length ? `phases ${list(e.data.phases.map(String))}` : "no phase"}`}${masked(e, "cold_blood") ? "" : coldBlood(e.data.cold_blood)}${masked(e, "thorn") ? "" : thorn(e.data.thorn)}`],
  CombatRollSettled: (e, c) => [`${who(c, e.data.character)}'s roll is kept for a strike${masked(e, "readings") ? "" : `: ${readings(e.data.readings)}`}${!masked(e, "tempt") && e.data.tempt ? "; luck tempted, the die comes back if the roll beats the opponent's" : ""}`],
  StrikeResolved: (e, c) => [`${who(c, e.data.attacker)} strikes ${who(c, e.data.character)}${e.data.opportunities ? " (an opportunity attack)" : ""}${e.data.critical_action ? ` (a ${e.data.critical_action === "heroic" ? "last heroic" : "normal"} action past the damage limit)` : ""}${e.data.hold ? ` (holding: +${e.data.hold})` : ""}${why(e.data.reason)}: ${blow({ ...e, c })}${e.data.heavy ? ` (a heavy weapon's ${e.data.heavy} again)` : ""}${(e.data.damage_rerolls || []).length ? ` (damage aces reroll ${list(e.data.damage_rerolls.map((r) => `${r.old} to ${r.new}`))})` : ""}`],
  TemptLuckRecovered: (e, c) => [`${who(c, e.data.character)}'s tempted luck pays off: ${e.data.result} beats ${e.data.against}, the temptation die comes back (luck ${e.data.luck_held} held, ${e.data.luck_lost} lost)`],
  CriticalStateRolled: (e, c) => [`${who(c, e.data.character)} fights for life${masked(e, "critical") ? "" : `: aguante ${e.data.critical.aguante} against ${e.data.critical.unabsorbed} unabsorbed, ${plain(e.data.critical.state)}${e.data.critical.stabilised ? " and stabilised" : ""}`}`],
  ManeuverMade: (e, c) => [`${who(c, e.data.character)} maneuvers${e.data.critical_action ? ` (a ${e.data.critical_action === "heroic" ? "last heroic" : "normal"} action past the damage limit)` : ""}${e.data.enemy ? ` against ${who(c, e.data.enemy)}'s reflexes` : ""}${masked(e, "leaving") || !e.data.leaving ? "" : ` to leave melee: ${e.data.leaving.result} against ${e.data.leaving.difficulty}, ${e.data.leaving.outcome === "success" ? "no opportunity attack this turn" : "not spared an opportunity attack"}`}${masked(e, "maneuver") ? "" : `: ${e.data.maneuver.result}${e.data.enemy ? (e.data.maneuver.succeeded ? `, above ${e.data.maneuver.enemy_reflexes}: an ace on the next attack` : `, not above ${e.data.maneuver.enemy_reflexes}`) : ""}; reflexes now ${e.data.maneuver.reflexes}`}`],
  PhaseAdvanced: (e, c) => [`turn ${e.data.turn}, phase ${e.data.phase}: ${(e.data.order || []).length ? `${names(c, e.data.order)} act` : "nobody acts"}${(e.data.idle || []).length ? `; ${names(c, e.data.idle)} lose the turn` : ""}${(e.data.stunned || []).length ? `; ${names(c, e.data.stunned)} stunned` : ""}`],
  CombatEnded: (e) => [`the combat ends, and the sequels of level 1 made in it${why(e.data.reason)}`],
  AttackCalled: (e, c) => [`${who(c, e.data.character)}'s ${e.data.attack ? "attack" : "maneuver"} roll is called${e.data.target ? ` against ${who(c, e.data.target)}` : ""}${masked(e, "aces") || !e.data.aces ? "" : ` with ${plural(e.data.aces, "standing ace")}`}`],
  ManeuverDeclared: (e, c) => [`${who(c, e.data.character)} ${{ total_defence: "stays on total defence", prepare_attack: "prepares an attack", neglect_defence: "neglects defence" }[e.data.maneuver] || plain(e.data.maneuver)}${e.data.reach ? " safely, a reach weapon keeping the foe off" : ""}${e.data.standing && e.data.standing.target ? ` against ${who(c, e.data.standing.target)}` : ""}${why(e.data.reason)}`],
  FreeActionTaken: (e, c) => [`${who(c, e.data.character)} takes a free action (${plain(e.data.action)})${why(e.data.reason)}${e.data.bought ? `, bought with a reflex point: reflexes now ${e.data.reflexes}` : ""}`],
});

// the story outside combat: confrontations and collaborations of settled rolls, advancement, spells
const side = (c, r) => `${who(c, r.character)} ${r.result}`;
const total = (rs) => (rs || []).reduce((sum, r) => sum + r.result, 0);
const won = (c, e, first, second) =>
  e.data.winner === "tie" ? "a tie" : `${who(c, (e.data.winner === "first" ? first : second).character)} wins by ${Math.abs(e.data.difference)}`;

Object.assign(lines, {
  RerollsCut: (e, c) => [`${who(c, e.data.first.character)} and ${who(c, e.data.second.character)} cut each other's rerolls by ${e.data.cut}${e.data.later_cut ? `, their damage and aguante by ${e.data.later_cut}` : ""}${e.data.aces ? ", aces included" : ""}${why(e.data.reason)}`],
  Confronted: (e, c) => [`${side(c, e.data.first)} against ${side(c, e.data.second)}${e.data.advantage ? `, an advantage of ${signed(e.data.advantage)}` : ""}${e.data.doubled ? `, the ${plain(e.data.doubled)} side's result doubled` : ""}: ${won(c, e, e.data.first, e.data.second)}${e.data.first_fumbled || e.data.second_fumbled ? ", a fumble" : ""}${why(e.data.reason)}`],
  ExtendedStarted: (e, c) => [`An extended confrontation between ${who(c, e.data.first)} and ${who(c, e.data.second)}: the first to lead by ${e.data.target} wins${why(e.data.reason)}`],
  ExchangeBanked: (e, c) => [`An exchange: ${side(c, e.data.first)} against ${side(c, e.data.second)}, the balance now ${signed(e.data.balance)}${e.data.winner ? `: ${who(c, e.data[e.data.winner].character)} wins the contest` : ""}`],
  AcesBought: (e) => [`The ${plain(e.data.side)} side spends ${plural(e.data.levels, "banked level")} on ${plural(e.data.aces, "ace")}, the balance now ${signed(e.data.balance)}${why(e.data.reason)}`],
  PsychologicalConfronted: (e, c) => [`${who(c, e.data.manipulator.character)} pays ${masked(e, "paid_with") ? "the price" : { luck: "a luck die", pool: "from a pool", harm: "a discomfort die" }[e.data.paid_with]} to sway ${who(c, e.data.victim.character)}: ${e.data.manipulator.result} against ${e.data.victim.result}, ${e.data.influenced ? `influenced by ${e.data.margin}` : "not influenced"}${e.data.victim_dictated ? "; the game master may dictate the behaviour" : ""}${e.data.backfires ? "; it backfires" : ""}${why(e.data.reason)}`],
  TeamsConfronted: (e, c) => [`${names(c, e.data.first.map((r) => r.character))} (${total(e.data.first)}) against ${names(c, e.data.second.map((r) => r.character))} (${total(e.data.second)}): ${e.data.winner === "tie" ? "a tie" : `the ${plain(e.data.winner)} team wins by ${Math.abs(e.data.difference)}`}${why(e.data.reason)}`],
  Collaborated: (e, c) => [`A collaboration against ${e.data.collaborative_difficulty}: ${list(e.data.members.map((m) => `${side(c, m.roll)}${m.covered ? " covered" : ""} (${plain(m.outcome)})`))}; ${e.data.excess} pooled, ${e.data.spent} spent${e.data.task_failed ? ", the task fails" : ""}${why(e.data.reason)}`],
  CharacterAdvanced: (e, c) => [`${who(c, e.data.character)} improves${masked(e, "improvement") ? "" : `: ${plain(e.data.improvement)}${e.data.name ? ` ${plain(e.data.name)}` : ""}`}${masked(e, "cost") ? "" : ` for ${plural(e.data.cost, "point")}`}${masked(e, "approval") ? "" : why(e.data.approval)}; concept ${plain(e.data.concept)}`],
  SupportingAdded: (e) => [`${e.data.supporting.name} joins the story, generic value ${e.data.supporting.generic}${why(e.data.reason)}`],
  SupportingTurnRolled: (e) => [`A supporting character's turn die shows ${e.data.face}: ${e.data.modifier ? `${signed(e.data.modifier)} to every total` : "no change"} (attack ${e.data.totals.attack}, defence ${e.data.totals.defence}, aguante ${e.data.totals.aguante})`],
  SupportingHurt: (e) => [`A supporting character takes a damage total of ${e.data.damage_total} against aguante ${e.data.aguante}: ${lowered(e.data.through, e.data.generic, e.data.out)}${why(e.data.reason)}`],
  DifficultyDeferred: (e, c) => [`${who(c, e.data.character)} must beat ${who(c, e.data.first.character)}'s ${e.data.first.result}${e.data.factor > 1 ? ` times ${e.data.factor}` : ""}${e.data.bonus ? ` ${e.data.bonus > 0 ? "plus" : "minus"} ${Math.abs(e.data.bonus)}` : ""}: difficulty ${e.data.difficulty}${why(e.data.reason)}`],
  UnitStacked: (e, c) => [`A unit of ${/^s\d/.test(e.data.leader) ? plural(e.data.members.length + 1, "supporting character") : `${plural(e.data.members.length, "supporting character")} around ${who(c, e.data.leader)}`} stacks for ${plain(e.data.purpose)}: ${list(["attack", "damage", "defence"].filter((k) => k in e.data.totals).map((k) => `${k} ${e.data.totals[k]}`))}, acting at reflexes ${e.data.reflexes}`],
  SpellCast: (e, c) => [`${who(c, e.data.character)} works a spell of rank ${e.data.rank} (${plain(e.data.purpose)})${e.data.difficulty === null ? ", no roll needed" : ` against difficulty ${e.data.difficulty}`}${e.data.missing ? `, ${plural(e.data.missing, "element")} missing` : ""}${why(e.data.reason)}`],
  SpellPaid: (e, c) => [`${who(c, e.data.character)} pays ${e.data.rite_of ? `a share of ${who(c, e.data.rite_of)}'s rank 3 rite` : "a spell's elements"} before its roll${["luck", "discomfort", "wound"].some((k) => e.data.elements[k]) ? `: ${list(["luck", "discomfort", "wound"].filter((k) => e.data.elements[k]).map((k) => plural(e.data.elements[k], `${k} die`, `${k} dice`)))}` : ""}${masked(e, "points_paid") || !e.data.points_paid ? "" : `, ${plural(e.data.points_paid, "character point")}`}`],
  CriticalActionTaken: (e, c) => [`${who(c, e.data.character)} takes a ${e.data.action === "heroic" ? "last heroic" : e.data.action} action past the damage limit${masked(e, "paid_with") ? "" : ` paid with ${{ luck: "a luck die", points: "a character point", pool: "the pool", harm: "harm" }[e.data.paid_with]}`}, ${plain(e.data.state)} after${why(e.data.reason)}`],
});

// supporting characters in a fight, alone or stacked in units [002:1285-1419]
const stacked = (c, u) => ((u?.members || []).length ? ` with ${list(u.members.map((m) => `${who(c, m.supporting)} (a ${m.face})`))} stacked` : "");

Object.assign(lines, {
  SupportingClashed: (e, c) => {
    const d = e.data;
    const hit = d.hit ? (d.excess ? `a hit by ${d.excess}` : "a tie, which hits") : "a miss";
    return [`${who(c, d.attacker)}${stacked(c, d.attack_unit)} attacks ${who(c, d.target)}${stacked(c, d.defence_unit)}${why(d.reason)}: attack ${d.attack} against defence ${d.defence}, ${hit}${d.hit ? `; damage ${d.damage} against aguante ${d.aguante}: ${lowered(d.through, d.generic, d.out)}` : ""}`];
  },
  SupportingAttacked: (e, c) => {
    const d = e.data;
    const s = { outcome: d.hit ? "hit" : masked(e, "environment") ? "miss" : "tie", excess: d.excess, environment: d.environment };
    const defence = masked(e, "defence") ? "no defence" : `defence ${d.defence}${aside(null, d.fumble)}${stacked(c, d.defence_unit)}`;
    const told = d.killed
      ? `out of combat, ${who(c, d.character)} dies`
      : `attack ${d.attack} against ${defence}, ${landed(s, d.hit ? d.damage_total : null)}${s.outcome === "miss" ? "" : endured(masked(e, "toughness") ? null : d.toughness.total, d.through, masked(e, "absorption") ? null : d.absorption)}`;
    return [`${who(c, d.attacker)}${stacked(c, d.attack_unit)} attacks ${who(c, d.character)}${why(d.reason)}: ${told}`];
  },
  SupportingDefended: (e, c) => {
    const d = e.data;
    const s = d.strike;
    return [`${who(c, d.attacker)}${stacked(c, d.attack_unit)} strikes ${who(c, d.target)}${stacked(c, d.defence_unit)}${why(d.reason)}: attack ${s.attack}${aside(d.weapon, d.fumble)} against defence ${s.defence}, ${landed(s, s.outcome === "hit" ? d.damage_total : null)}${s.outcome === "miss" ? "" : ` against aguante ${d.aguante}: ${lowered(d.through, d.generic, d.out)}`}`];
  },
});

// special attacks [002:1473-1529], and a team leader's ceded levels [002:914-918]
function oneOfMany(c, a) {
  const s = a.strike;
  const after = s.outcome === "miss" ? "" : `${endured(a.aguante, a.through, a.absorption)}${a.taken === null || a.taken === undefined ? "" : `, ${a.taken} taken in all`}`;
  return `against ${who(c, a.defender ?? a.supporting)}, attack ${s.attack}${a.hold ? ` (holding: +${a.hold})` : ""}${aside(a.weapon, a.fumbles)} against defence ${s.defence}, ${landed(s, a.damage ? a.damage.total : null)}${after}`;
}

const grip = { none: "", one_hand: " (a weapon in one hand)", two_hands: " (a weapon in both hands)" };

Object.assign(lines, {
  LevelCeded: (e, c) => [`${who(c, e.data.leader)}, leading the team${why(e.data.reason)}, cedes a Fortaleza level to ${who(c, e.data.character)}: ${plural(e.data.leader_entitlement.fortaleza, "Fortaleza reroll")} left, ${plural(e.data.entitlement.fortaleza, "Fortaleza reroll")} for ${who(c, e.data.character)}`],
  Immobilized: (e, c) => {
    const g = e.data.grapple;
    const struggle = g.immobilized ? `immobilized by ${g.margin}` : "breaks free";
    return [`${who(c, e.data.grabber)} grabs at ${who(c, e.data.character)}${why(e.data.reason)}: attack ${e.data.attack.result} against defence ${g.defence}${grip[e.data.defender_weapon] ?? ""}, ${g.grabbed ? `grabbed; the struggle ${g.struggle} (strength ${e.data.strength.result}) against ${e.data.struggle.result}: ${struggle}` : "not grabbed"}`];
  },
  BreakFreeAttempted: (e, c) => {
    const g = e.data.grapple;
    const held = g.immobilized ? `still held, by ${g.margin}` : "breaks free";
    return [`${who(c, e.data.character)} struggles to break ${who(c, e.data.holder)}'s hold${why(e.data.reason)}: attack ${e.data.attack.result} + ${e.data.advantage} against defence ${g.defence}${grip[e.data.defender_weapon] ?? ""}, ${g.grabbed ? `the struggle ${g.struggle} (strength ${e.data.strength.result}) against ${e.data.struggle.result}: ${held}` : "not grabbed: breaks free"}`];
  },
  HoldReleased: (e, c) => [`${who(c, e.data.holder)} no longer holds ${who(c, e.data.character)}${why(e.data.reason)}`],
  MultipleAttackResolved: (e, c) => {
    const d = e.data;
    const harder = d.increment ? `, each ${d.increment} harder${d.cancelled ? ` with ${d.cancelled} cancelled` : ""}` : "";
    return [`${who(c, d.attacker)} makes ${plural(d.attacks.length, "attack")} at once${why(d.reason)}${harder}, reflexes now ${d.reflexes}: ${d.attacks.map((a) => oneOfMany(c, a)).join("; ")}`];
  },
});

// the dice a player keeps track of: discomfort and wound dice, luck, points, sequels
const glance = (ch) =>
  `${plural(ch.discomfort ?? 0, "discomfort die", "discomfort dice")}, ${plural(ch.wound ?? 0, "wound die", "wound dice")} · luck ${ch.luck_held ?? "?"} held, ${ch.luck_lost ?? "?"} lost${ch.points ? ` · points ${ch.points.in_hand} in hand, ${ch.points.reserve} in reserve` : ""}${(ch.sequels || []).length ? ` · sequels: ${list(ch.sequels.map((q) => `${plain(q.kind)} ${q.level}`))}` : ""}${ch.dead ? " · dead" : ""}`;

// its supporting characters, which event lines name by id
const others = (view) => (view.supporting || []).map((s) => s.character);

export default withGlance("portal", qualify("portal", lines), glance, others);
