"""Kernels: one folder per op (config, pure-JAX reference / XLA path, Mosaic GPU kernels)."""
