"""Benchmarks: `python -m benchmarks.<op>`; each prints a markdown table and writes JSON + PNG."""
