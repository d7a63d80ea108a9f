// Which hosts the standalone server answers (mock README, "Host check"): a page on another site must
// not reach the mock through the developer's browser, by a cross-site request (the Origin check) or
// by DNS rebinding (the Host check: a rebinding domain still sends its own name as Host).

/** localhost, *.localhost, 127.0.0.0/8 and ::1 (bracketed or not). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return v4?.slice(1).every((part) => Number(part) <= 255) ?? false;
}

/** An Origin header value (`scheme://host[:port]`) whose host is a loopback host. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/**
 * The host name of a Host header value (`name:port`, `[v6]:port`) as the URL parser writes it (lower
 * case, IPv6 compressed, IPv4 in dotted decimal), without brackets or a final dot (`app.test.` is
 * `app.test`); null if malformed.
 */
export function hostName(header: string): string | null {
  try {
    return new URL(`http://${header}`).hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** An allowed host (bare, or an IPv6 address with or without brackets) in hostName's form. */
function allowedName(name: string): string | null {
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  return hostName(bare.includes(':') ? `[${bare}]` : bare);
}

/**
 * Whether a request with this Host header is answered: loopback names, the address the server is
 * bound to, and the allowed hosts; `all` turns the check off. A request without Host (HTTP/1.0) is
 * answered: a browser always sends one.
 */
export function createHostCheck(
  boundAddress: string,
  allowed: readonly string[] | 'all',
): (header: string | undefined) => boolean {
  if (allowed === 'all') return () => true;
  // Compared in one form: `[2001:DB8:0::1]`, `192.168.001.010` or `app.test.` given at the start
  // matched no Host header, which the URL parser writes otherwise.
  const names = new Set([boundAddress, ...allowed].map(allowedName));
  // Clients send the same few Host values over and over: each is parsed once (a URL parse per request
  // was a visible part of a small answer's cost). Bounded, so a client sending ever new values only
  // makes the memo start over.
  const seen = new Map<string, boolean>();
  return (header) => {
    if (header === undefined) return true;
    let verdict = seen.get(header);
    if (verdict === undefined) {
      const name = hostName(header);
      verdict = name !== null && (isLoopbackHost(name) || names.has(name));
      if (seen.size >= HOST_MEMO_LIMIT) seen.clear();
      seen.set(header, verdict);
    }
    return verdict;
  };
}

/** How many distinct Host values a server remembers its verdict on. */
const HOST_MEMO_LIMIT = 64;

/**
 * An allowed host is a bare host name or IP address, as a Host header names it: no scheme, port,
 * path or user (`https://x.test` or `x.test:8080` would never match). Throws a TypeError saying so.
 */
export function checkAllowedHost(name: string): string {
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  const ipv6 = bare.includes(':') && /^[0-9a-f:.]+$/i.test(bare);
  const hostname = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i;
  if (name !== '' && (ipv6 || hostname.test(bare)) && hostName(ipv6 ? `[${bare}]` : bare) !== null)
    return name;
  throw new TypeError(
    `allowed host "${name}" is not a host name or IP address: give the bare name, e.g. "app.test" (no scheme, port or path)`,
  );
}
