"""Errors an engine raises at its edge."""


class IllegalAction(Exception):
    """An action was refused; the state is unchanged.

    ``code`` is a stable machine-readable reason (for API clients and tests),
    ``message`` a sentence a player understands: which rule, which piece.
    The message never names anything the acting seat may not see.
    """

    def __init__(self, message: str, code: str = "illegal_action") -> None:
        super().__init__(message)
        self.message = message
        self.code = code

    def __repr__(self) -> str:
        return f"IllegalAction({self.message!r}, code={self.code!r})"
