"""Tafelrunde: the web server (FastAPI). Rules live in ``engines``; this package stays thin."""
