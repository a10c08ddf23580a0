"""Live updates: the hub (commit → local subscribers) and the WebSocket endpoint."""
