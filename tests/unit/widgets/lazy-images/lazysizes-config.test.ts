import { lazySizesConfigFor, lazySizesSettings } from "../../../../widgets/lazy-images/lazysizes-config";

describe("lazySizes settings", () => {
  it("are the spec's: minimum size 40 and a 125 ms throttle", () => {
    expect(lazySizesSettings).toEqual({ minSize: 40, throttleDelay: 125 });
  });

  it("start from nothing when the page set no config", () => {
    expect(lazySizesConfigFor(undefined)).toEqual({ minSize: 40, throttleDelay: 125 });
  });

  it("keep the page's other lazysizes settings, with the spec's values winning", () => {
    const config = lazySizesConfigFor({ expand: 600, minSize: 10, loadMode: 1 });
    expect(config).toEqual({ expand: 600, loadMode: 1, minSize: 40, throttleDelay: 125 });
  });
});
