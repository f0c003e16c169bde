import { readPasswordChange } from "../../../../server/accounts/password-change-rules";
import { PASSWORD_RULE_MESSAGE } from "../../../../contracts/rules/password-policy";

/* Pure rules of PUT /account/update-password/ (server/accounts/password-change-rules.ts). */
describe("readPasswordChange", () => {
  const common = new Set(["password", "letmein"]);
  const good = "Curtain-call-42?";

  it("takes both passwords exactly as typed", () => {
    expect(readPasswordChange({ Password: " old one ", NewPassword: ` ${good} ` }, common)).toEqual({
      change: { currentPassword: " old one ", newPassword: ` ${good} ` },
    });
  });

  it("asks for both passwords", () => {
    expect(readPasswordChange({}, common).problems).toEqual({
      Password: ["Enter your current password"],
      NewPassword: ["Enter a new password"],
    });
  });

  it("applies the password rule and the common-password list", () => {
    expect(readPasswordChange({ Password: "x", NewPassword: "alllowercase1!" }, common).problems).toEqual({ NewPassword: [PASSWORD_RULE_MESSAGE] });
    expect(readPasswordChange({ Password: "x", NewPassword: "Letmein1!" }, common).problems?.NewPassword?.[0]).toMatch(/too easy to guess/);
  });

  it("refuses the current password as the new one", () => {
    expect(readPasswordChange({ Password: good, NewPassword: good }, common).problems).toEqual({
      NewPassword: ["Your new password must be different from your current password"],
    });
  });

  it('checks ConfirmPassword only when it is sent: "Passwords do not match"', () => {
    expect(readPasswordChange({ Password: "x", NewPassword: good, ConfirmPassword: `${good}x` }, common).problems).toEqual({
      ConfirmPassword: ["Passwords do not match"],
    });
    expect(readPasswordChange({ Password: "x", NewPassword: good, ConfirmPassword: "" }, common).problems).toEqual({
      ConfirmPassword: ["Passwords do not match"],
    });
    expect(readPasswordChange({ Password: "x", NewPassword: good, ConfirmPassword: good }, common).change).toBeDefined();
  });
});
