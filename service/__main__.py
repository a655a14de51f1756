"""`python -m service`: prepare the deployment, then serve the API with uvicorn on the
configured host and port."""

import uvicorn

from service import prepare
from service.app import create_app
from service.settings import Settings

prepare.main()  # the server key and the store: the app never creates PostgreSQL's tables
settings = Settings.from_env()
uvicorn.run(create_app(settings), host=settings.host, port=settings.port)
