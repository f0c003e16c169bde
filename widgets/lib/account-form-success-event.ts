/**
 * Dispatched (bubbling, cancelable) on an account-form widget's root after a
 * successful answer. A container that shows the notice itself (the
 * change-email dialog, which closes) calls preventDefault(), and the form
 * then shows none. It lives in lib because it is the contract between those
 * two widgets, which never import each other.
 */
export const ACCOUNT_FORM_SUCCESS_EVENT = "account-form:success";

export interface AccountFormSuccessDetail {
  /** The success notice, e.g. "Email updated successfully!". */
  message: string;
  /** The server's answer. */
  response: unknown;
}

/** Returns true when no listener took the notice over. */
export function announceSuccess(root: HTMLElement, detail: AccountFormSuccessDetail): boolean {
  const event = new CustomEvent<AccountFormSuccessDetail>(ACCOUNT_FORM_SUCCESS_EVENT, { bubbles: true, cancelable: true, detail });
  return root.dispatchEvent(event);
}
