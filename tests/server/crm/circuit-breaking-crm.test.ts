import { once } from "node:events";
import request from "supertest";
import { CRM_UNAVAILABLE_MESSAGE, CrmUnavailableError, createCircuitBreakingCrm, type CrmBreakerOptions } from "../../../server/crm/circuit-breaking-crm";
import type { Country, CrmPort } from "../../../server/crm/crm-port";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * The circuit breaker around the CRM port (docs/faults.md, "A slow CRM").
 * The CRMs here are test doubles at the edge: each method of the port
 * answers as the test says (hangs, fails, or answers), and counts its calls.
 */

type Behaviour = "hang" | "fail" | "answer" | "refuse";

/** A stand-in CRM: every method behaves as `behaviour` says at the time of the call. */
class StandInCrm {
  calls = 0;
  behaviour: Behaviour = "answer";
  readonly answer: Country[] = [{ Id: 209, Description: "United Kingdom" }];

  /** How long a report takes; undefined: it never answers. */
  reportMs: number | undefined = 0;
  reports = 0;

  // Methods on the prototype, as a class-based (remote) adapter would have them.
  /** A report (it reads every membership): answers after reportMs. */
  membershipFigures(): Promise<{ members: number }> {
    this.reports++;
    const { reportMs } = this;
    return reportMs === undefined ? new Promise(() => {}) : new Promise((resolve) => setTimeout(() => resolve({ members: 3 }), reportMs));
  }

  countries(): Promise<Country[]> {
    this.calls++;
    switch (this.behaviour) {
      case "hang":
        return new Promise(() => {});
      case "fail":
        return Promise.reject(new Error("CRM answered 502"));
      case "refuse":
        // A remote CRM's client error for a 4xx answer, as an HTTP client library raises it.
        return Promise.reject(Object.assign(new Error("No such record."), { status: 404 }));
      case "answer":
        return Promise.resolve(this.answer);
    }
  }
}

/** The stand-in behind the port's type: the methods under test are countries() and a report, membershipFigures(); the others are never called here. */
function asPort(standIn: StandInCrm): CrmPort {
  return new Proxy(standIn, {
    get: (target, name) =>
      name === "countries" || name === "membershipFigures" ? target[name].bind(target) : () => Promise.reject(new Error(`${String(name)} not expected`)),
  }) as unknown as CrmPort;
}

const options: CrmBreakerOptions = { timeoutMs: 50, errorThresholdPercent: 50, minimumCalls: 3, resetTimeoutMs: 100 };

describe("the circuit-breaking CRM", () => {
  it("ends a call to a CRM that does not answer at the timeout, with CrmUnavailableError (a 503 with Retry-After)", async () => {
    const standIn = new StandInCrm();
    standIn.behaviour = "hang";
    const { crm } = createCircuitBreakingCrm(asPort(standIn), { ...options, resetTimeoutMs: 30_000 });
    const error = await crm.countries().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error).toMatchObject({ retryAfterSeconds: 30, message: CRM_UNAVAILABLE_MESSAGE });
  });

  it("opens after repeated failures: calls then fail at once without reaching the CRM; after the reset timeout one call is tried and closes it", async () => {
    const standIn = new StandInCrm();
    standIn.behaviour = "fail";
    const { crm, breaker } = createCircuitBreakingCrm(asPort(standIn), options);
    for (let attempt = 0; attempt < options.minimumCalls; attempt++) {
      // The CRM's own failure passes through while the breaker is closed.
      await expect(crm.countries()).rejects.toThrow("CRM answered 502");
    }
    expect(breaker.opened).toBe(true);

    const halfOpen = once(breaker, "halfOpen");
    const reached = standIn.calls;
    await expect(crm.countries()).rejects.toBeInstanceOf(CrmUnavailableError);
    expect(standIn.calls).toBe(reached);

    // The reset timeout lets one call through; it succeeds, so the breaker closes and calls flow again.
    await halfOpen;
    standIn.behaviour = "answer";
    await expect(crm.countries()).resolves.toEqual(standIn.answer);
    expect(breaker.closed).toBe(true);
    await expect(crm.countries()).resolves.toEqual(standIn.answer);
    expect(standIn.calls).toBe(reached + 2);
  });

  it("gives a report (it reads every membership) its own, longer timeout: past the ordinary one it still answers; past its own it fails", async () => {
    const standIn = new StandInCrm();
    const { crm, reportBreaker } = createCircuitBreakingCrm(asPort(standIn), { ...options, reportTimeoutMs: 5_000 });
    standIn.reportMs = options.timeoutMs * 4;
    const at = new Date();
    await expect(crm.membershipFigures(at, at)).resolves.toEqual({ members: 3 });

    const { crm: strict } = createCircuitBreakingCrm(asPort(standIn), { ...options, reportTimeoutMs: 100 });
    standIn.reportMs = undefined;
    await expect(strict.membershipFigures(at, at)).rejects.toBeInstanceOf(CrmUnavailableError);
    expect(reportBreaker.closed).toBe(true);
  });

  it("fails a report at once, without reaching the CRM, while the breaker is open", async () => {
    const standIn = new StandInCrm();
    standIn.behaviour = "fail";
    const { crm, breaker } = createCircuitBreakingCrm(asPort(standIn), { ...options, resetTimeoutMs: 30_000, reportTimeoutMs: 5_000 });
    for (let attempt = 0; attempt < options.minimumCalls; attempt++) await expect(crm.countries()).rejects.toThrow("CRM answered 502");
    expect(breaker.opened).toBe(true);
    const at = new Date();
    await expect(crm.membershipFigures(at, at)).rejects.toBeInstanceOf(CrmUnavailableError);
    expect(standIn.reports).toBe(0);
  });

  it("does not count a refusal (an error carrying a status below 500, a remote CRM's 404) as the CRM failing", async () => {
    const standIn = new StandInCrm();
    standIn.behaviour = "refuse";
    const { crm, breaker } = createCircuitBreakingCrm(asPort(standIn), options);
    for (let attempt = 0; attempt < options.minimumCalls * 2; attempt++) {
      await expect(crm.countries()).rejects.toMatchObject({ status: 404 });
    }
    expect(breaker.closed).toBe(true);
  });
});

describe("a slow CRM behind the app", () => {
  let t: TestApp;
  const standIn = new StandInCrm();

  beforeAll(async () => {
    standIn.behaviour = "hang";
    t = await createTestApp({ crm: asPort(standIn), env: { CRM_TIMEOUT_MS: "200", CRM_BREAKER_RESET_MS: "60000" } });
  });
  afterAll(() => t.close());

  it("cannot hang a request: it ends at the CRM timeout with a friendly 503 and Retry-After, JSON or page", async () => {
    const json = await request(t.app).get("/account/countries/").set("Accept", "application/json");
    expect(json.status).toBe(503);
    expect(json.headers["retry-after"]).toBe("60");
    expect(json.body).toEqual({ success: false, errors: { __all__: [CRM_UNAVAILABLE_MESSAGE] } });

    const page = await request(t.app).get("/account/countries/").set("Accept", "text/html");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("60");
    expect(page.text).toContain("Membership records are unavailable for a moment");
    expect(page.text).toContain("Wait a minute, then try again.");
  });
});
