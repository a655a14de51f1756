"""What Frontera shows each seat: its visibility rules, views and test records."""
