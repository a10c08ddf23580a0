"""The service layer: load → replay → apply → write. Routes, WebSockets and bots call it."""
