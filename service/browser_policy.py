"""What a browser may do with what this origin serves: the same headers on every response.

The replay page keeps a seat's credential in `sessionStorage`, where any script of the origin
reads it; so the origin runs its own files only. Its Content-Security-Policy allows scripts,
styles and fetches from the origin alone, no inline script, style attribute or `eval`, no
plug-in, no `<base>`, no form submission (the sign-in form is read by the page's script, never
sent), and no framing (clickjacking); Trusted Types forbid the DOM's HTML sinks
(`innerHTML`, …) that could turn text from the API into markup. The API's JSON answers get
the same headers: a browser that renders one runs nothing either, and sniffs no other type.
The API document is served as JSON (and YAML) only, with no HTML viewer: litestar's viewers
load their scripts from CDNs, unpinned.
"""

from __future__ import annotations

from litestar.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
_RAW = [(name.lower().encode(), value.encode()) for name, value in HEADERS.items()]


def with_browser_policy(app: ASGIApp) -> ASGIApp:
    """`app`, whose every HTTP response (a page, the API's, an error, a stream) carries
    `HEADERS`."""

    async def handle(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *_RAW]}
            await send(message)

        await app(scope, receive, send_with_headers)

    return handle
