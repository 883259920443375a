// Scenes: filled in by its issue.
