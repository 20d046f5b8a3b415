import { describe, expect, it } from "vitest";
import { clientKeyOf } from "~/http/client-address.server";
import { postJson, rateLimiterAllowing } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import { apiLogin, createStaffUser } from "../support/staff";

// Rate limits and login throttling count per client: an IPv4 address, or an IPv6 /64 (what one
// home or phone network holds), whatever way the address is written.

describe("the client key of an address", () => {
  it("is an IPv4 address as it is", () => {
    expect(clientKeyOf("198.51.100.7")).toBe("198.51.100.7");
  });

  it("is the IPv4 address inside an IPv4-mapped IPv6 address, however it is written", () => {
    for (const mapped of [
      "::ffff:198.51.100.7",
      "::FFFF:198.51.100.7",
      "0:0:0:0:0:ffff:c633:6407",
      "::ffff:C633:6407",
    ]) {
      expect(clientKeyOf(mapped), mapped).toBe("198.51.100.7");
    }
  });

  it("is the /64 of an IPv6 address, the same for every address in it", () => {
    const key = clientKeyOf("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const sameNetwork of [
      "2001:db8:1:2:abcd:ef01:2345:6789",
      "2001:0DB8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2::FFFF",
      "2001:db8:1:2:0:0:0:2",
      "2001:db8:1:2::192.0.2.1",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect(clientKeyOf(sameNetwork), sameNetwork).toBe(key);
    }
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps something unparseable apart from every real address", () => {
    for (const junk of ["", "not an address", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1"]) {
      expect(clientKeyOf(junk), junk).toMatch(/^unparsed:/);
    }
  });
});

describe("limits counted per client", () => {
  /** A sender of contact messages as a given client, under a limiter of its own that lets each client send one. */
  const oneMessagePerClient = () => {
    const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(1) };
    return (client: string) =>
      postJson("/api/contact", { ...validContact(), email: uniqueEmail() }, { client, bindings });
  };

  it("count two addresses of one IPv6 /64 as one client for submissions", async () => {
    const send = oneMessagePerClient();
    expect((await send("2001:db8:77:1::1")).status).toBe(201);
    expect((await send("2001:db8:77:1:ffff::2")).status).toBe(429);
    expect((await send("2001:db8:77:2::1")).status).toBe(201);
  });

  it("count an IPv4 address and its IPv4-mapped IPv6 form as one client", async () => {
    const send = oneMessagePerClient();
    expect((await send("::ffff:203.0.113.50")).status).toBe(201);
    expect((await send("203.0.113.50")).status).toBe(429);
  });

  it("count login attempts from across one /64 together", async () => {
    await createStaffUser("rotating", "a long enough staff password");
    for (let host = 1; host <= 5; host++) {
      expect((await apiLogin("rotating", `wrong guess ${host}`, { client: `2001:db8:88:1::${host}` })).status).toBe(
        401,
      );
    }
    expect((await apiLogin("rotating", "wrong guess 6", { client: "2001:db8:88:1::6" })).status).toBe(429);
  });
});
