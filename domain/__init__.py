"""Pure game logic: tables, seats, cards, rule systems and their events.

Nothing here reads the environment, the clock or a socket; the application in
`domain.application` is the one door to storage and is configured from outside.
"""
