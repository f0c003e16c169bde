import { describe, expect, it } from "vitest";
import { comesBefore, isAccessLogged, requestPipeline } from "../../../server/http/pipeline";

describe("the request pipeline's declared order", () => {
  it("names each layer once", () => {
    const names = requestPipeline.map((layer) => layer.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("logs what comes after the access log and nothing before it", () => {
    expect(isAccessLogged("health-probes")).toBe(false);
    expect(isAccessLogged("link-handoffs")).toBe(false);
    expect(isAccessLogged("kept-search-answers")).toBe(false);
    expect(isAccessLogged("page-cache")).toBe(true);
    expect(isAccessLogged("feature-routes")).toBe(true);
  });

  it("keeps the order the site's answers depend on", () => {
    expect(requestPipeline[0].name).toBe("security-headers");
    expect(comesBefore("no-store-for-personal", "sessions")).toBe(true);
    expect(comesBefore("kept-search-answers", "compression")).toBe(true);
    expect(comesBefore("payment-notifications", "csrf")).toBe(true);
    expect(comesBefore("page-cache", "seo")).toBe(true);
    expect(comesBefore("body-parsers", "csrf")).toBe(true);
    expect(requestPipeline.at(-1)?.name).toBe("error-handler");
  });
});
