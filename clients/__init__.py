"""Clients of a Tafelrunde server (network I/O, so outside the pure ``engines``)."""
