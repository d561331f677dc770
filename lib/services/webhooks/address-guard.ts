// Where a webhook may be sent. The host is resolved here and the connection is made to the address
// that was checked (pinned), so a DNS answer that changes between the check and the connect cannot
// steer a delivery into the operator's network; every redirect goes through the same check.
import dns from "node:dns/promises";
import net from "node:net";
import { env } from "@/lib/env";
import { isPrivateAddress } from "@/lib/private-address";

export class RefusedTarget extends Error {}

// Link-local stays refused even where private targets are allowed: it holds the cloud metadata
// endpoint (169.254.169.254), which no local receiver needs.
const linkLocal = new net.BlockList();
linkLocal.addSubnet("169.254.0.0", 16, "ipv4");
linkLocal.addSubnet("fe80::", 10, "ipv6");

function isLinkLocal(ip: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4 || net.isIPv4(ip)) return linkLocal.check(v4 ?? ip, "ipv4");
  return linkLocal.check(ip, "ipv6");
}

const allowPrivate = () => env().CHARTER_WEBHOOK_ALLOW_PRIVATE;

/** Why a URL may not be a webhook target by its text alone, or null when it may. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate())) {
    return allowPrivate() ? "must be an http or https URL" : "must be an https URL";
  }
  if (url.username || url.password) return "must not carry credentials";
  return null;
}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The address to connect to for `raw`, after checking the URL and every address its host resolves to. */
export async function resolveTarget(raw: string): Promise<ResolvedTarget> {
  const problem = webhookUrlProblem(raw);
  if (problem) throw new RefusedTarget(`The URL ${problem}`);
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true });
    } catch {
      throw new RefusedTarget(`The host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new RefusedTarget(`The host ${host} does not resolve`);
  const refused = addresses.find((a) => isLinkLocal(a.address) || (!allowPrivate() && isPrivateAddress(a.address)));
  if (refused) {
    throw new RefusedTarget(`The host ${host} resolves to ${refused.address}, a loopback, private or link-local address`);
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
