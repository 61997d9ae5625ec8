"""ipywidgets components for the tutor. Widgets hold no rules: every decision goes through sheriff.engine."""
