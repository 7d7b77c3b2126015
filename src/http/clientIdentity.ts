// Who a request comes from: its client IP (socket, or X-Forwarded-For behind a trusted proxy) and whether its
// Origin/Referer host is one of the whitelisted site domains.

/**
 * The client IP: the socket address, or with a trusted proxy the right-most X-Forwarded-For entry (the address
 * our own proxy saw; entries further left are whatever the client claimed).
 * @example clientIp('10.0.0.2', '198.51.100.4, 203.0.113.9', true) // '203.0.113.9'
 */
export function clientIp(socketAddress: string, forwardedFor: string, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    const hops = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean);
    if (hops.length > 0) return hops[hops.length - 1];
  }
  return socketAddress;
}

/**
 * Whether the Origin (or, without it, the Referer) host is a whitelisted domain or a subdomain of one.
 * @example isWhitelisted('https://app.example.org', '', ['example.org']) // true
 */
export function isWhitelisted(origin: string, referer: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return false;
  const host = hostOf(origin) ?? hostOf(referer);
  if (!host) return false;
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

function hostOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
