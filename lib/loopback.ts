// Loopback addresses: reachable only from the machine itself. Pure, for the browser and the server.

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A URL's host name (as URL.hostname spells it) is this machine's own. */
export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname.toLowerCase());
}

/** A link that only a browser or program on this machine can open. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
