"""stepdice: step dice d6…d20 against target numbers, Hearts and Mana, and a solo-d6 variant
(seed 003; digest `../shared/rules/dice_systems.md` §3 and its errata)."""
