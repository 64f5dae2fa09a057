"""Hostile submissions and the harness that grades them through the real `make grade` path (tests/test_attacks.py)."""
