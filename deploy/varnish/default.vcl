# Varnish 7 with varnish-modules' xkey in front of the app (README, Deployment: CDN and caching
# proxies). The app runs with CDN=varnish and CDN_PURGE_URL=http://<this varnish>:<port>. Its
# public pages say how long Varnish may keep them (s-maxage) and what they show (the xkey header);
# on each change the app sends `PURGE` with `xkey-purge: <tags>`, and those pages go at once.
vcl 4.1;

import std;
import xkey;

# The app. Health-checked, so Varnish knows when it is down and serves its pages stale (grace).
backend app {
  .host = "127.0.0.1";
  .port = "3000";
  .probe = {
    .url = "/api/health";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
  }
}

# Only the app may purge: the addresses it sends PURGE from.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-purge) {
      set req.http.n-gone = xkey.purge(req.http.xkey-purge);
      return (synth(200, "Purged " + req.http.n-gone));
    }
    return (synth(400, "xkey-purge header missing"));
  }
  # The API and the admin app carry sessions and are never cached; nor is a form's post. An
  # administrator's preview lives under /admin (/admin/preview/<site path>): it goes to the app
  # and back, never stored (the app also says private, no-store).
  if (req.url ~ "^/(api|admin)(/|\?|$)" || (req.method != "GET" && req.method != "HEAD")) {
    return (pass);
  }
  # A visitor's address answers the visitors' page whoever asks (a session cookie changes nothing
  # there): the same for all, so no cookie reaches the app.
  unset req.http.Cookie;
  unset req.http.Authorization;
  # Past its time, a page is served while a fresh copy is fetched in the background: for 5 minutes
  # while the app answers (stale-while-revalidate), for a day while it is down (stale-if-error).
  if (std.healthy(req.backend_hint)) {
    set req.grace = 300s;
  }
  return (hash);
}

sub vcl_hash {
  # The path and query only: Host is the site's one name (the app writes PUBLIC_URL's links).
  hash_data(req.url);
  return (lookup);
}

sub vcl_backend_response {
  # A reply that sets a cookie, or says private/no-store, is never kept (the app sends none on its public pages).
  if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "private|no-store") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # stale-if-error: kept a day past its time, served while the app is down (req.grace in vcl_recv).
  set beresp.grace = 1d;
  return (deliver);
}

sub vcl_deliver {
  # The tags are for this cache; browsers need none of them.
  unset resp.http.xkey;
  unset resp.http.Cache-Tag;
  unset resp.http.Surrogate-Key;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
