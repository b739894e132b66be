"""The app as it serves phones: nginx (with its nchan module) in front, Django on gunicorn's
sync workers behind (`python -m scorekeeper.server`, which `./dev start` runs).

Why these two: every connection that waits (an open page's stream, a slow phone's body or
answer) is held by nginx, built for tens of thousands of them; Django only ever answers a
whole request in a worker of its own, inside its full request cycle. nchan (a Debian
package, `libnginx-mod-nchan`) holds the streams inside the reverse proxy the deployment
needs anyway, so there is one server to run, configure and limit, not two.
"""
