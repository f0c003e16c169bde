import { errorsFromFailure } from "../../../../widgets/account-form/failure-errors";
import { HttpError, NetworkError } from "../../../../widgets/lib/http";

const strings = { networkError: "Offline.", signedOut: "Signed out.", unexpectedError: "Broken." };

describe("errorsFromFailure", () => {
  it("uses the server's own errors when it sent them", () => {
    const body = { success: false, errors: { Email: ["Please enter a new email address"] } };
    expect(errorsFromFailure(new HttpError(400, body, "PUT failed"), strings)).toEqual(body.errors);
    const limited = { success: false, errors: { __all__: ["Wait an hour."] } };
    expect(errorsFromFailure(new HttpError(429, limited, "POST failed"), strings)).toEqual(limited.errors);
  });

  it("says what to do when the answer has no errors to show", () => {
    expect(errorsFromFailure(new HttpError(401, undefined, "x"), strings)).toEqual({ __all__: ["Signed out."] });
    expect(errorsFromFailure(new HttpError(502, "<html>Bad gateway</html>", "x"), strings)).toEqual({ __all__: ["Broken."] });
    expect(errorsFromFailure(new HttpError(400, { errors: { a: "not a list" } }, "x"), strings)).toEqual({ __all__: ["Broken."] });
    expect(errorsFromFailure(new NetworkError("down"), strings)).toEqual({ __all__: ["Offline."] });
    expect(errorsFromFailure(new Error("bug"), strings)).toEqual({ __all__: ["Broken."] });
  });
});
