"""Every asaltos command handler, gathered from the modules that hold them.

A handler validates everything first, rolls, records the dice, then triggers the events
derived from them: a refused command leaves nothing behind. A command that rolls answers
with the roll's number (None when the rules needed no die): what the caller may see of the
dice and their outcome it reads in the log."""

from __future__ import annotations

from typing import Any

from domain.asaltos import checks, combat_round, harm, recovery
from domain.asaltos import commands as cmd

HANDLERS: dict[type, Any] = {
    cmd.CreateCharacter: checks.create_character,
    cmd.Check: checks.make_check,
    cmd.OpposedCheck: checks.opposed_check,
    cmd.StartCombat: combat_round.start_combat,
    cmd.StartRound: combat_round.start_round,
    cmd.DeclareActions: combat_round.declare_actions,
    cmd.TakeAim: combat_round.take_aim,
    cmd.StartTanda: combat_round.start_tanda,
    cmd.PassActions: combat_round.pass_actions,
    cmd.Move: combat_round.move,
    cmd.Attack: combat_round.attack,
    cmd.EndCombat: combat_round.end_combat,
    cmd.RollDamage: harm.roll_damage,
    cmd.InflictWound: harm.inflict_wound,
    cmd.PainRoll: harm.pain_roll,
    cmd.MedicineRoll: harm.medicine_roll,
    cmd.AdvanceTime: recovery.advance_time,
    cmd.InterruptRest: recovery.interrupt_rest,
    cmd.ClearCondition: recovery.clear_condition,
    cmd.TakeUpWeapon: recovery.take_up_weapon,
}
