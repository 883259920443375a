// SDLPlatform: filled in by its issue.
