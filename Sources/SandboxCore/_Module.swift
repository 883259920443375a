// SandboxCore: filled in by its issue.
