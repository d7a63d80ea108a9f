// Is a host name or an Origin this machine's own? The standalone server uses it to refuse control
// requests that a web page on another site makes through the developer's browser, and the CLI to
// warn when the server is bound where other machines can reach it.

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
