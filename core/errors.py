"""Errors of the core: bad input is an InputError, a ValueError; its message names problem and fix."""

from .texts import InputError


class Canceled(Exception):
    """The user canceled a long computation (raised when `is_canceled()` returns True)."""


class ModelFileError(InputError):
    """A file that is not a valid GMM Select model."""
