"""The hub: how "game X reached version N" travels from a commit to the subscribers (the
WebSocket rooms and the bot runner) of this process and, with PostgreSQL, of every other.

It sits below both ``app.services`` (which publishes) and ``app.ws`` (whose rooms
subscribe), and imports neither. ``base`` is the contract, ``memory`` and ``postgres`` the
two hubs, ``choice.make_hub`` picks one from the settings. This file imports nothing, so
each module of the package depends only on the ones below it.
"""
