"""The book's worked combat turn [L1132-L1207] as data, for the domain and the HTTP tests.

Djamal (hands 6, quick shot, toughness 6) and Coyote Sonriente (senses 4, aim, toughness 8)
against three henchmen (toughness 5, 3 cards each, total cover +2) at medium range. Cards are
listed in the order each draws them, henchmen first, as the book deals them.

One deviation, the book contradicting itself: Coyote hits henchman 3 "with his 9♠" using
Senses (Aim), whose suit is ♣; by the rule [L918] a ♠ misses an aimed shot. The book's
outcome (hit, 4 levels, henchman 3 dies) is what a 9♣ gives, so the script deals Coyote a
9♣ of the second deck in place of his 9♠; `test_coyotes_literal_nine_of_spades_misses`
plays the literal card and shows the rule.
"""

from __future__ import annotations

from typing import Any

HENCHMAN_1 = ["d0:QC", "d0:6S", "d0:9C"]
HENCHMAN_2 = ["d0:8H", "d0:2H", "d0:AC"]
HENCHMAN_3 = ["d0:3C", "d0:KC", "d0:4S"]
DJAMAL = ["d0:6C", "d0:5C", "d0:9H", "d0:5D", "d0:7S", "d0:6H", "d0:JS", "d0:QS"]
COYOTE_AS_PRINTED = ["d0:9S", "d0:JH", "d0:9D", "d0:3S", "d0:KD", "d0:5H"]
COYOTE = ["d1:9C", *COYOTE_AS_PRINTED[1:]]


def book_options(coyote: list[str] = COYOTE) -> dict[str, Any]:
    return {
        "mode": "no_management",
        "decks": 2,
        "scripted_order": HENCHMAN_1 + HENCHMAN_2 + HENCHMAN_3 + DJAMAL + coyote,
    }


DJAMAL_SHEET: dict[str, Any] = {
    "name": "Djamal",
    "traits": {"hands": 6, "senses": 2, "muscle": 2, "head": 2},
    "skills": ["quick_shot", "agility", "perception", "cunning"],
}
COYOTE_SHEET: dict[str, Any] = {
    "name": "Coyote Sonriente",
    "traits": {"hands": 2, "senses": 4, "muscle": 4, "head": 2},
    "skills": ["aim", "agility", "perception", "knowledge"],
    # his bow [L1172], bought with his starting dollars (the book's prices are not in the source)
    "purchases": [{"item": "bow", "price": 10}],
}


def henchman_sheet(number: int) -> dict[str, Any]:
    return {
        "name": f"Henchman {number}",
        "kind": "henchman",
        "traits": {"hands": 1, "senses": 1, "muscle": 1, "head": 1},
        "skills": ["quick_shot"],
        "fixed_draw": 3,
    }


#: characters by id once created in this order: c1 Djamal, c2 Coyote, c3-c5 henchmen 1-3
COMBAT: dict[str, Any] = {
    "combatants": [
        {"character": "c1"},
        {"character": "c2"},
        {"character": "c3", "cover": "total"},
        {"character": "c4", "cover": "total"},
        {"character": "c5", "cover": "total"},
    ],
    "range": "medium",
}

#: (character, declaration) in the order the book announces them, the Mayor's first
DECLARATIONS: list[tuple[str, dict[str, Any]]] = [
    (
        "c3",
        {"action": "attack", "technique": "quick_shot", "weapon": "rifle", "targets": ["c2"]},
    ),
    (
        "c4",
        {"action": "attack", "technique": "quick_shot", "weapon": "rifle", "targets": ["c1"]},
    ),
    (
        "c5",
        {"action": "attack", "technique": "quick_shot", "weapon": "rifle", "targets": ["c1"]},
    ),
    (
        "c1",
        {
            "action": "attack",
            "technique": "quick_shot",
            "weapon": "revolver",
            "targets": ["c3", "c4"],
            "move": "adjacent",
        },
    ),
    (
        "c2",
        {
            "action": "attack",
            "technique": "aim",
            "weapon": "bow",
            "targets": ["c5"],
            "move": "adjacent",
        },
    ),
]

#: each character's secret choice: card -> target
CHOICES: dict[str, dict[str, str]] = {
    "c3": {"d0:6S": "c2"},
    "c4": {"d0:AC": "c1"},
    "c5": {"d0:4S": "c1"},
    "c1": {"d0:QS": "c3", "d0:JS": "c3", "d0:7S": "c4", "d0:5C": "c4"},
    "c2": {"d1:9C": "c5"},
}

#: (attacker, card, target, hit, health levels lost) as the book tells the turn
BOOK_ATTACKS = [
    ("c3", "d0:6S", "c2", True, 0),
    ("c4", "d0:AC", "c1", False, 0),
    ("c5", "d0:4S", "c1", True, 0),
    ("c1", "d0:QS", "c3", True, 2),  # 2 + 2: "the full damage, 4 levels"
    ("c1", "d0:JS", "c3", True, 2),
    ("c1", "d0:7S", "c4", True, 0),
    ("c1", "d0:5C", "c4", False, 0),
    ("c2", "d1:9C", "c5", True, 4),
]

#: health after the turn: henchmen 1 and 3 dead, henchman 2 and both heroes unhurt
BOOK_HEALTH = {"c1": 0, "c2": 0, "c3": -4, "c4": 0, "c5": -4}
