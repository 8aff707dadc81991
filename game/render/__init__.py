"""Drawing helpers: theme colours, cameras, the static maze layer."""
