"""Server-side bots: seats created as bots are played by the server."""
