"""What FATE shows each seat: its visibility rules, views and figures."""
