// Stepdice: its events in the book's words — the attribute die and its target, Hearts and
// Mana, clocks, enemies.

import { masked, names, plain, plural, qualify, secrecy, who, why } from "./lines.js";
import { track, withGlance } from "./generic.js";

const OUTCOMES = {
  exceptional: "an exceptional success",
  success: "a success",
  failure: "a failure",
  failure_complication: "a failure with a complication",
};
const OWED = { benefit: "a benefit", complication: "a complication", consequence: "a consequence", venganza: "a vengeance" };

// "d8 showing 6 against 5: a success" or "rolled in secret"
function die(e) {
  if (masked(e, "face") || masked(e, "outcome")) return `rolled in secret${secrecy(e.data.visibility)}`;
  const target = masked(e, "target") ? "" : ` against ${e.data.target}`;
  const owed = masked(e, "owed") ? "" : `, owing ${OWED[e.data.owed] || plain(e.data.owed)}`;
  return `${masked(e, "die") ? "a die" : `d${e.data.die}`} showing ${e.data.face}${target}: ${OUTCOMES[e.data.outcome] || plain(e.data.outcome)}${owed}`;
}

const helped = (e, c) => (e.data.helper ? `, helped by ${who(c, e.data.helper)}` : "");
const hearts = (e) => (masked(e, "hearts") ? "" : ` (${plural(e.data.hearts, "Heart")} left)`);
const cause = (e) => (masked(e, "cause") ? "" : why(e.data.cause));

const lines = {
  CharacterCreated: (e, c) => [`${c.seat(e.data.character.seat)} brings ${e.data.character.name} to the table`],
  TestRolled: (e, c) => [`${who(c, e.data.character)} tests ${masked(e, "attribute") ? "an attribute" : plain(e.data.attribute)}${helped(e, c)}: ${die(e)}`],
  AttackRolled: (e, c) => [`${who(c, e.data.character)} attacks ${who(c, e.data.enemy)} (${plain(e.data.kind)}, ${plain(e.data.attribute)})${helped(e, c)}: ${die(e)}`],
  SpellCast: (e, c) => [`${who(c, e.data.character)} casts ${plain(e.data.effect)} (${plain(e.data.level)}, ${e.data.cost} Mana)${helped(e, c)}: ${die(e)}`],
  HelpGiven: (e, c) => [`${who(c, e.data.helper)} helps ${who(c, e.data.helped)} (${plain(e.data.how)})`],
  RaisedByAlly: (e, c) => [`${who(c, e.data.helper)} raises ${who(c, e.data.character)} (${plain(e.data.how)})`],
  BenefitGranted: (e, c) => [`${who(c, e.data.character)} gains a benefit${masked(e, "benefit") ? "" : `: ${plain(e.data.benefit)}`}`],
  ComplicationNamed: (e, c) => [`a complication for ${who(c, e.data.character)}${masked(e, "complication") ? "" : `: ${plain(e.data.complication)}`}`],
  VenganzaResolved: (e, c) => [`${who(c, e.data.enemy)} takes vengeance on ${who(c, e.data.character)}${masked(e, "effect") ? "" : `: ${plain(e.data.effect)}`}`],
  ArmourOffered: (e, c) => [`${who(c, e.data.character)} may let the armour take the blow${cause(e)}`],
  ArmourSpent: (e, c) => [`${who(c, e.data.character)}'s armour takes the blow${cause(e)}`],
  HeartLost: (e, c) => [`${who(c, e.data.character)} loses a Heart${cause(e)}${hearts(e)}`],
  HeartsHealed: (e, c) => [`${who(c, e.data.character)} heals${masked(e, "hearts") ? "" : ` to ${plural(e.data.hearts, "Heart")}`}`],
  Downed: (e, c) => [`${who(c, e.data.character)} is down`],
  Died: (e, c) => [`${who(c, e.data.character)} dies${cause(e)}`],
  ManaSpent: (e, c) => [`${who(c, e.data.character)} spends ${e.data.amount} Mana${masked(e, "mana") ? "" : ` (${e.data.mana} left)`}`],
  ManaRefunded: (e, c) => [`${who(c, e.data.character)} gets ${masked(e, "amount") ? "some" : e.data.amount} Mana back${masked(e, "mana") ? "" : ` (${e.data.mana} now)`}`],
  MaximaSet: (e, c) => [`${who(c, e.data.character)}: ${e.data.hearts} of ${plural(e.data.hearts_max, "Heart")}${e.data.mana_max === null || e.data.mana_max === undefined ? "" : `, ${e.data.mana} of ${e.data.mana_max} Mana`}${why(e.data.reason)}`],
  CharacterAdvanced: (e, c) => [`${who(c, e.data.character)} advances: ${plain(e.data.advance)}${e.data.attribute ? ` in ${plain(e.data.attribute)}` : ""}${e.data.rank ? `, now ${plain(e.data.rank)}` : ""} (${plural(e.data.hearts_max, "Heart")} at most)`],
  RestCompleted: (e, c) => [`${names(c, e.data.characters) || "nobody"} rest${why(e.data.reason)}`],
  SceneBegun: (e) => [`scene ${e.data.scene} begins${why(e.data.reason)}`],
  EnemyAdded: (e) => [`${e.data.enemy.name} enters (${plain(e.data.enemy.category)}, ${plain(e.data.enemy.grade)}, ${plural(e.data.enemy.hearts_max, "Heart")})`],
  EnemyHit: (e, c) => [`${who(c, e.data.enemy)} is hit${masked(e, "hearts") ? "" : `: ${plural(e.data.hearts, "Heart")} left`}${masked(e, "status") ? "" : `, ${plain(e.data.status)}`}`],
  ClockStarted: (e) => [`clock "${e.data.clock.name}" starts: ${plural(e.data.clock.steps, "step")} to ${plain(e.data.clock.consequence)}`],
  ClockAdvanced: (e, c) => [`clock ${c.character(e.data.clock)} advances${masked(e, "position") ? "" : ` to ${e.data.position}`}${masked(e, "reason") ? "" : why(e.data.reason)}`],
  ClockRanOut: (e, c) => [`clock ${c.character(e.data.clock)} runs out${masked(e, "consequence") ? "" : `: ${plain(e.data.consequence)}`}`],
};

// Hearts and Mana as the table counts them
const glance = (ch) =>
  `Hearts ${track("♥", "♡", ch.hearts, ch.hearts_max)} · Mana ${track("◆", "◇", ch.mana, ch.mana_max)}${ch.dead ? " · dead" : ch.downed ? " · down" : ""}${ch.armour ? " · armour ready" : ""}`;

// its enemies and clocks, which event lines name by id
const others = (view) => [...(view.enemies || []), ...(view.clocks || [])];

export default withGlance("stepdice", qualify("stepdice", lines), glance, others);
