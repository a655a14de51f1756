"""What stepdice shows each seat: its visibility rules, views and character sheets."""
