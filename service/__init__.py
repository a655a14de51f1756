"""The HTTP layer: settings, credentials and guards, controllers, problem+json, streams."""
