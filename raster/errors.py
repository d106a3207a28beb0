"""Errors of the data layer: bad input (DataError); a cancel raises the core's Canceled."""

from ..core import Canceled
from ..core.texts import InputError

__all__ = ["Canceled", "DataError", "check_canceled"]


class DataError(InputError):
    """Bad input: the message names the file, the numbers that do not fit, and the fix."""


def check_canceled(is_canceled):
    """Raise Canceled when the `is_canceled` callback (or None) says so."""
    if is_canceled is not None and is_canceled():
        raise Canceled("canceled by the user")
