// Portal: its events in the book's words — the dice pool by kind, rerolls, luck, points,
// damage absorbed as discomfort and wound dice, sequels.

import { list, masked, plain, plural, qualify, secrecy, who, why } from "./lines.js";
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
  RollOpened: (e, c) =>
    [`${who(c, e.data.character)} rolls${masked(e, "difficulty") ? "" : ` against difficulty ${e.data.difficulty}`}: ${masked(e, "pool") ? `in secret${secrecy(e.data.visibility)}` : pool(e.data.pool)}${masked(e, "automatic") ? "" : ` — an automatic ${plain(e.data.automatic)}`}`],
  DieRerolled: (e, c) =>
    [`${who(c, e.data.character)} rerolls a ${kinds[e.data.die.kind] || "pool"} die (${plain(e.data.source)}): ${e.data.old} becomes ${e.data.new}${points(e)}`],
  OnesAndSixesBlocked: (e, c) => [`${who(c, e.data.character)}'s ones and sixes are blocked by ${plain(e.data.by)}${e.data.giver ? ` from ${who(c, e.data.giver)}` : ""}${points(e)}`],
  RollSettled: (e, c) => {
    const verdict = masked(e, "verdict") ? "" : `: ${plain(e.data.verdict.outcome)}${e.data.verdict.result === null ? "" : ` with ${e.data.verdict.result}`}`;
    const readings = masked(e, "result") ? [] : (e.data.result.readings || []).map((r) => `${plain(r.name)} ${r.result}`);
    return [`${who(c, e.data.character)}'s roll settles${verdict}${readings.length ? ` (${list(readings)})` : ""}; luck ${e.data.luck_held} held, ${e.data.luck_lost} lost${e.data.owed ? `, owes ${e.data.owed} (${list(e.data.payments.map(plain))})` : ""}${points(e)}`];
  },
  DamageAbsorbed: (e, c) => [`${who(c, e.data.character)} absorbs ${absorbed(e.data.absorption)}${why(e.data.reason)}`],
  DiceGiven: (e, c) => [`${who(c, e.data.character)} gains ${plural(e.data.dice, `${plain(e.data.kind)} die`, `${plain(e.data.kind)} dice`)}${why(e.data.reason)}: now ${e.data.discomfort} discomfort, ${e.data.wound} wound`],
  DiceRemoved: (e, c) => [`${who(c, e.data.character)} loses ${plural(e.data.dice, `${plain(e.data.kind)} die`, `${plain(e.data.kind)} dice`)}${why(e.data.reason)}: now ${e.data.discomfort} discomfort, ${e.data.wound} wound`],
  LuckRestored: (e, c) => [`${who(c, e.data.character)} recovers ${plural(e.data.dice, "luck die", "luck dice")} (${e.data.luck_held} held, ${e.data.luck_lost} lost)${why(e.data.reason)}`],
  PointsAwarded: (e, c) => [`${who(c, e.data.character)} gains ${masked(e, "amount") ? "points" : plural(e.data.amount, "point")}${masked(e, "gain") ? "" : ` for ${plain(e.data.gain)}`}${points(e)}`],
  PointsSpent: (e, c) => [`${who(c, e.data.character)} spends ${masked(e, "amount") ? "points" : plural(e.data.amount, "point")}${masked(e, "use") ? "" : ` on ${plain(e.data.use)}`}${points(e)}`],
  SequelNamed: (e, c) => [`${who(c, e.data.character)} carries a sequel: ${plain(e.data.sequel.kind)}, level ${e.data.sequel.level}${why(e.data.reason)}`],
};

// the dice a player keeps track of: discomfort and wound dice, luck, points, sequels
const glance = (ch) =>
  `${plural(ch.discomfort ?? 0, "discomfort die", "discomfort dice")}, ${plural(ch.wound ?? 0, "wound die", "wound dice")} · luck ${ch.luck_held ?? "?"} held, ${ch.luck_lost ?? "?"} lost${ch.points ? ` · points ${ch.points.in_hand} in hand, ${ch.points.reserve} in reserve` : ""}${(ch.sequels || []).length ? ` · sequels: ${list(ch.sequels.map((q) => `${plain(q.kind)} ${q.level}`))}` : ""}${ch.dead ? " · dead" : ""}`;

export default withGlance("portal", qualify("portal", lines), glance);
