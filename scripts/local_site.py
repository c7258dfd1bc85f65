"""Serve the built site on loopback and open it in Debian's Chromium (tests and benchmarks)."""

import contextlib
import functools
import gzip
import io
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
# What static hosts (GitHub Pages, Netlify, nginx's gzip_types) compress; images and fonts are already compressed.
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")


class QuietHandler(SimpleHTTPRequestHandler):
    mounts = {}  # URL prefix -> folder served under it instead of the site's

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        for prefix, folder in self.mounts.items():
            if path.startswith(prefix):
                return str(Path(folder, path[len(prefix):].split("?")[0].split("#")[0]))
        return super().translate_path(path)


class GzipHandler(QuietHandler):
    """Answers with gzip where the browser accepts it and the type is text, as a static host does."""

    def send_head(self):
        path = Path(self.translate_path(self.path))
        kind = self.guess_type(str(path))
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not path.is_file() \
                or not kind.startswith(COMPRESSED_TYPES):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser context closed while a file was on its way (a benchmark's cold tab): not an error
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(directory, compress=False, mounts=None):
    """Serve ``directory`` at http://127.0.0.1:<free port>, gzip-compressed if ``compress``, with
    ``mounts`` ({"/prefix/": folder}) served from elsewhere; yields the base URL."""
    handler = type("Handler", (GzipHandler if compress else QuietHandler,), {"mounts": mounts or {}})
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
