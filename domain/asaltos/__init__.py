"""asaltos: a d10 roll-under system with hit locations and wound levels (seed 001)."""
