"""How the game looks: the card faces, and a seat's picture of a table that the one table view draws."""
