"""The rules engine: cards, rule sets, the bowers, tricks, actions, a hand's phases, scoring, a game to 10."""
