import { isLoopbackAddress } from "../../../server/http/loopback";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.2"])("counts %s as this machine", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(["203.0.113.7", "10.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "::", "0.0.0.0", "localhost", "", undefined])(
    "does not count %s",
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );
});
