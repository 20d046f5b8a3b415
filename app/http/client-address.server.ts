// The key that rate limits and login throttling count a visitor under. One person holds one IPv4
// address but usually a whole IPv6 /64 (a home or phone network is given one, and devices pick new
// addresses in it all the time), so counting per IPv6 address would hand an attacker 2^64 fresh
// counters. IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address it carries.

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address in any textual form (RFC 4291 2.2), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase();
  // An embedded IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
  const tail: number[] = [];
  const lastColon = address.lastIndexOf(":");
  const last = address.slice(lastColon + 1);
  if (last.includes(".")) {
    if (!IPV4.test(last)) return null;
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    address = address.slice(0, lastColon + 1);
    if (!address.endsWith("::")) address = address.slice(0, -1);
  }

  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (![...head, ...rest].every((group) => HEX_GROUP.test(group))) return null;
  const wanted = 8 - tail.length;
  const written = head.length + rest.length;
  // "::" stands for at least one group of zeros.
  if (halves.length === 2 ? written >= wanted : written !== wanted) return null;
  const zeros = new Array<number>(wanted - written).fill(0);
  const hex = (group: string) => Number.parseInt(group, 16);
  return [...head.map(hex), ...zeros, ...rest.map(hex), ...tail];
}

/**
 * The rate-limit key for an address as Cloudflare reports it: an IPv4 address as it is, an
 * IPv4-mapped IPv6 address as its IPv4 address, any other IPv6 address as its /64 in one
 * canonical form (lower case, no leading zeros), whatever way it was written.
 */
export function clientKeyOf(address: string): string {
  const text = address.trim();
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text.replace(/%.*$/, ""));
  if (!groups) return `unparsed:${text.slice(0, 64)}`;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The visitor's rate-limit key (see clientKeyOf); "local" when no address is reported (tests, dev). */
export function clientKey(request: Request): string {
  const address = request.headers.get("CF-Connecting-IP");
  return address ? clientKeyOf(address) : "local";
}
