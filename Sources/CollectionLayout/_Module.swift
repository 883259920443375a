// CollectionLayout: filled in by its issue.
