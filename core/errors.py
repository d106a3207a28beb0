"""Errors of the core: bad input is a ValueError (its message names the problem and the fix)."""


class Canceled(Exception):
    """The user canceled a long computation (raised when `is_canceled()` returns True)."""


class ModelFileError(ValueError):
    """A file that is not a valid GMM Select model."""
