"""Frontera, the card-driven western: cards, characters, tests and the table's card zones."""
