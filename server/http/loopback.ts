import { BlockList, isIPv4 } from "node:net";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/**
 * Whether an address (Express's `req.ip`, so TRUST_PROXY decides whose
 * address it is) is this machine: 127.0.0.0/8, ::1, or 127.x written as an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1, as a dual-stack socket reports it).
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.toLowerCase().startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIPv4(ipv4)) return loopback.check(ipv4, "ipv4");
  try {
    return loopback.check(address, "ipv6");
  } catch {
    // Not an address at all.
    return false;
  }
}
