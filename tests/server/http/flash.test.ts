import type { Request, Response } from "express";
import { flashLocals, setFlash, takeFlash } from "../../../server/http/flash";

function fakeRequest(session: Record<string, unknown> = {}): Request {
  return { session } as unknown as Request;
}

describe("session flash", () => {
  it("hands a notice over once", () => {
    const req = fakeRequest();
    setFlash(req, { variant: "success", text: "Saved “Macbeth” to your resources." });
    expect(takeFlash(req)).toEqual({ variant: "success", text: "Saved “Macbeth” to your resources." });
    expect(takeFlash(req)).toBeUndefined();
  });

  it("drops anything in the session that is not a notice", () => {
    const req = fakeRequest({ flash: { variant: "danger", text: 3 } });
    expect(takeFlash(req)).toBeUndefined();
    expect(req.session).not.toHaveProperty("flash");
  });

  it("is read only when a template asks, and then only once", () => {
    const req = fakeRequest();
    setFlash(req, { variant: "error", text: "We couldn't save that resource. Please try again." });
    const res = { locals: {} as Record<string, unknown> } as unknown as Response;
    const next = vi.fn();
    flashLocals(req, res, next);
    expect(next).toHaveBeenCalledOnce();
    // Not rendered yet (a redirect on the way): the notice waits in the session.
    expect(req.session).toHaveProperty("flash");
    expect(res.locals.flash).toEqual({ variant: "error", text: "We couldn't save that resource. Please try again." });
    expect(res.locals.flash).toEqual({ variant: "error", text: "We couldn't save that resource. Please try again." });
    expect(req.session).not.toHaveProperty("flash");
  });
});
