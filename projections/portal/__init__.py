"""What PORTAL shows each seat: its visibility rules, views, figures and character sheets."""
