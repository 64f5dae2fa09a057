"""Grading logic that the hidden tests of each assignment call. Never released to students.

One module per assignment (`ps1_memory`, `ps2_ddp`, ...), each exposing `check_*` functions that
raise AssertionError with a message naming the mistake in the student's words.
"""
