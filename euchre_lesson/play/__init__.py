"""Playing on the engine: the bit layout, the exact solver, fast playouts, computer players, advice, the session."""
