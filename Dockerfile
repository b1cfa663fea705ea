# homegame in a container: the server on 0.0.0.0:8000, its database (and its backups) on the
# volume /data, run by a user without privileges. docs/hosting.md, "In a container":
#
#   docker build -t homegame .
#   docker run -d --name homegame -p 127.0.0.1:8000:8000 -v homegame-data:/data homegame
#   docker logs homegame            # the host's link, printed when the host's secret is made
#
# or compose.yaml, with Caddy in front. Debian's python image, slim: no compiler is needed (numpy
# and numba come as wheels).
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /data homegame \
    && mkdir /data \
    && chown homegame:homegame /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install . && rm -rf /app/src

USER homegame
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request as r; sys.exit(r.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"]

ENTRYPOINT ["homegame", "serve"]
CMD ["--host", "0.0.0.0", "--port", "8000", "--db", "/data/homegame.sqlite", "--backup-every", "60", "--backup-dir", "/data/backups"]
