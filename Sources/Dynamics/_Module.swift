// Dynamics: filled in by its issue.
