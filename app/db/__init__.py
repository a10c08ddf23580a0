"""Tables (models.py), engines and sessions (session.py), migrations on start (migrate.py)."""
