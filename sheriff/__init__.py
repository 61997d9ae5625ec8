"""Sheriff of Nottingham rules tutor: a pure rules engine for both editions and every official variant."""
