"""Hardening tests: one file per finding of the hardening review, plus a fuzz test."""
