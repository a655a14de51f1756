"""`python -m service`: serve the API with uvicorn on the configured host and port."""

import uvicorn

from service.app import create_app
from service.settings import Settings

settings = Settings.from_env()
uvicorn.run(create_app(settings), host=settings.host, port=settings.port)
