"""The WebSocket transport: the endpoint (one connection) and the rooms (this process's
connections to one game). What changed reaches the rooms through ``app.hub``."""
