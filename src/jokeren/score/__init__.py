"""Score cards of matches played with real cards, and their exports."""
