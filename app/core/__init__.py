"""Settings, errors and security helpers shared by the whole app."""
