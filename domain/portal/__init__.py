"""PORTAL (seed 002): a d6 pool of Basic, Discomfort, Wound and Luck dice, read by keeping one
basic die. The pure rules (the sheet, the reading of a rolled pool, rerolls, luck, character
points, damage absorption, advanced resolution and the initial combat roll) and the table's
part of them: state, commands, events and their handlers (`system.PORTAL`).

Citations: `[002:L]` is the book (seed 002, which wins over the digest where they disagree),
`§2.x` the digest `dice_systems.md` and its Errata.
"""
