"""One module per part of the round: each offers ``check_*`` (raise IllegalAction,
change nothing) and ``apply_*`` (change the state, assuming the check passed)."""
