"""HTTP routes (thin: validate, delegate to app.services, answer)."""
