"""FATE (seed 004): Spirit of the Century's 4dF on the adjective ladder. The pure rules only
(issue 23, first step): the ladder and the roll, the sheet, invocations and the fate-point
economy, stress and consequences, temporary and hidden aspects, and conflict helpers. No
commands, events or handlers yet: a later step wires them into the table.

Citations: `[004:L]` is the book (seed 004, which wins over the digest where they disagree),
`§4.x` the digest `dice_systems.md` and its Errata.
"""
